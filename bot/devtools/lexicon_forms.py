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


def main() -> int:
    import simplemma

    directory = rules_data_dir() / "lexicon"
    vocabulary = load_vocabulary(directory)
    data = {
        "lexicon_hash": lexicon_hash(directory),
        "simplemma": simplemma.__version__,
        "forms": {lang: forms_for(vocabulary.lexicons[lang]) for lang in LANGUAGES},
    }
    path: Path = directory / FORMS_FILE
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    sizes = ", ".join(f"{lang} {len(data['forms'][lang])}" for lang in LANGUAGES)
    print(f"wrote {path}: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
