"""Going out said once for two sides: "we didn't go out, they did", "vi gikk ikke ut, det
gjorde de", "me ei menty ulos vaan ne".

Why: the cut into sides (``round_sides``) gives the second side only "they did" (or just
"de", "ne"), which says nothing a reader can read, and the round is then asked about (no
side went out, so the other side's hand is missing) though the speaker said who went out.
The elliptic clause stands for the verb of the clause before it without its negation, so
that verb, negation left out, is said in the second side's words.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_sides import TABLE, Segment
from bot.talk.round_words import GAP, any_phrase
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


def elliptic(parts: list[Segment], lang: str | None) -> list[Segment]:
    """``parts`` with each elliptic going out said in full in the words of the side it names
    (see the module's docstring). Only a side named with nothing but ellipsis words in its
    first clause, right after another side's negated going out: any other word in it ("they
    did 290") and the clause is left as said."""
    out = list(parts)
    for n in range(1, len(out)):
        before, segment = out[n - 1], out[n]
        sides = {before.side, segment.side}
        if None in sides or sides & TABLE or before.side == segment.side:
            continue
        first = segment.words[segment.lead :]
        first = first[: first.index(GAP)] if GAP in first else first
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
