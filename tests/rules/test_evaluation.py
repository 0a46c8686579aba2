"""Retrieval accuracy floors (``python -m bot.rules.evaluate --questions FILE``).

The labelled question sets live in ``rules_data/questions``: the search learns from them
(``bot/rules/classifier.py``). Each was written from the topics' texts only, committed before a
round of changes, and run once when the round was done (that first figure is kept in the
README), then tuned on. Here every set is graded with itself left out of what the search learned
(leave-one-set-out), and the floors hold on the tuning set and on all sets together.

The ``questions_written_*`` sets were written to teach, not to measure: 14 questions for every
topic (9 in the ``_more_`` sets), rare ones included, covering each fact of its answer, and
off-topic chatter chosen for
its game words ("my computer froze"). They are graded the same way, left out in turn, against a
floor of their own: they are harder than the blind sets (README, "Rules accuracy").

The set in ``tests/rules`` is the current blind set: written from the topic texts before a
round's changes (or after them, to be run once on that code), never tuned to, only reported.
When the next round starts it moves to ``rules_data/questions`` and a new blind set is written
first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.evaluate import Tally, index_without, load_questions, table
from bot.rules.evaluate import evaluate as run_evaluation
from bot.rules.examples import OFF_TOPIC, example_files
from bot.rules.topics import LANGS, all_topics

TOP1_PER_LANGUAGE = 0.90
TOP3_OVERALL = 0.98
OFF_TOPIC_DECLINED = 0.80
WRITTEN_TOP1 = 0.70
WRITTEN_TOP3 = 0.94
WRITTEN_OFF_TOPIC = 0.70
"""Floors for the written sets, a little below what they measured when added (73% top-1, 95.6%
top-3, 74% off-topic declined): below the issue's bars, kept so that they cannot slip."""
BLIND = Path(__file__).with_name("questions_blind26.toml")


def _left_out(paths: list[Path]) -> tuple[dict[str, Tally], list]:
    tallies: dict[str, Tally] = {}
    misses: list = []
    for path in paths:
        questions = load_questions(path)
        found, missed = run_evaluation(index_without(questions), questions)
        for lang, tally in found.items():
            tallies.setdefault(lang, Tally()).add(tally)
        misses += missed
    return tallies, misses


def _written(path: Path) -> bool:
    return path.stem.startswith("questions_written_")


SETS = {
    "tuning set": lambda: _left_out([p for p in example_files() if p.stem == "questions"]),
    "every blind-written set": lambda: _left_out([p for p in example_files() if not _written(p)]),
}


@pytest.fixture(
    scope="module",
    params=[
        pytest.param(k, marks=[] if k == "tuning set" else pytest.mark.evaluation)
        for k in sorted(SETS)
    ],
)
def results(request):
    return SETS[request.param]()


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


def test_top1_per_language(results) -> None:
    tallies, misses = results
    for lang in LANGS:
        assert tallies[lang].top1_rate >= TOP1_PER_LANGUAGE, table(tallies) + f"\n{misses}"


def test_top3_and_off_topic_overall(results) -> None:
    tallies, misses = results
    n = sum(t.n for t in tallies.values())
    top3 = sum(t.top3 for t in tallies.values()) / n
    off = sum(t.off_n for t in tallies.values())
    declined = sum(t.declined for t in tallies.values()) / off
    assert top3 >= TOP3_OVERALL, table(tallies)
    assert declined >= OFF_TOPIC_DECLINED, table(tallies) + f"\n{misses}"


@pytest.mark.evaluation
def test_the_written_sets_hold_their_floor() -> None:
    tallies, misses = _left_out([p for p in example_files() if _written(p)])
    assert set(tallies) == set(LANGS)
    for lang in LANGS:
        assert tallies[lang].top1_rate >= WRITTEN_TOP1, table(tallies)
    n = sum(t.n for t in tallies.values())
    assert sum(t.top3 for t in tallies.values()) / n >= WRITTEN_TOP3, table(tallies)
    off = sum(t.off_n for t in tallies.values())
    declined = sum(t.declined for t in tallies.values()) / off
    assert declined >= WRITTEN_OFF_TOPIC, table(tallies) + f"\n{misses}"
