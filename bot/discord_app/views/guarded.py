"""Buttons whose failures reach the user, and the walk over a message's components.

Why: discord.py runs a dynamic item's callback in a task of its own and only logs what escapes
it ("Ignoring exception in dynamic item callback"), so the person who pressed the button hears
nothing. A ``GuardedItem`` runs its ``press`` behind the same handler as commands
(``failures.report_failure``): a localised private answer, and a log line that fits the cause.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from bot.discord_app.failures import report_failure
from bot.discord_app.replies import arm
from bot.storage.engine import Database


class GuardedItem:
    """Mix in before ``discord.ui.DynamicItem``; implement ``press`` instead of ``callback``."""

    what = "button"
    writes = False
    """A press that writes to the database (ending a game, recording a round) may queue behind
    other commands: it gets the acknowledgement clock commands get (``replies.arm``), and must
    answer through ``replies.send`` / ``replies.update_message``. Without it, a press that
    queued past Discord's 3 s was lost ("This interaction failed") although it was stored."""

    async def press(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.writes:
            db = getattr(interaction.client, "db", None)
            arm(interaction, busy=isinstance(db, Database) and db.is_busy, update=True)
        try:
            await self.press(interaction)
        except Exception as error:  # every failure is answered and logged by its kind
            await report_failure(interaction, error, self.what)


def message_components(message: discord.Message | None) -> Iterator[Any]:
    """Every component of ``message`` (rows, sections and containers opened), depth first."""
    stack: list[Any] = list(message.components) if message is not None else []
    while stack:
        component = stack.pop(0)
        yield component
        for attribute in ("children", "components"):
            stack[:0] = list(getattr(component, attribute, None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.insert(0, accessory)
