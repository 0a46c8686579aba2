"""Loading the .po catalogs once and looking messages up by id and language."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from bot.i18n.glossary import fill_terms
from bot.i18n.plurals import counted_params

LANGUAGES: tuple[str, ...] = ("en", "no", "da", "fi")
"""Supported reply languages; ``no`` is Norwegian bokmål, as Discord names it."""
CATALOG_DIR = Path(__file__).resolve().parent / "catalogs"


class MissingMessageError(KeyError):
    """A message id that no catalog defines: a bug, caught by the catalog completeness test."""


@functools.cache
def _catalog(lang: str) -> Mapping[str, str]:
    messages: dict[str, str] = {}
    for path in sorted(CATALOG_DIR.glob(f"*.{lang}.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=None)
        for message in catalog:
            if message.id and isinstance(message.string, str) and message.string:
                messages[str(message.id)] = message.string
    return messages


def message_ids(lang: str) -> frozenset[str]:
    return frozenset(_catalog(lang))


def has_message(key: str, lang: str = "en") -> bool:
    return key in _catalog(lang)


@functools.lru_cache(maxsize=8192)
def _template(lang: str, key: str) -> str:
    """The message with its glossary terms filled in, once per language and key: a score card
    or a board asks for 20-30 messages, and filling terms is a regular-expression pass."""
    text = _catalog(lang if lang in LANGUAGES else "en").get(key) or _catalog("en").get(key)
    if text is None:
        raise MissingMessageError(key)
    return fill_terms(lang, text)


def translate(lang: str, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English if that language lacks it), filled with params."""
    text = _template(lang, key)
    if not params:
        return text
    lang = lang if lang in LANGUAGES else "en"
    return text.format(**counted_params(lang, text, params, lambda key: _lookup(lang, key)))


def _lookup(lang: str, key: str) -> str | None:
    return _catalog(lang).get(key) or _catalog("en").get(key)
