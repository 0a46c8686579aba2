"""Retrieval accuracy floors (``python -m bot.rules.evaluate --questions FILE``).

The floors hold on the tuning set alone and on the tuning and held-out sets together. The
held-out set was used to check changes to the search (stop words, synonyms, compounds), so it
is no longer blind. ``questions_blind.toml`` was blind until ``questions_blind2.toml`` was
written; it has since been used for tuning (rank term, strong game words, cues) and is not
gated because English top-1 is still below the bar. ``questions_blind2.toml`` was the blind set
until ``questions_blind3.toml`` was written and has been tuned on since (rank term, game
targets, runs, wild cards in the pile). ``questions_blind3.toml`` was blind until
``questions_blind4.toml`` was written and has been tuned on since (action phrases as query
expansion, choices for weak questions in game words, Cuban-only topics damped at other tables,
everyday-word guard). ``questions_blind4.toml`` is the blind set now: only reported, never tuned
to, and not gated because its figures do not reach the bars."""

from __future__ import annotations

import pytest

from bot.rules.evaluate import DEFAULT_QUESTIONS, load_questions, table
from bot.rules.evaluate import evaluate as run_evaluation
from bot.rules.index import RulesIndex
from bot.rules.topics import LANGS

TOP1_PER_LANGUAGE = 0.90
TOP3_OVERALL = 0.98
OFF_TOPIC_DECLINED = 0.80


HOLDOUT = DEFAULT_QUESTIONS.with_name("questions_holdout.toml")
SETS = {
    "tuning": lambda: load_questions(),
    "tuning+holdout": lambda: load_questions() + load_questions(HOLDOUT),
}


@pytest.fixture(scope="module", params=sorted(SETS))
def results(request):
    return run_evaluation(RulesIndex.load(), SETS[request.param]())


def test_question_set_is_big_enough() -> None:
    questions = load_questions()
    for lang in LANGS:
        rules = [q for q in questions if q.lang == lang and q.topic != "off_topic"]
        assert len(rules) >= 40, lang
    assert sum(q.topic == "off_topic" for q in questions) >= 20
    topics = set(RulesIndex.load().topics)
    assert {q.topic for q in questions} - {"off_topic"} <= topics


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
