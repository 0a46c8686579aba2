"""What a figure is read from, word by word: a figure is worked out only when every word
beside the numbers it uses is accounted for.

A number is read as a side's score, a card as part of a hand; the words around them must
say nothing the reader skipped. Two numbers side by side ("fourteen, fifteen hundred",
"14-15 hundrede") are a hedge between two scores, not one score; a score whose clause names
no side and holds a word that says no score ("the other lot are on 2000") may be anyone's.
Either way the reply says what it read and asks. The words that account for a score are
the lexicon's (function words, a side's, score and points words, hedges), so a word the
lexicon learns turns an ask into a figure, never a wrong figure into another.
"""

from __future__ import annotations

import itertools
import re

from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import ONE, is_plural
from bot.talk.text import alternatives, fold, function_words

_BESIDE_BEFORE = re.compile(r"\d[\s,/\-–]*$")
_BESIDE_AFTER = re.compile(r"[\s,/\-–]*\d{2}")
"""Another number right before a score, or one of two digits or more right after it, with
only a space, a comma, a slash or a dash between: "14-15 hundrede", "1400/1500". A single
digit after it is a count ("1500, 3 aces")."""
_CLAUSE = re.compile(r"[,.;:!?]")
_LEXICONS = vocabulary().lexicons.values()
_SIDES = alternatives(w for lex in _LEXICONS for w in (*lex.round.we, *lex.round.they))
_SIDE_WORDS = re.compile(rf"(?<!\w)(?:{_SIDES})(?!\w)")
"""Every language's words for a side ("we", "dei andre", "meillä"): any of them in the
clause says whose the score is, or lets the side readers say it."""
_SCORE_WORDS = re.compile(
    alternatives(
        part
        for lex in _LEXICONS
        for phrase in (
            *lex.round.score,
            *lex.round.points,
            *lex.asks.score,
            *lex.words.approx,
            *lex.words.above,
            *lex.words.minus,
            *lex.words.zero,
        )
        for part in phrase.split()
    )
)
"""Words that say a score, its points or a hedge of it ("score is", "pisteitä", "about"):
beside function words they leave the score the speaker's own."""
_FUNCTION = frozenset(fold(w) for w in function_words())


def number_beside(folded: str, start: int, end: int) -> bool:
    """Whether another number stands right beside the number at ``folded[start:end]``."""
    return bool(_BESIDE_BEFORE.search(folded, 0, start) or _BESIDE_AFTER.match(folded, end))


def owner_unsaid(folded: str, start: int) -> list[str]:
    """The words of the clause before the number at ``folded[start]`` that are no function
    word and say no score, when that clause names no side: the score's owner may be one of
    them ("the other lot are on 2000"); [] when a side word stands there ("we're still
    sitting on") or the clause says only a score ("score is", "pisteitä")."""
    clause = _CLAUSE.split(folded[:start])[-1]
    if _SIDE_WORDS.search(clause):
        return []
    words = (w.split("'")[0] for w in re.findall(r"[\w']+", clause))
    return [w for w in words if w not in _FUNCTION and not _SCORE_WORDS.fullmatch(w)]


_UNITS = frozenset(fold(w) for w in vocabulary().words("units"))
_NUMBER_WORDS = vocabulary().number_words


def cards_by_number(said: str) -> list[str]:
    """Cards named with a number word in normalised ``said``: after a word for one ("left
    holding a nine and a five") or a count in the plural ("two nines"). In a round the hand
    is wanted in points; such cards were not counted, so the reply asks for them."""
    words = re.findall(r"\w+", said)
    out = []
    for i, (word, card) in enumerate(itertools.pairwise(words)):
        after = words[i + 2] if i + 2 < len(words) else ""
        one = word in ONE and 2 <= _NUMBER_WORDS.get(card, 0) <= 10
        plural = word in _NUMBER_WORDS and is_plural(card)
        if (one or plural) and fold(after) not in _UNITS:
            out.append(f"{word} {card}")
    return out
