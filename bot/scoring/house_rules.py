"""Per-game house rules: named overrides of a variant, without a new variant file.

Each house rule the source documents name maps to one change of the variant, so a game is still
scored from a single validated ``Variant`` and the rules texts show the table's own numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.scoring.problems import Problem, ScoringError
from bot.scoring.variants import Variant

WILD_RULES = ("max_three", "wild_not_more_than_natural", "natural_more_than_wild")


@dataclass(frozen=True)
class HouseRule:
    key: str
    kind: type
    choices: tuple[str, ...] | None
    minimum: int | None
    apply: Callable[[dict[str, Any], Any], None]
    maximum: int | None = None


def _set(path: str) -> Callable[[dict[str, Any], Any], None]:
    def setter(data: dict[str, Any], value: Any) -> None:
        node = data
        *parents, leaf = path.split(".")
        for part in parents:
            node = node[part]
        node[leaf] = value

    return setter


def _concealed(data: dict[str, Any], value: int) -> None:
    data["going_out"]["concealed_bonus"] = value or None


def _all_red_threes(data: dict[str, Any], value: int) -> None:
    data["red_threes"]["schedule"][-1] = value


HOUSE_RULES: dict[str, HouseRule] = {
    rule.key: rule
    for rule in (
        HouseRule("target", int, None, 5, _set("target"), 1_000_000),
        HouseRule("fixed_minimum", int, None, 0, _set("opening.fixed"), 100_000),
        HouseRule("canastas_to_go_out", int, None, 0, _set("going_out.canastas_needed"), 100),
        HouseRule("concealed_bonus", int, None, 0, _concealed, 100_000),
        HouseRule("cards_dealt", int, None, 7, _set("cards_dealt"), 100),
        HouseRule("wild_rule", str, WILD_RULES, None, _set("melds.wild_rule")),
        HouseRule("all_red_threes", int, None, 0, _all_red_threes, 100_000),
        HouseRule("tie", str, ("play_on", "draw"), None, _set("tie_rule")),
        HouseRule("ask_partner", str, ("optional", "mandatory"), None, _set("ask_partner")),
        HouseRule(
            "black_three_upcard", str, ("blocks", "freezes"), None, _set("black_three_upcard")
        ),
    )
}
"""Keys a game may override: target 2500/3000/10000, a fixed minimum of 120, two canastas to
go out, no concealed bonus (0), 13 cards with four players, the wild-card limit, all four red
threes at 400, the tie rule, asking the partner, and what a black three as first upcard does.
Numbers have a ceiling far above any real table's, so scores stay within the database's columns."""


def _coerce(rule: HouseRule, raw: Any) -> Any:
    if rule.kind is int:
        if isinstance(raw, bool):
            raise ValueError
        value = int(raw) if isinstance(raw, str) else raw
        if not isinstance(value, int) or (rule.minimum is not None and value < rule.minimum):
            raise ValueError
        if rule.maximum is not None and value > rule.maximum:
            raise ValueError
        return value
    value = str(raw).strip().lower()
    if rule.choices and value not in rule.choices:
        raise ValueError
    return value


def _allowed(rule: HouseRule) -> str:
    if rule.choices:
        return " | ".join(rule.choices)
    if rule.maximum is not None:
        return f"a whole number from {rule.minimum} to {rule.maximum}"
    return f"a whole number >= {rule.minimum}"


def parse_overrides(pairs: Mapping[str, Any]) -> dict[str, Any]:
    """Check house-rule keys and values; returns them typed, or raises with every problem."""
    problems: list[Problem] = []
    out: dict[str, Any] = {}
    for key, raw in pairs.items():
        rule = HOUSE_RULES.get(key)
        if rule is None:
            problems.append(
                Problem("unknown_house_rule", field=key, params={"allowed": ", ".join(HOUSE_RULES)})
            )
            continue
        try:
            out[key] = _coerce(rule, raw)
        except (TypeError, ValueError):
            problems.append(
                Problem(
                    "bad_house_rule", field=key, params={"value": raw, "allowed": _allowed(rule)}
                )
            )
    if problems:
        raise ScoringError(problems)
    return out


def apply_house_rules(variant: Variant, overrides: Mapping[str, Any]) -> Variant:
    """The variant as this table plays it; the shipped variant itself is never changed."""
    typed = parse_overrides(overrides)
    if not typed:
        return variant
    data = variant.model_dump()
    for key, value in typed.items():
        HOUSE_RULES[key].apply(data, value)
    try:
        return Variant.model_validate(data)
    except ValidationError as error:
        raise ScoringError(
            [Problem("house_rules_conflict", params={"detail": e["msg"]}) for e in error.errors()]
        ) from None
