"""Validation: each problem code, the side and field it names; the round is refused whole."""

from __future__ import annotations

from typing import Any

import pytest

from bot.scoring import ScoringError, load_variant, parse_sides, score_round, validate_round
from bot.scoring.problems import Problem
from tests.scoring.conftest import SEED_000, refused

CANASTA = {"meld_points": 35, "natural_canastas": 1}
OUT = {**CANASTA, "went_out": "normal"}


def only(error: ScoringError) -> Problem:
    assert len(error.problems) == 1, error.problems
    return error.problems[0]


@pytest.mark.parametrize(
    "field",
    [
        "meld_points",
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "red_threes_in_hand",
        "hand_points",
    ],
)
def test_negative_counts(field: str) -> None:
    problem = only(refused("classic", {field: -5}, {}))
    assert (problem.code, problem.side, problem.field) == ("negative", 0, field)


def test_negative_black_threes_and_wild_canastas_in_cuban() -> None:
    error = refused(
        "cuban",
        {},
        {"black_threes_melded": -1, "black_threes_in_hand": -3, "wild_canastas": {"twos": -1}},
    )
    found = {(p.code, p.side, p.field) for p in error.problems}
    assert found == {
        ("negative", 1, "black_threes_melded"),
        ("negative", 1, "black_threes_in_hand"),
        ("negative", 1, "wild_canastas.twos"),
    }


@pytest.mark.parametrize("value", [1.5, 50.0, True, False, "50", None, [50], {"a": 1}])
def test_counts_must_be_whole_numbers(value: Any) -> None:
    problem = only(refused("classic", {"meld_points": value}, {}))
    assert (problem.code, problem.side, problem.field) == ("not_whole_number", 0, "meld_points")


def test_wild_canasta_counts_must_be_whole_numbers() -> None:
    problem = only(refused("cuban", {}, {"wild_canastas": {"twos": True}}))
    assert (problem.code, problem.side, problem.field) == (
        "not_whole_number",
        1,
        "wild_canastas.twos",
    )


def test_unknown_field_is_named() -> None:
    problem = only(refused("classic", {"meld": 50}, {}))
    assert (problem.code, problem.side, problem.field) == ("unknown_field", 0, "meld")


@pytest.mark.parametrize("value", ["yes", "NORMAL", True, 1, None, ""])
def test_bad_went_out(value: Any) -> None:
    problem = only(refused("classic", {**OUT, "went_out": value}, {}))
    assert (problem.code, problem.side, problem.field) == ("bad_went_out", 0, "went_out")


def test_every_side_is_checked_before_refusing() -> None:
    error = refused("classic", {"meld_points": -5, "bogus": 1}, {"hand_points": "ten"})
    assert {(p.code, p.side) for p in error.problems} == {
        ("unknown_field", 0),
        ("not_whole_number", 1),
    }


def test_side_must_be_an_object() -> None:
    with pytest.raises(ScoringError) as info:
        parse_sides([{}, 5])
    assert [(p.code, p.side) for p in info.value.problems] == [("side_not_object", 1)]


@pytest.mark.parametrize("raw", [None, "sides", b"ab", 5, {"0": {}}])
def test_sides_must_be_a_list(raw: Any) -> None:
    with pytest.raises(ScoringError) as info:
        parse_sides(raw)
    assert [p.code for p in info.value.problems] == ["sides_not_list"]


@pytest.mark.parametrize("field", ["meld_points", "hand_points"])
def test_points_must_be_multiples_of_5(field: str) -> None:
    problem = only(refused("classic", {**CANASTA, field: 37}, {}))
    assert (problem.code, problem.field) == ("multiple_of_5", field)


def test_several_sides_went_out() -> None:
    problem = only(refused("classic", OUT, OUT))
    assert problem.code == "several_went_out"
    assert problem.params["sides"] == "1, 2"


def test_going_out_needs_a_canasta() -> None:
    problem = only(refused("classic", {"meld_points": 90, "went_out": "normal"}, {}))
    assert problem.code == "go_out_needs_canastas"
    assert problem.params == {"needed": 1, "got": 0}


@pytest.mark.parametrize("variant", ["two-player", "five-player", "six-player-teams"])
def test_going_out_needs_two_canastas_where_the_variant_says_so(variant: str) -> None:
    sides = [OUT] + [{}] * (load_variant(variant).sides - 1)
    problem = only(refused(variant, *sides))
    assert problem.code == "go_out_needs_canastas"
    assert problem.params == {"needed": 2, "got": 1}


def test_concealed_refused_in_cuban() -> None:
    problem = only(refused("cuban", {**CANASTA, "went_out": "concealed"}, {}))
    assert (problem.code, problem.field) == ("concealed_not_in_variant", "went_out")


def test_red_threes_beyond_the_decks_across_sides() -> None:
    error = refused("classic", {"meld_points": 50, "red_threes": 3}, {"red_threes_in_hand": 2})
    problem = only(error)
    assert problem.code == "too_many_red_threes"
    assert problem.params == {"got": 5, "limit": 4}


def test_red_threes_up_to_six_with_three_decks() -> None:
    sides = [{"meld_points": 50, "red_threes": 4}, {"meld_points": 50, "red_threes": 3}, {}]
    problem = only(refused("six-player-pairs", *sides))
    assert problem.params == {"got": 7, "limit": 6}


def test_black_threes_beyond_the_decks() -> None:
    side = {**OUT, "black_threes_melded": 4}
    problem = only(refused("cuban", side, {"black_threes_in_hand": 1}))
    assert problem.code == "too_many_black_threes"
    assert problem.params == {"got": 5, "limit": 4}


@pytest.mark.parametrize(
    ("variant", "side", "needed"),
    [
        ("classic", {"meld_points": 30, "natural_canastas": 1}, 35),
        ("classic", {"meld_points": 45, "mixed_canastas": 1}, 50),
        ("classic", {"meld_points": 80, "natural_canastas": 1, "mixed_canastas": 1}, 85),
        ("classic", {"natural_canastas": 1, "red_threes": 1}, 35),
        ("cuban", {"meld_points": 135, "wild_canastas": {"twos": 1}}, 140),
        ("cuban", {"meld_points": 255, "wild_canastas": {"jokers": 1}}, 260),
        ("cuban", {"meld_points": 165, "wild_canastas": {"other": 1}}, 170),
        ("cuban", {"meld_points": 170, "natural_canastas": 1, "wild_canastas": {"twos": 1}}, 175),
    ],
)
def test_meld_points_below_what_the_canastas_hold(
    variant: str, side: dict[str, Any], needed: int
) -> None:
    problem = only(refused(variant, side, {}))
    assert (problem.code, problem.field) == ("meld_points_too_low", "meld_points")
    assert problem.params == {"needed": needed, "got": side.get("meld_points", 0)}


def test_meld_points_exactly_enough_are_accepted() -> None:
    side = {"meld_points": 175, "natural_canastas": 1, "wild_canastas": {"twos": 1}}
    score_round(load_variant("cuban"), parse_sides([side, {}]))


def test_wild_cards_beyond_the_decks_classic() -> None:
    # 12 wild cards (8 twos + 4 jokers); every mixed canasta holds at least one
    sides = [{"meld_points": 350, "mixed_canastas": 7}, {"meld_points": 300, "mixed_canastas": 6}]
    problem = only(refused("classic", *sides))
    assert problem.code == "too_many_wild_cards"
    assert problem.params == {"got": 13, "limit": 12}


def test_wild_cards_beyond_the_decks_cuban() -> None:
    first = {"meld_points": 140, "wild_canastas": {"twos": 1}}
    second = {"meld_points": 260, "wild_canastas": {"jokers": 1}}
    problem = only(refused("cuban", first, second))
    assert problem.code == "too_many_wild_cards"
    assert problem.params == {"got": 14, "limit": 12}


def test_natural_canastas_beyond_the_limit() -> None:
    # eight cards of each of the 11 ranks 4..A: one natural canasta per rank at most
    sides = [
        {"meld_points": 210, "natural_canastas": 6},
        {"meld_points": 210, "natural_canastas": 6},
    ]
    problem = only(refused("classic", *sides))
    assert problem.code == "too_many_natural_canastas"
    assert problem.params == {"got": 12, "limit": 11}


def test_eleven_natural_canastas_are_possible() -> None:
    sides = [
        {"meld_points": 210, "natural_canastas": 6},
        {"meld_points": 175, "natural_canastas": 5},
    ]
    first, second = score_round(load_variant("classic"), parse_sides(sides))
    assert (first.breakdown["canastas"], second.breakdown["canastas"]) == (3000, 2500)


def test_table_checks_report_every_problem_together() -> None:
    first = {**OUT, "red_threes": 3}
    second = {**OUT, "red_threes": 2}
    error = refused("classic", first, second)
    assert {p.code for p in error.problems} == {"several_went_out", "too_many_red_threes"}


@pytest.mark.parametrize(
    ("count", "variant"), [(1, "classic"), (3, "classic"), (2, "three-player")]
)
def test_wrong_number_of_sides(count: int, variant: str) -> None:
    expected = load_variant(variant).sides
    error = refused(variant, *([{}] * count), totals=[0] * expected)
    problem = only(error)
    assert problem.code == "wrong_side_count"
    assert problem.params == {"expected": expected, "got": count}


@pytest.mark.parametrize("totals", [[0], [0, 0, 0], []])
def test_wrong_number_of_totals(totals: list[int]) -> None:
    problem = only(refused("classic", {}, {}, totals=totals))
    assert problem.code == "wrong_totals_count"
    assert problem.params == {"expected": 2, "got": len(totals)}


@pytest.mark.parametrize(
    "totals", [[0, 1.5], [True, 0], ["0", "0"], [None, 0], 5, "00", 3.0, {"a": 1}]
)
def test_totals_must_be_whole_numbers(totals: Any) -> None:
    problem = only(refused("classic", {}, {}, totals=totals))
    assert problem.code == "totals_not_whole_numbers"


def test_side_and_totals_count_both_reported() -> None:
    error = refused("classic", {}, totals=[0])
    assert [p.code for p in error.problems] == ["wrong_side_count", "wrong_totals_count"]


@pytest.mark.parametrize("variant", ["two-player", "three-player"])
@pytest.mark.parametrize("field", ["hand_points", "red_threes_in_hand"])
def test_player_alone_cannot_go_out_with_cards_in_hand(variant: str, field: str) -> None:
    sides = [
        {**load_canastas(variant), "went_out": "normal", field: 5 if field == "hand_points" else 1}
    ]
    sides += [{}] * (load_variant(variant).sides - 1)
    problem = only(refused(variant, *sides))
    assert (problem.code, problem.side, problem.field) == ("went_out_with_cards", 0, field)


def load_canastas(variant: str) -> dict[str, int]:
    needed = load_variant(variant).going_out.canastas_needed
    return {"meld_points": 35 * needed, "natural_canastas": needed}


def test_partner_of_the_player_going_out_may_hold_cards() -> None:
    (result, _) = score_round(load_variant("classic"), parse_sides([SEED_000, {}]))
    assert result.breakdown["hand"] == -70


@pytest.mark.parametrize("field", ["black_threes_melded", "black_threes_in_hand"])
def test_black_threes_entered_in_classic(field: str) -> None:
    problem = only(refused("classic", {**OUT, field: 3}, {}))
    assert (problem.code, problem.field) == ("black_threes_not_separate", field)


def test_cuban_black_threes_melded_at_least_three() -> None:
    problem = only(refused("cuban", {**OUT, "black_threes_melded": 2}, {}))
    assert problem.code == "black_threes_melded_minimum"
    assert problem.params == {"minimum": 3}


def test_cuban_black_threes_melded_only_by_the_side_going_out() -> None:
    problem = only(refused("cuban", OUT, {**CANASTA, "black_threes_melded": 3}))
    assert (problem.code, problem.side) == ("black_threes_only_going_out", 1)


def test_wild_canastas_refused_in_classic() -> None:
    problem = only(refused("classic", {"meld_points": 140, "wild_canastas": {"twos": 1}}, {}))
    assert problem.code == "wild_canastas_not_in_variant"


def test_unknown_kind_of_wild_canasta() -> None:
    problem = only(refused("cuban", {"meld_points": 140, "wild_canastas": {"aces": 1}}, {}))
    assert (problem.code, problem.field) == ("unknown_wild_kind", "wild_canastas.aces")
    assert problem.params == {"allowed": "twos, jokers, other"}


def test_validate_round_accepts_a_valid_round() -> None:
    sides = parse_sides([SEED_000, {}])
    assert validate_round(load_variant("classic"), sides, [0, 0]) is None


def test_problem_message_params_number_sides_from_one() -> None:
    problem = Problem("negative", side=0, field="meld_points", params={"x": 1})
    assert problem.message_params() == {"x": 1, "side": 1, "field": "meld_points"}
    assert Problem("no_cards").message_params() == {}


def test_scoring_error_names_its_codes() -> None:
    error = ScoringError([Problem("negative"), Problem("multiple_of_5")])
    assert str(error) == "negative; multiple_of_5"
    assert isinstance(error, ValueError)
