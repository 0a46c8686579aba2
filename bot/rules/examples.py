"""Labelled player questions (``rules_data/questions/*.toml``): what the topic model learns
from. How they are labelled, and why a miss is fixed by labelling rather than by code: see
``rules_data/LABELLING.md``. Every question set written to measure the search moves here once it
has been reported; the ``questions_written_dec_*`` sets aim at what leave-one-set-out missed
most (short questions that name the game; other card games, the game's history and apps, which
must be declined; the topics players confuse). Evaluating on them must leave them out of what
the model learned (``bot.rules.evaluate.index_without``).
"""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.topics import Lang, TopicFileError
from bot.scoring.variants import read_data_file, rules_data_dir

OFF_TOPIC = "off_topic"
"""The label of a question a rules bot must decline ("what's the weather like")."""


class Example(BaseModel):
    """One labelled question; ``variant`` is the table it was asked at."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    lang: Lang
    text: str = Field(min_length=1, max_length=400)
    topic: str = Field(pattern=r"^[a-z0-9_]{2,40}$")
    variant: str = "classic"


class _ExampleFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    q: list[Example]


def load_examples(path: Path) -> list[Example]:
    """The questions of one file, validated: a wrong key or language names file and field."""
    return read_data_file(path, _ExampleFile, TopicFileError, "question").q


def examples_dir() -> Path:
    return rules_data_dir() / "questions"


def example_files() -> list[Path]:
    return sorted(examples_dir().glob("*.toml"))


@functools.cache
def all_examples() -> tuple[Example, ...]:
    """Every shipped labelled question, in file-name order; loaded once per process."""
    return tuple(e for path in example_files() for e in load_examples(path))
