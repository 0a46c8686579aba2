"""Train the topic model: ``python -m bot.rules.train`` (needs the ``train`` extra).

Learns from every labelled question in ``rules_data/questions/*.toml`` (small talk included,
as the class ``off_topic``) and from the topics' own texts (each title, alias and answer line
one more short example), and writes ``rules_data/model/topics.npz``. A linear SVM (liblinear,
fixed seed) over ``features.py``; its scores become probabilities through a softmax whose
temperature minimises the log loss on questions held out by question file, so a probability
means about the same for a question from a set nobody trained on. The same held-out questions
teach the chat head (``model.chat_features``: a logistic regression, small talk or not) and
set its line per language (``_chat_lines``): a line learned on questions the SVM knew would
trust its scores far more than a new question deserves.

The file records a hash of the training inputs (``training_hash``): the test in
``tests/rules/test_model.py`` recomputes it and fails when the shipped weights are stale.
Same inputs give the same file.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from bot.rules.examples import OFF_TOPIC, Example, example_files, load_examples
from bot.rules.features import (
    DIM,
    FEATURIZER_VERSION,
    bucket_positions,
    counts,
    vector_and_shares,
    words,
)
from bot.rules.model import CHAT_FEATURES, TopicModel, chat_features, model_path
from bot.rules.topics import LANGS, all_topics
from bot.talk.text import written_forms

C = 0.5
"""The SVM's regularisation: leaving each question set out in turn, 0.3-1.0 were within a few
tenths of a point (``python -m bot.rules.evaluate``)."""
TOPIC_TEXT_WEIGHT = 0.5
"""A topic text line counts half a player's question: it is written in the topic's words,
which players use less than the answer's author thinks."""
GAME_NAME = {"en": "in canasta", "no": "i canasta", "da": "i canasta", "fi": "kanastassa"}
"""The game's name as players add it to a question ("are aces wild in canasta?"). Most
labelled questions with the word are about canastas, the melds, so the name alone would pull
any question there; every ``NAMED_EVERY``-th question about another topic, or of small talk, is
learned a second time with the name added, which teaches that the name says nothing about the
topic, nor that a line is a rules question at all ("that canasta was lucky lol")."""
NAMED_EVERY = 3
FOLDS = 5
SEED = 0
CHAT_C = 30.0
"""The chat head's regularisation: a logistic regression over six numbers and 14,000 held-out
questions needs little. Leaving each set out in turn (56 sets), C 1 / 3 / 10 / 30 moved
declined by under a point and top-1 by 0.1 pt, through where the lines fell."""
FALSE_DECLINE_COST = 1.75
"""A rules question declined as small talk costs this many small-talk lines answered: the
chat head's line per language is where declining more would cost more than it saves. At 1.0
- 1.25 the Finnish line falls near 0.5 (declined 96%, top-1 -0.3 pt), from 1.5 near 0.75."""
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


class Doc(NamedTuple):
    text: str
    label: str
    lang: str
    group: str
    """The question file (or "topics") it came from: held-out folds never split a file."""


def topic_docs() -> list[Doc]:
    """Each topic's title, aliases and answer lines, in every language, as short examples."""
    docs = []
    for topic in all_topics().values():
        for lang, text in topic.text.items():
            answers = [text.answer, *(v.answer for v in text.by_variant.values())]
            lines = [ln for a in answers for ln in _PLACEHOLDER.sub(" ", a).splitlines()]
            for line in [text.title, *text.aliases, *lines]:
                if line.strip():
                    docs.append(Doc(line.strip(), topic.id, lang, "topics"))
    return docs


def question_docs() -> list[Doc]:
    return [
        Doc(e.text, e.topic, e.lang, path.stem)
        for path in example_files()
        for e in load_examples(path)
    ]


def with_game_name(docs: Sequence[Doc]) -> list[Doc]:
    """Some questions and small talk again with the game's name added (``GAME_NAME``)."""
    plain = [
        d
        for d in docs
        if d.label not in {"canastas", "wild_canastas"}
        and not any(w.startswith(("canast", "kanast")) for w in words(d.text))
    ]
    rules = [d for d in plain if d.label != OFF_TOPIC][::NAMED_EVERY]
    small_talk = [d for d in plain if d.label == OFF_TOPIC][::NAMED_EVERY]
    return [*(d._replace(text=_named(d.text, GAME_NAME[d.lang])) for d in [*rules, *small_talk])]


def _named(text: str, name: str) -> str:
    """``text`` with the game's name added before its closing marks, which it keeps: the copy
    must not teach the chat head that a question mark comes with the name (``model.mood``)."""
    body = text.rstrip(" ?.!")
    return f"{body} {name}{text[len(body) :].strip()}"


def training_docs(leave_out: Sequence[Example] = ()) -> list[Doc]:
    """Everything the model learns from, except the questions ``leave_out`` (evaluation)."""
    left = {(q.lang, q.text) for q in leave_out}
    questions = [d for d in question_docs() if (d.lang, d.text) not in left]
    return [*questions, *with_game_name(questions), *topic_docs()]


def training_hash(docs: Sequence[Doc]) -> str:
    """sha256 of what the model learns from and how: a changed question, topic text, setting,
    featurizer or spoken-spelling table (the featurizer reads each spelling as its written
    word, ``written_forms``) makes the shipped weights stale."""
    settings = f"{FEATURIZER_VERSION} {DIM} {C} {TOPIC_TEXT_WEIGHT} {SEED} {NAMED_EVERY}"
    settings += f" {CHAT_C} {FALSE_DECLINE_COST} {CHAT_FEATURES}"
    digest = hashlib.sha256(settings.encode())
    digest.update(json.dumps(written_forms(), sort_keys=True).encode())
    for doc in docs:
        digest.update("\x1f".join(doc).encode() + b"\x1e")
    return digest.hexdigest()


@functools.lru_cache(maxsize=65536)
def _counts(text: str) -> tuple[Counter[int], Counter[int]]:
    """``features.counts``, kept: evaluation trains dozens of models on the same texts."""
    return counts(text)


def _matrix(docs: Sequence[Doc], rows: np.ndarray, idf: np.ndarray, unseen: float):
    from scipy.sparse import csr_matrix

    data, indices, indptr = [], [], [0]
    at = bucket_positions(rows)
    for doc in docs:
        pos, values, _ = vector_and_shares(_counts(doc.text), idf, unseen, at)
        indices.append(pos)
        data.append(values)
        indptr.append(indptr[-1] + len(pos))
    return csr_matrix(
        (np.concatenate(data), np.concatenate(indices), np.array(indptr)),
        shape=(len(docs), len(rows)),
    )


def _vocabulary(docs: Sequence[Doc]) -> tuple[np.ndarray, np.ndarray, float]:
    """(sorted buckets seen, their smoothed idf, the idf of a bucket never seen)."""
    df: Counter[int] = Counter()
    for doc in docs:
        word_counts, char_counts = _counts(doc.text)
        df.update(set(word_counts) | set(char_counts))
    rows = np.array(sorted(df), dtype=np.int64)
    n = len(docs)
    idf = np.array([math.log((1 + n) / (1 + df[r])) + 1.0 for r in rows.tolist()], np.float32)
    return rows, idf, math.log(1 + n) + 1.0


def _svm(x: object, labels: Sequence[str], weights: np.ndarray):
    from sklearn.svm import LinearSVC

    return LinearSVC(C=C, random_state=SEED, max_iter=5000).fit(x, labels, sample_weight=weights)


def _fit_temperature(scores: np.ndarray, truth: np.ndarray) -> float:
    """The softmax temperature with the least log loss on held-out scores (log-spaced grid)."""
    best, best_loss = 1.0, math.inf
    for t in np.exp(np.linspace(math.log(0.02), math.log(2.0), 60)):
        z = scores / t
        z -= z.max(axis=1, keepdims=True)
        log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        loss = -float(log_p[np.arange(len(truth)), truth].mean())
        if loss < best_loss:
            best, best_loss = float(t), loss
    return best


class HeldOut(NamedTuple):
    """Each held-out question's raw scores, its class, chat features, whether it is small
    talk, and its language."""

    scores: np.ndarray
    truth: np.ndarray
    chat: np.ndarray
    is_chat: np.ndarray
    langs: np.ndarray


def _held_out(docs: Sequence[Doc], classes: list[str]) -> HeldOut:
    """Each question scored by a model trained without its file's fold."""
    groups = sorted({d.group for d in docs if d.group != "topics"})
    fold_of = {g: i % FOLDS for i, g in enumerate(groups)}
    scores, truth, chat, langs = [], [], [], []
    off = classes.index(OFF_TOPIC)
    for fold in range(FOLDS):
        train = [d for d in docs if fold_of.get(d.group, -1) != fold]
        test = [d for d in docs if fold_of.get(d.group, -1) == fold]
        if not test:
            continue
        model = fit(train, calibration=UNCALIBRATED, languages=False)
        for d in test:
            raw = _raw_scores(model, d.text)
            scores.append(raw)
            shares = _shares(model, d.text)
            chat.append(chat_features(raw, off, shares, len(_counts(d.text)[0]), d.text))
        truth += [classes.index(d.label) for d in test]
        langs += [d.lang for d in test]
    truths = np.array(truth)
    return HeldOut(np.array(scores), truths, np.array(chat), truths == off, np.array(langs))


def _shares(model: TopicModel, text: str) -> tuple[float, float]:
    return vector_and_shares(_counts(text), model.idf, model.unseen_idf, model.at)[2]


def _raw_scores(model: TopicModel, text: str) -> np.ndarray:
    pos, values, _ = vector_and_shares(_counts(text), model.idf, model.unseen_idf, model.at)
    return values @ model.weights[pos].astype(np.float32) + model.bias


class Calibration(NamedTuple):
    """What held-out questions set for a model: the softmax temperature and the chat head
    (``model.chat_features``' weights then bias; its line per language, ``LANGS`` sorted)."""

    temperature: float
    chat_weights: tuple[float, ...]
    chat_lines: tuple[float, ...]


UNCALIBRATED = Calibration(1.0, (0.0,) * (CHAT_FEATURES + 1), (1.0,) * len(LANGS))
"""For the fold models that only score held-out questions: the chat head declines nothing."""


def calibrate(held: HeldOut) -> Calibration:
    """The temperature, and the chat head learned on the held-out questions with its line
    for each language (``_chat_lines``)."""
    from sklearn.linear_model import LogisticRegression

    head = LogisticRegression(C=CHAT_C, max_iter=1000).fit(held.chat, held.is_chat)
    chat = head.predict_proba(held.chat)[:, 1]
    weights = (*map(float, head.coef_[0]), float(head.intercept_[0]))
    return Calibration(_fit_temperature(held.scores, held.truth), weights, _chat_lines(chat, held))


def _chat_lines(chat: np.ndarray, held: HeldOut) -> tuple[float, ...]:
    """Per language (``LANGS`` sorted), the chat probability from which a line is declined:
    on the held-out questions of that language, the line that declines the most small talk
    for the fewest rules questions (``FALSE_DECLINE_COST``). Per language, since the head's
    probabilities do not mean the same in each: Danish chat shares more words with Norwegian
    rules questions than English chat with English ones."""
    lines = []
    for lang in sorted(LANGS):
        mine = held.langs == lang
        p, is_chat = chat[mine], held.is_chat[mine]
        order = np.argsort(-p, kind="stable")
        gain = np.cumsum(np.where(is_chat[order], 1.0, -FALSE_DECLINE_COST))
        best = int(np.argmax(gain))
        # halfway to the next question's probability: a line not fitted to one question
        after = p[order[best + 1]] if best + 1 < len(order) else 0.0
        lines.append(float((p[order[best]] + after) / 2) if gain[best] > 0 else 1.0)
    return tuple(lines)


def fit(
    docs: Sequence[Doc], *, calibration: Calibration | None = None, languages: bool = True
) -> TopicModel:
    """The model for ``docs``. Without a ``calibration`` it is fitted on held-out folds
    (five more trainings); evaluation passes the shipped model's to save that time, and
    skips the language head (``languages``): it grades each question in its own language."""
    rows, idf, unseen = _vocabulary(docs)
    x = _matrix(docs, rows, idf, unseen)
    weights = np.array([TOPIC_TEXT_WEIGHT if d.group == "topics" else 1.0 for d in docs])
    topic_svm = _svm(x, [d.label for d in docs], weights)
    langs = sorted(LANGS)
    lang_weights = np.zeros((len(rows), len(langs)), np.float16)
    lang_bias = np.zeros(len(langs), np.float32)
    if languages:
        lang_svm = _svm(x, [d.lang for d in docs], weights)
        assert list(lang_svm.classes_) == langs
        lang_weights, lang_bias = lang_svm.coef_.T.astype(np.float16), lang_svm.intercept_
    classes = [str(c) for c in topic_svm.classes_]
    arrays = {
        "rows": rows.astype(np.int32),
        "idf": idf,
        "weights": topic_svm.coef_.T.astype(np.float16),
        "bias": topic_svm.intercept_.astype(np.float32),
        "lang_weights": lang_weights,
        "lang_bias": lang_bias.astype(np.float32),
    }
    if calibration is None:
        calibration = calibrate(_held_out(docs, classes))
    meta: dict[str, object] = {
        "classes": classes,
        "langs": langs,
        "temperature": calibration.temperature,
        "chat_weights": list(calibration.chat_weights),
        "chat_lines": list(calibration.chat_lines),
        "unseen_idf": unseen,
        "featurizer": FEATURIZER_VERSION,
        "dim": DIM,
        "data_hash": training_hash(docs),
    }
    return TopicModel(arrays, meta)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    docs = training_docs()
    model = fit(docs)
    path = model_path()
    model.save(path)
    print(
        f"{len(docs)} examples, {len(model.classes)} classes, {len(model.rows)} buckets, "
        f"temperature {model.temperature:.3f}, chat lines "
        + " ".join(f"{lang} {line:.2f}" for lang, line in model.chat_lines.items())
        + f", {path.stat().st_size / 1024:.0f} KiB -> {path}"
    )


if __name__ == "__main__":
    main()
