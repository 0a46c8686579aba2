"""A side said as labelled cells in prose ("Sarjoissa: 420. Kanastat: 1 puhdas. Punaiset
kolmoset: ei mitään.", "Melds: 420. Red threes: none."): the table's label before its value
says the table's points, and a label's none is a zero. Sentences written for these tests,
none from a benchmark set."""

from __future__ import annotations

import pytest

from tests.rules.said_rounds import read_unasked, side

LABELLED = [
    ("fi", "Me mentiin ulos. Sarjoissa: 420. Kanastat: 1 puhdas. Punaiset kolmoset: ei mitään."
     " Ne: 230 sarjoissa, yks likainen kanasta, 1 punanen kolmonen, 45 kädessä."),
    ("fi", "me mentiin ulos, sarjat 420, kanastat 1 puhdas, punaiset kolmoset ei mitään."
     " niillä sarjat 230, yks likainen kanasta, 1 punanen kolmonen, 45 kädessä"),
    ("en", "We went out. Melds: 420. Canastas: 1 natural. Red threes: none."
     " They: 230 melded, one mixed canasta, 1 red three, 45 in hand."),
    ("no", "Vi gikk ut. Meldinger: 420. Kanastaer: 1 ren. Røde treere: ingen."
     " De: 230 meldt, en blandet kanasta, 1 rød treer, 45 på hånda."),
    ("da", "Vi gik ud. Meldinger: 420. Canastaer: 1 ren. Røde treere: ingen."
     " De: 230 meldt, en blandet canasta, 1 rød treer, 45 på hånden."),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), LABELLED)
def test_labelled_cells_in_prose_are_read(lang: str, text: str) -> None:
    """ "Sarjoissa: 420": the table's points, read without a question."""
    assert read_unasked(text, lang) == [
        side(420, natural=1, out="normal"),
        side(230, mixed=1, red=1, hand=45),
    ]


TABLE_IN_TOTAL = [
    ("fi", "me mentiin ulos, meillä sarjoja yhteensä 420, puhdas kanasta, ei punasia."
     " niillä 230, yks likainen kanasta, 1 punanen kolmonen, 45 kädessä"),
    ("en", "we went out, melded in total 420, a natural canasta, no red threes."
     " they had 230, one mixed canasta, 1 red three, 45 in hand"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), TABLE_IN_TOTAL)
def test_the_tables_word_and_its_sum_before_a_number_is_the_table(lang: str, text: str) -> None:
    """ "sarjoja yhteensä 420": the table's points said whole, not a score to ask about."""
    assert read_unasked(text, lang) == [
        side(420, natural=1, out="normal"),
        side(230, mixed=1, red=1, hand=45),
    ]
