"""Which variant a question names in so many words ("in Cuban", "with 3 players", "vi er tre").

The answer is then given with that variant's numbers, whatever the table plays. The words are
data (``rules_data/variant_words.toml``, documented there), compiled once into one pattern per
variant over the question's folded words. Stricter than what the topic model reads: "me and
my partner" or "to kort" must not switch the numbers.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from bot.rules.topics import TopicFileError
from bot.scoring.variants import read_data_file, rules_data_dir


class _Variant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    overview: str | None = None
    counts: list[str] = []
    words: list[str] = []
    also: list[str] = []
    refines: str | None = None


class _Words(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    people: list[str]
    we_are: list[str]
    not_after: list[str]
    variants: dict[str, _Variant]


def _alternatives(words: list[str]) -> str:
    """A regex alternation of folded words; "x*" matches any ending."""
    parts = sorted((re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w)) for w in words)
    return "|".join(parts) or "(?!)"


def _phrase(alternation: str) -> re.Pattern[str]:
    return re.compile(rf"(?:^| )(?:{alternation})(?= |$)")


@dataclass(frozen=True)
class _Named:
    id: str
    overview: str | None
    pattern: re.Pattern[str]
    also: re.Pattern[str] | None
    refines: str | None


@functools.cache
def _variants() -> tuple[_Named, ...]:
    path = rules_data_dir() / "variant_words.toml"
    data = read_data_file(path, _Words, TopicFileError, "variant words")
    people, we_are = _alternatives(data.people), _alternatives(data.we_are)
    not_after = _alternatives(data.not_after)
    named = []
    for vid, v in data.variants.items():
        forms = [_alternatives(v.words)]
        if v.counts:
            counts = _alternatives(v.counts)
            forms.append(rf"(?:{counts}) (?:{people})")
            forms.append(rf"(?:{we_are}) (?:{counts})(?! (?:{not_after})(?: |$))")
        also = _phrase(_alternatives(v.also)) if v.also else None
        named.append(_Named(vid, v.overview, _phrase("|".join(forms)), also, v.refines))
    return tuple(named)


def named_variant(words: list[str]) -> str | None:
    """The variant id the question's folded ``words`` name, when they name exactly one."""
    text = " ".join(words)
    found = [
        v for v in _variants() if v.pattern.search(text) and (v.also is None or v.also.search(text))
    ]
    refined = {v.refines for v in found}
    ids = [v.id for v in found if v.id not in refined]
    return ids[0] if len(ids) == 1 else None


def overview_topic(variant_id: str) -> str | None:
    """The topic that describes the variant as a whole ("Cuban canasta: what's different")."""
    return next((v.overview for v in _variants() if v.id == variant_id), None)
