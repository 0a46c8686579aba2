"""Character 3-5-gram channel: cosine similarity of TF-IDF vectors of diacritic-folded text.

Words are matched by their pieces, which is what catches what stems miss: compounds
("jokerkanasta", "avaussarja"), Finnish case endings the stemmer leaves alone, typos too short
for the fuzzy corrector, and "apne" typed for "åpne". Each title and each alias is its own short
document, and a topic scores the best of them, so one close phrasing is enough.

The sums run in numpy arrays: there are thousands of alias documents, and adding a word's dot
products one document at a time in Python cost a quarter of a question's time. The additions
happen in the same order as they would in plain Python, so the figures are the same.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from bot.rules.text import fold, normalise, tokens

NGRAM_SIZES = (3, 4, 5)
WORD_CACHE = 16384
"""Words whose n-gram dot products are kept (a few KiB each at most)."""
WORD_FLOOR = 0.1
"""A document that shares less than this with a word (its cosine with the word alone) gets
nothing from it: a lone common trigram ("kor", "en ") is not similarity, and skipping those
documents is most of the work saved per question."""


def word_ngrams(word: str) -> Counter[str]:
    """3-5-grams of one folded word padded with spaces (word-bounded, like scikit-learn's
    char_wb)."""
    grams: Counter[str] = Counter()
    padded = f" {word} "
    for n in NGRAM_SIZES:
        if len(padded) >= n:
            grams.update(padded[i : i + n] for i in range(len(padded) - n + 1))
    return grams


def ngrams(text: str) -> Counter[str]:
    """3-5-grams of each word of ``text`` (normalised and folded here)."""
    grams: Counter[str] = Counter()
    for word in tokens(fold(normalise(text))):
        grams.update(word_ngrams(word))
    return grams


class NgramIndex:
    """Sparse TF-IDF vectors (sublinear tf, L2-normalised) with an inverted index of n-grams.

    ``owners`` (optional, non-decreasing) names the owner of each document, a topic here, for
    ``best_per_owner``."""

    def __init__(self, documents: Sequence[str], owners: Sequence[int] = ()) -> None:
        counts = [ngrams(doc) for doc in documents]
        n = self.n = len(documents)
        df: Counter[str] = Counter()
        for grams in counts:
            df.update(grams.keys())
        self.idf = {g: math.log((1 + n) / (1 + d)) + 1.0 for g, d in df.items()}
        self.unseen_idf = math.log(1 + n) + 1.0
        postings: dict[str, tuple[list[int], list[float]]] = {}
        for doc_id, grams in enumerate(counts):
            weights = {g: (1.0 + math.log(tf)) * self.idf[g] for g, tf in grams.items()}
            length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
            for g, w in weights.items():
                ids, values = postings.setdefault(g, ([], []))
                ids.append(doc_id)
                values.append(w / length)
        # packed arrays: a tuple per posting cost 16 MiB for the ~170 000 postings of the aliases
        self.postings: dict[str, tuple[NDArray[np.int32], NDArray[np.float64]]] = {
            g: (np.array(ids, dtype=np.int32), np.array(values, dtype=np.float64))
            for g, (ids, values) in postings.items()
        }
        if any(b < a for a, b in itertools.pairwise(owners)):
            raise ValueError("owners must be non-decreasing")
        owned = np.asarray(owners, dtype=np.int64)
        self._starts = np.flatnonzero(np.r_[True, owned[1:] != owned[:-1]]) if len(owned) else owned
        self._owner_ids = owned[self._starts].tolist() if len(owned) else []
        self._word = functools.lru_cache(maxsize=WORD_CACHE)(self._word_uncached)

    def best_per_owner(self, text: str) -> dict[int, float]:
        """Owner -> the best cosine similarity of its documents with ``text`` (n-grams unknown
        to the index count in the question's length, so a long off-topic question scores low).

        The question's vector is the sum of its words' vectors, each word's dot products with
        every document cached (``_word``): the vocabulary of rules questions is small, so a
        running bot walks the long postings of common n-grams ("kor", "sta ") once per word,
        not once per question. A gram shared by two words of one question counts twice here
        instead of sublinearly; that is the only difference from the plain TF-IDF cosine."""
        dots, square = self._dots(text)
        if dots is None or not len(self._starts):
            return {}
        best = np.maximum.reduceat(dots, self._starts)
        length = math.sqrt(square)
        return {
            self._owner_ids[i]: value
            for i, value in zip(
                np.flatnonzero(best).tolist(), (best[best > 0] / length).tolist(), strict=True
            )
        }

    def _dots(self, text: str) -> tuple[NDArray[np.float64] | None, float]:
        """(document id -> dot product with the question as a dense array, None when no
        document is reached; the question's squared length)."""
        dots: NDArray[np.float64] | None = None
        square = 0.0
        for word in tokens(fold(normalise(text))):
            ids, values, word_square = self._word(word)
            square += word_square
            if len(ids):
                if dots is None:
                    dots = np.zeros(self.n)
                dots[ids] += values
        return dots, square

    def _word_uncached(self, word: str) -> tuple[NDArray[np.int32], NDArray[np.float64], float]:
        """(documents reached, their unnormalised dot products, squared length) of one word."""
        grams = word_ngrams(word)
        weights = {
            g: (1.0 + math.log(tf)) * self.idf.get(g, self.unseen_idf) for g, tf in grams.items()
        }
        dots = np.zeros(self.n)
        for g, w in weights.items():
            posting = self.postings.get(g)
            if posting is not None:
                dots[posting[0]] += posting[1] * w
        square = sum(w * w for w in weights.values())
        floor = WORD_FLOOR * math.sqrt(square)
        kept = np.flatnonzero(dots >= floor) if square else np.empty(0, dtype=np.int64)
        return kept.astype(np.int32), dots[kept], square
