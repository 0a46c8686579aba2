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
from bot.talk.round_sides import Seating
from bot.talk.round_talk import RoundAnswer, read_round, round_answer
from bot.talk.text import alternatives, fold, function_words, normalise

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


def _words_pattern(pick: str) -> str:
    return alternatives(vocabulary().words(pick))


_APPROX_BEFORE = re.compile(
    rf"(?<!\w)(?:{_words_pattern('approx')})(?:\s+(?:{_words_pattern('approx')}))?\s*$"
)
_ABOVE = re.compile(rf"(?<!\w)(?:{_words_pattern('above')})\s*$")
"""Words that put the score above the number ("over 3000", "yli 3000")."""
_APPROX_AFTER = re.compile(rf"[\s-]*(?:{_words_pattern('approx_after')})(?!\w)")
"""The lexicon's hedges around a number, one or two ("around 1500", "like around 1500",
"1500 or so", "1500-ish"): a guess, not a score."""
_CHOICE = re.compile(rf"\s*(?:{_words_pattern('choice')})(?:\s+(?:{_words_pattern('approx')}))?\s*")
"""The lexicon's "or" between two numbers ("1400 or 1600", "2500 or maybe 2600"): one of
them, which is not said."""
_MORE = re.compile(rf"(?<!\w)(?:{_words_pattern('more')})(?!\w)")
"""An amount added and not said ("and got a bit more", "fekk litt til")."""


def _side_phrases(side: str) -> str:
    """A side's words in every language, less those that are another language's function
    words and no side word there: Finnish "he" (they) is English "he", who may be anyone."""
    out = set()
    for code, lex in vocabulary().lexicons.items():
        for word in getattr(lex.round, side):
            elsewhere = (
                fold(word) in function_words(other) and word not in getattr(o.round, side)
                for other, o in vocabulary().lexicons.items()
                if other != code
            )
            if not any(elsewhere):
                out.add(word)
    return alternatives(out)


_SIDES = {side: re.compile(rf"(?<!\w)(?:{_side_phrases(side)})(?!\w)") for side in ("we", "they")}
"""The lexicon's words for the speaker's side and the others: whose score, whose minimum."""
SIDE_REACH = 3
"""Words either side of an opening or need phrase (or before a number) whose side word names
the side it is about: "what do THEY need", "hvad skal DE ANDRE bruge"."""


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


def score_doubt(question: str, score: int) -> str | None:
    """Why the score ``score`` read from ``question`` (digits already spelled) is not known
    for sure, or None: ``above`` ("over 3000"), ``approx`` (a hedge right before or after
    it, "under" included), ``choice`` (an "or"
    joins it to another number), ``more`` (an amount added later and not said), ``side``
    (the score is one side's and the question asks about the other's)."""
    folded = _ZERO.sub("0", fold(normalise(question)))
    found = [m for m in _SCORE.finditer(folded) if _signed(m) == score]
    if not found:
        return None
    match = found[0]
    before, after = folded[: match.start()], folded[match.end() :]
    if _ABOVE.search(before):
        return "above"
    if _APPROX_BEFORE.search(before) or _APPROX_AFTER.match(after):
        return "approx"
    for other in _SCORE.finditer(folded):
        gap = folded[min(match.end(), other.end()) : max(match.start(), other.start())]
        if other.start() != match.start() and _CHOICE.fullmatch(gap):
            return "choice"
    if _MORE.search(after):
        return "more"
    asked, said = _asked_side(folded), _score_side(folded, match)
    if asked and said and asked != said:
        return "side"
    others = [v for v, role in _numbers(question) if role != "placed" and v != score]
    if any(hedged(str(v), folded, choice=False) for v in others):
        return "approx"  # "1450 I think, maybe 1500": the other guess makes this one a guess
    return None


def side_score(question: str) -> int | None:
    """The one score the question gives for the side it asks about ("what do they need?
    we have 2000 and they have 1000": 1000), or None when it gives none or several."""
    folded = _ZERO.sub("0", fold(normalise(question)))
    asked = _asked_side(folded)
    said = [
        _signed(m)
        for m in _SCORE.finditer(folded)
        if _signed(m) in {v for v, role in _numbers(question) if role != "placed"}
        and _score_side(folded, m) == asked
    ]
    return said[0] if asked and len(said) == 1 else None


def hedged(question: str, folded: str | None = None, choice: bool = True) -> str | None:
    """The words of the first number in ``question`` (digits already spelled) said as a
    guess or one of two ("about 300 melded", "40 or 45 left"), or None: a round worked out
    from it would be a guess too. With ``folded`` (the question folded), only the numbers
    ``question`` names are looked at there; without ``choice``, only guesses (beside a
    score, "50 or 90" are the minimums asked about, not two scores)."""
    text = folded if folded is not None else _ZERO.sub("0", fold(normalise(question)))
    matches = list(_SCORE.finditer(text))
    wanted = None if folded is None else int(question)
    folded = text
    for match in matches:
        if wanted is not None and _signed(match) != wanted:
            continue
        before = _APPROX_BEFORE.search(folded, 0, match.start()) or _ABOVE.search(
            folded, 0, match.start()
        )
        after = _APPROX_AFTER.match(folded, match.end())
        if before or after:
            start = before.start() if before else match.start()
            return folded[start : after.end() if after else match.end()].strip()
        for other in matches if choice else ():
            gap = folded[match.end() : other.start()]
            if other.start() > match.end() and _CHOICE.fullmatch(gap):
                return folded[match.start() : other.end()]
    return None


def _signed(match: re.Match[str]) -> int:
    value = int(re.sub(r"\D", "", match["num"]))
    return -value if match["sign"] else value


def _side_near(words: list[str], nouns_only: bool = False) -> str | None:
    """The side a few words name ("they", "de andre", "meil"); None when they name none or
    both. ``nouns_only``: a pronoun that is a function word ("them", "dem") may be the cards
    ("enough to put them down"), so only a noun or a phrase names a side there ("the
    minimum for the other team", "minstekravet for motstanderne")."""
    text = " ".join(words)
    sides = {
        side
        for side, pattern in _SIDES.items()
        for m in pattern.finditer(text)
        if not (nouns_only and " " not in m.group() and m.group() in _FUNCTION)
    }
    return sides.pop() if len(sides) == 1 else None


_FUNCTION = frozenset(fold(w) for w in function_words())


def _asked_side(folded: str) -> str | None:
    """The side an ask is about, from the side words of its clause right before a need or
    opening phrase ("what do they need", "mitä vastustaja tarvii"), inside and right after
    a need phrase ("hva trenger de andre", "hvad skal de andre bruge"), or a side noun
    after either ("the minimum for the other team")."""
    for kind in ("need", "opening"):
        for match in _ASKS[kind].finditer(folded):
            side = _side_near(_clause(folded[: match.start()].split()[-SIDE_REACH:], last=True))
            after = _clause(folded[match.end() :].split()[: SIDE_REACH + 1], last=False)
            if kind == "need":
                words = match.group().split()[1:] + after[: SIDE_REACH - 1]
                side = side or _side_near(words)
            side = side or _side_near(after, nouns_only=True)
            if side:
                return side
    return None


def asked_side(question: str) -> str | None:
    """``we`` or ``they``: the side the opening or need phrase of ``question`` is about."""
    return _asked_side(_ZERO.sub("0", fold(normalise(question))))


def _clause(words: list[str], last: bool) -> list[str]:
    """The words of ``words`` in the same clause as the phrase they are next to."""
    cut = [i for i, w in enumerate(words) if re.search(r"[.,;:!?]", w)]
    if not cut:
        return words
    return words[cut[-1] + 1 :] if last else words[: cut[0] + 1]


def _score_side(folded: str, match: re.Match[str]) -> str | None:
    """Whose score the number is: a score statement of the lexicon ("we have", all the
    speaker's side) or a side word in the few words before it."""
    if _SCORE_SAID.search(folded, 0, match.start()):
        return "we"
    before = folded[: match.start()].split()[-SIDE_REACH:]
    if before and before[-1] in _ARTICLES:
        before.pop()  # its article, not a side: Danish "for at nå de 50"
    return _side_near(_clause(before, last=True))


_ARTICLES = frozenset(fold(w) for w in vocabulary().words("article"))


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
    how_many = found.how_many or _vague_count(normalise(question))
    return CardAnswer(points, ordered, found.unread, found.ambiguous, how_many)


_VAGUE = re.compile(rf"(?<!\w)(?:{alternatives(vocabulary().words('vague'))})(?!\w)")
_CARD_NOUN = re.compile(rf"^(?:{alternatives(vocabulary().words('card'))})$")
VAGUE_REACH = 3
"""Words after a vague count ("a bunch of face cards", "muutama ässä") that may name the
cards it counts."""


def _vague_count(said: str) -> str | None:
    """The words of a count of cards that is no number ("a bunch of face cards", "nogle
    esser", "muutama ässä") in normalised ``said``, or None: those cards' sum is unknown, so
    each card's value is given and the count asked, never one each summed. A pair word ("a
    couple of") is two. The cards must follow, with no function word or number between
    ("kan noen si hva tre ess er verdt" asks nothing vague)."""
    folded = fold(said)
    words = re.findall(r"\w+", said)  # folding keeps words whole: the two lists align
    numbers = vocabulary().number_words
    for match in _VAGUE.finditer(folded):
        at = len(re.findall(r"\w+", folded[: match.end()]))
        for i, word in enumerate(words[at : at + VAGUE_REACH]):
            card = word in WORD_TO_RANK or fold(word) in WORD_TO_RANK
            if (card and word not in numbers) or _CARD_NOUN.match(fold(word)):
                return " ".join([match.group(), *words[at : at + i + 1]])
            if word in numbers or word.isdecimal() or fold(word) in _FUNCTION:
                break  # "kan noen si hva tre ess er verdt": "noen" is someone, "tre" a count
    return None


TOP_SCORE = 10**7
"""Above every band's start: the minimum of the top band."""


def _doubt(question: str, score: int, variant: Variant) -> str | None:
    """``score_doubt``, where it can change the minimum: a fixed minimum is the same at any
    score, and a score above one in the top band ("over 3000") has the top band's minimum."""
    doubt = score_doubt(question, score)
    if doubt is None or variant.opening.fixed is not None:
        return None
    if doubt == "above":
        top = opening_minimum(variant, TOP_SCORE)
        return None if opening_minimum(variant, score + SCORE_STEP) == top else "approx"
    return doubt


_VAGUE_WORDS = alternatives(w for lex in _LEXICONS for w in (*lex.round.vague, *lex.words.vague))
_ROUND_VAGUE = re.compile(rf"(?<!\w)(?:{_VAGUE_WORDS})(?!\w)")
"""Amounts that are no number, in a round ("a few cards left", "nokre kort att")."""
_THREES = re.compile(alternatives(w for lex in _LEXICONS for w in lex.round.three))
"""The threes a round counts by name (red and black threes): no card to count as points."""
ROUND_DOUBTS = frozenset(("canasta", "red"))
"""What the round reader names as unsure that changes the asking side's net: a canasta
without its kind ("en kanasta"), red threes it could not count. Amounts that are no number
and cards named where points are wanted are found here (``round_doubt``); the reader's own
"number" doubts include chat words of another language ("I ought to write": Norwegian "to"
is two), and doubts of a round said at the table (a side not mentioned) are none in a
question about one's own round."""


def round_doubt(question: str, variant: Variant) -> str | None:
    """The words the round reader is unsure of in the asking side's part of ``question``,
    or None: the same reader as ``/round say``, so a canasta whose kind is not said is
    asked about here too, never dropped from the net."""
    reading = read_round(question, Seating(), variant)
    words = [u.words for u in reading.unsure if u.side == 0 and u.what in ROUND_DOUBTS]
    unread = (u.words.split(", ") for u in reading.unsure if u.side == 0 and u.what == "word")
    said = normalise(question)
    # whichever reader settled the round: an amount that is no number ("nokre kort att"),
    # or a card named where points are wanted ("käteen jäi kymppi", a ten left in hand),
    # was not counted, so the net would be short of it
    words += [m.group() for m in _ROUND_VAGUE.finditer(fold(said))]
    words += [
        w
        for w in [*(w for ws in unread for w in ws), *re.findall(r"\w+", said)]
        if w in WORD_TO_RANK  # as written: folded, Finnish "käsissä" (in hands) is "kasi" (8)
        and w not in vocabulary().number_words
        and not _THREES.fullmatch(fold(w))
    ]
    # each named once: "couple of canastas" inside "a couple of canastas" is the same words
    kept = [w for w in dict.fromkeys(words) if not any(w != o and w in o for o in words)]
    return "; ".join(kept) or None


def compute(
    question: str, variant: Variant, top_topic: str | None, sure_of_other: bool = False
) -> list[Computed]:
    """Every figure the question asks for, computed for ``variant``. A round described in
    words ("380 on the table, a clean canasta, 45 left in hand") is the whole question: its
    numbers are not a score or a hand to count."""
    described = round_answer(question, variant)
    if described is not None:
        doubt = round_doubt(question, variant) or hedged(spell_digits(question))
        return [RoundUnsure(described, doubt) if doubt and not described.unplaced else described]
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
    elif score is not None and opening and (doubt := _doubt(spelled, score, variant)):
        theirs = side_score(spelled) if doubt == "side" else None
        if theirs is not None and not _doubt(spelled, theirs, variant):
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
