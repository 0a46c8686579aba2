"""Numbers said in words, read as digits: "three hundred and fifty" -> 350, "tjuefem" -> 25,
"femogtyve" -> 25, "kolmesataa" -> 300, "fifteen hundred" -> 1500.

Every word comes from the lexicon (``bot.scoring.vocabulary``), with the lemmatizer's forms
("kahden", "kolmea"). Only numbers above ``KEEP_BELOW`` are rewritten: "one clean canasta"
and "to konger" keep their count words, which the card and round readers read as counts.
"""

from __future__ import annotations

import functools
import re

from bot.scoring.vocabulary import vocabulary
from bot.talk.text import fold, function_words

KEEP_BELOW = 11
SCALES = (100, 1000)
TENS = range(20, 100, 10)
_WORD = re.compile(r"[^\W_]+")
MIN_PART = 2
"""Shortest number word a glued compound is cut into ("ti", "to")."""


_VALUES = {fold(w): n for w, n in reversed(vocabulary().number_words.items())}
"""Folded number word -> value; a word one language uses for one is read as 1 only before a
scale ("a hundred", "et hundrede"), see ``_value``."""
_JOINERS = frozenset(fold(w) for w in vocabulary().words("joiners"))
_ONES = frozenset(fold(w) for w in vocabulary().words("one"))
_CHAT_SCALES = frozenset(
    word for word in map(fold, function_words()) if _VALUES.get(word) in SCALES
)
"""Words for a hundred or a thousand that are also chat words ("grand", "sådan" folded to
Finnish "sadan"): a number only after a count ("three grand"), never alone ("grand total")."""
_HALF_MORE = sorted(
    {tuple(fold(w).split()) for w in vocabulary().words("half_more")}, key=len, reverse=True
)
"""One and a half of the scale after it: "halvannen tusen" is 1500, "puolitoista sataa" 150,
"one and a half thousand" 1500; glued too ("puolitoistatuhatta")."""
_HALF_MORE_FIRST = frozenset(h[0] for h in _HALF_MORE)
"""The first words of ``_HALF_MORE``: ``_half_scale`` is asked at every word of a question."""
_HALF = sorted({tuple(fold(w).split()) for w in vocabulary().words("half")}, key=len, reverse=True)
"""Half of the scale after it, after a count and a joiner: "two and a half thousand" is 2500,
"kaksi ja puoli tonnia" too."""
UNREAD = -1
"""``_value`` of number words read only in part ("fifteen-fifty" as 15, "kaksi ja puoli
tonnia" as 2): a prefix would be a wrong number, so none is given."""
UNREAD_MARK = "(?)"
"""What ``spell_digits`` writes for number words it could not read whole: no reader takes it
for a number or a card, so a question with it asks or gives no figure."""
_LETTERS = "|".join(map(re.escape, vocabulary().words("thousands"))) or "(?!)"
_THOUSANDS = re.compile(rf"(?<![\w.,])(\d{{1,2}}(?:[.,]\d{{1,2}})?)(?:{_LETTERS})(?!\w)")
"""Digits and a lower-case letter for thousands, glued: "2k" is 2000, "1.5k" 1500 ("2 K" and
"2K" stay a two and a king)."""


@functools.lru_cache(maxsize=4096)
def glued(word: str) -> tuple[int, ...] | None:
    """A word made of number words ("tjuefem", "kaksikymmentäviisi", "femogtyve"), split into
    their values; None when it is not one."""
    if word in _VALUES:
        return (_VALUES[word],)
    for half in (h[0] for h in _HALF_MORE if len(h) == 1):
        scale = glued(word[len(half) :]) if word.startswith(half) else None
        if scale and len(scale) == 1 and scale[0] in SCALES:
            return (1, scale[0], scale[0] // 2)
    for end in range(len(word) - MIN_PART, MIN_PART - 1, -1):
        head, rest = word[:end], word[end:]
        if head in _VALUES:
            tail = glued(rest[2:]) if rest.startswith("og") and len(rest) > MIN_PART else None
            tail = tail or glued(rest)
            if tail:
                return _tens((_VALUES[head], *tail))
    return None


TEN = 10


def _tens(values: tuple[int, ...]) -> tuple[int, ...]:
    """A unit glued to a ten is that many tens, as Finnish inflects each part of its tens:
    "yhdeksällä|kymmenellä" (with ninety) is 9 and 10, read as 90."""
    if len(values) > 1 and 1 < values[0] < TEN and values[1] == TEN:
        return (values[0] * TEN, *values[2:])
    return values


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
        elif last == TEN and value < TEN:
            return None  # no language says a teen as ten and a unit: "ten four" is two cards
        elif (
            last is None
            or last in SCALES
            or value < last % 100
            or (last < 10 and value in TENS and (current - last) % 100 == 0)
        ):
            # a unit before its tens ("fem og tyve") only when no tens came before the unit:
            # "twenty-nine ninety-five" is no 20 + 9 + 90 + 5
            if last is not None and last < 10 and value < 10:
                return None
            current += value
        else:
            return None
        last = value
    return total + current


@functools.cache
def _kind_stems() -> tuple[tuple[str, ...], frozenset[str]]:
    """(stems, whole words) of every language's single words for a kind of canasta, for the
    canasta and for red (the round lexicon's ``natural``, ``mixed``, ``canasta``; colours'
    ``red``): what a count is said before."""
    stems: list[str] = []
    words: set[str] = set()
    for lexicon in vocabulary().lexicons.values():
        said = [*lexicon.round.natural, *lexicon.round.mixed, *lexicon.round.canasta]
        for word in map(fold, [*said, *lexicon.colours.red]):
            if " " in word:
                continue
            if word.endswith("*"):
                stems.append(word.rstrip("*"))
            else:
                words.add(word)
    return tuple(stems), frozenset(words)


def _a_kind(word: str) -> bool:
    stems, words = _kind_stems()
    return word in words or word.startswith(stems)


def _count_before_kind(tokens: list[str], i: int, start: int, parts: tuple[int, ...]) -> bool:
    """A number said as one word ("neljäsataaviiskyt") ends at its space when the next word
    is a unit counting a kind after it: "neljäsataaviiskyt kaks likasta kanastaa" is 450 and
    two dirty canastas, not 452 ("viiskyt kaks" alone stays 52)."""
    first = glued(tokens[start])
    return (
        i == start + 1
        and first is not None
        and len(first) > 1
        and len(parts) == 1
        and parts[0] < TEN
        and i + 1 < len(tokens)
        and _a_kind(tokens[i + 1])
    )


def _value(tokens: list[str], start: int, short: bool = False) -> tuple[int, int] | None:
    """(value, tokens used) of the longest number said from ``tokens[start]``, or None;
    ``short``: hundreds may be said without the word ("five twenty", see ``_spoken_hundreds``)."""
    values: list[int] = []
    best: tuple[int, int] | None = None
    i = start
    while i < len(tokens):
        word = tokens[i]
        parts = glued(word) or _mixed_digits(tokens, i, values)
        nxt = glued(tokens[i + 1]) if i + 1 < len(tokens) else None
        if nxt is None and i + 1 < len(tokens) and values and values[-1] in SCALES:
            nxt = _mixed_digits(tokens, i + 1, [*values, *(parts or ())])
        if parts is None and word in _ONES and nxt and nxt[0] in SCALES:
            parts = (1,)
        elif not values and (half := _half_scale(tokens, i)):
            # one scale and its half, read on as any number: "halvanden tusind" is 1000 + 500
            scale, used = half
            values += (1, scale, scale // 2)
            best = (scale * 3 // 2, used)
            i += used
            continue
        elif parts is None and values and word in _JOINERS and nxt and _joins(values, nxt):
            i += 1
            continue
        elif parts is None and values and word in _JOINERS and _HALF_AT(tokens, i + 1):
            return _and_half(tokens, i + 1, values, start)
        if parts is None or (not values and parts[0] in SCALES and word in _CHAT_SCALES):
            break
        if _count_before_kind(tokens, i, start, parts):
            break
        # a unit right after tens is said in pairs ("twenty-nine ninety-five"), see below
        unit_then_tens = (
            i > start
            and _unit_word(tokens[i - 1])
            and parts[0] in TENS
            and (len(values) < 2 or values[-2] in SCALES)
        )
        if not short and unit_then_tens:
            # "five twenty", "one thousand two fifty" in a question: hundreds as said at the
            # table, or Danish-style 25 with its "and" left out; neither is given
            return UNREAD, i + (_value(tokens, i) or (0, 1))[1] - start
        if short and _spoken_hundreds(values, parts, i - start):
            parts = (SCALES[0], *parts)
        number = compose((*values, *parts))
        if number is None:
            return _said_in_pairs(tokens, i, values, best, start)
        values += parts
        best = (number, i + 1 - start)
        i += 1
    return best


def _unit_word(word: str) -> bool:
    """One word for a unit ("five", "fem"), not glued to its tens ("femogtyve")."""
    parts = glued(word)
    return parts is not None and len(parts) == 1 and parts[0] < TEN


def _after_half(words: list[str], i: int) -> bool:
    """Whether a ``half`` phrase ends right before ``words[i]``."""
    return any(tuple(words[max(0, i - len(h)) : i]) == h for h in _HALF)


def _HALF_AT(tokens: list[str], i: int) -> int:
    """Words of a ``half`` phrase at ``tokens[i]``, or 0."""
    return next((len(h) for h in _HALF if tuple(tokens[i : i + len(h)]) == h), 0)


def _and_half(tokens: list[str], i: int, values: list[int], start: int) -> tuple[int, int] | None:
    """ "two and a half thousand", "kaksi ja puoli tonnia": a count under a hundred, a
    joiner, half and a scale (``tokens[i]`` is the first word of half). With no scale after
    half, or a count that is no plain number, the words are read in part only: ``UNREAD``."""
    used = _HALF_AT(tokens, i)
    scale = glued(tokens[i + used]) if i + used < len(tokens) else None
    count = compose(tuple(values))
    end = i + used + 1 - start
    if not scale or len(scale) != 1 or scale[0] not in SCALES or not count or count >= 100:
        return (UNREAD, end - 1) if count and count >= KEEP_BELOW else None
    return count * scale[0] + scale[0] // 2, end


HUNDREDS_SAID_IN_PAIRS = range(11, 100)


def _said_in_pairs(
    tokens: list[str], i: int, values: list[int], best: tuple[int, int] | None, start: int
) -> tuple[int, int] | None:
    """Number words that stop composing at ``tokens[i]``. Said in pairs, as scores are read
    aloud ("fifteen-fifty" 1550, "twenty-nine ninety-five" 2995), a number from eleven to
    ninety-nine and one from ten to ninety-nine after it are hundreds and the rest. Any other
    number word after a number of ``KEEP_BELOW`` or more is read in part only (``UNREAD``);
    smaller ones stay counts and cards ("five five" is two fives)."""
    if best is None or best[0] < KEEP_BELOW:
        return best
    rest = _value(tokens, i)
    if (
        best[0] in HUNDREDS_SAID_IN_PAIRS
        and not set(values) & set(SCALES)
        and rest
        and TEN <= rest[0] < SCALES[0]
    ):
        return best[0] * SCALES[0] + rest[0], i + rest[1] - start
    return UNREAD, i + (rest[1] if rest else 1) - start


def _half_scale(tokens: list[str], i: int) -> tuple[int, int] | None:
    """(scale, words used) when ``tokens[i:]`` say one and a half of a hundred or a thousand
    ("halvannen tusen", "one and a half thousand")."""
    if i >= len(tokens) or tokens[i] not in _HALF_MORE_FIRST:
        return None  # most words start no such phrase: one set look-up, no slices
    for half in _HALF_MORE:
        end = i + len(half)
        if tuple(tokens[i:end]) == half and end < len(tokens):
            scale = glued(tokens[end])
            if scale and len(scale) == 1 and scale[0] in SCALES:
                return scale[0], len(half) + 1
    return None


def _thousands(match: re.Match[str]) -> str:
    return str(round(float(match[1].replace(",", ".")) * max(SCALES)))


def _mixed_digits(tokens: list[str], i: int, values: list[int]) -> tuple[int, ...] | None:
    """A number said half in digits, half in words ("4 hundre og 60", "3 hundred 15"): a
    digit before a scale word (digits under a hundred before the word for a hundred: "15
    hundred" is 1500, never "15 100", read as 15100), or digits under a hundred after a
    scale word said in words. Digits alone ("300 and 20") are never joined: that is two numbers."""
    word = tokens[i]
    if not word.isdecimal():
        return None
    nxt = glued(tokens[i + 1]) if i + 1 < len(tokens) else None
    hundreds = nxt is not None and nxt[0] == SCALES[0] and int(word) < SCALES[0]
    if not values and word[0] != "0" and nxt and nxt[0] in SCALES and (len(word) == 1 or hundreds):
        return (int(word),)
    if values and values[-1] in SCALES and int(word) < SCALES[0]:  # scales are only words
        return (int(word),)
    return None


def _joins(values: list[int], nxt: tuple[int, ...]) -> bool:
    """An "and" goes on with a number after a hundred or a thousand ("a hundred and five")
    or between a unit and its tens (Danish "fem og tyve"); after tens it starts another
    thing: "halvfems og en ren canasta" is 90 and a clean canasta, not 91."""
    last = values[-1]
    return last in SCALES or (last < 10 and nxt[0] in TENS)


TEENS_AND_TENS = range(10, 100)


def _spoken_hundreds(values: list[int], parts: tuple[int, ...], at: int) -> bool:
    """A digit word said right before a separate word for ten to ninety-nine, with no "and"
    between, counts hundreds, as in card talk: "five twenty" is 520, "three sixty five" 365,
    "two ten" 210. Glued words ("femogtyve", "twentyfive") are left to ``glued``."""
    return at == 1 and len(values) == 1 and values[0] < 10 and parts[0] in TEENS_AND_TENS


_PAUSE = re.compile(r"([,;:.!?]+)")
"""Punctuation ends a number said in words: "four hundred and twenty, one clean" is 420."""


@functools.lru_cache(maxsize=32)
def spell_digits(text: str, short_hundreds: bool = False) -> str:
    """``text`` with every number of ``KEEP_BELOW`` or more said in
    words written in digits; everything else is left as it is. ``short_hundreds``: a round
    said aloud, where "two ten" is 210 (in a question about cards it is a two and a ten).
    The last few are remembered: one ``/rules`` question is spelled by the ranking, the
    number readers and the round reader in turn (a few texts, not every question ever asked,
    so a benchmark that asks a question twice is not flattered)."""
    text = _THOUSANDS.sub(_thousands, text)
    return "".join(_spell_clause(part, short_hundreds) for part in _PAUSE.split(text))


@functools.lru_cache(maxsize=1 << 14)
def _may_start(word: str) -> bool:
    """Whether ``_value`` can read a number from ``word`` on: a number word or one glued of
    them, digits, a word for one (before a scale) or the first word of a ``_HALF_MORE``
    phrase. Most words of a question are none of these."""
    return glued(word) is not None or word.isdecimal() or word in _ONES or word in _HALF_MORE_FIRST


@functools.lru_cache(maxsize=1 << 14)
def _starts_as_typed(raw: str) -> bool:
    """``_may_start`` of a word as it stands in the text, before lower case and folding:
    most clauses have no word a number starts from, and looking at each word once per
    spelling was a fifth of the slowest questions' time (every question is spelled twice)."""
    return _may_start(fold(raw.lower()))


def _spell_clause(text: str, short: bool) -> str:
    if not any(map(_starts_as_typed, _WORD.findall(text))):
        return text  # no number said: the loop below would leave every word as it is
    matches = list(_WORD.finditer(text))
    words = [fold(m.group().lower()) for m in matches]
    out: list[str] = []
    pos = i = 0
    while i < len(words):
        if not _may_start(words[i]):
            i += 1  # no number is said from here (``_value`` would find none)
            continue
        found = _value(words, i, short)
        scale = glued(words[i]) if found else None
        if found and scale and scale[0] in SCALES and _after_half(words, i):
            found = (UNREAD, found[1])  # "2 and a half thousand", "puoli tonnia": not 1000
        if found and (found[0] >= KEEP_BELOW or found[0] == UNREAD):
            number, used = found
            said = UNREAD_MARK if number == UNREAD else str(number)
            out += [text[pos : matches[i].start()], said]
            pos = matches[i + used - 1].end()
            i += used
        else:
            i += 1
    out.append(text[pos:])
    return "".join(out)
