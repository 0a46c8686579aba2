"""Regenerate ``rules_data/lexicon/dictionary.npz``: the words of each language's simplemma
dictionary, folded, as a Bloom filter (``bot.talk.dictionary`` says why).

``python -m bot.devtools.dictionary_filter``. The lexicon's language codes say which of
simplemma's dictionaries is each language's (``Lexicon.lemmatizer``: "nb" for bokmål). The
file is the same, byte for byte, for the same simplemma data (``bot.weights``).
"""

from __future__ import annotations

import sys

import numpy as np

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import LANGUAGES, load_vocabulary
from bot.talk.dictionary import BITS_PER_WORD, HASHES, MASK, dictionary_path, hashes
from bot.talk.text import fold, normalise
from bot.weights import save_weights


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
        words = words_of(vocabulary.lexicons[lang].lemmatizer)
        arrays[lang] = bloom(words)
        print(f"{lang}: {len(words)} words, {arrays[lang].nbytes} bytes")
    meta = {"languages": list(LANGUAGES), "simplemma": simplemma.__version__, "hashes": HASHES}
    save_weights(dictionary_path(), arrays, meta)
    print(f"wrote {dictionary_path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
