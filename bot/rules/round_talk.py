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

One reader serves two commands. ``read_round`` reads a whole round said aloud for ``/round
say`` ("vi meldte 420, en ren og en uren, gikk ut; de andre 240, 25 igjen"): the sentence is cut
where it names another side (we/they words, "team 2", the game's side and player names: see
``Seating``), each side's words are read as above, and everything it cannot place (a number no
word explains, a side not mentioned, a canasta without its kind, "out" without its verb) comes
back in ``RoundReading.unsure`` with the words it refers to. ``/rules`` reads the asking side's
part of the same cut (``describe_round``), so what "they" did never lands on the asker's side.
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


def _any(*fields: str, lang: str | None = None) -> str:
    """Every language's (or ``lang``'s) phrases of the ``round`` fields (or ``colours.red``),
    longest first."""
    phrases: set[str] = set()
    for code, lexicon in vocabulary().lexicons.items():
        if lang is not None and code != lang:
            continue
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
    concealed: re.Pattern[str]
    hand_after: re.Pattern[str]
    hand_before: re.Pattern[str]
    table_after: re.Pattern[str]
    table_before: re.Pattern[str]
    result: re.Pattern[str]
    bonus: re.Pattern[str]
    """A part of the round named after a number: "500 for en ren canasta" restates a bonus."""
    no_meld: re.Pattern[str]
    canasta: re.Pattern[str]
    red: re.Pattern[str]
    none: re.Pattern[str]
    score_before: re.Pattern[str]
    score_after: re.Pattern[str]
    minus: re.Pattern[str]
    one_red: re.Pattern[str]
    out: re.Pattern[str]
    out_phrases: re.Pattern[str]
    bare_kind: re.Pattern[str]
    """ "clean canasta" with no count before it: one, as the singular says."""


SINGULAR = ("canasta", "kanasta")
"""The word canasta in the singular, the same in all four languages (folded)."""


@functools.cache
def _count_words() -> str:
    return "|".join(sorted(map(re.escape, _counts()), key=len, reverse=True))


@functools.cache
def _patterns() -> _Patterns:
    """The lexicon's phrases compiled once, on the first round question."""
    count = _count_words()
    filler = _any("filler")
    none = _any("none")
    return _Patterns(
        canastas=re.compile(
            rf"(?:^| )({count}|{none}) (?:\w+ )?(?:({_any('natural')})|({_any('mixed')}))(?= |$)"
        ),
        red_threes=re.compile(
            rf"(?:^| )({count}|{none}) {_any('red')}(?: {_any('three')})?(?= |$)"
            rf"(?! {_any('canasta')})"
        ),
        went_out=re.compile(rf"(?:^| ){_any('went_out')}(?= |$)"),
        negation=re.compile(rf"(?:^| ){_any('negation')}(?= |$)"),
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
        no_meld=re.compile(rf"(?:^| ){_any('no_meld')}(?= |$)"),
        canasta=re.compile(rf"(?:^| )({_any('canasta')})(?= |$)"),
        red=re.compile(rf"(?:^| )({_any('red')})(?= |$)"),
        none=re.compile(rf"^{none}$"),
        score_before=re.compile(rf"(?:^| ){_any('score')}$"),
        score_after=re.compile(rf"^(?:{filler} )*{_any('score')}(?= |$)"),
        out=re.compile(rf"(?:^| )({_any('out')})(?= |$)"),
        out_phrases=re.compile(
            rf"(?:^| )({_any('went_out', 'table_before', 'table_after', 'concealed')})(?= |$)"
        ),
        one_red=re.compile(rf"(?:^| )({_any('one_red_three')})(?= |$)"),
        minus=re.compile(
            "^(?:" + "|".join(sorted(map(re.escape, vocabulary().words("minus")))) + ")$"
        ),
        bare_kind=re.compile(
            rf"(?:^| )(?:({_any('natural')})|({_any('mixed')})) (?:{'|'.join(SINGULAR)})(?= |$)"
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
LEAD_WORDS = 2
"""A number this many words (or fewer) after a side's name ("they had 240", "our team had
420"), with no word saying what it is, is that side's table points: "vi meldte 420 ...; de
andre 240 ..." says 240 the way it said 420."""
GAP = "|"
"""Between two parts of one side said apart: no phrase reaches across it."""


@dataclass(frozen=True)
class Unsure:
    """Something said that the reader could not place, so it asks instead of guessing.

    ``what``: "number" (a number no word explains), "side" (words about a side it cannot tell),
    "missing" (a side nobody mentioned), "meld" (a side's table points not said), "canasta"
    (a canasta without its kind or count), "red" (red threes without a count), "went_out" (more
    than one side went out). ``words``: the words it refers to; ``side``: 0-based, when known.
    """

    what: str
    words: str
    side: int | None = None


@dataclass(frozen=True)
class _Numbers:
    table: int | None
    hand: int
    unplaced: list[tuple[int, int]]
    """(value, word index) of numbers that are neither the table's points nor a hand."""


def _result_or_minus(found: _Patterns, words: list[str], i: int, after: str) -> bool:
    """A number said as a result or a total ("we scored 1250", "1250 i alt") or with a minus
    ("they had minus 35") is no table points: only a hand word could place it."""
    before = " ".join(words[max(0, i - 2) : i])
    if found.score_before.search(before) or found.score_after.match(after):
        return True
    return i > 0 and found.minus.match(words[i - 1]) is not None


def _numbers(words: list[str], leads: frozenset[int] = frozenset()) -> _Numbers:
    """The table's points, the cards left in hand (every hand named, summed) and the numbers
    that are neither. The words after a number win: "we had 300 melded" is the table."""
    table: int | None = None
    hand = 0
    unplaced: list[tuple[int, int]] = []
    found = _patterns()
    for i, word in enumerate(words):
        if not word.isdecimal():
            continue
        value = int(word)
        after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
        before = " ".join(words[max(0, i - BEFORE_WINDOW) : i])
        table_after = found.table_after.match(after) is not None
        hand_after = found.hand_after.match(after) is not None
        lead = any(0 <= i - start <= LEAD_WORDS for start in leads)
        if value % SCORE_STEP:
            unplaced.append((value, i))
        elif hand_after and not table_after:
            hand += value
        elif table is None and table_after:
            table = value
        elif _result_or_minus(found, words, i, after):
            unplaced.append((value, i))
        elif table is None and lead and not found.bonus.search(after):
            table = value  # not "500 for en ren canasta": a bonus said again
        elif found.hand_before.search(before):
            hand += value
        elif table is None and found.table_before.search(before):
            table = value
        elif not found.bonus.search(after):
            unplaced.append((value, i))
    return _Numbers(table, hand, unplaced)


_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,2})[.,\u00a0\u202f](\d{3})(?!\d|[.,]\d)")
"""A number written with a thousands separator ("1,200", "1.200"): one number."""
_CLAUSE = re.compile(r"[,;:.!?]+(?=\s|$)|\s[-–—/]\s")
"""Punctuation between clauses: no phrase binds a number across it ("100, kädessä 20")."""


def _words(question: str) -> list[str]:
    """The question's folded words, numbers said in words as digits, ``GAP`` between clauses."""
    text = fold(spell_digits(_THOUSANDS.sub(r"\1\2", normalise(question))))
    out: list[str] = []
    for clause in _CLAUSE.split(text):
        words = tokens(clause)
        if words and out:
            out.append(GAP)
        out += words
    return out


def _index_at(joined: str, char: int) -> int:
    """The word index of the word starting at ``char`` of the space-joined words."""
    return joined.count(" ", 0, char)


@dataclass(frozen=True)
class _Part:
    side: SideRound
    table_said: bool
    unsure: tuple[Unsure, ...]
    unplaced: tuple[int, ...]


def _count(word: str) -> int:
    return _counts().get(word, 0)


def _kinds(joined: str) -> tuple[int, int, int, set[int]]:
    """(natural, mixed, red threes, word indices the counts and their nouns cover)."""
    found = _patterns()
    natural = mixed = red = 0
    covered: set[int] = set()
    for match in found.canastas.finditer(joined):
        if match[2]:
            natural += _count(match[1])
        else:
            mixed += _count(match[1])
        end = _index_at(joined, match.end())
        covered.update(range(_index_at(joined, match.start(1)), end + 2))
    for match in found.bare_kind.finditer(joined):
        first = _index_at(joined, match.start(1) if match[1] else match.start(2))
        if first in covered:
            continue
        natural, mixed = (natural + 1, mixed) if match[1] else (natural, mixed + 1)
        covered.update((first, first + 1))
    _cover_total(joined, natural + mixed, covered)
    for match in found.red_threes.finditer(joined):
        red += _count(match[1])
        covered.update(range(_index_at(joined, match.start(1)), _index_at(joined, match.end()) + 1))
    for match in found.one_red.finditer(joined):
        first = _index_at(joined, match.start(1))
        if first not in covered:
            red += 1
            covered.update((first, first + 1))
    return natural, mixed, red, covered


def _cover_total(joined: str, canastas: int, covered: set[int]) -> None:
    """ "two canastas, one natural and one mixed": a count of canastas said before their
    kinds is no doubt when the kinds add up to it."""
    words = joined.split()
    for match in _patterns().canasta.finditer(joined):
        at = _index_at(joined, match.start(1))
        if at and at not in covered and canastas and _count(words[at - 1]) == canastas:
            covered.update((at - 1, at))


def _loose_words(joined: str, covered: set[int], side: int | None) -> list[Unsure]:
    """Canastas or red threes named without a count the reader can read ("two canastas",
    "red threes: two"): named as unsure."""
    found = _patterns()
    words = joined.split()
    out: list[Unsure] = []
    for what, pattern in (("canasta", found.canasta), ("red", found.red)):
        for match in pattern.finditer(joined):
            at = _index_at(joined, match.start(1))
            if at in covered or (at and found.none.match(words[at - 1])):
                continue
            near = words[max(0, at - 2) : at + 2]
            out.append(Unsure(what, " ".join(w for w in near if w != GAP), side))
    return out


def _lone_out(joined: str, side: int | None) -> list[Unsure]:
    """ "out" said without its verb ("420 / 1 clean / out"): going out, perhaps, but not
    said as the lexicon says it, so it is asked about rather than dropped."""
    found = _patterns()
    inside: set[int] = set()
    for match in found.out_phrases.finditer(joined):
        first, last = _index_at(joined, match.start(1)), _index_at(joined, match.end(1))
        inside.update(range(first, last + 1))
    words = joined.split()
    out = []
    for match in found.out.finditer(joined):
        at = _index_at(joined, match.start(1))
        negated = found.negation.search(" ".join(words[max(0, at - 2) : at]))
        if at not in inside and not negated:  # "didn't go out": not going out, as by default
            near = words[max(0, at - 2) : at + 2]
            out.append(Unsure("went_out", " ".join(w for w in near if w != GAP), side))
    return out


def _read_part(words: list[str], leads: frozenset[int], side: int | None) -> _Part:
    """One side's words read into its round; whatever cannot be placed is named."""
    joined = " ".join(words)
    found = _patterns()
    numbers = _numbers(words, leads)
    natural, mixed, red, covered = _kinds(joined)
    unsure = _loose_words(joined, covered, side) + _lone_out(joined, side)
    table, table_said = numbers.table, numbers.table is not None
    if table is None and found.no_meld.search(joined):
        table, table_said = 0, True
    went_out = WentOut.NO
    if any(not _negated(found, joined, m) for m in found.went_out.finditer(joined)):
        went_out = WentOut.CONCEALED if found.concealed.search(joined) else WentOut.NORMAL
    unplaced = [(v, i) for v, i in numbers.unplaced if i not in covered]
    unplaced += [
        (value, i)
        for i, word in enumerate(words)
        if not word.isdecimal() and (value := _count(word)) > 1 and i not in covered
    ]
    for _, i in unplaced:
        near = " ".join(w for w in words[max(0, i - 2) : i + 3] if w != GAP)
        unsure.append(Unsure("number", near, side))
    part = SideRound(
        meld_points=table or 0,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=went_out,
        hand_points=numbers.hand,
    )
    placed = tuple(v for v, i in unplaced if words[i].isdecimal())
    return _Part(part, table_said, tuple(unsure), placed)


@dataclass(frozen=True)
class Seating:
    """Who is who in a sentence about a whole round: how many sides, the speaker's side
    ("we", 0-based, None when unknown), the names each side is called by (side names, player
    names), and the language whose pronouns split the sentence (None: every language)."""

    sides: int = 2
    speaker: int | None = 0
    names: tuple[tuple[str, ...], ...] = ()
    lang: str | None = None


WE, THEY, NO_SIDE = -1, -2, -3


@functools.cache
def _side_patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """("we" words, "they" words, "team N") of ``lang`` (every language when None)."""
    count = _count_words()
    return (
        re.compile(rf"(?:^| )({_any('we', lang=lang)})(?= |$)"),
        re.compile(rf"(?:^| )({_any('they', lang=lang)})(?= |$)"),
        re.compile(rf"(?:^| )({_any('team', lang=lang)} ({count}))(?= |$)"),
    )


NAME_ENDING = (4, 5)
"""A name of at least 4 letters may take an ending of up to 5 ("Annalla", "Pers"); a shorter
name is only itself ("Di" is no part of "dirty")."""


def _name_pattern(name: str) -> re.Pattern[str] | None:
    words = tokens(fold(normalise(name)))
    if not words:
        return None
    ending = rf"\w{{0,{NAME_ENDING[1]}}}" if len(words[-1]) >= NAME_ENDING[0] else ""
    return re.compile(r"(?:^| )(" + " ".join(map(re.escape, words)) + ending + r")(?= |$)")


def _marks(joined: str, seating: Seating) -> list[tuple[int, int, int]]:
    """(first word, word after, side key) of every word that says whose part follows: a side
    index, ``WE``, ``THEY`` or ``NO_SIDE`` (a team number the game does not have)."""
    we, they, team = _side_patterns(seating.lang)
    found: list[tuple[int, int, int]] = []
    for side, names in enumerate(seating.names):
        for name in names:
            pattern = _name_pattern(name)
            if pattern is not None:
                found += [(m.start(1), m.end(1), side) for m in pattern.finditer(joined)]
    for match in team.finditer(joined):
        number = _count(match[2])
        key = number - 1 if 1 <= number <= seating.sides else NO_SIDE
        found.append((match.start(1), match.end(1), key))
    found += [(m.start(1), m.end(1), WE) for m in we.finditer(joined)]
    found += [(m.start(1), m.end(1), THEY) for m in they.finditer(joined)]
    chosen: list[tuple[int, int, int]] = []
    for start, end, key in sorted(found, key=lambda f: (f[0], -f[1])):
        if chosen and start < chosen[-1][1]:
            continue
        chosen.append((start, end, key))
    return [(_index_at(joined, s), _index_at(joined, e) + 1, k) for s, e, k in chosen]


def _resolve(key: int, seating: Seating) -> int | None:
    if key >= 0:
        return key
    if key == WE:
        return seating.speaker
    if key == THEY and seating.speaker is not None and seating.sides == 2:
        return 1 - seating.speaker
    return None


@dataclass(frozen=True)
class _Segment:
    side: int | None
    words: list[str]
    lead: int
    """Index of the first word after the side's name (0 for the words before any name: a
    bare number first, "420, en ren, gikk ut; de andre 240", is the table's points too)."""


def _segments(words: list[str], seating: Seating) -> list[_Segment]:
    """The sentence cut where it starts talking about another side. The words before the
    first side named are the speaker's ("420 melded, went out; they ...") when what follows is
    "we" or "they", or when nothing names a side at all. A side's name stays in its part (a
    pronoun disturbs no phrase), except "team 2", whose number is no points."""
    joined = " ".join(words)
    marks = _marks(joined, seating)
    out: list[_Segment] = []
    first = marks[0][0] if marks else len(words)
    if first:
        lead_side = seating.speaker if not marks or marks[0][2] in (WE, THEY) else None
        out.append(_Segment(lead_side, words[:first], 0))
    for n, (start, end, key) in enumerate(marks):
        stop = marks[n + 1][0] if n + 1 < len(marks) else len(words)
        team = end - start > 1 and words[end - 1] in _counts() and key not in (WE, THEY)
        kept = words[end:stop] if team else words[start:stop]
        out.append(_Segment(_resolve(key, seating), kept, 0 if team else end - start))
    return out


@dataclass(frozen=True)
class SideReading:
    """One side's round as the sentence says it; ``said``: the sentence mentions the side."""

    round: SideRound
    said: bool


@dataclass(frozen=True)
class RoundReading:
    """Every side's round read from one sentence, and what it could not place. A reading
    with anything unsure is not to be recorded as it stands."""

    sides: tuple[SideReading, ...]
    unsure: tuple[Unsure, ...]

    @property
    def sure(self) -> bool:
        return not self.unsure


def _side_words(segments: list[_Segment], side: int) -> tuple[list[str], frozenset[int]]:
    """A side's parts joined (``GAP`` between parts said apart) and where each name ends."""
    words: list[str] = []
    leads: set[int] = set()
    previous: int | None = None
    for n, segment in enumerate(segments):
        if segment.side != side:
            continue
        if words and previous != n - 1:
            words.append(GAP)
        leads.add(len(words) + segment.lead)
        words += segment.words
        previous = n
    return words, frozenset(leads)


def _unsure_sides(segments: list[_Segment], seating: Seating) -> list[Unsure]:
    out = []
    for segment in segments:
        if segment.side is None and any(w.isdecimal() for w in segment.words):
            out.append(Unsure("side", " ".join(segment.words)))
    return out


def read_round(text: str, seating: Seating) -> RoundReading:
    """Every side's round from a sentence said aloud ("vi meldte 420, en ren og en uren, gikk
    ut; de andre 240, 25 igjen"). Nothing is guessed: a side nobody mentioned, a number no
    word explains, a side's table points not said, a canasta without its kind are returned in
    ``unsure`` with the words they refer to."""
    segments = _segments(_words(text), seating)
    unsure = _unsure_sides(segments, seating)
    sides: list[SideReading] = []
    for side in range(seating.sides):
        words, leads = _side_words(segments, side)
        if not words:
            names = seating.names[side] if side < len(seating.names) else ()
            unsure.append(Unsure("missing", (names or (str(side + 1),))[0], side))
            sides.append(SideReading(SideRound(), said=False))
            continue
        part = _read_part(words, leads, side)
        unsure += part.unsure
        if not part.table_said:
            unsure.append(Unsure("meld", " ".join(w for w in words if w != GAP), side))
        sides.append(SideReading(part.side, said=True))
    if sum(s.round.went_out is not WentOut.NO for s in sides) > 1:
        unsure.append(Unsure("went_out", ""))
    return RoundReading(tuple(sides), tuple(unsure))


def describe_round(question: str) -> SideRound | None:
    """The side's round as the question describes it, or None when it describes none."""
    described = _describe(question)
    return described[0] if described else None


def _describe(question: str) -> tuple[SideRound, list[int]] | None:
    """The asking side's part of the question (what "they" did is left out), read like one
    side of ``read_round``; None without the table's points or without the round's end (a
    hand or going out) or a question for the total."""
    seating = Seating()
    segments = _segments(_words(question), seating)
    words, leads = _side_words(segments, 0)
    if not words:
        return None
    part = _read_part(words, leads, 0)
    if not part.table_said:
        return None
    side = part.side
    found = _patterns()
    joined = " ".join(words)
    ended = side.hand_points or side.went_out is not WentOut.NO
    counted = side.natural_canastas or side.mixed_canastas or side.red_threes
    if not (ended or (counted and found.result.search(joined))):
        return None
    unplaced = [v for v in part.unplaced if v >= SMALLEST_UNPLACED and not v % SCORE_STEP]
    return side, unplaced


@dataclass(frozen=True)
class RoundAnswer:
    """The described side's round: each component (``round.BREAKDOWN_KEYS``) and the net.
    ``unplaced``: numbers the question gives that the reader could not place; then the reply
    says what it read and asks instead of giving the net as certain."""

    parts: tuple[tuple[str, int], ...]
    net: int
    unplaced: tuple[int, ...] = ()


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
