"""A score sheet pasted as a grid, rewritten as each side's clauses before the round is read.

Players paste their sheet into chat as it looks on paper: a header line naming the sides,
then one line per part of the round with one value per side, in columns::

              we    they
    melded    330   180
    clean     1     0
    out       yes   -
    hand      0     65

Why here, on the text: the words both round readers read (``round_words.words_of``) are
cut from the text with its line breaks and columns gone, and a grid read as a run of words
("melded 330 180 clean 1 0") ties every value to the wrong part. Where the lines still exist
each row's values can be given to the side whose column they stand in, and the grid said as
the clauses the readers already read ("we: melded 330, clean 1, out yes, hand 0. they:
melded 180, clean 0, out no, hand 65"). The reader, the tagger's labels and the made-up
rounds all start from ``round_cut.said_words``, which calls this, so they read one result.

Nothing is guessed: a grid whose rows do not all give one value per side (a value missing,
one too many, a number that could be the label's or a side's) is left as it was typed and
named in ``grid_doubts``, and the reader asks about the whole round.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_sides import Seating, names_side
from bot.talk.round_words import any_phrase
from bot.talk.text import fold, normalise, tokens

_COLUMNS = re.compile(r"\s{2,}|\t")
"""Two spaces or a tab between cells: a sheet's column break (one space may be inside a
label, "red 3s")."""
_NUMBER = re.compile(r"^[-+]?\d+$")
_DASH = re.compile(r"^[-–—]+$")
"""A cell with a dash: nothing there (no hand, not out)."""
SMALLEST_GRID = 2
"""Sides in a header, and rows under it, that make a grid."""


@dataclass(frozen=True)
class Grid:
    """One grid found in a text: the lines it spans (``first`` to ``end``, not included),
    its sides as the header names them, and its rows (label, one value per side), or the
    rows that do not give one value per side (``doubtful``: the grid is then not read)."""

    first: int
    end: int
    sides: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    doubtful: tuple[str, ...]


def _folded(cell: str) -> str:
    return " ".join(fold(word) for word in tokens(normalise(cell)))


def _cells(line: str) -> list[str]:
    """A line's cells: cut at the columns when it has any, else at each space."""
    line = line.strip()
    cells = _COLUMNS.split(line)
    return cells if len(cells) > 1 else line.split()


def _header(line: str, seating: Seating) -> tuple[str, ...] | None:
    """The sides a header line names, one per cell, or None when some cell names none."""
    cells = _cells(line)
    if len(cells) < SMALLEST_GRID:
        return None
    for cell in cells:
        words = _folded(cell).split()
        if not words or not names_side(words, seating):
            return None
    return tuple(cells)


@functools.cache
def _value_words(lang: str | None) -> re.Pattern[str]:
    """The words a sheet's cell may hold in place of a number: a tick or a cross, how a
    side went out, none ("yes", "skjult", "nei", "ei yhtään"). Any other word is the
    label's ("red threes 1" is no row of two values, "threes" and 1)."""
    return re.compile(any_phrase("yes", "no", "concealed", "none", lang=lang))


def _value(cell: str, lang: str | None) -> bool:
    """One value: a number, a dash, or a sheet's value word (``_value_words``)."""
    if _NUMBER.match(cell) or _DASH.match(cell):
        return True
    return bool(_value_words(lang).fullmatch(_folded(cell)))


@functools.cache
def _red_three(lang: str | None) -> re.Pattern[str]:
    """A label whose number is part of its name: the red threes ("red 3", "røde 3")."""
    return re.compile(rf"(?:^| ){any_phrase('red', lang=lang)} {any_phrase('three', lang=lang)}$")


def _number_in_label(label: list[str], lang: str | None) -> bool:
    """A label ending in a number that is a value, not part of the label's name: with one
    space between cells, "hand 0 65 10" could be a hand's three values or a label "hand 0";
    "red 3 2 0" is red threes 2 and 0, the only part the lexicon names by a number."""
    if not (_NUMBER.match(label[-1]) or _DASH.match(label[-1])):
        return False
    return not _red_three(lang).search(_folded(" ".join(label)))


def _row(line: str, sides: int, lang: str | None) -> tuple[str, tuple[str, ...]] | None:
    """(label, one value per side) of a row, or None when it does not give exactly one
    value per side: too few cells, a value that is no single value, a label left with no
    letter, or (one space between cells) a label ending in a number that could be a value."""
    columns = len(_COLUMNS.split(line.strip())) > 1
    cells = _cells(line)
    if len(cells) <= sides:
        return None
    label, values = cells[:-sides], tuple(cells[-sides:])
    if not all(_value(value, lang) for value in values):
        return None
    if not any(c.isalpha() for c in " ".join(label)):
        return None
    if not columns and _number_in_label(label, lang):
        return None
    if not columns and _red_three(lang).search(_folded(" ".join((*label, values[0])))):
        return None  # "røde 3 1": red threes 3 and 1, or "røde 3" with one value?
    return " ".join(label), values


def grids(text: str, seating: Seating) -> list[Grid]:
    """Every grid in ``text``: a header line naming the sides and the lines right under it
    (up to a blank line), at least ``SMALLEST_GRID`` of them."""
    lines = text.split("\n")
    found: list[Grid] = []
    i = 0
    while i < len(lines):
        sides = _header(lines[i], seating)
        end = i + 1
        while end < len(lines) and lines[end].strip():
            end += 1
        if sides is None or end - i - 1 < SMALLEST_GRID:
            i += 1
            continue
        rows, doubtful = [], []
        for line in lines[i + 1 : end]:
            row = _row(line, len(sides), seating.lang)
            if row is None:
                doubtful.append(line.strip())
            else:
                rows.append(row)
        found.append(Grid(i, end, sides, tuple(rows), tuple(doubtful)))
        i = end
    return found


def _no_word(lang: str | None) -> str:
    """The language's sheet cross ("no", "nei", "nej", "ei"): what a dash under a word
    value says ("out yes | -")."""
    lexicons = vocabulary().lexicons
    return lexicons[lang if lang in lexicons else "en"].round.no[0]


def _said(grid: Grid, lang: str | None) -> str:
    """The grid as each side's clauses: "we: melded 330, clean 1, out yes. they: ..."."""
    clauses = []
    for column, side in enumerate(grid.sides):
        parts = []
        for label, values in grid.rows:
            value = values[column]
            if _DASH.match(value):
                numbers = any(_NUMBER.match(v) for v in values)
                value = "0" if numbers else _no_word(lang)
            parts.append(f"{label} {value}")
        clauses.append(f"{side}: " + ", ".join(parts))
    return ". ".join(clauses) + "."


def ungridded(text: str, seating: Seating) -> str:
    """``text`` with every grid whose rows all give one value per side said as each side's
    clauses (see the module's docstring); a grid in doubt is left as typed."""
    lines = text.split("\n")
    for grid in reversed(grids(text, seating)):
        if not grid.doubtful:  # a clause of its own, apart from the line before it
            lead = ". " if grid.first else ""
            lines[grid.first : grid.end] = [lead + _said(grid, seating.lang)]
    return "\n".join(lines)


def grid_doubts(text: str, seating: Seating) -> list[str]:
    """The rows of ``text``'s grids that do not give one value per side: the reader asks
    about them (and the whole round) instead of guessing whose value is whose."""
    return [row for grid in grids(text, seating) for row in grid.doubtful]
