"""Numbers said in words, read as digits: "three hundred and fifty" -> 350, "tjuefem" -> 25,
"femogtyve" -> 25, "kolmesataa" -> 300, "fifteen hundred" -> 1500.

Every word comes from the lexicon (``bot.scoring.vocabulary``), with the lemmatizer's forms
("kahden", "kolmea"). Only numbers above ``KEEP_BELOW`` are rewritten: "one clean canasta"
and "to konger" keep their count words, which the card and round readers read as counts.
"""

from __future__ import annotations

import functools
import re

from bot.rules.text import fold, normalise
from bot.scoring.vocabulary import vocabulary

KEEP_BELOW = 11
SCALES = (100, 1000)
TENS = range(20, 100, 10)
_WORD = re.compile(r"[^\W_]+")
MIN_PART = 2
"""Shortest number word a glued compound is cut into ("ti", "to")."""


@functools.cache
def _values() -> dict[str, int]:
    """Folded number word -> value; a word one language uses for one is read as 1 only before
    a scale ("a hundred", "et hundrede"), see ``_value``."""
    out: dict[str, int] = {}
    for word, value in vocabulary().number_words.items():
        out.setdefault(fold(word), value)
    return out


@functools.cache
def _joiners() -> frozenset[str]:
    return frozenset(fold(w) for w in vocabulary().words("joiners"))


@functools.cache
def _ones() -> frozenset[str]:
    return frozenset(fold(w) for w in vocabulary().words("one"))


@functools.lru_cache(maxsize=4096)
def glued(word: str) -> tuple[int, ...] | None:
    """A word made of number words ("tjuefem", "kaksikymmentäviisi", "femogtyve"), split into
    their values; None when it is not one."""
    values = _values()
    if word in values:
        return (values[word],)
    for end in range(len(word) - MIN_PART, MIN_PART - 1, -1):
        head, rest = word[:end], word[end:]
        if head in values:
            tail = glued(rest[2:]) if rest.startswith("og") and len(rest) > MIN_PART else None
            tail = tail or glued(rest)
            if tail:
                return (values[head], *tail)
    return None


def compose(values: tuple[int, ...]) -> int | None:
    """The number the values say in order, or None when they are no single number ("five
    five"): each part is a scale, or smaller than the last one, or tens after a unit (Danish
    "fem og tyve")."""
    total = current = 0
    last = None
    for value in values:
        if value in SCALES:
            if current >= value:
                return None
            current = (current or 1) * value
            if value == max(SCALES):
                total, current = total + current, 0
        elif last is None or last in SCALES or value < last % 100 or (last < 10 and value in TENS):
            if last is not None and last < 10 and value < 10:
                return None
            current += value
        else:
            return None
        last = value
    return total + current


def _value(tokens: list[str], start: int) -> tuple[int, int] | None:
    """(value, tokens used) of the longest number said from ``tokens[start]``, or None."""
    values: list[int] = []
    best: tuple[int, int] | None = None
    i = start
    while i < len(tokens):
        word = tokens[i]
        parts = glued(word)
        nxt = glued(tokens[i + 1]) if i + 1 < len(tokens) else None
        if parts is None and word in _ones() and nxt and nxt[0] in SCALES:
            parts = (1,)
        elif parts is None and values and word in _joiners() and nxt:
            i += 1
            continue
        if parts is None:
            break
        values += parts
        number = compose(tuple(values))
        if number is None:
            break
        best = (number, i + 1 - start)
        i += 1
    return best


_PAUSE = re.compile(r"([,;:.!?]+)")
"""Punctuation ends a number said in words: "four hundred and twenty, one clean" is 420."""


def spell_digits(text: str) -> str:
    """``text`` (normalised, lower case) with every number of ``KEEP_BELOW`` or more said in
    words written in digits; everything else is left as it is."""
    return "".join(_spell_clause(part) for part in _PAUSE.split(text))


def _spell_clause(text: str) -> str:
    matches = list(_WORD.finditer(text))
    words = [fold(m.group()) for m in matches]
    out: list[str] = []
    pos = i = 0
    while i < len(words):
        found = _value(words, i)
        if found and (found[0] >= KEEP_BELOW):
            number, used = found
            out += [text[pos : matches[i].start()], str(number)]
            pos = matches[i + used - 1].end()
            i += used
        else:
            i += 1
    out.append(text[pos:])
    return "".join(out)


PLAYER_COUNTS = range(2, 7)


@functools.cache
def _player_patterns() -> tuple[dict[str, int], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(words that say the count themselves, "we are N" pattern, "N players" pattern), from
    the lexicon's ``players`` words, folded."""
    alone: dict[str, int] = {}
    we: set[str] = set()
    nouns: set[str] = set()
    for lexicon in vocabulary().lexicons.values():
        for count, words in lexicon.players.alone.items():
            alone.update(dict.fromkeys((fold(w) for w in words), int(count)))
        we.update(fold(w) for w in lexicon.players.we)
        nouns.update(fold(w) for w in lexicon.players.nouns)

    def either(words: set[str]) -> str:
        return "|".join(sorted(map(re.escape, words), key=len, reverse=True))

    after = re.compile(
        rf"(?<!\w)(?:{either(we)})\s+(\w+)(?=\s*(?:$|[,.?!;:]|(?:{either(nouns)})(?!\w)))"
    )
    before = re.compile(rf"(?<!\w)(\w+)\s+(?:{either(nouns)})(?!\w)")
    return alone, re.compile(rf"(?<!\w)(?:{either(set(alone))})(?!\w)"), after, before


def player_count(question: str) -> int | None:
    """How many play, when the question says so colloquially: "kahestaan", "vi er tre",
    "me kaks", "bare os to", "three players"; None when it says no count from 2 to 6."""
    alone, said, after, before = _player_patterns()
    text = fold(normalise(question))
    found = said.search(text)
    if found:
        return alone[found.group()]
    for pattern in (after, before):
        for match in pattern.finditer(text):
            word = match[1]
            count = int(word) if word.isdecimal() else _values().get(word)
            if count in PLAYER_COUNTS:
                return count
    return None


MIN_VARIANT_PREFIX = 4


@functools.cache
def _variant_words() -> tuple[tuple[str, str], ...]:
    """(folded word, variant id) from every lexicon's ``variants`` lists, longest first."""
    pairs = {
        (fold(word), variant)
        for lexicon in vocabulary().lexicons.values()
        for variant, words in lexicon.variants.items()
        for word in words
    }
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def variant_named(question: str) -> str | None:
    """The variant a word of the question names ("kubansk", "kuubalaisessa" -> cuban): a word
    that starts with one of the lexicon's variant words."""
    for word in _WORD.findall(fold(normalise(question))):
        for name, variant in _variant_words():
            if len(name) >= MIN_VARIANT_PREFIX and word.startswith(name):
                return variant
    return None
