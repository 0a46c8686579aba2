"""Rounds and totals that no real game can produce are refused, naming the limit."""

from __future__ import annotations

import io
import json
import sys

import pytest

from bot import cli
from bot.scoring import apply_house_rules, load_variant
from tests.scoring.conftest import refused, score


def test_two_decks_and_four_jokers_hold_1180_card_points() -> None:
    # 4 jokers x 50, 8 twos x 20, 8 aces x 20, 48 of K-8 x 10, 32 of 7-4 x 5, 4 black threes x 5
    assert load_variant("classic").deck_card_points == 200 + 160 + 160 + 480 + 160 + 20
    # Cuban scores black threes apart, so they are no card points there
    assert load_variant("cuban").deck_card_points == 1160
    assert load_variant("five-player").deck_card_points == 1770


def test_a_round_using_every_card_is_scored_one_more_is_refused() -> None:
    full = score("classic", {"meld_points": 1000, "natural_canastas": 2}, {"hand_points": 180})
    assert full[0].breakdown["meld"] == 1000
    error = refused("classic", {"meld_points": 1000, "natural_canastas": 2}, {"hand_points": 185})
    [problem] = error.problems
    assert problem.code == "card_points_exceed_deck"
    assert problem.params == {"got": 1185, "limit": 1180}


def test_one_side_alone_beyond_the_decks_is_its_own_mistake() -> None:
    error = refused("classic", {"meld_points": 2500, "red_threes": 1, "hand_points": 40}, {})
    [problem] = error.problems
    assert (problem.code, problem.side) == ("side_card_points_exceed_deck", 0)
    assert problem.params == {"got": 2540, "limit": 1180}


def test_a_total_beyond_ten_times_the_target_is_refused() -> None:
    assert score("classic", {"meld_points": 50}, {}, totals=[49950, 0])[0].total == 50000
    error = refused("classic", {"meld_points": 55}, {}, totals=[49950, 0])
    [problem] = error.problems
    assert (problem.code, problem.side, problem.params) == (
        "total_implausible",
        0,
        {"got": 50005, "limit": 50000},
    )
    low = refused("classic", {}, {"red_threes_in_hand": 1}, totals=[0, -49950])
    assert codes_of(low) == ["total_implausible"]
    small = apply_house_rules(load_variant("classic"), {"target": 1000})
    assert codes_of(refused(small, {"meld_points": 100}, {}, totals=[9950, 0])) == [
        "total_implausible"
    ]


def codes_of(error: object) -> list[str]:
    return [p.code for p in error.problems]  # type: ignore[attr-defined]


def test_the_score_command_refuses_an_impossible_meld(monkeypatch: pytest.MonkeyPatch) -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    payload = {"sides": [{"meld_points": 99999995}, {}]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    assert cli.main(["score"]) == 2
    assert stdout.getvalue() == ""
    assert "99999995" in stderr.getvalue()
    assert "Side 1" in stderr.getvalue()
    assert "1180" in stderr.getvalue()
