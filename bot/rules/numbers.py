"""Computed answers: questions that carry numbers or cards get the figure, not just the rule.

"we have 1600, how much do we need to open" -> the opening minimum for that score; "how much is
joker A A K" -> 100 points. The figures come from the scoring module for the table's variant
(with its house rules), so they are the ones the score sheet uses. Every word read here is the
lexicon's (``words``, ``cards``, ``colours``, ``asks``); numbers said in words are read as
digits first (``number_words.spell_digits``), so "minus two hundred and fifty" is a score and
its "two" no deuce. The sentences live in the catalogs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.scoring import Variant, opening_minimum
from bot.scoring.cards import RANKS, WORD_TO_RANK, card_value
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import CARD_NUMBERS, CARD_SPLIT, ONE, SYMBOL_LENGTH, FoundCards, find_cards
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import RoundAnswer, round_answer
from bot.talk.text import alternatives, fold, normalise

OPENING_TOPIC = "opening_minimum"
CARD_VALUES_TOPIC = "card_values"
CANASTA_TALK = 7
"""Seven or more of one rank is a canasta, not a hand to count ("seven twos in Cuban"),
unless the question asks what the cards are worth."""
_CANASTA_WORD = re.compile(
    alternatives(w for lex in vocabulary().lexicons.values() for w in lex.round.canasta)
)
"""The lexicon's canasta words, inside compounds too ("sekakanastalla"): card words next to
one ask about a canasta bonus ("seven twos canasta"), not a hand."""
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
    how_many: str | None = None
    """A plural card name said with no count among other cards (``FoundCards.how_many``)."""


@dataclass(frozen=True)
class ScoreUnknown:
    """An opening question whose only number is meld or hand points, not the side's score:
    the reply says what it read and asks for the score instead of a minimum."""

    placed: int


Computed = OpeningAnswer | CardAnswer | RoundAnswer | ScoreUnknown


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
_MELD_WORDS = alternatives(
    w for lex in _LEXICONS for w in (*lex.asks.melds, *lex.round.table_before)
)
_MELDS = re.compile(rf"(?<!\w)(?:{_MELD_WORDS})\s*:?\s*$")
"""Words right before a number that make it meld points ("udlæg 180", "melds: 240")."""
_POINTS = alternatives(w for lex in _LEXICONS for w in lex.round.points)
_ZERO = re.compile(
    rf"(?<!\w)(?:{alternatives(vocabulary().words('zero'))})(?=\s*(?:$|[,.;:!?-]|(?:{_POINTS})))"
)
"""A word for zero with only points or a clause's end after it: the score 0 ("vi har null
poeng"); "zero red threes" counts cards, not a score."""
_SCORE_SAID = re.compile(rf"(?<!\w)(?:{_ASKS['score'].pattern})\s*:?\s*$")
"""The lexicon's score statement right before a number: "we have 1500", "meillä on 1500"."""


def _asks(kind: str, folded: str) -> bool:
    """Whether ``folded`` uses a phrase of the lexicon's ``asks.<kind>``; not right after a
    negation ("we never melded anything": no ask for the opening minimum)."""
    for match in _ASKS[kind].finditer(folded):
        before = folded[: match.start()].split()[-1:]
        if not (before and before[0] in _NEGATIONS):
            return True
    return False


def find_score(question: str) -> int | None:
    """The side's score: the first number that the lexicon's score words name as one ("we
    need 90 to meld, we have 1500": 1500), else the first that can be a score (thousands
    separators allowed; see ``SCORE_STEP`` and ``CARD_NUMBERS``) and has no other role."""
    numbers = _numbers(question)
    said = (value for value, role in numbers if role == "score")
    return next(said, next((value for value, role in numbers if role is None), None))


def find_placed(question: str) -> int | None:
    """The first number the words around it place on the table or in the hand ("udlæg 180",
    "300 melded", "90 på hånda"): meld or hand points, never a side's score."""
    return next((value for value, role in _numbers(question) if role == "placed"), None)


def _numbers(question: str) -> list[tuple[int, str | None]]:
    """(value, role) of each number that can be a score, in order. The role comes from the
    lexicon's words around it: "placed" (meld or hand points: ``_PLACED`` after it, ``_MELDS``
    before it), "score" (``asks.score`` right before it: "vi har 1500"), or None. A number
    longer than seven digits ends the list: no game reaches it."""
    folded = _ZERO.sub("0", fold(normalise(question)))
    out: list[tuple[int, str | None]] = []
    for match in _SCORE.finditer(folded):
        digits = re.sub(r"\D", "", match["num"])
        if len(digits) > 7:
            break
        value = int(digits)
        if value % SCORE_STEP or (value in CARD_NUMBERS and not match["sign"]):
            continue
        role = None
        if _PLACED.match(folded, match.end()) or _MELDS.search(folded, 0, match.start()):
            role = "placed"
        elif _SCORE_SAID.search(folded, 0, match.start()):
            role = "score"
        out.append((-value if match["sign"] else value, role))
    return out


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
    whole = found.named and found.words == len(CARD_SPLIT.split(question.strip()))
    # "a 2", "en 10": one card said with a digit is one card, like "an ace"
    one_digit = cards == 1 and all(w.isdecimal() or w.lower() in ONE for w in found.said)
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
    return CardAnswer(points, ordered, found.unread, found.ambiguous, found.how_many)


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
    placed = find_placed(spelled) if score is None else None
    said = score if score is not None else placed
    opening = said is not None and wants_opening(question, top_topic, sure_of_other)
    found = find_cards(spelled)
    hand = _hand(spelled, found, variant, opening) if found else None
    out: list[Computed] = [hand] if hand else []
    if placed is not None and opening:
        # "udlæg 180, hvad skal vi åbne med": 180 is meld points; the minimum needs the score
        out.insert(0, ScoreUnknown(placed))
    elif score is not None and opening and not (hand and 0 < abs(score) <= 10):
        fixed = variant.opening.fixed is not None
        # first: "we have 1600, are K K K Q Q Q enough to put down" is an opening question
        out.insert(0, OpeningAnswer(score, opening_minimum(variant, score), fixed))
    return out
