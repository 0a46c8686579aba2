"""The round reader's words: the lexicon's round phrases as regexes, count words, and a
sentence cut into folded words with a gap between clauses.

Shared by the reader of one side's words (``round_talk``) and the cut into sides
(``round_sides``); every word comes from ``rules_data/lexicon/<lang>.toml``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.scoring.vocabulary import spoken, vocabulary
from bot.talk.number_words import spell_digits
from bot.talk.text import fold, normalise, tokens

MAX_COUNT = 10
"""Counts of canastas or red threes said in words go no higher."""


@functools.lru_cache(maxsize=8192)
def phrase(text: str) -> str:
    """One lexicon phrase as a regex over tokens: "word*" takes any ending, "~" is one
    optional word, an apostrophe splits like the question's own words do ("what's")."""
    out = ""
    for raw in fold(normalise(text)).split():
        if raw == "~":
            out += r"(?:\w+ )?"
            continue
        word = re.escape(" ".join(tokens(raw.rstrip("*"))))
        out += word + (r"\w* " if raw.endswith("*") else " ")
    return out.rstrip(" ")


@functools.lru_cache(maxsize=1024)
def any_phrase(*fields: str, lang: str | None = None, shortest: int = 1) -> str:
    """Every language's (or ``lang``'s) phrases of the ``round`` fields (or ``colours.red``),
    longest first; ``shortest``: leave out shorter phrases. Kept once built: some readers
    build theirs per call (``round_sides._heading``), and the lexicon does not change while
    the process runs (a few hundred field lists x languages)."""
    phrases: set[str] = set()
    for code, lexicon in vocabulary().lexicons.items():
        if lang is not None and code != lang:
            continue
        for name in fields:
            section = lexicon.colours if name == "red" else lexicon.round
            words = getattr(section, name)
            phrases.update(phrase(p) for p in words if len(p) >= shortest)
    return "(?:" + "|".join(sorted(phrases, key=len, reverse=True)) + ")"


@functools.cache
def counts(lang: str | None = None) -> dict[str, int]:
    """Folded count word -> value in ``lang`` (every language when None): digits from 0,
    number words up to ``MAX_COUNT`` with their inflected and spoken forms, and the words
    that mean one before a noun ("a", "en", "yhden"). Per language, because one language's
    count is another's function word: Finnish "ei" (not) is nynorsk "ei" (one), English
    "to" is Norwegian "to" (two)."""
    out = {str(n): n for n in range(MAX_COUNT + 1)}
    for code, lexicon in vocabulary().lexicons.items():
        if lang is not None and code != lang:
            continue
        values = {w: int(v) for v, ws in lexicon.numbers.items() for w in ws if int(v) <= MAX_COUNT}
        values.update(
            {
                form: values[base]
                for form, base in vocabulary().forms.get(code, {}).items()
                if base in values
            }
        )
        values.update(dict.fromkeys(lexicon.words.one, 1))
        for word, value in values.items():
            for said in spoken(word, lexicon.round.spoken):
                out.setdefault(fold(said), value)
    return out


@functools.cache
def count_words(lang: str | None = None) -> str:
    return "|".join(sorted(map(re.escape, counts(lang)), key=len, reverse=True))


GAP = "|"
"""Between two parts of one side said apart: no phrase reaches across it."""


@dataclass(frozen=True)
class Unsure:
    """Something said that the reader could not place, so it asks instead of guessing.

    ``what``: "number" (a number no word explains), "side" (words about a side it cannot tell),
    "missing" (a side nobody mentioned), "meld" (a side's table points not said), "hand" (the
    points left in hand of a side that did not go out not said), "canasta"
    (a canasta without its kind or count), "red" (red threes without a count), "red_unsaid" (a
    side's red threes no word says, none of them either), "went_out" (more
    than one side went out), "word" (words the lexicon does not know, comma-separated: the
    reading may have read past part of the round), "too_few_points" (more canastas than the
    side's table points can hold), "grid" (a row of a pasted score sheet that does not give
    one value per side, ``round_grid``). ``words``: the words it refers to; ``side``: 0-based,
    when known.
    """

    what: str
    words: str
    side: int | None = None


_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,2})[.,\u00a0\u202f](\d{3})(?!\d|[.,]\d)")
"""A number written with a thousands separator ("1,200", "1.200"): one number."""
_BARS = r"\s*[|‖¦·•]+\s*|\s//+\s|[^\S\n]*\n\s*"
"""A bar, a middle dot or a double slash between cells of a sheet's row ("meld 355 | nat 1 |
hand 0", "meld 275 · ren 0", "Os 505 // Dem 150"): a column break, spaced or not, as a
spaced slash is; and a line break, which ends a sheet's row ("...hand 0\nthem ..."): no
phrase binds a word of one line to the next."""
_CLAUSE = re.compile(rf"[,;:.!?]+(?=\s|$)|\s[-–—/]\s|{_BARS}")
"""Punctuation between clauses: no phrase binds a number across it ("100, kädessä 20")."""
_COLUMN = r"(?<=\d)/(?=\w)|(?<=\w)/(?=[^\W\d_]*\d)"
"""A slash between two words with a digit beside it: a score sheet's column break
("265/1 nat/0 mix/r3 1/40 left", "r3 0/out"), as a spaced " / " is. Between words alone it
joins them ("Nord/Syd" is one side's name, "w/o" one word)."""
_LABEL = re.compile(rf"[,;.!?]+(?=\s|$)|:+(?=\s|$)(?!\s+\d)|\s[-–—/]\s|{_COLUMN}|{_BARS}")
"""``_CLAUSE`` but for a colon before a number: a score sheet's label and its value ("rene: 1",
"hånd: 40") are one clause, as "rene 1" is, so the value is read with its label."""


_CASE_ENDING = re.compile(r"(\d):[^\W\d_]+")
"""A case ending written after a number with a colon, as Finnish does ("315:llä" = with
315): the number is read, the ending dropped (the words around it place the number)."""
_APOSTROPHE_ENDING = re.compile(r"(\d)'(?=[^\W\d_])")
"""An ending written after a digit with an apostrophe ("3'ere", "3'er", "3's"): the word as
if typed glued ("3ere"), which the spelling reader reads like any glued word; cut at the
apostrophe, the digit would be a count and the ending a word of its own."""
_TIMES_BEFORE = re.compile(r"(?<![\w.])(\d{1,2})[x×](?!\w)")
""" "2x red 3s": a count written with "x" before its noun is the count itself."""
_JOINED = re.compile(r"(?<=[^\W\d_])\s*[+&]\s*(?=[^\W\d_])")
""" "ren+uren", "clean&dirty": words joined by a sign are joined as by "plus" (a joiner in
every language's lexicon), so the sign is not lost when the words are cut."""
_SUM = re.compile(r"(?<=[\d)])\s*\+\s*(?=\d)")
""" "25+40", "50 (Siv) + 30": figures added up, written as "plus" (a joiner in every
language's lexicon) so the sign is not lost when the words are cut (``round_restated.summed``
adds them).
"""
_HEADING = re.compile(r"^([^,;:.!?]*):(?=\s)")
"""A sentence's first words before a colon: "Round 3:", "3-player:", "just the two of us:";
never cells of a sheet cut by a column or a line break before the colon ("WE meld 520 /
nat 2 / out: yes"), whose counts are the side's."""
SMALLEST_POINTS = 15
"""Points of a round are multiples of five from here; smaller numbers are counts."""


def words_of(question: str, spell: Callable[[list[str]], list[str]] | None = None) -> list[str]:
    """The question's folded words, numbers said in words as digits, ``GAP`` between clauses.
    A heading before a colon keeps its words but not its counts ("Round 3:", "bare oss to:"):
    it says which round or how many play, never a side's round. ``spell``: what turns a
    clause's typed tokens (not folded yet) into folded words (``word_forms.typed_words``:
    "1nat", "hainna", "natrual" as the lexicon writes them); each token folded without it."""
    text = _CASE_ENDING.sub(r"\1", _THOUSANDS.sub(r"\1\2", normalise(question)))
    text = _APOSTROPHE_ENDING.sub(r"\1", text)
    text = _TIMES_BEFORE.sub(r"\1", text)
    text = _JOINED.sub(" plus ", text)
    text = _SUM.sub(" plus ", text)
    joiners, spelling = _accented_joiners()
    text = joiners.sub(lambda match: spelling[match[0]], text)
    text = spell_digits(text, short_hundreds=True)
    heading = _HEADING.match(text)
    if heading and len(_LABEL.split(heading[1])) > 1:
        heading = None  # "us | meld 275 | nat 0 | out: no": a sheet's cells, no heading
    clauses = _LABEL.split(text[heading.end() + 1 :] if heading else text)
    if heading:  # its counts say which round or how many play
        clauses.insert(0, " ".join(_heading_words(tokens(heading[1]))))
    out: list[str] = []
    for clause in clauses:
        raw = tokens(clause)
        words = spell(raw) if spell else [fold(word) for word in raw]
        if words and out:
            out.append(GAP)
        out += words
    return out


@functools.cache
def _accented_joiners() -> tuple[re.Pattern[str], dict[str, str]]:
    """Joiners whose folded spelling is another word ("sekä", and, folds to "seka", mixed),
    found before folding, and the language's first joiner ("ja") each is written as; the
    same for words that open a clause about another side ("før", before, folds to "for",
    which gives a count to a side: written as the language's first such word, "da")."""
    spelling: dict[str, str] = {}
    for lexicon in vocabulary().lexicons.values():
        for word in lexicon.words.joiners:
            if fold(word) != word and word.isalpha():
                spelling[word] = lexicon.words.joiners[0]
        for word in lexicon.round.subordinate:
            if fold(word) != word and word.isalpha():
                spelling[word] = lexicon.round.subordinate[0]
    words = sorted(map(re.escape, spelling), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + ("|".join(words) or "(?!)") + r")(?!\w)"), spelling


def _heading_words(raw: list[str]) -> list[str]:
    """A heading's tokens without its counts ("3-player:", "bare oss to:"), but for the
    round's number after a round word ("round 5 melds:"): the asides take out the round and
    its number together (``round_asides``), and a round word left without it would be read
    as part of the heading ("round melds" is no section's name)."""
    rounds = _round_words()
    return [
        w
        for i, w in enumerate(raw)
        if not _small_count(fold(w)) or (i and fold(raw[i - 1]) in rounds)
    ]


@functools.cache
def _round_words() -> frozenset[str]:
    return frozenset(
        fold(normalise(word))
        for lexicon in vocabulary().lexicons.values()
        for word in lexicon.round.round_number
    )


def _small_count(word: str) -> bool:
    """A number below any points, in digits or as a number word ("3", "two", "tre"); not
    the words that also mean "a" ("ei" is nynorsk "a" and Finnish "not")."""
    if word.isdecimal():
        return int(word) < SMALLEST_POINTS
    return _number_words().get(word, SMALLEST_POINTS) < SMALLEST_POINTS


@functools.cache
def _number_words() -> dict[str, int]:
    return {fold(word): value for word, value in vocabulary().number_words.items()}


def index_at(joined: str, char: int) -> int:
    """The word index of the word starting at ``char`` of the space-joined words."""
    return joined.count(" ", 0, char)


def count_of(word: str, lang: str | None = None) -> int:
    return counts(lang).get(word, 0)


@dataclass(frozen=True)
class Known:
    """The words a round reader of one language knows: whole words, and stems of the
    lexicon's "word*" phrases (any ending)."""

    words: frozenset[str]
    stems: tuple[str, ...]

    def __contains__(self, word: str) -> bool:
        return word in self.words or word.startswith(self.stems)


def unclipped(words: list[str], lang: str | None) -> list[str]:
    """``words`` with each word the reader does not know read as the known word it makes with
    one of ``lang``'s clipped endings put back (``Lexicon.clipped_endings``: spoken Finnish
    says "kädes" for "kädessä", "mentii" for "mentiin"). Why a rule and not the spellings: the
    clipping is regular, so it holds for every word of the lexicon, listed or not."""
    lexicon = vocabulary().lexicons.get(lang or "")
    if lexicon is None or not lexicon.clipped_endings:
        return words
    known = known_words(lang)
    endings = [fold(e) for e in lexicon.clipped_endings]
    out = []
    for word in words:
        if word != GAP and not word.isdecimal() and word not in known:
            word = next((word + e for e in endings if word + e in known.words), word)
        out.append(word)
    return out


@functools.cache
def listed(section: str, field: str, lang: str | None = None) -> frozenset[str]:
    """The folded words of one lexicon list (``section``.``field``: "words", "joiners";
    "round", "none") of ``lang``, or of every language when None: one place that reads
    them, for every module that asks whether a word is an "and" or a "none"."""
    return frozenset(
        fold(word)
        for code, lexicon in vocabulary().lexicons.items()
        if lang in (None, code)
        for word in getattr(getattr(lexicon, section), field)
    )


@functools.cache
def zero_words(lang: str | None = None) -> frozenset[str]:
    """The folded words for the number nothing of ``lang`` ("zero", "null", "nolla")."""
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(w) for code, lex in lexicons.items() if lang in (None, code) for w in lex.words.zero
    )


@functools.cache
def known_words(lang: str | None = None) -> Known:
    """Every word of ``lang``'s (every language's when None) number, common, colour and
    round lists, with their inflected forms and count words. Why: the reader reads by the
    phrases it knows, so a word outside all of them ("likanen", "treys") is one it read
    past, and a reading that skipped a word cannot be offered as certain."""
    words: set[str] = set(counts(lang))
    stems: set[str] = set()
    for code, lexicon in vocabulary().lexicons.items():
        if lang is not None and code != lang:
            continue
        lists: list[list[str]] = [*lexicon.numbers.values()]
        lists += [list(v) for v in lexicon.words.model_dump().values()]
        lists += [list(v) for v in lexicon.colours.model_dump().values()]
        lists += [v for v in lexicon.round.model_dump().values() if isinstance(v, list)]
        for said in (p for group in lists for p in group if ">" not in p):
            for raw in fold(normalise(said)).split():
                if raw.endswith("*"):
                    stems.update(tokens(raw.rstrip("*"))[-1:])
                    words.update(tokens(raw.rstrip("*"))[:-1])
                elif raw != "~":
                    words.update(tokens(raw))
        forms = vocabulary().forms.get(code, {})
        words.update(fold(form) for form, base in forms.items() if fold(base) in words)
    return Known(frozenset(words), tuple(sorted(stems)))
