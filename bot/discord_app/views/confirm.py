"""Confirm buttons for /game end and /game abandon.

Why dynamic items: the action, the game, the invoker and the deadline live in the custom id, so a
button still works (or is refused for the right reason) after the bot restarted, and nothing is
kept in memory. Only the invoker may press them, and only within ``CONFIRM_SECONDS``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import discord

from bot.discord_app.errors import mention
from bot.discord_app.game_embeds import closed_embed, command_hint
from bot.discord_app.language import t
from bot.discord_app.replies import send_error, update_message
from bot.discord_app.scoreboard import board_changed
from bot.discord_app.views.common import REFUSALS, actor_for, refuse
from bot.discord_app.views.guarded import GuardedItem
from bot.games import abandon_game, end_game

CONFIRM_SECONDS = 60
CONFIRM_ID = (
    r"game:(?P<choice>yes|no):(?P<action>end|abandon):(?P<game>\d+):(?P<user>\d+):(?P<until>\d+)"
)


class ConfirmButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=CONFIRM_ID
):
    """ "Yes, end it" or "Cancel" on a closing prompt."""

    what = "confirm button"
    writes = True

    def __init__(
        self, choice: str, action: str, game_id: int, user_id: int, until: int, label: str = "?"
    ) -> None:
        style = (
            discord.ButtonStyle.secondary
            if choice == "no"
            else discord.ButtonStyle.danger
            if action == "abandon"
            else discord.ButtonStyle.primary
        )
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"game:{choice}:{action}:{game_id}:{user_id}:{until}",
            )
        )
        self.choice, self.action = choice, action
        self.game_id, self.user_id, self.until = game_id, user_id, until

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ConfirmButton:
        return cls(
            match["choice"],
            match["action"],
            int(match["game"]),
            int(match["user"]),
            int(match["until"]),
        )

    async def press(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        lang = actor.lang
        if interaction.user.id != self.user_id:
            await send_error(
                interaction, [t(lang, "ui.confirm.not_yours", user=mention(self.user_id))]
            )
            return
        if time.time() > self.until:
            await send_error(
                interaction,
                [t(lang, "ui.confirm.expired", command=command_hint(lang, "game", self.action))],
            )
            return
        if self.choice == "no":
            await update_message(
                interaction, content=t(lang, "ui.confirm.cancelled"), embed=None, view=None
            )
            return
        close = end_game if self.action == "end" else abandon_game
        try:
            game = await close(actor.db, game_id=self.game_id, **actor.ids())
        except REFUSALS as error:
            await refuse(interaction, lang, error)
            return
        board_changed(interaction, game.id, lang=lang)
        await update_message(interaction, content=None, embed=closed_embed(lang, game), view=None)


def confirm_view(lang: str, action: str, game_id: int, user_id: int) -> discord.ui.View:
    """The two buttons, valid for ``CONFIRM_SECONDS`` from now."""
    until = int(time.time()) + CONFIRM_SECONDS
    view = discord.ui.View(timeout=None)
    view.add_item(
        ConfirmButton("yes", action, game_id, user_id, until, t(lang, f"ui.confirm.{action}"))
    )
    view.add_item(ConfirmButton("no", action, game_id, user_id, until, t(lang, "ui.confirm.no")))
    return view
