"""Character 3-5-gram channel: cosine similarity of TF-IDF vectors of diacritic-folded text.

Words are matched by their pieces, which is what catches what stems miss: compounds
("jokerkanasta", "avaussarja"), Finnish case endings the stemmer leaves alone, typos too short
for the fuzzy corrector, and "apne" typed for "åpne". Each title and each alias is its own short
document, and a topic scores the best of them, so one close phrasing is enough.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from bot.rules.text import fold, normalise, tokens

NGRAM_SIZES = (3, 4, 5)


def ngrams(text: str) -> Counter[str]:
    """3-5-grams of each word padded with spaces (word-bounded, like scikit-learn's char_wb)."""
    grams: Counter[str] = Counter()
    for word in tokens(fold(normalise(text))):
        padded = f" {word} "
        for n in NGRAM_SIZES:
            if len(padded) < n:
                continue
            grams.update(padded[i : i + n] for i in range(len(padded) - n + 1))
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
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for doc_id, grams in enumerate(counts):
            weights = {g: (1.0 + math.log(tf)) * self.idf[g] for g, tf in grams.items()}
            length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
            for g, w in weights.items():
                self.postings.setdefault(g, []).append((doc_id, w / length))

    def scores(self, text: str) -> dict[int, float]:
        """Document id -> cosine similarity with ``text`` (n-grams unknown to the index count
        in the question's length, so a long off-topic question scores low)."""
        grams = ngrams(text)
        weights: dict[str, float] = {}
        for g, tf in grams.items():
            weights[g] = (1.0 + math.log(tf)) * self.idf.get(g, self._unseen_idf)
        length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        out: dict[int, float] = {}
        for g, w in weights.items():
            for doc_id, dw in self.postings.get(g, ()):
                out[doc_id] = out.get(doc_id, 0.0) + dw * w / length
        return out

    @property
    def _unseen_idf(self) -> float:
        return math.log(1 + self.n) + 1.0
