"""A round said with the speaker taking something back: "one natural... no wait, TWO naturals",
"to rene, unnskyld, ei ren og ei blanda", "yks puhdas... ei kun sekakanasta se oli",
"40 left, no wait, 45".

Why before any reading: both readers (the lexicon's phrases and the learned tagger) add up
what a side's words count, so a value said twice would be counted twice ("one natural ...
two naturals" is three). The words are rewritten as the speaker meant them: what follows the
correction word replaces the earlier value of the same part of the round (canastas, red
threes, points), in the place it was said. When it is unclear what it replaces (a value
after the correction of a part the clause before did not name, or one kind of canasta
after two were said), the correction is kept and the side is asked about (``unclear``),
never added up.

The correction words are the lexicon's ``correction`` list, and its ``correction_count``
list: a bare "no", "nej" that corrects only with a count right after it ("fire røde... nej
TRE røde") and keeps its own sense anywhere else ("no red threes").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_assemble import KIND_REACH, count_value, kind_of
from bot.talk.round_sides import Seating, opens_with_pronoun, opens_with_side, sides_of_words
from bot.talk.round_words import GAP, any_phrase, index_at
from bot.talk.text import fold

REACH = 3
MAX_POINTS_COUNT = 10
"""A number taken back above this is points; at most this, a count of something."""
"""Words back from a correction to the number it takes back ("40 left, no wait, 45")."""
GROUPS = {"NAT": "canasta", "MIX": "canasta", "CAN": "canasta", "RED": "red"}
"""The part of the round a kind word says: a canasta (of whatever kind) or red threes."""


@dataclass
class _Span:
    start: int
    end: int
    kinds: set[str]


@functools.cache
def _patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    plain = re.compile(rf"(?:^| )({any_phrase('correction', lang=lang)})(?= |$)")
    counted = re.compile(rf"(?:^| )({any_phrase('correction_count', lang=lang)})(?= |$)")
    nouns = re.compile(any_phrase("canasta", "three", lang=lang))
    return plain, counted, nouns


@functools.cache
def _ways_out(lang: str | None) -> tuple[tuple[re.Pattern[str], str], ...]:
    """How a side went out, each as a kind of the part "out": concealed or the ordinary way."""
    return tuple(
        (re.compile(rf"(?:^| )({any_phrase(field, lang=lang)})(?= |$)"), kind)
        for field, kind in (("concealed", "CONC"), ("normal", "NORM"))
    )


@functools.cache
def _answered(lang: str | None) -> tuple[re.Pattern[str], dict[str, str]]:
    """A negation alone right after a question mark ("concealed? no, normal", "skjult? nei
    - vanlig"), and each negation word's language's first correction phrase."""
    said: dict[str, str] = {}
    for code, lexicon in vocabulary().lexicons.items():
        if lang in (None, code) and lexicon.round.correction:
            for word in lexicon.round.correction_count:
                said.setdefault(fold(word), lexicon.round.correction[0])
    words = "|".join(sorted(map(re.escape, said), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"\?+\s*({words})(?=\s*[,;:.!]|\s+[-\u2013\u2014]|$)", re.I), said


def answered_question(text: str, lang: str | None) -> str:
    """The text with a speaker's answer to their own question said as a correction: "we went
    out concealed? no — normal", "6 røde treere? nej, 5", "piilosta?? ei, 5 punasta". A
    negation said alone after a question mark takes back what was asked, and the words after
    it replace it, as after "no wait". Why on the text: the question mark is a clause break
    that cutting into words loses, and "no" anywhere else keeps its own sense ("no red
    threes", ``correction_count``)."""
    pattern, said = _answered(lang)
    return pattern.sub(lambda m: m[0][: m.start(1) - m.start()] + said[fold(m[1])], text)


def _group(words: list[str], i: int, lang: str | None) -> tuple[str, str] | None:
    """(part, kind) the word at ``i`` names: a kind of canasta, the noun canasta, red threes."""
    kind = kind_of(words, i, lang)
    if kind:
        return GROUPS[kind], kind
    nouns = _patterns(lang)[2]
    if nouns.fullmatch(words[i]) and count_value(words[i], lang) is None:
        return "canasta" if "anast" in words[i] else "red", "CAN"
    return None


def _spans(clause: list[str], lang: str | None) -> dict[str, _Span]:
    """Where each part of the round is said in one clause, from the count before its first
    word to its last word ("2 røde treere", "en ren og en blandet")."""
    out: dict[str, _Span] = {}
    for i in range(len(clause)):
        found = _group(clause, i, lang)
        if found is None:
            continue
        group, kind = found
        span = out.setdefault(group, _Span(i, i, set()))
        span.end = i
        if kind != "CAN" or group == "canasta":
            span.kinds.add(kind)
    nouns = _patterns(lang)[2]
    for span in out.values():
        while span.end + 1 < len(clause) and nouns.fullmatch(clause[span.end + 1]):
            span.end += 1  # "one red three": the noun after the colour, a count word too
        for j in range(span.start - 1, max(-1, span.start - 1 - KIND_REACH), -1):
            if count_value(clause[j], lang) is not None:
                span.start = j
                break
    out.update(_way_out(clause, lang))
    return out


def _way_out(clause: list[str], lang: str | None) -> dict[str, _Span]:
    """Where the clause says how its side went out ("concealed", "fra hånden", "vanlig"): a
    part of the round a correction can replace, as a count is ("went out concealed, sorry,
    normal"). No count before it is its own."""
    joined = " ".join(clause)
    out: dict[str, _Span] = {}
    for pattern, kind in _ways_out(lang):
        for match in pattern.finditer(joined):
            first = index_at(joined, match.start(1))
            last = first + match.group(1).count(" ")
            span = out.setdefault("out", _Span(first, last, set()))
            span.start, span.end = min(span.start, first), max(span.end, last)
            span.kinds.add(kind)
    return out


def corrected(words: list[str], lang: str | None, seating: Seating | None = None) -> list[str]:
    """The words as the speaker meant them (see the module's docstring); a correction whose
    replacement is unclear is kept as said, for ``unclear`` to find. With ``seating``, a
    correction whose clause opens with a side ("no wait, WE had 2 red threes") replaces
    that side's value, wherever it was said (``_retold``), not the clause's right before
    it (often another side's)."""
    plain, counted, _ = _patterns(lang)
    replaced_until = -1
    i = 0
    while i < len(words):
        joined = " ".join(words)
        match = _at(plain, joined, i) or _at(counted, joined, i)
        if match is None:
            i += 1
            continue
        bare = match.re is counted
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        start = first
        while start and words[start - 1] == GAP:
            start -= 1
        clause_start = max((k + 1 for k in range(start) if words[k] == GAP), default=0)
        before = words[clause_start:start]
        after = _after(words, last)
        if bare and _doubled(words, last, plain, seating):
            # "nej undskyld 65", "ei sori, 50": one correction said in two words
            words = [*words[:first], *words[last + 1 :]]
            i = first
            continue
        if bare and not (
            after and (after[0].isdecimal() or count_value(after[0], lang) is not None)
        ):
            i = last + 1
            continue  # "no red threes": a "no" that corrects nothing
        if not bare and _adds(after, lang):  # "no wait, we had a mixed one too": one more
            both = first > 0 and words[first - 1] == GAP and words[last + 1 : last + 2] == [GAP]
            words = [*words[:first], *words[last + 1 + both :]]
            i = first
            continue
        split = None if bare else _one_of(before, after, lang) or _kind_of_one(before, after, lang)
        if split is not None:  # "2 naturals, no wait, one of them was mixed"
            head, tail = words[:clause_start], words[last + 1 :]
            tail = tail[1 + len(after) :] if tail[:1] == [GAP] else tail[len(after) :]
            words = [*head, *split, *tail]
            i = len(head) + len(split)
            continue
        owned = _trailing_correction(after, lang)
        if owned:  # "270.. nej 290 sorry, en ren": the apology after the value confirms it
            after = after[:owned]
        told = None if bare else _named_back(words, first, last, after, lang, seating)
        if told is None and seating is not None and not bare and opens_with_side(after, seating):
            told = _retold(words, first, last, after, lang, seating)
        if told is not None:  # "..., no wait, WE had 2 red threes": that side's value
            words, i = told
            continue
        replaced = _replace(before, after, lang)
        if replaced is not None:
            rewritten, used = replaced
            head = words[:clause_start]
            tail = words[last + 1 :]
            tail = tail[1 + len(after) :] if tail[:1] == [GAP] else tail[len(after) :]
            rest = [GAP, *after[used:]] if after[used:] else []  # "..., se oli": kept after
            if not rest:
                rewritten, tail = _resumed(rewritten, used, tail)
            words = [*head, *rewritten, *rest, *tail]
            replaced_until = len(head) + len(rewritten)
            i = replaced_until
            continue
        confirming = clause_start <= replaced_until <= first
        valued = any(_value_first(before[k:], lang) for k in range(len(before)))
        if not bare and (not valued or not after or confirming):
            # nothing to take back ("sorry, we had", "me siis 300", "nej 1 rød, undskyld,
            # og 30"): the word is dropped
            both = first > 0 and words[first - 1] == GAP and words[last + 1 : last + 2] == [GAP]
            words = [*words[:first], *words[last + 1 + both :]]
            i = first
            continue
        i = last + 1
    return words


@functools.cache
def _addition(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(rf"(?:^| )(?:{any_phrase('addition', lang=lang)})(?= |$)"),
        re.compile(rf"^(?:{any_phrase('one_of', lang=lang)})(?= |$)"),
    )


def _adds(after: list[str], lang: str | None) -> bool:
    """The clause after a correction says it adds to what was said ("no wait, we had a
    mixed one too", "nei vent, en uren i tillegg"): the correction takes nothing back, so
    its words go and the clause stays, one more of its side's values."""
    return bool(after) and _addition(lang)[0].search(" ".join(after)) is not None


def _one_of(before: list[str], after: list[str], lang: str | None) -> list[str] | None:
    """The clause before a correction with one of the canastas it counted given the kind
    said after it ("2 naturals, no wait, one of them was mixed" -> "1 naturals | 1 mixed"),
    when that clause counts two or more of one kind and the clause after opens with "one of
    them" and names one other kind with no count of its own; else None."""
    if not after or _addition(lang)[1].match(" ".join(after)) is None:
        return None
    said, again = _spans(before, lang), _spans(after, lang)
    if set(said) != {"canasta"} or set(again) != {"canasta"}:
        return None
    was, now = said["canasta"], again["canasta"]
    count = count_value(before[was.start], lang)
    kinds_now = now.kinds - {"CAN"}
    if count is None or count < 2 or len(was.kinds - {"CAN"}) != 1 or len(kinds_now) != 1:
        return None
    if kinds_now == was.kinds - {"CAN"}:
        return None
    if any(count_value(w, lang) is not None for w in after[now.start : now.end + 1]):
        return None  # "one of them, no, two were mixed": a count of its own
    kind = after[now.start : now.end + 1]
    return [*before[: was.start], str(count - 1), *before[was.start + 1 :], GAP, "1", *kind]


def _kind_of_one(before: list[str], after: list[str], lang: str | None) -> list[str] | None:
    """The clause before a correction with its one canasta given the other kind the clause
    after it names with no count ("en uren kanasta, nej vent, den var ren" -> "en ren
    kanasta"), when the clause before counts one canasta of one kind and the clause after
    says no other part of the round; else None. The words before the kind in the clause
    after ("it was", "den var", "se oli") need no list: one canasta, one other kind."""
    said, again = _spans(before, lang), _spans(after, lang)
    if set(said) != {"canasta"} or set(again) != {"canasta"}:
        return None
    was, now = said["canasta"], again["canasta"]
    kinds_was, kinds_now = was.kinds - {"CAN"}, now.kinds - {"CAN"}
    if count_value(before[was.start], lang) != 1 or len(kinds_was) != 1 or len(kinds_now) != 1:
        return None
    if kinds_now == kinds_was or any(count_value(w, lang) is not None for w in after):
        return None
    kind = [w for w in after[now.start : now.end + 1] if _group([w], 0, lang)]
    return [*before[: was.start + 1], *kind, *before[was.end + 1 :]]


def _doubled(words: list[str], last: int, plain: re.Pattern[str], seating: Seating | None) -> bool:
    """A bare "no" ending at word ``last`` said right before a correction phrase ("nej
    undskyld 65", "ei sori, 50 käteen"): the two are one correction, the phrase's. Not
    when a side opens what follows ("nej undskyld, VI havde de 2 røde"): a value moved
    from one side to another is left as said, to be asked about."""
    after = _after(words, last)
    match = _at(plain, " ".join(after), 0) if after else None
    if match is None:
        return False
    rest = after[match.group(1).count(" ") + 1 :] or _after(words, last + 1 + len(after))
    return seating is None or not opens_with_side(rest, seating)


def _resumed(rewritten: list[str], used: int, tail: list[str]) -> tuple[list[str], list[str]]:
    """A correction said as an aside, with the clause after it opening with a number ("we
    went out with 2 natural - no, one natural and one mixed - 380 points"): the sentence
    the aside broke resumes there ("went out with ... 380 points"), so that clause goes
    back to the words before the value taken back, and the value said after the
    correction follows as a clause of its own. (``rewritten``, ``tail``) as they are
    otherwise."""
    head = rewritten[: len(rewritten) - used]
    if not head or head[-1] == GAP or tail[:1] != [GAP] or not tail[1:2] or not tail[1].isdecimal():
        return rewritten, tail
    end = next((k for k in range(1, len(tail)) if tail[k] == GAP), len(tail))
    return [*head, *tail[1:end], GAP, *rewritten[len(head) :]], tail[end:]


def _after(words: list[str], last: int) -> list[str]:
    """The clause said right after a correction ending at word ``last``."""
    start = last + 1 + (words[last + 1 : last + 2] == [GAP])
    end = next((k for k in range(start, len(words)) if words[k] == GAP), len(words))
    return words[start:end]


def _value_first(clause: list[str], lang: str | None) -> bool:
    """The clause opens with a value: a number, a count or a part of the round."""
    if not clause:
        return False
    first = clause[0]
    counted = count_value(first, lang) is not None
    parts = _spans(clause[:1], lang).keys() - {"out"}  # how a side went out is no value
    return first.isdecimal() or counted or bool(parts)


def unclear(words: list[str], lang: str | None) -> list[str]:
    """The corrections left in a side's words (after ``corrected``) with a value after them:
    what they replace is unclear, so the side is asked about, never added up. So is one
    that ends the side's words after a value ("they had two red threes, no sorry, WE had the
    two"): ``corrected`` keeps a correction only with words after it, so those went to
    another side, and what moved from this side to that one is not for the reader to say."""
    plain, counted, _ = _patterns(lang)
    joined = " ".join(words)
    out = []
    for match in plain.finditer(joined):
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        after = _after(words, last)
        if _value_first(after, lang):
            out.append(" ".join(w for w in [match.group(1), *after] if w != GAP))
        elif _ends(words, last) and _valued_before(words, first, lang):
            out.append(" ".join(w for w in [*_before(words, first), match.group(1)] if w != GAP))
    kept = list(words)
    while kept and kept[-1] == GAP:
        kept.pop()
    starts = [k + 1 for k in range(len(kept)) if kept[k] == GAP]
    for end in starts:
        stop = next((k for k in range(end, len(kept)) if kept[k] == GAP), len(kept))
        said = " ".join(kept[end:stop])
        closing = stop == len(kept) or opens_with_pronoun(kept[stop + 1 :], lang)
        if closing and counted.fullmatch(said) and _valued_before(kept, end - 1, lang):
            # "... og to røde, nei, vi hadde de to": a lone "no" after a value, ending the
            # side's words or before a clause opening with a side ("de hadde to røde, nei,
            # ..., de hadde ingen"), takes back something (a sheet's "| ei |" is no such)
            out.append(" ".join(w for w in [*_before(kept, end - 1), said] if w != GAP))
    return out


def _ends(words: list[str], last: int) -> bool:
    """Nothing but clause gaps after the word at ``last``."""
    return all(word == GAP for word in words[last + 1 :])


def _before(words: list[str], first: int) -> list[str]:
    """The clause said before the word at ``first`` (gaps right before it skipped)."""
    start = first
    while start and words[start - 1] == GAP:
        start -= 1
    begin = max((k + 1 for k in range(start) if words[k] == GAP), default=0)
    return words[begin:start]


def _valued_before(words: list[str], first: int, lang: str | None) -> bool:
    before = _before(words, first)
    return any(_value_first(before[k:], lang) for k in range(len(before)))


def _at(pattern: re.Pattern[str], joined: str, i: int) -> re.Match[str] | None:
    """The pattern's match that starts at word ``i``, if any."""
    for match in pattern.finditer(joined):
        if index_at(joined, match.start(1)) == i:
            return match
    return None


def _replace(before: list[str], after: list[str], lang: str | None) -> tuple[list[str], int] | None:
    """The clause before the correction with what follows it in place of the value it takes
    back, and how many words of what follows that took (the rest of its clause stays where
    it was said: "1 clean and 300 melded, sorry, 2 clean, they had 150" keeps the 300 ours);
    None when nothing clearly is replaced."""
    if not before or not after:
        return None
    said, again = _spans(before, lang), _spans(after, lang)
    if "out" in said and "out" in again and said["out"].kinds == again["out"].kinds:
        del said["out"], again["out"]  # "concealed, actually, all in one go": said again
    shared = sorted(said.keys() & again.keys(), key=lambda g: said[g].start)
    if shared:
        for group in shared:
            was, now = said[group].kinds - {"CAN"}, again[group].kinds - {"CAN"}
            if len(was) > 1 and not was <= now:
                return None  # "2 naturals and 1 mixed, sorry, 2 mixed": which one?
        used = max(span.end for span in again.values()) + 1
        out = list(before)
        for group in sorted(shared, key=lambda g: said[g].start, reverse=True):
            span = said[group]
            put = after[:used] if group == shared[0] else []
            out[span.start : span.end + 1] = put
        return out, used
    counted = _count_replaced(before, after, said, again, lang)
    if counted is not None:
        return counted
    if again or not after[0].isdecimal():
        return None
    back = [j for j in range(max(0, len(before) - REACH), len(before)) if before[j].isdecimal()]
    if not back:
        return None
    # "40 left, no wait, 45": the number taken back gives way, its words stay
    return [*before[: back[-1]], *after[:1], *before[back[-1] + 1 :], *after[1:]], len(after)


def _count_replaced(
    before: list[str],
    after: list[str],
    said: dict[str, _Span],
    again: dict[str, _Span],
    lang: str | None,
) -> tuple[list[str], int] | None:
    """A count taken back where the part it counts is said on one side of the correction
    only: a count with nothing after it, then the count with its part ("410, two, no wait,
    three red threes"), or one part counted, then a count alone ("one canasta, no wait,
    two, a clean and a dirty"). The count said after the correction stands in the earlier
    one's place; None when that is not the shape of it."""
    if not said and again and count_value(before[-1], lang) is not None:
        if count_value(after[0], lang) is None:
            return None
        used = max(span.end for span in again.values()) + 1
        return [*before[:-1], *after[:used]], used
    if again or len(said) != 1 or count_value(after[0], lang) is None:
        return None
    span = next(iter(said.values()))
    if count_value(before[span.start], lang) is None or before[span.start] == after[0]:
        return None
    return [*before[: span.start], after[0], *before[span.start + 1 :]], 1


def red_threes_taken_back(words: list[str], lang: str | None) -> list[list[str]]:
    """What is said after each correction said in a clause that names red threes, or right
    before or after one ("they had two red threes, no sorry, WE had the two": "we had the
    two"); ``words`` as said, before ``corrected``. Said for another side, the speaker took
    red threes back from one side to another, and which side is left without them is not
    something to read past."""
    plain, counted, _ = _patterns(lang)
    joined = " ".join(words)
    out = []
    for pattern in (plain, counted):
        for match in pattern.finditer(joined):
            first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
            after = _after(words, last)
            if pattern is counted and not (after and count_value(after[0], lang) is not None):
                continue  # "no red threes": a "no" that takes nothing back
            near = [*_before(words, first), GAP, *after]
            if any(kind_of(near, i, lang) == "RED" for i in range(len(near))):
                out.append(after)
    return out


def _trailing_correction(words: list[str], lang: str | None) -> int | None:
    """Where a correction phrase ending the words starts (clause gaps before it included)."""
    plain = _patterns(lang)[0]
    kept = list(words)
    while kept and kept[-1] == GAP:
        kept.pop()
    for size in range(min(3, len(kept)), 0, -1):
        if plain.fullmatch(" " + " ".join(kept[-size:])):
            start = len(kept) - size
            while start and kept[start - 1] == GAP:
                start -= 1
            return start
    return None


@functools.cache
def _negation(lang: str | None) -> re.Pattern[str]:
    return re.compile(any_phrase("negation", lang=lang))


def _told(words: list[str], last: int, lang: str | None) -> tuple[list[str], str | None, int]:
    """The clause after a correction ending at word ``last`` without the value it takes back
    ("..., no wait, we had 2 red threes not 1", "vent, det var 115 på hånda, ikke 95"), that
    value's word (None when none is), and the index after the words they take."""
    begin = last + 1 + (words[last + 1 : last + 2] == [GAP])
    after = _after(words, last)
    stop = begin + len(after)
    clause, denied = _denied(after, lang)
    if denied is None and words[stop : stop + 1] == [GAP]:
        more = words[stop + 1 : stop + 3]
        closes = stop + 3 >= len(words) or words[stop + 3] == GAP
        if len(more) == 2 and closes and GAP not in more:
            _, denied = _denied(["", *more], lang)
            if denied is not None:
                stop += 3
    return clause, denied, stop


def _denied(clause: list[str], lang: str | None) -> tuple[list[str], str | None]:
    """The clause without a value taken back at its end ("2 red threes not 1", "115 på
    hånda, ikke 95"), and that value's word (None when none is)."""
    if (
        len(clause) > 2
        and _negation(lang).fullmatch(clause[-2])
        and (clause[-1].isdecimal() or count_value(clause[-1], lang) is not None)
    ):
        return clause[:-2], clause[-1]
    return clause, None


def _retold(
    words: list[str], first: int, last: int, after: list[str], lang: str | None, seating: Seating
) -> tuple[list[str], int] | None:
    """A correction that names the side it corrects, said after another part of the
    sentence ("they: ..., 30 in hand. no wait, we had 2 red threes not 1", "nei vent, de
    hadde to røde", "wait she had 3 red threes not 2"): what the clause after it says
    replaces the value of the same part of the round (canastas, red threes, how it went
    out) said last for THAT side, in whichever of its clauses it was said; the correction
    words and the old value named after a negation ("not 1", "ikke 2") go. (The words, the
    index to read on from); None when that side said no such part before, the old value
    named is not the one said, or one kind of canasta is said after two were: the words
    are then read as any correction (a value moved from one side to another is asked
    about: "they had two red threes, no sorry, WE had the two")."""
    begin = last + 1 + (words[last + 1 : last + 2] == [GAP])
    clause, denied, stop = _told(words, last, lang)
    again = _spans(clause, lang)
    sides = sides_of_words(words, seating)
    side = sides[begin]
    if not again or side is None:
        return None
    start = first
    while start and words[start - 1] == GAP:
        start -= 1
    clauses, k = [], 0
    for end in [*(j for j in range(start) if words[j] == GAP), start]:
        if end > k:
            clauses.append((k, end))
        k = end + 1
    drop: set[int] = set()
    for group, now in again.items():
        found = None
        for k, end in reversed(clauses):
            span = _spans(words[k:end], lang).get(group)
            if span is not None and sides[k + span.start] == side:
                found = (k + span.start, k + span.end, span.kinds)
                break
        if found is None:
            return None
        at, to, was = found
        if len(was - {"CAN"}) > 1 and not (was - {"CAN"}) <= (now.kinds - {"CAN"}):
            return None  # "1 natural 1 mixed ... no wait, we had 2 mixed": which one?
        if denied is not None and count_value(words[at], lang) != count_value(denied, lang):
            return None  # "not 1" said of a count that was not 1
        drop.update(range(at, to + 1))
        if to + 1 < len(words) and words[to + 1] == GAP and (not at or words[at - 1] == GAP):
            drop.add(to + 1)  # the clause is gone: its gap too
    drop.update(range(first, begin))  # the correction words (and the gap after them)
    if denied is not None:  # "not 1": the value taken back, and a gap before it
        drop.update(j for j in range(begin + len(clause), stop))
    kept = [w for j, w in enumerate(words) if j not in drop]
    return kept, len([j for j in range(begin) if j not in drop])


def _named_back(
    words: list[str],
    first: int,
    last: int,
    after: list[str],
    lang: str | None,
    seating: Seating | None,
) -> tuple[list[str], int] | None:
    """A correction that names the value it takes back after a negation ("vent, det var 115
    på hånda, ikke 95", "nej hov, det var 55 de havde på hånden, ikke 65"): where that value
    was said, once, before the correction, the one other value of the clause takes its
    place, and the correction and its clause go. (The words, the index to read on from);
    None when the value taken back was not said exactly once, the clause says more than
    one value, a side it names is not the one the value was said for, or the value was said
    of another part of the round than the clause names (a count of red threes for canastas)."""
    clause, denied, stop = _told(words, last, lang)
    if denied is None:
        return None
    said = [j for j in range(first) if words[j] == denied]
    values = [w for w in clause if w.isdecimal() or count_value(w, lang) is not None]
    if len(said) != 1 or len(values) != 1:
        return None
    at, new = said[0], values[0]
    again = _spans(clause, lang)
    if again:
        begin = max((k + 1 for k in range(at) if words[k] == GAP), default=0)
        end = next((k for k in range(at, len(words)) if words[k] == GAP), len(words))
        was = _spans(words[begin:end], lang)
        if not any(begin + span.start == at and group in again for group, span in was.items()):
            return None
    elif not denied.isdecimal() or int(denied) <= MAX_POINTS_COUNT or not new.isdecimal():
        return None  # a bare small count: of which part?
    if seating is not None:
        sides = sides_of_words(words, seating)
        begin = last + 1 + (words[last + 1 : last + 2] == [GAP])
        named = {
            sides[begin + k] for k in range(len(clause)) if opens_with_side(clause[k:], seating)
        }
        if named and named != {sides[at]}:
            return None
    start = first
    while start and words[start - 1] == GAP:
        start -= 1
    kept = [*words[:at], new, *words[at + 1 : start], *words[stop:]]
    return kept, start
