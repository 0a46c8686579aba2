"""A score sheet's letters glued to a number ("285m", "h55", "1nc", "0c") read as the phrase
the lexicon says they stand for (``round.sheet_points``, ``round.sheet_counts``): melded,
hand, points after a side's points, a kind after a count. The size of the number says which:
"1m" is still one mixed canasta, "3p" still three players. Sentences written for these
tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from bot.talk.word_forms import typed_words

CLASSIC = load_variant("classic")

SHEETS = [
    ("en", "we 335m 1nc 1mc 1r3 went out; they 190m 0c 0r3 h65",
     "we 335 melded 1 natural 1 mixed 1 red three, went out; they 190 melded, no canastas,"
     " no red threes, 65 in hand"),
    ("no", "vi 335m 1 ren 1 blandet 1r3, gikk ut; de 190m 0c 0r3 h65",
     "vi 335 meldt, 1 ren 1 blandet, 1 rød treer, gikk ut; de 190 meldt, ingen kanaster,"
     " ingen røde, 65 på hånda"),
    ("da", "vi 335m 1 ren 1 blandet 1r3, gik ud; de 190m 0c 0r3 h65",
     "vi 335 meldt, 1 ren 1 blandet, 1 rød treer, gik ud; de 190 meldt, ingen kanaster,"
     " ingen røde, 65 på hånden"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "sheet", "full"), SHEETS)
def test_a_sheets_letters_glued_to_numbers_read_as_the_round_said_in_full(
    lang: str, sheet: str, full: str
) -> None:
    want = read_round(full, Seating(lang=lang), CLASSIC)
    got = read_round(sheet, Seating(lang=lang), CLASSIC)
    assert want.sure, want.unsure
    assert got.sure, got.unsure
    assert got.sides == want.sides


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "285m h55 160p", "285 melded hand 55 160 points"),
        ("no", "285m h55", "285 meldt hand 55"),
        ("da", "285m h55", "285 meldt hand 55"),
        ("fi", "285p", "285 pistetta"),
    ],
)
def test_a_letter_glued_to_points_is_the_phrase_it_stands_for(
    lang: str, typed: str, read: str
) -> None:
    assert " ".join(typed_words(typed, lang)) == read


@pytest.mark.parametrize(
    ("lang", "typed"),
    [("en", "3p"), ("no", "3p"), ("da", "3p"), ("fi", "3p"), ("en", "5h"), ("no", "2k")],
)
def test_a_letter_glued_to_a_small_number_is_no_points_letter(lang: str, typed: str) -> None:
    """ "3p" (three players), "2k" (two thousand): no "3 points", no canastas."""
    assert "points" not in typed_words(typed, lang)
    assert typed_words(typed, lang)[:1] != ["2", "canaster"]
