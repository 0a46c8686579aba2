"""Game progress: totals over rounds, next minimums, dealer, finishing and winning."""

from __future__ import annotations

import pytest

from bot.scoring import (
    ScoringError,
    apply_house_rules,
    dealer_for_round,
    load_variant,
    outcome,
    parse_sides,
    play,
)
from tests.scoring.conftest import OUT_ROUND, SEED_000, SEED_002, STAY_ROUND, TIE_ROUND

CLASSIC = load_variant("classic")


def rounds(*raw_rounds: list[dict]) -> list:
    return [parse_sides(r) for r in raw_rounds]


def test_no_rounds_yet() -> None:
    game = play(CLASSIC, [])
    assert game.totals == [0, 0]
    assert game.next_minimums == [50, 50]
    assert game.next_dealer == 0
    assert (game.finished, game.winner, game.draw) == (False, None, False)


def test_totals_and_minimums_over_rounds() -> None:
    game = play(
        CLASSIC,
        rounds(
            [SEED_000, {"meld_points": 150, "hand_points": 30}],  # 1450, 120
            [SEED_002, {"meld_points": 200, "red_threes": 1}],  # 1315, 300
        ),
    )
    assert [[r.net for r in rnd] for rnd in game.rounds] == [[1450, 120], [1315, 300]]
    assert game.totals == [2765, 420]
    assert game.next_minimums == [90, 50]
    assert [r.total for r in game.rounds[0]] == [1450, 120]
    assert game.next_dealer == 2
    assert not game.finished


def test_negative_total_lowers_the_minimum_to_15() -> None:
    game = play(CLASSIC, rounds([{"red_threes": 1, "hand_points": 50}, {"meld_points": 50}]))
    assert game.totals == [-150, 50]
    assert game.next_minimums == [15, 50]


@pytest.mark.parametrize(
    ("variant", "played", "first", "dealer"),
    [
        ("classic", 0, 0, 0),
        ("classic", 3, 0, 3),
        ("classic", 4, 0, 0),
        ("classic", 5, 2, 3),
        ("two-player", 3, 0, 1),
        ("three-player", 4, 1, 2),
        ("five-player", 4, 0, 4),
        ("five-player", 5, 0, 0),
        ("six-player-teams", 7, 0, 1),
    ],
)
def test_dealer_rotates_round_the_table(variant: str, played: int, first: int, dealer: int) -> None:
    assert dealer_for_round(load_variant(variant), played, first) == dealer


def test_next_dealer_from_play_wraps_over_players() -> None:
    empty = [{}, {}]
    game = play(CLASSIC, rounds(*[empty] * 5), first_dealer=3)
    assert game.next_dealer == (3 + 5) % 4


def test_game_finishes_at_the_target_and_highest_wins() -> None:
    v = apply_house_rules(CLASSIC, {"target": 3000})
    game = play(v, rounds([OUT_ROUND, STAY_ROUND], [OUT_ROUND, STAY_ROUND]))
    # side 1: 2200 + 2200 ; side 2: 1600 + 1600, both past 3000
    assert game.totals == [4400, 3200]
    assert (game.finished, game.winner, game.draw) == (True, 0, False)


def test_second_side_can_win_when_both_pass_the_target() -> None:
    game = play(
        CLASSIC,
        rounds([OUT_ROUND, STAY_ROUND], [STAY_ROUND, OUT_ROUND], [STAY_ROUND, OUT_ROUND]),
    )
    assert game.totals == [5400, 6000]
    assert (game.finished, game.winner) == (True, 1)


def test_below_target_game_goes_on() -> None:
    game = play(CLASSIC, rounds([OUT_ROUND, STAY_ROUND], [OUT_ROUND, STAY_ROUND]))
    assert game.totals == [4400, 3200]
    assert not game.finished
    assert game.winner is None


TIE = [TIE_ROUND, TIE_ROUND]


def test_tie_over_the_target_plays_on_by_default() -> None:
    game = play(CLASSIC, rounds(TIE, TIE, TIE))
    assert game.totals == [6150, 6150]
    assert (game.finished, game.winner, game.draw) == (False, None, False)
    game = play(CLASSIC, rounds(TIE, TIE, TIE, [{"meld_points": 50}, {}]))
    assert (game.finished, game.winner) == (True, 0)


def test_tie_is_a_draw_with_the_house_rule() -> None:
    v = apply_house_rules(CLASSIC, {"tie": "draw"})
    game = play(v, rounds(TIE, TIE, TIE))
    assert (game.finished, game.winner, game.draw) == (True, None, True)


def test_tie_below_the_leader_does_not_matter() -> None:
    v = load_variant("three-player")
    assert outcome(v, [5200, 5200, 5300]) == (True, 2, False)
    assert outcome(v, [5200, 5200, 100]) == (False, None, False)


def test_round_after_the_game_finished_is_refused() -> None:
    with pytest.raises(ScoringError) as info:
        play(CLASSIC, rounds(*[[OUT_ROUND, STAY_ROUND]] * 3, [{}, {}]))
    assert [(p.code, p.params) for p in info.value.problems] == [
        ("game_already_finished", {"round": 4})
    ]


def test_problems_carry_their_round_number() -> None:
    with pytest.raises(ScoringError) as info:
        play(CLASSIC, rounds([{}, {}], [{}, {}], [{"meld_points": 7}, {"hand_points": 3}]))
    found = [(p.code, p.side, p.field, p.params) for p in info.value.problems]
    assert found == [
        ("multiple_of_5", 0, "meld_points", {"round": 3}),
        ("multiple_of_5", 1, "hand_points", {"round": 3}),
    ]


def test_round_problem_keeps_its_own_params() -> None:
    with pytest.raises(ScoringError) as info:
        play(CLASSIC, rounds([{"meld_points": 30, "natural_canastas": 1}, {}]))
    [problem] = info.value.problems
    assert problem.params == {"needed": 35, "got": 30, "round": 1}
