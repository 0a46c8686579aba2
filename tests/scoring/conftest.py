"""Shared helpers for the scoring tests: load a shipped variant and score raw sides."""

from __future__ import annotations

from typing import Any

import pytest

from bot.scoring import ScoringError, load_variant, parse_sides, score_round
from bot.scoring.variants import Variant


def score(variant: str | Variant, *sides: dict[str, Any], totals: Any = None):
    """Score one round given as raw side dicts (as a front end would send them)."""
    v = load_variant(variant) if isinstance(variant, str) else variant
    return score_round(v, parse_sides(list(sides)), totals)


def codes(error: pytest.ExceptionInfo[ScoringError]) -> list[str]:
    return [p.code for p in error.value.problems]


def refused(variant: str | Variant, *sides: dict[str, Any], totals: Any = None) -> ScoringError:
    """Score a round that must be refused whole; returns the error with every problem."""
    with pytest.raises(ScoringError) as info:
        score(variant, *sides, totals=totals)
    return info.value


# The worked examples of seeds 000 and 002 (RULES-FACTS, classic: round score per side).
SEED_000 = {
    "meld_points": 420,
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "red_threes": 2,
    "went_out": "normal",
    "hand_points": 70,
}
SEED_002 = {**SEED_000, "meld_points": 240, "hand_points": 25}

# Big but possible classic rounds (card points of both sides within the decks' 1,180), for
# games that must reach the target in a few rounds.
OUT_ROUND = {
    "meld_points": 600,
    "natural_canastas": 2,
    "mixed_canastas": 1,
    "red_threes": 2,
    "went_out": "normal",
}  # 600 + 1000 + 300 + 200 + 100 = 2200
STAY_ROUND = {"meld_points": 450, "natural_canastas": 2, "red_threes": 2, "hand_points": 50}
# 450 + 1000 + 200 - 50 = 1600
TIE_ROUND = {"meld_points": 550, "natural_canastas": 2, "mixed_canastas": 1, "red_threes": 2}
# 550 + 1000 + 300 + 200 = 2050, both sides alike
