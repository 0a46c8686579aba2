"""A round described in words, worked out: "380 on the table, one clean and one dirty canasta,
I went out, partner had 45 left, what do we get?" -> that side's net for the round.

Players ask this in ``/rules`` before (or instead of) recording the round, so the answer comes
from the scoring module's own ``breakdown`` for the table's variant: the figure is the one the
score sheet would show. Only what the question says is counted; a description without the
table's points, or with nothing beside them, is not a round and gets no figure.

Every phrase comes from the lexicon (``rules_data/lexicon/<lang>.toml``, section ``round``),
matched on folded text (``text.fold``) in which numbers said in words are digits
(``number_words.spell_digits``). A number is the table's points or the cards left in hand by
the words around it ("380 on the table", "pöydässä 350", "satt med 45", "70 tilbage på
hånden"); the words right after it win over the words before ("we had 300 melded"). A number
the reader cannot place is reported back, and the answer asks instead of guessing.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bot.rules.number_words import spell_digits
from bot.rules.text import fold, normalise, tokens
from bot.scoring import Variant
from bot.scoring.round import SideRound, WentOut, breakdown
from bot.scoring.vocabulary import vocabulary

MAX_COUNT = 10
"""Counts of canastas or red threes said in words go no higher."""


def _phrase(text: str) -> str:
    """One lexicon phrase as a regex over tokens: "word*" takes any ending, "~" is one
    optional word, an apostrophe splits like the question's own words do ("what's")."""
    out = ""
    for raw in fold(normalise(text)).split():
        if raw == "~":
            out += r"(?:\w+ )?"
            continue
        word = re.escape(" ".join(tokens(raw.rstrip("*"))))
        out += word + (r"\w* " if raw.endswith("*") else " ")
    return out.rstrip(" ")


def _any(*fields: str) -> str:
    """Every language's phrases of the ``round`` fields (or ``colours.red``), longest first."""
    phrases: set[str] = set()
    for lexicon in vocabulary().lexicons.values():
        for name in fields:
            section = lexicon.colours if name == "red" else lexicon.round
            phrases.update(_phrase(p) for p in getattr(section, name))
    return "(?:" + "|".join(sorted(phrases, key=len, reverse=True)) + ")"


@functools.cache
def _counts() -> dict[str, int]:
    """Folded count word -> value: number words up to ``MAX_COUNT`` and their forms, digits,
    and the words that mean one before a noun ("a", "en", "yhden")."""
    out = {str(n): n for n in range(1, MAX_COUNT + 1)}
    for word, value in vocabulary().number_words.items():
        if value <= MAX_COUNT:
            out.setdefault(fold(word), value)
    for word in vocabulary().words("one"):
        out.setdefault(fold(word), 1)
    return out


@dataclass(frozen=True)
class _Patterns:
    canastas: re.Pattern[str]
    red_threes: re.Pattern[str]
    went_out: re.Pattern[str]
    negation: re.Pattern[str]
    they: re.Pattern[str]
    concealed: re.Pattern[str]
    hand_after: re.Pattern[str]
    hand_before: re.Pattern[str]
    table_after: re.Pattern[str]
    table_before: re.Pattern[str]
    result: re.Pattern[str]
    bonus: re.Pattern[str]
    """A part of the round named after a number: "500 for en ren canasta" restates a bonus."""


@functools.cache
def _patterns() -> _Patterns:
    """The lexicon's phrases compiled once, on the first round question."""
    count = "|".join(sorted(map(re.escape, _counts()), key=len, reverse=True))
    filler = _any("filler")
    return _Patterns(
        canastas=re.compile(
            rf"(?:^| )({count}) (?:\w+ )?(?:({_any('natural')})|({_any('mixed')}))(?= |$)"
        ),
        red_threes=re.compile(rf"(?:^| )({count}) {_any('red')} {_any('three')}(?= |$)"),
        went_out=re.compile(rf"(?:^| ){_any('went_out')}(?= |$)"),
        negation=re.compile(rf"(?:^| ){_any('negation')}(?= |$)"),
        they=re.compile(rf"(?:^| ){_any('they')}$"),
        concealed=re.compile(rf"(?:^| ){_any('concealed')}(?= |$)"),
        hand_after=re.compile(rf"^(?:{filler} )*{_any('hand_after')}(?= |$)"),
        hand_before=re.compile(rf"(?:^| ){_any('hand_before')}(?: {filler})*$"),
        table_after=re.compile(rf"^(?:{filler} )*{_any('table_after')}(?= |$)"),
        table_before=re.compile(rf"(?:^| ){_any('table_before')}(?: {filler})*$"),
        result=re.compile(rf"(?:^| ){_any('result')}(?= |$)"),
        bonus=re.compile(
            rf"^(?:{filler} )*(?:(?:{count}) )?(?:\w+ )?"
            rf"(?:[ck]anast\w*|{_any('natural', 'mixed', 'three', 'went_out', 'concealed')})"
            r"(?= |$)"
        ),
    )


def _negated(found: _Patterns, joined: str, match: re.Match[str]) -> bool:
    """ "gikk ikke ut", "ikke gået ud", "ei menty ulos": a negation inside the phrase or as the
    word right before it turns "went out" into its opposite."""
    before = joined[: match.start()].split()[-1:]
    return found.negation.search(" ".join([*before, match.group(0).strip()])) is not None


SCORE_STEP = 5
"""Table points and cards in hand are multiples of five, like every card value."""
WINDOW = 3
BEFORE_WINDOW = 4
"""Words looked at after and before a number; before reaches one further for the verb of "la
ned kort for 290"."""
SMALLEST_UNPLACED = 15
"""A number from here up that the reader cannot place, in a round it does read, is reported
back: the round would be wrong without it. Smaller ones are counts ("2 red threes")."""


@dataclass(frozen=True)
class RoundAnswer:
    """The described side's round: each component (``round.BREAKDOWN_KEYS``) and the net.
    ``unplaced``: numbers the question gives that the reader could not place; then the reply
    says what it read and asks instead of giving the net as certain."""

    parts: tuple[tuple[str, int], ...]
    net: int
    unplaced: tuple[int, ...] = ()


def _numbers(words: list[str]) -> tuple[int | None, int, list[int]]:
    """(the table's points, the cards left in hand: every hand named, summed, the numbers
    that are neither). The words after a number win: "we had 300 melded" is the table."""
    table: int | None = None
    hand = 0
    unplaced: list[int] = []
    found = _patterns()
    for i, word in enumerate(words):
        if not word.isdecimal():
            continue
        value = int(word)
        after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
        before = " ".join(words[max(0, i - BEFORE_WINDOW) : i])
        table_after = found.table_after.match(after) is not None
        hand_after = found.hand_after.match(after) is not None
        if value % SCORE_STEP:
            continue
        if hand_after and not table_after:
            hand += value
        elif table is None and table_after:
            table = value
        elif found.hand_before.search(before):
            hand += value
        elif table is None and found.table_before.search(before):
            table = value
        elif value >= SMALLEST_UNPLACED and not found.bonus.search(after):
            unplaced.append(value)
    return table, hand, unplaced


def _words(question: str) -> list[str]:
    return tokens(fold(spell_digits(normalise(question))))


def describe_round(question: str) -> SideRound | None:
    """The side's round as the question describes it, or None when it describes none."""
    described = _describe(question)
    return described[0] if described else None


def _describe(question: str) -> tuple[SideRound, list[int]] | None:
    words = _words(question)
    joined = " ".join(words)
    table, hand, unplaced = _numbers(words)
    if table is None:
        return None
    found = _patterns()
    counts = _counts()
    natural = mixed = 0
    for match in found.canastas.finditer(joined):
        if match[2]:
            natural += counts[match[1]]
        else:
            mixed += counts[match[1]]
    red = sum(counts[m[1]] for m in found.red_threes.finditer(joined))
    went_out = WentOut.NO
    ours = [
        m
        for m in found.went_out.finditer(joined)
        if not found.they.search(joined[: m.start()]) and not _negated(found, joined, m)
    ]
    if ours:
        went_out = WentOut.CONCEALED if found.concealed.search(joined) else WentOut.NORMAL
    ended = hand or went_out is not WentOut.NO
    if not (ended or ((natural or mixed or red) and found.result.search(joined))):
        return None
    side = SideRound(
        meld_points=table,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=went_out,
        hand_points=hand,
    )
    return side, unplaced


def round_answer(question: str, variant: Variant) -> RoundAnswer | None:
    """The described round worked out for ``variant``, or None (see ``describe_round``)."""
    described = _describe(question)
    if described is None or described[0].red_threes >= len(variant.red_threes.schedule):
        return None
    side, unplaced = described
    if side.meld_points + side.hand_points > variant.deck_card_points:
        return None  # more than the decks hold: no figure to work out, the topic answers
    parts = breakdown(variant, side)
    shown = tuple((key, value) for key, value in parts.items() if value or key == "meld")
    return RoundAnswer(shown, sum(parts.values()), tuple(unplaced))
