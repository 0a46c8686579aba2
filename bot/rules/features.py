"""What the topic model sees of a question: hashed word 1-2-grams and character 2-5-grams.

One pure-Python function serves training (``bot.rules.train``) and answering (``model.py``),
so the two can never disagree about what a question's features are. Text is normalised and
folded (``text.normalise``, ``text.fold``: "åpne" and "apne" meet). Word pairs catch phrases
("red three", "vi er tre"); character n-grams inside each word catch inflections, compounds and
typos ("kastebunken", "kanastaan", "canastra") in all four languages without a stemmer. Dialect
("kor mykje": ``text.written_forms``) also adds the words read as written ("hvor mye").

A question that names a variant or a player count ("just the two of us", "kahestaan", "in
Cuban": ``variant_words.named_variant``) also gets each of its words paired with that variant.
The same words mean another topic there: "how many canastas to go out" is the going-out rule,
but with two players it is the two-player game's own requirement, which its overview states
(``rules_data/LABELLING.md``). A linear model cannot learn that from the words alone; with the
pairs it learns it from the labelled questions. (Snowball stems as extra word features were
tried and left out: leaving each question set out in turn, top-1 fell 0.2 points.)

Features are hashed into ``DIM`` buckets (CRC-32, stable across processes and machines), so
the shipped model needs no vocabulary, only the weights of the buckets training saw.
"""

from __future__ import annotations

import functools
import itertools
import math
import zlib
from collections import Counter
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from bot.scoring import all_variants
from bot.talk.text import fold, normalise, tokens, written_forms
from bot.talk.variant_words import DEFAULT_VARIANT, named_variant

FEATURIZER_VERSION = "3"
"""Bump when anything below changes what a text's features are: the shipped model is then
stale (``tests/rules/test_model.py``) until ``python -m bot.rules.train`` is run."""
DIM = 1 << 18
CHAR_SIZES = (2, 3, 4, 5)
MAX_CHARS = 400
"""Longer input is cut: a rules question is a sentence, and this bounds the work per query."""


def words(text: str) -> list[str]:
    """The folded word tokens of ``text``, as every part of the model reads them."""
    return tokens(fold(normalise(text[:MAX_CHARS])))


def _bucket(feature: str) -> int:
    return zlib.crc32(feature.encode()) % DIM


def variant_group(text: str) -> str | None:
    """The variant ``text`` names, as the features name it: variants for the same number of
    players share one name ("6p": six in pairs or in teams), one for four players keeps its
    own ("cuban"); None when it names none or the classic game."""
    named = named_variant(text[:MAX_CHARS])
    if not named or named == DEFAULT_VARIANT:
        return None
    players = all_variants()[named].players
    return named if players == all_variants()[DEFAULT_VARIANT].players else f"{players}p"


def _word_grams(seen: Sequence[str]) -> list[str]:
    return [f"w {w}" for w in seen] + [f"b {a} {b}" for a, b in itertools.pairwise(seen)]


def counts(text: str) -> tuple[Counter[int], Counter[int]]:
    """(word 1-2-gram buckets, character 2-5-gram buckets) of ``text``, with their counts.

    The two groups hash with different prefixes and are weighted apart (``vector_and_shares``):
    a short question has a few words and many character n-grams, and each group should count
    alike.
    A named variant adds itself and each word paired with it to the word group; a spoken
    spelling, the question's words and pairs read with the written word."""
    seen = words(text)
    word_feats = _word_grams(seen)
    read = {tuple(map(table.get, seen, seen)) for table in written_forms()} - {tuple(seen)}
    word_feats += sorted({f for other in read for f in _word_grams(other)} - set(word_feats))
    group = variant_group(text)
    if group:
        word_feats += [f"v {group}", *(f"v {group} {w}" for w in seen)]
    # one count over every word's buckets, in the same order as word by word
    chars: Counter[int] = Counter(itertools.chain.from_iterable(map(_char_buckets, seen)))
    return Counter(map(_bucket, word_feats)), chars


@functools.lru_cache(maxsize=1 << 16)
def _char_buckets(word: str) -> tuple[int, ...]:
    """The buckets of one word's character 2-5-grams. Remembered per word: the same few
    thousand words make up nearly every question, and hashing their n-grams was a third of
    the model's time per question."""
    padded = f" {word} "
    return tuple(
        _bucket(f"c {padded[i : i + n]}") for n in CHAR_SIZES for i in range(len(padded) - n + 1)
    )


Groups = tuple[Counter[int], Counter[int]]

_TF = np.array([0.0, *(1.0 + math.log(c) for c in range(1, 64))])
"""Sublinear tf, ``1 + log(count)``, for the counts a question has (the same floats as
``math.log`` gives one by one: looked up, not worked out per bucket)."""


def bucket_positions(rows: NDArray[np.int64]) -> NDArray[np.int32]:
    """Each of the ``DIM`` buckets' position in ``rows`` (sorted, each bucket once), -1 for a
    bucket training never saw: one look-up per bucket of a question instead of a binary
    search of the ~85,000 rows (a third of the model's numpy time)."""
    if len(rows) and not (np.all(np.diff(rows) > 0) and rows[0] >= 0 and rows[-1] < DIM):
        raise ValueError("rows must be distinct buckets below DIM, sorted")
    at = np.full(DIM, -1, np.int32)
    at[rows] = np.arange(len(rows), dtype=np.int32)
    return at


def _group(
    group: Counter[int],
    idf: NDArray[np.float32],
    unseen_idf: float,
    at: NDArray[np.int32],
) -> tuple[NDArray[np.int64], NDArray[np.float64]] | None:
    """One non-empty group as (positions in the model's rows, values) of its known buckets;
    ``at``: ``bucket_positions`` of those rows."""
    if not group:
        return None
    buckets = np.fromiter(group.keys(), dtype=np.int64, count=len(group))
    seen = np.fromiter(group.values(), dtype=np.int64, count=len(group))
    if seen.max() < len(_TF):
        tf = _TF[seen]
    else:
        tf = np.fromiter((1.0 + math.log(c) for c in group.values()), float, count=len(group))
    found = at[buckets]
    known = found >= 0
    weights = tf * np.where(known, idf[found], unseen_idf)
    weights /= math.sqrt(float(weights @ weights))
    return found[known].astype(np.int64), weights[known]


def vector_and_shares(
    grams: Groups,
    idf: NDArray[np.float32],
    unseen_idf: float,
    at: NDArray[np.int32],
) -> tuple[NDArray[np.int64], NDArray[np.float64], tuple[float, float]]:
    """A question's ``counts`` as (positions in the model's rows, values) for the buckets
    training saw, and how much of each group training knew; ``at``:
    ``bucket_positions`` of those rows.

    Each group is TF-IDF weighted (sublinear tf) and L2-normalised on its own, buckets training
    never saw counting in the length with ``unseen_idf``: a question made of words nobody used
    has a small vector and so low scores for every topic. The shares are the length of each
    group's known part (0-1): "a concealed hand in Mah Jongg" has two words nobody used,
    which a topic's score alone does not show; an empty group knows nothing."""
    groups = [_group(g, idf, unseen_idf, at) for g in grams]
    shares = tuple(math.sqrt(float(g[1] @ g[1])) if g else 0.0 for g in groups)
    found = [g for g in groups if g is not None]
    if not found:
        return np.empty(0, np.int64), np.empty(0), (shares[0], shares[1])
    pos = np.concatenate([p for p, _ in found])
    return pos, np.concatenate([v for _, v in found]), (shares[0], shares[1])
