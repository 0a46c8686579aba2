"""The rules dataset: schema of ``rules_data/topics/<id>.toml`` and its loader.

Topic files are data written by people, so they are validated strictly when loaded: an unknown
key, a missing language or a variant id that does not exist fails loudly with the file, the field
and what was expected. A bot that refuses to start is better than one that silently answers from
half a topic. Cross-file checks that only matter for completeness (``related`` ids that exist,
every topic rendering for every variant) live in the completeness test instead, so the loader
still works while the dataset is being written.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.i18n.glossary import fill_terms
from bot.scoring import all_variants
from bot.scoring.variants import read_data_file, rules_data_dir

LANGS: tuple[str, ...] = ("en", "no", "da", "fi")
"""The four languages every topic is written in; ``no`` is Norwegian bokmål."""
ALL_VARIANTS = "all"
Lang = Literal["en", "no", "da", "fi"]


MAX_LABEL = 40
"""A heading up to this long is a label ("**What freezes the pile:**") that a lead keeps; a
longer one is a sentence of its own ("Whoever draws the last card ... After that:")."""


@dataclass(frozen=True)
class Fact:
    """One fact of a topic's answer: a bullet, or a line of its own, with a stable id
    ("frozen_pile.default.2": the topic, the wording it comes from, its place there) and the
    heading it stands under ("**What freezes the pile:**"), which a lead keeps."""

    id: str
    text: str
    heading: str | None = None

    @property
    def lead(self) -> str:
        """The fact as a line of its own, after its heading when that is a short label."""
        body = self.text.removeprefix("- ").strip()
        if self.heading and len(self.heading) <= MAX_LABEL:
            return f"{self.heading} {body}"
        return body[:1].upper() + body[1:]


def split_facts(text: str, prefix: str) -> tuple[Fact, ...]:
    """An answer's facts: each bullet and each line of its own; a line ending in ":" is the
    heading of the bullets after it, not a fact. The answers are written a fact a line, so
    the split is the data's own."""
    facts: list[Fact] = []
    heading: str | None = None
    for n, raw in enumerate(text.splitlines()):
        line = raw.strip()
        bullet = line.startswith("- ")
        if not line:
            continue
        if line.rstrip("*_").endswith(":") and not bullet:
            heading = line
            continue
        if not bullet:
            heading = None
        facts.append(Fact(f"{prefix}.{n}", line, heading if bullet else None))
    return tuple(facts)


class TopicFileError(Exception):
    """A topic file that cannot be used, naming the file, the field and what was expected."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class VariantAnswer(_Strict):
    """An answer that replaces the default one for a single variant (e.g. Cuban red threes)."""

    answer: str = Field(min_length=1)


Removable = Literal["concealed_bonus", "opening_example_total"]
REMOVABLE_NUMBERS: frozenset[str] = frozenset(get_args(Removable))
"""Placeholders a table's house rules can take away (``bot.scoring.house_rules``: a concealed
bonus of 0 means none; an opening table whose minimums the worked example's cards cannot reach
has no example, ``bot.rules.render.opening_example``); a template that names one needs a
``without`` text for such tables."""


class TopicText(_Strict):
    """One language of a topic: what the user sees (title, answer) and what they may type."""

    title: str = Field(min_length=1, max_length=100)
    answer: str = Field(min_length=1)
    aliases: list[Annotated[str, Field(pattern=r"\S")]] = Field(min_length=1)
    by_variant: dict[str, VariantAnswer] = Field(default_factory=dict)
    without: dict[Removable, VariantAnswer] = Field(default_factory=dict)
    """The answer for a table that has no such number, keyed by the placeholder: a house rule
    can switch a bonus off ("concealed_bonus" = 0), and then "200 in total" would be wrong."""


class Topic(_Strict):
    """A rules topic in all four languages, with the variants it applies to."""

    id: str = Field(pattern=r"^[a-z0-9_]{2,40}$")
    related: list[str] = Field(default_factory=list)
    variants: list[str] = Field(min_length=1)
    overview: bool = False
    """The topic describes its variants as a whole ("Cuban canasta: what's different"): it is
    offered beside any rule asked about for one of them."""
    text: dict[Lang, TopicText]

    @model_validator(mode="after")
    def _consistent(self) -> Topic:
        missing = [lang for lang in LANGS if lang not in self.text]
        if missing:
            raise ValueError(f"text needs all of {list(LANGS)}; missing {missing}")
        known = set(all_variants())
        if self.variants != [ALL_VARIANTS]:
            unknown = sorted(set(self.variants) - known)
            if unknown or ALL_VARIANTS in self.variants:
                raise ValueError(
                    f"variants must be ['all'] or ids from {sorted(known)}; got {self.variants}"
                )
        for lang, text in self.text.items():
            unknown = sorted(set(text.by_variant) - known)
            if unknown:
                raise ValueError(
                    f"text.{lang}.by_variant has unknown variant ids {unknown}; "
                    f"known: {sorted(known)}"
                )
        return self

    def applies_to(self, variant_id: str) -> bool:
        return self.variants == [ALL_VARIANTS] or variant_id in self.variants

    @property
    def home_variant(self) -> str | None:
        """The variant to render numbers from when the table's own variant does not apply."""
        return None if self.variants == [ALL_VARIANTS] else self.variants[0]


def _with_glossary_terms(data: Any) -> Any:
    """The topic data with ``{G_concept}``-style glossary placeholders filled in what users read
    (titles and answers; aliases are what users type and stay as written), so the rules texts
    and the interface take their game words from the same glossary."""
    texts = data.get("text") if isinstance(data, dict) else None
    if not isinstance(texts, dict):
        return data
    for lang, text in texts.items():
        if not isinstance(text, dict):
            continue
        for key in ("title", "answer"):
            if isinstance(text.get(key), str):
                text[key] = fill_terms(lang, text[key])
        for group in ("by_variant", "without"):
            for other in (text.get(group) or {}).values():
                if isinstance(other, dict) and isinstance(other.get("answer"), str):
                    other["answer"] = fill_terms(lang, other["answer"])
    return data


def load_topic_file(path: Path) -> Topic:
    """One topic file, validated; the id must equal the file name so links cannot drift."""
    topic = read_data_file(path, Topic, TopicFileError, "topic", prepare=_with_glossary_terms)
    if topic.id != path.stem:
        raise TopicFileError(f"{path}: id {topic.id!r} must match the file name {path.stem!r}")
    return topic


def load_topics(directory: Path) -> dict[str, Topic]:
    """Every ``*.toml`` under ``directory``, by id, in file-name order."""
    files = sorted(directory.glob("*.toml"))
    if not files:
        raise TopicFileError(f"{directory}: no topic files found")
    return {t.id: t for t in map(load_topic_file, files)}


@functools.cache
def _cached(directory: Path) -> dict[str, Topic]:
    return load_topics(directory)


def all_topics() -> dict[str, Topic]:
    """The shipped topics, loaded and validated once per process."""
    return _cached(rules_data_dir() / "topics")
