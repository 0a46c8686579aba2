"""Which language to answer an interaction in, and the localised-text helper cogs use."""

from __future__ import annotations

import discord

from bot.i18n import resolve_language, translate


def interaction_language(
    interaction: discord.Interaction, explicit: str | None = None, server: str | None = None
) -> str:
    """Explicit choice, else the user's client locale, else the server setting, else the
    server's Discord locale, else English."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return resolve_language(explicit, interaction.locale.value, server, guild_locale)


def t(lang: str, key: str, /, **params: object) -> str:
    """Short alias used throughout the cogs."""
    return translate(lang, key, **params)
