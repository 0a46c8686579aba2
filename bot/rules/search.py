"""Rank the rules topics for a question with the learned topic model (``model.py``).

The model reads the whole question (word pairs and character n-grams, ``features.py``) and
gives every topic, and small talk, a calibrated probability; nothing here is a list of cue
words. One thing the model cannot know comes from data beside it: which topics only another variant
has, which step back at a table that plays something else (the variant the question names,
``variant_words.py``, else the table's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from bot.rules.examples import OFF_TOPIC
from bot.rules.features import words
from bot.rules.model import TopicModel
from bot.rules.topics import Topic
from bot.scoring import all_variants

OTHER_VARIANT_DAMP = 0.5
"""A topic only another variant for as many players has (Cuban wild canastas at a classic
table) keeps this share of its probability unless the question names that variant: at a
classic table "seven twos" is a meld question, at a Cuban one a wild canasta. Topics for other
player counts are not damped: a question about them says so in words the model reads."""


class ScoredTopic(NamedTuple):
    """One topic and the model's probability that it answers the question."""

    id: str
    score: float


@dataclass(frozen=True)
class SearchResult:
    hits: tuple[ScoredTopic, ...]
    """Every topic, most probable first (small talk left out: see ``off_topic``)."""
    off_topic: float
    """The probability that the question is small talk, not a rules question."""
    language: str | None
    """The language the question reads as, or None when nothing in it is known."""

    @property
    def small_talk(self) -> bool:
        """Small talk is likelier than any topic: no figure is worked out from its numbers."""
        return not self.hits or self.off_topic >= self.hits[0].score


class SearchIndex:
    def __init__(self, topics: Mapping[str, Topic], model: TopicModel) -> None:
        self.model = model
        self.titles = {
            tuple(words(text.title)): tid for tid, t in topics.items() for text in t.text.values()
        }
        players = {vid: v.players for vid, v in all_variants().items()}
        self.foreign = {
            table: frozenset(
                tid
                for tid, t in topics.items()
                if t.home_variant
                and table not in t.variants
                and any(players[v] == count for v in t.variants)
            )
            for table, count in players.items()
        }

    def search(self, question: str, variant: str | None = None) -> SearchResult:
        """Rank every topic for ``question`` asked about ``variant``; never raises."""
        prediction = self.model.predict(question)
        probs = dict(prediction.ranking)
        off_topic = probs.pop(OFF_TOPIC, 0.0)
        for tid in self.foreign.get(variant or "", ()):
            probs[tid] *= OTHER_VARIANT_DAMP
        titled = self.titles.get(tuple(words(question)))
        if titled:  # a title picked from autocomplete is that topic, whatever else is near
            probs, off_topic = {t: float(t == titled) for t in probs}, 0.0
        hits = sorted((ScoredTopic(t, p) for t, p in probs.items()), key=lambda h: (-h.score, h.id))
        return SearchResult(tuple(hits), off_topic, prediction.language)
