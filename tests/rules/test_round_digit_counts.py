"""/round say (issue 17): a count written in digits that no part of the round takes is asked
about. "a"/"en"/"yksi" may be an article, "1" never is: read past, its side's red threes
(said only by that count) would be a confident, wrong zero."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round

CLASSIC = load_variant("classic")

SAID = [
    (
        "en",
        "we went out with 340 melded, 1 nat 1 mixed. no red threes for our side, the others had 1. "
        "they put down 180, no canastas, 35 + 15 in hand",
        1,
    ),
    (
        "no",
        "vi gikk ut, 340 nede, 1 ren 1 blandet. ingen røde treere for vår del, de andre hadde 1. "
        "de la ned 180, ingen canasta, 35 + 15 på hånda",
        1,
    ),
]


@pytest.mark.parametrize(("lang", "text", "threes"), SAID)
def test_a_digit_count_is_never_dropped_for_a_sure_zero(lang: str, text: str, threes: int) -> None:
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    theirs = reading.sides[1].round.red_threes
    assert not reading.sure or theirs == threes, (theirs, reading.unsure)
