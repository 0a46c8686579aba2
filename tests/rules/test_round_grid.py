"""/round say reads a score sheet pasted as a grid (grid18): a header line naming the sides
and one line per part with one value per side, in columns or one space apart; a value may
be a word ("yes", "skjult", "nei") or a dash. A grid whose rows do not all give one value
per side is asked about, never guessed. Every grid below is written for these tests, the
same round in all four languages."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")

GRIDS = {
    "en": "            us     them\n"
    "table       415    205\n"
    "naturals    1      0\n"
    "mixed       1      0\n"
    "red threes  1      2\n"
    "out         yes    -\n"
    "in hand     0      40",
    "no": "            vi     de\n"
    "meldt       415    205\n"
    "rene        1      0\n"
    "blanda      1      0\n"
    "røde 3      1      2\n"
    "ute         ja     nei\n"
    "hånd        0      40",
    "da": "            vi     de\n"
    "meldt       415    205\n"
    "rene        1      0\n"
    "blandede    1      0\n"
    "røde 3      1      2\n"
    "ude         ja     -\n"
    "hånd        0      40",
    "fi": "            me     ne\n"
    "pöydässä    415    205\n"
    "puhtaat     1      0\n"
    "likaset     1      0\n"
    "pun3        1      2\n"
    "ulos        joo    ei\n"
    "käsi        0      40",
}
READ = [side(415, natural=1, mixed=1, red=1, out="normal"), side(205, red=2, hand=40)]


@pytest.mark.parametrize("lang", GRIDS)
def test_a_grid_in_columns_gives_each_column_to_its_side(lang: str) -> None:
    assert read_unasked(GRIDS[lang], lang, CLASSIC) == READ


@pytest.mark.parametrize("lang", GRIDS)
def test_a_grid_one_space_apart_reads_the_same(lang: str) -> None:
    single = "\n".join(" ".join(line.split()) for line in GRIDS[lang].split("\n"))
    assert read_unasked(single, lang, CLASSIC) == READ


@pytest.mark.parametrize("lang", GRIDS)
def test_a_line_before_the_grid_stays_its_own_clause(lang: str) -> None:
    assert read_unasked("ok\n" + GRIDS[lang], lang, CLASSIC) == READ


@pytest.mark.parametrize(
    ("lang", "concealed"),
    [("en", "concealed"), ("no", "skjult"), ("da", "skjult"), ("fi", "piilossa")],
)
def test_a_word_value_under_out_says_how(lang: str, concealed: str) -> None:
    lines = GRIDS[lang].split("\n")
    out_row = lines[5].split()
    lines[5] = f"{out_row[0]}   {concealed}   {out_row[2]}"
    sides = read_unasked("\n".join(lines), lang, CLASSIC)
    assert sides is not None
    assert sides[0].went_out.value == "concealed"


@pytest.mark.parametrize("lang", GRIDS)
@pytest.mark.parametrize("row", [1, 4])
def test_a_row_without_one_value_per_side_is_asked(lang: str, row: int) -> None:
    lines = GRIDS[lang].split("\n")
    lines[row] = " ".join(lines[row].split()[:-1])  # the second side's value left out
    reading = read_round("\n".join(lines), Seating(lang=lang), CLASSIC)
    assert [u.words for u in reading.unsure if u.what == "grid"] == [lines[row]]


@pytest.mark.parametrize("lang", GRIDS)
def test_a_row_with_a_value_too_many_is_asked(lang: str) -> None:
    lines = GRIDS[lang].split("\n")
    lines[6] = " ".join(lines[6].split()) + " 15"  # "in hand 0 40 15": whose is which?
    reading = read_round("\n".join(lines), Seating(lang=lang), CLASSIC)
    assert any(u.what == "grid" for u in reading.unsure)
