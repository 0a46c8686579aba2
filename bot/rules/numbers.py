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
from dataclasses import dataclass, replace

from bot.rules.doubts import asked_side, doubt_for, hedged, round_doubt, side_score
from bot.scoring import Variant, opening_minimum
from bot.scoring.cards import RANKS, WORD_TO_RANK, card_value
from bot.scoring.vocabulary import vocabulary
from bot.talk.accounting import (
    Langs,
    game_word,
    unaccounted_cards,
    unaccounted_out,
    vague_count,
)
from bot.talk.card_words import CARD_SPLIT, ONE, SYMBOL_LENGTH, FoundCards, find_cards
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import RoundAnswer, round_answer
from bot.talk.score_words import find_placed, find_score, says
from bot.talk.text import alternatives, fold, normalise
from bot.talk.variant_words import players_unsure, without_player_counts

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
_WILD_RANKS = frozenset(("joker", "2"))
_FACE_RANKS = frozenset(("joker", "2", "A", "K", "Q", "J"))
_FACE_WORDS = frozenset(
    word
    for word, rank in WORD_TO_RANK.items()
    if rank in _FACE_RANKS and len(word) > SYMBOL_LENGTH and word not in vocabulary().number_words
)
"""Words that name one card in "how much is an ace worth"; number words ("fire", "kaksi") and
symbols don't: "fire røde treere" is a count."""


@dataclass(frozen=True)
class OpeningAnswer:
    score: int
    minimum: int
    fixed: bool
    theirs: bool = False
    """The question asks for the other side's minimum, from their score ("they have 3100,
    what do they need"): the reply says "the other side", not "your side"."""


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
    colourless: str | None = None
    """Threes said without a colour (``FoundCards.colourless``): the reply asks which."""
    apart: str | None = None
    """Card names said apart from the hand read (``FoundCards.apart``): the reply asks."""

    left_out: str | None = None
    """What the sum does not count: a red three read (``FoundCards.left_out``), a game word
    in the hand's clause ("went out", ``accounting.game_word``)."""

    @property
    def unsure(self) -> bool:
        """Whether any word of the hand has no sure role: then no sum is given as fact."""
        doubts = (self.unread, self.ambiguous, self.how_many, self.colourless, self.apart)
        return any((*doubts, self.left_out))


@dataclass(frozen=True)
class ScoreUnknown:
    """An opening question whose only number is meld or hand points, not the side's score:
    the reply says what it read and asks for the score instead of a minimum."""

    placed: int


@dataclass(frozen=True)
class ScoreUnsure:
    """An opening question whose score is not known for sure: a guess ("around 1500"), one
    of two ("1400 or 1600"), grown by an amount not said ("2800, and a bit more since"), or
    another side's than the one asked about ("what do they need? we have 3100"). The reply
    names the number and why, and asks; a minimum worked from it could be the wrong one.
    ``why`` is ``approx``, ``choice``, ``more`` or ``side``."""

    score: int
    why: str


@dataclass(frozen=True)
class RoundUnsure:
    """A round the round reader could read only in part (a canasta without its kind, an
    amount that is no number): the reply shows what it read and names the words, with no
    net as fact."""

    answer: RoundAnswer
    words: str


Computed = OpeningAnswer | CardAnswer | RoundAnswer | ScoreUnknown | ScoreUnsure | RoundUnsure


def wants_opening(question: str, top_topic: str | None, sure_of_other: bool) -> bool:
    """Is a score in the question about the opening minimum? Yes when the search says so. An
    opening word counts unless the search is sure of another rule and nothing states the
    side's score ("she opened with 40 when they needed 50": no score at all). A bare score
    statement ("we are at -200") counts unless the search is sure of another rule ("we have
    1600 and two canastas, can we go out?") and the side asks for nothing it needs."""
    folded = fold(normalise(question))
    if top_topic == OPENING_TOPIC:
        return True
    statement = says("score", folded)
    if says("opening", folded) and (statement or not sure_of_other):
        return True
    if not statement:
        return False
    needs = says("need", folded) and not says("win", folded)
    return needs or not sure_of_other


def _hand(
    question: str, found: FoundCards, variant: Variant, opening: bool, lang: Langs
) -> CardAnswer | None:
    """The hand's points, when the question asks for them: a value word ("worth", "paljonko")
    or a score asking for the opening beside several cards, or a hand that is the whole
    question ("joker A A K"); one card only with a value word and a face card's name ("how
    much is an ace worth": "sju like kort uten jokere" counts no seven, "can a 2 count as a
    3" no deuce). A loose ask of what the cards make ("hva blir det", ``asks.result``) asks
    for a hand of two to six cards: seven are a canasta, whose bonus is as likely meant, and
    one ("the black threes") is a rule's subject."""
    folded = fold(normalise(question))
    value = says("value", folded)
    if _CANASTA_WORD.search(folded) or (max(found.cards.values()) >= CANASTA_TALK and not value):
        return None
    cards = found.cards.total()
    # seven cards or more that may make one canasta (one rank and wild cards) ask for its
    # bonus as likely as for a sum; several ranks read out one by one are a hand
    naturals = {rank for rank in found.cards if rank not in _WILD_RANKS}
    canasta = cards >= CANASTA_TALK and len(naturals) <= 1
    asked = value or (says("result", folded) and cards > 1 and not canasta)
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
    how_many = found.how_many or vague_count(normalise(question))
    found = replace(found, unread=found.unread or unaccounted_cards(found.around, lang))
    found = replace(found, left_out=found.left_out or game_word(found.clause, lang))
    doubts = (found.unread, found.ambiguous, how_many, found.colourless, found.apart)
    return CardAnswer(points, ordered, *doubts, found.left_out)


def compute(
    question: str,
    variant: Variant,
    top_topic: str | None,
    sure_of_other: bool = False,
    lang: Langs = None,
) -> list[Computed]:
    """Every figure the question asks for, computed for ``variant``. A round described in
    words ("380 on the table, a clean canasta, 45 left in hand") is the whole question: its
    numbers are not a score or a hand to count."""
    players = players_unsure(question)  # "three players ... five players": which variant?
    described = round_answer(question, variant)
    if described is not None:
        if described.unplaced:
            return [described]  # a doubt would change nothing: the reply already asks
        doubt = players or round_doubt(question, described) or hedged(spell_digits(question))
        doubt = doubt or unaccounted_out(question, lang)  # "en menny ulos": not going out
        return [RoundUnsure(described, doubt) if doubt and not described.unplaced else described]
    spelled = spell_digits(question)
    score = find_score(spelled)
    placed = find_placed(spelled) if score is None else None
    said = score if score is not None else placed
    opening = said is not None and wants_opening(question, top_topic, sure_of_other)
    found = find_cards(without_player_counts(spelled))
    hand = _hand(spelled, found, variant, opening, lang) if found else None
    out: list[Computed] = [hand] if hand else []
    if placed is not None and opening:
        # "udlæg 180, hvad skal vi åbne med": 180 is meld points; the minimum needs the score
        out.insert(0, ScoreUnknown(placed))
    elif score is not None and opening and players:
        out.insert(0, ScoreUnsure(score, "players"))
    elif score is not None and opening and (doubt := doubt_for(spelled, score, variant)):
        theirs = side_score(spelled) if doubt == "side" else None
        if theirs is not None and not doubt_for(spelled, theirs, variant):
            # "what do they need? we have 2000 and they have 1000": their 1000 answers it
            minimum = opening_minimum(variant, theirs)
            out.insert(0, OpeningAnswer(theirs, minimum, False, asked_side(spelled) == "they"))
        else:
            out.insert(0, ScoreUnsure(score, doubt))
    elif score is not None and opening and not (hand and 0 < abs(score) <= 10):
        fixed = variant.opening.fixed is not None
        # first: "we have 1600, are K K K Q Q Q enough to put down" is an opening question
        theirs = asked_side(spelled) == "they"
        out.insert(0, OpeningAnswer(score, opening_minimum(variant, score), fixed, theirs))
    return out
