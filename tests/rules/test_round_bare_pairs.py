"""/round say reads a side's table points and hand said bare, one after the other, as a score
sheet's row says them ("they 230 45"): the table's points, then the hand. Two numbers that
can be one number typed in parts ("1 480", "4 100") are still asked about. Every round below
is written for these tests."""

from __future__ import annotations

import pytest

from bot.talk.round_assemble import one_number
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "we went out, 420 melded, 1 natural 1 mixed, 1 red three. they 230 45, 1 mixed"),
        ("en", "us: 420, one clean one dirty, a red three, out. them: 230 45, one dirty"),
    ],
)
def test_a_bare_number_after_the_table_points_is_the_hand(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


@pytest.mark.parametrize(
    ("before", "word", "one"),
    [
        ("1", "480", True),  # a thousands group typed apart
        ("2", "000", True),
        ("4", "100", True),  # "4 100 og 60": four hundred and sixty
        ("230", "45", False),  # a sheet's row: the table's points, then the hand
        ("215", "70", False),
        ("1", "45", False),
        ("230", "4500", False),
        ("230", "ja", False),
    ],
)
def test_only_numbers_that_read_as_one_are_one_number_in_parts(
    before: str, word: str, one: bool
) -> None:
    assert one_number(before, word) is one


def test_a_thousands_group_typed_apart_is_asked_about() -> None:
    reading = read_round(
        "we went out, 1 natural, melded 1 480, 2 red threes. they 230, 45 in hand, no red threes",
        Seating(lang="en"),
    )
    assert reading.unsure
