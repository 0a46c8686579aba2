"""A kind, a canasta or red threes named and then counted none after it ("likaisia ei
yhtään", "canastas none at all", "røde treere: ingen", "kanastoja 0") is a count of zero of
that kind, read exactly: never one canasta, never asked. Sentences written for these tests,
none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

NONE_AFTER = [
    ("fi", "me mentiin ulos 420:llä, puhdas kanasta, likaisia ei yhtään, yks punanen kolmonen."
     " ne 230 pöydässä, kanastaa ei saatu, punasia kolmosia ei ollenkaan, 45 kädessä"),
    ("fi", "me mentiin ulos 420:llä, puhdas kanasta, likaisia ei, yks punanen kolmonen."
     " niillä 230 pöydässä, kanastoja 0, punaiset kolmoset: ei mitään, 45 kädessä"),
    ("en", "we went out with 420, a natural canasta, mixed canastas none, one red three."
     " they had 230 melded, canastas: none, red threes none at all, 45 in hand"),
    ("no", "vi gikk ut med 420, en ren kanasta, urene ingen, én rød treer."
     " de hadde 230 meldt, kanastaer: ingen, røde treere: ingen, 45 på hånda"),
    ("da", "vi gik ud med 420, en ren canasta, blandede ingen, én rød treer."
     " de havde 230 meldt, canastaer 0, røde treere ingen, 45 på hånden"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NONE_AFTER)
def test_a_kind_counted_none_after_it_is_zero(lang: str, text: str) -> None:
    """ "likaisia ei yhtään": none of that kind, read without a question."""
    assert read_unasked(text, lang) == [
        side(420, natural=1, red=1, out="normal"),
        side(230, hand=45),
    ]


NONE_OF_WHAT_FOLLOWS = [
    ("fi", "me mentiin ulos 420:llä, sekakanastan eikä punasia kolmosia."
     " niillä 230 pöydässä, puhdas kanasta, yks punanen kolmonen, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NONE_OF_WHAT_FOLLOWS)
def test_a_none_before_another_part_is_that_parts(lang: str, text: str) -> None:
    """ "sekakanastan eikä punasia": one mixed canasta, and the none is the red threes'."""
    assert read_unasked(text, lang) == [
        side(420, mixed=1, out="normal"),
        side(230, natural=1, red=1, hand=45),
    ]


def test_a_count_before_the_kind_is_not_read_as_none() -> None:
    """ "1 puhd 0 seka": the 0 counts the next kind, so the 1 stays the clean one's."""
    reading = read_round(
        "me ulos 350 1 puhdas 0 seka 1 punanen kolmonen. ne 200 1 seka kädessä 95",
        Seating(lang="fi"),
    )
    assert reading.sides[0].round.natural_canastas == 1
