"""One side's round put together from its words' roles (``round_tagger``), deterministically.

Why apart from the tagger: the model only says what each word is; what the words add up to
is arithmetic the model must not guess. The table points are the one ``MELD`` number (or
none at all when ``NOMELD`` words say nothing was laid down), the hand is every ``HAND``
number summed ("partner 30 and me 15"), a count word counts its kind ("two", "ingen",
"x2"), a kind said with no count is one ("a clean and a dirty" is tagged on the counts;
"clean and dirty" on the kinds), ``CONC`` is going out concealed, ``OUT`` going out.

Never a guess: a role (``O`` too) the model gave with less than ``CONFIDENT`` probability,
a number of points with no role, a kind word no count counts, a role its word cannot have
("MELD" on a word, a count on a word that says no count), a word no lexicon knows beside
one that matters, a hand said whole and in parts, or two table points are returned as
``Unsure`` instead.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass

from bot.scoring.round import SideRound, WentOut
from bot.scoring.variants import Variant
from bot.scoring.vocabulary import vocabulary
from bot.talk.dictionary import is_known
from bot.talk.round_restated import hand_total, restates
from bot.talk.round_tagger import Tagged, lexicon_fields
from bot.talk.round_words import GAP, Unsure, any_phrase, count_of, known_words, zero_words
from bot.talk.text import fold

CONFIDENT = 0.9
"""The least probability the tagger must give a word's role for the reading to rest on it."""
SMALLEST_POINTS = 15
"""Numbers from here up are points; below, counts (a hand of 5 or 10 is said with a role)."""
POINTS_STEP = 5
"""Table points and hands are multiples of five, like every card value."""
NEAR = 2
"""Words either side quoted back with an unsure word."""
KIND_REACH = 2
"""Words from a count to the kind it counts ("two natural canastas", "to røde treere")."""
COUNTED_FIELDS = (
    "natural", "mixed", "three", "canasta", "red", "points", "hand_after", "table_after",
    "none", "vague",
)  # fmt: skip
"""What a count may count in a round: a kind, canastas, red threes, points, a hand or the
table ("two natural", "fem poeng", "to på bordet")."""
COUNT_KINDS = {"N_NAT": "natural", "N_MIX": "mixed", "N_RED": "red"}
KINDS = {"K_NAT": "natural", "K_MIX": "mixed", "K_RED": "red"}


@functools.cache
def _none_words(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        w for code, lex in lexicons.items() if lang in (None, code) for w in lex.round.none
    )


def count_value(word: str, lang: str | None) -> int | None:
    """The count a word says: digits up to ten, a count word, a word for none, "x2"; None
    when it says no count."""
    if word.isdecimal():
        return int(word) if int(word) <= 10 else None
    if len(word) == 2 and word[0] == "x" and word[1].isdecimal():
        return int(word[1])
    if word in _none_words(lang):
        return 0
    return count_of(word, lang) or None


def points_value(word: str, lang: str | None) -> int | None:
    """Points a word says: a number in digits, or five or ten in words ("ten left")."""
    if word.isdecimal():
        return int(word)
    value = count_of(word, lang)
    return value if value in (5, 10) else None


@functools.cache
def _kind_patterns(lang: str | None) -> dict[str, re.Pattern[str]]:
    return {
        "NAT": re.compile(any_phrase("natural", lang=lang)),
        "MIX": re.compile(any_phrase("mixed", lang=lang)),
        "RED": re.compile(any_phrase("red", lang=lang)),
        "THREE": re.compile(any_phrase("three", lang=lang)),
        "NOUN": re.compile(any_phrase("canasta", "three", lang=lang)),
        "COUNTED": re.compile(any_phrase(*COUNTED_FIELDS, lang=lang) + "(?= |$)"),
    }


def kind_of(words: list[str], i: int, lang: str | None) -> str | None:
    """NAT, MIX or RED when the word at ``i`` names a kind; a word for three names red
    threes only when it is no count and no red word is right before it ("treys")."""
    word = words[i]
    found = _kind_patterns(lang)
    pair = " ".join(words[i : i + 2])
    for kind in ("NAT", "MIX"):  # "punainen kanasta", "black canasta": a kind in two words
        if " " in pair and found[kind].fullmatch(pair):
            return kind
    for kind in ("NAT", "MIX", "RED"):
        if found[kind].fullmatch(word):
            return kind
    if found["THREE"].fullmatch(word) and not count_of(word, lang) and not word.isdecimal():
        before = words[i - 1] if i else ""
        return None if before and found["RED"].fullmatch(before) else "RED"
    return None


@dataclass(frozen=True)
class Assembled:
    side: SideRound
    table_said: bool
    unsure: tuple[Unsure, ...]
    hands: tuple[int, ...] = ()
    """Every hand the words said, in order (``round_restated.hand_total`` makes them the
    side's hand)."""
    restated: frozenset[int] = frozenset()
    """Indices of the numbers read as restating a score of the side (no component)."""


def _near(words: list[str], i: int) -> str:
    return " ".join(w for w in words[max(0, i - NEAR) : i + NEAR + 1] if w != GAP)


def _what(role: str, word: str) -> str:
    if role in ("N_RED", "K_RED"):
        return "red"
    if role in COUNT_KINDS or role in KINDS:
        return "canasta"
    if role in ("OUT", "CONC"):
        return "out"
    return "number" if word.isdecimal() else "word"


def _counted(words: list[str], roles: tuple[str, ...], i: int, lang: str | None) -> bool:
    """A kind word left without a role is counted by a count just before it ("two clean"),
    by one ending its clause after it ("clean 2") or by an "x2" just after ("red threes
    x2", "likanen x2"): else a canasta or red three may be lost."""
    for j in range(i - 1, max(-1, i - 1 - KIND_REACH), -1):
        if words[j] == GAP:
            break
        if roles[j] in COUNT_KINDS:
            return True
    for j in range(i + 1, min(len(words), i + 3)):
        if words[j] == GAP:
            break
        if roles[j] in COUNT_KINDS and words[j].startswith("x"):
            return True
    at = count_after(words, i, lang)
    return at is not None and roles[at] in COUNT_KINDS


def count_after(words: list[str], i: int, lang: str | None) -> int | None:
    """The index of a count said after the kind at ``i`` as the end of its clause, the way a
    score sheet reads ("naturals 1", "røde treere: 2", "red threes 0"), or None."""
    j = i + 1
    while j < len(words) and kind_of(words, j, lang) is None and _noun(words[j], lang):
        j += 1  # "red threes 2", "puhdas kanasta 1": the kind's noun before the count
    if j < len(words) and words[j] == GAP:
        j += 1
    if j >= len(words) or words[j] == GAP or count_value(words[j], lang) is None:
        return None
    if words[j].startswith("x") or not (j + 1 == len(words) or words[j + 1] == GAP):
        return None
    return j


def _noun(word: str, lang: str | None) -> bool:
    found = _kind_patterns(lang)["NOUN"].fullmatch(word)
    return found is not None and count_value(word, lang) is None


def _counted_kind(words: list[str], i: int, lang: str | None) -> bool:
    """A count word right before a kind word: the kind carries the count's role."""
    return any(kind_of(words, j, lang) for j in range(i + 1, min(len(words), i + 1 + KIND_REACH)))


def _doubt(
    words: list[str], tagged: Tagged, i: int, lang: str | None, opens: bool = False
) -> str | None:
    """Why the word at ``i`` cannot be read with certainty (an ``Unsure.what``), or None: a
    kind no count counts, a role (or no role) given with too little probability, points
    with no role, a count of nothing said (unless it counts the players, ``opens``: the
    side's words open the sentence)."""
    word, role = words[i], tagged.roles[i]
    kind = kind_of(words, i, lang)
    if role == "O" and kind and not _counted(words, tagged.roles, i, lang):
        return "red" if kind == "RED" else "canasta"
    if word == GAP:
        return None
    if tagged.confidence[i] < CONFIDENT:  # "skjult" read as no part at all, but barely
        return _what(role, word)
    if role == "O" and word.isdecimal() and int(word) >= SMALLEST_POINTS:
        return "number"
    value = count_value(word, lang) or 0
    # "a"/"en" is an article as often as a count; "1" in digits never is
    counts = (value > 1 or (value == 1 and word.isdecimal())) and not kind
    counts = counts and not (i and kind_of(words, i - 1, lang))  # "red 3" names, not counts
    if (
        role == "O"
        and counts
        and not _counted_kind(words, i, lang)
        and not (opens and _who_plays(words, tagged, i, lang))
    ):
        return "number"  # "de hadde to": a count of what? (red threes, said before it)
    if role in ("MELD", "HAND") and i and one_number(words[i - 1], word):
        return "number"  # "4 100 og 60": one number said in parts, or two numbers?
    return None


def one_number(before: str, word: str) -> bool:
    """Whether two numbers said one after the other may be one number said in parts: a group
    of thousands typed apart ("1 480", "2 000") or a count of hundreds ("4 100 og 60").
    Otherwise they are two numbers, each with the role the tagger gave it: a sheet's
    "them 215 70" is the table's points and then the hand, which a three-digit group after it
    or a hundred after a single digit cannot be told from."""
    if not (before.isdecimal() and word.isdecimal()):
        return False
    thousands = len(word) == 3 and len(before) <= 3
    hundreds = len(before) == 1 and word in ("100", "1000")
    return thousands or hundreds


def _who_plays(words: list[str], tagged: Tagged, i: int, lang: str | None) -> bool:
    """The count at ``i`` is in the sentence's first clause, all chatter, before a word it
    counts that is no part of a round ("three of us tonight", "fem spillere", "vi er tre i
    kveld", "to mann ved bordet"): it counts the players, not a canasta or a red three. A
    count with nothing after it ("de hadde to") or after a part of the round ("red threes,
    2 for us") is no such count: what it counts was said before it, or not at all."""
    end = words.index(GAP) if GAP in words else len(words)
    if i >= end or i + 1 >= end:
        return False
    counted = words[i + 1]
    if counted not in known_words(lang) or count_value(counted, lang) is not None:
        return False
    if _kind_patterns(lang)["COUNTED"].match(" ".join(words[i + 1 : end])):
        return False
    clause = range(0, end)
    return all(
        tagged.roles[j] == "O" and tagged.confidence[j] >= CONFIDENT and not words[j].isdecimal()
        for j in clause
        if j != i
    )


def _value(word: str, role: str, lang: str | None) -> int | None:
    """What a word adds to its role, or None when the word cannot say it ("MELD" on a word,
    a count on a word that is no count, a kind on a count word: which kind is unclear)."""
    if role == "MELD":  # "zero melded": none, said as a number
        return int(word) if word.isdecimal() else 0 if word in zero_words(lang) else None
    if role == "HAND":
        return points_value(word, lang)
    if role in COUNT_KINDS:
        return count_value(word, lang)
    if role in KINDS:
        return 1 if count_value(word, lang) is None else None
    return 1


def doubtful_words(
    words: list[str],
    tagged: Tagged,
    unknown: Collection[str],
    lang: str | None,
    restated: Collection[int] = (),
) -> list[str]:
    """The words no lexicon knows that could change the reading, once each.

    A word that is no word of the language at all (``dictionary.is_known``: a misspelt game
    word, "natrual", "1 r3", or gibberish) is named when the tagger gives it a role, or gives
    no role with less than ``CONFIDENT`` probability, or when it is said right beside a word
    that matters (a number, a count, any role: "two snurrige", "blorfed out") or beside one
    the tagger is unsure of: the tagger may read such a word by its letters, but not with
    certainty. An everyday word of the language ("super early", "tosi nopee", "direkte fra
    hånden") is named only when it may say something of the round itself: the tagger gives
    it a role or is unsure it has none, a number or a count stands right beside it ("about
    300", "two snurrige"), or a going out follows it ("nearly went out"). Chatter, with none
    of these, is read past: it cannot change what the round adds up to, whether a word list
    has it or not. A number at ``restated`` (a score said again, ``round_restated``) is no
    part of the round: a word beside it ("800 baby", "800 rett inn") is read past too."""
    out: list[str] = []
    for i, word in enumerate(words):
        if word not in unknown or word in out:
            continue
        if is_known(word, lang):
            doubtful = _everyday_doubt(words, tagged, i, lang, restated)
        else:
            doubtful = any(
                _matters(words, tagged, j, lang, True)
                for j in (i - 1, i, i + 1)
                if j not in restated
            )
        if doubtful:
            out.append(word)
    return out


def _matters(words: list[str], tagged: Tagged, j: int, lang: str | None, one: bool = False) -> bool:
    """The word at ``j`` is part of the round, or may be: a number, a count other than one
    (with ``one``, one too: "en bllanndett", a misspelt kind after its article, which is
    also the count one), or a word the tagger gives a role or is unsure has none."""
    if not 0 <= j < len(words) or words[j] == GAP:
        return False
    other = words[j]
    counted = count_value(other, lang) is not None and (one or count_of(other, lang) != 1)
    sure_none = tagged.roles[j] == "O" and tagged.confidence[j] >= CONFIDENT
    return not sure_none or other.isdecimal() or counted


def _everyday_doubt(
    words: list[str], tagged: Tagged, i: int, lang: str | None, restated: Collection[int] = ()
) -> bool:
    """An everyday word at ``i`` may say something of the round (``doubtful_words``): the
    tagger gives it a role or is unsure it has none, it stands right before points ("about
    300") or right before a count that counts no kind after it ("de hadde liksom to"), right
    after a count ("two snurrige": what it counts?) or after points the tagger is unsure of,
    or a going out follows it ("nearly went out"). Not a word after points the tagger read
    surely and a word of their role (``_closes_number``: "tre hundre blank på bordet")
    nor one before a count of a kind ("niille tuli kolme punasta", "samt to røde treere":
    the count and its kind are read, the word is the verb or the "and" before them), nor one
    beside a figure that restates a score (``restated``: "800 baby")."""
    if (tagged.roles[i] != "O" or tagged.confidence[i] < CONFIDENT) and not _echoed(
        words, tagged, i
    ):
        return True
    after, before = i + 1, i - 1
    opens = after < len(words) and _near_number(words, after, restated)
    if opens and _opens_number(words, tagged, after, lang):
        return True
    closes = i > 0 and _near_number(words, before, restated)
    if closes and _closes_number(words, tagged, before, lang):
        return True
    return i + 1 < len(words) and tagged.roles[i + 1] == "OUT"


def _near_number(words: list[str], j: int, restated: Collection[int]) -> bool:
    """The word at ``j`` beside an everyday word may be a number that word changes: not a
    clause gap, nor a figure that restates a score."""
    return words[j] != GAP and j not in restated


def _opens_number(words: list[str], tagged: Tagged, j: int, lang: str | None) -> bool:
    """A word right before ``j`` may change what it says: ``j`` is points, or a count other
    than one that no kind right after it is counted by, or one the tagger is unsure of."""
    value = count_value(words[j], lang)
    if words[j].isdecimal() and value is None:
        return True  # "about 300", "nesten 300", "minus 100"
    if value is None or value <= 1:
        return False  # "ingen færdige canastaer"
    return not _counted_kind(words, j, lang) or tagged.confidence[j] < CONFIDENT


ROLE_AFTER = {"MELD": "table_after", "HAND": "hand_after"}
"""The lexicon's words said after points of each role ("300 på bordet", "40 left")."""


def _closes_number(words: list[str], tagged: Tagged, j: int, lang: str | None) -> bool:
    """A word right after ``j`` may change what it says: ``j`` is a count other than one
    (the word may be what it counts), or points, unless the word stands between them and
    a word that says their role, the role the tagger is sure of ("tre hundre blank på
    bordet"): "65 miinukselle" (65 below zero) may be a score, not a hand."""
    value = count_value(words[j], lang)
    if not (words[j].isdecimal() and value is None):
        return value is not None and value > 1
    after = ROLE_AFTER.get(tagged.roles[j])
    if after is None or tagged.confidence[j] < CONFIDENT or j + 2 >= len(words):
        return True
    return after not in lexicon_fields(words[j + 2], lang)


FLAGS = frozenset({"OUT", "CONC", "NOMELD"})
"""Roles a side has or has not, however many words say them."""


def _echoed(words: list[str], tagged: Tagged, i: int) -> bool:
    """The word at ``i`` is given a role that only says something is so (``FLAGS``), and a
    word beside it in its clause surely says the same ("fik slet ikke meldt"): whatever it
    is, the reading is the same."""
    role = tagged.roles[i]
    if role not in FLAGS:
        return False
    return any(
        0 <= j < len(words)
        and words[j] != GAP
        and tagged.roles[j] == role
        and tagged.confidence[j] >= CONFIDENT
        for j in (i - 1, i + 1)
    )


def _clause_of(words: list[str]) -> list[int]:
    clause, out = 0, []
    for word in words:
        clause += word == GAP
        out.append(clause)
    return out


def restated_counts(
    words: list[str], tagged: Tagged, side: int | None, lang: str | None
) -> list[Unsure]:
    """A kind counted (more than none) in two clauses of one side ("2 red threes, no hang
    on, 3 red threes", "to røde, nei vent, tre røde"): a correction no reader read as one,
    or two counts that add up; either way summing them would be a guess, so it is asked."""
    clauses = _clause_of(words)
    seen: dict[str, set[int]] = defaultdict(set)
    for i, role in enumerate(tagged.roles):
        kind = COUNT_KINDS.get(role) or KINDS.get(role)
        if kind and _value(words[i], role, lang):
            seen[kind].add(clauses[i])
    said = " ".join(w for w in words if w != GAP)
    return [
        Unsure("red" if kind == "red" else "canasta", said, side)
        for kind, where in seen.items()
        if len(where) > 1
    ]


def _values(
    words: list[str], tagged: Tagged, lang: str | None, skip: Collection[int] = ()
) -> dict[str, list[int]]:
    """What each role's words add up to, word by word (no doubt weighed), leaving out the
    words at ``skip``."""
    said: dict[str, list[int]] = defaultdict(list)
    for i, (word, role) in enumerate(zip(words, tagged.roles, strict=True)):
        if i in skip or role == "O" or word == GAP:
            continue
        if (value := _value(word, role, lang)) is not None:
            said[role].append(value)
    return said


def _side_of(said: dict[str, list[int]], hand: int) -> SideRound:
    melds = said["MELD"]
    went_out = WentOut.NO
    if said["CONC"] or said["OUT"]:
        went_out = WentOut.CONCEALED if said["CONC"] else WentOut.NORMAL
    return SideRound(
        meld_points=melds[0] if len(melds) == 1 else 0,
        natural_canastas=sum(said["N_NAT"]) + sum(said["K_NAT"]),
        mixed_canastas=sum(said["N_MIX"]) + sum(said["K_MIX"]),
        red_threes=sum(said["N_RED"]) + sum(said["K_RED"]),
        went_out=went_out,
        hand_points=hand,
    )


def restated_numbers(
    words: list[str], tagged: Tagged, lang: str | None, variant: Variant | None
) -> dict[int, bool]:
    """The numbers that restate a score of the side as its other words read
    (``round_restated.restates``), by index: True when the tagger read no part of the round
    in it (it is then no component), False when it read it as points (a restated score or
    the table's points? it is asked about)."""
    out: dict[int, bool] = {}
    for i, word in enumerate(words):
        role = tagged.roles[i]
        if not word.isdecimal() or role not in ("O", "MELD", "HAND"):
            continue
        said = _values(words, tagged, lang, skip=(i,))
        if restates(words, i, _side_of(said, sum(said["HAND"])), variant, lang):
            out[i] = role == "O"
    return out


def players_of(variant: Variant | None, side: int | None) -> int | None:
    """How many players the side has, when the variant and the side are known."""
    if variant is None or side is None or side >= len(variant.players_per_side):
        return None
    return variant.players_per_side[side]


def assemble(
    words: list[str],
    tagged: Tagged,
    lang: str | None,
    side: int | None,
    unknown: Collection[str] = (),
    opens: bool = False,
    variant: Variant | None = None,
) -> Assembled:
    """The side's round from its words' roles, and what could not be read with certainty;
    ``unknown``: the words no lexicon knows (see ``doubtful_words``); ``opens``: the side's
    words begin with the sentence's (its first clause may say who plays); ``variant``: the
    table's, by whose scores a number may restate a part of the round (``round_restated``)
    and whose seats say how many hands a side has."""
    restated = restated_numbers(words, tagged, lang, variant)
    skip = frozenset(i for i, none in restated.items() if none)
    unsure: list[Unsure] = restated_counts(words, tagged, side, lang)
    if near := doubtful_words(words, tagged, unknown, lang, skip):
        unsure.append(Unsure("word", ", ".join(near), side))
    doubted: set[int] = set(restated)
    points: dict[int, Unsure] = {}  # points whose role alone is in doubt, by index
    for i in range(len(words)):
        if i in skip:
            continue
        doubt = "number" if i in restated else _doubt(words, tagged, i, lang, opens)
        role = tagged.roles[i]
        value = None if doubt or role == "O" or words[i] == GAP else _value(words[i], role, lang)
        if doubt or (role != "O" and words[i] != GAP and value is None):
            unsure.append(Unsure(doubt or _what(role, words[i]), _near(words, i), side))
            doubted.add(i)
            if _role_in_doubt(words, tagged, i, restated):
                points[i] = unsure[-1]
    said = _values(words, tagged, lang, doubted)
    if placed := _placed_by_elimination(words, tagged, said, points, unsure):
        i, slot = placed
        unsure.remove(points[i])
        said[slot].append(int(words[i]))
    hands = said["HAND"]
    hand = hand_total(hands, players_of(variant, side))
    if hand is None:
        # "caught with 35 (me 20, partner 15)": the hand said whole and in parts
        unsure.append(Unsure("hand", " ".join(map(str, hands)), side))
    melds = said["MELD"]
    if len(melds) > 1:
        unsure.append(Unsure("number", " ".join(map(str, melds)), side))
    table_said = len(melds) == 1 or (not melds and bool(said["NOMELD"]))
    round_ = _side_of(said, sum(hands) if hand is None else hand)
    return Assembled(round_, table_said, tuple(unsure), tuple(hands), skip)


def _role_in_doubt(words: list[str], tagged: Tagged, i: int, restated: Collection[int]) -> bool:
    """The word at ``i`` is points (a number, none for the table or the hand) whose role
    alone is in doubt: the tagger gave it a points role or none, with too little
    probability, and it is neither a score said again nor a number that may be one typed in
    parts ("1 480")."""
    word, role = words[i], tagged.roles[i]
    if not word.isdecimal() or i in restated or role not in ("O", "MELD", "HAND"):
        return False
    if i and role != "O" and one_number(words[i - 1], word):
        return False
    return int(word) % POINTS_STEP == 0 and (int(word) >= SMALLEST_POINTS or role != "O")


def _placed_by_elimination(
    words: list[str],
    tagged: Tagged,
    said: dict[str, list[int]],
    points: dict[int, Unsure],
    unsure: list[Unsure],
) -> tuple[int, str] | None:
    """(index, role) of the points whose role was in doubt, placed where nothing else can
    go: the side's other words read with certainty, one number left, and one place open for
    it (no table points said, or no hand), which the tagger did not read as the other place.
    Otherwise None: nothing is placed and the number is asked about.

    Why this is no guess: a side's round has one table figure and one hand; when the words
    fill every other part and one number is left over, the part still empty is what it
    says, the way a player reading a score sheet row does ("os 460 1 ren 1 uren 2 røde 35")."""
    if len(points) != 1 or len(unsure) != 1:
        return None
    (i,) = points
    if _numbers_unread(words, tagged, i):
        return None
    empty = {"MELD": not said["MELD"] and not said["NOMELD"], "HAND": not said["HAND"]}
    open_ = [slot for slot, free in empty.items() if free]
    if len(open_) == 1 and tagged.roles[i] in (open_[0], "O"):
        return i, open_[0]
    return None


def _numbers_unread(words: list[str], tagged: Tagged, i: int) -> bool:
    """A number other than the one at ``i`` that no role reads and that names no kind (the
    "3" of "red 3"): it is left over too ("r3:0 -35": the none of "0" was not read as the
    count of red threes), so the number at ``i`` is not the one thing left to place."""
    return any(
        word.isdecimal() and role == "O" and j != i and not (j and _names_three(words, j))
        for j, (word, role) in enumerate(zip(words, tagged.roles, strict=True))
    )


def _names_three(words: list[str], j: int) -> bool:
    return words[j] == "3" and _kind_patterns(None)["RED"].fullmatch(words[j - 1]) is not None


RED_ROLES = frozenset({"N_RED", "K_RED"})


@functools.cache
def _black(lang: str | None) -> tuple[str, ...]:
    """Stems of the words for black (Finnish "musta" in "mustia kolmosia" too)."""
    lexicons = vocabulary().lexicons
    words = {w for code, lex in lexicons.items() if lang in (None, code) for w in lex.colours.black}
    return tuple(sorted({fold(w)[: max(4, len(w) - 1)] for w in words}))


def red_threes_said(words: list[str], tagged: Tagged | None, lang: str | None) -> bool:
    """Some word of the side's says its red threes, whatever count it gives them (none too:
    "no red threes", "ingen røde", "ei punasia", "red threes: none", "nobody had red threes"):
    a red word or a word for threes (not black ones), or a word the tagger read as a count or
    kind of red threes with at least ``CONFIDENT`` probability. A side no such word speaks of
    has its red threes not said: none is then a guess, so the reader asks (a careful
    scorekeeper asks "and red threes?")."""
    if tagged is not None and any(
        role in RED_ROLES and sure >= CONFIDENT
        for role, sure in zip(tagged.roles, tagged.confidence, strict=True)
    ):
        return True
    for i in range(len(words)):
        if kind_of(words, i, lang) != "RED":
            continue
        if not (i and words[i - 1].startswith(_black(lang))):  # "no black threes": not red
            return True
    return False
