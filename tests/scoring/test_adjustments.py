"""Adjustments (a bonus or penalty for one side, with a reason): checked whole, and counted
in the totals, the opening minimum and the end of the game exactly like points won."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.scoring import ScoringError, apply_house_rules, load_variant, parse_sides, play
from bot.scoring.adjustments import (
    MAX_ADJUSTMENT,
    MAX_REASON,
    Adjustment,
    adjusted,
    check_adjustment,
)

CLASSIC = load_variant("classic")
ROUND = [{"meld_points": 400, "natural_canastas": 2}, {"meld_points": 100}]  # 1400, 100


def rounds(count: int) -> list:
    return [parse_sides(ROUND) for _ in range(count)]


def problems(*args) -> list[str]:
    with pytest.raises(ScoringError) as info:
        check_adjustment(CLASSIC, *args)
    return [p.code for p in info.value.problems]


def test_a_good_adjustment_keeps_its_reason_in_one_line() -> None:
    assert check_adjustment(CLASSIC, 1, -100, "  misdeal,\n  redealt ", [0, 0]) == (
        "misdeal, redealt"
    )


@pytest.mark.parametrize(
    ("args", "codes"),
    [
        ((0, 0, "x", [0, 0]), ["adjust_points_range"]),
        ((0, MAX_ADJUSTMENT + 5, "x", [0, 0]), ["adjust_points_range"]),
        ((0, -MAX_ADJUSTMENT - 5, "x", [0, 0]), ["adjust_points_range"]),
        ((0, 52, "x", [0, 0]), ["adjust_multiple_of_5"]),
        ((0, 50, "   ", [0, 0]), ["adjust_reason_missing"]),
        ((0, 50, "x" * (MAX_REASON + 1), [0, 0]), ["adjust_reason_too_long"]),
        ((2, 50, "x", [0, 0]), ["adjust_bad_side"]),
        (
            (-1, 52, "", [0, 0]),
            ["adjust_bad_side", "adjust_multiple_of_5", "adjust_reason_missing"],
        ),
        ((0, 10_000, "x", [45_000, 0]), ["total_implausible"]),
    ],
)
def test_a_bad_adjustment_is_refused_with_every_problem(args: tuple, codes: list[str]) -> None:
    assert problems(*args) == codes


def test_the_largest_adjustment_either_way_is_allowed() -> None:
    assert check_adjustment(CLASSIC, 0, MAX_ADJUSTMENT, "x", [0, 0]) == "x"
    assert check_adjustment(CLASSIC, 0, -MAX_ADJUSTMENT, "x", [0, 0]) == "x"


def test_adjustments_count_in_totals_and_the_next_minimum() -> None:
    game = play(
        CLASSIC,
        rounds(1),
        adjustments=[Adjustment(1, 1, 1400), Adjustment(1, 0, -100)],
    )
    assert game.totals == [1300, 1500]
    assert game.next_minimums == [50, 90]
    assert game.next_dealer == 1  # an adjustment is no round: the deal moved once


def test_a_round_after_an_adjustment_starts_from_the_adjusted_total() -> None:
    game = play(CLASSIC, rounds(2), adjustments=[Adjustment(1, 0, 200)])
    assert [r.total for r in game.rounds[1]] == [3000, 200]


def test_an_adjustment_before_the_first_round_counts() -> None:
    game = play(CLASSIC, rounds(0), adjustments=[Adjustment(0, 1, -50)])
    assert game.totals == [0, -50]
    assert game.next_minimums == [50, 15]


def test_an_adjustment_that_reaches_the_target_ends_the_game() -> None:
    game = play(CLASSIC, rounds(3), adjustments=[Adjustment(3, 0, 1000)])
    assert game.totals == [5200, 300]
    assert (game.finished, game.winner) == (True, 0)


def test_a_round_after_an_adjustment_ended_the_game_is_refused() -> None:
    with pytest.raises(ScoringError) as info:
        play(CLASSIC, rounds(4), adjustments=[Adjustment(3, 0, 1000)])
    [problem] = info.value.problems
    assert (problem.code, problem.params) == ("game_already_finished", {"round": 4})


def test_an_adjustment_after_the_game_ended_is_refused() -> None:
    variant = apply_house_rules(CLASSIC, {"rounds": 1})
    with pytest.raises(ScoringError) as info:
        play(variant, rounds(1), adjustments=[Adjustment(1, 1, 50)])
    [problem] = info.value.problems
    assert (problem.code, problem.params) == ("adjustment_after_end", {"round": 1})


def test_an_adjustment_can_break_a_tie_at_the_last_round() -> None:
    variant = apply_house_rules(CLASSIC, {"rounds": 1})
    level = parse_sides([{"meld_points": 300}, {"meld_points": 300}])
    game = play(variant, [level], adjustments=[Adjustment(1, 1, 50)])
    assert (game.finished, game.winner) == (True, 1)


@given(
    st.lists(st.tuples(st.integers(0, 1), st.integers(-200, 200).map(lambda n: n * 5)), max_size=8)
)
def test_totals_are_the_rounds_plus_every_adjustment(given_points: list[tuple[int, int]]) -> None:
    target = apply_house_rules(CLASSIC, {"target": 1_000_000})
    adjustments = [Adjustment(1, side, points) for side, points in given_points]
    game = play(target, rounds(1), adjustments=adjustments)
    expected = [1400 + sum(p for s, p in given_points if s == 0)]
    expected.append(100 + sum(p for s, p in given_points if s == 1))
    assert game.totals == expected


def test_adjusted_changes_only_its_side() -> None:
    assert adjusted([10, 20, 30], 1, -25) == [10, -5, 30]
