"""/round say reads a score sheet's rows (sheets20): a line break or a middle dot between
cells, a heading that never spans a sheet's cells, a round label opening the sheet ("rnd 6:",
"E6 —"), the table split side against side ("2 v 2", "to mot to"), a row typed with no
column breaks ("we 420 1 nat 1 mix r3x1 out"), a canasta cell whose value is none, and a
kind's initial glued to its count ("1n 1m"). Every round below is written for these tests."""

from __future__ import annotations

import pytest

from bot.talk.round_cut import said_words
from bot.talk.round_talk import Seating
from bot.talk.word_forms import typed_words
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked, side


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "WE meld 420 / nat 1 / mix 1 / r3 1 / out: yes\n"
            "THEY meld 230 / nat 0 / mix 1 / r3 0 / out: no / hand 45",
        ),
        (
            "no",
            "VI meld 420 / ren 1 / blandet 1 / r3 1 / ut: ja\n"
            "DE meld 230 / ren 0 / blandet 1 / r3 0 / ut: nei / hånd 45",
        ),
        (
            "da",
            "vi: meld 420 · ren 1 · blandet 1 · røde 3 1 · ud: ja\n"
            "de: meld 230 · ren 0 · blandet 1 · røde 3 0 · ud: nej · hånd 45",
        ),
    ],
)
def test_a_line_break_ends_a_sheets_row_and_no_heading_spans_cells(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


@pytest.mark.parametrize(
    ("lang", "text", "read"),
    [
        ("en", "rnd 6: we 420", "we 420"),
        ("no", "rnd 6: vi 420", "vi 420"),
        ("da", "R6 — vi 420", "vi 420"),
        ("fi", "E6 — me 420", "me 420"),
        ("en", "r6:\nwe 420", "we 420"),
    ],
)
def test_a_round_label_opening_a_sheet_is_no_part_of_it(lang: str, text: str, read: str) -> None:
    assert " ".join(said_words(text, Seating(lang=lang))) == read


def test_a_label_that_reads_as_red_threes_stays() -> None:
    assert "3" in said_words("r3: we 1, they 0", Seating(lang="en"))


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "2 v 2 tonight. we went out, 420 melded, 1 natural, 1 mixed, 1 red three. "
            "they 230 melded, 1 mixed, 45 in hand",
        ),
        (
            "no",
            "to mot to. vi gikk ut, 420 meldt, 1 ren, 1 blandet, 1 rød treer. "
            "de 230 meldt, 1 blandet, 45 på hånda",
        ),
        (
            "fi",
            "kaksi vastaan kaksi. me mentiin ulos, 420 pöydässä, 1 puhdas, 1 likainen, "
            "1 punainen kolmonen. ne 230 pöydässä, 1 likainen, 45 kädessä",
        ),
    ],
)
def test_the_table_split_side_against_side_is_no_part_of_a_round(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "we 420 1 nat 1 mix r3x1 out | they 230 0 nat 1 mix r3x0 hand 45"),
        ("no", "vi 420 1ren 1bl r3x1 ute | de 230 0ren 1bl r3x0 hånd 45"),
        ("en", "we 420 1 clean 1 dirty 1 r3 out; they 230 0 clean 1 dirty 0 r3 hand 45"),
    ],
)
def test_a_row_typed_with_no_column_breaks(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we: 420 melded; canastas: 1 natural, 1 mixed; red 3s: 1; out\n"
            "they: 230 melded; canastas: none; red 3s: 0; hand: 45",
        ),
        (
            "no",
            "vi: 420 meldt; canasta: 1 ren, 1 blandet; røde 3: 1; ute\n"
            "de: 230 meldt; canasta: ingen; røde 3: 0; hånd: 45",
        ),
    ],
)
def test_a_canasta_cell_of_none_is_no_canasta(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == [WE_WENT_OUT[0], side(230, hand=45)]


def test_a_canasta_cell_with_a_count_of_no_kind_is_asked() -> None:
    assert read_unasked("we: 420 melded; canastas: 2; out. they: 230, 45 in hand", "en") is None


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "1n 2m", "1 natural 2 mixed"),
        ("no", "1n 0b", "1 naturlig 0 blandet"),
        ("da", "1N 0B", "1 naturlig 0 blandet"),
        ("fi", "1p 1l", "1 puhdas 1 likainen"),
    ],
)
def test_a_kinds_initial_glued_to_a_count(lang: str, typed: str, read: str) -> None:
    assert " ".join(typed_words(typed, lang)) == read


def test_an_initial_two_kinds_share_stays_unread() -> None:
    assert typed_words("1r", "da") == ["1r"]
