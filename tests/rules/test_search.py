"""How the search ranks topics: learned from data, with the variant a question names."""

from __future__ import annotations

import pytest

from bot.rules import RulesIndex
from bot.rules.features import words
from bot.scoring import load_variant
from bot.talk.variant_words import named_variant

INDEX = RulesIndex.load()
CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    ("question", "variant"),
    [
        ("in Cuban, what do we need at 5000", "cuban"),
        ("kuubalaisessa kanastassa", "cuban"),
        ("we are 3 players", "three-player"),
        ("vi er tre, hvor mange kort", "three-player"),
        ("meitä on kaksi", "two-player"),
        ("kahdestaan pelatessa", "two-player"),
        ("seks spillere", "six-player-pairs"),
        ("six players in two teams", "six-player-teams"),
        ("how many canastas for 4 players", "classic"),
        ("vi er to hold", None),
        ("trekker man ett eller to kort", None),
        ("me and my partner", None),
        ("what is a red three", None),
        ("cuban with three players", None),
    ],
)
def test_a_variant_is_named_only_in_so_many_words(question: str, variant: str | None) -> None:
    assert named_variant(question) == variant


def test_a_count_the_table_already_plays_keeps_the_table() -> None:
    """ "for 4 players" at a Cuban table is Cuban, not classic; "Cuban for four" is Cuban."""
    assert named_variant("how many canastas for 4 players", load_variant("cuban")) is None
    assert named_variant("in Cuban for four players", CLASSIC) == "cuban"


def test_every_variant_the_lexicon_names_exists_and_has_an_overview() -> None:
    from bot.scoring import all_variants
    from bot.scoring.vocabulary import vocabulary

    named = {vid for lex in vocabulary().lexicons.values() for vid in lex.variants}
    assert named
    assert named <= set(all_variants())
    other = {vid for vid, v in all_variants().items() if v.players != CLASSIC.players}
    assert other | {"cuban"} <= set(INDEX.overviews)
    assert INDEX.overviews["cuban"] == "cuban"


def test_a_topic_only_another_variant_has_steps_back_at_the_table() -> None:
    """Cuban wild canastas rank lower at a classic table than at a Cuban one."""
    question = "can we make a canasta of seven twos"
    classic = dict(INDEX.rank(question, "classic").hits)
    cuban = dict(INDEX.rank(question, "cuban").hits)
    assert classic["wild_canastas"] < cuban["wild_canastas"]


def test_features_fold_the_letters_players_leave_out() -> None:
    assert words("Kan jeg ÅPNE med en joker?") == words("kan jeg apne med en joker")
