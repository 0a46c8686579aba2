"""Variant rulebooks: the schema every number in the bot comes from, and the loader.

A variant file under ``rules_data/variants/`` is the single source of every bonus, minimum and
target: scoring reads it and the rules texts render their numbers from it, so the two can never
disagree. Files are validated when loaded; a broken one fails loudly with the file, the field and
what was expected, because a silently wrong bonus is worse than a bot that refuses to start.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

WildRule = Literal["max_three", "wild_not_more_than_natural", "natural_more_than_wild"]
WILD_KINDS: tuple[str, ...] = ("twos", "jokers", "other")
"""Cuban wild-card canastas: seven twos, four jokers + three twos, any other seven wild cards."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CardValues(_Strict):
    joker: int = Field(ge=0)
    two: int = Field(ge=0)
    ace: int = Field(ge=0)
    high: int = Field(ge=0, description="K Q J 10 9 8")
    low: int = Field(ge=0, description="7 6 5 4")
    black_three: int = Field(ge=0)


class MeldRules(_Strict):
    min_cards: int = Field(ge=2)
    min_natural: int = Field(ge=1)
    max_wild: int = Field(ge=0)
    wild_rule: WildRule


class CanastaRules(_Strict):
    size: int = Field(ge=3)
    closed: bool = Field(description="True where a canasta is exactly `size` cards (Cuban)")
    natural_bonus: int = Field(ge=0)
    mixed_bonus: int = Field(ge=0)
    wild: dict[str, int] = Field(default_factory=dict, description="wild-canasta kind -> bonus")

    @model_validator(mode="after")
    def _known_kinds(self) -> CanastaRules:
        unknown = sorted(set(self.wild) - set(WILD_KINDS))
        if unknown:
            raise ValueError(f"unknown wild-canasta kinds {unknown}; allowed: {list(WILD_KINDS)}")
        return self


class RedThreeRules(_Strict):
    schedule: list[int] = Field(description="bonus by the number of red threes a side holds")
    penalty_when: Literal["no_meld", "no_canasta"]
    in_hand_penalty: int = Field(ge=0)
    penalty_cap: int | None = Field(
        default=None,
        ge=0,
        description="the most a side's red threes can cost it when they count against it "
        "(a house rule: four red threes cost 400, not 800); None: the schedule's value",
    )


class BlackThreeRules(_Strict):
    scored_separately: bool
    melded_schedule: list[int] = Field(default_factory=list)
    melded_minimum: int = Field(default=3, ge=1)
    in_hand_penalty: int = Field(default=0, ge=0)


class GoingOutRules(_Strict):
    bonus: int = Field(ge=0)
    concealed_bonus: int | None = Field(
        default=None, ge=0, description="total for going out concealed; None: no such bonus"
    )
    canastas_needed: int = Field(ge=0)


class OpeningBand(_Strict):
    from_score: int | None = Field(default=None, description="None: from minus infinity")
    minimum: int = Field(ge=0)


class OpeningRules(_Strict):
    bands: list[OpeningBand] = Field(min_length=1)
    fixed: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ascending(self) -> OpeningRules:
        if self.bands[0].from_score is not None:
            raise ValueError("the first opening band must have no from_score (minus infinity)")
        froms = [b.from_score for b in self.bands[1:]]
        if any(f is None for f in froms) or froms != sorted(froms) or len(set(froms)) != len(froms):
            raise ValueError("opening bands after the first need strictly ascending from_score")
        mins = [b.minimum for b in self.bands]
        if mins != sorted(mins):
            raise ValueError("opening minimums must not go down as the score goes up")
        return self


class Variant(_Strict):
    """One canasta variant: every number and switch the scoring and the rules texts need."""

    id: str = Field(pattern=r"^[a-z0-9-]{2,32}$")
    names: dict[Literal["en", "no", "da", "fi"], str]
    players: int = Field(ge=2, le=6)
    sides: int = Field(ge=2, le=3)
    players_per_side: list[int]
    decks: int = Field(ge=1, le=4)
    jokers: int = Field(ge=0)
    cards_dealt: int = Field(ge=1)
    cards_drawn: int = Field(ge=1)
    target: int = Field(gt=0)
    round_limit: int | None = Field(
        default=None, ge=1, description="a game ends after this many rounds (a house rule)"
    )
    tie_rule: Literal["play_on", "draw"]
    pile_always_frozen: bool
    ask_partner: Literal["optional", "mandatory", "none"]
    black_three_upcard: Literal["blocks", "freezes"]
    card_values: CardValues
    melds: MeldRules
    canastas: CanastaRules
    red_threes: RedThreeRules
    black_threes: BlackThreeRules
    going_out: GoingOutRules
    opening: OpeningRules

    @model_validator(mode="after")
    def _consistent(self) -> Variant:
        if set(self.names) != {"en", "no", "da", "fi"}:
            raise ValueError("names needs en, no, da and fi")
        if len(self.players_per_side) != self.sides or sum(self.players_per_side) != self.players:
            raise ValueError("players_per_side needs one entry per side, adding up to players")
        if self.players * self.cards_dealt >= self.total_cards:
            raise ValueError(
                f"{self.players} players x {self.cards_dealt} cards dealt leave no stock "
                f"from {self.total_cards} cards"
            )
        if len(self.red_threes.schedule) != self.red_threes_count + 1:
            raise ValueError(
                f"red_threes.schedule needs {self.red_threes_count + 1} entries "
                f"(0..{self.red_threes_count} red threes)"
            )
        bt = self.black_threes
        if bt.scored_separately and len(bt.melded_schedule) != self.black_threes_count + 1:
            raise ValueError(
                f"black_threes.melded_schedule needs {self.black_threes_count + 1} entries"
            )
        return self

    @property
    def red_threes_count(self) -> int:
        return 2 * self.decks

    @property
    def black_threes_count(self) -> int:
        return 2 * self.decks

    @property
    def wild_cards_count(self) -> int:
        return self.jokers + 4 * self.decks

    @property
    def total_cards(self) -> int:
        return 52 * self.decks + self.jokers

    @property
    def deck_card_points(self) -> int:
        """Card points of every card in play: no round's meld and hand points can add up to more.

        Per deck: four twos, four aces, 24 high cards (K to 8), 16 low cards (7 to 4) and two
        black threes; red threes have no card value. Where black threes are scored on their own
        (Cuban) they are not card points either.
        """
        cv = self.card_values
        per_deck = 4 * cv.two + 4 * cv.ace + 24 * cv.high + 16 * cv.low
        if not self.black_threes.scored_separately:
            per_deck += 2 * cv.black_three
        return self.decks * per_deck + self.jokers * cv.joker

    @property
    def plausible_total(self) -> int:
        """No real game's total gets further from zero than ten times its target."""
        return 10 * self.target

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["en"])  # type: ignore[call-overload]

    def opening_table(self) -> str:
        """The opening-minimum bands as a language-neutral string for the rules texts."""
        if self.opening.fixed is not None:
            return f"{self.opening.fixed}"
        parts = []
        bands = self.opening.bands
        for i, band in enumerate(bands):
            upper = bands[i + 1].from_score if i + 1 < len(bands) else None
            if band.from_score is None:
                parts.append(f"< {upper} → {band.minimum}")
            elif upper is None:
                parts.append(f"≥ {band.from_score} → {band.minimum}")
            else:
                parts.append(f"{band.from_score}–{upper - 5} → {band.minimum}")
        return " · ".join(parts)

    def red_three_table(self) -> str:
        return " · ".join(
            f"{n} → {value}" for n, value in enumerate(self.red_threes.schedule) if n > 0
        )

    def numbers(self) -> dict[str, int | str]:
        """Every number the rules texts may name, keyed by the placeholder they use."""
        cv, out = self.card_values, self.going_out
        nums: dict[str, int | str] = {
            "players": self.players,
            "sides": self.sides,
            "players_per_side": max(self.players_per_side),
            "decks": self.decks,
            "jokers": self.jokers,
            "total_cards": self.total_cards,
            "cards_dealt": self.cards_dealt,
            "cards_drawn": self.cards_drawn,
            "joker_value": cv.joker,
            "two_value": cv.two,
            "ace_value": cv.ace,
            "high_card_value": cv.high,
            "low_card_value": cv.low,
            "black_three_value": cv.black_three,
            "min_meld_cards": self.melds.min_cards,
            "min_natural_cards": self.melds.min_natural,
            "max_wild_cards": self.melds.max_wild,
            "canasta_size": self.canastas.size,
            "natural_canasta_bonus": self.canastas.natural_bonus,
            "mixed_canasta_bonus": self.canastas.mixed_bonus,
            "red_three_value": self.red_threes.schedule[1],
            "red_threes_count": self.red_threes_count,
            "red_threes_all": self.red_threes.schedule[-1],
            "red_three_table": self.red_three_table(),
            "red_three_in_hand_penalty": self.red_threes.in_hand_penalty,
            "going_out_bonus": out.bonus,
            "canastas_to_go_out": out.canastas_needed,
            "opening_table": self.opening_table(),
            "opening_below_zero": (
                self.opening.bands[0].minimum if self.opening.fixed is None else self.opening.fixed
            ),
            "target": self.target,
        }
        if self.red_threes.penalty_cap is not None:
            nums["red_threes_penalty_cap"] = self.red_threes.penalty_cap
        if self.round_limit is not None:
            nums["round_limit"] = self.round_limit
        if out.concealed_bonus is not None:
            nums["concealed_bonus"] = out.concealed_bonus
        for kind, bonus in self.canastas.wild.items():
            nums[f"wild_canasta_{kind}"] = bonus
        if self.black_threes.scored_separately:
            nums["black_threes_all_bonus"] = self.black_threes.melded_schedule[-1]
            nums["black_three_in_hand_penalty"] = self.black_threes.in_hand_penalty
        return nums


class VariantFileError(Exception):
    """A variant file that cannot be used, with the file, the field and what was expected."""


class UnknownVariantError(KeyError):
    """No variant with that id; carries the ids that exist so callers can say what is allowed."""

    def __init__(self, variant_id: str, known: list[str]) -> None:
        super().__init__(variant_id)
        self.variant_id = variant_id
        self.known = known

    def __str__(self) -> str:
        return f"unknown variant {self.variant_id!r}; known: {', '.join(self.known)}"


def rules_data_dir() -> Path:
    """Where the dataset lives: an override, the copy inside a wheel, or the source tree."""
    override = os.environ.get("CANASTA_RULES_DATA")
    if override:
        return Path(override)
    return _shipped_data_dir(__file__)


@functools.cache
def _shipped_data_dir(module_file: str) -> Path:
    """Resolved once per location of this module: every rules answer looks up its variant,
    and resolving the path took a tenth of the answer's time."""
    here = Path(module_file).resolve().parent.parent
    packaged = here / "_rules_data"
    if packaged.is_dir():
        return packaged
    return here.parent / "rules_data"


def describe_validation_error(source: str, error: ValidationError, kind: str = "variant") -> str:
    """A data-file error as people fix it: the file, then each field, the problem and the value."""
    lines = [f"{source}: invalid {kind} file"]
    for err in error.errors():
        field = ".".join(str(p) for p in err["loc"]) or "(top level)"
        got = err.get("input")
        shown = "" if isinstance(got, Mapping) else f" (got {got!r})"
        lines.append(f"  {field}: {err['msg']}{shown}")
    return "\n".join(lines)


M = TypeVar("M", bound=BaseModel)


def read_data_file(
    path: Path,
    model: type[M],
    error: type[Exception],
    kind: str,
    prepare: Callable[[Any], Any] = lambda data: data,
) -> M:
    """One rules-data file (variant, topic, lexicon, questions) read and validated the same
    way: a syntax error or an invalid field raises ``error`` naming the file, then each field,
    its problem and its value. ``prepare`` adjusts the parsed data before validation."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{path}: not valid TOML: {problem}") from None
    try:
        return model.model_validate(prepare(data))
    except ValidationError as problem:
        raise error(describe_validation_error(str(path), problem, kind=kind)) from None


def parse_variant(data: dict[str, Any], source: str) -> Variant:
    try:
        return Variant.model_validate(data)
    except ValidationError as error:
        raise VariantFileError(describe_validation_error(source, error)) from None


def load_variant_file(path: Path) -> Variant:
    variant = read_data_file(path, Variant, VariantFileError, "variant")
    if variant.id != path.stem:
        raise VariantFileError(f"{path}: id {variant.id!r} must match the file name {path.stem!r}")
    return variant


@functools.cache
def _load_all(directory: Path) -> dict[str, Variant]:
    files = sorted((directory / "variants").glob("*.toml"))
    if not files:
        raise VariantFileError(f"{directory / 'variants'}: no variant files found")
    return {v.id: v for v in map(load_variant_file, files)}


def all_variants() -> dict[str, Variant]:
    """Every shipped variant by id, loaded and validated once per process."""
    return _load_all(rules_data_dir())


def load_variant(variant_id: str) -> Variant:
    variants = all_variants()
    try:
        return variants[variant_id]
    except KeyError:
        raise UnknownVariantError(variant_id, sorted(variants)) from None
