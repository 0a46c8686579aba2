"""Counts said after what they count, the way a score sheet reads ("clean x2, dirty x1"),
and a canasta said with a negation a few words before it ("never finished a canasta"):
read as said, never one of each. Sentences written for these tests, none from a benchmark
set."""

from __future__ import annotations

import pytest

from bot.scoring.round import SideRound, WentOut
from bot.talk.round_talk import Seating, read_round

TIMES_AFTER = [
    ("en", "us: 560 melded, clean x2, dirty x1, one red three, went out. them: 240 melded,"
     " no canastas, no red threes, 85 in hand"),
    ("no", "vi: 560 meldt, ren x2, blandet x1, én rød treer, gikk ut. de: 240 meldt, ingen"
     " canasta, ingen røde, 85 på hånda"),
    ("da", "os: 560 meldt, ren x2, blandet x1, én rød treer, gik ud. dem: 240 meldt, ingen"
     " canasta, ingen røde, 85 på hånden"),
    ("fi", "me: 560 pöydässä, puhdas x2, seka x1, yksi punainen kolmonen, ulos. ne: 240"
     " pöydässä, ei kanastaa, ei punaisia, 85 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), TIMES_AFTER)
def test_a_count_written_after_its_kind_counts_it(lang: str, text: str) -> None:
    """ "clean x2, dirty x1": two naturals and a mixed, never one of each said as sure."""
    reading = read_round(text, Seating(lang=lang))
    ours = reading.sides[0].round
    assert (ours.natural_canastas, ours.mixed_canastas) == (2, 1) or 0 in {
        u.side for u in reading.unsure
    }
    assert (ours.natural_canastas, ours.mixed_canastas) != (1, 1)


NEVER_FINISHED = [
    ("en", "they went out with 400, a clean and a dirty, no red threes. we had 250 melded but"
     " never finished a canasta, one red three, 60 in hand"),
    ("no", "de gikk ut med 400, en ren og en blandet, ingen røde. vi hadde 250 meldt men"
     " fikk aldri fullført en kanasta, én rød treer, 60 på hånda"),
    ("da", "de gik ud med 400, en ren og en blandet, ingen røde. vi havde 250 meldt men fik"
     " aldrig lavet en kanasta, én rød treer, 60 på hånden"),
    ("fi", "ne meni ulos 400:lla, puhdas ja seka, ei punaisia. meillä 250 pöydässä mutta ei"
     " ikinä valmista kanastaa, yksi punainen kolmonen, 60 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NEVER_FINISHED)
def test_a_canasta_never_finished_is_none(lang: str, text: str) -> None:
    """ "never finished a canasta": no canasta, and nothing to ask about it."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [
        SideRound(meld_points=250, red_threes=1, hand_points=60),
        SideRound(meld_points=400, natural_canastas=1, mixed_canastas=1, went_out=WentOut.NORMAL),
    ]
