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

import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.scoring import ScoringError, Variant
from bot.scoring.round import (
    SideRound,
    WentOut,
    breakdown,
    min_canasta_points,
    validate_round,
)
from bot.scoring.vocabulary import vocabulary
from bot.talk.number_words import spell_digits
from bot.talk.round_assemble import (
    assemble,
    doubtful_words,
    players_of,
    red_threes_said,
    restated_counts,
)
from bot.talk.round_corrections import red_threes_taken_back, unclear
from bot.talk.round_cut import read_parts, said_words
from bot.talk.round_grid import grid_doubts
from bot.talk.round_restated import hand_total, marked, restates
from bot.talk.round_sides import (
    TABLE,
    Seating,
    declared_side,
    named_words,
    names_side,
    segments,
    side_words,
    unmelded,
    unsure_sides,
)
from bot.talk.round_tagger import Tagged, shipped_tagger
from bot.talk.round_words import (
    GAP,
    MAX_COUNT,
    Unsure,
    any_phrase,
    count_of,
    count_words,
    index_at,
    known_words,
    listed,
    zero_words,
)
from bot.talk.round_words import counts as round_counts
from bot.talk.text import alternatives, fold, normalise, tokens
from bot.talk.word_forms import typed_words

__all__ = [
    "RoundAnswer",
    "RoundReading",
    "Seating",
    "SideReading",
    "Unsure",
    "describe_round",
    "read_round",
    "round_answer",
]


@dataclass(frozen=True)
class _Patterns:
    canastas: re.Pattern[str]
    red_threes: re.Pattern[str]
    """A count and red threes; a negation a word before is none ("ei ollut punaisia",
    "hadde ikke noen røde", "didn't have any red threes"), and so is a subject for no side
    ("nobody drew a red three", "ingen af os fik røde treere": not the "a" of one). A kind
    between is the count's ("0 blandet rød 3 x1": no mixed, then red threes x1)."""
    went_out: re.Pattern[str]
    negation: re.Pattern[str]
    no_side: re.Pattern[str]
    """A subject for no side ("no one", "ingen", "kukaan"): it negates the going out of its
    clause however far after it ("no one got the going-out bonus")."""
    concealed: re.Pattern[str]
    hand_after: re.Pattern[str]
    hand_in_total: re.Pattern[str]
    hand_word: re.Pattern[str]
    """A word or phrase for the hand itself, ending the words before a list of hands ("kädet
    35, 40 ja 15", "in hand: me 25, Jo 30"): no verb ("had"), which says a table as well."""
    """A hand word ending the words before a number, a word for a total perhaps after it:
    "käsissä 150 yhteensä", "kädessä yhteensä 90", "på hænderne i alt 60"."""
    hand_before: re.Pattern[str]
    table_in_total: re.Pattern[str]
    """The table's word and a word for a sum ending the words before a number: "sarjoja
    yhteensä 235", "melded in total 300" (the table's points, said whole)."""
    """A hand word just before a number, or ending the clause before it as a sheet's label
    does ("hand: 40", "hånd: 0"); ``table_before`` the same for the table ("meld: 515")."""
    stuck: re.Pattern[str]
    out_before: re.Pattern[str]
    """Going out said in the clause just before a number ("went out: 520", "gikk ut skjult,
    245", "det var de som gikk ut, med 295"): the number opening the next clause is what the
    side went out with."""
    table_after: re.Pattern[str]
    table_before: re.Pattern[str]
    result: re.Pattern[str]
    bonus: re.Pattern[str]
    """A part of the round named after a number: "500 for en ren canasta" restates a bonus."""
    no_meld: re.Pattern[str]
    opened: re.Pattern[str]
    """A verb of laying cards down: negated ("Sam never laid anything down", "fekk itj lagt
    ned", "ei avannu") the side laid nothing down, as a ``no_meld`` phrase says."""
    zero_table: re.Pattern[str]
    """No table points said as a number: "zero melded", "null meldt", "pöydässä nolla"."""
    canasta: re.Pattern[str]
    red: re.Pattern[str]
    none: re.Pattern[str]
    score_before: re.Pattern[str]
    score_after: re.Pattern[str]
    minus: re.Pattern[str]
    one_red: re.Pattern[str]
    the_red: re.Pattern[str]
    red_times: re.Pattern[str]
    """Red threes counted after the noun, "red threes x2": the count is the number."""
    red_after: re.Pattern[str]
    """Red threes counted after the noun, as the end of a clause ("red threes: two", "red
    treys none", "røde treere: to")."""
    kind_after: re.Pattern[str]
    """Canastas counted after their kind, as the end of a clause, the way a score sheet
    reads ("naturals 1", "blandede: 0", "puhtaat 2"), or with "x" anywhere ("ren x1, uren
    x2", "likanen x2"): the count is the number, never the one a bare kind says."""
    out: re.Pattern[str]
    out_clause: re.Pattern[str]
    """ "out" as a whole clause ("2 red threes, out.", a sheet's "out yes", "ut skjult"):
    going out, the way a list says it (concealed when the sheet's value says so)."""
    out_denied: re.Pattern[str]
    """ "out" with a sheet's cross after it as a whole clause ("out no", "ulos ei"): the
    side did not go out."""
    out_phrases: re.Pattern[str]
    bare_kind: re.Pattern[str]
    coordinated: re.Pattern[str]
    """Two kinds joined with no count before either ("clean and dirty", "ren og uren
    kanasta", "puhdas ja likanen"): one canasta of each."""
    kind: re.Pattern[str]
    """Any kind word: one the counts did not use is asked about, not dropped."""
    vague: re.Pattern[str]
    points: re.Pattern[str]
    """The word "points" alone, as a unit after a number."""
    """ "clean canasta" with no count before it: one, as the singular says."""
    ends: re.Pattern[str]
    """Any phrase without which a side has no hand (``_role``, ``_hand_lists``: a hand is
    placed only by a hand phrase before or after its number, or as the next of a list of
    hands), no going out (``_said``) and no result asked: a ``/rules`` question with none of
    them describes no round (``_describe``). Each of those patterns has its phrase between
    word boundaries, so the phrase found anywhere is needed for any of them to match."""


SINGULAR = ("canasta", "kanasta")
"""The word canasta in the singular, the same in all four languages (folded)."""


@functools.cache
def _patterns(lang: str | None = None) -> _Patterns:
    """The lexicon's phrases of ``lang`` (every language's when None: a ``/rules`` question)
    compiled once, on the first round question in it."""
    count = count_words(lang)

    def say(*fields: str) -> str:
        return any_phrase(*fields, lang=lang)

    filler = say("filler")
    joiners = "(?:" + "|".join(sorted(map(re.escape, vocabulary().words("joiners")))) + ")"
    none = say("none")
    natural, mixed = say("natural"), say("mixed")
    no_meld, opened, zero_table = _nothing_down(lang)
    definite = say("the_red_three") != "(?:)"  # a language with no article has none
    return _Patterns(
        canastas=re.compile(
            rf"(?:^| )({count}|{none}) (?:\w+ )?(?:(?:\{GAP} )?{say('all_of')} )?"
            rf"(?:({natural})|({mixed}))(?= |$)"
        ),
        red_threes=re.compile(
            # a negation reaches past two words to the red threes, never past a canasta
            # ("ingen kanasta, så den røde treeren": the canasta is what it negates)
            rf"(?:^| )({count}|{none}|{say('negation', 'no_side')}"
            rf"(?: (?!(?:{say('canasta')}|{natural}|{mixed})(?= |$))\w+){{0,2}})"
            rf"(?: (?!(?:{count}|{none}|{natural}|{mixed}) )\w+)? {say('red')}"
            rf"(?: {say('three')})?(?= |$)"
            rf"(?! {say('canasta')})"
        ),
        went_out=re.compile(rf"(?:^| ){say('went_out')}(?= |$)"),
        negation=re.compile(rf"(?:^| ){say('negation', 'no_side')}(?= |$)"),
        no_side=re.compile(rf"(?:^| ){say('no_side')}(?= |$)"),
        concealed=re.compile(rf"(?:^| ){say('concealed')}(?= |$)"),
        hand_after=re.compile(rf"^(?:{filler} )*{say('hand_after')}(?= |$)"),
        table_in_total=re.compile(rf"(?:^| ){say('table_before')} {say('score')}$"),
        hand_word=re.compile(rf"(?:^| ){say('hand_after', 'section_hand')}$"),
        hand_in_total=re.compile(rf"(?:^| ){say('hand_after')}(?: {say('score')})?$"),
        hand_before=re.compile(rf"(?:^| ){say('hand_before')}(?: {filler})*(?: \{GAP})?$"),
        stuck=re.compile(rf"(?:^| ){say('stuck')}(?: {filler})*$"),
        out_before=re.compile(
            rf"(?:^| ){say('went_out', 'concealed', 'out')}(?: {filler})* \{GAP}"
            rf"(?: {filler})*(?: {joiners})?$"
        ),
        table_after=re.compile(rf"^(?:{filler} )*{say('table_after')}(?= |$)"),
        table_before=re.compile(rf"(?:^| ){say('table_before')}(?: {filler})*(?: \{GAP})?$"),
        result=re.compile(rf"(?:^| ){say('result')}(?= |$)"),
        bonus=re.compile(
            rf"^(?:{filler} )*(?:(?:{count}) )?(?:(?!{joiners} )\w+ )?"
            rf"(?:[ck]anast\w*|{say('natural', 'mixed', 'three', 'went_out', 'concealed')})"
            r"(?= |$)"
        ),
        no_meld=no_meld,
        opened=opened,
        zero_table=zero_table,
        canasta=re.compile(rf"(?:^| )({say('canasta')})(?= |$)"),
        red=re.compile(rf"(?:^| )({say('red')})(?= |$)"),
        none=re.compile(rf"^{none}$"),
        score_before=re.compile(rf"(?:^| ){say('score')}$"),
        score_after=re.compile(rf"^(?:{filler} )*{say('score')}(?= |$)"),
        out=re.compile(rf"(?:^| )({say('out')})(?= |$)"),
        out_clause=re.compile(
            rf"(?:^|\| )({say('out')})(?: (?:{say('yes')}|{say('concealed')}))?(?= \||$)"
        ),
        out_denied=re.compile(
            rf"(?:^|\| )({say('out', 'went_out')}) (?:\{GAP} )?{say('no')}(?= \||$)"
        ),
        out_phrases=re.compile(
            rf"(?:^| )({say('went_out', 'table_before', 'table_after', 'concealed')})(?= |$)"
        ),
        red_times=re.compile(rf"(?:^| )({say('red')})(?: {say('three')})? x(\d)(?= |$)"),
        red_after=re.compile(
            rf"(?:^| )({say('red')})( {say('three')})?( \{GAP})? ({count}|{none})(?= \{GAP}|$)"
        ),
        kind_after=re.compile(
            rf"(?:^| )(?:({natural})|({mixed}))(?: {say('canasta')})? (?:\{GAP} )?"
            rf"(?:({count}|{none})(?= \{GAP}|$)|x(\d)(?= |$))"
        ),
        one_red=re.compile(rf"(?:^| )({say('one_red_three')})(?= |$)"),
        the_red=re.compile(rf"(?:^| )({say('the_red_three')})(?= |$)" if definite else "(?!)"),
        minus=re.compile(
            "^(?:" + "|".join(sorted(map(re.escape, vocabulary().words("minus")))) + ")$"
        ),
        points=re.compile(rf"^{say('points')}$"),
        vague=re.compile(
            rf"(?:^| ){say('vague')}(?: (?:\w+ )?"
            rf"(?:({say('canasta', 'natural', 'mixed')})|({say('red')})))?(?= |$)"
        ),
        bare_kind=re.compile(rf"(?:^| )(?:({natural})|({mixed})){_bare_noun(lang)}(?= |$)"),
        coordinated=re.compile(
            rf"(?:^| )(?:({natural})|({mixed}))(?: {say('canasta')})? {joiners} "
            rf"(?:({natural})|({mixed}))(?: {say('canasta')})?(?= |$)"
        ),
        kind=re.compile(rf"(?:^| )({natural}|{mixed})(?= |$)"),
        ends=re.compile(
            rf"(?:^| ){say('hand_after', 'section_hand', 'stuck', 'hand_before')}(?= |$)"
            rf"|(?:^| ){say('went_out', 'out', 'result')}(?= |$)"
        ),
    )


@functools.cache
def _nothing_down(lang: str | None = None) -> tuple[re.Pattern[str], ...]:
    """The phrases that say a side laid nothing down (``no_meld``, ``opened`` to be negated,
    ``zero_table``), compiled apart from the rest of ``_patterns``: every ``/rules`` question
    without a number is checked for them (``_may_say_table``), and only a question that may
    describe a round needs the reader's other forty patterns (0.15 s to compile)."""

    def say(*fields: str) -> str:
        return any_phrase(*fields, lang=lang)

    filler = say("filler")
    zero = "(?:" + "|".join(sorted(map(re.escape, zero_words(lang)))) + ")"
    return (
        re.compile(rf"(?:^| ){say('no_meld')}(?= |$)"),
        re.compile(rf"(?:^| ){say('opened')}(?= |$)"),
        re.compile(
            rf"(?:^| )(?:{zero} (?:{filler} )*{say('table_after')}|{say('table_before')} {zero})"
            r"(?= |$)"
        ),
    )


def _nones(lang: str | None) -> str:
    """``lang``'s words for none as an alternation: a kind said with one right after it is
    counted none, not one ("likaisia ei yhtään", dirty ones: not a single one)."""
    words = listed("round", "none", lang)
    return "(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + ")"


def _bare_noun(lang: str | None) -> str:
    """What follows a kind said without a count for it to be one canasta: the singular
    "canasta" ("clean canasta"), or nothing at all in a language without an article, where
    "puhdas ja seka" and "sekakanastalla" are one of each (any form of the noun may follow)."""
    lexicons = vocabulary().lexicons
    if lang is not None and lexicons[lang].round.bare_kind_one:
        return rf"(?: {any_phrase('canasta', lang=lang)})?"
    return rf" (?:{'|'.join(SINGULAR)})"


def _negated(found: _Patterns, joined: str, match: re.Match[str]) -> bool:
    """ "gikk ikke ut", "ikke gået ud", "ei menty ulos", "no one went out": a negation
    inside the phrase or in the two words of its clause right before it turns "went out"
    into its opposite."""
    clause = joined[: match.start()].split()
    clause = clause[len(clause) - clause[::-1].index(GAP) :] if GAP in clause else clause
    before = clause[-NEGATION_REACH:]
    if found.no_side.search(" ".join(clause)):
        return True  # "no one got the going-out bonus": the clause's subject is no side
    return found.negation.search(" ".join([*before, match.group(0).strip()])) is not None


NEGATION_REACH = 2


SCORE_STEP = 5
"""Table points and cards in hand are multiples of five, like every card value."""
WINDOW = 4
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


@dataclass(frozen=True)
class _Numbers:
    table: int | None
    hand: int
    unplaced: list[tuple[int, int]]
    """(value, word index) of numbers that are neither the table's points nor a hand."""
    placed: frozenset[int] = frozenset()
    """Word indices read as the table's points or a hand ("ten" of "had ten left")."""
    hands: tuple[int, ...] = ()
    """Every hand read, in order (``hand`` is their sum)."""


def _result_or_minus(found: _Patterns, words: list[str], i: int, after: str) -> bool:
    """A number said as a result or a total ("we scored 1250", "1250 i alt") or with a minus
    ("they had minus 35") is no table points: only a hand word could place it."""
    before = " ".join(words[max(0, i - 2) : i])
    if found.score_before.search(before) or found.score_after.match(after):
        return True
    return i > 0 and found.minus.match(words[i - 1]) is not None


def _role(
    found: _Patterns, words: list[str], i: int, value: int, lead: bool, table_free: bool
) -> str:
    """What the number at ``i`` is by the words around it: "hand", "table", "unplaced" or
    "bonus" (a part of the round named after it, "500 for en ren canasta", said again).
    The words after a number win: "we had 300 melded" is the table."""
    after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
    before = " ".join(words[max(0, i - BEFORE_WINDOW) : i])
    table_after = found.table_after.match(after) is not None
    table_before = found.table_before.search(before) is not None
    table_before = table_before or found.out_before.search(before) is not None
    table_before = table_before or found.table_in_total.search(before) is not None
    if value % SCORE_STEP:
        return "unplaced"
    if found.hand_after.match(after) and not table_after:
        return "hand"
    if table_after:  # a second table for one side: something is wrong, asked about
        return "table" if table_free else "unplaced"
    if found.hand_in_total.search(before) and (
        found.score_before.search(before) or found.score_after.match(after)
    ):  # the side's hands said with their sum: the hand, not a score said again
        return "hand"
    if _result_or_minus(found, words, i, after) and not (table_free and table_before):
        return "unplaced"  # "melded 230 in total" is the table's all the same
    if found.stuck.search(before):  # "eg sat att med 35": a hand, side named or not
        return "hand"
    if table_free and lead and not (found.bonus.search(after) and not _cell_after(words, i)):
        return "table"
    if found.hand_before.search(before):
        return "hand"
    if table_free and table_before:
        return "table"
    return "bonus" if found.bonus.search(after) and not value % BONUS_STEP else "unplaced"


def _cell_after(words: list[str], i: int) -> bool:
    """A count in digits right after the number at ``i`` ("we 360 1 nat 1 mix"): the cells
    of a sheet's row typed with no column breaks, the number a cell of its own (a bonus said
    before its part has its words between: "500 for a clean canasta")."""
    after = words[i + 1] if i + 1 < len(words) else GAP
    return after.isdecimal() and int(after) <= MAX_COUNT


BONUS_STEP = 100
"""Every bonus of every variant (canastas, red threes, going out) is whole hundreds: "385
puhdas 500" is no bonus said before its canasta, so it is asked about, not dropped."""


GAPPED = 5
"""Words from one hand to the next said with its verb left out: "partner stuck with 30 and
me with 15", "eg sat att med 35 og makkeren min med 20" (the second "with 15" is a hand
like the first)."""


def _numbers(
    words: list[str], leads: frozenset[int], found: _Patterns, lang: str | None
) -> _Numbers:
    """The table's points, the cards left in hand (every hand named, summed) and the numbers
    that are neither (see ``_role``). "five" and "ten" said in words are points only where a
    hand or table word says so ("partner had ten left"); anywhere else they are counts."""
    table: int | None = None
    hands: list[int] = []
    unplaced: list[tuple[int, int]] = []
    placed: set[int] = set()
    last_hand = -GAPPED - 1
    listed_hands = {i for run in _hand_lists(words, found, lang) for i in run}
    for i, word in enumerate(words):
        value = int(word) if word.isdecimal() else count_of(word, lang)
        if not word.isdecimal() and not _points_word(found, words, i, value):
            continue
        lead = word.isdecimal() and _more(words, i) and any(0 <= i - s <= LEAD_WORDS for s in leads)
        role = _role(found, words, i, value, lead, table is None)
        if i in listed_hands:
            role = "hand"
        alike = _gapped(words, i, last_hand) or _second_hand(words, i, last_hand, lang)
        if role == "unplaced" and not value % SCORE_STEP and alike:
            role = "hand"
        elif (
            lead
            and role == "table"
            and not _table_said_after(found, words, i)
            and (_joined_hand(words, i, last_hand) or _gapped(words, i, last_hand))
        ):
            role = "hand"  # "I had 30 left and partner 15": a hand like the one before
        if role == "hand":
            hands.append(value)
            last_hand = i
        elif role == "table":
            table = value
        elif role == "unplaced" and word.isdecimal():
            unplaced.append((value, i))
        placed.update([i] if role in ("hand", "table") else [])
    return _Numbers(table, sum(hands), unplaced, frozenset(placed), tuple(hands))


def _owner_word(word: str, found: _Patterns, lang: str | None) -> bool:
    """A word that may name whose hand a number is ("Juhalla", "mulla", "Eeva"): no number,
    no part of the round, no table or hand word."""
    if word == GAP or word in _joiner_words(lang) or _part_word(word, found, lang):
        return False
    people = listed("round", "we", lang) | listed("round", "they", lang)
    if word in known_words(lang) and word not in people:
        return False  # a name, or a word for a player or side: "so 100 and 95" is no list
    return not any(
        p.search(word) for p in (found.table_before, found.hand_before, found.out_phrases)
    ) and not (found.table_after.match(word) or found.hand_after.match(word))


HAND_WORDS = 3
"""Words of a hand phrase before a list of hands ("left in hand 35, 40 and 15")."""


def _hand_lists(words: list[str], found: _Patterns, lang: str | None) -> list[list[int]]:
    """Hands said as a list, each perhaps after its owner, with the hand word once at one end
    of it: after the last ("Juhalla 10 ja mulla 45 kädessä") or before the first ("kädessä
    mulla 25, Eevalla 30 ja Juhalla 15", "kädet 35, 40 ja 15", "hands 35, 40 and 15").
    Every number of it is a hand (word indices of each list of two or more; the side's hand
    is their sum, ``hand_total``). The numbers are joined by "and" or a comma, with one word
    at most for the owner between: anything else ends the list."""
    numbers = [i for i, w in enumerate(words) if w.isdecimal() and int(w) % SCORE_STEP == 0]
    numbers = [i for i in numbers if int(words[i]) >= SCORE_STEP]

    marked: set[int] = set()  # first numbers of a list with the hand word right after them

    def alone(i: int) -> bool:  # a number no word after it says is anything else
        after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
        return not (found.table_after.match(after) or found.bonus.search(after))

    numbers = [i for i in numbers if alone(i) or found.hand_after.match(words[i + 1])]
    seen: list[str] = []

    def linked(a: int, b: int) -> bool:
        between = words[a + 1 : b]
        said = found.hand_after.match(" ".join(between))
        if said and not found.table_after.match(" ".join(between)):
            # "mulla 25 käteen, Eevalla 30 ja Juhalla 15": the first hand's word, then the rest
            between = " ".join(between)[said.end() :].split()
            marked.add(a)
        owners = [w for w in between if w != GAP and w not in _joiner_words(lang)]
        joined = len(owners) < len(between)
        if not (joined and len(owners) <= 1 and all(_owner_word(w, found, lang) for w in owners)):
            return False
        if owners and owners[0] in seen:  # "dem 70 igjen, dem 235": one owner, two things
            return False
        seen.extend(owners)
        return True

    runs: list[list[int]] = []
    run: list[int] = []
    for i in numbers:
        if run and linked(run[-1], i):
            run.append(i)
            continue
        if len(run) > 1:
            runs.append(run)
        run = [i]
        seen[:] = [words[i - 1]] if i else []
    if len(run) > 1:
        runs.append(run)
    out = []
    for run in runs:
        first, last = run[0], run[-1]
        after = " ".join(words[last + 1 : last + 1 + WINDOW + 1])
        said_after = found.hand_after.match(after) and not found.table_after.match(after)
        before = words[max(0, first - 1 - HAND_WORDS) : first]
        owned = bool(before) and _owner_word(before[-1], found, lang)
        before = before[:-1] if owned else before
        said_before = found.hand_word.search(" ".join(before)) is not None
        said_before = said_before and found.stuck.search(" ".join(before)) is None
        if said_before or ((said_after or first in marked) and owned):
            out.append(run)
    return out


def _table_said_after(found: _Patterns, words: list[str], i: int) -> bool:
    """A table word right after the number ("dem 235 på bordet"): the table points, however
    like a hand said before it the words before it are."""
    return found.table_after.match(" ".join(words[i + 1 : i + 1 + WINDOW + 1])) is not None


def _points_word(found: _Patterns, words: list[str], i: int, value: int) -> bool:
    """ "five" or "ten" said in words may be points; not before a part of the round ("we
    had five natural canastas", "ti røde"), where it counts that part."""
    after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
    return bool(value) and not value % SCORE_STEP and not found.bonus.search(after)


def _joined_hand(words: list[str], i: int, last_hand: int) -> bool:
    """The number at ``i`` comes a few words after a hand, joined to it by "and"."""
    joiners = {fold(word) for word in vocabulary().words("joiners")}
    return 0 < i - last_hand <= GAPPED and any(w in joiners for w in words[last_hand + 1 : i])


def _more(words: list[str], i: int) -> bool:
    """Something is said after the number at ``i`` ("de andre 240, en uren"): a number said
    last after a side's name and nothing else ("they had 240") may be its hand as well."""
    return any(word != GAP for word in words[i + 1 :])


def _gapped(words: list[str], i: int, last_hand: int) -> bool:
    """The number at ``i`` follows the same word as the hand just read, a few words on."""
    return 0 < i - last_hand <= GAPPED and i > 0 and words[i - 1] == words[last_hand - 1]


SECOND_HAND_REACH = 6
"""Words from one partner's hand to the other's ("35 på den eine handa og 20")."""
PARALLEL_REACH = 3
"""Words before a hand looked at for the word the next hand repeats ("toisella jäi käteen
25 ja toisella 30")."""


def _second_hand(words: list[str], i: int, last_hand: int, lang: str | None) -> bool:
    """The number at ``i`` is a partner's hand said the way the hand just read was, joined to
    it by "and" in the same clause: right after it ("they held 35 and 50"), with the same word
    after it ("35 på den eine handa og 20 på den andre") or a word said before the first again
    ("toisella jäi käteen 25 ja toisella 30"). Two hands of one side: the hand is their sum."""
    between = words[last_hand + 1 : i]
    if not 0 < i - last_hand <= SECOND_HAND_REACH or GAP in between or not between:
        return False
    if not _joiner_words(lang) & set(between):
        return False
    if len(between) == 1:
        return True
    after = words[i + 1] if i + 1 < len(words) else GAP
    said_alike = after not in (GAP, *_joiner_words(lang)) and after == words[last_hand + 1]
    if said_alike:  # "35 på den eine handa og 20 på den andre", not "35 og havde 215 og"
        return True
    return words[i - 1] in words[max(0, last_hand - PARALLEL_REACH) : last_hand]


@functools.cache
def _joiner_words(lang: str | None) -> frozenset[str]:
    return listed("words", "joiners", lang)


@dataclass(frozen=True)
class _Part:
    side: SideRound
    table_said: bool
    unsure: tuple[Unsure, ...]
    unplaced: tuple[int, ...]
    restated: frozenset[int] = frozenset()
    """Indices of the numbers that restate a score of the side (``round_restated``)."""


def _kinds(joined: str, lang: str | None) -> tuple[int, int, int, set[int]]:
    """(natural, mixed, red threes, word indices the counts and their nouns cover)."""
    found = _patterns(lang)
    words = joined.split()
    natural, mixed, covered = _coordinated(joined, lang)
    red = 0
    for match in found.canastas.finditer(joined):
        if index_at(joined, match.start(2) if match[2] else match.start(3)) in covered:
            continue
        if match[2]:
            natural += count_of(match[1], lang)
        else:
            mixed += count_of(match[1], lang)
        end = index_at(joined, match.end())
        # the word after the kind is its noun ("1 clean canasta"), but never red threes'
        # colour: "1 mix r3 x1" (a sheet's row with no column breaks) counts them apart
        noun = end + 1 < len(words) and not found.red.match(words[end + 1])
        covered.update(range(index_at(joined, match.start(1)), end + 1 + noun))
    after = _kinds_after(joined, covered, lang)
    natural, mixed = natural + after[0], mixed + after[1]
    covered |= _nones_after(words, covered, lang)
    for match in found.bare_kind.finditer(joined):
        first = index_at(joined, match.start(1) if match[1] else match.start(2))
        last = index_at(joined, match.end())
        if first in covered or _none_next(words, last + 1, lang):
            continue
        natural, mixed = (natural + 1, mixed) if match[1] else (natural, mixed + 1)
        covered.update(range(first, index_at(joined, match.end()) + 1))
    _cover_total(joined, natural + mixed, covered, lang)
    for match in found.red_threes.finditer(joined):
        words_after = joined[match.end(1) :].split()
        if not (words_after and _none_in_its_language(match[1], words_after[0])):
            red += count_of(match[1], lang)
        covered.update(range(index_at(joined, match.start(1)), index_at(joined, match.end()) + 1))
    for match in found.red_times.finditer(joined):
        first = index_at(joined, match.start(1))
        if first not in covered:
            red += int(match[2])
            covered.update(range(first, index_at(joined, match.end()) + 1))
    for match in found.red_after.finditer(joined):
        first = index_at(joined, match.start(1))
        if not (match[2] or match[3]) and _a_three(match[4], lang):
            continue  # "the last red three": the noun, one red three, not a count of three
        if first not in covered:
            red += count_of(match[4], lang)
            covered.update(range(first, index_at(joined, match.end()) + 1))
    definite = [
        range(index_at(joined, m.start(1)), index_at(joined, m.end()) + 1)
        for m in found.the_red.finditer(joined)
        if index_at(joined, m.start(1)) not in covered
    ]
    covered.update(i for said in definite for i in said)
    for match in found.one_red.finditer(joined):
        first = index_at(joined, match.start(1))
        if first not in covered:
            red += 1
            covered.update((first, first + 1))
    return natural, mixed, red or int(bool(definite)), covered


NONE_TAIL = 3
"""Words after a word for none that may end its clause with it: "kanastaa ei saatu",
"punasia kolmosia ei ollu meillä yhtään" (a verb, a side, an intensifier)."""


def _part_word(word: str, found: _Patterns, lang: str | None) -> bool:
    """``word`` says a part of the round or a count: a kind, canasta, red, a three, a number."""
    if word.isdecimal() or count_of(word, lang) or _a_three(word, lang):
        return True
    return any(p.search(word) for p in (found.kind, found.canasta, found.red))


def _none_next(words: list[str], at: int, lang: str | None) -> bool:
    """The word at ``at`` is a word for none that says nothing of what follows it: a kind
    right before it is counted none ("likaisia ei yhtään", read by ``_nones_after``) or
    asked about, never one. "sekakanastan eikä punasia": the none is the red threes'."""
    found = _patterns(lang)
    if at >= len(words) or not found.none.match(words[at]):
        return False
    nxt = words[at + 1] if at + 1 < len(words) else GAP
    return not (nxt != GAP and _part_word(nxt, found, lang))


def _nones_after(words: list[str], covered: set[int], lang: str | None) -> set[int]:
    """Word indices of a kind, canasta or red threes named and then counted none after it
    ("epäpuhtaita ei yhtään", "kanastaa ei saatu", "red threes none at all", "punaiset
    kolmoset: ei mitään", "kanastoja 0"): a count of zero of that kind, read exactly (the
    count it adds is none). The none word and the clause's last few words after it (no part
    of the round, no count among them) are covered; a label's colon may stand between."""
    found = _patterns(lang)
    joiners = _joiner_words(lang)
    known = known_words(lang)  # a word it does not know after "ingen" may be what it counts
    out: set[int] = set()
    i = 0
    while i < len(words):
        word = words[i]
        if i in covered or not any(p.search(word) for p in (found.kind, found.canasta, found.red)):
            i += 1
            continue
        before = words[i - 1] if i else GAP
        if before.isdecimal() or count_of(before, lang):  # "1 puhd 0 seka": the 0 is the next
            i += 1
            continue
        end = i
        while (
            end + 1 < len(words)
            and (_a_three(words[end + 1], lang) or found.canasta.search(words[end + 1]))
            and not words[end + 1].isdecimal()
        ):
            end += 1  # "punasia kolmosia", "puhtaita kanastoja": the noun after its kind
        at = end + 1
        labelled = at < len(words) and words[at] == GAP
        at += labelled
        said = words[at] if at < len(words) else GAP
        if not (said == "0" or found.none.match(said) or found.negation.fullmatch(said)):
            i = end + 1
            continue
        stop = at + 1
        verb = found.negation.fullmatch(said) is not None  # "ei tullu": its verb may follow
        reach = 1 if labelled or said == "0" else NONE_TAIL
        while (
            stop < len(words)
            and stop - at <= reach
            and words[stop] != GAP
            and words[stop] not in joiners
            and not _part_word(words[stop], found, lang)
            and (words[stop] in known or verb)
        ):
            stop += 1
        ended = stop >= len(words) or words[stop] == GAP or words[stop] in joiners
        tail = " ".join(words[at + 1 : stop])
        said_else = (
            any(p.search(tail) for p in (found.out_phrases, found.out, found.hand_before))
            or found.hand_after.match(tail)
            or found.table_after.match(tail)
        )
        if ended and not said_else and not set(range(i, stop)) & covered:
            out.update(range(i, stop))
        i = stop
    return out


@functools.cache
def _a_three(word: str, lang: str | None) -> bool:
    """``word`` is a word for the card three ("three", "3", "kolmonen"), which follows "red"
    as its noun as often as it counts red threes."""
    return re.fullmatch(any_phrase("three", lang=lang), word) is not None


def _kinds_after(joined: str, covered: set[int], lang: str | None) -> tuple[int, int]:
    """(natural, mixed) counted after their kind, as a score sheet says them ("naturals 1,
    mixed 2"); their words join ``covered``."""
    natural = mixed = 0
    for match in _patterns(lang).kind_after.finditer(joined):
        first = index_at(joined, match.start(1) if match[1] else match.start(2))
        count = 3 if match[3] is not None else 4
        if first in covered or index_at(joined, match.start(count)) in covered:
            continue
        value = count_of(match[3], lang) if count == 3 else int(match[4])
        natural, mixed = (natural + value, mixed) if match[1] else (natural, mixed + value)
        covered.update(range(first, index_at(joined, match.end()) + 1))
    return natural, mixed


def _none_in_its_language(word: str, nxt: str) -> bool:
    """A word for none in the language of the colour after it: Finnish "ei punasia" is no
    red threes, though Norwegian "ei" is one ("ei raud treare")."""
    return any(
        word in (fold(w) for w in lex.round.none)
        and any(
            fold(nxt).startswith(fold(c).rstrip("*")) if c.endswith("*") else fold(nxt) == fold(c)
            for c in lex.colours.red
        )
        for lex in vocabulary().lexicons.values()
    )


def _coordinated(joined: str, lang: str | None) -> tuple[int, int, set[int]]:
    """(natural, mixed, word indices) of kinds said two together with no count ("clean and
    dirty", "ren+uren", "natural and mixed canasta"): one of each, not the last alone."""
    found = _patterns(lang)
    words = joined.split()
    natural = mixed = 0
    covered: set[int] = set()
    for match in found.coordinated.finditer(joined):
        first = index_at(joined, match.start(1) if match[1] else match.start(2))
        if first and (words[first - 1] == "0" or count_of(words[first - 1], lang)):
            continue  # "a clean and dirty": the count belongs to the first, the second is asked
        if first and found.none.match(words[first - 1]):
            continue
        natural += bool(match[1]) + bool(match[3])
        mixed += bool(match[2]) + bool(match[4])
        covered.update(range(first, index_at(joined, match.end()) + 1))
    return natural, mixed, covered


def _loose_kinds(
    joined: str, covered: set[int], side: int | None, found: _Patterns
) -> list[Unsure]:
    """A kind word no count used ("vi ute, 380, uren"): a canasta perhaps, its count not
    said the way the reader reads one, so it is asked about rather than left out."""
    words = joined.split()
    out: list[Unsure] = []
    for match in found.kind.finditer(joined):
        at = index_at(joined, match.start(1))
        if at not in covered:
            near = " ".join(w for w in words[max(0, at - 2) : at + 2] if w != GAP)
            out.append(Unsure("canasta", near, side))
    return out


def _cover_total(joined: str, canastas: int, covered: set[int], lang: str | None) -> None:
    """ "two canastas, one natural and one mixed": a count of canastas said before their
    kinds is no doubt when the kinds add up to it."""
    words = joined.split()
    for match in _patterns(lang).canasta.finditer(joined):
        at = index_at(joined, match.start(1))
        if at and at not in covered and canastas and count_of(words[at - 1], lang) == canastas:
            covered.update((at - 1, at))


def _loose_words(
    joined: str, covered: set[int], side: int | None, found: _Patterns
) -> list[Unsure]:
    """Canastas or red threes named without a count the reader can read ("two canastas",
    "red threes: two"): named as unsure, once (the words around them are then covered)."""
    words = joined.split()
    out: list[Unsure] = []
    for what, pattern in (("canasta", found.canasta), ("red", found.red)):
        for match in pattern.finditer(joined):
            at = index_at(joined, match.start(1))
            if at in covered or _none_before(words, at, found):
                continue
            if what == "canasta" and _none_after(words, at, found):
                continue
            near = range(max(0, at - 2), at + 2)
            covered.update((at - 1, at))  # the count said with it is asked about here
            out.append(
                Unsure(what, " ".join(w for w in words[near.start : near.stop] if w != GAP), side)
            )
    return out


def _none_after(words: list[str], at: int, found: _Patterns) -> bool:
    """ "canastas: none", "canasta 0", "canasta: ingen": a sheet's canasta cell whose value,
    ending its clause, is none: the side made no canasta (a count there is no kind's, and
    stays asked about)."""
    rest = words[at + 1 :]
    rest = rest[1:] if rest[:1] == [GAP] else rest
    if not rest or not (rest[0] == "0" or found.none.match(rest[0])):
        return False
    return len(rest) == 1 or rest[1] == GAP


NONE_REACH = 3
"""Words back from a canasta to a word for none or a negation: "never finished a canasta",
"fikk aldri fullført noen kanasta" (a verb and an article between)."""


def _none_before(words: list[str], at: int, found: _Patterns) -> bool:
    """ "no canasta", "ei saanu kanastaa", "never finished a canasta": a word for none or a
    negation just before (a verb and an article between at most) says there were none."""
    for j in range(at - 1, max(-1, at - 1 - NONE_REACH), -1):
        if words[j] == GAP:
            return False
        if words[j] == "0" or found.none.match(words[j]) or found.negation.fullmatch(words[j]):
            return True
    return False


COMPOUND = 5
"""A word for the wild cards this long or longer may lead a compound ("villikorttikanasta",
"wildcards"); a shorter one is matched whole, so a name ("Ville") is never one."""


@functools.cache
def _wild_words(lang: str | None) -> tuple[frozenset[str], tuple[str, ...]]:
    """(every form of ``lang``'s words for the wild cards, the ones that may lead a
    compound)."""
    wild = {
        fold(word)
        for code, lexicon in vocabulary().lexicons.items()
        if lang in (None, code)
        for word in lexicon.words.wild
    }
    forms = {
        fold(form)
        for code, table in vocabulary().forms.items()
        if lang in (None, code)
        for form, base in table.items()
        if fold(base) in wild
    }
    return frozenset(wild | forms), tuple(sorted(w for w in wild if len(w) >= COMPOUND))


def _wild(word: str, lang: str | None) -> bool:
    whole, compounds = _wild_words(lang)
    return word in whole or word.startswith(compounds)


def _wild_canastas(words: list[str], found: _Patterns, lang: str | None) -> list[str]:
    """Each clause that says a canasta of wild cards ("en kanasta af lutter vilde kort", "a
    wild canasta", "villikorttikanasta"): a canasta the reader cannot score (its value hangs
    on jokers or twos, and on the variant), so it is named, never read as a kind or left
    out."""
    out: list[str] = []
    clause: list[str] = []
    for word in [*words, GAP]:
        if word != GAP:
            clause.append(word)
            continue
        wild = any(_wild(w, lang) for w in clause)
        if wild and any(found.canasta.fullmatch(f" {w}") or "anast" in w for w in clause):
            out.append(" ".join(clause))
        clause = []
    return out


def _vague(joined: str, found: _Patterns) -> list[tuple[str, str]]:
    """An amount said with a word for "some" ("a few red threes", "noen røde", "muutama
    kortti kädessä"): the count is not said, whatever the noun's number. Red threes and
    canastas are named as such; anything else is a number not said."""
    out = []
    for match in found.vague.finditer(joined):
        said = joined[: match.start()].split()
        clause = said[len(said) - said[::-1].index(GAP) :] if GAP in said else said
        negated = found.negation.search(" ".join(said[-2:])) or any(
            found.none.match(word) for word in clause
        )
        if not negated:  # "ikke noen røde", "ingen røde nogen steder": none, read as such
            what = "red" if match[2] else "canasta" if match[1] else "number"
            out.append((what, match.group(0).strip()))
    return out


def _out_at_lead(words: list[str], leads: frozenset[int], found: _Patterns) -> set[int]:
    """Where "out" is said right after a side's or player's name, as its whole predicate
    ("Priya out this time, 410 ...", "we out w/ 390"): the verb left out, the side went out."""
    return {i for i in leads if i < len(words) and found.out.match(" ".join(words[i:]))}


def _out_cells(words: list[str], found: _Patterns, lang: str | None) -> set[int]:
    """Where "out" is a cell of a sheet's row typed with no column breaks, right after the
    value of the cell before it ("we 360 1 nat 1 mix r3 x1 out", "0 r3s out(normal) hand
    0", "1bl r3x1 ute"): a count, an "x" count or a three in digits ("r3", "3s") ends that
    cell, so the "out" is a cell of its own, as a whole clause is (``out_clause``). Not after
    points or a three in letters: "70 ute", "en rød treer ute" are laid out on the table. A
    negation before it is none ("3 r3s not out")."""
    out: set[int] = set()
    for i in range(1, len(words)):
        before = words[i - 1]
        counted = before.isdecimal() and int(before) <= MAX_COUNT
        digits = _a_three(before, lang) and any(c.isdecimal() for c in before)
        ended = counted or TIMES.fullmatch(before) or digits
        if ended and found.out.fullmatch(words[i]):
            out.add(i)
    return out


def _denied_outs(joined: str, found: _Patterns) -> set[int]:
    """Word indices of "out" crossed on a sheet ("out no", "ut: nei", "ulos ei",
    ``out_denied``): the first and the last word of each."""
    out: set[int] = set()
    for match in found.out_denied.finditer(joined):
        out |= {index_at(joined, match.start(1)), index_at(joined, match.end(1))}
    return out


def _lone_out(
    joined: str,
    side: int | None,
    found: _Patterns,
    leads: frozenset[int] = frozenset(),
    lang: str | None = None,
) -> list[Unsure]:
    """ "out" said without its verb ("420 / 1 clean / out"): going out, perhaps, but not
    said as the lexicon says it, so it is asked about rather than dropped (unless it is a
    whole clause or said right after the side's name, ``_out_at_lead``)."""
    inside: set[int] = set()
    for match in found.out_phrases.finditer(joined):
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        inside.update(range(first, last + 1))
    words = joined.split()
    out = []
    clauses = {index_at(joined, m.start(1)) for m in found.out_clause.finditer(joined)}
    clauses |= _out_at_lead(words, leads, found) | _denied_outs(joined, found)
    clauses |= _out_cells(words, found, lang)
    for match in found.out.finditer(joined):
        at = index_at(joined, match.start(1))
        if at in clauses:
            continue
        negated = found.negation.search(" ".join(words[max(0, at - 2) : at]))
        if at not in inside and not negated:  # "didn't go out": not going out, as by default
            near = words[max(0, at - 2) : at + 2]
            out.append(Unsure("went_out", " ".join(w for w in near if w != GAP), side))
    return out


@dataclass(frozen=True)
class _Said:
    """What a side's words say before any part of the round is counted: its numbers (the
    table's points, every hand), the table's points with a phrase for nothing laid down read
    as 0, and whether it went out. Read apart from the rest of ``_read_part`` so that the
    ``/rules`` reader (``_describe``) can stop when the round has no end or no table."""

    numbers: _Numbers
    table: int | None
    went_out: WentOut

    @property
    def table_said(self) -> bool:
        return self.table is not None


def _said(words: list[str], leads: frozenset[int], found: _Patterns, lang: str | None) -> _Said:
    joined = " ".join(words)
    numbers = _numbers(words, leads, found, lang)
    table = numbers.table
    nothing_down = found.no_meld.search(joined) or found.zero_table.search(joined)
    nothing_down = nothing_down or any(
        _negated(found, joined, m) for m in found.opened.finditer(joined)
    )
    if table is None and nothing_down:
        table = 0
    went_out = WentOut.NO
    denied = _denied_outs(joined, found)
    said_out = any(
        not _negated(found, joined, m) and index_at(joined, m.end()) not in denied
        for m in found.went_out.finditer(joined)
    )
    out_clause = any(
        index_at(joined, m.start(1)) not in denied for m in found.out_clause.finditer(joined)
    )
    out_clause = out_clause or bool(_out_cells(words, found, lang))
    if said_out or out_clause or _out_at_lead(words, leads, found):
        went_out = WentOut.CONCEALED if found.concealed.search(joined) else WentOut.NORMAL
    return _Said(numbers, table, went_out)


def _read_part(
    words: list[str],
    leads: frozenset[int],
    side: int | None,
    lang: str | None = None,
    variant: Variant | None = None,
    said: _Said | None = None,
) -> _Part:
    """One side's words read into its round, with ``lang``'s words when the language is
    known; whatever cannot be placed is named. With ``variant``, a number no word places
    that restates a score of the side ("1 red three (so -100)") is no component, and a hand
    said in parts and then whole is the whole (``round_restated``). ``said``: ``_said`` of
    these words when the caller has read it already."""
    joined = " ".join(words)
    found = _patterns(lang)
    said = said or _said(words, leads, found, lang)
    numbers, table, went_out = said.numbers, said.table, said.went_out
    natural, mixed, red, covered = _kinds(joined, lang)
    unsure = _loose_words(joined, covered, side, found)
    unsure += _lone_out(joined, side, found, leads, lang)
    unsure += _loose_kinds(joined, covered, side, found)
    unsure += [Unsure(what, near, side) for what, near in _vague(joined, found)]
    unsure += [Unsure("canasta", wild, side) for wild in _wild_canastas(words, found, lang)]
    unplaced = [(v, i) for v, i in numbers.unplaced if i not in covered]
    unplaced += [
        (value, i)
        for i, word in enumerate(words)
        if not word.isdecimal()
        and (value := count_of(word, lang)) > 1
        and i not in covered | numbers.placed
    ]
    hand = hand_total(numbers.hands, players_of(variant, side))
    if hand is None and variant is not None:
        unsure.append(Unsure("hand", " ".join(map(str, numbers.hands)), side))
    part = SideRound(
        meld_points=table or 0,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=went_out,
        hand_points=numbers.hand if hand is None else hand,
    )
    restated = frozenset(i for _, i in unplaced if restates(words, i, part, variant, lang))
    unplaced = [(v, i) for v, i in unplaced if i not in restated]
    for _, i in unplaced:
        near = " ".join(w for w in words[max(0, i - 2) : i + 3] if w != GAP)
        unsure.append(Unsure("number", near, side))
    placed = tuple(v for v, i in unplaced if words[i].isdecimal())
    return _Part(part, said.table_said, tuple(unsure), placed, restated)


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


def _out_without_canasta(side: SideRound, unsure: Sequence[Unsure]) -> bool:
    """Going out takes a canasta in every variant: a side said to go out with none said
    (and none already asked about) has a part of its round left out."""
    asked = any(u.what == "canasta" for u in unsure)
    canastas = side.natural_canastas + side.mixed_canastas
    return side.went_out is not WentOut.NO and not canastas and not asked


TIMES = re.compile(r"x\d")
""" "red threes x2": a count written after its noun (read by ``red_times``)."""


def _unknown(words: list[str], seating: Seating) -> list[str]:
    """The words of a side's part the reader knows nowhere in the lexicon, once each, in
    the order said: neither a number, a count, a round, side or function word, nor a
    player's name. A reading that read past one ("likanen" for "likainen", "treys") may
    have read past what it said, so the word is named and nothing is offered as certain."""
    known = known_words(seating.lang)
    named = named_words(words, seating)
    out: list[str] = []
    for i, word in enumerate(words):
        said = word == GAP or word.isdecimal() or TIMES.fullmatch(word) is not None
        if said or word in known or word in out or i in named:
            continue
        out.append(word)
    return out


def _too_few_points(side: SideRound, table_said: bool, variant: Variant | None) -> bool:
    """The canastas said need more table points than the side is said to have (seven cards
    each, at the cheapest cards ``variant`` values): one of the two was misheard or misread,
    and the reader cannot tell which, so it asks instead of correcting either."""
    if variant is None or not table_said:
        return False
    return side.meld_points < min_canasta_points(variant, side)


def _checks(
    side: SideRound,
    table_said: bool,
    unsure: Sequence[Unsure],
    words: list[str],
    variant: Variant | None,
    index: int,
) -> list[Unsure]:
    """What a side's reading leaves open whoever read it: a hand not said by a side that
    stayed in, going out with no canasta, more canastas than the table points hold, no
    table points at all."""
    said = " ".join(w for w in words if w != GAP)
    out: list[Unsure] = []
    if side.went_out is WentOut.NO and not side.hand_points:
        # only going out empties a hand: a side that stayed in has points left to say
        out.append(Unsure("hand", said, index))
    if _out_without_canasta(side, unsure):
        out.append(Unsure("canasta", said, index))
    if _too_few_points(side, table_said, variant):
        out.append(Unsure("too_few_points", said, index))
    if not table_said:
        out.append(Unsure("meld", said, index))
    return out


COVERAGE_DOUBTS = frozenset({"word", "meld", "hand", "number", "too_few_points"})
"""Doubts of the rule reader that come from phrasings its lexicon lacks (a word it does not
know, table points, a hand or a number it found no phrase for, and the misreadings those
cause): the tagger, which reads by letters and neighbours, may settle them. Doubts about
what was said ("out" alone, a kind with no count, words tied to no side) it may not."""
DIFFERENT = {
    "meld_points": "meld",
    "hand_points": "hand",
    "natural_canastas": "canasta",
    "mixed_canastas": "canasta",
    "red_threes": "red",
    "went_out": "out",
}
"""A component the two readers read apart, and how it is asked about."""


def _differences(
    rules: SideRound, learned: SideRound, words: list[str], index: int
) -> list[Unsure]:
    said = " ".join(w for w in words if w != GAP)
    whats = dict.fromkeys(
        what
        for field, what in DIFFERENT.items()
        if getattr(rules, field) != getattr(learned, field)
    )
    return [Unsure(what, said, index) for what in whats]


LAID_REACH = 4
"""Words from a word for nothing (or a negation) to the word of laying down it denies:
"fik ingenting meldt", "ei saanu pöytään ei mitään", "hadn't laid anything down"."""


@functools.cache
def _laying(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(words for nothing, a none word or a negation; words of laying cards down)."""
    nothing = rf"(?:{any_phrase('nothing', 'none', 'negation', lang=lang)})"
    laying = any_phrase("opened", "table_after", "table_before", lang=lang)
    return re.compile(rf"^{nothing}$"), re.compile(rf"^(?:{laying})$")


def _laid_nothing(words: list[str], lang: str | None) -> bool:
    """A clause of the side says it laid nothing down, however the phrase goes: a word for
    nothing (or a none word, or a negation) within ``LAID_REACH`` words of a word of laying
    cards down, no number in the clause, and no part of the round between them ("ingen
    røde treere på bordet" counts red threes, not the table). Why composed and not listed:
    "fik ingenting meldt overhovedet", "ei saatu yhtään sarjaa pöytään", "nada melded" are
    a few of endless ways to say it, each a word for nothing and one for laying down."""
    nothing, laying = _laying(lang)
    found = _patterns(lang)
    start = 0
    for end in [*(i for i, w in enumerate(words) if w == GAP), len(words)]:
        clause = words[start:end]
        start = end + 1
        if any(w.isdecimal() for w in clause):
            continue
        denies = [i for i, w in enumerate(clause) if nothing.match(w)]
        lays = [i for i, w in enumerate(clause) if laying.match(w)]
        for a in denies:
            for b in lays:
                between = clause[min(a, b) + 1 : max(a, b)]
                if 0 < abs(b - a) <= LAID_REACH and not any(
                    _part_word(w, found, lang) for w in between
                ):
                    return True
    return False


def _read_side(
    words: list[str],
    leads: frozenset[int],
    index: int,
    seating: Seating,
    variant: Variant | None,
    nothing_down: bool = False,
    opens: bool = False,
) -> tuple[SideRound, list[Unsure], bool]:
    """One side's round, what is unsure of it (``_read_both``), and whether any of its words
    says its red threes (``red_threes_said``; the count read is then what was said)."""
    tagger = shipped_tagger()
    tagged = tagger.tag(words, seating.lang) if tagger else None
    nothing_down = nothing_down or _laid_nothing(words, seating.lang)
    read, asked = _read_both(words, leads, index, seating, variant, tagged, nothing_down, opens)
    return read, asked, bool(read.red_threes) or red_threes_said(words, tagged, seating.lang)


def _read_both(
    words: list[str],
    leads: frozenset[int],
    index: int,
    seating: Seating,
    variant: Variant | None,
    tagged: Tagged | None,
    nothing_down: bool = False,
    opens: bool = False,
) -> tuple[SideRound, list[Unsure]]:
    """One side read twice, by the lexicon's phrases and by the learned tagger, and what is
    unsure of it. The rule reader sure and the tagger sure of something else: the parts
    they read apart are asked about (one of them misread, and nobody can tell which). The
    rule reader sure, the tagger not: the rule reader's (an unsure reader contradicts
    nothing). The tagger sure and the rule reader in doubt only for want of words
    (``COVERAGE_DOUBTS``): the tagger's. Otherwise the rule reader's questions."""
    part = _read_part(words, leads, index, seating.lang, variant)
    if nothing_down and not part.table_said:  # "before they'd even opened": none on the table
        part = dataclasses.replace(part, table_said=True)
    rules_unsure = list(part.unsure)
    unknown = _unknown(words, seating)
    # an unknown word counts only where it could change the reading (``doubtful_words``);
    # with no tagger to say so, every one does
    doubtful = (
        doubtful_words(words, tagged, unknown, seating.lang, part.restated) if tagged else unknown
    )
    if doubtful:  # one line per side, every such word named
        rules_unsure.append(Unsure("word", ", ".join(doubtful), index))
    if tagged:
        rules_unsure += restated_counts(words, tagged, index, seating.lang)
    rules_unsure += _checks(part.side, part.table_said, rules_unsure, words, variant, index)
    if tagged is None:
        return part.side, rules_unsure
    built = assemble(words, tagged, seating.lang, index, unknown, opens, variant)
    if nothing_down and not built.table_said and not built.side.meld_points:
        built = dataclasses.replace(built, table_said=True)
    learned_unsure = list(built.unsure)
    learned_unsure += _checks(built.side, built.table_said, learned_unsure, words, variant, index)
    asked = any(u.what == "hand" for u in rules_unsure)
    whole = hand_total(built.hands, players_of(variant, index))
    if not asked and whole is None and part.side.hand_points == sum(built.hands):
        # the rule reader summed them all too: the hand said whole is counted twice
        rules_unsure.append(Unsure("hand", " ".join(map(str, built.hands)), index))
    if not learned_unsure and not rules_unsure and built.side != part.side:
        return part.side, _differences(part.side, built.side, words, index)
    if not rules_unsure:
        return part.side, []
    if not learned_unsure and {u.what for u in rules_unsure} <= COVERAGE_DOUBTS:
        return built.side, []
    return part.side, rules_unsure


@functools.cache
def _hedges(lang: str | None) -> tuple[re.Pattern[str], frozenset[str]]:
    alternatives = frozenset(
        fold(word)
        for code, lexicon in vocabulary().lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.alternative
    )
    return re.compile(rf"(?:^| )({any_phrase('hedge', lang=lang)})(?= |$)"), alternatives


@functools.cache
def _guessed(lang: str | None) -> re.Pattern[str]:
    """A number said as a guess by the words ``/rules`` reads a guessed score by, the
    lexicon's ``words.approx`` right before it ("suunnilleen 150", "around 300") and
    ``words.approx_after`` right after it ("300 or so"): one list for both readers."""
    lexicons = [lex for code, lex in vocabulary().lexicons.items() if lang in (None, code)]
    before = alternatives(w for lex in lexicons for w in lex.words.approx)
    after = alternatives(w for lex in lexicons for w in lex.words.approx_after)
    return re.compile(rf"(?:^| )((?:{before}) \d+|\d+ (?:{after}))(?= |$)")


@functools.cache
def _neither(lang: str | None) -> re.Pattern[str]:
    """ "hverken vi eller de", "neither we nor they": a subject for no side, whose "eller"
    (or) offers no choice of two figures."""
    return re.compile(rf"(?<!\S){any_phrase('no_side', lang=lang)}(?!\S)")


def _hedged(words: list[str], index: int, lang: str | None) -> list[Unsure]:
    """What the speaker said they are unsure of: a hedge ("husker ikke", "not sure") or a
    choice ("to eller tre", "300 or 350", "or was it 3"). Whatever the readers made of
    it, the side is asked about: reading one of two figures would be a guess."""
    hedge, alternatives = _hedges(lang)
    joined = " ".join(words)
    out = [Unsure("number", m.group(1), index) for m in hedge.finditer(joined)]
    out += [Unsure("number", m.group(1), index) for m in _guessed(lang).finditer(joined)]
    out += [Unsure("number", said, index) for said in unclear(words, lang)]
    neither = _neither(lang)
    nor = {
        k
        for m in neither.finditer(joined)
        for k in range(index_at(joined, m.start()), index_at(joined, m.end()) + 1)
    }
    for i, word in enumerate(words):
        if word in alternatives and i not in nor:  # "2 red threes, or was it 3", "clean or dirty"
            near = " ".join(w for w in words[max(0, i - 2) : i + 3] if w != GAP)
            out.append(Unsure("number", near, index))
    return out


def read_round(text: str, seating: Seating, variant: Variant | None = None) -> RoundReading:
    """Every side's round from a sentence said aloud ("vi meldte 420, en ren og en uren, gikk
    ut; de andre 240, 25 igjen"). Nothing is guessed: a side nobody mentioned, a number no
    word explains, a side's table points not said, a canasta without its kind are returned in
    ``unsure`` with the words they refer to. With ``variant``, a reading its rules forbid
    (more canastas than the table points can hold) is asked about too, never corrected."""
    heard = said_words(text, seating)
    seating, mine = _speaker(heard, seating)
    parts = read_parts(heard, seating)
    unsure = mine + unsure_sides(parts, seating)
    unsure += [Unsure("grid", row) for row in grid_doubts(text, seating)]
    sides: list[SideReading] = []
    threes_unsaid: list[Unsure] = []
    threes_by_side: list[bool] = []
    for side in range(seating.sides):
        words, leads = side_words(parts, side)
        if not words:
            names = seating.names[side] if side < len(seating.names) else ()
            unsure.append(Unsure("missing", (names or (str(side + 1),))[0], side))
            sides.append(SideReading(SideRound(), said=False))
            continue
        opens = parts[0].side == side or parts[0].side in TABLE  # the sentence's start
        nothing_down = unmelded(parts, side)
        read, asked, threes = _read_side(words, leads, side, seating, variant, nothing_down, opens)
        if asked:
            told = _total_first(words, leads, side, seating, variant, nothing_down, opens)
            if told is not None:
                words, (read, asked, threes) = told
        threes_by_side.append(threes)
        unsure += asked + _hedged(words, side, seating.lang)
        said = " ".join(w for w in words if w != GAP)
        if read == SideRound():  # named, and nothing said of it: its words went elsewhere?
            unsure.append(Unsure("missing", said, side))
        elif not threes and not any(u.what == "word" for u in asked):
            # a word it does not know ("1 r3") may be the red threes: that word is asked
            threes_unsaid.append(Unsure("red_unsaid", said, side))
        sides.append(SideReading(read, said=True))
    if sum(s.round.went_out is not WentOut.NO for s in sides) > 1:
        unsure.append(Unsure("went_out", ""))
    threes_said = any(threes_by_side)
    moved = any(names_side(w, seating) for w in red_threes_taken_back(heard, seating.lang))
    if not _none_implied(sides, unsure, variant, threes_said and not moved):
        unsure += threes_unsaid
    if not unsure:
        unsure += _impossible(sides, variant)
    return RoundReading(tuple(sides), tuple(unsure))


def _impossible(sides: Sequence[SideReading], variant: Variant | None) -> list[Unsure]:
    """What the scorer refuses in a reading read with no doubt (more card points than the
    decks hold, more red threes or canastas than there are cards for): one of its figures was
    misread, and the reader cannot tell which, so it asks (``words``: what was refused, as
    "got > limit" where the scorer says so)."""
    if variant is None or len(sides) != variant.sides:
        return []
    try:
        validate_round(variant, [s.round for s in sides], [0] * len(sides))
    except ScoringError as error:
        return [
            Unsure("impossible", _refused(problem.params) or problem.code, problem.side)
            for problem in error.problems
        ]
    return []


def _refused(params: dict[str, object]) -> str:
    return f"{params['got']} > {params['limit']}" if {"got", "limit"} <= set(params) else ""


def _total_first(
    words: list[str],
    leads: frozenset[int],
    side: int,
    seating: Seating,
    variant: Variant | None,
    nothing_down: bool,
    opens: bool,
) -> tuple[list[str], tuple[SideRound, list[Unsure], bool]] | None:
    """A side's total for the round said before its parts ("1445 for us this round: we went
    out, 445 meld, ...", "De fikk 635: 265 nede, ...", "750 meille ja 130 niille. me 250 +
    ..."): the side's first number, with no table or hand word by it, and a later one said
    as table points. Read without it, the side is read with nothing asked and its net for
    the table's variant is exactly that number: it was the total, no component (the words
    and the reading without it). Anything else (no variant, a net of another figure) is
    None: the number stays, and the reader asks as before. Why arithmetic: how a total is
    said ("for us", "til oss!", "tältä erältä:") is endless; what it adds up to is not."""
    if variant is None:
        return None
    numbers = [i for i, w in enumerate(words) if w.isdecimal()]
    if len(numbers) < 2 or marked(words, numbers[0], seating.lang):
        return None
    first = numbers[0]
    if not any(
        marked(words, i, seating.lang) and _table_word(words, i, seating.lang) for i in numbers[1:]
    ):
        return None
    rest = [*words[:first], *words[first + 1 :]]
    moved = frozenset(i - (i > first) for i in leads)
    read = _read_side(rest, moved, side, seating, variant, nothing_down, opens)
    if read[1] or sum(breakdown(variant, read[0]).values()) != int(words[first]):
        return None
    return rest, read


def _table_word(words: list[str], i: int, lang: str | None) -> bool:
    """The number at ``i`` is said as table points ("445 meld", "265 nede")."""
    return _role(_patterns(lang), words, i, int(words[i]), False, True) == "table"


def _speaker(heard: list[str], seating: Seating) -> tuple[Seating, list[Unsure]]:
    """The seating with the speaker's side the sentence declares ("(vi er B)",
    ``declared_side``) when the seating does not know it; a declared side that is not the
    seating's speaker's leaves every "we" in doubt, so it is asked about."""
    declared, where = declared_side(heard, seating)
    if declared is None or declared == seating.speaker:
        return seating, []
    if seating.speaker is None:
        return dataclasses.replace(seating, speaker=declared), []
    return seating, [Unsure("side", " ".join(heard[i] for i in sorted(where)), None)]


def _none_implied(
    sides: Sequence[SideReading],
    unsure: Sequence[Unsure],
    variant: Variant | None,
    threes_said: bool,
) -> bool:
    """A side whose red threes no word says has none, with no guess in it, when the sentence
    says another side's red threes ("a clean canasta and a red three; they had 190 and 65
    left": a score said with red threes in mind gives them to every side that had any),
    every one of them read with no doubt; or when every red three the decks hold is said,
    with no doubt, to be some side's ("we had all four red threes"). ``threes_said``: some
    side's red threes are said, and none taken back for another side ("they had two red
    threes, no sorry, WE had the two": whose are they?). Never when a side's red threes or
    words tied to no side are asked about: the side they may belong to is then unknown."""
    if any(u.what in ("side", "missing", "red") for u in unsure):
        return False
    if threes_said:
        return True
    holders = {i for i, s in enumerate(sides) if s.round.red_threes}
    if variant is None or any(u.side in holders for u in unsure):
        return False  # a count in doubt places nothing
    return sum(s.round.red_threes for s in sides) >= variant.red_threes_count


def describe_round(question: str) -> SideRound | None:
    """The side's round as the question describes it, or None when it describes none."""
    described = _describe(question)
    return described[0] if described else None


def _describe(question: str) -> tuple[SideRound, list[int], list[Unsure]] | None:
    """The asking side's part of the question (what "they" did is left out), read like one
    side of ``read_round``, with what that reading is unsure of (``_checks`` included); None
    without the table's points or without the round's end (a hand or going out) or a
    question for the total."""
    if not _may_say_table(question):
        return None
    seating = Seating()
    words, leads = side_words(segments(typed_words(question, None), seating), 0)
    if not words:
        return None
    found = _patterns()
    joined = " ".join(words)
    if not found.ends.search(joined):
        return None  # no hand, going out or result said: three questions in four that get here
    said = _said(words, leads, found, None)
    # with no variant the side's hand is the sum of the hands read (``hand_total``), so the
    # table and the round's end are known before the canastas and the doubts are read: most
    # questions with a number say neither ("we have 2100, what do we need"), and reading the
    # rest was most of the time the slowest questions took
    ended = said.numbers.hand or said.went_out is not WentOut.NO
    if not (said.table_said and (ended or found.result.search(joined))):
        return None
    part = _read_part(words, leads, 0, said=said)
    side = part.side
    counted = side.natural_canastas or side.mixed_canastas or side.red_threes
    if not (ended or counted):  # only the result asked, and nothing counted to give one
        return None
    unplaced = [v for v in part.unplaced if v >= SMALLEST_UNPLACED and not v % SCORE_STEP]
    unsure = [*part.unsure, *_checks(side, True, part.unsure, words, None, 0)]
    return side, unplaced, unsure


@dataclass(frozen=True)
class RoundAnswer:
    """The described side's round: each component (``round.BREAKDOWN_KEYS``) and the net.
    ``unplaced``: numbers the question gives that the reader could not place; then the reply
    says what it read and asks instead of giving the net as certain."""

    parts: tuple[tuple[str, int], ...]
    net: int
    unplaced: tuple[int, ...] = ()
    unsure: tuple[Unsure, ...] = field(default=(), compare=False)
    """What the reading the figure comes from is unsure of (a canasta without its kind, red
    threes it could not count, going out with no canasta): ``/rules`` asks about the ones
    that change the net from this same reading, not from a second one."""


def _may_say_table(question: str) -> bool:
    """The question could state a side's table points: it has a number (in digits or words),
    or a phrase for nothing laid down. A round is never described without them, and every
    ``/rules`` question comes through here: reading the sides of "is the pile frozen?" was
    half of the time a question without a number took."""
    spelled = spell_digits(question, short_hundreds=True)
    if any(ch.isdigit() for ch in spelled):
        return True
    words = tokens(fold(normalise(spelled)))
    if any(round_counts().get(w) in POINT_WORDS for w in words):
        return True
    return any(p.search(" ".join(words)) for p in _nothing_down())


POINT_WORDS = (5, 10)
"""Points said in words below the numbers written in digits: "ten left" (``_points_word``)."""


def round_answer(question: str, variant: Variant) -> RoundAnswer | None:
    """The described round worked out for ``variant``, or None (see ``describe_round``)."""
    described = _describe(question)
    if described is None or described[0].red_threes >= len(variant.red_threes.schedule):
        return None
    side, unplaced, unsure = described
    if side.meld_points + side.hand_points > variant.deck_card_points:
        return None  # more than the decks hold: no figure to work out, the topic answers
    parts = breakdown(variant, side)
    shown = tuple((key, value) for key, value in parts.items() if value or key == "meld")
    return RoundAnswer(shown, sum(parts.values()), tuple(unplaced), tuple(unsure))
