"""A learned reader of one side's words: each word of a round said aloud gets a role.

Why learned: the rule reader (``round_talk``) reads by the lexicon's phrases and so reads
only the phrasings someone wrote down; players say a round in many more ways ("satt igjen
med", "kom aldri ned", "r3"). A linear model over each word's character n-grams and its
neighbours' (``features``) carries what it learned from labelled rounds
(``rules_data/rounds/*.toml``) to inflections, typos and word orders nobody listed.

Roles (``ROLES``): ``MELD`` the side's table points, ``HAND`` points left in a hand (every
hand named is summed), ``N_NAT``/``N_MIX``/``N_RED`` a count of natural canastas, mixed
canastas or red threes (the word's own value: "two", "2", "ingen", "x2"), ``K_NAT``/``K_MIX``/
``K_RED`` a kind said with no count before it (one: "a clean and a dirty"), ``OUT`` going
out, ``CONC`` going out concealed, ``NOMELD`` nothing laid down, ``O`` none of these.

The weights are trained by ``python -m bot.devtools.train_round_tagger`` into
``rules_data/model/round_tagger.npz``; reading needs only numpy. A Viterbi pass over a
learned matrix of role-to-role transitions picks the roles of the whole side at once, and
each word keeps the model's own probability for its role, so the reader can ask instead of
guessing where the model is not sure (``round_assemble``).
"""

from __future__ import annotations

import functools
import itertools
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import vocabulary
from bot.talk.round_words import GAP, count_of
from bot.talk.text import fold, normalise
from bot.weights import read_weights, save_weights

FEATURES_VERSION = "2"
"""Bump when ``features`` changes: the shipped weights are then stale (tests/rules)."""
DIM = 1 << 18
ROLES = (
    "O",
    "MELD",
    "HAND",
    "N_NAT",
    "N_MIX",
    "N_RED",
    "K_NAT",
    "K_MIX",
    "K_RED",
    "OUT",
    "CONC",
    "NOMELD",
)
WINDOW = 2
"""Neighbours on each side whose words and shapes are features of a word."""
CHAR_SIZES = (2, 3, 4)
ARRAYS = ("rows", "weights", "bias", "transitions", "start")


def shape(word: str, lang: str | None) -> str:
    """What kind of token a word is, by its form alone: a clause gap, a count (digits up to
    ten, or a count word of ``lang``), points (a multiple of five from 15; "big" from 55,
    where table points usually are), another number, or a word."""
    if word == GAP:
        return "gap"
    if word.isdecimal():
        value = int(word)
        if value <= 10:
            return "count"
        if value % 5:
            return "odd"
        return "big" if value > 50 else "pts"
    if len(word) == 2 and word[0] == "x" and word[1].isdecimal():
        return "times"
    return "cword" if count_of(word, lang) else "word"


FIELDS = (
    "natural", "mixed", "three", "went_out", "negation", "concealed", "hand_after",
    "hand_before", "table_after", "table_before", "no_meld", "canasta", "none", "score",
    "out", "vague", "points", "we", "they",
)  # fmt: skip
"""The lexicon's round fields whose words are features: a word listed for "hand_after" in
one language and one listed for it in another share a feature, so what the tagger learns
of "left" carries to "igjen", "tilbage" and "jäljellä"."""


@functools.cache
def _lexicon_words(
    lang: str | None,
) -> tuple[dict[str, frozenset[str]], tuple[tuple[str, str], ...]]:
    """(word -> the round fields it is listed in, (stem, field) of "word*" phrases) of
    ``lang`` (every language's when None), folded as the words are."""
    words: dict[str, set[str]] = {}
    stems: set[tuple[str, str]] = set()
    for code, lexicon in vocabulary().lexicons.items():
        if lang is not None and code != lang:
            continue
        lists = {name: getattr(lexicon.round, name) for name in FIELDS}
        lists["red"] = lexicon.colours.red
        for name, phrases in lists.items():
            for raw in (w for p in phrases for w in fold(normalise(p)).split()):
                if raw.endswith("*"):
                    stems.add((raw.rstrip("*"), name))
                elif raw != "~":
                    words.setdefault(raw, set()).add(name)
    return {w: frozenset(f) for w, f in words.items()}, tuple(sorted(stems))


@functools.lru_cache(maxsize=1 << 14)
def lexicon_fields(word: str, lang: str | None) -> frozenset[str]:
    """The round fields of ``lang``'s lexicon that list ``word`` (or a stem it starts with)."""
    words, stems = _lexicon_words(lang)
    found = set(words.get(word, ()))
    found.update(name for stem, name in stems if word.startswith(stem))
    return frozenset(found)


def features(words: list[str], lang: str | None) -> list[list[str]]:
    """The feature strings of every word of one side's words (folded, numbers as digits,
    ``GAP`` between clauses): its own word, character n-grams, shape and lexicon fields;
    its neighbours' words, 4-letter prefixes, shapes and lexicon fields up to ``WINDOW``
    away."""
    shapes = [shape(w, lang) for w in words]
    fields = [sorted(lexicon_fields(w, lang)) for w in words]
    out: list[list[str]] = []
    for i, word in enumerate(words):
        feats = ["bias", f"s0 {shapes[i]}", f"l {lang}"]
        feats += [f"x0 {name}" for name in fields[i]]
        if shapes[i] in ("word", "cword"):
            feats.append(f"w0 {word}")
            padded = f" {word} "
            for n in CHAR_SIZES:
                feats += [f"c{n} {padded[k : k + n]}" for k in range(len(padded) - n + 1)]
        for d in range(-WINDOW, WINDOW + 1):
            if d == 0:
                continue
            j = i + d
            if 0 <= j < len(words):
                other = words[j]
                feats.append(f"s{d} {shapes[j]}")
                feats += [f"x{d} {name}" for name in fields[j]]
                if shapes[j] in ("word", "cword"):
                    feats += [f"w{d} {other}", f"p{d} {other[:4]}", f"e{d} {other[-3:]}"]
            else:
                feats.append(f"s{d} edge")
        feats.append(f"ss {shapes[i - 1] if i else 'edge'} {shapes[i]}")
        feats.append(f"sn {shapes[i]} {shapes[i + 1] if i + 1 < len(words) else 'edge'}")
        out.append(feats)
    return out


def bucket(feature: str) -> int:
    return zlib.crc32(feature.encode()) % DIM


def buckets(words: list[str], lang: str | None) -> list[list[int]]:
    """The feature buckets of every word (``features``, hashed), sorted. Each feature is the
    word's own, a neighbour's at its distance, or a pair of shapes: the buckets are built
    from those parts, each kept per word (``_own``, ``_near``), not hashed anew for every
    word of every sentence; the same buckets as hashing ``features``."""
    shapes = [_shape(w, lang) for w in words]
    common = _common(lang)
    out: list[list[int]] = []
    last = len(words) - 1
    for i, word in enumerate(words):
        found = set(common)
        found |= _own(word, lang)
        for d in _OFFSETS:
            j = i + d
            found |= _near(words[j], d, lang) if 0 <= j <= last else _edge(d)
        found.add(_pair("ss", shapes[i - 1] if i else "edge", shapes[i]))
        found.add(_pair("sn", shapes[i], shapes[i + 1] if i < last else "edge"))
        out.append(sorted(found))
    return out


_OFFSETS = tuple(d for d in range(-WINDOW, WINDOW + 1) if d)
WORD_CACHE = 1 << 14
"""Words whose feature buckets are kept (each of the four distances apart): a few MiB."""


@functools.lru_cache(maxsize=WORD_CACHE)
def _shape(word: str, lang: str | None) -> str:
    return shape(word, lang)


@functools.lru_cache(maxsize=16)
def _common(lang: str | None) -> frozenset[int]:
    return frozenset((bucket("bias"), bucket(f"l {lang}")))


@functools.lru_cache(maxsize=16)
def _edge(d: int) -> frozenset[int]:
    return frozenset((bucket(f"s{d} edge"),))


@functools.lru_cache(maxsize=1024)
def _pair(kind: str, first: str, second: str) -> int:
    return bucket(f"{kind} {first} {second}")


@functools.lru_cache(maxsize=WORD_CACHE)
def _own(word: str, lang: str | None) -> frozenset[int]:
    """The buckets of a word's own features (``features``: shape, fields, word, n-grams)."""
    kind = _shape(word, lang)
    feats = [f"s0 {kind}", *(f"x0 {name}" for name in sorted(lexicon_fields(word, lang)))]
    if kind in ("word", "cword"):
        feats.append(f"w0 {word}")
        padded = f" {word} "
        for n in CHAR_SIZES:
            feats += [f"c{n} {padded[k : k + n]}" for k in range(len(padded) - n + 1)]
    return frozenset(map(bucket, feats))


@functools.lru_cache(maxsize=WORD_CACHE * len(_OFFSETS))
def _near(other: str, d: int, lang: str | None) -> frozenset[int]:
    """The buckets a neighbour ``d`` words away gives a word (``features``)."""
    kind = _shape(other, lang)
    feats = [f"s{d} {kind}", *(f"x{d} {name}" for name in sorted(lexicon_fields(other, lang)))]
    if kind in ("word", "cword"):
        feats += [f"w{d} {other}", f"p{d} {other[:4]}", f"e{d} {other[-3:]}"]
    return frozenset(map(bucket, feats))


def model_path() -> Path:
    return rules_data_dir() / "model" / "round_tagger.npz"


class StaleTaggerError(Exception):
    """The weights were made by another ``features``: retrain the round tagger."""


@dataclass(frozen=True)
class Tagged:
    """Each word's role and the model's probability for it."""

    roles: tuple[str, ...]
    confidence: tuple[float, ...]


class RoundTagger:
    """Weights of the feature buckets training saw (``rows``, sorted), one column per role,
    and log-probabilities of one role following another (``transitions``, ``start``)."""

    def __init__(self, arrays: dict[str, NDArray], meta: dict[str, object]) -> None:
        if meta.get("features") != FEATURES_VERSION or meta.get("dim") != DIM:
            raise StaleTaggerError("run `python -m bot.devtools.train_round_tagger`")
        self.arrays = arrays
        self.meta = meta
        self.rows = arrays["rows"].astype(np.int64)
        self.weights = arrays["weights"].astype(np.float32)
        self.bias = arrays["bias"].astype(np.float32)
        self.transitions = arrays["transitions"].astype(np.float32)
        self.start = arrays["start"].astype(np.float32)
        self.roles: tuple[str, ...] = tuple(meta["roles"])  # type: ignore[call-overload]

    @property
    def data_hash(self) -> str:
        return str(self.meta["data_hash"])

    def probabilities(self, words: list[str], lang: str | None) -> NDArray[np.float32]:
        """(words x roles) probabilities of each word's role on its own (a softmax)."""
        scores = np.tile(self.bias, (len(words), 1))
        found = buckets(words, lang)
        # every word's buckets looked up at once; each word's known weights are then summed
        # in bucket order, as one word at a time would (the same float32 sums)
        flat = np.fromiter((b for f in found for b in f), dtype=np.int64)
        pos = np.searchsorted(self.rows, flat)
        pos[pos >= len(self.rows)] = 0
        known = self.rows[pos] == flat
        start = 0
        for i, end in enumerate(itertools.accumulate(map(len, found))):
            scores[i] += self.weights[pos[start:end][known[start:end]]].sum(axis=0)
            start = end
        scores -= scores.max(axis=1, keepdims=True)
        exp = np.exp(scores)
        return exp / exp.sum(axis=1, keepdims=True)

    def tag(self, words: list[str], lang: str | None) -> Tagged:
        """The most likely roles of the whole sequence (Viterbi over the word probabilities
        and the transitions), each with the probability the model gave it on its own."""
        if not words:
            return Tagged((), ())
        probs = self.probabilities(words, lang)
        emit = np.log(np.maximum(probs, 1e-9))
        score = self.start + emit[0]
        back: list[NDArray[np.int64]] = []
        for i in range(1, len(words)):
            total = score[:, None] + self.transitions
            back.append(total.argmax(axis=0))
            score = total.max(axis=0) + emit[i]
        best = [int(score.argmax())]
        for pointers in reversed(back):
            best.append(int(pointers[best[-1]]))
        best.reverse()
        roles = tuple(self.roles[k] for k in best)
        confidence = tuple(float(probs[i, k]) for i, k in enumerate(best))
        return Tagged(roles, confidence)

    def save(self, path: Path) -> None:
        """Byte for byte the same file for the same weights (``bot.weights``)."""
        save_weights(path, self.arrays, self.meta)

    @classmethod
    def read(cls, path: Path) -> RoundTagger:
        arrays, meta = read_weights(path, ARRAYS)
        return cls(arrays, meta)


_override: list[Path | None] = []


def use_weights(path: Path | None, *, rules_only: bool = False) -> None:
    """Read rounds with the weights at ``path`` (None: the shipped ones), or with the rule
    reader alone (``rules_only``). For measuring (``benchmarks/round_say.py``): a tagger
    trained without a set, on that set, against the rule reader by itself."""
    _override[:] = [None] if rules_only else [path] if path else []
    shipped_tagger.cache_clear()


@functools.cache
def shipped_tagger() -> RoundTagger | None:
    """The weights in ``rules_data/model`` read once per process; None when there are none
    (the rule reader then reads alone)."""
    path = _override[0] if _override else model_path()
    return RoundTagger.read(path) if path is not None and path.exists() else None
