"""Which topic labelled player questions with these words belonged to: the search's learned
channel (multinomial naive Bayes over the questions in ``rules_data/questions``).

The lexical channels judge a question by the topics' own texts and aliases. Players, though,
describe situations in words no topic uses ("we only just noticed", "kädessä jäi 60"), and
those words recur across players. Every labelled question teaches the classifier that its words
point to its topic, so the next question worded like any of them, in part, leans the same way.
Measured leaving each question set out in turn it lifted top-1 by one and a half points, and
by four on the set that was blind when it was added (README, "Rules accuracy"). The off-topic
lines are one more class, so the same words also say when a question is small talk
(``search.LEARNED_CHATTER``).

Written here rather than taken from scikit-learn: it is a few dozen lines over a few thousand
short questions, and scikit-learn with scipy would be the bot's heaviest dependencies for it.

Features are the folded first five letters of each content word (``PREFIX``): inflections and
compounds of the same word meet ("kanastaan", "kanastat"), and the four languages share one
vocabulary, so a Danish question learns from a Norwegian one.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from bot.rules.text import ALL_STOPWORDS, fold

PREFIX = 5
DIGRAPHS = re.compile(r"aa|oe")
ALPHA = 0.05
"""Additive smoothing: a word a topic's questions never used still leaves it a chance. Small,
because a five-letter prefix seen only with other topics is real evidence: leaving each set
out in turn, 0.02-0.1 all beat 0.5 by about 0.7 top-1 points on both groups of sets."""
TEMPERATURE = 2.0
"""Naive Bayes counts every word as independent evidence and so is overconfident; log scores
are divided by this before normalising, which keeps its ranking and tempers its certainty."""


def word_start(folded: str) -> str:
    """The first ``PREFIX`` letters of a folded word, "aa" and "oe" read as "a" and "o" (Danish
    and Norwegian typed without "å" and "ø": "aabne", "goer")."""
    return DIGRAPHS.sub(lambda m: m[0][0], folded)[:PREFIX]


def features(words: Iterable[str]) -> frozenset[str]:
    """The set of folded five-letter prefixes of the content words (stop words dropped)."""
    return frozenset(fold(w)[:PREFIX] for w in words if len(w) > 1 and w not in ALL_STOPWORDS)


class TopicClassifier:
    """Trained once from (words, topic) pairs; ``posterior`` gives P(topic | words)."""

    def __init__(
        self, labelled: Sequence[tuple[Sequence[str], str]], chatter: str | None = None
    ) -> None:
        counts: dict[str, Counter[str]] = {}
        totals: Counter[str] = Counter()
        self.prior: Counter[str] = Counter()
        for words, topic in labelled:
            found = features(words)
            self.prior[topic] += 1
            counts.setdefault(topic, Counter()).update(found)
            totals[topic] += len(found)
        self.vocabulary = frozenset(f for c in counts.values() for f in c)
        self.topic_starts = frozenset(
            word_start(f) for t, c in counts.items() if t != chatter for f in c
        )
        """The first letters of the words some question about a topic used (the ``chatter``
        label's left out), with Danish and Norwegian "aa" and "oe" typed for "å" and "ø" read
        as the letter: a word no player has used in a rules question is evidence the question
        is about something else (``search.NOVEL_SHARE``)."""
        size = max(len(self.vocabulary), 1)
        n = sum(self.prior.values())
        self.log_prior = {t: math.log(k / n) for t, k in self.prior.items()}
        self.log_unseen = {t: math.log(ALPHA / (totals[t] + ALPHA * size)) for t in self.prior}
        self.log_likelihood = {
            t: {f: math.log((k + ALPHA) / (totals[t] + ALPHA * size)) for f, k in c.items()}
            for t, c in counts.items()
        }
        # per feature, what it adds over an unseen word to each topic that has seen it: a
        # question then touches only the topics its words were seen with
        self.topics = list(self.log_prior)
        self._unseen = [self.log_unseen[t] for t in self.topics]
        deltas: dict[str, list[tuple[int, float]]] = {}
        for i, t in enumerate(self.topics):
            for f, value in self.log_likelihood[t].items():
                deltas.setdefault(f, []).append((i, value - self._unseen[i]))
        self._deltas = {f: tuple(d) for f, d in deltas.items()}

    def __len__(self) -> int:
        return sum(self.prior.values())

    def posterior(self, words: Iterable[str]) -> dict[str, float]:
        """Topic -> probability given the question's words; empty when it shares no feature
        with any labelled question (nothing learned says anything about it)."""
        known = [f for f in features(words) if f in self.vocabulary]
        if not known:
            return {}
        n = len(known)
        scores = [self.log_prior[t] + n * u for t, u in zip(self.topics, self._unseen, strict=True)]
        for f in known:
            for i, delta in self._deltas[f]:
                scores[i] += delta
        top = max(scores)
        weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
        total = sum(weights)
        return {t: w / total for t, w in zip(self.topics, weights, strict=True)}
