"""Message catalogs and locale resolution.

Every sentence a user sees lives in gettext catalogs (``catalogs/<domain>.<lang>.po``), read
with Babel, keyed by symbolic message ids such as ``problem.negative``. The scoring, rules and
game layers return codes and numbers; the front ends turn them into text here.
"""

from bot.i18n.catalog import LANGUAGES, MissingMessageError, has_message, message_ids, translate
from bot.i18n.locale import language_for_discord_locale, resolve_language

__all__ = [
    "LANGUAGES",
    "MissingMessageError",
    "has_message",
    "language_for_discord_locale",
    "message_ids",
    "resolve_language",
    "translate",
]
