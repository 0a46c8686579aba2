"""The compact round line: one side's numbers in a few keystrokes, e.g. ``420 1n 1m 2r out 70h``.

Why: scores are read out over voice, and typing one short line per side is faster than filling
ten typed options. The line is parsed here, without Discord, into the fields of
``bot.scoring.SideRound`` (a plain dict the game service validates); anything that cannot be read
raises ``RoundTextError`` naming the token, so the front end can say exactly what to fix.

Syntax (tokens separated by spaces, case-insensitive, keywords in en/no/da/fi)::

    420          meld points (a plain number; only one per line)
    1n  1m       natural / mixed canastas      (also: 1nat, 1ren, 1puhdas / 1mix, 1blandet, 1seka)
    2r           red threes                    (also: 2red, 2rød, 2pun)
    out          went out                      (also: o, ut, ud, ulos)
    concealed    went out concealed            (also: c, skjult, lukket, piilo)
    70h          points left in hand           (also: 70hand, 70hånd, 70käsi)
    meld:joker,A,A,K   card points of melded cards, counted (also m:, hand:/h: for the hand)
    Cuban: 1w2 / 1wj / 1w  canastas of twos / jokers / other wild cards
           3b  black threes melded (going out), 1bh black threes in hand, 1rh red threes in hand

A number and its keyword may be split (``2 red``). ``-`` alone (or an empty line) is a side
that scored nothing. Negative numbers are passed on, so the scoring layer refuses them with its
own message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.scoring import ScoringError, Variant, count_cards

MAX_NUMBER = 100_000
"""Far above any real round; keeps typos such as 4200000 from reaching the database."""

_COUNT_WORDS: dict[str, tuple[str, ...]] = {
    "meld_points": ("p", "pts", "meld", "poeng", "point", "pisteet", "pistettä", "melding"),
    "natural_canastas": (
        "n",
        "nat",
        "natural",
        "naturals",
        "ren",
        "rene",
        "puhdas",
        "puhdasta",
        "puhtaat",
        "puhtaita",
    ),
    "mixed_canastas": (
        "m",
        "mix",
        "mixed",
        "bl",
        "blandet",
        "blandede",
        "blandete",
        "seka",
        "sekakanasta",
        "sekakanastaa",
        "sekoitettu",
    ),
    "red_threes": (
        "r",
        "red",
        "reds",
        "rød",
        "røde",
        "rod",
        "rode",
        "pun",
        "punainen",
        "punaista",
        "punaiset",
    ),
    "red_threes_in_hand": ("rh", "redhand", "rødhånd"),
    "black_threes_melded": (
        "b",
        "black",
        "blacks",
        "svart",
        "svarte",
        "sort",
        "sorte",
        "musta",
        "mustaa",
        "mustat",
    ),
    "black_threes_in_hand": ("bh", "blackhand", "svarthånd", "sorthånd"),
    "hand_points": ("h", "hand", "hånd", "hånden", "käsi", "kädessä", "kasi", "kadessa"),
    "wild_canastas.twos": ("w2", "twos", "toere", "toer", "toar", "kakkoset", "kakkosta"),
    "wild_canastas.jokers": ("wj", "jokers", "jokere", "jokerit", "jokeria"),
    "wild_canastas.other": ("w", "wild", "vill", "ville", "vild", "vilde", "villi", "villiä"),
}
COUNT_SUFFIX = {word: name for name, words in _COUNT_WORDS.items() for word in words}

OUT_WORDS = frozenset({"out", "o", "ut", "ute", "ud", "ude", "ulos", "ulkona"})
CONCEALED_WORDS = frozenset(
    {
        "concealed",
        "conc",
        "c",
        "hidden",
        "skjult",
        "skjulte",
        "lukket",
        "lukka",
        "piilo",
        "piilossa",
        "piiloon",
        "kätketty",
        "suljettu",
    }
)
NOTHING_WORDS = frozenset({"-", "–", "—", "0", "nothing", "ingenting", "intet", "ei", "nolla"})
MELD_PREFIXES = frozenset({"meld", "m", "melding", "meldt", "udlæg", "udlagt", "pöytä", "pöydällä"})
HAND_PREFIXES = frozenset({"hand", "h", "hånd", "hånden", "käsi", "kädessä", "kasi"})

_NUMBER = re.compile(r"^[+-]?\d+$")
_NUMBER_WORD = re.compile(r"^([+-]?\d+)(\D\S*)$")

EXAMPLE = "420 1n 1m 2r out 70h"
EXAMPLE_CUBAN = "600 1w2 1n 2r 3b out"


@dataclass(frozen=True)
class TextProblem:
    """One unreadable piece of a line: ``code`` picks the message, ``token`` is what was typed."""

    code: str
    """unknown_token, two_numbers, repeated, too_big, unknown_card, red_three_card, no_cards"""
    token: str
    params: dict[str, Any] = field(default_factory=dict)


class RoundTextError(ValueError):
    """A compact line that cannot be read; carries every problem found in it."""

    def __init__(self, problems: list[TextProblem]) -> None:
        super().__init__("; ".join(f"{p.code}: {p.token}" for p in problems))
        self.problems = tuple(problems)


def _tokens(text: str) -> list[str]:
    """Whitespace-separated tokens, with a number and a following keyword glued ("2 red")."""
    raw: list[str] = []
    for token in text.lower().split():
        if raw and raw[-1].endswith(":") and raw[-1][:-1] in MELD_PREFIXES | HAND_PREFIXES:
            raw[-1] += token  # "meld: joker,A" typed with a space after the colon
        else:
            raw.append(token)
    merged: list[str] = []
    index = 0
    while index < len(raw):
        token = raw[index]
        following = raw[index + 1] if index + 1 < len(raw) else None
        if _NUMBER.match(token) and following is not None and following in COUNT_SUFFIX:
            merged.append(token + following)
            index += 2
            continue
        merged.append(token)
        index += 1
    return merged


class _Side:
    """Accumulates one side's fields while tokens are read."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.wild: dict[str, int] = {}
        self.meld_number: str | None = None
        self.seen: set[str] = set()
        self.problems: list[TextProblem] = []

    def count(self, token: str, name: str, value: int) -> None:
        if name in self.seen:
            self.problems.append(TextProblem("repeated", token, {"field": name}))
            return
        self.seen.add(name)
        if name.startswith("wild_canastas."):
            self.wild[name.split(".", 1)[1]] = value
        else:
            self.values[name] = self.values.get(name, 0) + value

    def add_points(self, name: str, value: int) -> None:
        """Card points add up: ``meld:AAA meld:KKK`` is one meld total."""
        self.values[name] = self.values.get(name, 0) + value

    def went_out(self, token: str, how: str) -> None:
        if "went_out" in self.seen:
            self.problems.append(TextProblem("repeated", token, {"field": "went_out"}))
            return
        self.seen.add("went_out")
        self.values["went_out"] = how


def _number(token: str, digits: str, side: _Side) -> int | None:
    # Length first: int() refuses strings of over 4300 digits with a ValueError of its own.
    value = int(digits) if len(digits.lstrip("+-")) <= len(str(MAX_NUMBER)) else MAX_NUMBER + 1
    if abs(value) > MAX_NUMBER:
        side.problems.append(TextProblem("too_big", token, {"limit": MAX_NUMBER}))
        return None
    return value


def _cards(token: str, text: str, variant: Variant, side: _Side) -> int | None:
    """Card points of a card list; the card counter's problems become this module's."""
    if _NUMBER.match(text):
        return _number(token, text, side)
    try:
        return count_cards(variant, text.replace(",", " ")).points
    except ScoringError as error:
        for problem in error.problems:
            word = str(problem.params.get("word", text))
            code = {
                "unknown_card": "unknown_card",
                "red_three_has_no_value": "red_three_card",
            }.get(problem.code, "no_cards")
            side.problems.append(TextProblem(code, token, {"word": word}))
        return None


def _read_token(token: str, variant: Variant, side: _Side) -> None:
    if token in NOTHING_WORDS:
        return
    if _NUMBER.match(token):
        value = _number(token, token, side)
        if value is None:
            return
        if side.meld_number is not None:
            side.problems.append(TextProblem("two_numbers", token, {"first": side.meld_number}))
            return
        side.meld_number = token
        side.count(token, "meld_points", value)
        return
    if token in OUT_WORDS:
        side.went_out(token, "normal")
        return
    if token in CONCEALED_WORDS:
        side.went_out(token, "concealed")
        return
    prefix, colon, rest = token.partition(":")
    if colon:
        if prefix in MELD_PREFIXES or prefix in HAND_PREFIXES:
            name = "meld_points" if prefix in MELD_PREFIXES else "hand_points"
            points = _cards(token, rest, variant, side)
            if points is not None:
                side.add_points(name, points)
            return
        side.problems.append(TextProblem("unknown_token", token))
        return
    match = _NUMBER_WORD.match(token)
    if match and match.group(2) in COUNT_SUFFIX:
        value = _number(token, match.group(1), side)
        if value is not None:
            side.count(token, COUNT_SUFFIX[match.group(2)], value)
        return
    side.problems.append(TextProblem("unknown_token", token))


def parse_round_text(text: str, variant: Variant) -> dict[str, Any]:
    """One side's compact line -> ``SideRound`` fields (omitted ones left out).

    Raises ``RoundTextError`` with every token it could not read; never anything else.
    """
    side = _Side()
    for token in _tokens(text or ""):
        _read_token(token, variant, side)
    if side.problems:
        raise RoundTextError(side.problems)
    out = dict(side.values)
    if side.wild:
        out["wild_canastas"] = dict(side.wild)
    return out


_FORMAT_ORDER: tuple[tuple[str, str], ...] = (
    ("natural_canastas", "n"),
    ("mixed_canastas", "m"),
    ("wild_canastas.twos", "w2"),
    ("wild_canastas.jokers", "wj"),
    ("wild_canastas.other", "w"),
    ("red_threes", "r"),
    ("red_threes_in_hand", "rh"),
    ("black_threes_melded", "b"),
    ("black_threes_in_hand", "bh"),
)


def format_round_text(components: Mapping[str, Any]) -> str:
    """A side's components written back as a compact line (for history and edits).

    ``parse_round_text(format_round_text(c))`` gives ``c`` back (zeros left out).
    """
    parts: list[str] = []
    meld = int(components.get("meld_points", 0) or 0)
    if meld:
        parts.append(str(meld))
    wild = components.get("wild_canastas") or {}
    for name, suffix in _FORMAT_ORDER:
        if name.startswith("wild_canastas."):
            value = int(wild.get(name.split(".", 1)[1], 0) or 0)
        else:
            value = int(components.get(name, 0) or 0)
        if value:
            parts.append(f"{value}{suffix}")
    went_out = str(components.get("went_out", "no") or "no")
    if went_out == "normal":
        parts.append("out")
    elif went_out == "concealed":
        parts.append("concealed")
    hand = int(components.get("hand_points", 0) or 0)
    if hand:
        parts.append(f"{hand}h")
    return " ".join(parts) or "-"
