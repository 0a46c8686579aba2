"""A side's hands said as a list, each after its owner perhaps, with the hand word once at
one end ("Annilla 10 ja mulla 45 kädessä", "kädet 35, 40 ja 15", "in hand: me 25, Jo 30
and Sam 15"): every number of it is a hand, and the side's hand is their sum. Sentences
written for these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.round import WentOut
from bot.talk.round_talk import Seating, read_round

HAND_LISTS = [
    ("fi", "ne meni ulos 585:llä, kaks puhdasta, 1 punanen kolmonen."
     " me 410 pöydässä, sekakanasta, 2 punasta kolmosta, kädet 35, 40 ja 15", 90),
    ("fi", "ne meni ulos 585:llä, kaks puhdasta, 1 punanen kolmonen."
     " me 410 pöydässä, sekakanasta, 2 punasta kolmosta, mulla 10 ja meillä 45 kädessä", 55),
    ("en", "they went out with 585, two natural canastas, 1 red three."
     " we had 410 melded, a mixed canasta, 2 red threes, hands 35, 40 and 15", 90),
    ("no", "de gikk ut med 585, to rene, 1 rød treer."
     " vi hadde 410 meldt, en blandet, 2 røde treere, på hånda 35, 40 og 15", 90),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text", "hand"), HAND_LISTS)
def test_a_list_of_hands_is_summed(lang: str, text: str, hand: int) -> None:
    """ "kädet 35, 40 ja 15": three hands of one side, 90 in all."""
    reading = read_round(text, Seating(lang=lang))
    ours, theirs = (s.round for s in reading.sides)
    assert ours.hand_points == hand
    assert ours.meld_points == 410
    assert theirs.went_out is WentOut.NORMAL
    assert not [u for u in reading.unsure if u.what in ("number", "hand")]


def test_a_score_said_again_is_no_hand_of_a_list() -> None:
    """ "a red three (so minus 100), and 95 in hand": the 100 restates a score, no hand."""
    reading = read_round(
        "they went out with 300, a mixed canasta. we melded nothing and had a red three so"
        " minus 100, and 95 in hand",
        Seating(lang="en"),
    )
    assert reading.sides[0].round.hand_points != 195
