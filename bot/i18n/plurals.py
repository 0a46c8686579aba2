"""Counted words ("1 canasta", "2 canastas") through Babel's plural rules, not "canasta(s)".

A catalog message writes the count with a word as its format spec, ``{needed:canasta}``; the
word's forms are messages ``plural.canasta.one`` / ``plural.canasta.other`` (and any other
CLDR category a language needs), each with ``{n}``. Which form a number takes comes from
CLDR's plural rule of the language (``plural_rules.toml``, read by ``babel.plural``), so
languages with other rules need only their own messages and a line there.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from babel.plural import PluralRule

RULES_FILE = Path(__file__).resolve().parent / "plural_rules.toml"

COUNTED = re.compile(r"\{(\w+):([a-z_]+)\}")
"""``{param:word}``: a format spec made of letters is a counted word, never a number format."""


@functools.cache
def _rules() -> dict[str, dict[str, str]]:
    return tomllib.loads(RULES_FILE.read_text(encoding="utf-8"))


@functools.cache
def plural_rule(lang: str) -> PluralRule:
    """The plural rule of ``lang`` (English's for a language the file lacks).

    Why not ``babel.Locale.parse(lang).plural_form``: that loads the language's whole CLDR
    locale data (several MiB, kept for good) to read one rule.
    """
    rules = _rules()
    return PluralRule(rules.get(lang, rules["en"]))


def plural_category(lang: str, n: int) -> str:
    """CLDR plural category of ``n`` in ``lang`` ("one", "other", ...)."""
    return str(plural_rule(lang)(abs(n)))


class Counted:
    """A number that formats as "<n> <word in the right form>" for a word spec."""

    def __init__(self, lang: str, n: Any, lookup: Callable[[str], str | None]) -> None:
        self.lang, self.n, self.lookup = lang, n, lookup

    def __format__(self, spec: str) -> str:
        if not isinstance(self.n, int) or isinstance(self.n, bool):
            return format(self.n, spec)
        form = self.lookup(f"plural.{spec}.{plural_category(self.lang, self.n)}")
        if form is None:
            form = self.lookup(f"plural.{spec}.other")
        return form.format(n=self.n) if form is not None else f"{self.n} {spec}"


@functools.lru_cache(maxsize=4096)
def _counted_names(text: str) -> frozenset[str]:
    """The ``{name:word}`` placeholders of a message, read once per message text."""
    return frozenset(match.group(1) for match in COUNTED.finditer(text))


def counted_params(
    lang: str, text: str, params: dict[str, Any], lookup: Callable[[str], str | None]
) -> dict[str, Any]:
    """``params`` with every number used as ``{name:word}`` in ``text`` wrapped to count."""
    names = _counted_names(text)
    if not names:
        return params
    return {k: Counted(lang, v, lookup) if k in names else v for k, v in params.items()}
