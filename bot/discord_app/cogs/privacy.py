"""/forgetme: replace your Discord id by an anonymous one in every game the bot has stored.

It cannot be undone, so it asks first: a private message with a confirm button that only the
person who asked can press, for 60 seconds (a dynamic item: it works across a restart). Scores
stay (other players' games and ratings keep adding up); only the link to the person goes.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.errors import mention
from bot.discord_app.language import interaction_language, t
from bot.discord_app.server_embeds import server_context
from bot.discord_app.views.guarded import GuardedItem
from bot.games import forget_user
from bot.games.privacy import anonymous_name
from bot.storage.engine import Database

log = logging.getLogger(__name__)
CONFIRM_SECONDS = 60.0


FORGET_ID = r"forget:(?P<choice>yes|no):(?P<user>\d+):(?P<until>\d+):(?P<lang>[a-z]{2})"


class ForgetButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=FORGET_ID):
    """Confirm or cancel. Who asked, until when and in which language live in the custom id, so
    the question can be answered after a restart and several can be open at once."""

    what = "forgetme button"

    def __init__(self, choice: str, user_id: int, until: int, lang: str, label: str = "?") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"forget:{choice}:{user_id}:{until}:{lang}",
            )
        )
        self.choice, self.user_id, self.until, self.lang = choice, user_id, until, lang

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ForgetButton:
        return cls(match["choice"], int(match["user"]), int(match["until"]), match["lang"])

    async def press(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            lang = interaction_language(interaction)
            await interaction.response.send_message(
                t(lang, "forget.not_yours", user=mention(self.user_id)),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        if self.choice == "no":
            await interaction.response.edit_message(
                content=t(self.lang, "forget.cancelled"), view=None
            )
            return
        if time.time() > self.until:
            await interaction.response.edit_message(
                content=t(self.lang, "forget.expired"), view=None
            )
            return
        await interaction.response.defer()
        db: Database = interaction.client.db  # type: ignore[attr-defined]
        report = await forget_user(db, self.user_id)
        log.info("a user was forgotten (%d rows changed)", report.rows_changed)
        await interaction.edit_original_response(
            content=t(self.lang, "forget.done", name=anonymous_name(report.anon_id)), view=None
        )


def forget_view(lang: str, user_id: int) -> discord.ui.View:
    """The question's two buttons, valid for ``CONFIRM_SECONDS`` from now."""
    until = int(time.time() + CONFIRM_SECONDS)
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton("yes", user_id, until, lang, t(lang, "forget.confirm")))
    view.add_item(ForgetButton("no", user_id, until, lang, t(lang, "forget.cancel")))
    return view


class PrivacyCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="forgetme", description="Remove your name from every stored game")
    async def forgetme(self, interaction: discord.Interaction) -> None:
        db: Database = self.bot.db  # type: ignore[attr-defined]
        lang = (await server_context(db, interaction)).lang
        await interaction.response.send_message(
            t(lang, "forget.question", seconds=int(CONFIRM_SECONDS)),
            view=forget_view(lang, interaction.user.id),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ForgetButton)
    await bot.add_cog(PrivacyCog(bot))
