"""A round said section by section: a clause that names one part of the round, then each
side's value for it ("hands first: we got caught with 35, they went out so 0. melds: us 260
..., them 340 ...", "på hånda: vi 0, dem 70. på bordet: ...", "red threes us 1 them 1").

Why: the sentence is cut into sides at each side's name (``round_sides``), which leaves the
section's heading at the end of the side named before it and each side's value bare ("them
65"): read alone, a bare number after a side's name is its table points, and a bare count
is a count of nothing. The heading says what each such value is, so its role is put beside
each side's value, in the words the readers read that role by, up to the next heading.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_sides import TABLE, Segment
from bot.talk.round_words import GAP, any_phrase, count_of
from bot.talk.text import fold, normalise, tokens

ROLE_REACH = 3
"""Words before a value looked at for a role word of its own ("caught with 35"): then the
speaker said what the value is, and the heading adds nothing."""


@dataclass(frozen=True)
class _Heading:
    role: str
    """ "hand", "table" (points after it) or "count" (a count of the heading's kind)."""
    words: tuple[str, ...]
    """What is put after each side's value: the lexicon's phrase for the role, or for a
    count the heading's own words ("red threes", "røde treere")."""


@functools.cache
def _phrases(lang: str | None) -> dict[str, re.Pattern[str]]:
    def whole(*fields: str) -> re.Pattern[str]:
        return re.compile(any_phrase(*fields, lang=lang))

    return {
        "hand": whole("section_hand"),
        "table": whole("section_table"),
        "count": re.compile(
            rf"(?:{any_phrase('red', lang=lang)})(?: {any_phrase('three', lang=lang)})?"
            rf"|(?:{any_phrase('natural', 'mixed', lang=lang)})"
            rf"(?: {any_phrase('canasta', lang=lang)})?"
        ),
        "after": re.compile(rf"(?:{any_phrase('hand_after', 'table_after', lang=lang)})(?= |$)"),
        "before": re.compile(
            rf"(?:^| )(?:{any_phrase('hand_before', 'table_before', 'stuck', lang=lang)})$"
        ),
    }


@functools.cache
def _said_with(role: str, lang: str | None) -> tuple[str, ...]:
    """The first phrase of ``lang``'s ``hand_after`` or ``table_after`` as words: how the
    readers are told a number is the hand or the table points ("35 left", "445 on the
    table")."""
    lexicon = vocabulary().lexicons.get(lang or "en") or vocabulary().lexicons["en"]
    said = (lexicon.round.hand_after if role == "hand" else lexicon.round.table_after)[0]
    return tuple(tokens(fold(normalise(said))))


def _heading(clause: list[str], lang: str | None) -> _Heading | None:
    """The section a clause heads, or None: it is all one heading phrase, no number in it."""
    said = " ".join(clause)
    if not clause or any(w.isdecimal() for w in clause):
        return None
    found = _phrases(lang)
    for role in ("hand", "table"):
        if found[role].fullmatch(said):
            return _Heading(role, _said_with(role, lang))
    if found["count"].fullmatch(said) and not any(count_of(w, lang) for w in clause):
        return _Heading("count", tuple(clause))
    return None


def _last_clause(words: list[str]) -> tuple[int, list[str]]:
    """(where it starts, its words) of a segment's last clause, a trailing gap left out."""
    end = len(words) - 1 if words and words[-1] == GAP else len(words)
    body = words[:end]
    start = len(body) - body[::-1].index(GAP) if GAP in body else 0
    return start, body[start:]


def _value_at(segment: Segment, heading: _Heading, lang: str | None) -> int | None:
    """Where the side's value for the section is: the first number (for a count section,
    the first count) in the segment's first clause after the side's name, unless a word
    beside it already says what it is."""
    words = segment.words
    found = _phrases(lang)
    for i in range(segment.lead, len(words)):
        word = words[i]
        if word == GAP:
            return None
        if heading.role == "count":
            if word.isdecimal() or count_of(word, lang) or _none(word, lang):
                return i
            continue
        if not word.isdecimal():
            continue
        if found["after"].match(" ".join(words[i + 1 :])):
            return None
        if found["before"].search(" ".join(words[max(0, i - ROLE_REACH) : i])):
            return None
        return i
    return None


@functools.cache
def _none_words(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(w) for code, lex in lexicons.items() if lang in (None, code) for w in lex.round.none
    )


def _none(word: str, lang: str | None) -> bool:
    return word in _none_words(lang)


def sectioned(parts: list[Segment], lang: str | None) -> list[Segment]:
    """``parts`` with every section heading taken out of the segment it ended, and its role
    said after each following side's bare value, up to the next heading. A heading counts
    only as the last clause of a segment (or of the words before any side) with a side
    named right after it."""
    out: list[Segment] = []
    heading: _Heading | None = None
    for n, segment in enumerate(parts):
        if heading is not None and segment.side is not None and segment.side not in TABLE:
            segment = _with_role(segment, heading, lang)
        following = parts[n + 1] if n + 1 < len(parts) else None
        start, clause = _last_clause(segment.words)
        found = _heading(clause, lang) if following and following.side is not None else None
        if found is not None and start >= segment.lead:
            heading = found
            segment = replace(segment, words=segment.words[:start])
        if segment.words:
            out.append(segment)
    return out


def _with_role(segment: Segment, heading: _Heading, lang: str | None) -> Segment:
    at = _value_at(segment, heading, lang)
    if at is None:
        return segment
    words = [*segment.words[: at + 1], *heading.words, *segment.words[at + 1 :]]
    return replace(segment, words=words)
