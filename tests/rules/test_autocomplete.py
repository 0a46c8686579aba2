"""Topic-title autocomplete."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import RulesIndex
from bot.rules.topics import LANGS

INDEX = RulesIndex.load()


def _title(topic_id: str, lang: str) -> str:
    return INDEX.topics[topic_id].text[lang].title


def test_empty_lists_topics_up_to_25() -> None:
    choices = INDEX.autocomplete("", "no")
    assert 0 < len(choices) <= 25
    assert all(title == _title(tid, "no") for tid, title in choices)


def test_prefix_of_a_title_comes_first() -> None:
    title = _title("red_threes", "en")
    assert INDEX.autocomplete(title[:5], "en")[0] == ("red_threes", title)


def test_substring_and_alias_and_typo() -> None:
    frozen = _title("frozen_pile", "da")
    word = frozen.split()[-1]
    assert ("frozen_pile", frozen) in INDEX.autocomplete(word[1:], "da")
    assert any(tid == "going_out" for tid, _ in INDEX.autocomplete("ulos", "fi"))
    typo = _title("card_values", "en").lower().replace("values", "valeus")
    assert INDEX.autocomplete(typo, "en")[0][0] == "card_values"


def test_unknown_language_falls_back_to_english() -> None:
    assert INDEX.autocomplete("", "de") == INDEX.autocomplete("", "en")


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120), st.sampled_from(LANGS))
def test_autocomplete_is_bounded(typed: str, lang: str) -> None:
    """How long it takes is measured by benchmarks/rules_odd_input.py, not asserted here."""
    choices = INDEX.autocomplete(typed, lang)
    assert len(choices) <= 25
    assert all(len(title) <= 100 for _, title in choices)
