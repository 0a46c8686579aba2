"""A sentence about a whole round cut into each side's words: where it says "we", "they",
"team 2", or a side's or player's name, the words that follow are that side's.

Why a cut and not a guess: a round said aloud runs both sides together ("vi meldte 420 ...; de
andre 240 ..."), and a number read for the wrong side is a wrong score. Words that name no side
the reader can tell (a "they" at a table of three, "we" said by someone on no side) are
returned as unsure rather than given to anyone.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from bot.scoring.vocabulary import spoken, vocabulary
from bot.talk.round_assemble import KIND_REACH, count_value, kind_of
from bot.talk.round_words import (
    GAP,
    MAX_COUNT,
    Unsure,
    any_phrase,
    count_of,
    count_words,
    counts,
    index_at,
    known_words,
    listed,
    words_of,
)
from bot.talk.text import alternatives, fold, normalise


@dataclass(frozen=True)
class Seating:
    """Who is who in a sentence about a whole round: how many sides, the speaker's side
    ("we", 0-based, None when unknown), the names each side is called by (side names, player
    names), and the language whose pronouns split the sentence (None: every language)."""

    sides: int = 2
    speaker: int | None = 0
    names: tuple[tuple[str, ...], ...] = ()
    lang: str | None = None


WE, THEY, NO_SIDE, EVERY, NOBODY = -1, -2, -3, -4, -5
TABLE = frozenset({EVERY, NOBODY})
"""Keys of a clause said of the whole table ("both teams had a red three", "nobody went
out"): its words belong to every side."""
THEY_SHORTEST = 3


@functools.cache
def _side_patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """("we" words, "they" words, "team N") of ``lang``. Without a language (a ``/rules``
    question), "they" words of two letters are left out: Finnish "he" is English "he", the
    partner in "I went out, he had 45 left"."""
    count = count_words(lang)
    shortest = 1 if lang else THEY_SHORTEST
    return (
        re.compile(rf"(?:^| )({any_phrase('we', lang=lang)})(?= |$)"),
        re.compile(rf"(?:^| )({any_phrase('they', lang=lang, shortest=shortest)})(?= |$)"),
        re.compile(rf"(?:^| )({any_phrase('team', lang=lang)} ({count}))(?= |$)"),
    )


NAME_ENDING = (4, 5)
"""A name of at least 4 letters may take an ending of up to 5 ("Annalla", "Pers"); a shorter
name is only itself ("Di" is no part of "dirty")."""


@functools.cache
def name_pattern(name: str, lang: str | None) -> re.Pattern[str] | None:
    """A player's or side's name and its inflected forms: an ending, and the stem changes
    of ``lang``'s nouns before one (Finnish "Antti" -> "Antilla", "Pekka" -> "Pekalla"). The
    name's words are made as the sentence's are (``words_of``: "Bob & Carol" is "bob plus
    carol" in both), so a name with a sign in it is found."""
    words = [word for word in words_of(name) if word != GAP]
    if not words:
        return None
    if len(words[-1]) < NAME_ENDING[0]:
        return re.compile(r"(?:^| )(" + " ".join(map(re.escape, words)) + r")(?= |$)")
    ending = rf"\w{{0,{NAME_ENDING[1]}}}"
    lexicons = vocabulary().lexicons
    changes = lexicons[lang].round.name_stems if lang in lexicons else []
    stems = "|".join(map(re.escape, sorted(set(spoken(words[-1], changes)), key=len, reverse=True)))
    head = "".join(re.escape(word) + " " for word in words[:-1])
    return re.compile(rf"(?:^| )({head}(?:{stems}){ending})(?= |$)")


def _a_word_of_the_language(said: str, name: str, lang: str | None) -> bool:
    """An inflected form of a name that is one of the round's own words is that word:
    "ingen" (none) is no form of Inge. The name as written is always the name. (Not every
    word of the dictionary: Finnish "Antilla" is Antti's, whatever a dictionary holds.)"""
    last = said.split()[-1]
    own = [word for word in words_of(name) if word != GAP]
    if not own or last == own[-1]:
        return False
    return last in known_words(lang).words


def _marks(joined: str, seating: Seating) -> list[tuple[int, int, int]]:
    """(first word, word after, side key) of every word that says whose part follows: a side
    index, ``WE``, ``THEY`` or ``NO_SIDE`` (a team number the game does not have)."""
    we, they, team = _side_patterns(seating.lang)
    articles, owned = _articles(joined, seating)  # "de 2 røde treerne våre", "de" a name or not
    found: list[tuple[int, int, int]] = list(articles)
    for side, names in enumerate(seating.names):
        for name in names:
            pattern = name_pattern(name, seating.lang)
            # a side called by a pronoun ("de", "we") is its subject only where the
            # pronoun would be: "vi hadde de to røde" has "de" as an article
            pronoun = any(p.fullmatch(" " + fold(name)) for p in (we, they))
            if pattern is not None:
                found += [
                    (m.start(1), m.end(1), side)
                    for m in pattern.finditer(joined)
                    if m.start(1) not in owned
                    and not _a_word_of_the_language(m[1], name, seating.lang)
                    and (not pronoun or _subject(m, seating))
                ]
    for match in team.finditer(joined):
        number = count_of(match[2], seating.lang)
        key = number - 1 if 1 <= number <= seating.sides else NO_SIDE
        found.append((match.start(1), match.end(1), key))
    for pattern, key in ((we, WE), (they, THEY)):
        found += [
            (m.start(1), m.end(1), key)
            for m in pattern.finditer(joined)
            if m.start(1) not in owned and _subject(m, seating)
        ]
    found += [(m.start(1), m.end(1), NO_SIDE) for m in _someone(seating.lang).finditer(joined)]
    for key, field in ((EVERY, "every_side"), (NOBODY, "no_side")):
        found += [(m.start(1), m.end(1), key) for m in _whole(field, seating.lang).finditer(joined)]
    chosen: list[tuple[int, int, int]] = []
    for start, end, key in sorted(found, key=lambda f: (f[0], -f[1])):
        if chosen and start < chosen[-1][1]:
            continue
        if chosen and start == chosen[-1][1] + 1 and THEY in (key, chosen[-1][2]):
            # "their partner", "motstanderne våre", "our opponents": one side, the others
            chosen[-1] = (chosen[-1][0], end, THEY)
            continue
        chosen.append((start, end, key))
    return [(index_at(joined, s), index_at(joined, e) + 1, k) for s, e, k in chosen]


@functools.cache
def _someone(lang: str | None) -> re.Pattern[str]:
    """ "someone" opening a clause ("someone went out", "noen gikk ut"): a side nobody can
    tell. Only at a clause's start: "ingen røde på noen" is no subject."""
    return re.compile(rf"(?:^|\{GAP} )({any_phrase('someone', lang=lang)})(?= |$)")


@functools.cache
def _whole(field: str, lang: str | None) -> re.Pattern[str]:
    """A subject for every side or for none opening a clause (after "and" at most): "both
    teams had a red three", "ingen gikk ut", "og begge hold fik en rød". Not before a number
    or a part of the round, where the same word counts it ("ingen røde", "begge rene")."""
    joiners = "|".join(sorted(map(re.escape, _joiners(lang)), key=len, reverse=True))
    parts = any_phrase("natural", "mixed", "red", "three", "canasta", lang=lang)
    return re.compile(
        rf"(?:^|\{GAP} )(?:(?:{joiners}) )?({any_phrase(field, lang=lang)})"
        rf"(?= |$)(?! (?:\d|{parts}))"
    )


@functools.cache
def _determined(lang: str | None) -> re.Pattern[str]:
    """What follows a side word used as an article ("the", "those": "de to røde treere"):
    a count said in words with a word after it in its clause, or a colour. A count that
    ends its clause counts for the side ("we had 3 red threes and they one")."""
    words = [w for w in counts(lang) if not w.isdecimal()]
    count = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    gap = re.escape(GAP)
    red = any_phrase("red", lang=lang)
    return re.compile(rf" (?:(?:{count})(?= (?!{gap}(?: |$))\S)|(?:{red})(?= |$))")


@functools.cache
def _article_words(lang: str | None) -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """``lang``'s plural articles that are also "they" ("de", "dem"), endings of a definite
    plural noun, and the possessives said after a noun ("våre", "vores", "deres")."""
    lexicons = [lex for code, lex in vocabulary().lexicons.items() if lang in (None, code)]
    return (
        frozenset(fold(w) for lex in lexicons for w in lex.words.article),
        tuple(sorted({fold(e) for lex in lexicons for e in lex.round.definite_endings})),
        frozenset(fold(normalise(w)) for lex in lexicons for w in lex.round.possessive_after),
    )


def _counted_noun(after: list[str], lang: str | None) -> int | None:
    """Where the possessive after the noun is in ``after`` (the words after an article word,
    counted from 0), -1 for a definite noun without one, None when these words are no count
    and its noun ("2 røde treerne", "to rene kanastaene", "2 røde treere våre")."""
    _, endings, possessives = _article_words(lang)
    if not after or count_value(after[0], lang) is None:
        return None
    nouns = re.compile(any_phrase("canasta", "three", lang=lang))
    kinds = re.compile(any_phrase("natural", "mixed", "red", "canasta", "three", lang=lang))
    for j in range(1, min(len(after), KIND_REACH + 2)):
        word = after[j]
        if word == GAP or not kinds.fullmatch(word):
            return None
        if j + 1 < len(after) and after[j + 1] in possessives:
            return j + 1
        if nouns.fullmatch(word) and word.endswith(endings) and not word.isdecimal():
            return -1
    return None


def _articles(joined: str, seating: Seating) -> tuple[list[tuple[int, int, int]], set[int]]:
    """A "they" word that is the article of a counted definite noun ("så de 2 røde treerne
    teller pluss", "dem to rene kanastaene"): no subject, in digits as in words (a count
    in digits after "de" alone may be the side's: "de 2 røde, 40 igjen"; opening a clause,
    the word is the side's as before, a sheet's "dem: 4 røde treerne"). With a possessive
    after the noun ("de 2 røde treerne våre", "de to rene vores"), the article names the
    side the possessive names, and the possessive names no other. (marks of the articles
    with a possessive, where in ``joined`` those possessives start)."""
    we, they, _ = _side_patterns(seating.lang)
    articles = _article_words(seating.lang)[0]
    marks: list[tuple[int, int, int]] = []
    owned: set[int] = set()
    skipped: set[int] = set()
    for match in they.finditer(joined):
        if match[1] not in articles:
            continue
        after = joined[match.end(1) :].split()
        at = _counted_noun(after, seating.lang)
        opens = joined[: match.start(1)].split()[-1:] in ([], [GAP])
        if at is None or (at < 0 and opens):
            continue  # "de: 4 røde treerne", a clause opening with it: the side, as said
        skipped.add(match.start(1))
        if at >= 0:
            start = match.end(1) + 1 + sum(len(w) + 1 for w in after[:at])
            owned.add(start)
            key = WE if we.fullmatch(" " + after[at]) else THEY
            marks.append((match.start(1), match.end(1), key))
    return marks, owned | skipped


def _subject(match: re.Match[str], seating: Seating) -> bool:
    """A side word that names a side, not the article of a count after a verb ("vi fik de
    to røde"); at the start of a clause it is the side ("niillä kaks punasta")."""
    before = match.string[: match.start(1)].split()[-1:]
    if not before or before == [GAP]:
        return True
    if before[0] in _object_after(seating.lang):  # "went out concealed on me"
        return False
    after = match.string[match.end(1) :].split()[:1]
    if before[0] in _stuck_verbs(seating.lang) and after and after[0].isdecimal():
        return False  # "satt me 70": in the place of the phrase's "med", no subject
    return _determined(seating.lang).match(match.string, match.end(1)) is None


@functools.cache
def _stuck_verbs(lang: str | None) -> frozenset[str]:
    """The first words of the phrases that only ever say a hand ("satt ~ med", "stuck
    with"): a side word between one and a number stands where the phrase's other word
    would, so it names no side."""
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(normalise(phrase)).split()[0]
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for phrase in lexicon.round.stuck
    )


def _resolve(key: int, seating: Seating) -> int | None:
    if key >= 0 or key in TABLE:
        return key
    if key == WE:
        return seating.speaker
    if key == THEY and seating.speaker is not None and seating.sides == 2:
        return 1 - seating.speaker
    return None


@dataclass(frozen=True)
class Segment:
    side: int | None
    words: list[str]
    lead: int
    """Index of the first word after the side's name (0 for the words before any name: a
    bare number first, "420, en ren, gikk ut; de andre 240", is the table's points too)."""
    unclear: bool = False
    """Words whose side cannot be told even without a number in them: asked about."""
    unmelded: bool = False
    """A clause "before they'd even opened": the side had laid nothing down."""


@functools.cache
def _declaration(lang: str | None) -> re.Pattern[str]:
    """ "(vi er B)", "(we are team 2)", "(me ollaan B)": a "we are" of the players' words
    (two words or more: "vi 2" is a count of ours), a team word or none, and a side's
    letter, or its number after a team word ("vi er 2" is two players), ending its clause."""
    lexicons = [lex for code, lex in vocabulary().lexicons.items() if lang in (None, code)]
    we = alternatives(p for lex in lexicons for p in lex.players.we if " " in p.strip())
    team = alternatives(p for lex in lexicons for p in lex.round.team)
    count = count_words(lang)
    side = rf"(?:{team}) (?P<number>{count}|[a-z])|(?P<letter>[a-z])"
    return re.compile(rf"(?:^| )((?:{we}) (?:{side}))(?= \||$)")


def declared_side(words: list[str], seating: Seating) -> tuple[int | None, set[int]]:
    """The side the speaker says is theirs ("Lag A ... | Lag B ... (vi er B)"), by its
    letter (A the first) or number, and the indices of the words that say it (a side's
    name, no part of a round); None when no such words, or they name no side there is."""
    joined = " ".join(words)
    for match in _declaration(seating.lang).finditer(joined):
        said = match["letter"] or match["number"]
        index = ord(said) - ord("a") if said.isalpha() and len(said) == 1 else None
        if index is None:
            index = (count_of(said, seating.lang) or 0) - 1
        if 0 <= index < seating.sides:
            first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
            return index, set(range(first, last + 1))
    return None, set()


def named_words(words: list[str], seating: Seating) -> set[int]:
    """Indices of the words that are part of a side's or player's name ("kahden porukka",
    "Per og Siri", "vi er B"): said as a name, they say nothing of a round."""
    joined = " ".join(words)
    named: set[int] = declared_side(words, seating)[1]
    for name in (name for side in seating.names for name in side):
        pattern = name_pattern(name, seating.lang)
        for match in pattern.finditer(joined) if pattern else ():
            first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
            named.update(range(first, last + 1))
    return named


def opens_with_side(words: list[str], seating: Seating) -> bool:
    """The words start by saying whose part follows ("we had 2", "de hadde to røde")."""
    marks = _marks(" ".join(words), seating)
    return bool(marks) and marks[0][0] == 0


def opens_with_pronoun(words: list[str], lang: str | None) -> bool:
    """The words start with a "we" or "they" word ("de hadde ingen")."""
    we, they, _ = _side_patterns(lang)
    joined = " ".join(words)
    return any((m := p.match(" " + joined)) is not None and m.start(1) == 1 for p in (we, they))


def sides_of_words(words: list[str], seating: Seating) -> list[int | None]:
    """Each word's side as ``segments`` cuts the words, roughly: the side named last before
    it (the speaker's before any name; None where the side cannot be told)."""
    marks = _marks(" ".join(words), seating)
    lead = words[: marks[0][0]] if marks else words
    side = _lead_side(lead, marks, seating) if lead else None
    out: list[int | None] = []
    starts = {start: key for start, _, key in marks}
    for i in range(len(words)):
        if i in starts:
            side = _resolve(starts[i], seating)
        out.append(side)
    return out


def names_side(words: list[str], seating: Seating) -> bool:
    """Some word says whose part follows ("we", "they", "team 2", a name)."""
    return bool(_marks(" ".join(words), seating))


def _lead_side(lead: list[str], marks: list[tuple[int, int, int]], seating: Seating) -> int | None:
    """Whose the words before the first side named are. In the same clause as that name,
    the name's ("all four red threes for us"); said apart from it, or with "and" before the
    name ("went out with 400 and they had 200"), the speaker's: a round told from one's own
    seat starts with one's own side ("365 melded, a clean and a dirty, we went out; they
    ...", "went out concealed, 395 melded. them: ...")."""
    if marks and GAP not in lead and lead[-1] not in _joiners(seating.lang):
        return _resolve(marks[0][2], seating)
    return seating.speaker


def _heading(lead: list[str], lang: str | None) -> bool:
    """Clauses before any side is named that name a part of the round with no number ("red
    threes: 2 for us, 1 for them"): a heading for what each side is said to have after it,
    so they are every side's (a side whose count is not said with it is then asked about,
    never given none)."""
    kinds = re.compile(any_phrase("natural", "mixed", "red", "three", "canasta", lang=lang))
    said = [w for w in lead if w != GAP]
    if any(w.isdecimal() or count_of(w, lang) for w in said):
        return False
    return any(kinds.fullmatch(w) for w in said)


def segments(words: list[str], seating: Seating) -> list[Segment]:
    """The sentence cut where it starts talking about another side (see ``_lead_side`` for
    the words before the first side named). A side's name stays in its part (a pronoun
    disturbs no phrase), except "team 2", whose number is no points. A side named inside a
    clause about another ("when they went out") keeps only its own clause (``_return``)."""
    joined = " ".join(words)
    marks = _marks(joined, seating)
    out: list[Segment] = []
    first = marks[0][0] if marks else len(words)
    lead = words[:first]
    head = len(lead) - lead[::-1].index(GAP) if GAP in lead else 0
    if head and marks and _heading(lead[:head], seating.lang):
        # "red threes: 2 for us, ...": the heading is every side's, the rest the name's
        out.append(Segment(EVERY, lead[:head], 0))
        lead = lead[head:]
    if lead:
        out.append(Segment(_lead_side(lead, marks, seating), lead, 0))
    for n, (start, end, key) in enumerate(marks):
        stop = marks[n + 1][0] if n + 1 < len(marks) else len(words)
        named = key >= 0 or key == NO_SIDE  # "team 2", not "no one", "we two"
        # "team 2", "kahden porukka": a count in a name is no part of the side's round
        numbered = any(w in counts(seating.lang) for w in words[start:end])
        team = named and end - start > 1 and numbered
        kept = words[end:stop] if team else words[start:stop]
        side, unclear = _resolve(key, seating), False
        named = marks[n - 1][2] if n else NO_SIDE
        if key == THEY and named >= 0 and side != named:
            name = words[marks[n - 1][0] : marks[n - 1][1]]
            side = _they_after_name(name, named, side, seating)
            unclear = side is None
        segment = Segment(side, kept, 0 if team else end - start, unclear)
        if out and start and words[start - 1] in _subordinate(seating.lang):
            out += _return(segment, out[-1].side, seating.lang, words[max(0, start - 2) : start])
        elif key in TABLE:
            if key == NOBODY:
                segment = dataclasses.replace(segment, words=none_counted(kept, seating.lang))
            out += _table_clause(segment, out, seating)
        else:
            out.append(_given(segment, out, seating.lang))
    return [part for segment in out for part in _each(segment, seating.lang)]


def _each(segment: Segment, lang: str | None) -> list[Segment]:
    """A clause ending in a word for every side after a count ("red threes: 1 each", "røde
    treere: en hver", "punaisia kolmosia yksi kummallakin", "one red three each") is one
    value for every side, whoever was named before it: taken out of the side's part as a
    clause of the whole table (``_each_value``). A count of no kind is left where it was
    (the readers then ask)."""
    words = segment.words
    for end, word in enumerate(words):
        closes = end + 1 == len(words) or words[end + 1] == GAP
        if not (end and closes and word in _each_words(lang)):
            continue
        found = _each_value(words[:end], lang)
        if found is None or found[0] < segment.lead:
            continue
        start, clause = found
        before = dataclasses.replace(segment, words=words[:start])
        rest = Segment(segment.side, words[end + 2 :], 0)
        return [p for p in (before, Segment(EVERY, clause, 0)) if p.words] + _each(rest, lang)
    return [segment]


def _each_value(words: list[str], lang: str | None) -> tuple[int, list[str]] | None:
    """(where it starts, the clause as the readers read it) of the clause ending ``words``
    when it says a count of a kind: its own kind, the count first ("1 red threes"), or the
    kind of a heading just before it that names a kind and no number ("røde treere | en")."""
    start = _clause_start(words, len(words))
    body = words[start:]
    if _kind_words(body, lang):
        if not any(_small(w, lang) for w in body):
            return None
        if _small(body[-1], lang) and not _kind_words(body[-1:], lang):
            return start, [body[-1], *body[:-1]]  # "red threes 1": the count first
        return start, body  # "one red three", "en rød treer": as said
    if len(body) != 1 or not _small(body[0], lang) or start < 2:
        return None
    head = _clause_start(words, start - 1)
    kinds = words[head : start - 1]
    if any(w.isdecimal() or count_of(w, lang) for w in kinds):
        return None  # "2 rene | 1 hver" names no kind for the 1
    return (head, [body[0], *kinds]) if _kind_words(kinds, lang) else None


def _clause_start(words: list[str], end: int) -> int:
    """Where the clause ending at ``end`` (exclusive) starts: after the last gap before it."""
    before = words[:end]
    return len(before) - before[::-1].index(GAP) if GAP in before else 0


def _small(word: str, lang: str | None) -> bool:
    """A count of canastas or red threes ("1", "en", "yksi")."""
    return (word.isdecimal() and int(word) <= MAX_COUNT) or count_of(word, lang) > 0


def _kind_words(words: list[str], lang: str | None) -> bool:
    """``words`` (one clause) name a kind, and no points: "red threes 1", "røde treere"."""
    kinds = re.compile(any_phrase("natural", "mixed", "red", "three", "canasta", lang=lang))
    points = any(w == GAP or (w.isdecimal() and not _small(w, lang)) for w in words)
    return not points and any(kinds.fullmatch(w) for w in words)


@functools.cache
def _each_words(lang: str | None) -> frozenset[str]:
    """The one-word subjects for every side ("each", "hver", "kummallakin")."""
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(normalise(word))
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.every_side
        if " " not in word
    )


def none_counted(words: list[str], lang: str | None) -> list[str]:
    """The first clause of a clause said of no side ("nobody drew a red three", "ingen af
    os fik røde treere", "neither side had any red threes") with each kind it names counted
    none: the subject negates the clause, so no side had one, and that is what every side's
    reader is to read, not one each ("a red three") or a kind with no count."""
    end = words.index(GAP) if GAP in words else len(words)
    out: list[str] = []
    for i, word in enumerate(words[:end]):
        kind = kind_of(words, i, lang)
        if kind and not (i and kind_of(words, i - 1, lang)):
            if out and (count_value(out[-1], lang) is not None or _vague(lang).fullmatch(out[-1])):
                out.pop()  # "a red three", "noen røde": the count the subject negates
            out.append("0")
        out.append(word)
    return out + words[end:]


@functools.cache
def _vague(lang: str | None) -> re.Pattern[str]:
    return re.compile(any_phrase("vague", lang=lang))


def _they_after_name(name: list[str], named: int, side: int | None, seating: Seating) -> int | None:
    """Whose a "they" is right after a side called by its name, not by a pronoun ("team A 455,
    two naturals, they went out"): the named side's when the name says a group ("team A",
    "lag 2"); after a player's name it may be that player's side or the opponents', so
    nobody's (asked about). After a name with a pronoun in it ("we ...", "Mikkel og jeg
    ..."), the opponents'."""
    we, they, _ = _side_patterns(seating.lang)
    said = " ".join(name)
    if we.search(said) or they.search(said):  # "mä ja mun pari ..., niillä oli 120"
        return side
    if any(word in _team_words(seating.lang) for word in name):
        return named
    return None


@functools.cache
def _team_words(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(phrase.split()[0])
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for phrase in lexicon.round.team
    )


def _given(segment: Segment, before: list[Segment], lang: str | None) -> Segment:
    """ "2 for us, 1 for them": a clause that gives a count to the side named right after
    it ("for", "til") is that side's, not the side's named before the clause."""
    if not before or GAP not in before[-1].words:
        return segment
    words = before[-1].words
    tail = words[len(words) - words[::-1].index(GAP) :]
    if not tail or tail[-1] not in _for_words(lang) or not any(w.isdecimal() for w in tail):
        return segment
    before[-1] = Segment(before[-1].side, words[: len(words) - len(tail)], before[-1].lead)
    return Segment(segment.side, tail + segment.words, segment.lead + len(tail), segment.unclear)


@functools.cache
def _for_words(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(word)
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.for_side
    )


def _table_clause(segment: Segment, before: list[Segment], seating: Seating) -> list[Segment]:
    """A clause said of the whole table ("both teams had a red three, 40 left") is its
    own clause only: what follows it up to the next side named is the side spoken of
    before it (the speaker's at the start), as if the clause had not been said."""
    words = segment.words
    if GAP not in words:
        return [segment]
    gap = words.index(GAP)
    side = next((s.side for s in reversed(before) if s.side not in TABLE), seating.speaker)
    rest = [Segment(side, words[gap + 1 :], 0)] if words[gap + 1 :] else []
    return [Segment(segment.side, words[:gap], segment.lead), *rest]


@functools.cache
def _subordinate(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(word)
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.subordinate
    )


@functools.cache
def _object_after(lang: str | None) -> frozenset[str]:
    lexicons = vocabulary().lexicons
    return frozenset(
        fold(word)
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.object_after
    )


@functools.cache
def _joiners(lang: str | None) -> frozenset[str]:
    return listed("words", "joiners", lang)


def _return(
    segment: Segment, before: int | None, lang: str | None, opening: list[str]
) -> list[Segment]:
    """A side named in a clause that hangs on another side's ("we were stuck with 95 when
    they went out, and were caught with 95"): after its clause, a clause opened by "and"
    and a verb, with no subject of its own, is the first side's again, and so is all that
    follows a clause that tells none of the other side's round (``_circumstance``); a list
    that goes on after a clause with the other side's figures ("because they went out with
    380, a natural and a mixed, and a red three") stays with the side just named."""
    words = segment.words
    gaps = [i for i, word in enumerate(words) if word == GAP]
    if gaps and segment.side != before and _circumstance(words[: gaps[0]], lang):
        # "we went out concealed before they'd even opened, 245 melded": ours again
        clause = words[: gaps[0]]
        unmelded = _not_yet_opened(opening, clause, lang)
        return [
            Segment(segment.side, clause, segment.lead, segment.unclear, unmelded),
            Segment(before, words[gaps[0] + 1 :], 0),
        ]
    for gap in gaps:
        clause = words[gap + 1 : gap + 3]
        if (
            len(clause) == 2
            and clause[0] in _joiners(lang)
            and not clause[1].isdecimal()
            and clause[1] not in counts(lang)
        ):
            return [
                Segment(segment.side, words[:gap], segment.lead, segment.unclear),
                Segment(before, words[gap + 1 :], 0),
            ]
    return [segment]


@functools.cache
def _round_event(lang: str | None) -> re.Pattern[str]:
    return re.compile(rf"(?:^| )(?:{any_phrase('went_out', 'concealed', 'out', lang=lang)})(?= |$)")


@functools.cache
def _before(lang: str | None) -> tuple[frozenset[str], re.Pattern[str]]:
    lexicons = vocabulary().lexicons
    words = frozenset(
        fold(word)
        for code, lexicon in lexicons.items()
        if lang in (None, code)
        for word in lexicon.round.before
    )
    return words, re.compile(rf"(?:^| )(?:{any_phrase('opened', lang=lang)})(?= |$)")


def _not_yet_opened(opening: list[str], clause: list[str], lang: str | None) -> bool:
    """ "before they'd even opened", "før vi overhovedet havde meldt noget", "ennen ku ne
    oli avannu": a clause opened by a word for "before" (``opening``: the words just before
    the side's name) with a verb of laying cards down says that side had laid nothing down
    when the round ended. A negation in it ("before we had not ...") is left as said."""
    words, opened = _before(lang)
    if not any(word in words for word in opening):
        return False
    return opened.search(" ".join(clause)) is not None


def _circumstance(clause: list[str], lang: str | None) -> bool:
    """A clause about another side that tells none of its round, no figure and no going out
    ("before they'd even opened", "før vi overhovedet havde meldt noget", "ennen ku ne oli
    avannu"): only when something happened, so the side it hangs on goes on after it."""
    if any(w.isdecimal() for w in clause):
        return False
    return _round_event(lang).search(" ".join(clause)) is None


def side_words(segments: list[Segment], side: int) -> tuple[list[str], frozenset[int]]:
    """A side's parts joined (``GAP`` between parts said apart) and where each name ends."""
    words: list[str] = []
    leads: set[int] = set()
    previous: int | None = None
    for n, segment in enumerate(segments):
        if segment.side != side and segment.side not in TABLE:
            continue
        apart = previous != n - 1 or TABLE & {segment.side, segments[n - 1].side}
        if words and apart and words[-1] != GAP:  # a clause of the whole table: apart
            words.append(GAP)
        leads.add(len(words) + segment.lead)
        words += segment.words
        previous = n
    return words, frozenset(leads)


def unmelded(segments: list[Segment], side: int) -> bool:
    """Some clause says the side had laid nothing down before the round ended."""
    return any(segment.side == side and segment.unmelded for segment in segments)


def unsure_sides(segments: list[Segment], seating: Seating) -> list[Unsure]:
    out = []
    for segment in segments:
        if segment.side is None and (segment.unclear or any(w.isdecimal() for w in segment.words)):
            out.append(Unsure("side", " ".join(segment.words)))
    return out


def sides_named(words: list[str], seating: Seating) -> set[int | None]:
    """The sides ``words`` name ("Siv", "me", "team 2"; None for a side it cannot tell):
    whether words naming players between figures ("50 (Siv) + 30 (me)") name one side."""
    return {_resolve(key, seating) for _, _, key in _marks(" ".join(words), seating)}
