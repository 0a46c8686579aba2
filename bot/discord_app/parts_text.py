"""How a round entered in parts reads in Discord: who is still missing, and the audit lines.

Kept apart from ``game_embeds`` so the replies of ``/round side`` and ``/round hand`` and the
history say the same thing from one place; a live scoreboard can show ``waiting_text`` too.
"""

from __future__ import annotations

from typing import Any

from bot.discord_app.language import t
from bot.games.pending_round import PendingRound, SidePending
from bot.games.results import AuditRow, GameInfo


def _side_missing(lang: str, side: SidePending) -> str:
    players = ", ".join(p.display_name for p in side.missing_players)
    if not players:
        return side.name
    key = "ui.parts.hands" if side.keeper_in else "ui.parts.side_and_hands"
    return t(lang, key, side=side.name, players=players)


def waiting_text(lang: str, pending: PendingRound) -> str:
    """``Them, Us (hand of Bob)``: every side not complete, with the players it waits for.

    Without player parts it is just the sides' names, as side-by-side entry always showed.
    """
    return ", ".join(_side_missing(lang, s) for s in pending.sides if not s.complete)


def _player_name(game: GameInfo, user_id: Any) -> str:
    player = next((p for s in game.sides for p in s.players if p.user_id == user_id), None)
    return player.display_name if player is not None else "?"


def parts_audit_summary(lang: str, row: AuditRow, game: GameInfo) -> str:
    """The history line of a player's hand ("hand") or of clearing a round being entered
    ("cancel"); the acting user is shown before it by the caller."""
    before, after = row.before or {}, row.after or {}
    if row.action == "cancel":
        return t(lang, "ui.history.cancel", round=before.get("round", after.get("round", "?")))
    side = after.get("side")
    side_name = game.sides[side].name if isinstance(side, int) and side < len(game.sides) else "?"
    params = {
        "player": _player_name(game, after.get("player", row.actor_id)),
        "side": side_name,
        "points": after.get("hand_points", "?"),
    }
    if before:
        return t(lang, "ui.history.hand_corrected", before=before.get("hand_points"), **params)
    return t(lang, "ui.history.hand", **params)
