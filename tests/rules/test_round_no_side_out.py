"""/round say never reads a going out said of no side ("no one got the going-out bonus",
"ingen av lagene fikk noen utgang") as a side's going out: the subject for no side negates
the going out of its clause however far after it. Rounds written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.scoring.round import WentOut
from bot.talk.round_talk import Seating, read_round


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "the stock ran dry and no one ever got the going out bonus. we 420, one clean one"
            " dirty, 1 red three, 30 left. they 230, one dirty, no red threes, 45 in hand",
        ),
        (
            "no",
            "trekkbunken tok slutt, og ingen av lagene fikk noen utgang. vi 420, en ren og en"
            " uren, 1 rød treer, 30 igjen. de 230, en uren, ingen røde, 45 på hånda",
        ),
    ],
)
def test_no_side_is_read_as_going_out(lang: str, text: str) -> None:
    reading = read_round(text, Seating(lang=lang), load_variant("classic"))
    assert all(side.round.went_out is WentOut.NO for side in reading.sides)
    assert [side.round.hand_points for side in reading.sides] == [30, 45]
