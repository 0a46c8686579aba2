"""Accuracy of the topic model, leaving each labelled set out in turn (``-m evaluation``).

The labelled question sets live in ``rules_data/questions`` and the model learns from all of
them (``python -m bot.rules.train``). The evaluation job grades every set with a model trained
on everything else (leave-one-set-out, ``python -m bot.rules.evaluate --all``): minutes of
training, so it is excluded from the default run and named in the README
(``pytest -m evaluation tests/rules``, with the ``train`` extra installed). These are not
first-run figures: the sets were run, and the search tuned, before they were labelled data.

The set in ``tests/rules`` is the current blind set: never learned from, only reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools.rules_evaluate import load_questions, table
from bot.rules.examples import OFF_TOPIC, example_files
from bot.rules.topics import LANGS, all_topics

TOP1_PER_LANGUAGE = 0.94
TOP3_OVERALL = 0.99
OFF_TOPIC_DECLINED = 0.92
"""A little below what the job measured when the model replaced the cue lists (2026-12-01):
top-1 94.8 / 95.3 / 95.3 / 95.0% (en no da fi), top-3 99.4%, off-topic declined 93.5%."""
BLIND = Path(__file__).with_name("questions_blind26.toml")


def test_the_blind_set_is_big_enough() -> None:
    questions = load_questions(BLIND)
    for lang in LANGS:
        rules = [q for q in questions if q.lang == lang and q.topic != OFF_TOPIC]
        assert len(rules) >= 40, lang
    assert sum(q.topic == OFF_TOPIC for q in questions) >= 20
    assert {q.topic for q in questions} - {OFF_TOPIC} <= set(all_topics())


def test_the_blind_set_is_not_learned_from() -> None:
    blind = {(q.lang, q.text) for q in load_questions(BLIND)}
    labelled = {(q.lang, q.text) for p in example_files() for q in load_questions(p)}
    assert not blind & labelled


@pytest.mark.evaluation
def test_every_set_left_out_in_turn_holds_the_floors() -> None:
    from bot.devtools.rules_evaluate import left_out

    tallies, misses = left_out(example_files())
    report = table(tallies)
    print(report)
    for lang in LANGS:
        assert tallies[lang].top1_rate >= TOP1_PER_LANGUAGE, report + f"\n{misses}"
    n = sum(t.n for t in tallies.values())
    assert sum(t.top3 for t in tallies.values()) / n >= TOP3_OVERALL, report
    off = sum(t.off_n for t in tallies.values())
    declined = sum(t.declined for t in tallies.values()) / off
    assert declined >= OFF_TOPIC_DECLINED, report + f"\n{misses}"


@pytest.mark.evaluation
def test_training_reproduces_the_shipped_file(tmp_path: Path) -> None:
    from bot.devtools.train_topics import fit, training_docs
    from bot.rules.model import model_path

    path = tmp_path / "topics.npz"
    fit(training_docs()).save(path)
    assert path.read_bytes() == model_path().read_bytes()
