"""A round said section by section: a clause that names one part of the round, then each
side's value for it ("hands first: we got caught with 35, they went out so 0. melds: us 260
..., them 340 ...", "på hånda: vi 0, dem 70. på bordet: ...", "red threes us 1 them 1"), or
each side's total before its parts ("i alt vi 1280, de 685. fordelt: ...", "yhteensä me 1280
ja ne 685"): a result word of ``round.score`` put after each total, which the readers check
against the net of that side's parts (``round_restated.totals``).

Why: the sentence is cut into sides at each side's name (``round_sides``), which leaves the
section's heading at the end of the side named before it and each side's value bare ("them
65"): read alone, a bare number after a side's name is its table points, and a bare count
is a count of nothing. The heading says what each such value is, so its role is put beside
each side's value, in the words the readers read that role by, up to the next heading.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_sides import TABLE, Seating, Segment
from bot.talk.round_words import GAP, MAX_COUNT, any_phrase, count_of, listed
from bot.talk.text import fold, normalise, tokens

ROLE_REACH = 3
"""Words before a value looked at for a role word of its own ("caught with 35"): then the
speaker said what the value is, and the heading adds nothing."""


@dataclass(frozen=True)
class _Heading:
    role: str
    """ "hand", "table" (points after it), "total" (the side's net) or "count" (a count of
    the heading's kind)."""
    words: tuple[str, ...]
    """What is put after each side's value: the lexicon's phrase for the role, or for a
    count or a total the heading's own words ("red threes", "røde treere", "i alt")."""
    said: tuple[str, ...]
    """The heading as said: a side whose value is not found keeps it as a clause of its own,
    so nothing the speaker said is dropped (the readers then ask, as without sections)."""


@functools.cache
def _phrases(lang: str | None) -> dict[str, re.Pattern[str]]:
    def whole(*fields: str) -> re.Pattern[str]:
        return re.compile(any_phrase(*fields, lang=lang))

    return {
        "hand": whole("section_hand"),
        "table": whole("section_table"),
        "total": whole("score"),
        "count": re.compile(
            rf"(?:{any_phrase('red', lang=lang)})(?: {any_phrase('three', lang=lang)})?"
            rf"|(?:{any_phrase('natural', 'mixed', lang=lang)})"
            rf"(?: {any_phrase('canasta', lang=lang)})?"
            rf"|(?:{any_phrase('canasta', lang=lang)})|(?:{any_phrase('three', lang=lang)})"
        ),
        "order": re.compile(rf"(?:^| )(?:{any_phrase('section_order', lang=lang)})(?= |$)"),
        "kind": re.compile(
            rf"(?:{any_phrase('natural', 'mixed', 'red', 'three', 'canasta', lang=lang)})(?= |$)"
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
    found = _phrases(lang)
    said = found["order"].sub("", " ".join(clause)).strip()
    if not said or any(w.isdecimal() for w in clause):
        return None
    for role in ("hand", "table"):
        if found[role].fullmatch(said):
            return _Heading(role, _said_with(role, lang), tuple(clause))
    if found["total"].fullmatch(said):
        return _Heading("total", tuple(said.split()), tuple(clause))
    if found["count"].fullmatch(said) and not any(count_of(w, lang) for w in said.split()):
        return _Heading("count", tuple(clause), tuple(clause))
    return None


def _last_clause(words: list[str]) -> tuple[int, list[str]]:
    """(where it starts, its words) of a segment's last clause, a trailing gap left out."""
    end = len(words) - 1 if words and words[-1] == GAP else len(words)
    body = words[:end]
    start = len(body) - body[::-1].index(GAP) if GAP in body else 0
    return start, body[start:]


SAID = -1
"""The side's value is said with its own role word ("we got caught with 35"): nothing to add."""


def _value_at(segment: Segment, heading: _Heading, lang: str | None) -> int | None:
    """Where the side's value for the section is: the first number (for a count section,
    the first count) in the segment's first clause, the words given to the side before its
    name too ("1 for them"); ``SAID`` when a word beside it already says what it is, None
    when there is none."""
    words = segment.words
    found = _phrases(lang)
    for i in range(len(words)):
        word = words[i]
        if word == GAP:
            return None
        if heading.role == "count":
            if word.isdecimal() or count_of(word, lang) or _none(word, lang):
                return _bare_count(words, i, lang)
            continue
        if not word.isdecimal():
            continue
        if found["after"].match(" ".join(words[i + 1 :])):
            return SAID
        if found["before"].search(" ".join(words[max(0, i - ROLE_REACH) : i])):
            return SAID
        return i
    return None


def _bare_count(words: list[str], i: int, lang: str | None) -> int | None:
    """``i`` when the count there counts nothing said with it; ``SAID`` when a kind follows
    it ("canastas: we got 1 clean 0 dirty": the side says what it counts); None for points
    ("315")."""
    if words[i].isdecimal() and int(words[i]) > MAX_COUNT:
        return None
    after = " ".join(words[i + 1 : i + 3])
    return SAID if _phrases(lang)["kind"].match(after) else i


def _none(word: str, lang: str | None) -> bool:
    return word in listed("round", "none", lang)


def sectioned(parts: list[Segment], seating: Seating) -> list[Segment]:
    """``parts`` with every section heading taken out of the segment it ended, and its role
    said after each side's bare value in the section. A heading counts only as the last
    clause of a segment (or of the words before any side) with a side named right after it;
    its section gives each side one value, the first said of it, and ends at the part after
    every side has had its value ("red threes: 2 for us, 1 for them. we went out with 315":
    the 315 is no count of red threes). A side named in a section with no value for it
    keeps the heading as said, so nothing said is dropped (``_Section.close``)."""
    out: list[Segment] = []
    section: _Section | None = None
    for n, segment in enumerate(parts):
        side = segment.side
        if section is not None and side is not None and side not in TABLE:
            if side not in section.valued:
                segment = section.give(segment, len(out), seating.lang)
            elif len(section.valued) >= seating.sides:
                section = section.close(out)
        following = parts[n + 1] if n + 1 < len(parts) else None
        start, clause = _last_clause(segment.words)
        found = None
        if following is not None and following.side is not None and start >= segment.lead:
            found = None if following.side in TABLE else _heading(clause, seating.lang)
            found = _totalled(found, following, seating.lang)
        if found is not None:
            segment = replace(segment, words=segment.words[:start])
        out.append(segment)
        if found is not None:
            if section is not None:
                section.close(out)
            section = _Section(found, origin=len(out) - 1)
    if section is not None:
        section.close(out)
    return [segment for segment in out if segment.words]


def _totalled(found: _Heading | None, following: Segment, lang: str | None) -> _Heading | None:
    """A total heading only with a total said right after it, alone in its clause ("i alt
    vi 1280, de 685", "yhteensä me 1280 ja ne 685"): a result word with no number after it
    ("cuban scores: we went out ...") or with the parts going on after the number ("scores:
    us 430 two mixed canastas": the 430 is the table's) heads nothing, and stays where it
    was said."""
    if found is None or found.role != "total":
        return found
    at = _value_at(following, found, lang)
    if at is None or at == SAID:
        return None
    rest = following.words[at + 1 :]
    clause = rest[: rest.index(GAP)] if GAP in rest else rest
    return found if all(w in _joiners() for w in clause) else None


@functools.cache
def _joiners() -> frozenset[str]:
    return frozenset(fold(w) for w in vocabulary().words("joiners"))


@dataclass
class _Section:
    """The heading in force, the sides given their value in it, and where the first part of
    each side named in it with no value is (in the parts said so far)."""

    heading: _Heading
    origin: int = 0
    """Where the heading was said: the part whose last clause it was."""
    valued: set[int] = field(default_factory=set)
    unvalued: dict[int, int] = field(default_factory=dict)

    def give(self, segment: Segment, at: int, lang: str | None) -> Segment:
        """The side's part with the heading's role after its value ("us 0 left"), if any:
        a part with none ("us 0 (we went out)": the "we went out") waits for the next."""
        given = _with_role(segment, self.heading, lang)
        if given is None:
            self.unvalued.setdefault(segment.side or 0, at)
            return segment
        self.valued.add(segment.side or 0)
        return given

    def close(self, out: list[Segment]) -> None:
        """Every side named in the section that had no value for it keeps the heading as a
        clause of its own (the readers then ask, as without sections). A heading no side
        gave a value for headed nothing: it was the last item of a list said of the side it
        was said with ("345, ren kanasta og vi gikk ut ...", "natural canasta, we ended on
        320"), so it goes back there, and only there: a kind said once for one side is not
        every side's (copied onto the other, "natural canasta" read as one canasta each)."""
        if not self.valued:
            words = out[self.origin].words
            out[self.origin] = replace(out[self.origin], words=[*words, *self.heading.said, GAP])
            return
        for side, at in self.unvalued.items():
            if side in self.valued:
                continue
            words = out[at].words
            words = words[:-1] if words[-1:] == [GAP] else words
            out[at] = replace(out[at], words=[*words, GAP, *self.heading.said, GAP])


def _with_role(segment: Segment, heading: _Heading, lang: str | None) -> Segment | None:
    """The side's part with the heading's role after its value, as it is when its own word
    says the role already, or None when it says no value."""
    at = _value_at(segment, heading, lang)
    if at == SAID:
        return segment
    if at is None:
        return None
    words = [*segment.words[: at + 1], *heading.words, *segment.words[at + 1 :]]
    return replace(segment, words=words)
