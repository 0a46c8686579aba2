"""Cards said in words: the hand a question names ("tre ess og en joker", "a pair of eights").

Every word read here is the lexicon's (``words``, ``cards``, ``colours``, ``round``): counts,
card names, joiners, colours, "a pair of", digits with endings ("two 7s", "tre 4ere"). The
reader never guesses a figure: an unknown word where a card is promised ("og en jåker") or one
edit from a card name ("jokr") is named and asked about (``FoundCards.unread``); plurals with
no count among other cards get each card's value and a question (``FoundCards.how_many``); a
count word counts only a card of its own language ("compared to 8s"). Moved out of
``bot/rules`` so the rules package keeps the answers and ``bot/talk`` the readers of player
words.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from bot.scoring import ScoringError, parse_cards
from bot.scoring.cards import WORD_TO_RANK
from bot.scoring.vocabulary import vocabulary
from bot.talk.text import alternatives, fold, function_words

CARD_SPLIT = re.compile(r"[\s,;+/]+")
SYMBOL_LENGTH = 2
"""Card symbols are one or two characters ("K", "7", "10"); rank words are longer."""
MAX_COUNT = 10
"""Counts said before a card name go no higher ("three aces", "seven twos")."""
CARD_NUMBERS = range(1, 11)
"""Unsigned numbers up to ten are card ranks or counts ("10 knægt dame"), not a total."""

_LEXICONS = vocabulary().lexicons.values()
ONE = frozenset(vocabulary().words("one"))
_COUNTS = {
    **{w: n for w, n in vocabulary().number_words.items() if n <= MAX_COUNT},
    **dict.fromkeys(ONE, 1),
}
"""Number words up to ``MAX_COUNT`` and their forms, and the words for one ("a", "en")."""
_JOINERS = frozenset(vocabulary().words("joiners"))
_LINKS = frozenset(vocabulary().words("links"))
_JOINERS_LINKS = _JOINERS | _LINKS
"""Words that go on with cards read off one by one ("then", "så", "the"): beside a joiner or
alone, between cards only."""
LINK_REACH = 3
"""Joiners and links that may stand between two cards of one hand ("and then the joker")."""
PAUSE = re.compile(r"[.,;:!?…]")
"""Punctuation after a word: a count word before it was read out as a card ("seks, joker")."""
_PAIRS = frozenset(vocabulary().words("pair"))
_CHOICE = frozenset(vocabulary().words("choice"))
NOT_A_CARD = "|"
"""Stands in for a word the card reader must not read: it ends a run of cards."""
_LANGS_OF_ONE = {
    word: {lang for lang, lex in vocabulary().lexicons.items() if word in lex.words.one}
    for word in ONE
}
_NONE = {w for lex in _LEXICONS for w in lex.round.none}
"""Words for none ("ingen", "ei", "ilman"); Finnish "ei" is also Norwegian for one (see
``_is_none``)."""
_OF = frozenset(vocabulary().words("of"))
_UNITS = frozenset(vocabulary().words("units"))
""" "two hours", "tre spillere": the number before them counts these, not cards."""
_COLOURS = {
    word: colour
    for lang, lex in vocabulary().lexicons.items()
    for colour in ("red", "black")
    for base in getattr(lex.colours, colour)
    if "*" not in base
    for word in (base, *(f for f, b in vocabulary().forms[lang].items() if b == base))
}
"""Colour word or form -> red/black: "two black threes" are threes, not a deuce."""
_PLAIN = re.compile(
    alternatives(w for lex in _LEXICONS for w in (*lex.round.natural, *lex.round.mixed))
)
"""Words between a count and a card that do not change it: "seven natural kings"."""


def is_plural(word: str) -> bool:
    """A card name or a digit in the plural: "aces", "konger", "ässät", "7s", "fours",
    "4ere". A number word with a plural ending is one ("fours" as "4s"); Norwegian and Danish
    "sekser", "tier" (a six, a ten) are singular, so "-er" is no plural ending after one."""
    lowered = word.lower()
    ranks = _card_token(word)
    if not ranks or len(ranks) != 1 or lowered in _COUNTS or word.isupper():
        return False
    if _RANK_PLURAL.fullmatch(lowered):
        return True
    return any(
        lowered.endswith(plural) and stems.get(lowered[: -len(plural)] + single) == ranks[0]
        for stems, ends in _PLURAL_STEMS
        for single, plural in ends
    )


def _plural_stems() -> list[tuple[dict[str, str], tuple[tuple[str, str], ...]]]:
    """Per language: (card name -> rank, its plural endings as (singular ending, plural
    ending): "t" is ("", "t"), "nen>set" is ("nen", "set"): "kakkonen", "kakkoset"), and
    (number word -> rank, the digit's plural endings). Stems are the listed names, not the
    lemmatizer's forms: "konge" is no "kong" + "e"."""
    words = vocabulary()
    out: list[tuple[dict[str, str], tuple[tuple[str, str], ...]]] = []
    for lexicon in words.lexicons.values():
        names = {w: rank for rank, ws in lexicon.cards.items() for w in ws}
        numbers = {w: r for w, r in names.items() if w in words.number_words}
        cards = {w: r for w, r in names.items() if w not in numbers}
        out.append((cards, _endings(lexicon.words.plural)))
        out.append((numbers, _endings(lexicon.words.rank_plural)))
    return out


def _endings(listed: list[str]) -> tuple[tuple[str, str], ...]:
    """ "nen>set" as ("nen", "set"), "t" as ("", "t")."""
    pairs = (ending.rpartition(">") for ending in listed)
    return tuple((single, plural) for single, _, plural in pairs)


_PLURAL_STEMS = _plural_stems()
_RANK_PLURAL = re.compile(
    rf"\d{{1,2}}(?:{'|'.join(map(re.escape, sorted(vocabulary().words('rank_plural'))))})"
)
_RANK_SUFFIX = re.compile(
    rf"(\d{{1,2}})(?:{'|'.join(map(re.escape, sorted(vocabulary().words('rank_suffix'))))})"
)
"""A digit with an ending ("7s", "4ere", "en 6er", "7:ää"): cards of that rank; the count
comes before it."""


@functools.lru_cache(maxsize=16384)
def _card_token(raw: str) -> tuple[str, ...] | None:
    """Ranks named by one word, or None. A lone lower-case "a" is the English article, and a
    word some language uses as a function word ("ja", "at", "de") is not read as glued ranks.
    Cached: every word of every question is tried, and players reuse their words."""
    word = raw.strip(".!?:()[]\"'")
    lowered = word.lower()
    suffixed = _RANK_SUFFIX.fullmatch(lowered)
    if suffixed and 2 <= int(suffixed[1]) <= max(CARD_NUMBERS):
        return (suffixed[1],)
    if not word or (lowered.isdecimal() and not 2 <= int(lowered) <= 10):
        return None
    if word == "a" or (
        lowered in function_words() and lowered not in WORD_TO_RANK and not word.isupper()
    ):
        return None
    try:
        cards = parse_cards(lowered)
    except (ScoringError, ValueError):  # ValueError: digits int() can't read ("¹")
        return None
    ranks = tuple(rank for rank, n in cards.items() for _ in range(n))
    if len(ranks) > 1 and not word.isupper() and fold(lowered) in known_words()[0]:
        return None  # a word of the lexicon ("add" in "add up to") spells no glued symbols
    return ranks


@dataclass(frozen=True)
class FoundCards:
    """The hand a question names: the longest run of card words."""

    cards: Counter[str]
    words: int
    """Words in the run, joiners included ("tre ess og en joker" is five)."""
    named: bool
    """Whether any word is more than a bare digit: "2+2" alone is arithmetic, not a hand."""
    unread: str | None = None
    """An unknown word where a card belongs ("K K blah A", "og en jåker", "jokr"): the
    reader is unsure, and the reply says what it read and asks (``_unread``)."""
    ambiguous: str | None = None
    """Two number words that may be a count or two cards ("seks fem"): read as two cards,
    and the reply says so and asks."""
    said: tuple[str, ...] = ()
    """The run's words as written ("a", "2")."""
    how_many: str | None = None
    """A plural card name with no count among other cards ("are the fours and fives worth
    five or ten"): how many is not said, so the reply asks instead of summing one each."""
    apart: str | None = None
    """Card names outside the hand read ("jack jack queen, after that seven seven seven"):
    the hand may be longer than the run, so the reply asks."""
    colourless: str | None = None
    """Threes said without their colour ("two threes and a king", "to treere"): red and
    black threes differ, so the reply asks which."""
    left_out: str | None = None
    """Cards read that a card sum does not count ("one red three", "to røde treere"): a red
    three scores as a bonus, so the hand's sum is not the figure asked; the reply asks."""
    around: tuple[str, ...] = ()
    """The other words of the hand's clause, as written: each must be accounted for
    (``bot.talk.accounting.unaccounted_cards``) for the sum to be the figure asked."""
    clause: tuple[str, ...] = ()
    """The other words of the hand's clause: a game word there that the sum does not take
    in ("went out", "ikke") is asked about (``bot.talk.accounting.game_word``)."""


@dataclass
class _Run:
    start: int
    end: int = 0
    ranks: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    uncounted: list[str] = field(default_factory=list)
    """Plural card names read with no count ("fours and fives"): one card each, a guess."""
    colourless: list[str] = field(default_factory=list)
    """Threes said with no colour ("two threes"): a red three has no card value, a black
    one is five points."""


def _count(word: str) -> int:
    """The count a word says; an upper-case "A" is an ace, not the article."""
    lowered = word.lower()
    if lowered.isdecimal() and len(lowered) < 3:
        return int(lowered)
    return 0 if word.isupper() and lowered in ONE else _COUNTS.get(lowered, 0)


@functools.lru_cache(maxsize=4096)
def _card_langs(word: str) -> frozenset[str]:
    """The languages that name a card with ``word`` ("jokeria" is Finnish, "dame" is not)."""
    words = vocabulary()
    return frozenset(
        lang
        for lang, lex in words.lexicons.items()
        if any(word in names or words.base(lang, word) in names for names in lex.cards.values())
    )


def _one_language(count: str, card: str) -> bool:
    """A count word and the card after it are of one language, when both tell theirs:
    Norwegian "to 7ere" is two sevens; in "compared to 8s" the Norwegian count "to" meets
    an English "8s" and counts nothing. Digits, symbols and words of no language pass."""
    said, named = _count_langs(count.lower()), _card_langs(card.lower()) or _suffix_langs(card)
    return not (said and named) or bool(said & named)


@functools.cache
def _count_langs(word: str) -> frozenset[str]:
    """The languages that count with ``word`` (a number word or its form, a word for one)."""
    words = vocabulary()
    return frozenset(
        lang
        for lang, lex in words.lexicons.items()
        if word in lex.words.one
        or any(word in said or words.base(lang, word) in said for said in lex.numbers.values())
    )


def _suffix_langs(word: str) -> set[str]:
    """The languages whose digit endings ``word`` uses ("8s" English, "4ere" Nordic)."""
    match = _RANK_SUFFIX.fullmatch(word.lower())
    if not match:
        return set()
    ending = word.lower()[len(match[1]) :]
    return {lang for lang, lex in vocabulary().lexicons.items() if ending in lex.words.rank_suffix}


def _is_none(raws: list[str], i: int) -> bool:
    """ "ei jokeria", "no jokers": no cards of the rank after it. A word that one language
    uses for none and another for one ("ei") is read in the language of the card after it:
    "ei dame" is one queen, "ei jokeria" no joker."""
    word = raws[i].lower()
    if word not in _NONE or i + 1 >= len(raws):
        return False
    langs = _card_langs(raws[i + 1].lower())
    return bool(langs) and not langs & _LANGS_OF_ONE.get(word, set())


def _counted(raws: list[str], i: int) -> tuple[int, int]:
    """(count, words) of the count said from ``raws[i]``: a number word or digit ("three",
    "3"), the words for one ("a"), and a pair with or without them ("a pair of", "to par",
    "pari"): (0, 0) when no count is said there."""
    count = _count(raws[i])
    used = 1 if count else 0
    word = raws[i + used].lower() if i + used < len(raws) else ""
    if word in _PAIRS and i + used + 1 < len(raws):
        count, used = 2 * (count or 1), used + 1
        if raws[i + used].lower() in _OF:
            used += 1
    return count, used


def _qualified(raws: list[str], i: int, count: int) -> tuple[list[str] | None, int]:
    """A colour or a canasta word between a count (or none: one card) and a card: "two black
    threes", "musta kolmonen", "seven natural kings". Red threes have no card value: an empty
    list ends the hand there. (None, 0) when ``raws[i]`` (the first word after the count)
    starts no such phrase."""
    word = raws[i].lower() if i < len(raws) else ""
    colour = _COLOURS.get(word)
    if not colour and not (count and _PLAIN.fullmatch(fold(word))):
        return None, 0
    card = _card_token(raws[i + 1]) if i + 1 < len(raws) else None
    if not card or len(card) != 1:
        return None, 0
    return ([] if colour == "red" and card == ("3",) else list(card * (count or 1))), 2


def _article_digit(raws: list[str], i: int, nxt: str) -> bool:
    """ "and a 2", "en 10": a digit after a word for one is a card, unless a unit follows
    ("a 2 player game")."""
    word = raws[i]
    after = raws[i + 2].lower() if i + 2 < len(raws) else ""
    return (
        word.lower() in ONE
        and not word.isupper()
        and nxt.isdecimal()
        and 2 <= int(nxt) <= max(CARD_NUMBERS)
        and after not in _UNITS
    )


def _read_at(
    raws: list[str], i: int, listed: bool, pauses: frozenset[int] = frozenset()
) -> tuple[list[str] | None, int]:
    """(ranks the words from ``raws[i]`` name, words used); ranks None when they name none,
    and an empty list for "two red threes" (cards with no value: the hand ends there). A
    count word with a pause after it (``pauses``: "ess, seks, seks, joker") is read out as
    a card, never a count of the card after the pause."""
    after = _count_after(raws, i)
    if after:
        return after, 3
    count, head = _counted(raws, i)
    if head == 1 and i in pauses and 2 <= count <= MAX_COUNT:
        # read out with a pause after it, a number word is that card ("kuus, kuus, jokeri")
        return list(_card_token(raws[i]) or (str(count),)), 1
    qualified, used = _qualified(raws, i + head, count)
    if used:
        return qualified, head + used
    nxt = raws[i + head] if i + head < len(raws) else ""
    # in a list of card symbols a digit is a card: "K 7 7 A" is not seven aces; "seks fem"
    # is a six and a five unless a count is all the first word can be ("to ti": two tens)
    if head == 1 and (_both_ranks(raws[i], nxt) or _count_or_card(raws[i], nxt)):
        count = 0
    plain = not nxt.isdecimal() or _article_digit(raws, i, nxt)
    if count >= 1 and nxt and plain and not (listed and raws[i].isdecimal()):
        counted = _card_token(nxt)
        if counted and len(counted) == 1 and _one_language(raws[i], nxt):
            return list(counted * count), head + 1
    if head > 1:
        return None, 1
    if nxt.lower() in _UNITS:
        return None, 1
    ranks = _card_token(raws[i])
    return (list(ranks) if ranks else None), 1


def _count_after(raws: list[str], i: int) -> list[str] | None:
    """ "kakkoset 7 kpl", "toere 3 stk": a card, then its count and a word for pieces."""
    if i + 2 >= len(raws) or raws[i + 2].lower() not in _PIECES:
        return None
    card, count = _card_token(raws[i]), _count(raws[i + 1])
    if not card or len(card) != 1 or not 1 <= count <= MAX_COUNT or raws[i].isdecimal():
        return None
    return list(card * count)


_PIECES = frozenset(vocabulary().words("pieces"))


def _both_ranks(word: str, nxt: str) -> bool:
    """Two number words that both name a rank ("seks fem", "two ten"): a count and a card,
    or two cards. Read as two cards, and the reply asks (``FoundCards.ambiguous``)."""
    first, second = word.lower(), nxt.lower()
    numbers = vocabulary().number_words
    return (
        first in numbers and second in numbers and first in WORD_TO_RANK and second in WORD_TO_RANK
    )


SINGULAR = frozenset(
    names[0]
    for lexicon in vocabulary().lexicons.values()
    for names in lexicon.cards.values()
    if names and names[0] not in vocabulary().number_words
) - frozenset(vocabulary().words("same_plural"))
"""Each language's name of one card ("joker", "konge", "kuningas"), not a number word and
not a plural too ("ess")."""


def _count_or_card(word: str, nxt: str) -> bool:
    """A number word of two or more that is also a card, before one card's name in the
    singular ("seks joker", "two jack", "kolme jokeri"): six jokers said loosely, or a six
    and a joker read out. The sums differ, so it is read as two cards and asked about."""
    lowered = word.lower()
    return (
        not lowered.isdecimal()
        and _COUNTS.get(lowered, 0) >= 2
        and lowered in vocabulary().number_words
        and _card_token(word) is not None
        and nxt.lower() in SINGULAR
    )


def _joins(raws: list[str], i: int, pauses: frozenset[int] = frozenset()) -> int:
    """How many words from ``raws[i]`` join the cards before them to cards after them:
    joiners and links ("og", "and", "then", "og så", "and the"), up to ``LINK_REACH``; 0
    when they do not lead to a card ("tre ess og en joker" joins, "and what" does not)."""
    end = i
    while end < len(raws) and end - i < LINK_REACH and raws[end].lower() in _JOINERS_LINKS:
        end += 1
    if end == i or end >= len(raws):
        return 0
    return end - i if _read_at(raws, end, listed=False, pauses=pauses)[0] else 0


def _runs(
    raws: list[str], pauses: frozenset[int] = frozenset(), valueless: list[str] | None = None
) -> list[_Run]:
    """The runs of card words in ``raws``; cards read with no card value ("one red three")
    end a run and go to ``valueless``, when given: a sum of the cards leaves them out."""
    runs: list[_Run] = []
    run: _Run | None = None
    i = 0
    while i < len(raws):
        listed = (
            run is not None
            and len(raws[i - 1]) <= SYMBOL_LENGTH
            and raws[i - 1].lower() not in _JOINERS
        )
        if _is_none(raws, i):  # "three kings, no jokers and an ace": one hand, no joker
            if run is not None:
                run.words += raws[i : i + 2]
            i += 2
            continue
        ranks, step = _read_at(raws, i, listed, pauses)
        joined = _joins(raws, i, pauses) if ranks is None and run is not None else 0
        if joined:
            run.words += raws[i : i + joined]
            i += joined
            continue
        if ranks:
            if run is None:
                run = _Run(i)
                runs.append(run)
            if _counted(raws, i)[1] == 0 and is_plural(raws[i + step - 1]):
                run.uncounted.append(raws[i + step - 1])
            if "3" in ranks and not any(w.lower() in _COLOURS for w in raws[i : i + step]):
                run.colourless.append(" ".join(raws[i : i + step]))
            run.ranks += ranks
            run.words += raws[i : i + step]
            run.end = i + step
        else:
            if ranks is not None and valueless is not None:
                valueless.append(" ".join(raws[i : i + step]))
            run = None
        i += step
    return runs


def find_cards(question: str) -> FoundCards | None:
    """The longest run of consecutive card words (the first of equal ones). A count before a
    card word is a multiplier: "3 sevens", "seven twos", "a joker"."""
    raws, pauses, commas = _split(question)
    raws = _values_offered(raws)
    valueless: list[str] = []
    runs = _runs(raws, pauses, valueless)
    if not runs:
        return None
    best = max(runs, key=lambda r: (len(r.words), -r.start))
    named = any(not raw.isdecimal() for raw in best.words)
    pairs = (
        (a, b)
        for j, (a, b) in enumerate(zip(best.words, best.words[1:], strict=False))
        if best.start + j not in pauses  # "ni, fire": read out one by one, two cards
    )
    # one word twice ("ten ten", "fem fem") is two cards, nothing to ask: a count before its
    # own rank's name puts that in the plural ("ten tens") or another case ("viisi vitosta")
    ambiguous = next(
        (
            f"{a} {b}"
            for a, b in pairs
            if a.lower() != b.lower() and (_both_ranks(a, b) or _count_or_card(a, b))
        ),
        None,
    )
    unread = _unread(raws, best) or _dangling(raws, best, pauses) or _item(raws, best, commas)
    unread = unread or _letter(raws, best)
    # "the fours and fives": each uncounted plural read as one card sums to no real hand;
    # one rank alone ("what are aces worth") is its value per card
    how_many = best.uncounted[0] if best.uncounted and len(best.ranks) > 1 else None
    return FoundCards(
        Counter(best.ranks),
        len(best.words),
        named,
        unread,
        ambiguous,
        tuple(best.words),
        how_many,
        apart=_apart(runs, best),
        colourless=best.colourless[0] if best.colourless else None,
        left_out=valueless[0] if valueless else None,
        around=_around(raws, best, pauses),
        clause=_clause(raws, best, pauses),
    )


def _clause(raws: list[str], best: _Run, pauses: frozenset[int]) -> tuple[str, ...]:
    """The words of the hand's clause outside the hand, from the pause before it to the
    pause after it ("we went out with two kings and a queen": "we went out with")."""
    start = max((p + 1 for p in pauses if p < best.start), default=0)
    end = min((p + 1 for p in pauses if p >= best.end - 1), default=len(raws))
    return (*raws[start : best.start], *raws[best.end : end])


def _around(raws: list[str], best: _Run, pauses: frozenset[int]) -> tuple[str, ...]:
    """The words right beside the hand in its clause, one each side ("har jeg E K D B 4,
    hvor mange": "E"; a pause after the hand ends it there)."""
    before = raws[best.start - 1 : best.start] if best.start - 1 not in pauses else []
    after = raws[best.end : best.end + 1] if best.end - 1 not in pauses else []
    return (*before, *after)


APART_REACH = 2
"""Words between two runs of cards that may still part one hand read out ("jack jack queen,
after that seven seven seven"); further apart ("is a joker worth more than two aces") they
are two things the question compares."""


def _dangling(raws: list[str], best: _Run, pauses: frozenset[int]) -> str | None:
    """A number word after a joiner at the end of the hand, no card named after it ("seks
    konger og ni", "kolme kuningasta ja kaks"): a card or a count whose card is not said,
    so the reader asks. With a pause after it, read out alone, it is a card."""
    last = best.end - 1
    joined = best.end - best.start >= 2 and raws[last - 1].lower() in _JOINERS
    if joined and _bare_number(raws[last]) and not _read_on(raws, last, pauses):
        return raws[last]
    i = best.end
    if i + 1 < len(raws) and raws[i].lower() in _JOINERS and _bare_number(raws[i + 1]):
        after = _read_at(raws, i + 1, listed=False, pauses=pauses)[0]
        if not after or not _read_on(raws, i + 1, pauses):
            return raws[i + 1]
    return None


def _read_on(raws: list[str], i: int, pauses: frozenset[int]) -> bool:
    """Whether ``raws[i]`` is read out with a pause after it and cards go on after the pause
    ("seks, seks, joker"); a pause that ends the list ("og to, hvor mye") is no read-out."""
    return i in pauses and i + 1 < len(raws) and bool(_card_token(raws[i + 1]))


def _bare_number(word: str) -> bool:
    """A number word of two or more, in words, not digits ("ni", "kaks", "two")."""
    lowered = word.lower()
    return not lowered.isdecimal() and _COUNTS.get(lowered, 0) >= 2 and lowered in _NUMBER_WORDS


_NUMBER_WORDS = frozenset(vocabulary().number_words)


def _apart(runs: list[_Run], best: _Run) -> str | None:
    """The words of another run near the hand that names a card by name, not only by a
    number word or a digit ("after that seven seven seven" beside "jack jack queen"), or
    None."""
    for run in runs:
        gap = run.start - best.end if run.start >= best.end else best.start - run.end
        if run is best or gap > APART_REACH:
            continue
        names = [w for w in run.words if _named(w)]
        if names:
            return " ".join(run.words)
    return None


def _named(word: str) -> bool:
    """A card said by a name that is no number ("king", "jokeren", "ässä")."""
    lowered = word.lower()
    return (
        len(lowered) > SYMBOL_LENGTH
        and lowered not in _COUNTS
        and lowered not in vocabulary().number_words
        and _card_token(word) is not None
    )


_RAW_WORD = re.compile(r"[^\s,;+/]+([\s,;+/]*)")
"""A word as typed and the spaces and list marks after it (``_split``)."""
_LIST_MARK = re.compile(r"[,;]")


def _split(question: str) -> tuple[list[str], frozenset[int], frozenset[int]]:
    """The question's words, stripped of punctuation, the places of the words with a pause
    after them ("ace. ace. king, king": each read out alone), and of those with a comma or
    a semicolon after them (items of a list)."""
    raws: list[str] = []
    pauses: set[int] = set()
    commas: set[int] = set()
    for match in _RAW_WORD.finditer(question.strip()):
        word = match.group().strip().rstrip(",;+/").strip()
        stripped = word.strip(".!?:()[]\"'")
        if not any(c.isalnum() for c in stripped):  # a dash or dots alone: "ace - ace"
            word, stripped = ".", ""
        if not stripped:
            if raws and PAUSE.search(word):
                pauses.add(len(raws) - 1)
            continue
        tail = word[len(word.rstrip(".!?:…)]\"'")) :] + match[1]
        if PAUSE.search(tail):
            pauses.add(len(raws))
        if _LIST_MARK.search(tail):
            commas.add(len(raws))
        raws.append(stripped)
    return raws, frozenset(pauses), frozenset(commas)


def _values_offered(raws: list[str]) -> list[str]:
    """``raws`` with the numbers on both sides of an "or" ("is a seven 5 or 10", "fem eller
    ti poeng") put out of the card reader's reach: they are values asked about, not cards
    ("two or three kings" is left alone: a count, and the reader asks or counts as before)."""
    out = list(raws)
    for i in range(1, len(raws) - 1):
        if raws[i].lower() not in _CHOICE:
            continue  # most words are no "or": nothing around them is looked at
        before, after = raws[i - 1].lower(), raws[i + 1].lower()
        card_next = i + 2 < len(raws) and _card_token(raws[i + 2]) is not None
        numbers = all(w.isdecimal() or w in _COUNTS for w in (before, after))
        if numbers and not card_next:
            out[i - 1] = out[i + 1] = NOT_A_CARD
    return out


def _letter(raws: list[str], best: _Run) -> str | None:
    """A lone letter the hand's notation does not account for: one right beside a list of
    card symbols that reads as no card ("E K D B 4": Danish "E" for es is no symbol the
    reader knows), or a lower-case letter read as a card among cards said by name ("quick
    q, two deuces": "q" may be chat, not a queen). Either way the sum may be off by a card,
    so the reply names it and asks."""
    listed = all(_symbol(w) for w in best.words)
    for i, step in ((best.start - 1, -1), (best.end, 1)):
        letters = _letters_beside(raws, i, step)
        if letters and (len(letters) > 1 or (listed and letters[0].isupper())):
            return letters[0]
    letters = [w for w in best.words if _lone_letter(w) and w.islower() and _card_token(w)]
    named = [w for w in best.words if len(w) > SYMBOL_LENGTH and _card_token(w)]
    symbols = [w for w in best.words if len(w) <= SYMBOL_LENGTH and w.lower() not in _COUNTS]
    symbols = [w for w in symbols if w.isalpha() and _card_token(w)]  # not "to" (2), "n"
    return letters[0] if letters and named and len(symbols) == len(letters) else None


def _symbol(word: str) -> bool:
    """A card as notation: a digit or a short symbol starting with a capital ("K", "10",
    "Kn", Norwegian and Danish "knekt"/"knægt")."""
    return len(word) <= SYMBOL_LENGTH and (word.isdecimal() or word[:1].isupper())


def _letters_beside(raws: list[str], i: int, step: int) -> list[str]:
    """The lone letters that name no card from ``raws[i]`` on, away from the hand, nearest
    first ("E E" before "K D Kn"). Two or more of them are a list of cards in a notation
    the reader does not know (Danish "E" for es), not chat: the sum would leave them out."""
    letters = []
    while 0 <= i < len(raws) and _lone_letter(raws[i]) and not _card_token(raws[i]):
        letters.append(raws[i])
        i += step
    return letters


def _lone_letter(word: str) -> bool:
    """One letter alone ("E", "q"), not the English article or pronoun ("a", "I")."""
    return len(word) == 1 and word.isalpha() and word.lower() not in ("a", "i")


def _item(raws: list[str], best: _Run, commas: frozenset[int]) -> str | None:
    """An unknown word said as an item of the list the hand is read from, a comma or a
    semicolon between it and the cards ("kurko, kurko, ysi, jokeri"): a card the reader
    cannot name, so the sum would leave it out; the reply names it and asks."""
    before, after = best.start - 1, best.end
    if before in commas and unknown_word(raws[before]) and (before == 0 or before - 1 in commas):
        return raws[before]
    last = after == len(raws) - 1 or after in commas
    if after - 1 in commas and after < len(raws) and unknown_word(raws[after]) and last:
        return raws[after]
    return None


def _unread(raws: list[str], best: _Run) -> str | None:
    """An unknown word in the span of the cards: inside the run (a lower-case word read as
    glued symbols, "qbbbb"), or beside it where the words around it promise a card: reached
    through a joiner, an article or a count ("og en jåker", "and a flurb", "n two jokrs"),
    or followed by cards ("K K blah A"). A verb or noun right beside the cards ("what does a
    black three cost", "4 jokers together") is the sentence around them, not a card. A
    pair word joined to the hand with no card of its own ("a pair plus two jokers") is a
    count of cards not named: it is named too."""
    inside = next((word for word in best.words if unknown_word(word)), None)
    if inside is not None:
        return inside
    # a run ending on a count word read as a card ("5 aces n two jokrs": "two" as a deuce)
    # may have lost the card it counted
    last = best.words[-1].lower()
    for step, i in ((1, best.end), (-1, best.start - 1)):
        promised = step > 0 and last in _COUNTS and not last.isdecimal()
        joined = False
        while 0 <= i < len(raws) and _connects(raws[i]):
            if step < 0 and not _one_language(raws[i], raws[i + 1]):
                break  # Finnish "et kakkonen": "et" (that) is no Danish "one" here
            if joined and raws[i].lower() in _PAIRS:
                return raws[i]  # the pair's cards are not in the hand: how many, of what?
            joined = joined or raws[i].lower() in _JOINERS
            promised = promised or _promises(raws[i])
            i += step
        if not (0 <= i < len(raws) and unknown_word(raws[i])):
            continue
        far = i + step
        between = 0 <= far < len(raws) and _promises_card(raws, far)
        if promised or between or _looks_like_card(raws[i]):
            return raws[i]
    return None


MIN_TYPO = 3
"""Shorter unknown words ("e", "m") are chat, not a card name typed wrong."""


def _looks_like_card(word: str) -> bool:
    """One edit away from a card name or a count word of some language ("thre", "jokr",
    "jåker", "kingss"): a typo of a card beside the cards, not a word of the sentence."""
    lowered = fold(word.lower())
    if len(lowered) < MIN_TYPO:
        return False
    names, dropped, short = _card_typos()
    shorter = [(lowered[:k] + lowered[k + 1 :], k) for k in range(len(lowered))]
    return (
        lowered in short  # a letter dropped
        or any(variant in names for variant, _ in shorter)  # a letter added
        or any(pair in dropped for pair in shorter)  # a letter changed
        or any(  # two letters swapped
            lowered[:k] + lowered[k + 1] + lowered[k] + lowered[k + 2 :] in names
            for k in range(len(lowered) - 1)
        )
    )


@functools.cache
def _card_typos() -> tuple[frozenset[str], frozenset[tuple[str, int]], frozenset[str]]:
    """(card names and count words, folded; each with one letter dropped and where; the
    words with one letter dropped alone, built once: a set built per word cost 6 ms)."""
    words = vocabulary()
    names = frozenset(
        fold(name.lower())
        for name in (
            *words.word_to_rank,
            *(w for w, n in words.number_words.items() if n <= MAX_COUNT),
        )
        if len(name) > MIN_TYPO
    )
    dropped = frozenset((n[:k] + n[k + 1 :], k) for n in names for k in range(len(n)))
    return names, dropped, frozenset(variant for variant, _ in dropped)


def _promises(word: str) -> bool:
    """A joiner, an article or a count: a card comes next ("and", "a", "three", "pair")."""
    lowered = word.lower()
    return lowered.isdecimal() or lowered in _PROMISES or lowered in _COUNTS


def _promises_card(raws: list[str], i: int) -> bool:
    """The words from ``i`` (beyond an unknown word) read as cards ("K K blah A"): the unknown
    word sits between cards. A bare count there ("allowed to count", Norwegian "to" is two)
    promises nothing."""
    return bool(_read_at(raws, i, listed=False)[0]) and not unknown_word(raws[i])


def _connects(word: str) -> bool:
    """A word that links cards and counts: "and", "a", "three", "pair", "of", "black"."""
    lowered = word.lower()
    return (
        lowered.isdecimal()
        or lowered in _CONNECTORS
        or lowered in _COUNTS
        or bool(_PLAIN.fullmatch(fold(lowered)))
    )


def unknown_word(word: str) -> bool:
    """A word with letters that no lexicon knows in any language or form. Card symbols count
    as known only when short or in capitals ("K", "KKA"): a lower-case word that happens to
    spell glued symbols ("qbbbb") is a word the reader does not know."""
    lowered = fold(word.lower())
    if not any(c.isalpha() for c in lowered) or any(c.isdigit() for c in lowered):
        return False
    words, prefixes = known_words()
    if lowered in words or lowered.startswith(prefixes):
        return False
    symbols = len(word) <= SYMBOL_LENGTH or word.isupper()
    return not (symbols and _card_token(word) is not None)


_CONNECTORS = frozenset((*ONE, *_JOINERS, *_PAIRS, *_OF, *_COLOURS, *_NONE))
_PROMISES = frozenset((*ONE, *_JOINERS, *_PAIRS))


@functools.cache
def known_words() -> tuple[frozenset[str], tuple[str, ...]]:
    """(every word of every lexicon and its forms, the stems of "word*" phrases), folded: the
    words a player may put beside cards without the reader asking what they mean."""
    words: set[str] = set(function_words())
    prefixes: set[str] = set()
    vocab = vocabulary()
    for lang, lexicon in vocab.lexicons.items():
        for phrase in lexicon_strings(lexicon.model_dump(exclude={"language", "lemmatizer"})):
            for part in fold(phrase.lower()).split():
                (prefixes if part.endswith("*") else words).add(part.rstrip("*"))
        words.update(fold(form) for form in vocab.forms[lang])
    words.update(fold(w) for w in (*vocab.number_words, *vocab.word_to_rank))
    return frozenset(words), tuple(sorted(prefixes - {""}))


def lexicon_strings(data: object) -> list[str]:
    """Every string in a lexicon's data, dictionary keys included ("hvor" of ``spoken``)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [*(k for k in data if not k.isdecimal()), *lexicon_strings(list(data.values()))]
    if isinstance(data, list | tuple):
        return [s for item in data for s in lexicon_strings(item)]
    return []
