"""A count said once with its kind for two sides: "we had 3 red threes and they one". The
second side's clause is the count alone; it counts the kind counted right before it
(``round_ellipsis``). Left bare it counted nothing, and that side's red threes were then
taken as none (the first side's were said): a wrong score with nothing asked. Sentences
written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")

GAPPED = [
    ("en", "we had 3 red threes and they one. we 290 melded, 1 mixed canasta, 15 in hand."
     " they went out with 345, a natural and a mixed canasta"),
    ("no", "vi hadde 3 røde treere og de én. vi 290 nede, 1 blandet canasta, 15 på hånda."
     " de gikk ut med 345, en ren og en blandet canasta"),
    ("da", "vi fik 3 røde treere og de en. vi 290 meldt, 1 blandet canasta, 15 på hånden."
     " de gik ud med 345, en ren og en blandet canasta"),
    ("fi", "meil 3 punasta ja ne yhen. me 290 pöydäs, 1 likanen, 15 kädessä. ne meni ulos"
     " 345:llä, puhdas ja likanen kanasta"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), GAPPED)
def test_a_lone_count_after_another_sides_count_counts_the_same_kind(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == [
        side(290, mixed=1, red=3, hand=15),
        side(345, natural=1, mixed=1, red=1, out="normal"),
    ]


ARTICLE = [
    ("no", "vi fikk de to røde treerne, 290 nede, 1 blandet canasta, 15 på hånda. de gikk ut"
     " med 345, en ren og en blandet canasta, ingen røde"),
    ("da", "vi fik de to røde treere, 290 meldt, 1 blandet canasta, 15 på hånden. de gik ud"
     " med 345, en ren og en blandet canasta, ingen røde"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), ARTICLE)
def test_a_side_word_before_a_count_and_its_kind_is_still_an_article(lang: str, text: str) -> None:
    """ "vi fikk de to røde treerne": "de" (the) is no side when the count has its noun."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(290, mixed=1, red=2, hand=15),
        side(345, natural=1, mixed=1, out="normal"),
    ]


NONE_AFTER_THE_KIND = [
    ("fi", "meillä 300 pöydässä ja yksi puhdas kanasta, likaisia ei yhtään, punaisia kolmosia"
     " kaksi. ei päästy ulos, kädessä 35. ne meni ulos 430:llä, yksi puhdas ja yksi likainen"
     " ja yksi punainen"),
    ("fi", "meil 300 pöydäs ja yks puhdas kanasta, likasii ei yhtää, punasii kolmosii kaks. ei"
     " päästy ulos, kädes 35. ne meni ulos ja niil oli 430, yks puhdas ja yks likanen ja yks"
     " punanen"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NONE_AFTER_THE_KIND)
def test_a_kind_said_with_none_after_it_is_not_one_canasta(lang: str, text: str) -> None:
    """ "likaisia ei yhtään" (dirty ones: not a single one): Finnish says a kind without a
    count for one, but not with a word for none right after it. It read one mixed canasta
    with nothing asked; now it is never read as one."""
    reading = read_round(text, Seating(lang=lang, sides=2, speaker=0), CLASSIC)
    assert reading.sides[0].round.mixed_canastas == 0
