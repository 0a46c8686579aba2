"""Scoring one round: each side's components in, each side's net with an itemised breakdown out.

Validation looks across all sides at once and reports every problem it finds, because a round
is refused whole or scored whole: a half-scored round is how score sheets start arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.scoring.cards import min_wild_canasta_points
from bot.scoring.problems import Problem, ScoringError
from bot.scoring.variants import Variant

BREAKDOWN_KEYS = ("meld", "canastas", "red_threes", "black_threes", "going_out", "hand")
NATURAL_RANKS = 11
"""Ranks that can form a natural canasta: 4 to ace (threes cannot)."""


class WentOut(StrEnum):
    NO = "no"
    NORMAL = "normal"
    CONCEALED = "concealed"


class SideRound(BaseModel):
    """What a side reports for a round. Omitted counts are 0 and ``went_out`` is "no"."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    meld_points: int = 0
    natural_canastas: int = 0
    mixed_canastas: int = 0
    wild_canastas: dict[str, int] = Field(default_factory=dict)
    red_threes: int = 0
    red_threes_in_hand: int = 0
    black_threes_melded: int = 0
    black_threes_in_hand: int = 0
    went_out: WentOut = Field(default=WentOut.NO, strict=False)
    hand_points: int = 0

    @property
    def wild_canasta_count(self) -> int:
        return sum(self.wild_canastas.values())

    @property
    def canastas(self) -> int:
        return self.natural_canastas + self.mixed_canastas + self.wild_canasta_count

    @property
    def melded(self) -> bool:
        """Every meld has card points, so a side melded this round exactly when it has some."""
        return self.meld_points > 0


COUNT_FIELDS = (
    "meld_points",
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "red_threes_in_hand",
    "black_threes_melded",
    "black_threes_in_hand",
    "hand_points",
)


@dataclass(frozen=True)
class SideResult:
    net: int
    breakdown: dict[str, int]
    total: int
    next_minimum: int


def parse_side(raw: Any, side: int) -> SideRound:
    """Turn untrusted input (JSON, a form) into a ``SideRound`` or problems naming the field."""
    if isinstance(raw, SideRound):
        return raw
    if not isinstance(raw, Mapping):
        raise ScoringError([Problem("side_not_object", side=side)])
    try:
        return SideRound.model_validate(dict(raw))
    except ValidationError as error:
        problems = []
        for err in error.errors():
            loc = ".".join(str(p) for p in err["loc"])
            if err["type"] == "extra_forbidden":
                code = "unknown_field"
            elif loc == "went_out":
                code = "bad_went_out"
            else:
                code = "not_whole_number"
            problems.append(Problem(code, side=side, field=loc))
        raise ScoringError(problems) from None


def parse_sides(raw_sides: Any) -> list[SideRound]:
    if not isinstance(raw_sides, Sequence) or isinstance(raw_sides, str | bytes):
        raise ScoringError([Problem("sides_not_list")])
    problems: list[Problem] = []
    sides: list[SideRound] = []
    for index, raw in enumerate(raw_sides):
        try:
            sides.append(parse_side(raw, index))
        except ScoringError as error:
            problems.extend(error.problems)
    if problems:
        raise ScoringError(problems)
    return sides


def min_canasta_points(variant: Variant, side: SideRound) -> int:
    """The fewest card points the declared canastas can hold (seven cards each, cheapest cards)."""
    cv, size = variant.card_values, variant.canastas.size
    cheapest_natural = min(cv.low, cv.high, cv.ace)
    cheapest_wild = min(cv.two, cv.joker)
    natural = size * cheapest_natural
    mixed = (size - 1) * cheapest_natural + cheapest_wild
    wild = sum(min_wild_canasta_points(variant, kind) * n for kind, n in side.wild_canastas.items())
    return side.natural_canastas * natural + side.mixed_canastas * mixed + wild


def _side_problems(variant: Variant, index: int, side: SideRound) -> list[Problem]:
    problems = [
        Problem("negative", side=index, field=name)
        for name in COUNT_FIELDS
        if getattr(side, name) < 0
    ]
    problems += [
        Problem("negative", side=index, field=f"wild_canastas.{kind}")
        for kind, n in side.wild_canastas.items()
        if n < 0
    ]
    if problems:
        return problems
    for name in ("meld_points", "hand_points"):
        if getattr(side, name) % 5:
            problems.append(Problem("multiple_of_5", side=index, field=name))
    if side.meld_points + side.hand_points > variant.deck_card_points:
        problems.append(
            Problem(
                "side_card_points_exceed_deck",
                side=index,
                params={
                    "got": side.meld_points + side.hand_points,
                    "limit": variant.deck_card_points,
                },
            )
        )
    if side.wild_canastas:
        if not variant.canastas.wild:
            problems.append(Problem("wild_canastas_not_in_variant", side=index))
        else:
            for kind in side.wild_canastas:
                if kind not in variant.canastas.wild:
                    problems.append(
                        Problem(
                            "unknown_wild_kind",
                            side=index,
                            field=f"wild_canastas.{kind}",
                            params={"allowed": ", ".join(variant.canastas.wild)},
                        )
                    )
    needed = min_canasta_points(variant, side) if not problems else 0
    if side.meld_points < needed:
        problems.append(
            Problem(
                "meld_points_too_low",
                side=index,
                field="meld_points",
                params={"needed": needed, "got": side.meld_points},
            )
        )
    bt = variant.black_threes
    if not bt.scored_separately:
        for name in ("black_threes_melded", "black_threes_in_hand"):
            if getattr(side, name):
                problems.append(Problem("black_threes_not_separate", side=index, field=name))
    elif side.black_threes_melded:
        if side.black_threes_melded < bt.melded_minimum:
            problems.append(
                Problem(
                    "black_threes_melded_minimum",
                    side=index,
                    field="black_threes_melded",
                    params={"minimum": bt.melded_minimum},
                )
            )
        if side.went_out is WentOut.NO:
            problems.append(
                Problem("black_threes_only_going_out", side=index, field="black_threes_melded")
            )
    if side.went_out is not WentOut.NO:
        if side.canastas < variant.going_out.canastas_needed:
            problems.append(
                Problem(
                    "go_out_needs_canastas",
                    side=index,
                    field="went_out",
                    params={"needed": variant.going_out.canastas_needed, "got": side.canastas},
                )
            )
        if side.went_out is WentOut.CONCEALED and variant.going_out.concealed_bonus is None:
            problems.append(Problem("concealed_not_in_variant", side=index, field="went_out"))
        if variant.players_per_side[index] == 1:
            problems += [
                Problem("went_out_with_cards", side=index, field=name)
                for name in ("hand_points", "red_threes_in_hand", "black_threes_in_hand")
                if getattr(side, name)
            ]
    return problems


def _table_problems(variant: Variant, sides: Sequence[SideRound]) -> list[Problem]:
    problems = []
    went_out = [i + 1 for i, s in enumerate(sides) if s.went_out is not WentOut.NO]
    if len(went_out) > 1:
        problems.append(
            Problem("several_went_out", params={"sides": ", ".join(map(str, went_out))})
        )
    red = sum(s.red_threes + s.red_threes_in_hand for s in sides)
    if red > variant.red_threes_count:
        problems.append(
            Problem("too_many_red_threes", params={"got": red, "limit": variant.red_threes_count})
        )
    black = sum(s.black_threes_melded + s.black_threes_in_hand for s in sides)
    if black > variant.black_threes_count:
        problems.append(
            Problem(
                "too_many_black_threes", params={"got": black, "limit": variant.black_threes_count}
            )
        )
    wild_used = sum(s.mixed_canastas + variant.canastas.size * s.wild_canasta_count for s in sides)
    if wild_used > variant.wild_cards_count:
        problems.append(
            Problem(
                "too_many_wild_cards", params={"got": wild_used, "limit": variant.wild_cards_count}
            )
        )
    per_rank = (4 * variant.decks) // variant.canastas.size
    natural_limit = NATURAL_RANKS * per_rank
    natural = sum(s.natural_canastas for s in sides)
    if natural > natural_limit:
        problems.append(
            Problem("too_many_natural_canastas", params={"got": natural, "limit": natural_limit})
        )
    card_points = sum(s.meld_points + s.hand_points for s in sides)
    if card_points > variant.deck_card_points:
        problems.append(
            Problem(
                "card_points_exceed_deck",
                params={"got": card_points, "limit": variant.deck_card_points},
            )
        )
    return problems


def _total_problems(
    variant: Variant, sides: Sequence[SideRound], totals_before: Sequence[int]
) -> list[Problem]:
    """Totals no real game reaches: a typo (an extra digit) rather than a score to keep."""
    limit = variant.plausible_total
    problems = []
    for index, (side, before) in enumerate(zip(sides, totals_before, strict=True)):
        total = before + sum(breakdown(variant, side).values())
        if abs(total) > limit:
            problems.append(
                Problem("total_implausible", side=index, params={"got": total, "limit": limit})
            )
    return problems


def validate_round(
    variant: Variant, sides: Sequence[SideRound], totals_before: Sequence[int]
) -> None:
    """Raise ``ScoringError`` with every problem in the round, or return if it can be scored."""
    problems: list[Problem] = []
    if len(sides) != variant.sides:
        problems.append(
            Problem("wrong_side_count", params={"expected": variant.sides, "got": len(sides)})
        )
    if not isinstance(totals_before, Sequence) or isinstance(totals_before, str | bytes):
        problems.append(Problem("totals_not_whole_numbers"))
    elif len(totals_before) != variant.sides:
        problems.append(
            Problem(
                "wrong_totals_count", params={"expected": variant.sides, "got": len(totals_before)}
            )
        )
    elif not all(isinstance(t, int) and not isinstance(t, bool) for t in totals_before):
        problems.append(Problem("totals_not_whole_numbers"))
    if problems:
        raise ScoringError(problems)
    for index, side in enumerate(sides):
        problems += _side_problems(variant, index, side)
    if not problems:
        problems += _table_problems(variant, sides)
    if not problems:
        problems += _total_problems(variant, sides, totals_before)
    if problems:
        raise ScoringError(problems)


def red_three_points(variant: Variant, side: SideRound) -> int:
    rt = variant.red_threes
    value = rt.schedule[side.red_threes]
    earned = side.melded if rt.penalty_when == "no_meld" else side.canastas > 0
    if not earned and rt.penalty_cap is not None:
        value = min(value, rt.penalty_cap)
    return (value if earned else -value) - rt.in_hand_penalty * side.red_threes_in_hand


def breakdown(variant: Variant, side: SideRound) -> dict[str, int]:
    """Each component of a side's round score; the net is exactly their sum."""
    cn, out, bt = variant.canastas, variant.going_out, variant.black_threes
    canastas = side.natural_canastas * cn.natural_bonus + side.mixed_canastas * cn.mixed_bonus
    canastas += sum(cn.wild[kind] * n for kind, n in side.wild_canastas.items())
    black = 0
    if bt.scored_separately:
        black = bt.melded_schedule[side.black_threes_melded] - bt.in_hand_penalty * (
            side.black_threes_in_hand
        )
    going_out = {
        WentOut.NO: 0,
        WentOut.NORMAL: out.bonus,
        WentOut.CONCEALED: out.concealed_bonus or 0,
    }[side.went_out]
    return {
        "meld": side.meld_points,
        "canastas": canastas,
        "red_threes": red_three_points(variant, side),
        "black_threes": black,
        "going_out": going_out,
        "hand": -side.hand_points,
    }


def opening_minimum(variant: Variant, score: int) -> int:
    """Card points a side's first melds of a round must reach, given its score before it."""
    if variant.opening.fixed is not None:
        return variant.opening.fixed
    minimum = variant.opening.bands[0].minimum
    for band in variant.opening.bands[1:]:
        if band.from_score is not None and score >= band.from_score:
            minimum = band.minimum
    return minimum


def score_round(
    variant: Variant, sides: Sequence[SideRound], totals_before: Sequence[int] | None = None
) -> list[SideResult]:
    """Validate and score one round; totals default to zero (the first round)."""
    before = [0] * variant.sides if totals_before is None else totals_before
    validate_round(variant, sides, before)
    results = []
    for side, total_before in zip(sides, before, strict=True):
        parts = breakdown(variant, side)
        net = sum(parts.values())
        total = total_before + net
        results.append(SideResult(net, parts, total, opening_minimum(variant, total)))
    return results
