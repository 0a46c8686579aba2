"""The shipped topic model: a linear classifier over ``features.py``, read from one ``.npz``.

``python -m bot.rules.train`` learns it from the labelled questions and the topic texts and
writes ``rules_data/model/topics.npz``; answering needs only numpy. Scores are turned into
probabilities by a softmax whose temperature was fitted on held-out questions, so "0.9" means
about nine in ten such answers are right, and the reply kinds (``answer.decide``) rest on it.
Small talk is one more class (``examples.OFF_TOPIC``). Whether to decline a line as small talk
is a third, two-class head over a few numbers of the question (``chat_features``): how far
small talk's score is ahead of the best topic's, how far the best topic is ahead of the next,
how much of the question's words training knew, and its length. Its weights and a line per
language were fitted on questions held out at training time (``bot.devtools.train_topics``).
A second, four-class head tells the question's language for a reply when the user's locale
does not say.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from bot.rules.examples import OFF_TOPIC
from bot.rules.features import (
    DIM,
    FEATURIZER_VERSION,
    bucket_positions,
    counts,
    vector_and_shares,
)
from bot.scoring.variants import rules_data_dir
from bot.weights import read_weights, save_weights

ARRAYS = ("rows", "idf", "weights", "bias", "lang_weights", "lang_bias")


def model_path() -> Path:
    return rules_data_dir() / "model" / "topics.npz"


CHAT_FEATURES = 8


def chat_features(
    scores: NDArray, off: int, shares: tuple[float, float], word_count: int, text: str
) -> NDArray[np.float64]:
    """What the chat head reads of a question: small talk's raw score minus the best topic's,
    the best topic's lead over the next, the best topic's score, the known shares of the
    word and character groups (``features.vector_and_shares``), the log of the word features'
    count, and how the line is typed (``mood``). Raw scores, not probabilities: a softmax
    hides how little every class fits."""
    topics = scores[_others(len(scores), off)]
    top, second = np.sort(topics)[::-1][:2]
    return np.array(
        [scores[off] - top, top - second, top, *shares, np.log1p(word_count), *mood(text)],
        np.float64,
    )


@functools.lru_cache(maxsize=8)
def _others(classes: int, off: int) -> NDArray[np.intp]:
    """The indices of every class but small talk's (``np.delete`` worked out once)."""
    return np.delete(np.arange(classes), off)


def mood(text: str) -> tuple[float, float]:
    """(a question mark, an exclamation mark or an emoji) in the line: 1.0 or 0.0 each.

    Why: the topic model reads folded words, which drop punctuation and symbols, and with
    them most of what tells "three red threes in one deal, on fire tonight 🔥" (chat) from
    "three red threes, what are they worth?" (a question) with the same game words. The
    chat head's weights for the two are learned from the held-out lines like the rest.
    (As word features of the topic model they cost declined lines: tried 2026-12-02.)"""
    asked = "?" in text
    # no ASCII character is a symbol of category So: only the others are looked up
    exclaimed = "!" in text or (
        not text.isascii() and any(unicodedata.category(ch) == "So" for ch in text)
    )
    return float(asked), float(exclaimed)


@dataclass(frozen=True)
class Prediction:
    ranking: tuple[tuple[str, float], ...]
    """Every class (topics and ``off_topic``) with its probability, best first."""
    language: str | None
    """The language the question reads as, or None when none of its features is known."""
    chat: float = 0.0
    """The chat head's probability that the line is small talk, not a rules question."""


class StaleModelError(Exception):
    """The weights file was made by another featurizer: retrain (``python -m bot.rules.train``)."""


class TopicModel:
    """Weights for the buckets training saw (``rows``, sorted), one column per class."""

    def __init__(self, arrays: dict[str, NDArray], meta: dict[str, object]) -> None:
        if meta.get("featurizer") != FEATURIZER_VERSION or meta.get("dim") != DIM:
            raise StaleModelError("the topic model is stale: run `python -m bot.rules.train`")
        self.arrays = arrays
        self.meta = meta
        self.rows = arrays["rows"].astype(np.int64)
        self.at = bucket_positions(self.rows)
        """Each bucket's row, -1 for one training never saw (``features.bucket_positions``)."""
        self.idf = arrays["idf"]
        self.weights = arrays["weights"]  # float16, as shipped: a question reads ~200 rows
        self.bias = arrays["bias"].astype(np.float32)
        self.lang_weights = arrays["lang_weights"]
        self.lang_bias = arrays["lang_bias"].astype(np.float32)
        self.classes: tuple[str, ...] = tuple(meta["classes"])  # type: ignore[call-overload]
        self.langs: tuple[str, ...] = tuple(meta["langs"])  # type: ignore[call-overload]
        self.temperature = float(meta["temperature"])  # type: ignore[arg-type]
        self.unseen_idf = float(meta["unseen_idf"])  # type: ignore[arg-type]
        self.chat_weights = np.asarray(meta["chat_weights"], np.float64)
        """The chat head: one weight per ``chat_features`` value, then its bias."""
        self.chat_lines = dict(zip(self.langs, meta["chat_lines"], strict=True))  # type: ignore[call-overload]
        """Per language, the chat head's probability from which a line is declined."""
        self.off = self.classes.index(OFF_TOPIC)

    @property
    def data_hash(self) -> str:
        return str(self.meta["data_hash"])

    def chat_line(self, lang: str) -> float:
        """The chat head's probability from which a question in ``lang`` is declined."""
        return float(self.chat_lines.get(lang, max(self.chat_lines.values())))

    def predict(self, text: str) -> Prediction:
        grams = counts(text)
        pos, values, shares = vector_and_shares(grams, self.idf, self.unseen_idf, self.at)
        scores = values @ self.weights[pos].astype(np.float32) + self.bias
        features = chat_features(scores, self.off, shares, len(grams[0]), text)
        z = float(features @ self.chat_weights[:-1] + self.chat_weights[-1])
        chat = 1.0 / (1.0 + np.exp(-z))
        exp = np.exp((scores - scores.max()) / self.temperature)
        probs = (exp / exp.sum()).tolist()
        order = sorted(range(len(probs)), key=lambda i: (-probs[i], self.classes[i]))
        language = None
        if len(pos):
            lang_scores = values @ self.lang_weights[pos].astype(np.float32) + self.lang_bias
            language = self.langs[int(lang_scores.argmax())]
        return Prediction(tuple((self.classes[i], probs[i]) for i in order), language, chat)

    def save(self, path: Path) -> None:
        """Write the model byte for byte the same for the same weights (``bot.weights``)."""
        save_weights(path, self.arrays, self.meta)

    @classmethod
    def read(cls, path: Path) -> TopicModel:
        arrays, meta = read_weights(path, ARRAYS)
        return cls(arrays, meta)


@functools.cache
def shipped_model() -> TopicModel:
    """The model shipped in ``rules_data/model``, read once per process."""
    return TopicModel.read(model_path())
