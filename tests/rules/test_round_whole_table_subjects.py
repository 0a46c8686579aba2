"""Two more ways a clause is said of every side, and one way a name was found where there is
none. Sentences written for these tests in all four languages."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")
THREE = load_variant("three-player")

BOTH_NAMED = [
    ("en", "we and they both had one mixed canasta and no red threes. we: 265 melded, 60 in"
     " hand. they went out with 230 melded"),
    ("no", "vi og de hadde begge én blandet canasta og ingen røde treere. vi: 265 meldt, 60 på"
     " hånda. de gikk ut med 230 meldt"),
    ("da", "vi og de havde begge én blandet canasta og ingen røde treere. vi: 265 meldt, 60 på"
     " hånden. de gik ud med 230 meldt"),
    ("fi", "meillä ja niillä oli molemmilla yks likanen kanasta eikä punasia kolmosia. me: 265"
     " pöydässä, 60 kädessä. ne meni ulos 230:llä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), BOTH_NAMED)
def test_both_sides_named_as_the_subject_gives_the_clause_to_every_side(
    lang: str, text: str
) -> None:
    """ "we and they both had a mixed canasta": each side has one (it went to the last side
    named only, and the other's red threes were then taken as none)."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(265, mixed=1, hand=60),
        side(230, mixed=1, out="normal"),
    ]


def test_a_word_of_the_round_that_looks_like_a_name_form_is_the_word() -> None:
    """ "ingen" (none) is no form of the player Inge: the sentence was cut at each "ingen",
    which gave Inge the speaker's words and a wrong hand with nothing asked."""
    seating = Seating(sides=3, speaker=0, names=(("jeg",), ("Kurt",), ("Inge",)), lang="da")
    text = (
        "jeg har 290 meldt og en ren canasta, ingen røde, 25 på hånden. Kurt gik ud med en"
        " blandet, 310 meldt, en rød. Inge: 95 meldt, ingen canasta, ingen røde, 70 tilbage"
    )
    reading = read_round(text, seating, THREE)
    assert not reading.unsure
    assert [s.round for s in reading.sides] == [
        side(290, natural=1, hand=25),
        side(310, mixed=1, red=1, out="normal"),
        side(95, hand=70),
    ]
