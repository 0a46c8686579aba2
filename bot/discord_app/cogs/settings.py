"""/settings: show the server's language, default variant and manager role, or change them.

Anyone may look (privately); changing needs Manage Server or the configured manager role, and
the refusal names who may. A change is announced in the channel, so the server can see who
changed what.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.errors import render_refusal
from bot.discord_app.language import interaction_language, t
from bot.discord_app.permissions import is_manager
from bot.discord_app.replies import send, send_error
from bot.discord_app.server_embeds import (
    choices,
    server_context,
    settings_embed,
    variant_choices,
    who_may_change,
)
from bot.games import GameError, get_settings, set_settings
from bot.games.settings import LANGUAGES
from bot.storage.engine import Database

RESETS = ("reset_variant", "reset_role")


class SettingsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Show or change this server's bot settings")
    @app_commands.guild_only()
    @app_commands.describe(
        language="Language for members whose Discord language the bot does not speak",
        variant="Variant new games use unless they choose one",
        manager_role="Role whose members may manage games and settings, besides Manage Server",
        reset="Remove the default variant or the manager role",
    )
    @app_commands.choices(
        language=choices(LANGUAGES), variant=variant_choices(), reset=choices(RESETS)
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        language: app_commands.Choice[str] | None = None,
        variant: app_commands.Choice[str] | None = None,
        manager_role: discord.Role | None = None,
        reset: app_commands.Choice[str] | None = None,
    ) -> None:
        db: Database = self.bot.db  # type: ignore[attr-defined]
        context = await server_context(db, interaction)
        lang = context.lang
        current = context.settings or await get_settings(db, interaction.guild_id or 0)
        changes: dict[str, Any] = {}
        if language is not None:
            changes["language"] = language.value
        if variant is not None:
            changes["default_variant"] = variant.value
        if manager_role is not None:
            changes["manager_role_id"] = manager_role.id
        if reset is not None:
            field = "default_variant" if reset.value == "reset_variant" else "manager_role_id"
            if field in changes:
                await send_error(interaction, [t(lang, "settings.conflict")])
                return
            changes[field] = None
        if not changes:
            await send(interaction, ephemeral=True, embed=settings_embed(lang, current))
            return
        if not is_manager(interaction, current.manager_role_id):
            await send_error(interaction, [who_may_change(lang, current)])
            return
        try:
            updated = await set_settings(
                db, interaction.guild_id or 0, actor_id=interaction.user.id, **changes
            )
        except GameError as error:
            await send_error(interaction, render_refusal(lang, error))
            return
        lang = interaction_language(interaction, server=updated.language)
        await send(
            interaction,
            content=t(lang, "settings.changed", user=interaction.user.mention),
            embed=settings_embed(lang, updated),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
