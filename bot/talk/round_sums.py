"""Figures a side's words add up with "+": a hand said in parts ("hands 25+40+10", "55 + 20
in hand", "stuck with 50 (Siv) + 30 (me)") is their total, and a sum said next to its total
("-45 in hand (30+15)") is that total said again.

Why on the words both readers read (``round_cut.said_words``): the sign is gone once the
words are cut (``round_words._SUM`` writes it "plus"), and a hand's parts read as separate
numbers are asked about ("25 40 10": which is the hand?). Only in a clause of the hand: a
"+" elsewhere ("445 + 1 nat", meld and a bonus) is no hand's parts, and is left as said.
The same arithmetic as ``round_restated.hand_total`` ("45 and 30, so 75").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from bot.talk.round_sides import Seating, names_side, sides_named
from bot.talk.round_words import GAP, any_phrase, counts, index_at


@functools.cache
def _hand_words(lang: str | None) -> re.Pattern[str]:
    """A hand word ("in hand", "stuck with", "käteen"): a clause of the hand's figures."""
    hand = any_phrase("hand_after", "hand_before", "stuck", lang=lang)
    return re.compile(rf"(?:^| ){hand}(?= |$)")


PLUS = "plus"
"""The word a "+" between figures is written as (``round_words._SUM``)."""


def _names_run(words: Sequence[str], start: int, seating: Seating) -> int:
    """The end of the players' names said from ``start`` ("siv", "me"): each word one."""
    end = start
    while end < len(words) and words[end] not in (GAP, PLUS) and names_side([words[end]], seating):
        end += 1
    return end


def _sum_at(words: Sequence[str], i: int, seating: Seating) -> tuple[int, int] | None:
    """(end, total) of the figures added up from ``words[i]`` ("25 plus 40 plus 10", "50
    siv plus 30 me": a name after a figure says whose it is), or None: no "plus" after
    it, or the players named of more than one side (whose hand would the sum be?)."""
    total, end, names = int(words[i]), i + 1, []
    while True:
        after = _names_run(words, end, seating)
        names += words[end:after]
        if after + 1 < len(words) and words[after] == PLUS and words[after + 1].isdecimal():
            total, end = total + int(words[after + 1]), after + 2
            continue
        end = after
        break
    if PLUS not in words[i:end]:
        return None
    sides = sides_named(list(names), seating) if names else set()
    return (end, total) if len(sides) <= 1 and None not in sides else None


def _restated(words: Sequence[str], start: int, end: int, total: int) -> bool:
    """The figure said next to a sum, in its clause, is its total ("45 in hand (30+15)",
    "30+15 = 45"): the sum restates it."""
    before = [w for w in reversed(words[:start]) if w == GAP or w.isdecimal()]
    after = next((w for w in words[end:] if w == GAP or w.isdecimal()), GAP)
    return (bool(before) and before[0] == str(total)) or after == str(total)


def summed(words: list[str], seating: Seating) -> list[str]:
    """``words`` with figures added up in a clause of the hand ("hands 25+40+10", "55 + 20
    in hand", "stuck with 50 (Siv) + 30 (me)") said as their total, and a sum said next
    to its total dropped ("-45 in hand (30+15)"): a hand said in parts and whole, as
    ``hand_total`` reads "45 and 30, so 75". A sum in any other clause ("445 + 1 nat",
    meld and a bonus) is left as said, to be asked about."""
    out: list[str] = []
    i, clause_start = 0, 0
    while i < len(words):
        if words[i] == GAP:
            clause_start = len(out) + 1
        found = _sum_at(words, i, seating) if words[i].isdecimal() else None
        if found is not None:
            end, total = found
            clause_end = next((j for j in range(end, len(words)) if words[j] == GAP), len(words))
            clause = " ".join([*out[clause_start:], *words[i:clause_end]])
            if _hand_words(seating.lang).search(clause):
                if not _restated([*out, *words[i:]], len(out), len(out) + end - i, total):
                    out.append(str(total))
                i = end
                continue
        out.append(words[i])
        i += 1
    return out


@functools.cache
def _kinds_heading(lang: str | None) -> re.Pattern[str]:
    """A canasta word opening a clause right before a count and a kind ("canastas 2
    natural", "kanastat 0 puhdas", "can 0 nat"), or before a colon and then them
    ("canastas: one clean one dirty"): the part's heading, not a count."""
    count = "|".join(sorted(map(re.escape, counts(lang)), key=len, reverse=True))
    none = any_phrase("none", lang=lang)
    kind = any_phrase("natural", "mixed", lang=lang)
    return re.compile(
        rf"(?:^|\{GAP} )({any_phrase('canasta', lang=lang)})(?: \{GAP})? (?:{count}|{none}) {kind}"
        r"(?= |$)"
    )


def without_kinds_heading(words: list[str], lang: str | None) -> list[str]:
    """``words`` without the canasta word that heads a side's canastas by kind
    ("canastas: 2 natural, 0 mixed", "can: 0 nat, 1 bl", "kanastat: 0 puhd, 1 epäpuhd"):
    read as a canasta of its own it would be one too many, or asked about."""
    joined = " ".join(words)
    dropped: set[int] = set()
    for match in _kinds_heading(lang).finditer(joined):
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        dropped.update(range(first, last + 1))
    return [w for i, w in enumerate(words) if i not in dropped]
