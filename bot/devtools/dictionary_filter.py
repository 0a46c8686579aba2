"""Regenerate ``rules_data/lexicon/dictionary.npz``: the words of each language's simplemma
dictionary, folded, as a Bloom filter (``bot.talk.dictionary`` says why).

``python -m bot.devtools.dictionary_filter``. The lexicon's language codes say which of
simplemma's dictionaries is each language's (``Lexicon.lemmatizer``: "nb" for bokmål), and
``STANDARDS`` the other written standards of it ("nn", nynorsk, for Norwegian): one list,
``dictionary_codes``, for this filter and for ``lexicon_forms.near_words``, so that every
word the reader keeps from being read as a typo is a word the filter knows. The file is the
same, byte for byte, for the same simplemma data (``bot.weights``).
"""

from __future__ import annotations

import sys

import numpy as np

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import LANGUAGES, Lexicon, load_vocabulary
from bot.talk.dictionary import BITS_PER_WORD, HASHES, MASK, dictionary_path, hashes
from bot.talk.text import fold, normalise
from bot.weights import save_weights

STANDARDS = {"no": ("nn",)}
"""Written standards of a language beside its lemmatizer's: nynorsk "utruleg" (unbelievable)
and "eine" (the one) are words of Norwegian, no typos."""


def dictionary_codes(lexicon: Lexicon) -> list[str]:
    """simplemma's dictionaries that are ``lexicon``'s language, sorted."""
    return sorted({lexicon.lemmatizer, *STANDARDS.get(lexicon.language, ())})


def language_words(lexicon: Lexicon) -> list[str]:
    """Every folded word of every dictionary of ``lexicon``'s language, sorted."""
    return sorted({w for code in dictionary_codes(lexicon) for w in words_of(code)})


def words_of(lemmatizer: str) -> list[str]:
    """Every form and lemma of simplemma's dictionary, lower case and folded, sorted."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    dictionary = DefaultDictionaryFactory().get_dictionary(lemmatizer)
    said = {fold(normalise(w)) for pair in dictionary.items() for w in pair}
    return sorted(w for w in said if w.isalpha())


def bloom(words: list[str]) -> np.ndarray:
    """The bits of a filter of ``BITS_PER_WORD`` bits a word and ``HASHES`` hashes."""
    size = max(8, len(words) * BITS_PER_WORD // 8 * 8)
    pairs = np.array([hashes(w) for w in words], dtype=np.uint64).reshape(-1, 2)
    bits = np.zeros(size, dtype=bool)
    for i in range(HASHES):
        spots = (pairs[:, 0] + np.uint64(i) * pairs[:, 1]) & np.uint64(MASK)
        bits[(spots % np.uint64(size)).astype(np.int64)] = True
    return np.packbits(bits, bitorder="little")


def main() -> int:
    import simplemma

    vocabulary = load_vocabulary(rules_data_dir() / "lexicon")
    arrays = {}
    for lang in LANGUAGES:
        words = language_words(vocabulary.lexicons[lang])
        arrays[lang] = bloom(words)
        print(f"{lang}: {len(words)} words, {arrays[lang].nbytes} bytes")
    meta = {"languages": list(LANGUAGES), "simplemma": simplemma.__version__, "hashes": HASHES}
    save_weights(dictionary_path(), arrays, meta)
    print(f"wrote {dictionary_path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
