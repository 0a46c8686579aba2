"""A side's total for the round said before its parts ("1225 for us: we went out, 325
melded, ...") is no table points: when the side's parts, read without it, add up to exactly
that figure for the variant, it confirms them; any other figure is still asked about. And a
Finnish "eikä" before a kind ("eikä likaisia": and no dirty ones) counts none. Sentences
written for these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")

TOTAL_FIRST = [
    (
        "en",
        "1225 for us this round: we went out, 325 melded, one natural and one mixed canasta."
        " they got 570: 260 melded, one mixed, 1 red three, 90 in hand",
    ),
    (
        "no",
        "1225 til oss! vi gikk ut med 325 nede, en ren og en blandet canasta. de fikk 570:"
        " 260 nede, en blandet, 1 rød treer og 90 på hånda",
    ),
    (
        "da",
        "vi fik 1225 denne runde: 325 meldt, en ren og en blandet, gik ud. de fik 570: 260"
        " meldt, en blandet, 1 rød, 90 på hånden",
    ),
    (
        "fi",
        "me saatiin 1225 tältä erältä: 325 pöydässä, yks puhdas ja yks likanen, ulos. ne sai"
        " 570: 260 pöydässä, yks likanen, 1 punanen, 90 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), TOTAL_FIRST)
def test_a_total_said_before_the_parts_confirms_them(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == [
        side(325, natural=1, mixed=1, out="normal"),
        side(260, mixed=1, red=1, hand=90),
    ]


@pytest.mark.parametrize(("lang", "text"), TOTAL_FIRST)
def test_a_total_that_is_not_the_parts_net_is_asked(lang: str, text: str) -> None:
    reading = read_round(text.replace("1225", "1325"), Seating(lang=lang), CLASSIC)
    assert 0 in {u.side for u in reading.unsure}


def test_no_total_is_dropped_without_the_variant() -> None:
    assert read_unasked(TOTAL_FIRST[0][1], "en") is None


def test_eika_before_a_kind_counts_none() -> None:
    text = (
        "me 300 pöydässä, yks puhdas kanasta eikä likasia, ulos, ei punasia. ne 200, yks"
        " likanen, 40 kädessä"
    )
    assert read_unasked(text, "fi") == [
        side(300, natural=1, out="normal"),
        side(200, mixed=1, hand=40),
    ]
