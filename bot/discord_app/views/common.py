"""What every game command needs first: who acts, in which language, with which rights, and
one way to turn any refusal a user can cause into a private, localised message."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.errors import render_refusal
from bot.discord_app.language import interaction_language, t
from bot.discord_app.permissions import is_manager
from bot.discord_app.replies import send_error
from bot.games import GameError, get_settings
from bot.games.round_text import RoundTextError, parse_round_text
from bot.i18n import has_message
from bot.scoring import ScoringError, Variant
from bot.storage.engine import Database


@dataclass(frozen=True)
class Actor:
    """The ids and rights the game service wants, read once per interaction."""

    db: Database
    lang: str
    guild_id: int
    channel_id: int
    user_id: int
    is_manager: bool
    interaction_id: str

    def ids(self) -> dict[str, Any]:
        """Keyword arguments shared by every changing service call."""
        return {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "actor_id": self.user_id,
            "actor_is_manager": self.is_manager,
            "interaction_id": self.interaction_id,
        }


async def actor_for(interaction: discord.Interaction) -> Actor:
    """Language (explicit > client > server setting > guild) and manager rights of the user."""
    db: Database = interaction.client.db  # type: ignore[attr-defined]
    guild_id = interaction.guild_id or 0
    settings = await get_settings(db, guild_id)
    return Actor(
        db=db,
        lang=interaction_language(interaction, None, settings.language),
        guild_id=guild_id,
        channel_id=interaction.channel_id or 0,
        user_id=interaction.user.id,
        is_manager=is_manager(interaction, settings.manager_role_id),
        interaction_id=str(interaction.id),
    )


async def refuse(interaction: discord.Interaction, lang: str, error: Exception) -> None:
    """A refusal from the service or the scoring domain, privately, in the user's language."""
    await send_error(interaction, render_refusal(lang, error))


def _field_name(lang: str, name: str) -> str:
    key = f"field.{name.split('.', 1)[0]}"
    return t(lang, key) if has_message(key, lang) else name


def render_text_error(lang: str, side: int, error: RoundTextError, variant: Variant) -> list[str]:
    """Each unreadable token of side ``side`` (1-based) as a sentence saying what is allowed."""
    allowed = t(lang, "ui.text.allowed_cuban" if variant.canastas.wild else "ui.text.allowed")
    lines = []
    for problem in error.problems:
        params = {**problem.params, "side": side, "token": problem.token, "allowed": allowed}
        if "field" in params:
            params["field"] = _field_name(lang, str(params["field"]))
        lines.append(t(lang, f"ui.text.{problem.code}", **params))
    return lines


def parse_lines(
    lang: str, variant: Variant, lines: Mapping[int, str]
) -> tuple[dict[int, dict[str, Any]], list[str]]:
    """Parse compact lines (0-based side -> text); every side's problems are collected."""
    parsed: dict[int, dict[str, Any]] = {}
    problems: list[str] = []
    for side, text in sorted(lines.items()):
        try:
            parsed[side] = parse_round_text(text, variant)
        except RoundTextError as error:
            problems += render_text_error(lang, side + 1, error, variant)
    return parsed, problems


REFUSALS = (GameError, ScoringError)
"""Errors a user causes: refused with a message, never logged as failures."""
