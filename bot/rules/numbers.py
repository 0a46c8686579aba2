"""Computed answers: questions that carry numbers or cards get the figure, not just the rule.

"we have 1600, how much do we need to open" -> the opening minimum for that score; "how much is
joker A A K" -> 100 points. The figures come from the scoring module for the table's variant
(with its house rules), so they are the ones the score sheet uses. This module finds the
numbers and cards and returns structured results; the sentences live in the catalogs.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

from bot.rules.round_talk import RoundAnswer, round_answer
from bot.rules.text import ALL_STOPWORDS, fold, normalise
from bot.scoring import ScoringError, Variant, opening_minimum, parse_cards
from bot.scoring.cards import RANKS, WORD_TO_RANK, card_value

OPENING_TOPIC = "opening_minimum"
CARD_VALUES_TOPIC = "card_values"
OVERVIEWS = frozenset({"cuban", "two_players", "three_players", "five_six_players"})
"""A variant's overview at the top is no sign the question is about something other than the
opening: "playing Cuban, our team has 3200, what's the threshold for our first meld" names the
variant and asks for its minimum."""

# A score: "1600", "-200", "minus 200", "1 600", "1.600", "1,600" (thousands separators).
_SCORE = re.compile(
    r"(?<![\w.,])(?P<sign>[-−–]\s?|minus\s+|miinus\s+)?"
    r"(?P<num>\d{1,3}(?:[ .,\u00a0]\d{3})+|\d+)(?![\w]|[.,]\d)"
)
# Words asking for the opening minimum, diacritics folded (see ``text.fold``).
_OPENING_INTENT = re.compile(
    r"\b(open\w*|initial meld|first meld|go down|minimum\w*|apne\w*|apning\w*|abne\w*|"
    r"abning\w*|melde\w*|melding\w*|meld\b|udlaeg\w*|ga ned|avau\w*|avaa\w*|avat\w*|"
    r"avauks\w*|minimi\w*|alkusarj\w*|ensimmai\w* sarj\w*|"
    r"(?:put|lay|get) (?:\w+ )?down|(?:legge|legg) (?:\w+ )?(?:ned|ut)|laegge (?:\w+ )?(?:ud|ned)|"
    r"(?:ud|ut) med|enough|nok|riitta\w*|tarpeeks\w*|on the board|paase\w* poytaan|"
    r"get (?:\w+ )?on the (?:table|board)|"
    r"(?:our|the|whats) min)\b"
)
# "we have 1600" / "vi er på -200" / "meillä on 3100": a side stating its score.
_SCORE_STATEMENT = re.compile(
    r"\b(we have|we've got|we are at|we're at|we are on|we're on|our score|we got|"
    r"we r (?:at|on)|were (?:at|on)|we sit at|we stand at|"
    r"vi har|vi er pa|vi star pa|vi ligger pa|vi sta?r i|vi er i|var score|"
    r"meilla on|meil on|olemme|ollaan|meidan pisteet|pisteemme|(?:meilla|meil)(?= -?\d)|"
    r"our (?:team|side) (?:has|is at|is on)|(?:laget|holdet) (?:vart|vores|wart) (?:har|er pa))\b"
)
# "how much do we need" beside a score statement asks for the next meld's minimum, unless it
# is about winning ("we have 4000, what do we need to win").
_NEED_INTENT = re.compile(
    r"\b(need\w*|trenger|trengs|ma vi ha|skal vi ha\w*|behover|behov|tarvit\w*|pitaa)\b"
)
_WIN_INTENT = re.compile(r"\b(win\w*|vinne\w*|vinde\w*|voitt\w*|target|mal\w*|tavoit\w*)\b")
_VALUE_INTENT = re.compile(
    r"\b(how much|how many points|worth|value|count|add up|total|hvor mye|hvor meget|"
    r"hvor mange poeng|hvor mange point|verdt|vaerd|verdi|vaerdi|teller|taeller|tell|"
    r"paljonko|paljonks|kuinka paljon|montako pistetta|arvo\w*|laske\w*|pistetta|yhteensa|"
    r"sammen(?! med)|i alt|(?:trekkes|traekkes|gar|gaar|gikk|gik) fra|cost\w*|miinusta)\b"
)
_CARD_SPLIT = re.compile(r"[\s,;+/]+")
SYMBOL_LENGTH = 2
"""Card symbols are one or two characters ("K", "7", "10"); rank words are longer."""
_COUNT_WORDS = {
    word: n
    for n, words in enumerate(
        (
            (),
            (),
            ("two", "to", "kaksi", "kaks"),
            ("three", "tre", "kolme"),
            ("four", "fire", "neljä"),
            ("five", "fem", "viisi", "viis"),
            ("six", "seks", "kuusi", "kuus"),
            ("seven", "sju", "syv", "seitsemän", "seittemän"),
            ("eight", "åtte", "otte", "kahdeksan", "kaheksan"),
            ("nine", "ni", "yhdeksän", "yheksän"),
            ("ten", "ti", "kymmenen"),
        )
    )
    for word in words
}
_JOINERS = frozenset({"and", "og", "ja", "plus", "+", "&", "a"})
CANASTA_TALK = 7
"""Seven or more of one rank is a canasta, not a hand to count ("seven twos in Cuban")."""
_CANASTA_WORD = re.compile(r"[ck]anast")
"""Card words next to "canasta" ask about a canasta bonus ("seven twos canasta"), not a hand."""
_FACE_RANKS = frozenset(("joker", "2", "A", "K", "Q", "J"))
_FACE_WORDS = frozenset(word for word, rank in WORD_TO_RANK.items() if rank in _FACE_RANKS) - {
    "kaksi",
    "kn",
    "jk",
    "jkr",
}
"""Words that name one card in "how much is an ace worth"; number words ("fire", "ten") don't:
"fire røde treere" is a count."""


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


Computed = OpeningAnswer | CardAnswer | RoundAnswer


SCORE_STEP = 5
"""Every card value and bonus is a multiple of five, so is every score: "three 2s and a 9" or
"melde 9 10 knekt" name cards, not a side's total."""
CARD_NUMBERS = range(1, 11)
"""Unsigned numbers up to ten are card ranks or counts ("10 knægt dame"), not a total."""


def find_score(question: str) -> int | None:
    """The first number in the question that can be a score (thousands separators allowed;
    see ``SCORE_STEP`` and ``CARD_NUMBERS``)."""
    for match in _SCORE.finditer(normalise(question)):
        digits = re.sub(r"\D", "", match["num"])
        if len(digits) > 7:
            return None
        value = int(digits)
        if value % SCORE_STEP or (value in CARD_NUMBERS and not match["sign"]):
            continue
        return -value if match["sign"] else value
    return None


def wants_opening(question: str, top_topic: str | None, sure_of_other: bool) -> bool:
    """Is a score in the question about the opening minimum? Yes when the search says the
    question is about it; when an opening word is used, unless the search is sure of another
    rule and nothing says the number is the side's score ("she opened with 40 when they needed
    50", "we never melded, minus 300?", "a fixed opening of 120": no score at all); a bare score
    statement ("we are at -200") counts too, unless the search is sure the question is about
    something else ("we have 1600 and two canastas, can we go out?"), except when it asks what
    the side needs ("vi har 1700, hvor mye må vi ha")."""
    folded = fold(normalise(question))
    if top_topic == OPENING_TOPIC:
        return True
    sure_of_other = sure_of_other and top_topic not in OVERVIEWS
    statement = _SCORE_STATEMENT.search(folded) is not None
    if _OPENING_INTENT.search(folded) and (statement or not sure_of_other):
        return True
    if not statement:
        return False
    needs = _NEED_INTENT.search(folded) is not None and not _WIN_INTENT.search(folded)
    return needs or not sure_of_other


def clear_caches() -> None:
    """Forget the per-word card readings (``RulesIndex.clear_caches``)."""
    _card_token.cache_clear()


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
        lowered in ALL_STOPWORDS and lowered not in WORD_TO_RANK and not word.isupper()
    ):
        return None
    try:
        cards = parse_cards(lowered)
    except (ScoringError, ValueError):  # ValueError: digits int() can't read ("¹")
        return None
    return tuple(rank for rank, n in cards.items() for _ in range(n))


_UNITS = """
    hour hours minute minutes mins day days week weeks time times player players people
    round rounds game games timer tiden minutter minutt dag dage dager uke uker uge uger
    gange ganger spillere runder tunti tuntia tunnin minuuttia kertaa pelaajaa paivaa viikkoa
    päivää
    """
_NOT_CARDS_AFTER = frozenset(_UNITS.split())
"""Words that make the number word before them a count of something else: "two hours" names
no deuce, "tre spillere" no threes."""


_COLOURS = {
    **dict.fromkeys(
        ["black", "sort", "sorte", "svart", "svarte", "musta", "mustaa", "mustat", "mustia"],
        "black",
    ),
    **dict.fromkeys(
        ["red", "rød", "røde", "rod", "rode", "punainen", "punaista", "punaiset", "punaisia"], "red"
    ),
}
"""A colour between a count and a three: "two black threes" counts two threes, not a deuce."""


def find_cards(question: str) -> tuple[Counter[str], int, bool] | None:
    """The longest run of consecutive card words: (cards, words in the run, whether any word
    is more than a bare digit: "2+2" alone is arithmetic, not a hand). A count before a card
    word is a multiplier: "3 sevens", "seven twos"."""
    raws = [r.strip(".!?:()[]\"'") for r in _CARD_SPLIT.split(question.strip())]
    raws = [r for r in raws if r]
    best: list[str] = []
    best_ranks: list[str] = []
    run: list[str] = []
    run_ranks: list[str] = []
    i = 0
    while i < len(raws):
        word = raws[i].lower()
        count = _COUNT_WORDS.get(word) or (int(word) if word.isdecimal() and len(word) < 3 else 0)
        nxt = raws[i + 1] if i + 1 < len(raws) else ""
        ranks = None
        step = 1
        # in a list of card symbols a digit is a card: "K 7 7 A" is not seven aces
        listed = bool(run) and i > 0 and len(raws[i - 1]) <= SYMBOL_LENGTH
        colour = _COLOURS.get(nxt.lower()) if count > 1 else None
        third = raws[i + 2] if i + 2 < len(raws) else ""
        if colour == "red" and _card_token(third) == ("3",):
            run, run_ranks = [], []  # "two red threes" have no card value: no hand
            i += 3
            continue
        if colour == "black" and _card_token(third) == ("3",):
            ranks, step = ["3"] * count, 3  # "two black threes": two threes, not a deuce
        elif count > 1 and nxt and not nxt.isdecimal() and not listed:
            counted = _card_token(nxt)
            if counted and len(counted) == 1:
                ranks, step = counted * count, 2
        if ranks is None and nxt.lower() not in _NOT_CARDS_AFTER:
            ranks = _card_token(raws[i])
        if not ranks and run and word in _JOINERS and nxt and _card_token(nxt):
            i += 1  # "3 sevens and a joker": "and" joins, it doesn't end the hand
            continue
        if ranks:
            run += raws[i : i + step]
            run_ranks += ranks
            if len(run) > len(best):
                best, best_ranks = list(run), list(run_ranks)
        else:
            run, run_ranks = [], []
        i += step
    if not best:
        return None
    return Counter(best_ranks), len(best), any(not raw.isdecimal() for raw in best)


def compute(
    question: str, variant: Variant, top_topic: str | None, sure_of_other: bool = False
) -> list[Computed]:
    """Every figure the question asks for, computed for ``variant``. A round described in
    words ("380 on the table, a clean canasta, 45 left in hand") is the whole question: its
    numbers are not a score or a hand to count."""
    described = round_answer(question, variant)
    if described is not None:
        return [described]
    out: list[Computed] = []
    folded = fold(normalise(question))
    found = find_cards(question)
    score = find_score(question)
    opening = score is not None and wants_opening(question, top_topic, sure_of_other)
    if found and not _CANASTA_WORD.search(folded):
        cards, run_words, named = found
        # a hand beside a score asking for the opening is counted against the minimum
        intent = _VALUE_INTENT.search(folded) is not None or opening
        words = len(_CARD_SPLIT.split(question.strip()))
        several = run_words >= 2 and (intent or (named and run_words == words))
        # the one card is the face word itself: "sju like kort uten jokere" counts no seven
        single = (
            run_words == 1
            and intent
            and any(w in _FACE_WORDS for w in re.findall(r"\w+", question.lower()))
            and set(cards) <= _FACE_RANKS
        )
        if (several or single) and max(cards.values()) < CANASTA_TALK:
            points = sum(card_value(variant, rank) * n for rank, n in cards.items())
            ordered = tuple((rank, cards[rank]) for rank in RANKS if cards[rank])
            out.append(CardAnswer(points, ordered))
    counted_cards = bool(found and out)
    if score is not None and opening and not (counted_cards and 0 < abs(score) <= 10):
        fixed = variant.opening.fixed is not None
        # first: "we have 1600, are K K K Q Q Q enough" is an opening question with a count
        out.insert(0, OpeningAnswer(score, opening_minimum(variant, score), fixed))
    return out
