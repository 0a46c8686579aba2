"""Round scoring: each rule of RULES-FACTS.md, with the expected figures worked out by hand."""

from __future__ import annotations

import pytest

from bot.scoring import BREAKDOWN_KEYS, load_variant, parse_side
from bot.scoring.round import opening_minimum
from tests.scoring.conftest import SEED_000, SEED_002, score


def test_seed_000_worked_example_is_1450() -> None:
    # 420 melded + 500 natural + 300 mixed + 2 x 100 red threes + 100 out - 70 in hand
    first, other = score("classic", SEED_000, {})
    assert first.net == 1450
    assert first.breakdown == {
        "meld": 420,
        "canastas": 800,
        "red_threes": 200,
        "black_threes": 0,
        "going_out": 100,
        "hand": -70,
    }
    assert first.total == 1450
    assert other.net == 0


def test_seed_002_worked_example_is_1315() -> None:
    # 240 + 500 + 300 + 200 + 100 - 25
    (first, _) = score("classic", SEED_002, {})
    assert first.net == 1315


def test_breakdown_has_the_documented_keys_in_order() -> None:
    (first, _) = score("classic", SEED_000, {})
    assert tuple(first.breakdown) == BREAKDOWN_KEYS


def test_seed_000_opening_example_at_1600_needs_90() -> None:
    # the side had 150 before and scores 1450: 1600 -> minimum 90 next round
    first, second = score("classic", SEED_000, {}, totals=[150, 20])
    assert first.total == 1600
    assert first.next_minimum == 90
    assert second.total == 20
    assert second.next_minimum == 50


@pytest.mark.parametrize(
    ("variant", "score_before", "minimum"),
    [
        ("classic", -5, 15),
        ("classic", -1500, 15),
        ("classic", 0, 50),
        ("classic", 1495, 50),
        ("classic", 1500, 90),
        ("classic", 1600, 90),
        ("classic", 2995, 90),
        ("classic", 3000, 120),
        ("classic", 9000, 120),
        ("cuban", 4995, 120),
        ("cuban", 5000, 150),
        ("five-player", 7495, 120),
        ("five-player", 7500, 150),
        ("six-player-pairs", 7500, 150),
        ("six-player-teams", 7500, 150),
        ("two-player", 7500, 120),
    ],
)
def test_opening_minimum_bands(variant: str, score_before: int, minimum: int) -> None:
    assert opening_minimum(load_variant(variant), score_before) == minimum


@pytest.mark.parametrize(
    ("side", "canastas"),
    [
        ({"meld_points": 35, "natural_canastas": 1}, 500),
        ({"meld_points": 50, "mixed_canastas": 1}, 300),
        ({"meld_points": 400, "natural_canastas": 2, "mixed_canastas": 3}, 1900),
    ],
)
def test_canasta_bonuses(side: dict[str, int], canastas: int) -> None:
    (result, _) = score("classic", side, {})
    assert result.breakdown["canastas"] == canastas
    assert result.net == side["meld_points"] + canastas


@pytest.mark.parametrize(("red", "points"), [(0, 0), (1, 100), (2, 200), (3, 300), (4, 800)])
def test_classic_red_threes(red: int, points: int) -> None:
    (result, _) = score("classic", {"meld_points": 60, "red_threes": red}, {})
    assert result.breakdown["red_threes"] == points
    assert result.net == 60 + points


@pytest.mark.parametrize(("red", "points"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_cuban_red_threes(red: int, points: int) -> None:
    side = {"meld_points": 35, "natural_canastas": 1, "red_threes": red}
    (result, _) = score("cuban", side, {})
    assert result.breakdown["red_threes"] == points


@pytest.mark.parametrize("variant", ["six-player-pairs", "six-player-teams", "five-player"])
@pytest.mark.parametrize(("red", "points"), [(4, 400), (5, 1000), (6, 1200)])
def test_162_card_red_threes(variant: str, red: int, points: int) -> None:
    sides = [{"meld_points": 90, "red_threes": red}] + [{}] * (load_variant(variant).sides - 1)
    result = score(variant, *sides)[0]
    assert result.breakdown["red_threes"] == points


def test_classic_red_threes_count_minus_when_the_side_made_no_meld() -> None:
    (result, _) = score("classic", {"red_threes": 2, "hand_points": 40}, {})
    assert result.breakdown["red_threes"] == -200
    assert result.net == -240  # a round can be negative


def test_classic_red_threes_count_plus_with_a_meld_but_no_canasta() -> None:
    (result, _) = score("classic", {"meld_points": 50, "red_threes": 1}, {})
    assert result.breakdown["red_threes"] == 100


def test_cuban_red_threes_count_minus_without_a_canasta_even_with_melds() -> None:
    (result, _) = score("cuban", {"meld_points": 120, "red_threes": 2}, {})
    assert result.breakdown["red_threes"] == -300
    assert result.net == 120 - 300


def test_cuban_wild_canasta_counts_as_a_canasta_for_red_threes() -> None:
    side = {"meld_points": 140, "wild_canastas": {"twos": 1}, "red_threes": 1}
    (result, _) = score("cuban", side, {})
    assert result.breakdown["red_threes"] == 100


@pytest.mark.parametrize("variant", ["classic", "cuban"])
def test_red_three_left_in_hand_costs_100(variant: str) -> None:
    side = {"meld_points": 35, "natural_canastas": 1, "red_threes_in_hand": 1}
    (result, _) = score(variant, side, {})
    assert result.breakdown["red_threes"] == -100


def test_red_threes_laid_and_in_hand_together() -> None:
    side = {"meld_points": 60, "red_threes": 2, "red_threes_in_hand": 1}
    (result, _) = score("classic", side, {})
    assert result.breakdown["red_threes"] == 200 - 100


@pytest.mark.parametrize(("melded", "points"), [(3, 15), (4, 100)])
def test_cuban_black_threes_melded_by_the_side_going_out(melded: int, points: int) -> None:
    side = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}
    (result, _) = score("cuban", {**side, "black_threes_melded": melded}, {})
    assert result.breakdown["black_threes"] == points
    assert result.net == 35 + 500 + 100 + points


def test_cuban_black_threes_in_hand_cost_100_each() -> None:
    winner = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}
    (_, loser) = score("cuban", winner, {"meld_points": 60, "black_threes_in_hand": 2})
    assert loser.breakdown["black_threes"] == -200
    assert loser.net == 60 - 200


def test_cuban_black_threes_melded_and_in_hand_across_sides() -> None:
    winner = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}
    first, second = score(
        "cuban",
        {**winner, "black_threes_melded": 3},
        {"meld_points": 50, "black_threes_in_hand": 1},
    )
    assert first.breakdown["black_threes"] == 15
    assert second.breakdown["black_threes"] == -100


def test_classic_black_threes_have_no_separate_score() -> None:
    (result, _) = score("classic", SEED_000, {})
    assert result.breakdown["black_threes"] == 0


def test_going_out_adds_100() -> None:
    side = {"meld_points": 35, "natural_canastas": 1}
    (stayed, _) = score("classic", side, {})
    (out, _) = score("classic", {**side, "went_out": "normal"}, {})
    assert out.breakdown["going_out"] == 100
    assert out.net - stayed.net == 100


def test_concealed_going_out_is_200_in_total_in_classic() -> None:
    side = {"meld_points": 35, "natural_canastas": 1, "went_out": "concealed"}
    (result, _) = score("classic", side, {})
    assert result.breakdown["going_out"] == 200
    assert result.net == 35 + 500 + 200


@pytest.mark.parametrize(
    ("variant", "canastas", "bonus"),
    [("two-player", 2, 100), ("six-player-pairs", 2, 100), ("five-player", 2, 100)],
)
def test_two_canastas_are_enough_where_two_are_needed(
    variant: str, canastas: int, bonus: int
) -> None:
    side = {"meld_points": 35 * canastas, "natural_canastas": canastas, "went_out": "normal"}
    sides = [side] + [{}] * (load_variant(variant).sides - 1)
    result = score(variant, *sides)[0]
    assert result.breakdown["going_out"] == bonus


@pytest.mark.parametrize(("kind", "bonus", "meld"), [("twos", 4000, 140), ("jokers", 3000, 260)])
def test_cuban_wild_canastas(kind: str, bonus: int, meld: int) -> None:
    # seven twos = 7 x 20; four jokers + three twos = 4 x 50 + 3 x 20
    (result, _) = score("cuban", {"meld_points": meld, "wild_canastas": {kind: 1}}, {})
    assert result.breakdown["canastas"] == bonus
    assert result.net == meld + bonus


def test_cuban_other_wild_canasta_is_2000() -> None:
    # cheapest other mix: one joker and six twos = 50 + 120
    (result, _) = score("cuban", {"meld_points": 170, "wild_canastas": {"other": 1}}, {})
    assert result.breakdown["canastas"] == 2000


def test_cuban_wild_and_ordinary_canastas_add_up() -> None:
    side = {
        "meld_points": 35 + 50 + 140,
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "wild_canastas": {"twos": 1},
    }
    (result, _) = score("cuban", side, {})
    assert result.breakdown["canastas"] == 500 + 300 + 4000


def test_round_can_be_negative_for_both_sides() -> None:
    first, second = score("classic", {"hand_points": 150}, {"meld_points": 50, "hand_points": 95})
    assert first.net == -150
    assert second.net == -45
    assert first.total == -150
    assert first.next_minimum == 15  # below 0


def test_totals_add_to_the_scores_before() -> None:
    first, second = score("classic", SEED_000, {"meld_points": 80}, totals=[-200, 3000])
    assert first.total == -200 + 1450
    assert second.total == 3080
    assert first.next_minimum == 50
    assert second.next_minimum == 120


def test_three_player_round_has_three_sides() -> None:
    solo_out = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}
    a, b, c = score("three-player", solo_out, {"meld_points": 60, "hand_points": 30}, {})
    assert (a.net, b.net, c.net) == (635, 30, 0)


def test_parse_side_accepts_an_already_parsed_side() -> None:
    side = parse_side({"meld_points": 50}, 0)
    assert parse_side(side, 3) is side
    (result, _) = score("classic", {"meld_points": 50}, {})
    assert result.net == side.meld_points


def test_side_with_nothing_scores_zero() -> None:
    (result, _) = score("classic", {}, {})
    assert result.net == 0
    assert set(result.breakdown.values()) == {0}
