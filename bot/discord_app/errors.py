"""Turning refusals from the layers below into localised sentences for Discord.

Scoring problems and game-service errors arrive as codes with parameters; this module picks the
catalog message, shows user ids as mentions and times as Discord timestamps, and never lets an
unknown code become a traceback (it falls back to a generic refusal and logs the code).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from bot.games import GameError
from bot.i18n import has_message, translate
from bot.i18n.problems import render_problems
from bot.scoring import ScoringError, load_variant

log = logging.getLogger(__name__)


def mention(user_id: int) -> str:
    return f"<@{user_id}>" if user_id > 0 else "?"


def mentions(user_ids: Iterable[int], lang: str) -> str:
    shown = [mention(u) for u in user_ids]
    return ", ".join(shown) if shown else translate(lang, "word.nobody")


def discord_time(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:R>"


def _game_params(lang: str, error: GameError) -> dict[str, Any]:
    params = dict(error.params)
    for key in ("started_by", "entered_by"):
        if isinstance(params.get(key), int):
            params[key] = mention(params[key])
    if isinstance(params.get("user_id"), int):
        params["user"] = mention(params["user_id"])
    if isinstance(params.get("started_at"), datetime):
        params["started_at"] = discord_time(params["started_at"])
    if isinstance(params.get("players"), list | tuple | set | frozenset):
        # A list of user ids names who may act; a plain number (``bad_first_dealer``) is a
        # count of seats and is shown as it is.
        params["players"] = mentions(params["players"], lang)
    if isinstance(params.get("action"), str) and has_message(f"action.{params['action']}", lang):
        params["action"] = translate(lang, f"action.{params['action']}")
    if isinstance(params.get("state"), str) and has_message(f"state.{params['state']}", lang):
        params["state"] = translate(lang, f"state.{params['state']}")
    variant = params.get("variant")
    if isinstance(variant, str):
        with contextlib.suppress(KeyError):
            params["variant"] = load_variant(variant).name(lang)
    return params


def render_game_error(lang: str, error: GameError) -> str:
    key = f"game.{error.code}"
    if error.code == "not_allowed":
        key = f"game.not_allowed.{error.params.get('who', 'players_or_managers')}"
    if not has_message(key, lang):
        log.error("no catalog message for game error %s (%r)", error.code, error.params)
        key = "game.game_error"
    try:
        return translate(lang, key, **_game_params(lang, error))
    except (KeyError, IndexError, ValueError):
        log.exception("game error %s did not fit its message %s", error.code, key)
        return translate(lang, "game.game_error")


def render_refusal(lang: str, error: Exception) -> list[str]:
    """Lines to show for a refusal the user caused (ScoringError or GameError)."""
    if isinstance(error, ScoringError):
        return render_problems(lang, error.problems)
    if isinstance(error, GameError):
        return [render_game_error(lang, error)]
    raise TypeError(f"not a refusal: {error!r}")
