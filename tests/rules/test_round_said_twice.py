"""A part of a round said twice in one side's words: a hand said in parts and then whole, and
the card word "three" after "red" when no count stands before it. Either would count
something twice or read a noun as a number; the reader must read it as said or ask, never
print the doubled figure as sure. Sentences written for these tests, none from a benchmark
set."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round

CLASSIC = load_variant("classic")

HAND_WHOLE_AND_PARTS = [
    ("en", "we went out with 400 and a clean canasta, no red threes. they had 210, one mixed,"
     " no red threes, and Ann was holding 40 and Tom had 25 so 65 in hand for them"),
    ("no", "vi gikk ut med 400 og en ren canasta, ingen røde treere. de hadde 210, en blandet,"
     " ingen røde, og Kari satt med 40 og Ola hadde 25 så 65 på hånda til dem"),
    ("da", "vi gik ud med 400 og en ren canasta, ingen røde treere. de havde 210, en blandet,"
     " ingen røde, og Lone sad med 40 og Jens havde 25 så 65 på hånden til dem"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), HAND_WHOLE_AND_PARTS)
def test_a_hand_said_in_parts_and_then_whole_is_never_summed_as_sure(lang: str, text: str) -> None:
    """40 + 25 and then "so 65": the hand is 65 or it is asked about, never 130."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    theirs = reading.sides[1].round
    assert theirs.hand_points == 65 or 1 in {u.side for u in reading.unsure}


THE_LAST_RED_THREE = [
    ("en", "we melded 300, a natural canasta, three red threes, went out. they had 180,"
     " no canasta, the last red three, 45 in hand"),
    ("en", "they 180 melded, no canastas, red three, 45 in hand; we went out with 300,"
     " one natural, three red threes"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), THE_LAST_RED_THREE)
def test_red_three_with_no_count_is_one_red_three(lang: str, text: str) -> None:
    """ "the last red three": one red three, not a count of three read off the noun."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    side = next(i for i, s in enumerate(reading.sides) if s.round.meld_points == 180)
    assert reading.sides[side].round.red_threes == 1 or side in {u.side for u in reading.unsure}
    assert reading.sides[side].round.red_threes != 3
