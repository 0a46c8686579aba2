"""/rules: a question that describes a round gets the same figure since the reader stops early
on the questions that describe none (issue 13). The reader now reads the table and the
round's end first, and nothing at all without a hand, going-out or result phrase; these tests
hold it to what reading every question through gave."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.scoring.round import SideRound, WentOut
from bot.talk import round_talk
from bot.talk.round_sides import Seating, segments, side_words
from bot.talk.round_talk import Unsure, describe_round
from bot.talk.word_forms import typed_words

GAMES = Path(__file__).parents[1] / "games"


def read_through(question: str) -> tuple[SideRound, list[int], list[Unsure]] | None:
    """What the question's side reads as with every part read before anything is decided:
    the reader as it was before it learned to stop early."""
    if not round_talk._may_say_table(question):
        return None
    words, leads = side_words(segments(typed_words(question, None), Seating()), 0)
    if not words:
        return None
    part = round_talk._read_part(words, leads, 0)
    if not part.table_said:
        return None
    side = part.side
    ended = side.hand_points or side.went_out is not WentOut.NO
    counted = side.natural_canastas or side.mixed_canastas or side.red_threes
    if not (ended or (counted and round_talk._patterns().result.search(" ".join(words)))):
        return None
    unplaced = [
        v
        for v in part.unplaced
        if v >= round_talk.SMALLEST_UNPLACED and not v % round_talk.SCORE_STEP
    ]
    unsure = [*part.unsure, *round_talk._checks(side, True, part.unsure, words, None, 0)]
    return side, unplaced, unsure


def said_rounds() -> list[str]:
    """Every round sentence of the /round say sets, each asked as a /rules question."""
    out = []
    for path in sorted(GAMES.glob("fresh*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [case["text"] for entry in ("sentence", "unsure") for case in data.get(entry, [])]
    return out


def test_every_round_said_in_a_sentence_reads_as_when_read_through() -> None:
    texts = said_rounds()
    assert len(texts) > 1000
    differ = [t for t in texts if round_talk._describe(t) != read_through(t)]
    assert differ == []
    described = sum(describe_round(t) is not None for t in texts)
    assert described > len(texts) // 2  # the sentences are rounds: most describe one


@pytest.mark.parametrize(
    "question",
    [
        "we melded 380, one clean canasta and I went out",  # going out ends it
        "380 on the table, two dirty canastas, 45 left in hand",  # a hand ends it
        "we melded 380, 2 red threes, whats the total",  # the result is asked
        "380 on the table, 2 clean canastas, 1 red three, how many points",
        "vi har 380 i melding og en ren kanasta, hva blir summen",  # asked, no count read
        "meillä on 380 pöydässä ja jäi 45 käteen",
        "we had 380 down and they went out",  # their going out is not ours: none
        "we need 90 to open with 2100, right?",  # a score, no round: none
        "we melded 380 and have 2 red threes",  # nothing ends it, nothing asked: none
    ],
)
def test_questions_describe_a_round_as_when_read_through(question: str) -> None:
    assert round_talk._describe(question) == read_through(question)
