"""A typed word read as the lexicon's written word, once, before either round reader sees it.

Players type rounds in chat: "1nat", "0r3", "käsi85" (a count glued to its word), "puhd",
"lik", "pöyd" (a word cut short), "natrual", "cansta", "hnad" (a typo), "rø", "hainna",
"int" (a dialect spelling). The rule reader (``round_talk``) reads by the lexicon's phrases
and the tagger (``round_tagger``) learned from labelled rounds read by the same words, so
each such word is turned into the word the lexicon writes here, and both readers (and the
labelling and the training, ``bot.devtools.round_labels``) read the one result.

Nothing here lists a miss. The words come from the lexicon (``rules_data/lexicon``):

- dialect and spoken spellings from each language's ``[spoken]`` table, looked up before
  folding ("å" is Danish "og", its folded "a" is not);
- a count glued to a word is split when the word is a role word of the round (or reads as
  one below); a red three glued to its colour ("r3", "pun3s") is the colour and the three;
- a word the lexicon and the language do not know (``Vocabulary.near``: simplemma's words
  that a rule here would otherwise change) is read as the one role word it is a prefix of,
  or a typo of (Damerau distance 1 from 4 letters, 2 from 8), when every candidate says
  the same part of the round (``ROLES``): "pöyd" starts four table words, all "table".

Two letters are too few to tell a word by ("bl" could start anything), except right after
a count ("1bl", "2 bl", "en bl"), where the word is a kind the count counts (``KINDS``); there, and
only there, a known word one letter from a kind is read as that kind too ("en blandt
canasta" is no "among"). A typo is never read as a count word ("trer" is no "tre").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz.distance import OSA

from bot.scoring.vocabulary import LANGUAGES, vocabulary
from bot.talk.dictionary import is_known
from bot.talk.round_words import (
    GAP,
    MAX_COUNT,
    SMALLEST_POINTS,
    counts,
    known_words,
    unclipped,
    words_of,
)
from bot.talk.text import fold, function_words, normalise, tokens

ROLES = {
    "natural": "natural",
    "mixed": "mixed",
    "three": "three",
    "red": "red",
    "canasta": "canasta",
    "went_out": "out",
    "out": "out",
    "concealed": "concealed",
    "table_after": "table",
    "table_before": "table",
    "hand_after": "hand",
    "hand_before": "hand",
    "stuck": "hand",
    "negation": "negation",
    "none": "none",
    "points": "points",
}
"""The round fields whose words a typed word may be read as, and the part of the round each
says: "meldt" and "melda" are both "table", so a word that could be either is still read."""
KINDS = frozenset({"natural", "mixed", "red", "canasta", "three"})
"""What a count counts: right after one, a shorter or a known word may be one of these."""
SHORTEST_PREFIX = 3
SHORTEST_COUNTED_PREFIX = 2
TYPO_DISTANCE = ((8, 2), (4, 1))
"""(from this many letters, this Damerau/OSA distance): shorter words are not corrected."""
SHORTEST_TYPO_STEM = 6
"""A "word*" stem takes any ending, so a typo of a shorter one ("seka*") leaves too little
to tell it by: "sekin" is no mixed canasta, "kolmellakympillä" (thirty) no "kolmo*" (three)."""


@dataclass(frozen=True)
class Candidate:
    """A role word a typed word may stand for: folded, its role, a "word*" stem (any
    ending) or a whole word, and whether it is a phrase on its own ("meldt") or a word of a
    longer one ("went" of "went out": read only where no phrase on its own fits)."""

    word: str
    role: str
    stem: bool
    alone: bool
    fields: int
    """How many round fields list the word ("meldt" is said before and after a number)."""


@dataclass(frozen=True)
class RoleWords:
    """One language's candidates, its red and three words, and its spoken spellings."""

    candidates: tuple[Candidate, ...]
    role_words: frozenset[str]
    """Every folded word the round fields and colours list (a spelling there is kept)."""
    red: tuple[str, ...]
    threes: frozenset[str]
    said: frozenset[str]
    """The candidates' words: a count glued to one of them is split ("1ren", "85hand")."""
    written: dict[str, str]
    """A spoken or dialect spelling, normalised and not folded -> the written word, folded."""


@functools.cache
def role_words(lang: str) -> RoleWords:
    lexicon = vocabulary().lexicons[lang]
    found: dict[tuple[str, str, bool], bool] = {}
    fields: dict[str, set[str]] = {}
    every: set[str] = set()
    for field, role in ROLES.items():
        phrases = lexicon.colours.red if field == "red" else getattr(lexicon.round, field)
        for said in phrases:
            raws = [r for r in fold(normalise(said)).split() if r != "~"]
            for raw in raws:
                word = raw.rstrip("*")
                every.add(word)
                fields.setdefault(word, set()).add(field)
                if word.isalpha():
                    key = (word, role, raw.endswith("*"))
                    found[key] = found.get(key, False) or len(raws) == 1
    lists = [v for v in lexicon.round.model_dump().values() if isinstance(v, list)]
    for phrases in [*lists, lexicon.colours.black]:
        every.update(w.rstrip("*") for p in phrases for w in fold(normalise(p)).split())
    candidates = tuple(
        Candidate(w, r, s, alone, len(fields[w])) for (w, r, s), alone in sorted(found.items())
    )
    red = tuple(fold(normalise(w)).rstrip("*") for w in lexicon.colours.red)
    threes = frozenset(fold(normalise(w)).rstrip("*") for w in lexicon.round.three)
    written = {
        normalise(form): fold(normalise(word))
        for word, forms in lexicon.spoken.items()
        for form in forms
    }
    said = frozenset(c.word for c in candidates)
    return RoleWords(candidates, frozenset(every), red, threes, said, written)


def typo_distance(word: str) -> int:
    return next((d for length, d in TYPO_DISTANCE if len(word) >= length), 0)


def _distance(word: str, candidate: Candidate, most: int) -> int | None:
    """The typo distance of ``word`` from ``candidate`` (a stem: from the word's start,
    whatever ending follows), or None beyond ``most``."""
    if not candidate.stem:
        found = OSA.distance(word, candidate.word, score_cutoff=most)
        return found if found <= most else None
    size = len(candidate.word)
    if size < SHORTEST_TYPO_STEM:
        return None
    most = min(most, typo_distance(candidate.word))  # a typo in the stem, not the ending
    ends = range(max(1, size - most), min(len(word), size + most) + 1)
    found = min(
        (OSA.distance(word[:k], candidate.word, score_cutoff=most) for k in ends),
        default=most + 1,
    )
    return found if found <= most else None


def _may_be_near(word: str, candidate: Candidate, most: int) -> bool:
    """What ``_distance`` can find at all, by length alone (it is called for every role
    word of the lexicon, so the cheap test comes first): a whole word differs from ``word``
    by at least their lengths' difference; a stem needs a start of ``word`` near its own
    length."""
    size = len(candidate.word)
    if candidate.stem:
        return size >= SHORTEST_TYPO_STEM and len(word) >= size - most
    return abs(len(word) - size) <= most


def _pick(
    word: str, matches: Iterable[tuple[int, Candidate]], roles: frozenset[str] | None
) -> str | None:
    """The one word the matches make, or the word of the one part of the round they all
    say (phrases on their own first): the nearest, as long as the word typed, listed in the
    most fields, shortest. None when they say different parts of the round."""
    found = [(d, c) for d, c in matches if roles is None or c.role in roles]
    found = [m for m in found if m[1].alone] or found
    if len({c.word for _, c in found}) != 1 and len({c.role for _, c in found}) != 1:
        return None
    best = min(
        found,
        key=lambda m: (m[0], abs(len(m[1].word) - len(word)), -m[1].fields, len(m[1].word)),
    )
    return best[1].word


def read_as(word: str, lang: str, counted: bool = False) -> str | None:
    """The role word ``word`` is cut short from or mistyped for, by the lexicon alone (the
    caller looks first whether the word is one the language knows); ``counted``: right
    after a count, where two letters are enough for a kind."""
    if not word.isalpha():
        return None
    candidates = role_words(lang).candidates
    if len(word) >= SHORTEST_PREFIX or (counted and len(word) >= SHORTEST_COUNTED_PREFIX):
        short = len(word) < SHORTEST_PREFIX  # two letters: a kind said on its own only
        starts = [
            (0, c)
            for c in candidates
            if c.word.startswith(word) and c.word != word and (c.alone or not short)
        ]
        if starts:
            return _pick(word, starts, KINDS if short else None)
    most = typo_distance(word)
    if not most:
        return None
    numbers = counts(lang)  # "trer" is no "tre" (three, a count): a typo is no number
    near = (
        (_distance(word, c, most), c)
        for c in candidates
        if c.word not in numbers and _may_be_near(word, c, most)
    )
    return _pick(word, ((d, c) for d, c in near if d is not None), None)


def known(word: str, lang: str) -> bool:
    """A word of the lexicon (any list, inflected forms, counts) or of the language
    (simplemma's words near a role word, ``Vocabulary.near``): never read as another."""
    return (
        word in known_words(lang)
        or word in function_words(lang)
        or word in counts(lang)
        or word in vocabulary().near.get(lang, ())
    )


def _letters(word: str, lang: str, counted: bool) -> str | None:
    """``word`` (folded letters) as the readers should read it: itself when the lexicon
    knows it, the word a clipped ending put back makes, the role word it stands for; a word
    only the language knows is itself but right after a count (``_kind_typo``). None when
    it stands for nothing the lexicon says."""
    lexicon = known_words(lang)
    if word in role_words(lang).role_words or word in lexicon.words or own_form(word, lang):
        return word
    if known(word, lang) and (word not in lexicon or word in vocabulary().near.get(lang, ())):
        return (_kind_typo(word, lang) if counted else None) or word
    if word in lexicon:  # by another field's stem: "meldd" is "meld*" (laid down)
        return _same_stem_typo(word, lang) or word
    clipped = unclipped([word], lang)[0]
    if clipped in known_words(lang):
        return clipped
    return read_as(word, lang, counted)


def own_form(word: str, lang: str) -> bool:
    """A form of a role word's "word*" stem ("threes", "puhdasta"): read as it is."""
    return any(c.stem and word.startswith(c.word) for c in role_words(lang).candidates)


def _same_stem_typo(word: str, lang: str) -> str | None:
    """The role word a word known only by a lexicon stem is a typo of, when that word has
    the same stem: "meldd", "meldtt" are "meldt", read as table points as the stem says."""
    read = read_as(word, lang)
    stems = [stem for stem in known_words(lang).stems if word.startswith(stem)]
    return read if read and any(read.startswith(stem) for stem in stems) else None


def _kind_typo(word: str, lang: str) -> str | None:
    """A word of the language one letter from a kind, right after a count ("1 blandt")."""
    if len(word) < min(length for length, _ in TYPO_DISTANCE):
        return None
    near = ((_distance(word, c, 1), c) for c in role_words(lang).candidates if c.role in KINDS)
    return _pick(word, ((d, c) for d, c in near if d is not None), None)


def _role_read(word: str, read: str | None, lang: str) -> bool:
    """``read`` (what ``word`` reads as) is a role word: a count glued to it is split."""
    words = role_words(lang)
    if read is None:
        return False
    stems = (c.word for c in words.candidates if c.stem)
    return read != word or read in words.said or read.startswith(tuple(stems))


TIMES = re.compile(r"(.*[^\W\d_].*?)x(\d+)")
"""A sheet's count written after its kind with "x" glued to it ("r3x1", "natx2"): the kind's
words, then the "x" count the readers read after a kind ("red threes x2", "ren x1")."""


def _times(word: str, lang: str) -> list[str] | None:
    """ "r3x1" -> ["red", "3", "x1"], "natx2" -> ["nat", "x2"]: only when what comes
    before the "x" is a kind's words, so no other word loses a letter."""
    match = TIMES.fullmatch(word)
    if match is None:
        return None
    head = list(_typed(match[1], lang, False))
    kinds = {c.word for c in role_words(lang).candidates if c.role in KINDS}
    if not any(w in kinds or own_form(w, lang) for w in head if not w.isdecimal()):
        return None
    return [*head, f"x{match[2]}"]


def _glued(word: str, lang: str) -> list[str] | None:
    """A count glued to its word ("1nat", "85hand", "käsi85", "0r3") as its words, or None;
    a score sheet's letter glued to a number where no word reads it (``_sheet_letters``)."""
    return _glued_word(word, lang) or _sheet_letters(word, lang)


def _sheet_letters(word: str, lang: str) -> list[str] | None:
    """A score sheet's letters glued to a number ("285m", "h55", "1nc", "0c") as the phrase
    the lexicon says they stand for (``sheet_points``, ``sheet_counts``), in the order
    typed ("h55" is "hand 55"). Why the size of the number: the same letter says a count's
    kind ("1m", mixed) and a side's points ("285m", melded), and points start where counts
    end (``SMALLEST_POINTS``)."""
    match = re.fullmatch(r"(\d+)([^\W\d_]+)|([^\W\d_]+)(\d+)", word)
    if match is None:
        return None
    digits, letters = (match[1], match[2]) if match[1] else (match[4], match[3])
    rounds = vocabulary().lexicons[lang].round
    if int(digits) >= SMALLEST_POINTS:
        said = rounds.sheet_points.get(letters)
    else:
        said = rounds.sheet_counts.get(letters) if int(digits) <= MAX_COUNT else None
    if said is None:
        return None
    phrase = fold(normalise(said)).split()
    return [digits, *phrase] if match[1] else [*phrase, digits]


def _glued_word(word: str, lang: str) -> list[str] | None:
    """``_glued`` by the lexicon's words: a count and a role word, a red three, "kind x count"."""
    times = _times(word, lang)
    if times:
        return times
    head = len(word) - len(word.lstrip("0123456789"))
    if 0 < head < len(word):
        digits, rest = word[:head], word[head:]
        if rest.isalpha():
            read = _counted(rest, lang, glued=True)
            return [digits, read] if read and _role_read(rest, read, lang) else None
        tail = _red_three(rest, lang)
        return [digits, *tail] if tail else None
    tail = _red_three(word, lang)
    if tail:
        return tail
    size = len(word) - len(word.rstrip("0123456789"))
    letters = word[:-size] if size else ""
    if letters.isalpha():
        read = _letters(letters, lang, counted=False)
        return [read, word[-size:]] if read and _role_read(letters, read, lang) else None
    return None


def _red_three(word: str, lang: str) -> list[str] | None:
    """ "r3", "r3s", "pun3": a colour cut to any of its first letters, glued to a three."""
    words = role_words(lang)
    letters = len(word) - len(word.lstrip("abcdefghijklmnopqrstuvwxyz"))
    colour, three = word[:letters], word[letters:]
    if not letters or three not in words.threes or not three[:1].isdecimal():
        return None
    red = next((r for r in words.red if r.startswith(colour) and r.isalpha()), None)
    return [red, three] if red else None


def typed(token: str, lang: str | None, counted: bool = False) -> list[str]:
    """One typed token (normalised, not folded) as the folded words the readers read;
    ``counted``: it follows a count. Remembered per token: a typo is looked for among every
    role word of the lexicon, and a chat repeats its words."""
    return list(_typed(token, lang, counted))


@functools.lru_cache(maxsize=1 << 16)
def _typed(token: str, lang: str | None, counted: bool) -> tuple[str, ...]:
    return tuple(_typed_now(token, lang, counted))


def _typed_now(token: str, lang: str | None, counted: bool) -> list[str]:
    word = fold(token)
    if word.isdecimal():
        return [word]
    if lang is None:
        return _any_language(token, counted)
    words = role_words(lang)
    spelled = words.written.get(token)
    if spelled and word not in words.role_words:
        return [spelled]
    if not word.isalpha():
        return _glued(word, lang) or [word]
    compound = particle_compounds(lang).get(word)
    if compound and not known(word, lang):
        return list(compound)
    if counted:
        return [_counted(word, lang, glued=False) or word]
    return [_letters(word, lang, counted) or word]


def _counted(word: str, lang: str, glued: bool) -> str | None:
    """``word`` right after a count, as ``_letters`` reads it, but for a word only the
    language knows ("bl", an abbreviation in Norwegian: "1 bl", "1bl") and, glued to its
    count, a function word ("0can": no count is glued to "can"): those are what the count
    counts, when a kind starts with them."""
    read = _letters(word, lang, counted=True)
    lexicon = known_words(lang)
    if read == word and (word not in lexicon or (glued and word in function_words(lang))):
        return read_as(word, lang, counted=True) or word
    return read


def _any_language(token: str, counted: bool) -> list[str]:
    """A token of a question in no known language (``/rules``): read as the languages read
    it when none of them knows the word and every one that reads it reads it alike ("1nat",
    "natrual"), a letter or two glued to a number only when two languages or more read it so;
    "can" is an English word, so no Finnish "kanasta"."""
    word = fold(token)
    if not word.isalpha() and _split_known(word):
        return _digit_runs(word)
    if any(known(word, code) for code in LANGUAGES):
        return [word]
    read_by = [tuple(typed(token, code, counted)) for code in LANGUAGES]
    reads = set(read_by) - {(word,)}
    if len(reads) != 1:
        return [word]
    letters = "".join(ch for ch in word if ch.isalpha())
    if len(letters) <= 2 and sum(r != (word,) for r in read_by) < 2:
        # a sheet's one- or two-letter shorthand one language alone reads ("2p": Finnish
        # "2 puhdas", English "two players") is no evidence in a text of no known language
        return [word]
    return list(reads.pop())


def _digit_runs(word: str) -> list[str]:
    """ "1nat" -> ["1", "nat"], "käsi85" -> ["kasi", "85"]: letters and digits apart."""
    return re.findall(r"\d+|[^\W\d_]+", word)


def _split_known(word: str) -> bool:
    """A glued token whose letters some language lists as a role word ("1ren", "85hand"):
    split, the words being known as they are."""
    runs = _digit_runs(word)
    letters = [run for run in runs if not run.isdecimal()]
    return (
        len(runs) == 2
        and len(letters) == 1
        and any(c.word == letters[0] for code in LANGUAGES for c in role_words(code).candidates)
    )


def written_words(
    raw: list[str], lang: str | None, keep: frozenset[str] = frozenset()
) -> list[str]:
    """A clause's typed tokens as the folded words both readers read; ``keep``: words left
    as typed (the players' names)."""
    out: list[str] = []
    for token in raw:
        if fold(token) in keep:
            out.append(fold(token))
            continue
        counted = bool(out) and (out[-1].isdecimal() or out[-1] in counts(lang))
        out += typed(token, lang, counted=counted)
    return borrowed(out, lang, keep) if lang else out


@functools.cache
def particle_compounds(lang: str) -> dict[str, tuple[str, str]]:
    """A verb and its particle written as one word, particle first, as the lexicon's
    two-word round phrase: Norwegian and Danish "nedlagt", "udlagt" are "lagt ned", "lagt
    ud" (a verb form only the lexicon's phrases list: Danish "nedlagde" waits for "lagde
    ned"). A particle is a word the lexicon lists as a phrase on its own ("ned", "ud": laid
    down), so no other pair of words is joined."""
    lexicon = vocabulary().lexicons[lang]
    phrases = [p for field in ROLES if field != "red" for p in getattr(lexicon.round, field)]
    words = [[w for w in fold(normalise(p)).split() if w != "~"] for p in phrases]
    particles = {w[0] for w in words if len(w) == 1}
    every = role_words(lang).role_words
    return {
        particle + verb: (verb, particle)
        for verb, particle in (w for w in words if len(w) == 2)
        if particle in particles and verb.isalpha() and particle + verb not in every
    }


QUIET_ROLES = frozenset({"none", "negation"})
"""Roles a borrowed word takes only right before a kind ("no canastas"): alone, a word like
"no" is a filler in too many languages to be read as "none"."""


@dataclass(frozen=True)
class Phrase:
    """One round phrase of a language: its folded words ("*" kept: any ending) and the round
    fields that list it."""

    words: tuple[str, ...]
    fields: frozenset[str]


@functools.cache
def _phrases(lang: str) -> tuple[Phrase, ...]:
    """``lang``'s phrases of the ``ROLES`` fields, longest first, "~" (an optional word)
    left out: the phrase is read as said without it."""
    lexicon = vocabulary().lexicons[lang]
    fields: dict[tuple[str, ...], set[str]] = {}
    for field in ROLES:
        said = lexicon.colours.red if field == "red" else getattr(lexicon.round, field)
        for phrase in said:
            words = tuple(w for w in fold(normalise(phrase)).split() if w != "~")
            if words and all(w.rstrip("*").isalpha() for w in words):
                fields.setdefault(words, set()).add(field)
    found = (Phrase(words, frozenset(f)) for words, f in fields.items())
    return tuple(sorted(found, key=lambda p: -len(p.words)))


def _says(word: str, pattern: str) -> bool:
    return word.startswith(pattern[:-1]) if pattern.endswith("*") else word == pattern


@functools.cache
def _roles_of(word: str, lang: str) -> frozenset[str]:
    """The parts of the round ``word`` is a word of in ``lang``'s phrases (any place)."""
    return frozenset(
        ROLES[field]
        for phrase in _phrases(lang)
        if any(_says(word, w) for w in phrase.words)
        for field in phrase.fields
    )


@functools.cache
def _said_as(fields: frozenset[str], lang: str) -> tuple[str, ...] | None:
    """``lang``'s phrase for what a borrowed phrase of ``fields`` says: of the phrases the
    same fields list, the one most of them list, the lexicon's first ("gikk ut", "blandet")."""
    lexicon = vocabulary().lexicons[lang]
    order: list[str] = []
    for field in sorted(fields, key=list(ROLES).index):
        said = lexicon.colours.red if field == "red" else getattr(lexicon.round, field)
        order += [p for p in said if p not in order]
    listed = {p: sum(p in _listed(f, lang) for f in fields) for p in order}
    if not listed:
        return None
    best = max(order, key=lambda p: listed[p])  # max keeps the first of equals
    return tuple(w.rstrip("*") for w in fold(normalise(best)).split() if w != "~")


def _listed(field: str, lang: str) -> list[str]:
    lexicon = vocabulary().lexicons[lang]
    return list(lexicon.colours.red if field == "red" else getattr(lexicon.round, field))


def _foreign(word: str, lang: str) -> bool:
    """No word of ``lang`` at all: not in its lexicon, nor its dictionary, nor a form of a
    role word. Norwegian "to" (two) and Finnish "ei" (not) are words, so never borrowed."""
    return (
        word.isalpha()
        and not known(word, lang)
        and word not in role_words(lang).role_words
        and not own_form(word, lang)
        and not is_known(word, lang)
    )


def _borrowable(word: str, source: str, lang: str) -> bool:
    """``word`` is a round word of ``source`` that ``lang`` either lacks or reads the same
    way ("hand" is a hand in English and Danish alike, so "in hand" is one phrase)."""
    roles = _roles_of(word, source)
    if not roles or word == GAP or word.isdecimal():
        return False
    if not known(word, lang) and word not in role_words(lang).role_words:
        return True
    return bool(roles & _roles_of(word, lang))


def borrowed(words: list[str], lang: str, keep: frozenset[str] = frozenset()) -> list[str]:
    """A clause's words with the round words of another language read as ``lang`` says them:
    players mix English game words into Nordic chat ("vi went out", "1 mixed canasta",
    "40 on hand") and now and then a Nordic word into another Nordic language. English is
    looked at first. A run of such words is read as ``lang``'s phrase for each phrase of the
    other language in it, when one of its words is no word of ``lang`` at all; a word the
    language has with another meaning is never borrowed alone, and a run beside another word
    of that language ``lang`` lacks is left alone: "stock ran out" is no going out."""
    for source in sorted(LANGUAGES, key=lambda code: code != "en"):
        if source != lang:
            words = _borrowed_from(words, source, lang, keep)
    return words


def _borrowed_from(words: list[str], source: str, lang: str, keep: frozenset[str]) -> list[str]:
    out: list[str] = []
    start = 0
    while start < len(words):
        end = start
        while end < len(words) and words[end] not in keep:
            if not _borrowable(words[end], source, lang):
                break
            end += 1
        if end == start:
            out.append(words[start])
            start += 1
            continue
        run = words[start:end]
        after = words[end] if end < len(words) else ""
        counted = bool(out) and (out[-1].isdecimal() or out[-1] in counts(lang))
        beside = [words[i] for i in (start - 1, end) if 0 <= i < len(words)]
        borrows = _borrows(run, source, lang, counted) and not any(
            w.isalpha() and not known(w, lang) and is_known(w, source) for w in beside
        )
        out += _read_run(run, source, lang, after) if borrows else run
        start = end
    return out


def _borrows(run: list[str], source: str, lang: str, counted: bool) -> bool:
    """A run is read as borrowed when a word of it is no word of ``lang`` at all, or a kind
    right after a count that ``lang``'s lexicon lacks (Danish has the loan "clean", but "1
    clean" counts a canasta), or when one ``lang`` does not say the round with stands beside
    one its dictionary lacks ("no canastas" in Norwegian, where "no" is a word, "now")."""
    if any(_foreign(w, lang) for w in run):
        return True
    if counted and _roles_of(run[0], source) & KINDS and not known(run[0], lang):
        return True
    own = [bool(_roles_of(w, source) & _roles_of(w, lang)) for w in run]
    return not all(own) and any(o and not is_known(w, lang) for w, o in zip(run, own, strict=True))


def _read_run(run: list[str], source: str, lang: str, after: str) -> list[str]:
    """The run's phrases of ``source``, longest first, each as ``lang`` says it; a word no
    phrase takes is left as it is."""
    out: list[str] = []
    at = 0
    while at < len(run):
        match = next(
            (
                p
                for p in _phrases(source)
                if len(p.words) <= len(run) - at
                and all(_says(w, pat) for w, pat in zip(run[at:], p.words, strict=False))
            ),
            None,
        )
        said = _said_as(match.fields, lang) if match else None
        kept = match is None or said is None or _own(match, run[at], lang)
        if kept or _quiet(match, run, at, after, lang):
            out.append(run[at])
            at += 1
            continue
        out += said
        at += len(match.words)
    return out


def _own(match: Phrase, word: str, lang: str) -> bool:
    """A word ``lang`` says the same part of the round with ("canasta", "hand"): kept."""
    roles = {ROLES[f] for f in match.fields}
    return len(match.words) == 1 and bool(roles & _roles_of(word, lang))


def _quiet(match: Phrase, run: list[str], at: int, after: str, lang: str) -> bool:
    """A "none" or "not" word not right before a kind: left unread (see ``QUIET_ROLES``)."""
    if not {ROLES[f] for f in match.fields} <= QUIET_ROLES:
        return False
    following = run[at + len(match.words)] if at + len(match.words) < len(run) else after
    return not (_roles_of(following, lang) | _roles_of(following, "en")) & KINDS


def typed_words(text: str, lang: str | None, names: Iterable[str] = ()) -> list[str]:
    """``words_of`` the text, each typed word read as its written word (see the module
    docstring): what both round readers read, and what their labelled rounds are made of."""
    keep = frozenset(fold(w) for name in names for w in tokens(normalise(name)))

    def spell(raw: list[str]) -> list[str]:
        return written_words(raw, lang, keep)

    return words_of(text, spell)
