"""What a figure is read from, word by word: a figure is worked out only when every word
beside the numbers it uses is accounted for.

A number is read as a side's score, a card as part of a hand; the words around them must
say nothing the reader skipped. Two numbers side by side ("fourteen, fifteen hundred",
"14-15 hundrede") are a hedge between two scores, not one score; a score whose clause names
no side and holds a word that says no score ("the other lot are on 2000") may be anyone's.
Either way the reply says what it read and asks. The words that account for a score are
the lexicon's (function words, a side's, score and points words, hedges), so a word the
lexicon learns turns an ask into a figure, never a wrong figure into another.

The accounting is in the question's language (the reply's and the detected one): the words
right beside a hand must be that language's lexicon words, less the round's game words a
card sum never takes in (a canasta, a going out, a negation), or any language's function
words (``unaccounted_cards``); the words before a going out in its clause must be its
function, side, negation or filler words (``unaccounted_out``). Any other word, of another
lexicon or of none, is unaccounted for and named. The card reader reports what it read
but did not count (red threes, ``FoundCards.left_out``) and the words beside the hand
(``FoundCards.around``).
"""

from __future__ import annotations

import functools
import itertools
import re

from bot.scoring.cards import WORD_TO_RANK
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import ONE, is_plural, lexicon_strings
from bot.talk.round_words import any_phrase
from bot.talk.text import alternatives, fold, function_words, normalise

_BESIDE_BEFORE = re.compile(r"\d[\s,/\-–]*$")
_BESIDE_AFTER = re.compile(r"[\s,/\-–]*\d{2}")
"""Another number right before a score, or one of two digits or more right after it, with
only a space, a comma, a slash or a dash between: "14-15 hundrede", "1400/1500". A single
digit after it is a count ("1500, 3 aces")."""
_CLAUSE = re.compile(r"[,.;:!?]")
_LEXICONS = vocabulary().lexicons.values()
_SIDES = alternatives(w for lex in _LEXICONS for w in (*lex.round.we, *lex.round.they))
_SIDE_WORDS = re.compile(rf"(?<!\w)(?:{_SIDES})(?!\w)")
"""Every language's words for a side ("we", "dei andre", "meillä"): any of them in the
clause says whose the score is, or lets the side readers say it."""
_SCORE_WORDS = re.compile(
    alternatives(
        part
        for lex in _LEXICONS
        for phrase in (
            *lex.round.score,
            *lex.round.points,
            *lex.asks.score,
            *lex.asks.opening,
            *lex.asks.need,
            *lex.words.approx,
            *lex.words.above,
            *lex.words.minus,
            *lex.words.zero,
        )
        for part in phrase.split()
    )
)
"""Words that say a score, its points, a hedge of it or what is asked of it ("score is",
"pisteitä", "about", "opening minimum at"): beside function words they leave the score the
speaker's own."""
_FUNCTION = frozenset(fold(w) for w in function_words())


def number_beside(folded: str, start: int, end: int) -> bool:
    """Whether another number stands right beside the number at ``folded[start:end]``."""
    return bool(_BESIDE_BEFORE.search(folded, 0, start) or _BESIDE_AFTER.match(folded, end))


def owner_unsaid(folded: str, start: int) -> list[str]:
    """The words of the clause before the number at ``folded[start]`` that are no function
    word and say no score, when that clause names no side: the score's owner may be one of
    them ("the other lot are on 2000"); [] when a side word stands there ("we're still
    sitting on") or the clause says only a score ("score is", "pisteitä")."""
    clause = _CLAUSE.split(folded[:start])[-1]
    if _SIDE_WORDS.search(clause):
        return []
    words = (w.split("'")[0] for w in re.findall(r"[\w']+", clause))
    return [w for w in words if w not in _FUNCTION and not _SCORE_WORDS.fullmatch(w)]


_UNITS = frozenset(fold(w) for w in vocabulary().words("units"))
_NUMBER_WORDS = vocabulary().number_words


def cards_by_number(said: str) -> list[str]:
    """Cards named with a number word in normalised ``said``: after a word for one ("left
    holding a nine and a five") or a count in the plural ("two nines"). In a round the hand
    is wanted in points; such cards were not counted, so the reply asks for them."""
    words = re.findall(r"\w+", said)
    out = []
    for i, (word, card) in enumerate(itertools.pairwise(words)):
        after = words[i + 2] if i + 2 < len(words) else ""
        one = word in ONE and 2 <= _NUMBER_WORDS.get(card, 0) <= 10
        plural = word in _NUMBER_WORDS and is_plural(card)
        if (one or plural) and fold(after) not in _UNITS:
            out.append(f"{word} {card}")
    return out


_VAGUE = re.compile(rf"(?<!\w)(?:{alternatives(vocabulary().words('vague'))})(?!\w)")
_CARD_NOUN = re.compile(rf"^\w*(?:{alternatives(vocabulary().words('card'))})$")
"""The noun card, in a compound too ("småkort", "pikkukortteja": small cards)."""
VAGUE_REACH = 3
"""Words after a vague count ("a bunch of face cards", "muutama ässä") that may name the
cards it counts."""


def vague_count(said: str) -> str | None:
    """The words of a count of cards that is no number ("a bunch of face cards", "nogle
    esser", "muutama ässä") in normalised ``said``, or None: those cards' sum is unknown, so
    each card's value is given and the count asked, never one each summed. A pair word ("a
    couple of") is two. The cards must follow, with no function word or number between
    ("kan noen si hva tre ess er verdt" asks nothing vague)."""
    folded = fold(said)
    words = re.findall(r"\w+", said)  # folding keeps words whole: the two lists align
    numbers = vocabulary().number_words
    for match in _VAGUE.finditer(folded):
        at = len(re.findall(r"\w+", folded[: match.end()]))
        joined = folded[: match.start()].split()[-1:]
        if (
            joined
            and joined[0] in _JOINERS
            and _card_before(words, at - len(match.group().split()))
        ):
            # "a joker, two aces and some other junk": more cards, how many not said
            return " ".join(words[at - len(match.group().split()) - 1 : at + 1])
        for i, word in enumerate(words[at : at + VAGUE_REACH]):
            card = word in WORD_TO_RANK or fold(word) in WORD_TO_RANK
            if (card and word not in numbers) or _CARD_NOUN.match(fold(word)):
                return " ".join([match.group(), *words[at : at + i + 1]])
            if word in numbers or word.isdecimal() or fold(word) in _FUNCTION:
                break  # "kan noen si hva tre ess er verdt": "noen" is someone, "tre" a count
    return None


_JOINERS = frozenset(fold(w) for w in vocabulary().words("joiners"))
CARD_REACH = 3
"""Words before a joiner where the cards it joins to may stand ("two aces and some")."""


def _card_before(words: list[str], at: int) -> bool:
    """Whether a card name stands in the few words before the joiner at ``words[at - 1]``."""
    before = words[max(0, at - 1 - CARD_REACH) : max(0, at - 1)]
    return any(w in WORD_TO_RANK and w not in vocabulary().number_words for w in before)


_FREE = (
    "we",
    "they",
    "someone",
    "every_side",
    "no_side",
    "negation",
    "subordinate",
    "filler",
    "concealed",
)
"""The round's word classes that may stand in a clause beside a going out: a side ("we",
"dei andre"), a subject for someone or every side, a negation the reader reads, a "when",
the filler of points ("still", "only"), a concealed going out ("skjult utgang")."""


@functools.cache
def free_words(langs: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the ``langs``' function words and the words of their ``_FREE`` classes with forms,
    folded; the stems of its "word*" phrases there): what a player of that language may say
    around a going out without saying anything of the round. Any other word, a game word
    the reader did not take ("en", Finnish "I didn't", only in a hedge phrase there) or a
    word of another language, is unaccounted for."""
    vocab = vocabulary()
    listed = [p for g in langs for name in _FREE for p in getattr(vocab.lexicons[g].round, name)]
    parts = [part for p in listed for part in fold(p.lower()).split()]
    words = {fold(w) for g in langs for w in function_words(g)}
    words |= {p for p in parts if not p.endswith("*")}
    words |= {fold(f) for g in langs for f, base in vocab.forms[g].items() if fold(base) in words}
    prefixes = tuple(sorted({p.rstrip("*") for p in parts if p.endswith("*")} - {""}))
    return frozenset(words), prefixes


_WENT_OUT = re.compile(rf"(?:^| ){any_phrase('went_out')}(?= |$)")


Langs = str | tuple[str, ...] | None
"""The question's language, or the few it may be in (the reply's and the detected one): a
word any of them lets stand is accounted for."""


def _known(lang: Langs) -> tuple[str, ...]:
    """``lang`` as a tuple of lexicon languages, unknown ones left out."""
    said = (lang,) if isinstance(lang, str) else lang or ()
    return tuple(sorted({code for code in said if code in vocabulary().lexicons}))


def _free(words: frozenset[str], prefixes: tuple[str, ...], word: str) -> bool:
    """Whether folded ``word`` or its form without an apostrophe ("i'm", "to'er") is listed."""
    forms = (word, word.replace("'", ""), word.split("'")[0])
    return not any(c.isalpha() for c in word) or any(
        f in words or f.startswith(prefixes) for f in forms
    )


OUT_REACH = 2
"""Words before a going-out phrase that may say something of it ("en menny ulos", "we
never went out"): the round reader's own reach for a negation."""


def unaccounted_out(question: str, lang: Langs) -> str | None:
    """A word right before a going-out phrase in its clause, after any joiner, that the
    question's language does not let stand there ("en menny ulos" in Finnish: "en" is its
    "I didn't", in its lexicon only inside a hedge): the reader read a going out but not
    that word, which may turn it into its opposite, so the round asks, naming it. None for
    a question of no known language."""
    langs = _known(lang)
    if not langs:
        return None
    words, prefixes = free_words(langs)
    for clause in _CLAUSE.split(fold(normalise(question))):
        spaced = " ".join(re.findall(r"[\w']+", clause))
        match = _WENT_OUT.search(spaced)
        before = spaced[: match.start()].split() if match else []
        # the going out's own words: back to a joiner ("en skitten canasta og gikk ut": the
        # canasta is another part, read as such), as far as a negation may stand
        joined = [i for i, w in enumerate(before) if w in _JOINERS]
        before = before[joined[-1] + 1 if joined else 0 :][-OUT_REACH:]
        unknown = [w for w in before if not (w.isdecimal() or _free(words, prefixes, w))]
        if unknown:
            return unknown[0]
    return None


_GAME = ("canasta", "went_out", "concealed", "one_red_three", "negation", "no_meld")
"""Round words a card sum never takes in: said in the hand's clause, they are a part of the
figure the sum leaves out ("a canasta", "went out", "not")."""


@functools.cache
def card_free_words(langs: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the ``langs``' words and their forms, less their ``_GAME`` classes, and every
    language's function words, folded; the stems of their "word*" phrases): what a player
    may say beside the cards ("på hånden", "how many points"; "lol" in any language). Any
    other word, unlisted or another language's card or game word, is unaccounted for."""
    words: set[str] = {fold(w) for w in function_words() if fold(w) not in WORD_TO_RANK}
    prefixes: set[str] = set()
    for lang in langs:
        said, stems = _card_free(lang)
        words |= said
        prefixes |= stems
    return frozenset(words), tuple(sorted(prefixes))


def _card_free(lang: str) -> tuple[set[str], set[str]]:
    """One language's part of ``card_free_words``: (words, stems)."""
    vocab = vocabulary()
    lexicon = vocab.lexicons[lang].model_dump(exclude={"language", "lemmatizer"})
    game = {fold(p.lower()) for name in _GAME for p in lexicon["round"].pop(name)}
    parts = [part for p in lexicon_strings(lexicon) for part in fold(p.lower()).split()]
    function = {fold(w) for w in function_words(lang)}
    words = function | {p for p in parts if not p.endswith("*")}
    words -= {w for g in game for w in g.split() if w not in function}
    words |= {fold(form) for form, base in vocab.forms[lang].items() if fold(base) in words}
    return words, {p.rstrip("*") for p in parts if p.endswith("*")} - game - {""}


def unaccounted_cards(around: tuple[str, ...], lang: Langs) -> str | None:
    """The first word right beside a hand (``FoundCards.around``) that is neither a card nor
    a word the question's language may say beside cards ("canasta" in "a canasta and two
    kings": a part of the figure a card sum leaves out), or None; None for a question of no
    known language."""
    langs = _known(lang)
    if not langs:
        return None
    words, prefixes = card_free_words(langs)
    return next((w for w in around if not _free(words, prefixes, fold(normalise(w)))), None)


@functools.cache
def _game_phrases(lang: str) -> re.Pattern[str]:
    """``lang``'s ``_GAME`` phrases, as whole words of folded text."""
    return re.compile(rf"(?:^| )({any_phrase(*_GAME, lang=lang)})(?= |$)")


def game_word(clause: tuple[str, ...], lang: Langs) -> str | None:
    """The first game word a card sum does not take in ("went out", "kanasta", "ikke") in
    the hand's clause (``FoundCards.clause``), in the question's language, or None: the
    figure asked may be more than the cards' points, so the reply names it and asks."""
    written = " ".join(normalise(w) for w in clause)
    said = fold(written)
    found = (_game_phrases(g).search(said) for g in _known(lang))
    match = next((m for m in found if m), None)
    if match is None:
        return None
    # named as written ("gått ut") where folding kept the letters one for one
    return written[match.start(1) : match.end(1)] if len(said) == len(written) else match[1]
