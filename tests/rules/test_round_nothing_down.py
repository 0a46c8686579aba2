"""/round say reads a side that laid nothing down however it is said: a word for nothing, a
none word or a negation near a word of laying cards down, with no number in the clause
("fikk ingenting meldt i det hele tatt", "ne ei saaneet pöytään yhtään mitään"); a none
word that counts a part of the round ("no red threes on the table") is not it. Rounds
written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import _laid_nothing
from tests.rules.said_rounds import read_unasked, side

READ = [side(420, natural=1, mixed=1, red=1, out="normal"), side(0, red=1, hand=150)]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we went out with 420, one clean one dirty, 1 red three. they: nada melded all round,"
            " one red three, 150 in hand",
        ),
        (
            "no",
            "vi gikk ut med 420, en ren og en uren, 1 rød treer. de fikk ingenting meldt i det"
            " hele tatt, en rød treer og 150 på hånda",
        ),
        (
            "da",
            "vi gik ud med 420, en ren og en uren, 1 rød treer. de fik intet meldt overhovedet,"
            " en rød treer og 150 på hånden",
        ),
        (
            "fi",
            "me mentiin ulos 420:llä, yks puhdas ja yks likainen, 1 punainen kolmonen. ne ei"
            " saaneet pöytään yhtään mitään, yks punainen kolmonen ja 150 kädessä",
        ),
    ],
)
def test_a_side_that_laid_nothing_down_has_no_table_points(lang: str, text: str) -> None:
    assert read_unasked(text, lang, load_variant("classic")) == READ


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("no", ["ingen", "rode", "treere", "pa", "bordet"]),
        ("en", ["no", "canastas", "on", "the", "table"]),
        ("en", ["nothing", "left", "|", "melded", "300"]),
    ],
)
def test_a_none_word_counting_a_part_or_a_number_said_is_no_empty_table(
    lang: str, words: list[str]
) -> None:
    assert not _laid_nothing(words, lang)
