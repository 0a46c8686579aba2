"""The opening-minimum topic's worked example uses the table's own opening table: a house rule
that moves the bands changes the score and the minimum the example names, and a table whose
minimums its cards (90 in all) cannot reach shows no example rather than a wrong one."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.render import EXAMPLE_MELD_POINTS, opening_example, render_topic
from bot.rules.topics import all_topics
from bot.scoring import apply_house_rules, load_variant, opening_minimum

LANGS = ("en", "no", "da", "fi")
TOPIC = all_topics()["opening_minimum"]
CLASSIC = load_variant("classic")
EXAMPLE = {
    "en": re.compile(r"your side has (-?\d+), so you need (\d+)\."),
    "no": re.compile(r"laget står på (-?\d+) og trenger (\d+)\."),
    "da": re.compile(r"I står på (-?\d+) og skal bruge (\d+)\."),
    "fi": re.compile(r"teillä on (-?\d+) pistettä, joten tarvitsette (\d+)\."),
}


def example(lang: str, rules: dict[str, object]) -> tuple[int, int] | None:
    """(score, minimum) the rendered example names at a table with ``rules``; None without."""
    text = render_topic(TOPIC, lang, apply_house_rules(CLASSIC, rules)).text
    found = EXAMPLE[lang].search(text)
    return (int(found[1]), int(found[2])) if found else None


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_table_keeps_its_example(lang: str) -> None:
    assert example(lang, {}) == (1600, 90)


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_with_its_own_opening_bands_gets_an_example_from_them(lang: str) -> None:
    """At 0:50, 1000:75, 2500:100 a side with 1600 needs 75, not the shipped 90."""
    got = example(lang, {"opening": "15,0:50,1000:75,2500:100"})
    assert got == (1100, 75)
    text = render_topic(TOPIC, lang, apply_house_rules(CLASSIC, {"opening": "15,0:50"})).text
    assert "1600" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_the_examples_cards_cannot_open_at_shows_no_example(lang: str) -> None:
    rules = {"opening": "15,0:100,1500:150"}
    assert example(lang, rules) is None
    text = render_topic(TOPIC, lang, apply_house_rules(CLASSIC, rules)).text
    assert "{" not in text
    assert "?" not in text
    assert "0–1495 → 100" in text  # the table itself is still there


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 60), min_size=1, max_size=4, unique=True),
    st.lists(st.integers(0, 40), min_size=5, max_size=5),
    st.integers(0, 40),
)
def test_the_example_names_the_minimum_the_scoring_uses(
    starts: list[int], steps: list[int], below: int
) -> None:
    """Whatever the bands, the example's minimum is what the score sheet asks for at the
    example's score, and the example's cards reach it."""
    froms = sorted(s * 100 for s in starts)
    minimums: list[int] = []
    for step in steps[: len(froms)]:
        minimums.append((minimums[-1] if minimums else below * 5) + step * 5)
    bands = [f"{f}:{m}" for f, m in zip(froms, minimums, strict=True)]
    rules = {"opening": ",".join([str(below * 5), *bands])}
    variant = apply_house_rules(CLASSIC, rules)
    numbers = opening_example(variant)
    if not numbers:
        assert all(m > EXAMPLE_MELD_POINTS for m in minimums)
        return
    total, minimum = numbers["opening_example_total"], numbers["opening_example_minimum"]
    assert opening_minimum(variant, total) == minimum <= EXAMPLE_MELD_POINTS
    assert example("en", rules) == (total, minimum)
