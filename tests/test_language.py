"""Which language the bot answers in: Discord's locale names mapped to our four languages."""

from __future__ import annotations

import pytest

from bot.i18n import language_for_discord_locale, resolve_language


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("no", "no"),
        ("nb", "no"),
        ("da", "da"),
        ("fi", "fi"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", None),
        ("sv-SE", None),
        ("", None),
        (None, None),
    ],
)
def test_discord_locales(locale: str | None, lang: str | None) -> None:
    assert language_for_discord_locale(locale) == lang


def test_first_supported_candidate_wins_else_english() -> None:
    assert resolve_language(None, "de", "fi", "da") == "fi"
    assert resolve_language("da", "no") == "da"
    assert resolve_language(None, "de", None, None) == "en"
