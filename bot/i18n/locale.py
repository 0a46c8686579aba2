"""Which of our four languages to answer in.

Discord names Norwegian ``no`` (not ``nb``) and English ``en-US``/``en-GB``; the order of
preference is the one users expect: what they asked for, their own client language, the
server's setting, the server's Discord locale, then English.
"""

from __future__ import annotations

from bot.i18n.catalog import LANGUAGES

_ALIASES = {"nb": "no", "nn": "no", "no": "no", "da": "da", "fi": "fi", "en": "en"}


def language_for_discord_locale(locale: str | None) -> str | None:
    """Our language for a Discord locale string (``no``, ``da``, ``fi``, ``en-US`` ...)."""
    if not locale:
        return None
    base = str(locale).replace("_", "-").split("-")[0].lower()
    return _ALIASES.get(base)


def resolve_language(*candidates: str | None) -> str:
    """The first candidate that is one of our languages (in preference order), else English."""
    for candidate in candidates:
        lang = language_for_discord_locale(candidate)
        if lang in LANGUAGES:
            return lang
    return "en"
