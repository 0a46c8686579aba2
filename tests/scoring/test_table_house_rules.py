"""The house rules other scorers offer: canasta and going-out bonuses, the value of a red
three, a cap on what red threes cost a side that melded nothing, an opening-minimum table and a
game of a fixed number of rounds. Each changes the score a table sees, and nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.scoring import (
    ScoringError,
    apply_house_rules,
    load_variant,
    opening_minimum,
    outcome,
    parse_overrides,
    parse_sides,
    play,
)
from bot.scoring.house_rules import parse_opening
from tests.scoring.conftest import SEED_000, score

CLASSIC = load_variant("classic")
NOTHING_MELDED_FOUR_THREES = {"red_threes": 4, "hand_points": 30}


def with_rules(rules: dict[str, Any], variant: str = "classic"):
    return apply_house_rules(load_variant(variant), rules)


def test_four_red_threes_without_a_meld_cost_the_cap_instead_of_800() -> None:
    plain = score(CLASSIC, NOTHING_MELDED_FOUR_THREES, {"meld_points": 50})
    capped = score(
        with_rules({"red_three_penalty_cap": 400}), NOTHING_MELDED_FOUR_THREES, {"meld_points": 50}
    )
    assert plain[0].breakdown["red_threes"] == -800
    assert capped[0].breakdown["red_threes"] == -400
    assert capped[0].net == -430
    assert "red_threes_penalty_cap" not in CLASSIC.numbers()
    assert with_rules({"red_three_penalty_cap": 400}).numbers()["red_threes_penalty_cap"] == 400


def test_the_cap_leaves_bonuses_and_smaller_penalties_alone() -> None:
    variant = with_rules({"red_three_penalty_cap": 400})
    melded = score(variant, {"meld_points": 50, "red_threes": 4}, {"meld_points": 50})
    three = score(variant, {"red_threes": 3}, {"meld_points": 50})
    assert melded[0].breakdown["red_threes"] == 800
    assert three[0].breakdown["red_threes"] == -300


def test_canasta_and_going_out_bonuses_are_the_tables() -> None:
    variant = with_rules({"natural_bonus": 600, "mixed_bonus": 400, "going_out_bonus": 200})
    [us, _them] = score(variant, SEED_000, {"meld_points": 50})
    assert us.breakdown["canastas"] == 600 + 400
    assert us.breakdown["going_out"] == 200
    assert us.net == 420 + 1000 + 200 + 200 - 70
    numbers = variant.numbers()
    assert (numbers["natural_canasta_bonus"], numbers["mixed_canasta_bonus"]) == (600, 400)
    assert numbers["going_out_bonus"] == 200


@pytest.mark.parametrize(
    ("variant", "value", "schedule"),
    [
        ("classic", 150, [0, 150, 300, 450, 1200]),
        ("classic", 50, [0, 50, 100, 150, 400]),
        ("cuban", 200, [0, 200, 600, 1000, 2000]),
        ("five-player", 100, [0, 100, 200, 300, 400, 1000, 1200]),
    ],
)
def test_the_value_of_one_red_three_scales_every_count(
    variant: str, value: int, schedule: list[int]
) -> None:
    assert with_rules({"red_three": value}, variant).red_threes.schedule == schedule


def test_all_red_threes_given_with_red_three_sets_the_four() -> None:
    variant = with_rules({"all_red_threes": 500, "red_three": 150})
    assert variant.red_threes.schedule == [0, 150, 300, 450, 500]


def test_red_three_of_zero_makes_them_worthless() -> None:
    assert with_rules({"red_three": 0}).red_threes.schedule == [0, 0, 0, 0, 0]


def test_opening_table_sets_the_minimum_by_total() -> None:
    variant = with_rules({"opening": "15,0:50,1000:70,2500:100"})
    assert [opening_minimum(variant, s) for s in (-5, 0, 995, 1000, 2495, 2500, 9000)] == [
        15,
        50,
        50,
        70,
        70,
        100,
        100,
    ]
    assert variant.opening_table() == "< 0 → 15 · 0–995 → 50 · 1000–2495 → 70 · ≥ 2500 → 100"
    assert variant.numbers()["opening_table"] == variant.opening_table()


def test_opening_table_without_a_lead_uses_its_first_minimum_below_it() -> None:
    variant = with_rules({"opening": "0:50, 1500:90"})
    assert opening_minimum(variant, -100) == 50
    assert opening_minimum(variant, 1500) == 90


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("0:50,1500:90,3000:120", "0:50,1500:90,3000:120"),
        (" 15, 0:50 ", "15,0:50"),
        ("-500:0,0:50", "-500:0,0:50"),
    ],
)
def test_opening_table_is_stored_one_way(raw: str, stored: str) -> None:
    assert parse_overrides({"opening": raw}) == {"opening": stored}


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "50",
        "0:50,0:90",  # the same threshold twice
        "1500:90,0:50",  # not ascending
        "0:90,1500:50",  # a higher total needs less
        "100,0:50",  # below zero needs more than from zero
        "0:52",  # not a multiple of 5
        "3:50",
        "0:-5",
        "0:50:7",
        "0:fifty",
        "0:50,,1500:90",
        "0:200000",
        "2000000:50",
        ",".join(f"{i * 5}:50" for i in range(11)),  # more than ten bands
    ],
)
def test_a_bad_opening_table_is_refused_saying_what_is_allowed(raw: str) -> None:
    with pytest.raises(ScoringError) as info:
        parse_overrides({"opening": raw})
    [problem] = info.value.problems
    assert (problem.code, problem.field) == ("bad_opening_table", "opening")
    assert problem.params["value"] == raw


def test_opening_and_a_fixed_minimum_together_are_refused() -> None:
    with pytest.raises(ScoringError) as info:
        parse_overrides({"opening": "0:50", "fixed_minimum": 120})
    [problem] = info.value.problems
    assert problem.code == "house_rules_conflict"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("natural_bonus", 502),
        ("mixed_bonus", -5),
        ("going_out_bonus", 100_005),
        ("red_three", 10_005),
        ("red_three", 33),
        ("red_three_penalty_cap", 401),
        ("rounds", 0),
        ("rounds", 1001),
    ],
)
def test_out_of_range_points_are_refused(key: str, value: int) -> None:
    with pytest.raises(ScoringError) as info:
        parse_overrides({key: value})
    [problem] = info.value.problems
    assert problem.field == key
    if key == "rounds":
        assert problem.code == "bad_house_rule_number"
    else:
        assert problem.code == "bad_house_rule_multiple"
        assert problem.params["step"] == 5


def test_a_fixed_number_of_rounds_ends_the_game_with_the_highest_total() -> None:
    variant = with_rules({"rounds": 2})
    one = [{"meld_points": 300}, {"meld_points": 100}]
    game = play(variant, [parse_sides(one), parse_sides(one)])
    assert (game.finished, game.winner, game.draw) == (True, 0, False)
    assert game.totals == [600, 200]
    assert variant.numbers()["round_limit"] == 2


def test_before_the_last_round_the_game_goes_on() -> None:
    variant = with_rules({"rounds": 3})
    assert outcome(variant, [900, 100], 2) == (False, None, False)
    assert outcome(variant, [900, 100], 3) == (True, 0, False)
    assert outcome(variant, [900, 100]) == (False, None, False)


def test_the_target_still_ends_a_game_of_fixed_rounds_earlier() -> None:
    variant = with_rules({"rounds": 10, "target": 1000})
    assert outcome(variant, [1000, 100], 1) == (True, 0, False)


@pytest.mark.parametrize(
    ("tie", "expected"), [("play_on", (False, None, False)), ("draw", (True, None, True))]
)
def test_a_tie_after_the_last_round_follows_the_tie_rule(tie: str, expected: tuple) -> None:
    variant = with_rules({"rounds": 1, "tie": tie})
    assert outcome(variant, [300, 300], 1) == expected


def test_a_round_after_a_fixed_rounds_game_ended_is_refused() -> None:
    variant = with_rules({"rounds": 1})
    one = parse_sides([{"meld_points": 300}, {"meld_points": 100}])
    with pytest.raises(ScoringError) as info:
        play(variant, [one, one])
    assert [p.code for p in info.value.problems] == ["game_already_finished"]


@given(
    value=st.integers(min_value=0, max_value=200).map(lambda n: n * 5),
    count=st.integers(min_value=0, max_value=4),
    melded=st.booleans(),
)
def test_red_three_points_follow_the_value_of_one(value: int, count: int, melded: bool) -> None:
    variant = with_rules({"red_three": value})
    side = {"red_threes": count, "meld_points": 50 if melded else 0}
    [result, _] = score(variant, side, {"meld_points": 50})
    full = value * (8 if count == 4 else count)
    assert result.breakdown["red_threes"] == (full if melded else -full)


@given(cap=st.integers(min_value=0, max_value=200).map(lambda n: n * 5), count=st.integers(0, 4))
def test_no_side_that_melded_nothing_loses_more_than_the_cap(cap: int, count: int) -> None:
    variant = with_rules({"red_three_penalty_cap": cap})
    [result, _] = score(variant, {"red_threes": count}, {"meld_points": 50})
    assert result.breakdown["red_threes"] == -min(cap, CLASSIC.red_threes.schedule[count])


@given(
    st.lists(st.integers(min_value=-200, max_value=2000), min_size=1, max_size=10, unique=True),
    st.data(),
)
def test_any_valid_opening_table_gives_the_minimum_of_the_highest_band_reached(
    thresholds: list[int], data: st.DataObject
) -> None:
    froms = sorted(f * 5 for f in thresholds)
    minimums = sorted(
        data.draw(st.lists(st.integers(0, 60), min_size=len(froms), max_size=len(froms)))
    )
    minimums = [m * 5 for m in minimums]
    variant = with_rules(
        {"opening": ",".join(f"{f}:{m}" for f, m in zip(froms, minimums, strict=True))}
    )
    score_ = data.draw(st.integers(-3000, 12000))
    reached = [m for f, m in zip(froms, minimums, strict=True) if score_ >= f]
    assert opening_minimum(variant, score_) == (reached[-1] if reached else minimums[0])


def test_parse_opening_reads_strings_only_once() -> None:
    assert parse_opening(parse_opening("15,0:50")) == "15,0:50"
