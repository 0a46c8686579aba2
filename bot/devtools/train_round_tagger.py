"""Train the round tagger: ``python -m bot.devtools.train_round_tagger`` (``train`` extra).

Learns from every labelled side in ``rules_data/rounds/*.toml`` (``--without NAME`` leaves a
file out, to measure the tagger on a set it never saw, with ``--out`` somewhere else than
the shipped file) a multinomial logistic regression over ``round_tagger.features``, and the
role-to-role transitions for the Viterbi pass, and writes ``rules_data/model/round_tagger.npz``.
The file records a hash of its training data and settings (``training_hash``):
``tests/rules/test_round_tagger.py`` recomputes it and fails when the shipped weights are
stale. Same inputs, same file.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import tomllib
from pathlib import Path

import numpy as np

from bot.devtools.round_labels import rounds_dir
from bot.talk.round_tagger import DIM, FEATURES_VERSION, ROLES, RoundTagger, buckets, model_path

C = 8.0
"""Inverse regularisation of the logistic regression."""
TRANSITIONS = "ratio"
"""A transition is log P(role | role before) / P(role): see ``train``."""
TRANSITION_WEIGHT = 0.5
"""How much the role before a word counts beside the word's own features: the features
already see the neighbours, so the transitions only break ties."""


def training_files(without: tuple[str, ...] = ()) -> list[Path]:
    return sorted(p for p in rounds_dir().glob("*.toml") if p.stem not in without)


def training_hash(files: list[Path]) -> str:
    """sha256 of the labelled files (by name and content) and the settings."""
    digest = hashlib.sha256(
        f"{FEATURES_VERSION} {DIM} {C} {TRANSITION_WEIGHT} {TRANSITIONS}".encode()
    )
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load(files: list[Path]) -> list[tuple[str, list[str], list[str]]]:
    out = []
    for path in files:
        for side in tomllib.loads(path.read_text(encoding="utf-8")).get("side", []):
            out.append((side["lang"], side["words"], side["roles"]))
    return out


def train(files: list[Path]) -> RoundTagger:
    # the train extra, imported here: the tests read training_hash with the dev extra alone
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression

    sides = load(files)
    index = {role: k for k, role in enumerate(ROLES)}
    rows: list[int] = []
    cols: list[int] = []
    labels: list[int] = []
    transitions = np.ones((len(ROLES), len(ROLES)))
    start = np.ones(len(ROLES))
    for lang, words, roles in sides:
        for found, role in zip(buckets(words, lang), roles, strict=True):
            rows += [len(labels)] * len(found)
            cols += found
            labels.append(index[role])
        start[index[roles[0]]] += 1
        for a, b in itertools.pairwise(roles):
            transitions[index[a], index[b]] += 1
    matrix = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(labels), DIM))
    seen = np.unique(cols)
    model = LogisticRegression(C=C, max_iter=2000)
    model.fit(matrix[:, seen], np.asarray(labels))
    weights = np.zeros((len(seen), len(ROLES)), dtype=np.float32)
    bias = np.full(len(ROLES), -30.0, dtype=np.float32)  # a role never seen is never chosen
    for k, role in enumerate(model.classes_):
        weights[:, role] = model.coef_[k]
        bias[role] = model.intercept_[k]
    # the word probabilities are posteriors, which already hold how common each role is: a
    # transition adds only how much likelier a role is after another than it is at all
    prior = transitions.sum(axis=0) / transitions.sum()
    log_t = np.log(transitions / transitions.sum(axis=1, keepdims=True) / prior)
    log_s = np.log(start / start.sum() / prior)
    log_t, log_s = log_t * TRANSITION_WEIGHT, log_s * TRANSITION_WEIGHT
    arrays = {
        "rows": seen.astype(np.int32),
        "weights": weights.astype(np.float16),
        "bias": bias,
        "transitions": log_t.astype(np.float32),
        "start": log_s.astype(np.float32),
    }
    meta: dict[str, object] = {
        "features": FEATURES_VERSION,
        "dim": DIM,
        "roles": list(ROLES),
        "data_hash": training_hash(files),
        "files": [p.stem for p in files],
    }
    return RoundTagger(arrays, meta)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--without", action="append", default=[], help="a rounds file to leave out")
    parser.add_argument("--out", type=Path, default=None, help="where to write (default: shipped)")
    args = parser.parse_args()
    if args.without and args.out is None:
        parser.error("--without needs --out: the shipped weights learn from every file")
    files = training_files(tuple(args.without))
    tagger = train(files)
    out = args.out or model_path()
    tagger.save(out)
    print(f"{out}: {len(tagger.rows)} feature rows from {', '.join(p.stem for p in files)}")


if __name__ == "__main__":
    main()
