"""One term per game concept and language, shared by the interface and the rules texts.

Why: the same thing under two names on two screens ("Minstemelding" on the game card,
"Åpningskrav" in the rules) makes players wonder whether they are two rules. Each language's
``glossary/<lang>.toml`` names the term for every concept and the other names no screen may
use; catalog messages can write ``{G_opening_minimum}`` (capitalised), ``{g_opening_minimum}``,
``{G_opening_minimum_plural}`` or ``{g_opening_minimum_plural}`` and get the glossary's word.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

GLOSSARY_DIR = Path(__file__).resolve().parent / "glossary"
PLACEHOLDER = re.compile(r"\{([gG])_([a-z_]+?)(_plural)?\}")


@dataclass(frozen=True)
class Term:
    concept: str
    term: str
    plural: str
    avoid: tuple[str, ...]


@functools.cache
def glossary(lang: str) -> Mapping[str, Term]:
    """The concepts of ``lang`` (English when the language has no glossary file)."""
    path = GLOSSARY_DIR / f"{lang}.toml"
    if not path.exists():
        path = GLOSSARY_DIR / "en.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        concept: Term(concept, entry["term"], entry["plural"], tuple(entry.get("avoid", ())))
        for concept, entry in data.items()
    }


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def fill_terms(lang: str, text: str) -> str:
    """``text`` with every ``{g_...}``/``{G_...}`` placeholder replaced by the glossary term."""
    if "{g_" not in text and "{G_" not in text:
        return text
    terms = glossary(lang)

    def term(match: re.Match[str]) -> str:
        entry = terms.get(match.group(2))
        if entry is None:
            return match.group(0)
        word = entry.plural if match.group(3) else entry.term
        return _capitalised(word) if match.group(1) == "G" else word

    return PLACEHOLDER.sub(term, text)
