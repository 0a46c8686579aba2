"""/forgetme: replace your Discord id by an anonymous one in every game the bot has stored.

It cannot be undone, so it asks first: a private message with a confirm button that only the
person who asked can press, for 60 seconds. Scores stay (other players' games and ratings keep
adding up); only the link to the person goes.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.language import interaction_language, t
from bot.discord_app.server_embeds import server_context
from bot.games import forget_user
from bot.games.privacy import anonymous_name
from bot.storage.engine import Database

log = logging.getLogger(__name__)
CONFIRM_SECONDS = 60.0


class ForgetView(discord.ui.View):
    """Confirm or cancel; answered once, then the buttons go away."""

    def __init__(self, db: Database, origin: discord.Interaction, lang: str) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.db, self.origin, self.lang = db, origin, lang
        self.answered = False
        self.confirm.label = t(lang, "forget.confirm")
        self.cancel.label = t(lang, "forget.cancel")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.origin.user.id:
            return True
        lang = interaction_language(interaction)
        await interaction.response.send_message(
            t(lang, "forget.not_yours", user=self.origin.user.mention),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return False

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        if self.answered:
            await interaction.response.defer()
            return
        self.answered = True
        self.stop()
        await interaction.response.defer()
        report = await forget_user(self.db, self.origin.user.id)
        log.info("a user was forgotten (%d rows changed)", report.rows_changed)
        await interaction.edit_original_response(
            content=t(self.lang, "forget.done", name=anonymous_name(report.anon_id)), view=None
        )

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        self.answered = True
        self.stop()
        await interaction.response.edit_message(content=t(self.lang, "forget.cancelled"), view=None)

    async def on_timeout(self) -> None:
        if self.answered:
            return
        try:
            await self.origin.edit_original_response(
                content=t(self.lang, "forget.timeout"), view=None
            )
        except discord.HTTPException:
            log.debug("could not mark the forget-me question as expired")

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        log.error(
            "forgetme button failed (interaction %s, user %s)",
            interaction.id,
            interaction.user.id,
            exc_info=error,
        )
        text = t(self.lang, "error.unexpected")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the user about the failed forgetme")


class PrivacyCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="forgetme", description="Remove your name from every stored game")
    async def forgetme(self, interaction: discord.Interaction) -> None:
        db: Database = self.bot.db  # type: ignore[attr-defined]
        lang = (await server_context(db, interaction)).lang
        await interaction.response.send_message(
            t(lang, "forget.question", seconds=int(CONFIRM_SECONDS)),
            view=ForgetView(db, interaction, lang),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PrivacyCog(bot))
