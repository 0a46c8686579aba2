"""Every command's translated payload, in every locale, passes Discord's own checks.

Discord rejects a bad localisation only at sync time (400, code 50035), which in production is
too late; this builds the exact payload discord.py would send and validates it as Discord does.
"""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.devtools.fake_discord.commands_validation import validate_commands
from bot.discord_app.client import CanastaBot
from bot.i18n import LANGUAGES, message_ids

DISCORD_LOCALES = {"en": None, "no": "no", "da": "da", "fi": "fi"}


@pytest.fixture
async def payloads() -> list[dict]:
    bot = CanastaBot(Settings(discord_token="unused"))
    await bot.setup_hook()
    translator = bot.tree.translator
    assert translator is not None
    result = [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]
    await bot.close()
    return result


async def test_payloads_pass_discord_validation(payloads: list[dict]) -> None:
    assert payloads, "the bot registers commands"
    assert validate_commands(payloads) == {}


def _named(obj: dict) -> list[dict]:
    found = [obj]
    for option in obj.get("options", []):
        found += _named(option)
    return found


@pytest.mark.parametrize("lang", ["no", "da", "fi"])
async def test_every_name_and_description_is_localised(payloads: list[dict], lang: str) -> None:
    locale = DISCORD_LOCALES[lang]
    for command in payloads:
        for obj in _named(command):
            assert locale in obj.get("name_localizations", {}), (lang, obj["name"])
            assert locale in obj.get("description_localizations", {}), (lang, obj["name"])
            for choice in obj.get("choices", []):
                assert locale in choice.get("name_localizations", {}), (lang, choice["name"])


def test_catalogs_define_the_same_messages_in_all_languages() -> None:
    english = message_ids("en")
    for lang in LANGUAGES:
        assert message_ids(lang) == english, sorted(message_ids(lang) ^ english)
