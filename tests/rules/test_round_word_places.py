"""Which everyday words a round is read past: the languages' dictionaries (nynorsk and
compounds too) and the places where a word could change a component. Sentences written for
these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.vocabulary import vocabulary
from bot.talk.dictionary import is_known


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["wickedfast", "megaearly"]),
        ("no", ["kjempekjapt", "dritkjapt", "utruleg", "tidleg", "skikkeleg"]),
        ("da", ["kaempehurtigt"]),
        ("fi", ["jattinopeasti", "tosinopeasti"]),
    ],
)
def test_compounds_and_nynorsk_are_words_of_the_language(lang: str, words: list[str]) -> None:
    """Two words written as one, and nynorsk beside bokmål: everyday words, no typos."""
    assert [w for w in words if not is_known(w, lang)] == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["dirtycanasta", "canastawise"]),
        ("no", ["blanddet", "blandetcanasta"]),
        ("da", ["blanddet", "renkanasta"]),
        ("fi", ["punasii", "kanastoi"]),
    ],
)
def test_a_compound_that_may_be_a_game_word_is_not_known(lang: str, words: list[str]) -> None:
    """A part the round lexicon lists, or a typo of a role word ("bland" + "det" is one
    letter from "blandet"): the word may say a part of the round."""
    assert [w for w in words if is_known(w, lang)] == []


@pytest.mark.parametrize("lang", ["en", "no", "da", "fi"])
def test_every_word_kept_from_a_typo_reading_is_a_known_word(lang: str) -> None:
    """``Vocabulary.near`` (forms.json) and the dictionary filter come from the same
    dictionaries: a word the reader keeps as itself is one the filter knows."""
    assert [w for w in vocabulary().near[lang] if not is_known(w, lang)] == []
