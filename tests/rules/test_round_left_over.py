"""/round say places a number whose role the tagger doubts when nothing else can be meant:
every other word of the side is read with certainty, one number is left over, and one part
of the side's round (its table points or its hand) is still empty. With two numbers left
over it still asks. Every round below is written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "end of round: we laid down 420 with one clean and one dirty, went out, one red"
            " three. the others 230, -45, one dirty, no red threes",
        ),
        (
            "no",
            "vi gikk ut, ei uren og ei ren kanasta, 420 meldt, en rød treer. dem: en uren"
            " kanasta, 230, 45 på hånda, ingen røde",
        ),
        (
            "en",
            "we wnet out, 420, 1 natrual 1 mixd, one red 3. they had 230 & one mixd, no red 3s,"
            " 45 in hnd",
        ),
    ],
)
def test_the_one_number_left_fills_the_one_empty_part(lang: str, text: str) -> None:
    assert read_unasked(text, lang, load_variant("classic")) == list(WE_WENT_OUT)


def test_two_numbers_left_over_are_asked_about() -> None:
    # "r3:0 -40": the none of "0" is not read as the red threes' count, so "40" is not the
    # one number left, and the red three the tagger read is not said as certain
    reading = read_round(
        "us 400 2n out r3:2 | them 260 1m r3:0 -40", Seating(lang="en"), load_variant("classic")
    )
    theirs = reading.sides[1].round
    assert 1 in {u.side for u in reading.unsure} or (theirs.red_threes, theirs.hand_points) == (
        0,
        40,
    )
