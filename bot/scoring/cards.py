"""The card counter: "joker A A K 7 7 2" -> 130 points, so nobody adds up a hand by hand.

Players type or dictate cards in any of the four languages (the names and their inflected
forms come from the lexicon, ``vocabulary.py``), with or without suits, spaced or
glued together ("AAK77"), with multipliers ("3xK"). A bare 3 is taken as a black three (red
threes are laid down at once, so the ones still counted are black); a three with a red suit is
refused, because a red three is a bonus card with no card value.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from bot.scoring.problems import Problem, ScoringError
from bot.scoring.variants import Variant
from bot.scoring.vocabulary import vocabulary

RANKS = ("joker", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")

WORD_TO_RANK: dict[str, str] = vocabulary().word_to_rank
"""Card names and number words of every language, with their inflected forms (``vocabulary``)."""
_SYMBOL = {"a": "A", "k": "K", "q": "Q", "d": "Q", "j": "J", "b": "J", "t": "10"}
_SUITS = "♠♣♥♦♤♧♡♢"
_RED_SUITS = "♥♦♡♢"
_GLUED = re.compile(rf"(10|[2-9akqjdbt])([{_SUITS}]?)")
_MULTIPLIER = re.compile(r"^(?:(\d+)[x×*](.+)|(.+?)[x×*](\d+))$")
_SPLIT = re.compile(r"[\s,;+/]+")


@dataclass(frozen=True)
class CardCount:
    points: int
    cards: Counter[str]

    @property
    def card_total(self) -> int:
        return sum(self.cards.values())


def card_value(variant: Variant, rank: str) -> int:
    cv = variant.card_values
    if rank == "joker":
        return cv.joker
    if rank == "2":
        return cv.two
    if rank == "A":
        return cv.ace
    if rank == "3":
        return cv.black_three
    if rank in ("K", "Q", "J", "10", "9", "8"):
        return cv.high
    return cv.low


def _parse_piece(piece: str) -> list[str] | None:
    """Ranks in one token, or None if it is not cards."""
    word = piece.strip(".!?:()[]\"'").rstrip(_SUITS)
    if word in WORD_TO_RANK:
        rank = WORD_TO_RANK[word]
        if rank == "3" and any(s in piece for s in _RED_SUITS):
            return ["red3"]
        return [rank]
    word = piece.strip(".!?:()[]\"'")
    if word in ("jo", "jok"):
        return ["joker"]
    ranks: list[str] = []
    pos = 0
    while pos < len(word):
        if word.startswith("joker", pos):
            ranks.append("joker")
            pos += 5
            continue
        match = _GLUED.match(word, pos)
        if not match:
            return None
        raw, suit = match.groups()
        rank = _SYMBOL.get(raw, raw)
        ranks.append("red3" if rank == "3" and suit in _RED_SUITS and suit else rank)
        pos = match.end()
    return ranks or None


def parse_cards(text: str) -> Counter[str]:
    """Ranks named in free text; raises ``ScoringError`` naming each word it cannot read."""
    cards: Counter[str] = Counter()
    problems: list[Problem] = []
    for token in filter(None, _SPLIT.split(text.lower())):
        times, piece = 1, token
        mult = _MULTIPLIER.match(token)
        if mult:
            count_a, piece_a, piece_b, count_b = mult.groups()
            times = int(count_a or count_b)
            piece = piece_a or piece_b
        ranks = _parse_piece(piece)
        if ranks is None or times < 1 or times > 50:
            problems.append(Problem("unknown_card", params={"word": token}))
            continue
        if "red3" in ranks:
            problems.append(Problem("red_three_has_no_value", params={"word": token}))
            continue
        for rank in ranks:
            cards[rank] += times
    if problems:
        raise ScoringError(problems)
    if not cards:
        raise ScoringError([Problem("no_cards")])
    return cards


def count_cards(variant: Variant, text: str) -> CardCount:
    """Points of the cards in ``text`` under the variant's card values."""
    cards = parse_cards(text)
    points = sum(card_value(variant, rank) * n for rank, n in cards.items())
    return CardCount(points, cards)


def min_wild_canasta_points(variant: Variant, kind: str) -> int:
    """Fewest card points of a wild-card canasta of this kind (Cuban), from the card values."""
    cv, size = variant.card_values, variant.canastas.size
    if kind == "twos":
        return size * cv.two
    if kind == "jokers":
        jokers = min(4, variant.jokers)
        return jokers * cv.joker + (size - jokers) * cv.two
    # "other": any mix of jokers and twos except the two named ones.
    options = [
        j * cv.joker + (size - j) * cv.two
        for j in range(1, min(variant.jokers, size) + 1)
        if j != 4 and size - j <= 4 * variant.decks
    ]
    return min(options) if options else size * cv.joker
