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
    step: int = 1
    """Values must be multiples of this (5 for points: every card counts a multiple of 5)."""
    parse: Callable[[Any], Any] | None = None
    """A reader for a value that is not a plain number or choice (the opening table)."""


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


def _red_three(data: dict[str, Any], value: int) -> None:
    """One red three is worth ``value``; every count of red threes scales with it, so "all
    four" keeps its place in the variant (800 at 100 each in classic: 1,200 at 150)."""
    schedule = data["red_threes"]["schedule"]
    one = schedule[1] or 1
    data["red_threes"]["schedule"] = [points * value // one for points in schedule]


MAX_OPENING_BANDS = 10


def parse_opening(raw: Any) -> str:
    """``15,0:50,1500:90,3000:120`` checked and written the one way it is stored.

    Each ``FROM:MINIMUM`` says what the first melds need from that total on; a leading bare
    ``MINIMUM`` is what a total below the first threshold needs (without it, the first
    threshold's minimum applies below it too). Thresholds strictly ascending, minimums never
    going down, all multiples of 5: a table where a higher score needs less is a typo.
    """
    text = str(raw).replace(" ", "")
    parts = text.split(",")
    below: int | None = None
    if ":" not in parts[0]:
        below = int(parts[0])
        parts = parts[1:]
    bands = [tuple(int(x) for x in part.split(":")) for part in parts]
    if not bands or len(bands) > MAX_OPENING_BANDS or any(len(b) != 2 for b in bands):
        raise ValueError(text)
    froms = [b[0] for b in bands]
    minimums = [b[1] for b in bands] if below is None else [below, *(b[1] for b in bands)]
    numbers = froms + minimums
    if any(n % 5 for n in numbers) or any(m < 0 or m > 100_000 for m in minimums):
        raise ValueError(text)
    if any(abs(f) > 1_000_000 for f in froms) or froms != sorted(set(froms)):
        raise ValueError(text)
    if minimums != sorted(minimums):
        raise ValueError(text)
    head = "" if below is None else f"{below},"
    return head + ",".join(f"{f}:{m}" for f, m in bands)


def _opening(data: dict[str, Any], value: str) -> None:
    parts = value.split(",")
    below = None if ":" in parts[0] else int(parts.pop(0))
    bands = [tuple(int(x) for x in part.split(":")) for part in parts]
    first = bands[0][1] if below is None else below
    data["opening"]["bands"] = [
        {"from_score": None, "minimum": first},
        *({"from_score": f, "minimum": m} for f, m in bands),
    ]


HOUSE_RULES: dict[str, HouseRule] = {
    rule.key: rule
    for rule in (
        HouseRule("target", int, None, 5, _set("target"), 1_000_000),
        HouseRule("fixed_minimum", int, None, 0, _set("opening.fixed"), 100_000),
        HouseRule("canastas_to_go_out", int, None, 0, _set("going_out.canastas_needed"), 100),
        HouseRule("concealed_bonus", int, None, 0, _concealed, 100_000),
        HouseRule("cards_dealt", int, None, 7, _set("cards_dealt"), 100),
        HouseRule("wild_rule", str, WILD_RULES, None, _set("melds.wild_rule")),
        HouseRule("natural_bonus", int, None, 0, _set("canastas.natural_bonus"), 100_000, 5),
        HouseRule("mixed_bonus", int, None, 0, _set("canastas.mixed_bonus"), 100_000, 5),
        HouseRule("going_out_bonus", int, None, 0, _set("going_out.bonus"), 100_000, 5),
        HouseRule("red_three", int, None, 0, _red_three, 10_000, 5),
        HouseRule("all_red_threes", int, None, 0, _all_red_threes, 100_000),
        HouseRule(
            "red_three_penalty_cap", int, None, 0, _set("red_threes.penalty_cap"), 100_000, 5
        ),
        HouseRule("opening", str, None, None, _opening, parse=parse_opening),
        HouseRule("rounds", int, None, 1, _set("round_limit"), 1_000),
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
Numbers have a ceiling far above any real table's, so scores stay within the database's columns.
What other scorers let a table set: the canasta bonuses (natural, mixed), the going-out bonus,
the value of one red three (the other counts scale with it), a cap on what red threes cost a
side that melded nothing (400 where all four would cost 800), an opening-minimum table
(``opening=15,0:50,1500:90,3000:120``) and a game of a fixed number of rounds (``rounds=6``).
They are applied in this order, so ``all_red_threes`` given with ``red_three`` wins for four."""


def _coerce(rule: HouseRule, raw: Any) -> Any:
    if rule.parse is not None:
        return rule.parse(raw)
    if rule.kind is int:
        if isinstance(raw, bool):
            raise ValueError
        value = int(raw) if isinstance(raw, str) else raw
        if not isinstance(value, int) or (rule.minimum is not None and value < rule.minimum):
            raise ValueError
        if (rule.maximum is not None and value > rule.maximum) or value % rule.step:
            raise ValueError
        return value
    value = str(raw).strip().lower()
    if rule.choices and value not in rule.choices:
        raise ValueError
    return value


def _refusal(key: str, rule: HouseRule, raw: Any) -> Problem:
    """What a value the rule refuses gets: the values it takes as parameters, never as English
    words, so each language's catalog says "a whole number from .. to .." its own way."""
    if rule.parse is not None:
        # The opening table has a syntax of its own, and a message saying how to write it.
        return Problem("bad_opening_table", field=key, params={"value": raw})
    if rule.choices:
        return Problem(
            "bad_house_rule", field=key, params={"value": raw, "allowed": " | ".join(rule.choices)}
        )
    params = {"value": raw, "low": rule.minimum, "high": rule.maximum}
    if rule.step > 1:
        return Problem("bad_house_rule_multiple", field=key, params={**params, "step": rule.step})
    return Problem("bad_house_rule_number", field=key, params=params)


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
            problems.append(_refusal(key, rule, raw))
    if "opening" in out and "fixed_minimum" in out:
        problems.append(
            Problem("house_rules_conflict", params={"detail": "opening + fixed_minimum"})
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
    for key, rule in HOUSE_RULES.items():
        if key in typed:
            rule.apply(data, typed[key])
    try:
        return Variant.model_validate(data)
    except ValidationError as error:
        raise ScoringError(
            [Problem("house_rules_conflict", params={"detail": e["msg"]}) for e in error.errors()]
        ) from None
