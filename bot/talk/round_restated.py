"""Figures a side's words say again: a score the round's parts imply, the side's total for
the round, or a hand said in parts and then whole.

Players restate what the scoring makes of what they just said ("1 red three (so -100)",
"all four red threes, 800 baby", "alle fire røde treere, 800 rett inn", "all 4 red threes but
zero canastas so that's minus a thousand", "Ben had 45 and Lisa 30, so 75 in hand"). Such a
number is no new component: read as table points it would be wrong, and asked about it
makes the reader ask what it could have worked out. Why arithmetic and not words: the
phrasings are endless ("so", "that's", "baby", "rett inn", "eli"), but the figure either is
the score of what the side's words just said, by ``bot/scoring``'s own tables for the table's
variant, or it is not. Exactly equal: a restatement; anything else stays a number the reader
cannot place, and it asks (never guesses).

A side's total is the same arithmetic over the whole side: a number said with a result word
("1280 i alt", "yhteensä 1280", "1280 in total") that is exactly the net ``bot/scoring``
makes of the side's parts confirms them; any other figure is asked about (a part misheard,
or a total of something else).

One module for both readers (the lexicon's phrases, ``round_talk``, and the tagger's roles,
``round_assemble``): each gives its own reading of the side without the number, and the
number is checked against that.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from bot.scoring.round import SideRound, breakdown
from bot.scoring.variants import Variant
from bot.scoring.vocabulary import vocabulary
from bot.talk.round_words import GAP, any_phrase
from bot.talk.text import fold

REACH_CLAUSES = 2
"""Clauses a restated score looks back over for what it restates: its own and the one
before ("we had all four red threes!!! 800 baby")."""
MARKED_REACH = 4
"""Words after a number looked at for a table or hand word ("100 melded", "100 in hand")."""


@functools.cache
def _mentions(lang: str | None) -> dict[str, re.Pattern[str]]:
    """The words that say a part of the round whose score a figure may restate."""

    def said(*fields: str) -> re.Pattern[str]:
        return re.compile(rf"(?:^| )({any_phrase(*fields, lang=lang)})(?= |$)")

    return {
        "red_threes": said("red"),
        "canastas": said("natural", "mixed", "canasta"),
        "going_out": said("went_out", "out", "concealed"),
    }


@functools.cache
def _marks(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a table or hand word right after a number, one right before it): the number is
    then said as points, not as a score."""
    filler = any_phrase("filler", lang=lang)
    after = re.compile(
        rf"^(?:{filler} )*{any_phrase('table_after', 'hand_after', lang=lang)}(?= |$)"
    )
    before = re.compile(
        rf"(?:^| ){any_phrase('table_before', 'hand_before', 'stuck', lang=lang)}"
        rf"(?: {filler})*$"
    )
    return after, before


@functools.cache
def _minus(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(w) for code, lex in lexicons.items() if lang in (None, code) for w in lex.words.minus
    )


def scores(side: SideRound, variant: Variant) -> dict[str, set[int]]:
    """The figures each part of a side's round scores, by the variant's tables: its red
    threes (a penalty when the side melded nothing, or in Cuban made no canasta), its
    canastas (all of them, or one kind's), its going out. Zero is no figure to restate.
    More red threes than the decks hold is a reading in doubt elsewhere: nothing restates it."""
    if side.red_threes >= len(variant.red_threes.schedule):
        return {}
    parts = breakdown(variant, side)
    bonus = variant.canastas
    canastas = {
        parts["canastas"],
        side.natural_canastas * bonus.natural_bonus,
        side.mixed_canastas * bonus.mixed_bonus,
    }
    found = {
        "red_threes": {parts["red_threes"]},
        "canastas": canastas,
        "going_out": {parts["going_out"]},
    }
    return {part: values - {0} for part, values in found.items()}


def marked(words: Sequence[str], i: int, lang: str | None) -> bool:
    """A table or hand word by the number at ``i`` ("100 melded", "stuck with 100"): it is
    said as points, whatever it equals."""
    after, before = _marks(lang)
    following = " ".join(w for w in words[i + 1 : i + 1 + MARKED_REACH] if w != GAP)
    clause_start = max((j + 1 for j in range(i) if words[j] == GAP), default=0)
    preceding = " ".join(words[clause_start:i])
    return bool(after.match(following) or before.search(preceding))


@functools.cache
def _totals(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a result word right after a number, one right before it): the lexicon's
    ``round.score`` ("1280 i alt", "yhteensä 1280"), the same words the rule reader takes a
    number for no table points by."""
    filler, said = any_phrase("filler", lang=lang), any_phrase("score", lang=lang)
    return (
        re.compile(rf"^(?:{filler} )*{said}(?= |$)"),
        re.compile(rf"(?:^| ){said}(?: {filler})*$"),
    )


TOTAL_REACH = 3
"""Words before a number looked at for its result word ("yhteensä me 1280")."""


def totals(
    words: Sequence[str], i: int, side: SideRound, variant: Variant | None, lang: str | None
) -> bool:
    """The number at ``i`` is said as the side's total ("1280 i alt", "yhteensä me 1280"),
    or is the last number of the side's words, and is exactly the net of ``side`` (the side
    as read without it) for ``variant``: it confirms the parts, no component. Not when a
    table or hand word places it ("250 total on the table", "yhteensä 95 käteen": a total of
    that part)."""
    if variant is None or not words[i].isdecimal() or marked(words, i, lang):
        return False
    after, before = _totals(lang)
    following = " ".join(w for w in words[i + 1 : i + 1 + MARKED_REACH] if w != GAP)
    clause_start = max((j + 1 for j in range(i) if words[j] == GAP), default=0)
    preceding = " ".join(words[max(clause_start, i - TOTAL_REACH) : i])
    said = after.match(following) or before.search(preceding) or _last_figure(words, i)
    if not said or side.red_threes >= len(variant.red_threes.schedule):
        return False  # more red threes than the decks hold: no net to confirm
    return int(words[i]) == sum(breakdown(variant, side).values())


def _last_figure(words: Sequence[str], i: int) -> bool:
    """The number at ``i`` is the last the side's words say: where players sum up ("45 in
    hand, so 485", "altså 485", "eli 485"), whatever word leads to it."""
    return not any(w.isdecimal() for w in words[i + 1 :])


def restates(
    words: Sequence[str], i: int, side: SideRound, variant: Variant | None, lang: str | None
) -> bool:
    """The number at ``i`` is exactly the score of the part of ``side`` (the side as read
    without it) said last before it, in its clause or the one before, of the parts that
    score anything ("all 4 red threes but zero canastas, so minus 1000": the red threes);
    with a minus said when the score is negative and never when it is not ("so -100" loses
    its sign in the words: unsigned, the figure is the score's size). Not when a table or
    hand word places it. "2 red threes, so 300" restates nothing (the mixed canasta said
    before them is not what "so" sums up): it is asked about."""
    if totals(words, i, side, variant, lang):
        return True
    if variant is None or not words[i].isdecimal() or marked(words, i, lang):
        return False
    value = int(words[i])
    negative = i > 0 and words[i - 1] in _minus(lang)
    gaps = [j for j in range(i) if words[j] == GAP]
    start = gaps[-REACH_CLAUSES] + 1 if len(gaps) >= REACH_CLAUSES else 0
    before = " ".join(w for w in words[start:i] if w != GAP)
    figures = scores(side, variant)
    said = {
        part: max(m.start() for m in found)
        for part, pattern in _mentions(lang).items()
        if figures.get(part) and (found := list(pattern.finditer(before)))
    }
    if not said:
        return False
    last = max(said, key=said.__getitem__)
    return any((value == -s) if negative else (value == abs(s)) for s in figures[last])


RESULT_MARKS = re.compile(r"\s*(?:=>|->|=|→|⇒)\s*(?=[-−]?\d)")
"""An equals sign or an arrow before a number: a figure worked out from what came before it."""
PIECE_ENDS = re.compile(r"[.;|/()\n]")
"""Where a piece of a typed round ends: a sentence, a sheet's cell or a side said apart."""
ADDED_UP = re.compile(r"\d\s*(?:\+\s*\d+\s*)+$")
"""Figures added up right before the mark ("35+25 = 60"): the mark gives their sum, one
part of the round (``round_sums``), not the side's total."""
WORKED_FROM = 2
"""Numbers said before a mark in its piece for the figure after it to be worked out from
them ("35 på hånden = 415"), not a label's value ("Hold 1 = 310")."""


def results_marked(text: str, lang: str | None) -> str:
    """``text`` with each equals sign or arrow that ends a sum ("2 røde treere, 35 på hånden =
    415", "55 in hand -> 615") said as the language's word for a side's total (its
    ``round.score``), which the cut-up words would otherwise lose: the figure after it is
    then checked as the side's total (``totals``) instead of read as one more hand or table
    points. A mark after a label ("Hold 1 = 310", "vi = 420") is left as it is."""
    word = _result_word(lang)
    out, last = [], 0
    for mark in RESULT_MARKS.finditer(text):
        start = max((m.end() for m in PIECE_ENDS.finditer(text, 0, mark.start())), default=0)
        piece = text[start : mark.start()]
        if len(re.findall(r"\d+", piece)) >= WORKED_FROM and not ADDED_UP.search(piece):
            out += [text[last : mark.start()], f", {word} "]
            last = mark.end()
    return "".join([*out, text[last:]])


@functools.cache
def _result_word(lang: str | None) -> str:
    lexicons = vocabulary().lexicons
    lex = lexicons[lang] if lang in lexicons else lexicons["en"]
    return next(p for p in lex.round.score if " " not in p)


def whole_and_parts(hands: Sequence[int]) -> bool:
    """One hand said is the sum of the others ("Ben had 45 and Lisa 30, so 75 in hand"): the
    hand said whole and in parts, and summing every one would count it twice."""
    return len(hands) > 1 and any(2 * h == sum(hands) for h in hands)


def hand_total(hands: Sequence[int], players: int | None) -> int | None:
    """The side's points in hand from every hand its words said, or None when that cannot be
    told. Summed, unless one is the sum of the others; then that one is the whole, said
    after its parts ("45 and 30, so 75 in hand") or before them ("hand 45 (30 and 15)"), when
    there are more hands than the side has players (so not every one is a player's):
    ``players`` None (the variant not known), or as many hands as players, is asked about,
    never guessed."""
    if not whole_and_parts(hands):
        return sum(hands)
    wholes = [h for h in hands if 2 * h == sum(hands)]
    if players is None or len(hands) < 3 or len(hands) <= players or len(wholes) != 1:
        return None
    return wholes[0]
