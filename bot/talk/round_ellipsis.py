"""Going out said once for two sides: "we didn't go out, they did", "vi gikk ikke ut, det
gjorde de", "me ei menty ulos vaan ne"; and a count said once with its kind for two sides:
"we had 3 red threes and they one", "meil 3 punasta ja ne yhen".

Why: the cut into sides (``round_sides``) gives the second side only "they did" (or just
"de", "ne"), which says nothing a reader can read, and the round is then asked about (no
side went out, so the other side's hand is missing) though the speaker said who went out.
The elliptic clause stands for the verb of the clause before it without its negation, so
that verb, negation left out, is said in the second side's words. In the same way a second
side's clause that is nothing but a count stands for the kind counted right before it (its
words are said after the count): left bare, the count counts nothing, and the second side's
red threes went unread (and were then taken as none, since the first side's were said).
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_assemble import count_value, kind_of
from bot.talk.round_sides import TABLE, Segment
from bot.talk.round_words import GAP, any_phrase, listed
from bot.talk.text import fold, normalise, tokens


@functools.cache
def _patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    went_out = re.compile(rf"(?:^| )({any_phrase('went_out', lang=lang)})(?= |$)")
    negation = re.compile(rf"(?:^| ){any_phrase('negation', lang=lang)}(?= |$)")
    return went_out, negation


@functools.cache
def _ellipsis(lang: str | None) -> frozenset[str]:
    """Every word of ``lang``'s ellipsis phrases (each is matched word by word)."""
    lexicons = vocabulary().lexicons
    return frozenset(
        word
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for said in lexicon.round.ellipsis
        for word in tokens(fold(normalise(said)))
    )


def _trailing(words: list[str], lang: str | None) -> int:
    """How many of ``words``' last words are ellipsis words or gaps ("... | det gjorde")."""
    kept = len(words)
    while kept and (words[kept - 1] in _ellipsis(lang) or words[kept - 1] == GAP):
        kept -= 1
    return len(words) - kept


def _denied_out(words: list[str], lang: str | None) -> list[str] | None:
    """The going out of the last clause of ``words``, negation left out, when that clause
    says it negated ("we didnt go out" -> "go out", "gik ikke ud" -> "gik ud"), else None."""
    body = words[len(words) - words[::-1].index(GAP) :] if GAP in words else words
    went_out, negation = _patterns(lang)
    joined = " ".join(body)
    for match in went_out.finditer(joined):
        said = match[1].split()
        before = joined[: match.start(1)].split()[-2:]
        if negation.search(" ".join([*before, *said])):  # "didn't go out", "gik ikke ud"
            return [w for w in said if not negation.fullmatch(w)]
    return None


KIND_WORDS = 3
"""The most words a kind is said in ("red threes", "mixed canastas", "røde treere")."""
SMALLEST_POINTS = 5
"""A bare figure from here on after a side's name is points ("and they 5"), not a count."""


def _counted_kind(words: list[str], lang: str | None) -> list[str] | None:
    """The kind words after the last count (or negation: "meillä ei ollut punaisia") of the
    last clause of ``words`` when that clause ends on them ("meil 3 punasta ja" ->
    ["punasta"]), else None."""
    end = len(words)
    while end and (words[end - 1] in listed("words", "joiners", lang) or words[end - 1] == GAP):
        end -= 1
    start = max((i + 1 for i in range(end) if words[i] == GAP), default=0)
    _, negation = _patterns(lang)
    counts = [
        i
        for i in range(start, end)
        if count_value(words[i], lang) is not None or negation.fullmatch(words[i])
    ]
    if not counts or counts[-1] + 1 >= end:
        return None
    # a verb may stand between a negation and its kind ("ei ollut punaisia")
    first = next((j for j in range(counts[-1] + 1, end) if kind_of(words, j, lang)), end)
    if first >= end or first - counts[-1] > 2:
        return None
    kind = words[first:end]
    if len(kind) > KIND_WORDS or kind_of(kind, 0, lang) is None:
        return None  # "3 red threes" counts a kind; "3 of them lol" names none
    return kind


def _second_sides(parts: list[Segment]) -> list[tuple[int, list[str]]]:
    """(index, first clause after the name) of each segment that follows another side's: the
    places where a clause may stand for the one before it. Either of them a side for the whole
    table, or unknown, or the same side again: no such place."""
    out = []
    for n in range(1, len(parts)):
        before, segment = parts[n - 1], parts[n]
        sides = {before.side, segment.side}
        if None in sides or sides & TABLE or before.side == segment.side:
            continue
        first = segment.words[segment.lead :]
        out.append((n, first[: first.index(GAP)] if GAP in first else first))
    return out


VERB_WORDS = 2
"""The most words a lone count's clause says before it ("they had two", "heillä kaksi")."""


def _lone_count(first: list[str], lang: str | None) -> bool:
    """The clause ends on a count too small to be points, and its few words before it are
    neither numbers, counts nor kinds ("had", "oli"): a count whose kind is not said."""
    if not first or len(first) > VERB_WORDS + 1 or count_value(first[-1], lang) is None:
        return False
    if first[-1].isdecimal() and int(first[-1]) >= SMALLEST_POINTS:
        return False
    return all(
        not w.isdecimal() and count_value(w, lang) is None and kind_of(first, j, lang) is None
        for j, w in enumerate(first[:-1])
    )


def _gapped_counts(parts: list[Segment], lang: str | None) -> list[Segment]:
    """Each second side's clause that is a lone count given the kind the side before it
    counted (see the module's docstring); a figure that may be points is left as said."""
    out = list(parts)
    for n, first in _second_sides(out):
        before, segment = out[n - 1], out[n]
        if not _lone_count(first, lang):
            continue
        kind = _counted_kind(before.words, lang)
        if kind is None:
            continue
        at = segment.lead + len(first)
        out[n] = replace(segment, words=[*segment.words[:at], *kind, *segment.words[at:]])
    return out


def elliptic(parts: list[Segment], lang: str | None) -> list[Segment]:
    """``parts`` with each elliptic going out said in full in the words of the side it names,
    and each lone count given its kind (see the module's docstring). Only a side named with
    nothing but ellipsis words in its first clause, right after another side's negated going
    out: any other word in it ("they did 290") and the clause is left as said."""
    out = _gapped_counts(parts, lang)
    for n, first in _second_sides(out):
        before, segment = out[n - 1], out[n]
        if any(word not in _ellipsis(lang) for word in first):
            continue
        tail = _trailing(before.words, lang)
        ellipsis = [w for w in before.words[len(before.words) - tail :] if w != GAP]
        if not (first or ellipsis):
            continue
        verb = _denied_out(before.words[: len(before.words) - tail], lang)
        if verb is None:
            continue
        end, kept = segment.lead + len(first), len(before.words) - tail
        out[n - 1] = replace(before, words=[*before.words[:kept], GAP])
        said = [*segment.words[: segment.lead], *verb, *segment.words[end:]]
        out[n] = replace(segment, words=said)
    return out
