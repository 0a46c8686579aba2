"""A round described in a /rules question that names black threes: the round reader never
counts them (in Cuban, black threes melded when going out score), so the net is said with
what was read and asked about, never given as sure without them. Sentences written for
these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.rules.numbers import RoundAnswer, RoundUnsure, compute
from bot.scoring import load_variant

CUBAN = load_variant("cuban")

WITH_BLACK_THREES = [
    ("en", "cuban: we went out with a natural canasta and three black threes, 250 melded and"
     " nothing in hand, what do we get"),
    ("no", "kubansk: vi gikk ut med en ren kanasta og tre svarte treere, ellers 250 i melding"
     " og ingenting på hånda"),
    ("da", "cubansk: vi gik ud med en ren kanasta og tre sorte treere, ellers 250 i melding"
     " og intet på hånden"),
    ("fi", "kuubalainen: mentiin ulos, yks puhdas kanasta ja kolme mustaa kolmosta, 250"
     " pöydässä ja käteen ei jääny mitään"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), WITH_BLACK_THREES)
def test_a_round_naming_black_threes_is_never_worked_out_as_sure(lang: str, text: str) -> None:
    figures = compute(text, CUBAN, "round_scoring", lang=lang)
    assert not any(isinstance(f, RoundAnswer) for f in figures)
    assert all(isinstance(f, RoundUnsure) for f in figures)


def test_table_points_said_in_melding_are_read() -> None:
    """ "seks hundre i melding" is the side's table points (singular, as "i meldinger")."""
    text = (
        "to-spiller: jeg hadde to rene kanastaer og seks hundre i melding, gikk ut, ingen røde"
        " treere og ingenting igjen på hånda"
    )
    figures = compute(text, load_variant("two-player"), "round_scoring", lang="no")
    assert [f.net for f in figures if isinstance(f, RoundAnswer)] == [1700]
