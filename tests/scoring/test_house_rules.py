"""House rules: each override changes what it names, and the shipped variant stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

from bot.scoring import (
    HOUSE_RULES,
    ScoringError,
    apply_house_rules,
    load_variant,
    opening_minimum,
    outcome,
    parse_overrides,
)
from tests.scoring.conftest import refused, score

CANASTA = {"meld_points": 35, "natural_canastas": 1}


@pytest.fixture
def classic_before() -> dict[str, Any]:
    return load_variant("classic").model_dump()


def with_rules(rules: dict[str, Any], variant: str = "classic"):
    return apply_house_rules(load_variant(variant), rules)


@pytest.fixture(autouse=True)
def _shipped_variant_unchanged(classic_before: dict[str, Any]):
    yield
    assert load_variant("classic").model_dump() == classic_before


def test_no_overrides_is_the_variant_itself() -> None:
    assert apply_house_rules(load_variant("classic"), {}) is load_variant("classic")


@pytest.mark.parametrize("target", [2500, 3000, 10000])
def test_target(target: int) -> None:
    v = with_rules({"target": target})
    assert v.target == target
    assert outcome(v, [target, 0]) == (True, 0, False)
    assert outcome(v, [target - 5, 0]) == (False, None, False)


def test_target_from_text_as_the_cli_gives_it() -> None:
    assert with_rules({"target": " 3000 "}).target == 3000


def test_fixed_minimum_all_game() -> None:
    v = with_rules({"fixed_minimum": 120})
    assert [opening_minimum(v, s) for s in (-500, 0, 1500, 4000)] == [120] * 4
    assert v.opening_table() == "120"
    assert v.numbers()["opening_below_zero"] == 120


def test_fixed_minimum_zero_means_no_minimum() -> None:
    v = with_rules({"fixed_minimum": 0})
    assert opening_minimum(v, -100) == 0
    assert v.numbers()["opening_below_zero"] == 0


def test_canastas_to_go_out() -> None:
    v = with_rules({"canastas_to_go_out": 2})
    error = refused(v, {**CANASTA, "went_out": "normal"}, {})
    assert [(p.code, p.params) for p in error.problems] == [
        ("go_out_needs_canastas", {"needed": 2, "got": 1})
    ]
    two = {"meld_points": 70, "natural_canastas": 2, "went_out": "normal"}
    assert score(v, two, {})[0].breakdown["going_out"] == 100


def test_concealed_bonus_changed() -> None:
    v = with_rules({"concealed_bonus": 300})
    (result, _) = score(v, {**CANASTA, "went_out": "concealed"}, {})
    assert result.breakdown["going_out"] == 300


def test_concealed_bonus_zero_means_none() -> None:
    v = with_rules({"concealed_bonus": 0})
    assert v.going_out.concealed_bonus is None
    assert "concealed_bonus" not in v.numbers()
    error = refused(v, {**CANASTA, "went_out": "concealed"}, {})
    assert [p.code for p in error.problems] == ["concealed_not_in_variant"]
    # going out normally still earns its 100
    assert score(v, {**CANASTA, "went_out": "normal"}, {})[0].breakdown["going_out"] == 100


def test_cards_dealt() -> None:
    assert with_rules({"cards_dealt": 13}).cards_dealt == 13


def test_cards_dealt_beyond_the_deck_conflicts() -> None:
    with pytest.raises(ScoringError) as info:
        with_rules({"cards_dealt": 30})  # 4 x 30 > 108 cards
    [problem] = info.value.problems
    assert problem.code == "house_rules_conflict"
    assert "cards dealt" in problem.params["detail"]


@pytest.mark.parametrize("rule", ["wild_not_more_than_natural", "natural_more_than_wild"])
def test_wild_rule(rule: str) -> None:
    assert with_rules({"wild_rule": rule}).melds.wild_rule == rule


def test_all_red_threes_400() -> None:
    v = with_rules({"all_red_threes": 400})
    assert v.red_threes.schedule == [0, 100, 200, 300, 400]
    (result, _) = score(v, {"meld_points": 50, "red_threes": 4}, {})
    assert result.breakdown["red_threes"] == 400
    (result, _) = score(v, {"red_threes": 4}, {})
    assert result.breakdown["red_threes"] == -400


def test_tie_draw_and_play_on() -> None:
    assert outcome(with_rules({"tie": "draw"}), [5000, 5000]) == (True, None, True)
    assert outcome(with_rules({"tie": "play_on"}), [5000, 5000]) == (False, None, False)
    assert with_rules({"tie": "Draw"}).tie_rule == "draw"


def test_ask_partner_and_black_three_upcard() -> None:
    v = with_rules({"ask_partner": "mandatory", "black_three_upcard": "freezes"})
    assert (v.ask_partner, v.black_three_upcard) == ("mandatory", "freezes")


def test_several_rules_at_once() -> None:
    v = with_rules({"target": 3000, "fixed_minimum": 120, "tie": "draw"})
    assert (v.target, v.opening.fixed, v.tie_rule) == (3000, 120, "draw")


def test_overrides_apply_to_other_variants_too() -> None:
    cuban_before = load_variant("cuban").model_dump()
    v = with_rules({"all_red_threes": 800, "target": 5000}, "cuban")
    assert v.red_threes.schedule == [0, 100, 300, 500, 800]
    assert load_variant("cuban").model_dump() == cuban_before


def test_unknown_house_rule_lists_the_known_ones() -> None:
    with pytest.raises(ScoringError) as info:
        parse_overrides({"samba": 1})
    [problem] = info.value.problems
    assert (problem.code, problem.field) == ("unknown_house_rule", "samba")
    assert problem.params["allowed"].split(", ") == list(HOUSE_RULES)
    assert "target" in problem.params["allowed"]


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("target", "abc", (5, 1000000)),
        ("target", 0, (5, 1000000)),
        ("target", True, (5, 1000000)),
        ("target", 2500.0, (5, 1000000)),
        ("target", None, (5, 1000000)),
        ("target", 3_000_000_000, (5, 1000000)),
        ("fixed_minimum", -5, (0, 100000)),
        ("cards_dealt", 6, (7, 100)),
        ("concealed_bonus", "-1", (0, 100000)),
        ("tie", "coin", "play_on | draw"),
        ("ask_partner", "never", "optional | mandatory"),
        ("black_three_upcard", "", "blocks | freezes"),
        (
            "wild_rule",
            "anything",
            "max_three | wild_not_more_than_natural | natural_more_than_wild",
        ),
    ],
)
def test_bad_house_rule_values(key: str, value: Any, allowed: str) -> None:
    with pytest.raises(ScoringError) as info:
        parse_overrides({key: value})
    [problem] = info.value.problems
    assert problem.field == key
    if isinstance(allowed, tuple):  # a number: its range, for each language to word
        assert problem.code == "bad_house_rule_number"
        assert problem.params == {"value": value, "low": allowed[0], "high": allowed[1]}
    else:
        assert problem.code == "bad_house_rule"
        assert problem.params == {"value": value, "allowed": allowed}


def test_every_bad_rule_is_reported_and_nothing_applied() -> None:
    with pytest.raises(ScoringError) as info:
        with_rules({"target": "x", "nope": 1, "tie": "draw"})
    assert [p.code for p in info.value.problems] == [
        "bad_house_rule_number",
        "unknown_house_rule",
    ]
