"""Whether a word is a word of its language at all: every form in simplemma's dictionary of
that language, folded, kept as a Bloom filter (``rules_data/lexicon/dictionary.npz``).

Why: a round reader that meets a word its lexicon lacks must tell an everyday word ("super
early", "tosi nopee", "lynhurtigt") from a misspelt game word ("natrual", "canasat") or
gibberish. The first is chatter a reading may pass over when nothing it could change
stands beside it; the others may be the very part of the round it did not read. simplemma
knows the everyday words, but its Finnish dictionary alone takes seconds and hundreds of
MiB to load, too much for a bot that answers in milliseconds; the filter holds the same
words in a few MiB and answers in microseconds. A filter may say a word it never held is
known (about 2% of the words that are not: ``BITS_PER_WORD``, ``HASHES``), never the
reverse, so a word it calls unknown surely is; one it calls known is still asked about when
the tagger is unsure of it (``round_assemble.doubtful_words``).

A Nordic or Finnish compound is written as one word and no dictionary lists them all
("kjempetidlig", "lynhurtigt", "tremannsrunde"): a word that splits into two words of the
language (the first of ``SHORTEST_HEAD`` letters or more, the second of ``SHORTEST_TAIL``) is
known too, unless it may be a game word: a part the round lexicon lists ("blandetcanasta") or
a word ``word_forms.read_as`` reads as a role word ("blanddet" is "bland" + "det" and one
letter from "blandet"). Short parts are left out: "det", "leg", "sii" end too many typos.

Built by ``python -m bot.devtools.dictionary_filter`` (needs simplemma, a dependency).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from bot.scoring.variants import rules_data_dir
from bot.weights import read_weights

FILE = "dictionary.npz"
BITS_PER_WORD = 8
HASHES = 5
MASK = (1 << 64) - 1
SHORTEST_HEAD = 3
SHORTEST_TAIL = 4


def dictionary_path() -> Path:
    return rules_data_dir() / "lexicon" / FILE


def hashes(word: str) -> tuple[int, int]:
    """Two 64-bit hashes of a folded word; the filter's positions are ``h1 + i * h2``."""
    digest = hashlib.blake2b(word.encode(), digest_size=16).digest()
    return int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little") | 1


def positions(word: str, size: int) -> list[int]:
    first, step = hashes(word)
    return [((first + i * step) & MASK) % size for i in range(HASHES)]


@functools.cache
def _filters() -> dict[str, NDArray[np.uint8]]:
    path = dictionary_path()
    if not path.exists():
        return {}
    _, meta = read_weights(path, ())
    languages = [str(lang) for lang in meta["languages"]]
    arrays, _ = read_weights(path, languages)
    return {lang: arrays[lang] for lang in languages}


def _listed(word: str, bits: NDArray[np.uint8]) -> bool:
    size = len(bits) * 8
    return all(bits[p >> 3] & (1 << (p & 7)) for p in positions(word, size))


def is_known(word: str, lang: str | None) -> bool:
    """Whether folded ``word`` is a form of ``lang``'s dictionary (any language's when None)
    or a compound of two (see the module docstring); False for a word with a digit in it,
    and without the filter file, so that every such word stays in doubt."""
    if not word.isalpha():
        return False  # the filter holds words of letters only: "r3", "1ren" are none
    filters = _filters()
    for code in (lang,) if lang else tuple(filters):
        bits = filters.get(code or "")
        if bits is not None and (_listed(word, bits) or _compound(word, code or "", bits)):
            return True
    return False


def _compound(word: str, lang: str, bits: NDArray[np.uint8]) -> bool:
    """``word`` is two words of ``lang`` written together, neither a word of the round
    lexicon, and no typo or clipping of a role word."""
    from bot.talk.word_forms import own_form, read_as, role_words

    ends = range(SHORTEST_HEAD, len(word) - SHORTEST_TAIL + 1)
    splits = [(word[:k], word[k:]) for k in ends]
    found = [(head, tail) for head, tail in splits if _listed(head, bits) and _listed(tail, bits)]
    if not found:
        return False
    game = role_words(lang).role_words
    if any(part in game or own_form(part, lang) for pair in found for part in pair):
        return False
    return read_as(word, lang) is None and read_as(word, lang, counted=True) is None
