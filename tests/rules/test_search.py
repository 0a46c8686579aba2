"""The search's general means: game vocabulary, compounds, word forms, off-topic gating."""

from __future__ import annotations

import pytest

from bot.rules import RulesIndex
from bot.rules.lexicon import DEFINITION, is_game_word
from bot.rules.text import normalise
from bot.scoring import load_variant

INDEX = RulesIndex.load()
SEARCH = INDEX.search_index
CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    "word", ["kortteja", "jokerit", "bunkerne", "kanastaksi", "ut", "esset", "arvoltaan", "gir"]
)
def test_game_words_in_any_inflection(word: str) -> None:
    assert is_game_word(word)


@pytest.mark.parametrize("word", ["joke", "klokken", "utrolig", "kello", "weather", "2"])
def test_words_outside_the_game(word: str) -> None:
    assert not is_game_word(word)


@pytest.mark.parametrize(
    "question", ["hvad er klokken", "tell me a joke", "what's 2+2", "paljonko kello on"]
)
def test_questions_without_a_game_word_are_declined(question: str) -> None:
    """Regression: these shared a word with some alias ("med klokken", clockwise) and were
    answered with a rule."""
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("lang", "word", "parts"),
    [
        ("no", "kastebunken", ("kaste", "bunken")),
        ("fi", "poistopakka", ("poisto", "pakka")),
    ],
)
def test_compounds_split_into_known_parts(lang: str, word: str, parts: tuple[str, str]) -> None:
    assert SEARCH.languages[lang]._split(word) == parts


def test_short_words_and_canasta_are_not_split() -> None:
    fi = SEARCH.languages["fi"]
    assert fi._split("sarjassa") == ()
    assert fi._split("kanastaksi") == ()


def test_finnish_gradation_forms_share_a_term() -> None:
    """Snowball gives "kakkonen" -> "kakkon" but "kakkosta" -> "kako"; the lemma table and
    the four-letter prefix term bring them together."""
    fi = SEARCH.languages["fi"]
    assert set(fi.terms(["kakkosta"])) & set(fi.terms(["kakkonen"]))
    assert set(fi.terms(["pakan"])) & set(fi.terms(["pakka"]))


def test_synonyms_are_added_not_replacing() -> None:
    en = SEARCH.languages["en"]
    terms = en.terms(["dirty"])
    assert en.terms(["mixed"])[0] in terms
    assert en.terms(["dirty"], query=False) == ["dirti"]


def test_a_word_with_synonyms_counts_once_in_the_ceiling() -> None:
    """The word counts once in what the question could score, by its best known term."""
    en = SEARCH.languages["en"]
    _, with_synonym = en.score(["dirty"])
    alone = [en._ceiling(t) for t in en.terms(["dirty"]) if t in en.stems]
    assert len(alone) >= 2
    assert with_synonym == pytest.approx(max(alone))


@pytest.mark.parametrize(
    "question",
    ["what counts as a canasta", "hvad tæller som en canasta", "mikä lasketaan kanastaksi"],
)
def test_definition_phrasing_is_not_about_scoring(question: str) -> None:
    assert DEFINITION.search(normalise(question))
    assert SEARCH.search(question).hits[0].id == "canastas"


def test_clear_caches_gives_the_same_ranking() -> None:
    question = "kan jeg ta kastebunken med en joker"
    before = SEARCH.search(question).hits[:3]
    SEARCH.clear_caches()
    assert SEARCH.search(question).hits[:3] == before
