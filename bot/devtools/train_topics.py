"""Train the topic model: ``python -m bot.rules.train`` (needs the ``train`` extra).

Learns from every labelled question in ``rules_data/questions/*.toml`` (small talk included,
as the class ``off_topic``) and from the topics' own texts (each title, alias and answer line
one more short example), and writes ``rules_data/model/topics.npz``. A linear SVM (liblinear,
fixed seed) over ``features.py``; its scores become probabilities through a softmax whose
temperature minimises the log loss on questions held out by question file, so a probability
means about the same for a question from a set nobody trained on.

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
from bot.rules.features import DIM, FEATURIZER_VERSION, counts, vector, words
from bot.rules.model import TopicModel, model_path
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
    return [
        *(d._replace(text=f"{d.text.rstrip(' ?.!')} {GAME_NAME[d.lang]}?") for d in rules),
        *(d._replace(text=f"{d.text.rstrip(' ?.!')} {GAME_NAME[d.lang]}") for d in small_talk),
    ]


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
    for doc in docs:
        pos, values = vector(_counts(doc.text), rows, idf, unseen)
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


def _held_out_scores(docs: Sequence[Doc], classes: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Decision scores of each question from a model trained without its file's fold."""
    groups = sorted({d.group for d in docs if d.group != "topics"})
    fold_of = {g: i % FOLDS for i, g in enumerate(groups)}
    scores, truth = [], []
    for fold in range(FOLDS):
        train = [d for d in docs if fold_of.get(d.group, -1) != fold]
        test = [d for d in docs if fold_of.get(d.group, -1) == fold]
        if not test:
            continue
        model = fit(train, temperature=1.0, languages=False)
        scores.append(np.array([_raw_scores(model, d.text) for d in test]))
        truth += [classes.index(d.label) for d in test]
    return np.concatenate(scores), np.array(truth)


def _raw_scores(model: TopicModel, text: str) -> np.ndarray:
    pos, values = vector(_counts(text), model.rows, model.idf, model.unseen_idf)
    return values @ model.weights[pos].astype(np.float32) + model.bias


def fit(
    docs: Sequence[Doc], *, temperature: float | None = None, languages: bool = True
) -> TopicModel:
    """The model for ``docs``. Without a ``temperature`` it is fitted on held-out folds
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
    meta: dict[str, object] = {
        "classes": classes,
        "langs": langs,
        "temperature": temperature or 1.0,
        "unseen_idf": unseen,
        "featurizer": FEATURIZER_VERSION,
        "dim": DIM,
        "data_hash": training_hash(docs),
    }
    if temperature is None:
        meta["temperature"] = _fit_temperature(*_held_out_scores(docs, classes))
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
        f"temperature {model.temperature:.3f}, {path.stat().st_size / 1024:.0f} KiB -> {path}"
    )


if __name__ == "__main__":
    main()
