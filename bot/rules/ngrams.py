"""Character 3-5-gram channel: cosine similarity of TF-IDF vectors of diacritic-folded text.

Words are matched by their pieces, which is what catches what stems miss: compounds
("jokerkanasta", "avaussarja"), Finnish case endings the stemmer leaves alone, typos too short
for the fuzzy corrector, and "apne" typed for "åpne". Each title and each alias is its own short
document, and a topic scores the best of them, so one close phrasing is enough.
"""

from __future__ import annotations

import functools
import math
from array import array
from collections import Counter
from collections.abc import Sequence

from bot.rules.text import fold, normalise, tokens

NGRAM_SIZES = (3, 4, 5)
WORD_CACHE = 16384
"""Words whose n-gram dot products are kept (a few KiB each at most)."""
WORD_FLOOR = 0.1
"""A document that shares less than this with a word (its cosine with the word alone) gets
nothing from it: a lone common trigram ("kor", "en ") is not similarity, and skipping those
documents is most of the work saved per question."""


_EMPTY: tuple[array[int], array[float]] = (array("i"), array("d"))


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
    """Sparse TF-IDF vectors (sublinear tf, L2-normalised) with an inverted index of n-grams."""

    def __init__(self, documents: Sequence[str]) -> None:
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
        self.postings: dict[str, tuple[array[int], array[float]]] = {
            g: (array("i", ids), array("d", values)) for g, (ids, values) in postings.items()
        }
        self._word = functools.lru_cache(maxsize=WORD_CACHE)(self._word_uncached)

    def scores(self, text: str) -> dict[int, float]:
        """Document id -> cosine similarity with ``text`` (n-grams unknown to the index count
        in the question's length, so a long off-topic question scores low).

        The question's vector is the sum of its words' vectors, each word's dot products with
        every document cached (``_word``): the vocabulary of rules questions is small, so a
        running bot walks the long postings of common n-grams ("kor", "sta ") once per word,
        not once per question. A gram shared by two words of one question counts twice here
        instead of sublinearly; that is the only difference from the plain TF-IDF cosine."""
        dots: dict[int, float] = {}
        square = 0.0
        for word in tokens(fold(normalise(text))):
            word_dots, word_square = self._word(word)
            square += word_square
            for doc_id, dot in word_dots.items():
                dots[doc_id] = dots.get(doc_id, 0.0) + dot
        if not dots:
            return dots
        length = math.sqrt(square)
        return {doc_id: dot / length for doc_id, dot in dots.items()}

    def _word_uncached(self, word: str) -> tuple[dict[int, float], float]:
        """(document id -> unnormalised dot product, squared length) of one word's grams."""
        grams = word_ngrams(word)
        weights = {
            g: (1.0 + math.log(tf)) * self.idf.get(g, self.unseen_idf) for g, tf in grams.items()
        }
        dots: dict[int, float] = {}
        for g, w in weights.items():
            ids, values = self.postings.get(g, _EMPTY)
            for doc_id, dw in zip(ids, values, strict=True):
                dots[doc_id] = dots.get(doc_id, 0.0) + dw * w
        square = sum(w * w for w in weights.values())
        floor = WORD_FLOOR * math.sqrt(square)
        return {d: dot for d, dot in dots.items() if dot >= floor}, square
