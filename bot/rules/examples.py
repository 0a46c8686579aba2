"""Labelled player questions: ``rules_data/questions/*.toml``, what the topic model learns from.

Every question set written to measure the search, once it has been run and tuned on, moves
here; the ``questions_written_*`` sets were written to teach it instead, 14 (``_more_``: 9, in
six kinds of players' voices) questions for every topic in each language, so that rare topics
are learned as well as common ones; the ``questions_written_dec_*`` sets aim at what
leave-one-set-out missed most (short questions that name the game, other card games, the
game's history and apps, which must be declined, and the topics players confuse).

Each entry is a question as a player typed it, its language, the table's variant and the topic
whose answer fits it (or ``off_topic``). ``python -m bot.rules.train`` learns the topic model
from them (``model.py``), so each labelled question helps with the next one; a phrasing the bot
got wrong is fixed by labelling it here and retraining, not by a rule in code.

How a question is labelled: with the one topic whose answer the player needs. A question that
names a variant or a player count ("in Cuban", "with three of us") and asks about the variant
as a whole (what differs, cards dealt, how the sides form, or what only that variant has) is
labelled with the variant's overview topic; one that asks about a single rule with a topic of
its own (the opening minimum, the frozen pile, red threes, the target, ...) is labelled with
that rule, since the reply renders it for the named variant (``variant_words.py``)
and lists the overview under "see also". The sets written before this rule was set were
relabelled to follow it (119 questions, mostly from an overview to the rule).

Evaluating on questions from here must leave them out of what the model learned
(``bot.rules.evaluate.index_without``), or it would be graded on questions it knows.
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
