"""Adjustments: a bonus or penalty given to one side outside a round's scoring.

Tables correct a score by agreement (a misdeal, a meld put back, a counting slip found later).
An adjustment is points for one side with a reason, placed after a given round; it moves that
side's total and so its opening minimum and its way to the target, but it is not a round: it
does not pass the deal or count towards a fixed number of rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.scoring.problems import Problem, ScoringError
from bot.scoring.variants import Variant

MAX_ADJUSTMENT = 10_000
"""Points one adjustment may add or take: far above any real correction (a round's whole
score rarely passes 5,000), low enough that a typo's extra digit is refused."""
MAX_REASON = 200
"""Characters of a reason: one sentence, shown in the sheet, the history and the exports."""


@dataclass(frozen=True)
class Adjustment:
    after_round: int
    """Rounds played when it was given (0: before the first round)."""
    side: int
    points: int


def check_adjustment(
    variant: Variant, side: int, points: int, reason: str, totals: Sequence[int]
) -> str:
    """The reason, trimmed, if one side may get ``points``; else ``ScoringError`` with every
    problem (side, points, reason and the resulting total are all checked)."""
    problems: list[Problem] = []
    cleaned = " ".join(reason.split())
    if not 0 <= side < variant.sides:
        problems.append(
            Problem("adjust_bad_side", params={"side": side + 1, "sides": variant.sides})
        )
    if points == 0 or abs(points) > MAX_ADJUSTMENT:
        problems.append(
            Problem("adjust_points_range", params={"got": points, "limit": MAX_ADJUSTMENT})
        )
    elif points % 5:
        problems.append(Problem("adjust_multiple_of_5", params={"got": points}))
    if not cleaned:
        problems.append(Problem("adjust_reason_missing"))
    elif len(cleaned) > MAX_REASON:
        problems.append(
            Problem("adjust_reason_too_long", params={"got": len(cleaned), "limit": MAX_REASON})
        )
    if not problems:
        total = totals[side] + points
        if abs(total) > variant.plausible_total:
            problems.append(
                Problem(
                    "total_implausible",
                    side=side,
                    params={"got": total, "limit": variant.plausible_total},
                )
            )
    if problems:
        raise ScoringError(problems)
    return cleaned


def adjusted(totals: Sequence[int], side: int, points: int) -> list[int]:
    """The totals after ``points`` for ``side``."""
    return [t + points if i == side else t for i, t in enumerate(totals)]
