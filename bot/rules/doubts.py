"""Whether a figure the question asks for rests on numbers said for sure.

A score said as a guess ("around 1500", "omkring", "jotain 3000", "1500-ish"), as one of two
("1400 or 1600"), grown since by an amount not said ("2800, and a bit more since"), or one
side's where the question asks about the other's ("what do THEY need? we have 3100") gives
no minimum: the reply says why and asks; so does another number right beside it or a clause
before it that names someone but no side (``bot/talk/accounting.py``, where a count of cards
that is no number, "a bunch of", is read too). A round whose canasta kind, vague amount or
card named where points are wanted the reader could not count shows its reading and asks.
Every word is the lexicon's (``approx``, ``above``, ``approx_after``, ``choice``, ``more``,
``article``; ``round.we`` and ``round.they``).
"""

from __future__ import annotations

import re

from bot.scoring import Variant, opening_minimum
from bot.scoring.cards import WORD_TO_RANK
from bot.scoring.vocabulary import vocabulary
from bot.talk.accounting import cards_by_number, number_beside, owner_unsaid
from bot.talk.round_talk import RoundAnswer
from bot.talk.score_words import (
    ASKS,
    LEXICONS,
    MINIMUMS,
    SCORE,
    SCORE_SAID,
    SCORE_STEP,
    ZERO,
    score_numbers,
)
from bot.talk.text import alternatives, every_spelling, fold, function_words, normalise


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


_OWN_SIDES = {
    side: [
        (
            re.compile(rf"^(?:{alternatives(every_spelling(lex.asks.need, lex.spoken))})$"),
            re.compile(rf"(?<!\w)(?:{alternatives(getattr(lex.round, side))})(?!\w)"),
        )
        for lex in LEXICONS
    ]
    for side in ("we", "they")
}
"""Per language: its need phrases in every spoken spelling and its own side words. Inside a
need phrase of one language ("må ~ ha") the word in the gap is that language's ("kva må me
ha": nynorsk "me" is we), even where another language uses the word for something else."""
SIDE_REACH = 3
"""Words either side of an opening or need phrase (or before a number) whose side word names
the side it is about: "what do THEY need", "hvad skal DE ANDRE bruge"."""


def score_doubt(question: str, score: int) -> str | None:
    """Why the score ``score`` read from ``question`` (digits already spelled) is not known
    for sure, or None: ``above`` ("over 3000"), ``approx`` (a hedge right before or after
    it, "under" included), ``choice`` (an "or"
    joins it to another number), ``more`` (an amount added later and not said), ``side``
    (the score is one side's and the question asks about the other's), ``sides`` (two sides'
    scores, none asked about), ``two`` (another
    number beside it or of no other role), ``whose`` (its clause names someone unknown)."""
    folded = ZERO.sub("0", fold(normalise(question)))
    found = [m for m in SCORE.finditer(folded) if _signed(m) == score]
    if not found:
        return None
    match = found[0]
    before, after = folded[: match.start()], folded[match.end() :]
    if _ABOVE.search(before):
        return "above"
    if _APPROX_BEFORE.search(before) or _APPROX_AFTER.match(after):
        return "approx"
    for other in SCORE.finditer(folded):
        gap = folded[min(match.end(), other.end()) : max(match.start(), other.start())]
        if other.start() != match.start() and _CHOICE.fullmatch(gap):
            return "choice"
    if number_beside(folded, match.start(), match.end()):
        return "two"  # "fourteen, fifteen hundred", "14-15 hundrede": a hedge of two scores
    if _MORE.search(after):
        return "more"
    asked, said = _asked_side(folded), _score_side(folded, match)
    if asked and said and asked != said:
        return "side"
    if asked is None and _other_side(folded, match, said):
        return "sides"  # "we have 2800 and they have 3100, what's the minimum": whose?
    if said is None and owner_unsaid(folded, match.start()):
        return "whose"  # "the other lot are on 2000": said of someone the reader can't name
    numbers = score_numbers(question)
    others = [v for v, role in numbers if role not in ("placed", "minimum") and v != score]
    if any(hedged(str(v), folded, choice=False) for v in others):
        return "approx"  # "1450 I think, maybe 1500": the other guess makes this one a guess
    if (score, "score") not in numbers and _another_score(folded, score, numbers, said):
        return "two"  # "we had 1400 but just scored 200 more": which is the score now?
    return None


def _another_score(
    folded: str, score: int, numbers: list[tuple[int, str | None]], side: str | None
) -> bool:
    """Another number with no role that could be the same side's score as ``score``: not an
    opening minimum ("is it 50 or 90"), not said as the other side's ("us 2995 them 3400")."""
    loose = {v for v, role in numbers if role is None and v != score and v not in MINIMUMS}
    return any(
        _signed(m) in loose and _score_side(folded, m) in (None, side)
        for m in SCORE.finditer(folded)
    )


def _other_side(folded: str, match: re.Match[str], side: str | None) -> bool:
    """Another number said as the other side's score than the one ``match`` is ("we have
    2800 and they have 3100"): with no side asked about, either minimum may be wanted."""
    sides = {_score_side(folded, m) for m in SCORE.finditer(folded) if m.start() != match.start()}
    return bool(sides - {None, side or "we"})


def side_score(question: str) -> int | None:
    """The one score the question gives for the side it asks about ("what do they need?
    we have 2000 and they have 1000": 1000), or None when it gives none or several."""
    folded = ZERO.sub("0", fold(normalise(question)))
    asked = _asked_side(folded)
    said = [
        _signed(m)
        for m in SCORE.finditer(folded)
        if _signed(m) in {v for v, role in score_numbers(question) if role != "placed"}
        and _score_side(folded, m) == asked
    ]
    return said[0] if asked and len(said) == 1 else None


def hedged(question: str, folded: str | None = None, choice: bool = True) -> str | None:
    """The words of the first number in ``question`` (digits already spelled) said as a
    guess or one of two ("about 300 melded", "40 or 45 left"), or None: a round worked out
    from it would be a guess too. With ``folded`` (the question folded), only the numbers
    ``question`` names are looked at there; without ``choice``, only guesses (beside a
    score, "50 or 90" are the minimums asked about, not two scores)."""
    wanted = None if folded is None else int(question)
    folded = folded if folded is not None else ZERO.sub("0", fold(normalise(question)))
    matches = list(SCORE.finditer(folded))
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
        for match in ASKS[kind].finditer(folded):
            side = _side_near(_clause(folded[: match.start()].split()[-SIDE_REACH:], last=True))
            after = _clause(folded[match.end() :].split()[: SIDE_REACH + 1], last=False)
            if kind == "need":
                words = match.group().split()[1:] + after[: SIDE_REACH - 1]
                side = side or _side_near(words) or _own_side(match.group())
            side = side or _side_near(after, nouns_only=True)
            if side:
                return side
    return None


def _own_side(phrase: str) -> str | None:
    """The side named inside a need phrase by the words of the phrase's own language."""
    inner = " ".join(phrase.split()[1:])
    sides = {
        side
        for side, pairs in _OWN_SIDES.items()
        for need, words in pairs
        if need.match(phrase) and words.search(inner)
    }
    return sides.pop() if len(sides) == 1 else None


def asked_side(question: str) -> str | None:
    """``we`` or ``they``: the side the opening or need phrase of ``question`` is about."""
    return _asked_side(ZERO.sub("0", fold(normalise(question))))


def _clause(words: list[str], last: bool) -> list[str]:
    """The words of ``words`` in the same clause as the phrase they are next to."""
    cut = [i for i, w in enumerate(words) if re.search(r"[.,;:!?]", w)]
    if not cut:
        return words
    return words[cut[-1] + 1 :] if last else words[: cut[0] + 1]


def _score_side(folded: str, match: re.Match[str]) -> str | None:
    """Whose score the number is: a score statement of the lexicon ("we have", all the
    speaker's side) or a side word in the few words before it."""
    if SCORE_SAID.search(folded, 0, match.start()):
        return "we"
    before = folded[: match.start()].split()[-SIDE_REACH:]
    if before and before[-1] in _ARTICLES:
        before.pop()  # its article, not a side: Danish "for at nå de 50"
    return _side_near(_clause(before, last=True))


_ARTICLES = frozenset(fold(w) for w in vocabulary().words("article"))


TOP_SCORE = 10**7
"""Above every band's start: the minimum of the top band."""


def doubt_for(question: str, score: int, variant: Variant) -> str | None:
    """``score_doubt``, where it can change the minimum: a fixed minimum is the same at any
    score, and a score above one in the top band ("over 3000") has the top band's minimum."""
    doubt = score_doubt(question, score)
    if doubt is None or variant.opening.fixed is not None:
        return None
    if doubt == "above":
        top = opening_minimum(variant, TOP_SCORE)
        return None if opening_minimum(variant, score + SCORE_STEP) == top else "approx"
    return doubt


_VAGUE_WORDS = alternatives(w for lex in LEXICONS for w in (*lex.round.vague, *lex.words.vague))
_ROUND_VAGUE = re.compile(rf"(?<!\w)(?:{_VAGUE_WORDS})(?!\w)")
"""Amounts that are no number, in a round ("a few cards left", "nokre kort att")."""
_THREES = re.compile(alternatives(w for lex in LEXICONS for w in lex.round.three))
"""The threes a round counts by name (red and black threes): no card to count as points."""
_BLACK_THREES = re.compile(
    r"(?<!\w)(?:"
    + "|".join(sorted({re.escape(fold(w)[: max(4, len(w) - 1)]) for lex in LEXICONS
                       for w in lex.colours.black}))
    + r")\w* (?:\w+ )?(?:"
    + _THREES.pattern
    + r")(?!\w)"
)  # fmt: skip
"""Black threes named ("fire sorte treere", "mustia kolmosia"): a described round never counts
them (in Cuban they score when melded going out), so a net worked out without them is asked."""
ROUND_DOUBTS = frozenset(("canasta", "red"))
"""What the round reader names as unsure that changes the asking side's net: a canasta
without its kind ("en kanasta"), red threes it could not count. Amounts that are no number
and cards named where points are wanted are found here (``round_doubt``); the reader's own
"number" doubts include chat words of another language ("I ought to write": Norwegian "to"
is two), and doubts of a round said at the table (a side not mentioned) are none in a
question about one's own round."""


def round_doubt(question: str, described: RoundAnswer) -> str | None:
    """The words the round reader is unsure of in the asking side's part of ``question``,
    or None: the doubts of the reading the figure comes from (``RoundAnswer.unsure``), so a
    canasta whose kind is not said is asked about, never dropped from the net. Reading the
    question a second time with ``/round say``'s whole reader (both sides, the tagger) asked
    about the same words in all but two of 1,380 described rounds, for about 9 ms more."""
    words = [u.words for u in described.unsure if u.what in ROUND_DOUBTS]
    said = normalise(question)
    # an amount that is no number ("nokre kort att"),
    # or a card named where points are wanted ("käteen jäi kymppi", a ten left in hand),
    # was not counted, so the net would be short of it
    words += [m.group() for m in _ROUND_VAGUE.finditer(fold(said))] + cards_by_number(said)
    words += [m.group() for m in _BLACK_THREES.finditer(fold(said))]
    words += [
        w
        for w in re.findall(r"\w+", said)
        if w in WORD_TO_RANK  # as written: folded, Finnish "käsissä" (in hands) is "kasi" (8)
        and w not in vocabulary().number_words
        and not _THREES.fullmatch(fold(w))
    ]
    # each named once: "couple of canastas" inside "a couple of canastas" is the same words
    kept = [w for w in dict.fromkeys(words) if not any(w != o and w in o for o in words)]
    return "; ".join(kept) or None
