"""How a question says a side's score: the lexicon's ask phrases ("we have", "hvad skal vi
have"), where a number stands (after "udlæg", before "på hånda") and so what it is (a score,
meld or hand points). Read by ``bot.rules.numbers`` (which figure to work out) and
``bot.rules.doubts`` (whether the score is said for sure); every word is the lexicon's. A
reader of player words, so it lives in ``bot/talk`` beside the card and round readers.
"""

from __future__ import annotations

import re

from bot.scoring.variants import all_variants
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import CARD_NUMBERS
from bot.talk.text import alternatives, every_spelling, fold, normalise

SCORE_STEP = 5
"""Every card value and bonus is a multiple of five, so is every score: "three 2s and a 9" or
"melde 9 10 knekt" name cards, not a side's total."""


LEXICONS = vocabulary().lexicons.values()


def _ask_pattern(kind: str) -> re.Pattern[str]:
    phrases = [f for lex in LEXICONS for f in every_spelling(getattr(lex.asks, kind), lex.spoken)]
    return re.compile(rf"(?<!\w)(?:{alternatives(phrases)})(?!\w)")


ASKS = {kind: _ask_pattern(kind) for kind in ("opening", "score", "need", "win", "value", "result")}
"""The lexicon's ``asks`` phrases over folded text: what a question with a number asks for."""
_NEGATIONS = frozenset(fold(w) for lex in LEXICONS for w in (*lex.round.negation, *lex.round.none))
""" "never melded", "ikke meldt", "ingen meldinger": an opening word that tells what happened
(or did not), not an ask."""
SCORE = re.compile(
    rf"(?<![\w.,])(?P<sign>[-−–]\s?|(?:{alternatives(vocabulary().words('minus'))})\s+)?"
    r"(?P<num>\d{1,3}(?:[ .,\u00a0]\d{3})+|\d+)(?![\w]|[.,]\d)"
)
"""A score: "1600", "-200", "minus 200", "1 600", "1.600", "1,600"."""
_PLACES = alternatives(
    p for lex in LEXICONS for p in (*lex.round.hand_after, *lex.round.table_after)
)
_PLACED = re.compile(rf"\s*(?:{_PLACES})(?!\w)")
"""Words right after a number that place it in the hand or on the table ("90 på hånda",
"300 melded"): hand or meld points, not the side's score."""
_MELD_WORDS = alternatives(
    w for lex in LEXICONS for w in (*lex.asks.melds, *lex.round.table_before)
)
_MELDS = re.compile(rf"(?<!\w)(?:{_MELD_WORDS})\s*:?\s*$")
"""Words right before a number that make it meld points ("udlæg 180", "melds: 240")."""
_POINTS = alternatives(w for lex in LEXICONS for w in lex.round.points)
ZERO = re.compile(
    rf"(?<!\w)(?:{alternatives(vocabulary().words('zero'))})(?=\s*(?:$|[,.;:!?-]|(?:{_POINTS})))"
)
"""A word for zero with only points or a clause's end after it: the score 0 ("vi har null
poeng"); "zero red threes" counts cards, not a score."""
SCORE_SAID = re.compile(rf"(?<!\w)(?:{ASKS['score'].pattern})\s*:?\s*$")
SCORE_SAID_ANY = re.compile(rf"(?<!\w)(?:{ASKS['score'].pattern})(?!\w)")
"""The lexicon's score statement right before a number: "we have 1500", "meillä on 1500"."""


_NEED_SAID = re.compile(rf"(?<!\w)(?:{ASKS['need'].pattern})\s*:?\s*$")
_OPEN_AFTER = re.compile(rf"\s+(?:\w{{1,3}}\s+){{0,2}}(?:{ASKS['opening'].pattern})")
"""A need word right before a number ("we need 90", "tarvii 120") or an opening word right
after it ("90 to open", "120 avaukseen"): the number is a minimum someone names, not the
side's score."""
MINIMUMS = frozenset(
    band.minimum for variant in all_variants().values() for band in variant.opening.bands
)
"""Every opening minimum of the shipped variants (15, 50, 90, 120, 150): such a number in a
clause that speaks of needing or opening ("don't we need at least 90 now", "is it 90 we
need") is more likely the minimum someone names than the side's score."""
MINIMUM_CAP = 2 * max(MINIMUMS)
"""No opening minimum, house rules included, comes near this: "at 1500 to open" names a
score, "90 to open" a minimum."""
_CLAUSE_END = re.compile(r"[,.;:!?]")
_CHOICE = re.compile(
    rf"(?<!\w)(?:{alternatives(fold(w) for w in vocabulary().words('choice'))})(?!\w)"
)


def says(kind: str, folded: str) -> bool:
    """Whether ``folded`` uses a phrase of the lexicon's ``asks.<kind>``; not right after a
    negation ("we never melded anything": no ask for the opening minimum)."""
    for match in ASKS[kind].finditer(folded):
        before = folded[: match.start()].split()[-1:]
        if not (before and before[0] in _NEGATIONS):
            return True
    return False


def _clause(folded: str, match: re.Match[str]) -> str:
    """The words around ``match`` up to the punctuation that ends their clause."""
    starts = [m.end() for m in _CLAUSE_END.finditer(folded, 0, match.start())]
    end = _CLAUSE_END.search(folded, match.end())
    return folded[starts[-1] if starts else 0 : end.start() if end else len(folded)]


def _asks_minimum(clause: str) -> bool:
    """A clause that speaks of needing or opening, with no score statement in it."""
    return (says("need", clause) or says("opening", clause)) and not SCORE_SAID_ANY.search(clause)


def find_score(question: str) -> int | None:
    """The side's score: the first number that the lexicon's score words name as one ("we
    need 90 to meld, we have 1500": 1500), else the first that can be a score (thousands
    separators allowed; see ``SCORE_STEP`` and ``CARD_NUMBERS``) and has no other role."""
    numbers = score_numbers(question)
    said = (value for value, role in numbers if role == "score")
    return next(said, next((value for value, role in numbers if role is None), None))


def find_placed(question: str) -> int | None:
    """The first number the words around it place on the table or in the hand ("udlæg 180",
    "300 melded", "90 på hånda"): meld or hand points, never a side's score."""
    return next((value for value, role in score_numbers(question) if role == "placed"), None)


def score_numbers(question: str) -> list[tuple[int, str | None]]:
    """(value, role) of each number that can be a score, in order. The role comes from the
    lexicon's words around it: "placed" (meld or hand points: ``_PLACED`` after it, ``_MELDS``
    before it), "score" (``asks.score`` right before it: "vi har 1500"), or None. A number
    longer than seven digits ends the list: no game reaches it."""
    folded = ZERO.sub("0", fold(normalise(question)))
    out: list[tuple[int, str | None]] = []
    last_end = 0
    for match in SCORE.finditer(folded):
        digits = re.sub(r"\D", "", match["num"])
        if len(digits) > 7:
            break
        value = int(digits)
        if value % SCORE_STEP or (value in CARD_NUMBERS and not match["sign"]):
            continue
        role = None
        if _PLACED.match(folded, match.end()) or _MELDS.search(folded, 0, match.start()):
            role = "placed"
        elif SCORE_SAID.search(folded, 0, match.start()):
            role = "score"
        elif value <= MINIMUM_CAP and (
            _NEED_SAID.search(folded, 0, match.start()) or _OPEN_AFTER.match(folded, match.end())
        ):
            role = "minimum"
        elif out and out[-1][1] == "minimum" and _CHOICE.search(folded, last_end, match.start()):
            role = "minimum"  # "we need 90 to open, or is it 120": both are minimums offered
        elif value in MINIMUMS and not match["sign"] and _asks_minimum(_clause(folded, match)):
            role = "minimum"
        last_end = match.end()
        out.append((-value if match["sign"] else value, role))
    return out
