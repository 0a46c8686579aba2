"""Okapi BM25 over a small in-memory inverted index.

Written here rather than taken from ``rank-bm25`` on purpose: that package scores every document
for every query instead of walking postings, and hides the idf values the search needs to judge
how much of a question a topic explains (the off-topic decision). With ~25 topics per language
this is a few dozen lines and well under a millisecond per query.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence


class BM25:
    """BM25 (Robertson/Sparck Jones idf, floored at zero) over pre-tokenised documents.

    ``postings`` holds, per term, each document's whole BM25 contribution; a query's score for
    a document is the sum over its terms (the search adds several fields' postings, weighted,
    into one table at build time: ``search._LanguageIndex``)."""

    def __init__(self, documents: Sequence[Sequence[str]], k1: float = 1.2, b: float = 0.5):
        self.k1, self.b = k1, b
        self.n = len(documents)
        self.lengths = [len(doc) for doc in documents]
        self.avgdl = (sum(self.lengths) / self.n) if self.n else 0.0
        counts: dict[str, list[tuple[int, int]]] = {}
        for doc_id, doc in enumerate(documents):
            for term, tf in Counter(doc).items():
                counts.setdefault(term, []).append((doc_id, tf))
        self.idf = {term: self._idf(len(p)) for term, p in counts.items()}
        self.unseen_idf = self._idf(0)
        # each posting holds its document's whole contribution: a query only adds them up
        self.postings: dict[str, tuple[tuple[int, float], ...]] = {
            term: tuple(
                (doc_id, self._contribution(self.idf[term], tf, doc_id)) for doc_id, tf in p
            )
            for term, p in counts.items()
        }

    def _idf(self, df: int) -> float:
        return math.log(1.0 + (self.n - df + 0.5) / (df + 0.5))

    def __contains__(self, term: str) -> bool:
        return term in self.postings

    def max_term_score(self, term: str) -> float:
        """The most one occurrence-saturated term can add: the scale a question is judged on."""
        return self.idf.get(term, self.unseen_idf) * (self.k1 + 1.0)

    def _contribution(self, idf: float, tf: int, doc_id: int) -> float:
        k1, b, avgdl = self.k1, self.b, self.avgdl or 1.0
        norm = k1 * (1.0 - b + b * self.lengths[doc_id] / avgdl)
        return idf * tf * (k1 + 1.0) / (tf + norm)
