"""Normalising, folding, tokenising and stemming player text and topic texts alike.

Snowball's Finnish stemmer cuts "kanasta" down to "kana" (chicken), so every spelling of
canasta is pinned to one stem in every language. Function words are the lexicon's
(``words.function``): vocabulary is data, in one place.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.scoring.vocabulary import vocabulary

if TYPE_CHECKING:
    import Stemmer

STEMMER_NAMES = {"en": "english", "no": "norwegian", "da": "danish", "fi": "finnish"}
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_FOLD = str.maketrans({"å": "a", "ä": "a", "æ": "ae", "ø": "o", "ö": "o", "é": "e", "ü": "u"})


def normalise(text: str) -> str:
    """Lower case, compatibility-normalised, with typographic apostrophes unified."""
    text = unicodedata.normalize("NFKC", text).lower()
    return text.replace("’", "'").replace("`", "'")


def fold(text: str) -> str:
    """Diacritics folded away: players often type "apne" for "åpne". Every letter folded is
    outside ASCII, and most words are ASCII (a flag Python keeps on each string): those are
    returned as they are, without ``translate`` looking up each letter (a question is folded
    word by word a few hundred times)."""
    return text if text.isascii() else text.translate(_FOLD)


def tokens(text: str) -> list[str]:
    """Word tokens of already-normalised text (letters and digits; punctuation splits)."""
    return _TOKEN.findall(text)


@functools.cache
def _stemmer(lang: str) -> Stemmer.Stemmer:
    """PyStemmer, imported on the first word stemmed (a /rules question or /round say), not
    when the cogs load: keeping score never needs it."""
    import Stemmer

    return Stemmer.Stemmer(STEMMER_NAMES[lang])


@functools.lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    """Snowball stem of one normalised word, with canasta pinned (see the module docstring)."""
    if word.startswith(("canast", "kanast")):
        return "kanast"
    return _stemmer(lang).stemWord(word)


@functools.cache
def function_words(lang: str | None = None) -> frozenset[str]:
    """``lang``'s function words and their spoken spellings (``spoken``: "ka" for "hva"), or
    every language's (a card reader does not know the language: "ja", "at" or "ka" is never
    read as glued card symbols)."""
    lexicons = vocabulary().lexicons
    out: set[str] = set()
    for code in [lang] if lang else lexicons:
        lexicon = lexicons[code]
        listed = lexicon.words.function
        out.update(listed)
        out.update(form for word in listed for form in lexicon.spoken.get(word, ()))
    return frozenset(out)


def alternatives(phrases: Iterable[str]) -> str:
    """A regex alternation of lexicon phrases over folded text, longest first: "word*" takes
    any ending, "~" is one optional word between two others."""
    out = set()
    for phrase in phrases:
        regex = ""
        for raw in fold(normalise(phrase)).split():
            if raw == "~":
                regex += r"(?:\w+ )?"
                continue
            regex += re.escape(raw.rstrip("*")) + (r"\w* " if raw.endswith("*") else " ")
        out.add(regex.rstrip(" "))
    return "|".join(sorted(out, key=len, reverse=True)) or "(?!)"


def spoken_forms(phrase: str, spoken: dict[str, list[str]]) -> list[str]:
    """``phrase`` as written and with each of its words in every spoken spelling the lexicon
    gives ("hvor mye" -> "kor mye", "hvor mykje", "kor mykje"): dialect is data, not a phrase
    per question."""
    out = [""]
    for word in phrase.split():
        out = [f"{head} {form}".strip() for head in out for form in (word, *spoken.get(word, ()))]
    return out


def every_spelling(phrases: Iterable[str], spoken: dict[str, list[str]]) -> list[str]:
    """Each of ``phrases`` in every spoken spelling (``spoken_forms``)."""
    return [form for phrase in phrases for form in spoken_forms(phrase, spoken)]


@functools.cache
def written_forms() -> tuple[dict[str, str], ...]:
    """Each lexicon's spoken and dialect spellings (``spoken``) read back to the written word,
    folded ("kor" -> "hvor", "berre" -> "bare"): one table per language, since a spelling
    means a different word in another ("ka" is "hva" in Norwegian and "hvad" in Danish).
    A spelling that folds onto another language's function word (Danish "å" folds to "a")
    is left out: every table is read over every question, and English "a" is no "og" (the
    round reader looks spellings up before folding, ``word_forms``)."""
    lexicons = vocabulary().lexicons
    return tuple(
        {
            fold(normalise(form)): fold(normalise(word))
            for word, forms in lex.spoken.items()
            for form in forms
            if not any(
                fold(normalise(form)) in map(fold, function_words(other))
                for other in lexicons
                if other != code and fold(normalise(form)) != normalise(form)
            )
        }
        for code, lex in lexicons.items()
    )
