"""/round say reads a count said for a second side with a verb and no kind ("we had no red
threes, they had two", "vi hadde ingen røde, de hadde tre") as a count of the kind the side
before it counted. Rounds written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.scoring.round import SideRound
from tests.rules.said_rounds import read_unasked, side

THEY_OUT = [side(285, mixed=1, hand=40), side(390, natural=1, mixed=1, red=2, out="normal")]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we had no red threes, they had two. they went out with 390 melded, one clean one"
            " dirty. we had 285 melded, one dirty, and 40 in hand",
        ),
        (
            "no",
            "vi hadde ingen røde treere, de hadde to. de gikk ut med 390 meldt, en ren en uren."
            " vi hadde 285 meldt, en uren, og 40 på hånda",
        ),
        (
            "fi",
            "meillä ei ollut punaisia kolmosia, niillä kaksi. ne meni ulos 390:llä, yksi puhdas"
            " ja yksi likainen. meillä 285 pöydässä, yksi likainen, ja 40 kädessä",
        ),
    ],
)
def test_a_count_with_a_verb_counts_the_kind_said_before(lang: str, text: str) -> None:
    read: list[SideRound] | None = read_unasked(text, lang, load_variant("classic"))
    assert read == THEY_OUT
