"""Regenerate ``rules_data/lexicon/forms.json``: the inflected forms of the lexicon's words.

``python -m bot.devtools.lexicon_forms``. For every card name and number word of a language,
simplemma's dictionary gives its lemma, and every form of that lemma is written down with the
lexicon word it stands for ("kuningasta" -> "kuningas", "essene" -> "ess"). The bot reads the
table instead of loading simplemma, whose Finnish data alone takes seconds to load.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import FORMS_FILE, LANGUAGES, Lexicon, lexicon_hash, load_vocabulary
from bot.talk.text import fold

MIN_FORM = 3
"""Shorter forms are function words in some language ("to", "ni"): listed words only."""


def lexicon_words(lexicon: Lexicon) -> list[str]:
    """The single words whose forms are wanted: card names, number words, colours, wild."""
    words = [w for ws in lexicon.cards.values() for w in ws]
    words += [w for ws in lexicon.numbers.values() for w in ws]
    words += lexicon.colours.red + lexicon.colours.black + lexicon.words.wild
    return [w for w in words if w.isalpha() and len(w) >= MIN_FORM]


def forms_for(lexicon: Lexicon) -> dict[str, str]:
    """form -> lexicon word, for the forms simplemma knows and the lexicon does not list."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    dictionary = DefaultDictionaryFactory().get_dictionary(lexicon.lemmatizer)
    words = lexicon_words(lexicon)
    listed = set(words) | {w for ws in lexicon.cards.values() for w in ws}
    by_lemma: dict[str, str] = {}
    for word in words:
        lemma = dictionary.get(word, word)
        # a word read as another word's form ("svarte" as the verb "svare", "musta" as "me")
        # would bring that word's forms: only lemmas the lexicon itself lists are followed
        by_lemma.setdefault(lemma if lemma in listed else word, word)
    forms: dict[str, str] = {}
    for form, lemma in dictionary.items():
        word = by_lemma.get(lemma)
        if (
            word
            and form != word
            and form not in listed
            and form.isalpha()
            and len(form) >= MIN_FORM
        ):
            forms[form.lower()] = word
    # the dictionary also holds forms with their umlauts dropped, sometimes under another
    # lemma ("yhdella" under "yksitoista" beside "yhdellä" under "yksi"): such a spelling
    # means what the form it is folded from means, so it is left to the reader's folding
    folded = {fold(form): word for form, word in forms.items() if fold(form) != form}
    kept = {form: word for form, word in forms.items() if folded.get(form, word) == word}
    return dict(sorted({**spoken_spellings(kept, lexicon, listed), **kept}.items()))


def spoken_spellings(forms: dict[str, str], lexicon: Lexicon, listed: set[str]) -> dict[str, str]:
    """Each form in the spoken spelling of ``lexicon.spoken_sounds`` ("kahdella" ->
    "kahella"), where that spelling is not a listed word or another form."""
    out: dict[str, str] = {}
    for written, said in lexicon.spoken_sounds.items():
        for form, word in forms.items():
            spoken = form.replace(written, said)
            if spoken != form and spoken not in listed and spoken not in forms:
                out.setdefault(spoken, word)
    return out


def _close(words: list[str], candidates: list[str], most: int) -> set[str]:
    """The ``words`` within ``most`` (Damerau/OSA) of any of ``candidates``."""
    import numpy as np
    from rapidfuzz.distance import OSA
    from rapidfuzz.process import cdist

    out: set[str] = set()
    for start in range(0, len(words), 100_000):
        chunk = words[start : start + 100_000]
        far = cdist(chunk, candidates, scorer=OSA.distance, score_cutoff=most, dtype=np.uint8)
        out.update(chunk[i] for i in np.nonzero((far <= most).any(axis=1))[0])
    return out


def near_words(lexicon: Lexicon) -> list[str]:
    """The words of simplemma's dictionary (folded) that ``word_forms.read_as`` would read as
    a role word: a real word is no typo nor a word cut short ("blandt" is "among", not
    "blandet"), so the reader keeps it, without loading the dictionary at run time. A cheap
    bound first (a prefix of a candidate, or within twice the distance of one, cut to the
    candidate's length), then the reader's own rule on what is left."""
    from bot.devtools.dictionary_filter import language_words
    from bot.talk.round_words import known_words
    from bot.talk.word_forms import (
        SHORTEST_TYPO_STEM,
        TYPO_DISTANCE,
        own_form,
        read_as,
        role_words,
        typo_distance,
    )

    lang = lexicon.language
    candidates = role_words(lang).candidates
    most = max(d for _, d in TYPO_DISTANCE)
    prefixes = {c.word[:k] for c in candidates for k in range(2, len(c.word) + 1)}
    folded = [w for w in language_words(lexicon) if len(w) >= 2]
    maybe = {w for w in folded if w in prefixes}
    whole = sorted({c.word for c in candidates if not c.stem})
    longest = max(map(len, whole)) + most
    maybe |= _close([w for w in folded if len(w) <= longest], whole, most)
    stems = sorted({c.word for c in candidates if c.stem and len(c.word) >= SHORTEST_TYPO_STEM})
    close: set[str] = set()
    for near in {typo_distance(stem) for stem in stems}:
        group = [stem for stem in stems if typo_distance(stem) == near]
        sizes = range(min(map(len, group)) - near, max(map(len, group)) + near + 1)
        close |= _close(sorted({w[:k] for w in folded for k in sizes}), group, near)
    maybe.update(w for w in folded if any(w[:k] in close for k in range(2, len(w) + 1)))
    known = known_words(lang).words
    return sorted(
        w
        for w in maybe
        if w not in known and not own_form(w, lang) and (read_as(w, lang) or read_as(w, lang, True))
    )


def main() -> int:
    import simplemma

    directory = rules_data_dir() / "lexicon"
    vocabulary = load_vocabulary(directory)
    data = {
        "lexicon_hash": lexicon_hash(directory),
        "simplemma": simplemma.__version__,
        "forms": {lang: forms_for(vocabulary.lexicons[lang]) for lang in LANGUAGES},
        "near": {lang: " ".join(near_words(vocabulary.lexicons[lang])) for lang in LANGUAGES},
    }
    path: Path = directory / FORMS_FILE
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    sizes = ", ".join(
        f"{lang} {len(data['forms'][lang])} (near {data['near'][lang].count(' ') + 1})"
        for lang in LANGUAGES
    )
    print(f"wrote {path}: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
