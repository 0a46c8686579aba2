"""Completeness of the rules dataset, and the loader's loud failures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.rules.render import opening_example, placeholders, render_topic, template_for
from bot.rules.topics import (
    LANGS,
    REMOVABLE_NUMBERS,
    TopicFileError,
    all_topics,
    load_topic_file,
    load_topics,
)
from bot.scoring import all_variants, apply_house_rules

MAX_ANSWER_CHARS = 1000
TOPICS = all_topics()
VARIANTS = all_variants()


def _applicable(topic_id: str) -> list[str]:
    topic = TOPICS[topic_id]
    return [v for v in VARIANTS if topic.applies_to(v)]


@pytest.mark.parametrize("topic_id", sorted(TOPICS))
def test_every_language_is_written(topic_id: str) -> None:
    topic = TOPICS[topic_id]
    assert set(topic.text) == set(LANGS)
    keys = {lang: set(topic.text[lang].by_variant) for lang in LANGS}
    assert len({frozenset(k) for k in keys.values()}) == 1, f"by_variant keys differ: {keys}"
    for lang in LANGS:
        text = topic.text[lang]
        assert text.title.strip()
        assert text.answer.strip()
        assert text.aliases


@pytest.mark.parametrize("topic_id", sorted(TOPICS))
def test_related_topics_exist(topic_id: str) -> None:
    missing = set(TOPICS[topic_id].related) - set(TOPICS)
    assert not missing, f"{topic_id}: related ids without a topic: {sorted(missing)}"
    assert topic_id not in TOPICS[topic_id].related


@pytest.mark.parametrize("topic_id", sorted(TOPICS))
def test_renders_for_every_applicable_variant(topic_id: str) -> None:
    topic = TOPICS[topic_id]
    variants = _applicable(topic_id)
    assert variants, f"{topic_id} applies to no shipped variant"
    for variant_id in variants:
        variant = VARIANTS[variant_id]
        numbers = {**variant.numbers(), **opening_example(variant)}
        for lang in LANGS:
            template = template_for(topic, lang, variant_id)
            missing = placeholders(template) - set(numbers)
            assert not missing, f"{topic_id}/{lang}/{variant_id}: no number for {missing}"
            rendered = render_topic(topic, lang, variant)
            assert rendered.applies
            assert rendered.note is None
            assert "{" not in rendered.text, f"{topic_id}/{lang}/{variant_id}: stray brace"
            assert len(rendered.text) <= MAX_ANSWER_CHARS, (
                f"{topic_id}/{lang}/{variant_id}: {len(rendered.text)} chars"
            )


@pytest.mark.parametrize("topic_id", sorted(TOPICS))
def test_every_removable_number_has_a_text_for_tables_without_it(topic_id: str) -> None:
    """A house rule can switch a number off; a text naming it needs a wording for that table,
    in every language, which itself names only numbers such a table has."""
    topic = TOPICS[topic_id]
    for lang in LANGS:
        text = topic.text[lang]
        named = placeholders(text.answer) & REMOVABLE_NUMBERS
        assert set(text.without) == named, f"{topic_id}/{lang}: without {set(text.without)}"
        for name, alternative in text.without.items():
            assert name not in placeholders(alternative.answer), f"{topic_id}/{lang}/{name}"


NO_CONCEALED = apply_house_rules(VARIANTS["classic"], {"concealed_bonus": 0})
SHIPPED_CONCEALED = VARIANTS["classic"].going_out.concealed_bonus


@pytest.mark.parametrize("topic_id", ["concealed", "going_out", "round_scoring"])
@pytest.mark.parametrize("lang", LANGS)
def test_no_concealed_bonus_house_rule_is_what_the_text_says(topic_id: str, lang: str) -> None:
    """Regression: with the bonus switched off the text showed the shipped 200 anyway."""
    assert "concealed_bonus" not in NO_CONCEALED.numbers()
    topic = TOPICS[topic_id]
    default = render_topic(topic, lang, VARIANTS["classic"]).text
    table = render_topic(topic, lang, NO_CONCEALED).text
    named = template_for(topic, lang, "classic").count("{concealed_bonus}")
    shipped = re.compile(rf"(?<!\d){SHIPPED_CONCEALED}(?!\d)")
    assert named >= 1
    assert len(shipped.findall(table)) == len(shipped.findall(default)) - named, table
    assert table == topic.text[lang].without["concealed_bonus"].answer.format_map(
        NO_CONCEALED.numbers()
    )


def test_a_changed_concealed_bonus_is_rendered() -> None:
    table = apply_house_rules(VARIANTS["classic"], {"concealed_bonus": 300})
    assert "**300 in total**" in render_topic(TOPICS["concealed"], "en", table).text


def test_a_topic_for_another_variant_is_answered_and_marked() -> None:
    topic = next((t for t in TOPICS.values() if t.variants != ["all"]), None)
    if topic is None:
        pytest.skip("every topic applies to all variants")
    other = next(v for v in VARIANTS.values() if not topic.applies_to(v.id))
    rendered = render_topic(topic, "no", other)
    assert not rendered.applies
    assert rendered.note
    assert other.name("no") in rendered.note
    assert rendered.rendered_for in topic.variants


def test_all_expected_topics_are_present() -> None:
    expected = {
        "equipment_deal", "turn", "melds_wild_cards", "canastas", "wild_canastas",
        "card_values", "opening_minimum", "taking_pile", "frozen_pile", "red_threes",
        "black_threes", "going_out", "concealed", "asking_partner", "stock_exhausted",
        "round_scoring", "end_of_game", "two_players", "three_players", "five_six_players",
        "cuban", "house_rules", "disagreements", "penalties_and_mistakes", "scorekeeping_bot",
    }  # fmt: skip
    assert expected <= set(TOPICS), f"missing: {sorted(expected - set(TOPICS))}"


GOOD = """id = "sample"
related = []
variants = ["all"]
""" + "".join(
    f"""
[text.{lang}]
title = "T"
answer = "{{target}}"
aliases = ["a"]
"""
    for lang in LANGS
)


def test_loader_accepts_a_minimal_topic(tmp_path: Path) -> None:
    (tmp_path / "sample.toml").write_text(GOOD, encoding="utf-8")
    assert list(load_topics(tmp_path)) == ["sample"]


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda s: s.replace("[text.fi]", "[text.sv]"), "text"),
        (lambda s: s.replace('variants = ["all"]', 'variants = ["poker"]'), "variants"),
        (lambda s: s.replace('aliases = ["a"]', "aliases = []", 1), "aliases"),
        (lambda s: s.replace('title = "T"', "title = 5", 1), "title"),
        (lambda s: s + "\nsurprise = 1\n", "surprise"),
        (lambda s: s.replace('id = "sample"', 'id = "other"'), "file name"),
        (lambda s: s.replace('id = "sample"', 'id = "sample'), "TOML"),
        (
            lambda s: s.replace(
                'aliases = ["a"]', 'aliases = ["a"]\nwithout.target.answer = "x"', 1
            ),
            "without",
        ),
    ],
)
def test_loader_fails_loudly_naming_file_and_field(tmp_path: Path, change, needle: str) -> None:
    path = tmp_path / "sample.toml"
    path.write_text(change(GOOD), encoding="utf-8")
    with pytest.raises(TopicFileError) as error:
        load_topic_file(path)
    assert str(path) in str(error.value)
    assert needle in str(error.value)


def test_empty_directory_fails(tmp_path: Path) -> None:
    with pytest.raises(TopicFileError):
        load_topics(tmp_path)
