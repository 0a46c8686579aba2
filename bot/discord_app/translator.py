"""Localising command names, descriptions and choices through discord.py's Translator.

Commands are declared once in English; the translator derives a catalog key from where a string
sits (``cmd.rules.name``, ``cmd.rules.question.description``, ``choice.cuban``) and looks it up
in the ``discord_commands`` catalogs, so translations live with the other messages and a test can
check every payload against Discord's limits before a sync ever reaches Discord.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Loc

from bot.i18n import has_message, language_for_discord_locale, translate


def catalog_key(context: app_commands.TranslationContextTypes, default: str) -> str | None:
    """The catalog id for a translatable string, or None where we do not translate it."""
    data = context.data
    match context.location:
        case Loc.command_name | Loc.group_name:
            return f"cmd.{data.qualified_name.replace(' ', '.')}.name"
        case Loc.command_description | Loc.group_description:
            return f"cmd.{data.qualified_name.replace(' ', '.')}.description"
        case Loc.parameter_name:
            return f"cmd.{data.command.qualified_name.replace(' ', '.')}.{data.name}.name"
        case Loc.parameter_description:
            return f"cmd.{data.command.qualified_name.replace(' ', '.')}.{data.name}.description"
        case Loc.choice_name:
            return f"choice.{data.value}"
        case _:
            return None


class CatalogTranslator(app_commands.Translator):
    """Answers discord.py's translation requests from the gettext catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_for_discord_locale(locale.value)
        if lang is None or lang == "en":
            return None
        key = catalog_key(context, string.message)
        if key is None or not has_message(key, lang):
            return None
        return translate(lang, key)
