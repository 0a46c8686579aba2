"""Game progress over a list of rounds: totals, next minimums, dealer, finish and winner.

The game service stores rounds; this module recomputes everything from them, so an edited or
undone round can never leave a stale total or minimum behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.scoring.adjustments import Adjustment, adjusted
from bot.scoring.problems import Problem, ScoringError
from bot.scoring.round import SideResult, SideRound, opening_minimum, score_round
from bot.scoring.variants import Variant


@dataclass(frozen=True)
class GameProgress:
    rounds: list[list[SideResult]]
    totals: list[int]
    next_minimums: list[int]
    next_dealer: int
    """Seat index (0-based, in the game's seat order) of whoever deals the next round."""
    finished: bool
    winner: int | None
    draw: bool


def outcome(
    variant: Variant, totals: Sequence[int], rounds_played: int | None = None
) -> tuple[bool, int | None, bool]:
    """(finished, winner, draw) for totals at the end of a round (or an adjustment).

    The game ends when a side reaches the target, or, with a fixed number of rounds (house
    rule ``rounds``), once that many rounds are played, whichever comes first; ``rounds_played``
    None checks the target only. The highest total wins; equal leaders play on or draw as the
    variant's tie rule says.
    """
    best = max(totals)
    out_of_rounds = (
        variant.round_limit is not None
        and rounds_played is not None
        and rounds_played >= variant.round_limit
    )
    if best < variant.target and not out_of_rounds:
        return False, None, False
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return True, leaders[0], False
    if variant.tie_rule == "draw":
        return True, None, True
    return False, None, False


def dealer_for_round(variant: Variant, round_index: int, first_dealer: int = 0) -> int:
    """Deal passes to the left each round, round the table of ``variant.players`` seats."""
    return (first_dealer + round_index) % variant.players


def _numbered(error: ScoringError, number: int) -> ScoringError:
    return ScoringError(
        [Problem(p.code, p.side, p.field, {**p.params, "round": number}) for p in error.problems]
    )


def play(
    variant: Variant,
    rounds: Sequence[Sequence[SideRound]],
    first_dealer: int = 0,
    adjustments: Sequence[Adjustment] = (),
) -> GameProgress:
    """Score every round in order, each adjustment after the round it follows; a round or an
    adjustment after the game ended is refused."""
    totals = [0] * variant.sides
    results: list[list[SideResult]] = []
    finished, winner, draw = False, None, False
    for number in range(len(rounds) + 1):
        if number:
            if finished:
                raise ScoringError([Problem("game_already_finished", params={"round": number})])
            try:
                result = score_round(variant, rounds[number - 1], totals)
            except ScoringError as error:
                raise _numbered(error, number) from None
            results.append(result)
            totals = [r.total for r in result]
            finished, winner, draw = outcome(variant, totals, number)
        for adjustment in (a for a in adjustments if a.after_round == number):
            if finished:
                raise ScoringError([Problem("adjustment_after_end", params={"round": number})])
            totals = adjusted(totals, adjustment.side, adjustment.points)
            finished, winner, draw = outcome(variant, totals, number)
    return GameProgress(
        rounds=results,
        totals=totals,
        next_minimums=[opening_minimum(variant, t) for t in totals],
        next_dealer=dealer_for_round(variant, len(results), first_dealer),
        finished=finished,
        winner=winner,
        draw=draw,
    )
