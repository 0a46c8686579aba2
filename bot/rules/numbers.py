"""Computed answers: questions that carry numbers or cards get the figure, not just the rule.

"we have 1600, how much do we need to open" -> the opening minimum for that score; "how much is
joker A A K" -> 100 points. The figures come from the scoring module for the table's variant
(with its house rules), so they are the ones the score sheet uses. Every word read here is the
lexicon's (``words``, ``cards``, ``colours``, ``asks``); numbers said in words are read as
digits first (``number_words.spell_digits``), so "minus two hundred and fifty" is a score and
its "two" no deuce. The sentences live in the catalogs.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from bot.scoring import ScoringError, Variant, opening_minimum, parse_cards
from bot.scoring.cards import RANKS, WORD_TO_RANK, card_value
from bot.scoring.vocabulary import vocabulary
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import RoundAnswer, round_answer
from bot.talk.text import alternatives, fold, function_words, normalise

OPENING_TOPIC = "opening_minimum"
CARD_VALUES_TOPIC = "card_values"
_CARD_SPLIT = re.compile(r"[\s,;+/]+")
SYMBOL_LENGTH = 2
"""Card symbols are one or two characters ("K", "7", "10"); rank words are longer."""
MAX_COUNT = 10
"""Counts said before a card name go no higher ("three aces", "seven twos")."""
CANASTA_TALK = 7
"""Seven or more of one rank is a canasta, not a hand to count ("seven twos in Cuban"),
unless the question asks what the cards are worth."""
_CANASTA_WORD = re.compile(r"[ck]anast")
"""Card words next to "canasta" ask about a canasta bonus ("seven twos canasta"), not a hand."""
_FACE_RANKS = frozenset(("joker", "2", "A", "K", "Q", "J"))
_FACE_WORDS = frozenset(
    word
    for word, rank in WORD_TO_RANK.items()
    if rank in _FACE_RANKS and len(word) > SYMBOL_LENGTH and word not in vocabulary().number_words
)
"""Words that name one card in "how much is an ace worth"; number words ("fire", "kaksi") and
symbols don't: "fire røde treere" is a count."""
SCORE_STEP = 5
"""Every card value and bonus is a multiple of five, so is every score: "three 2s and a 9" or
"melde 9 10 knekt" name cards, not a side's total."""
CARD_NUMBERS = range(1, 11)
"""Unsigned numbers up to ten are card ranks or counts ("10 knægt dame"), not a total."""


@dataclass(frozen=True)
class OpeningAnswer:
    score: int
    minimum: int
    fixed: bool


@dataclass(frozen=True)
class CardAnswer:
    points: int
    cards: tuple[tuple[str, int], ...]
    """(rank, count) in the scoring module's rank order: joker, 2, A, K, ... 3."""
    unread: str | None = None
    """A word among the cards the reader could not read (``FoundCards.unread``)."""
    ambiguous: str | None = None
    """Words that may be a count or two cards (``FoundCards.ambiguous``)."""


Computed = OpeningAnswer | CardAnswer | RoundAnswer


_LEXICONS = vocabulary().lexicons.values()


def spoken_forms(phrase: str, spoken: dict[str, list[str]]) -> list[str]:
    """``phrase`` as written and with each of its words in every spoken spelling the lexicon
    gives ("hvor mye" -> "kor mye", "hvor mykje", "kor mykje"): dialect is data, not a phrase
    per question."""
    out = [""]
    for word in phrase.split():
        out = [f"{head} {form}".strip() for head in out for form in (word, *spoken.get(word, ()))]
    return out


def _ask_pattern(kind: str) -> re.Pattern[str]:
    phrases = (
        form
        for lex in _LEXICONS
        for phrase in getattr(lex.asks, kind)
        for form in spoken_forms(phrase, lex.spoken)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives(phrases)})(?!\w)")


_ASKS = {
    kind: _ask_pattern(kind) for kind in ("opening", "score", "need", "win", "value", "result")
}
"""The lexicon's ``asks`` phrases over folded text: what a question with a number asks for."""
_NEGATIONS = frozenset(fold(w) for lex in _LEXICONS for w in (*lex.round.negation, *lex.round.none))
""" "never melded", "ikke meldt", "ingen meldinger": an opening word that tells what happened
(or did not), not an ask."""
_ONE = frozenset(vocabulary().words("one"))
_COUNTS = {
    **{w: n for w, n in vocabulary().number_words.items() if n <= MAX_COUNT},
    **dict.fromkeys(_ONE, 1),
}
"""Number words up to ``MAX_COUNT`` and their forms, and the words for one ("a", "en")."""
_JOINERS = frozenset(vocabulary().words("joiners"))
_PAIRS = frozenset(vocabulary().words("pair"))
_CHOICE = frozenset(vocabulary().words("choice"))
NOT_A_CARD = "|"
"""Stands in for a word the card reader must not read: it ends a run of cards."""
_LANGS_OF_ONE = {
    word: {lang for lang, lex in vocabulary().lexicons.items() if word in lex.words.one}
    for word in _ONE
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
_SCORE = re.compile(
    rf"(?<![\w.,])(?P<sign>[-−–]\s?|(?:{alternatives(vocabulary().words('minus'))})\s+)?"
    r"(?P<num>\d{1,3}(?:[ .,\u00a0]\d{3})+|\d+)(?![\w]|[.,]\d)"
)
"""A score: "1600", "-200", "minus 200", "1 600", "1.600", "1,600"."""
_PLACES = alternatives(
    p for lex in _LEXICONS for p in (*lex.round.hand_after, *lex.round.table_after)
)
_PLACED = re.compile(rf"\s*(?:{_PLACES})(?!\w)")
"""Words right after a number that place it in the hand or on the table ("90 på hånda",
"300 melded"): hand or meld points, not the side's score."""


def _asks(kind: str, folded: str) -> bool:
    """Whether ``folded`` uses a phrase of the lexicon's ``asks.<kind>``; not right after a
    negation ("we never melded anything": no ask for the opening minimum)."""
    for match in _ASKS[kind].finditer(folded):
        before = folded[: match.start()].split()[-1:]
        if not (before and before[0] in _NEGATIONS):
            return True
    return False


def find_score(question: str) -> int | None:
    """The first number in the question that can be a score (thousands separators allowed;
    see ``SCORE_STEP`` and ``CARD_NUMBERS``); a number placed in the hand or on the table by
    the words after it (``_PLACED``) is not one."""
    folded = fold(normalise(question))
    for match in _SCORE.finditer(folded):
        digits = re.sub(r"\D", "", match["num"])
        if len(digits) > 7:
            return None
        value = int(digits)
        if value % SCORE_STEP or (value in CARD_NUMBERS and not match["sign"]):
            continue
        if _PLACED.match(folded, match.end()):
            continue
        return -value if match["sign"] else value
    return None


def wants_opening(question: str, top_topic: str | None, sure_of_other: bool) -> bool:
    """Is a score in the question about the opening minimum? Yes when the search says so. An
    opening word counts unless the search is sure of another rule and nothing states the
    side's score ("she opened with 40 when they needed 50": no score at all). A bare score
    statement ("we are at -200") counts unless the search is sure of another rule ("we have
    1600 and two canastas, can we go out?") and the side asks for nothing it needs."""
    folded = fold(normalise(question))
    if top_topic == OPENING_TOPIC:
        return True
    statement = _asks("score", folded)
    if _asks("opening", folded) and (statement or not sure_of_other):
        return True
    if not statement:
        return False
    needs = _asks("need", folded) and not _asks("win", folded)
    return needs or not sure_of_other


@functools.lru_cache(maxsize=16384)
def _card_token(raw: str) -> tuple[str, ...] | None:
    """Ranks named by one word, or None. A lone lower-case "a" is the English article, and a
    word some language uses as a function word ("ja", "at", "de") is not read as glued ranks.
    Cached: every word of every question is tried, and players reuse their words."""
    word = raw.strip(".!?:()[]\"'")
    lowered = word.lower()
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
    return tuple(rank for rank, n in cards.items() for _ in range(n))


@dataclass(frozen=True)
class FoundCards:
    """The hand a question names: the longest run of card words."""

    cards: Counter[str]
    words: int
    """Words in the run, joiners included ("tre ess og en joker" is five)."""
    named: bool
    """Whether any word is more than a bare digit: "2+2" alone is arithmetic, not a hand."""
    unread: str | None = None
    """One unknown word between this run and more card words ("K K blah A"): the reader is
    unsure, and the reply says what it read and asks."""
    ambiguous: str | None = None
    """Two number words that may be a count or two cards ("seks fem"): read as two cards,
    and the reply says so and asks."""
    said: tuple[str, ...] = ()
    """The run's words as written ("a", "2")."""


@dataclass
class _Run:
    start: int
    end: int = 0
    ranks: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)


def _count(word: str) -> int:
    """The count a word says; an upper-case "A" is an ace, not the article."""
    lowered = word.lower()
    if lowered.isdecimal() and len(lowered) < 3:
        return int(lowered)
    return 0 if word.isupper() and lowered in _ONE else _COUNTS.get(lowered, 0)


def _card_langs(word: str) -> set[str]:
    """The languages that name a card with ``word`` ("jokeria" is Finnish, "dame" is not)."""
    words = vocabulary()
    return {
        lang
        for lang, lex in words.lexicons.items()
        if any(word in names or words.base(lang, word) in names for names in lex.cards.values())
    }


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
        word.lower() in _ONE
        and not word.isupper()
        and nxt.isdecimal()
        and 2 <= int(nxt) <= max(CARD_NUMBERS)
        and after not in _UNITS
    )


def _read_at(raws: list[str], i: int, listed: bool) -> tuple[list[str] | None, int]:
    """(ranks the words from ``raws[i]`` name, words used); ranks None when they name none,
    and an empty list for "two red threes" (cards with no value: the hand ends there)."""
    count, head = _counted(raws, i)
    qualified, used = _qualified(raws, i + head, count)
    if used:
        return qualified, head + used
    nxt = raws[i + head] if i + head < len(raws) else ""
    # in a list of card symbols a digit is a card: "K 7 7 A" is not seven aces; "seks fem"
    # is a six and a five unless a count is all the first word can be ("to ti": two tens)
    if head == 1 and _both_ranks(raws[i], nxt):
        count = 0
    plain = not nxt.isdecimal() or _article_digit(raws, i, nxt)
    if count >= 1 and nxt and plain and not (listed and raws[i].isdecimal()):
        counted = _card_token(nxt)
        if counted and len(counted) == 1:
            return list(counted * count), head + 1
    if head > 1:
        return None, 1
    if nxt.lower() in _UNITS:
        return None, 1
    ranks = _card_token(raws[i])
    return (list(ranks) if ranks else None), 1


def _both_ranks(word: str, nxt: str) -> bool:
    """Two number words that both name a rank ("seks fem", "two ten"): a count and a card,
    or two cards. Read as two cards, and the reply asks (``FoundCards.ambiguous``)."""
    first, second = word.lower(), nxt.lower()
    numbers = vocabulary().number_words
    return (
        first in numbers and second in numbers and first in WORD_TO_RANK and second in WORD_TO_RANK
    )


def _joins(raws: list[str], i: int) -> bool:
    """ "og", "and", "ja" between card words joins them: "tre ess og en joker"."""
    if raws[i].lower() not in _JOINERS or i + 1 >= len(raws):
        return False
    return bool(_read_at(raws, i + 1, listed=False)[0])


def _runs(raws: list[str]) -> list[_Run]:
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
        ranks, step = _read_at(raws, i, listed)
        if ranks is None and run is not None and _joins(raws, i):
            run.words.append(raws[i])
            i += 1
            continue
        if ranks:
            if run is None:
                run = _Run(i)
                runs.append(run)
            run.ranks += ranks
            run.words += raws[i : i + step]
            run.end = i + step
        else:
            run = None
        i += step
    return runs


def find_cards(question: str) -> FoundCards | None:
    """The longest run of consecutive card words (the first of equal ones). A count before a
    card word is a multiplier: "3 sevens", "seven twos", "a joker"."""
    raws = [r.strip(".!?:()[]\"'") for r in _CARD_SPLIT.split(question.strip())]
    raws = _values_offered([r for r in raws if r])
    runs = _runs(raws)
    if not runs:
        return None
    best = max(runs, key=lambda r: (len(r.words), -r.start))
    named = any(not raw.isdecimal() for raw in best.words)
    pairs = zip(best.words, best.words[1:], strict=False)
    ambiguous = next((f"{a} {b}" for a, b in pairs if _both_ranks(a, b)), None)
    unread = _unread(raws, runs, best)
    return FoundCards(
        Counter(best.ranks), len(best.words), named, unread, ambiguous, tuple(best.words)
    )


def _values_offered(raws: list[str]) -> list[str]:
    """``raws`` with the numbers on both sides of an "or" ("is a seven 5 or 10", "fem eller
    ti poeng") put out of the card reader's reach: they are values asked about, not cards
    ("two or three kings" is left alone: a count, and the reader asks or counts as before)."""
    out = list(raws)
    for i in range(1, len(raws) - 1):
        before, after = raws[i - 1].lower(), raws[i + 1].lower()
        card_next = i + 2 < len(raws) and _card_token(raws[i + 2]) is not None
        numbers = all(w.isdecimal() or w in _COUNTS for w in (before, after))
        if raws[i].lower() in _CHOICE and numbers and not card_next:
            out[i - 1] = out[i + 1] = NOT_A_CARD
    return out


def _unread(raws: list[str], runs: list[_Run], best: _Run) -> str | None:
    """A lone unknown word between ``best`` and another run with a card name in it."""
    for other in runs:
        gap = (best.end, other.start) if other.start > best.start else (other.end, best.start)
        if other is best or gap[1] - gap[0] != 1:
            continue
        word = raws[gap[0]]
        named = any(not raw.isdecimal() for raw in other.words)
        if named and word.isalpha() and word.lower() not in function_words():
            return word
    return None


def _hand(question: str, found: FoundCards, variant: Variant, opening: bool) -> CardAnswer | None:
    """The hand's points, when the question asks for them: a value word ("worth", "paljonko")
    or a score asking for the opening beside several cards, or a hand that is the whole
    question ("joker A A K"); one card only with a value word and a face card's name ("how
    much is an ace worth": "sju like kort uten jokere" counts no seven, "can a 2 count as a
    3" no deuce). A loose ask of what the cards make ("hva blir det", ``asks.result``) asks
    for a hand of two to six cards: seven are a canasta, whose bonus is as likely meant, and
    one ("the black threes") is a rule's subject."""
    folded = fold(normalise(question))
    value = _asks("value", folded)
    if _CANASTA_WORD.search(folded) or (max(found.cards.values()) >= CANASTA_TALK and not value):
        return None
    cards = found.cards.total()
    asked = value or (_asks("result", folded) and 1 < cards < CANASTA_TALK)
    whole = found.named and found.words == len(_CARD_SPLIT.split(question.strip()))
    # "a 2", "en 10": one card said with a digit is one card, like "an ace"
    one_digit = cards == 1 and all(w.isdecimal() or w.lower() in _ONE for w in found.said)
    several = found.words >= 2 and not one_digit and (asked or opening or whole)
    single = (
        (found.words == 1 or one_digit)
        and (value or opening)
        and any(w in _FACE_WORDS for w in re.findall(r"\w+", question.lower()))
        and set(found.cards) <= _FACE_RANKS
    )
    if not (several or single):
        return None
    points = sum(card_value(variant, rank) * n for rank, n in found.cards.items())
    ordered = tuple((rank, found.cards[rank]) for rank in RANKS if found.cards[rank])
    return CardAnswer(points, ordered, found.unread, found.ambiguous)


def compute(
    question: str, variant: Variant, top_topic: str | None, sure_of_other: bool = False
) -> list[Computed]:
    """Every figure the question asks for, computed for ``variant``. A round described in
    words ("380 on the table, a clean canasta, 45 left in hand") is the whole question: its
    numbers are not a score or a hand to count."""
    described = round_answer(question, variant)
    if described is not None:
        return [described]
    spelled = spell_digits(question)
    score = find_score(spelled)
    opening = score is not None and wants_opening(question, top_topic, sure_of_other)
    found = find_cards(spelled)
    hand = _hand(spelled, found, variant, opening) if found else None
    out: list[Computed] = [hand] if hand else []
    if score is not None and opening and not (hand and 0 < abs(score) <= 10):
        fixed = variant.opening.fixed is not None
        # first: "we have 1600, are K K K Q Q Q enough to put down" is an opening question
        out.insert(0, OpeningAnswer(score, opening_minimum(variant, score), fixed))
    return out
