"""Pure scoring domain: variants, house rules, round scoring, game progress, card counting.

No Discord, no database, no I/O besides reading the variant files.
"""

from bot.scoring.cards import CardCount, count_cards, parse_cards
from bot.scoring.game import GameProgress, dealer_for_round, outcome, play
from bot.scoring.house_rules import HOUSE_RULES, apply_house_rules, parse_overrides
from bot.scoring.problems import Problem, ScoringError
from bot.scoring.round import (
    BREAKDOWN_KEYS,
    SideResult,
    SideRound,
    WentOut,
    opening_minimum,
    parse_side,
    parse_sides,
    score_round,
    validate_round,
)
from bot.scoring.variants import (
    UnknownVariantError,
    Variant,
    VariantFileError,
    all_variants,
    load_variant,
)

__all__ = [
    "BREAKDOWN_KEYS",
    "HOUSE_RULES",
    "CardCount",
    "GameProgress",
    "Problem",
    "ScoringError",
    "SideResult",
    "SideRound",
    "UnknownVariantError",
    "Variant",
    "VariantFileError",
    "WentOut",
    "all_variants",
    "apply_house_rules",
    "count_cards",
    "dealer_for_round",
    "load_variant",
    "opening_minimum",
    "outcome",
    "parse_cards",
    "parse_overrides",
    "parse_side",
    "parse_sides",
    "play",
    "score_round",
    "validate_round",
]
