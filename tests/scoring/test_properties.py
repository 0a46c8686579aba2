"""Property tests: invariants of scoring that must hold for any input."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.scoring import (
    ScoringError,
    all_variants,
    count_cards,
    load_variant,
    opening_minimum,
    parse_sides,
    play,
    score_round,
)
from bot.scoring.round import COUNT_FIELDS

FAST = settings(
    max_examples=settings().max_examples * 3 // 5, suppress_health_check=[HealthCheck.too_slow]
)
"""For the slower properties: 60% of the profile's examples (tests/conftest.py)."""
VARIANT_IDS = sorted(all_variants())


@st.composite
def valid_round(draw: st.DrawFn, variant_id: str) -> list[dict[str, Any]]:
    """A round that satisfies every rule: canastas backed by meld points, threes within the
    decks, at most one side out with enough canastas, five-point steps."""
    v = load_variant(variant_id)
    out_side = draw(st.one_of(st.none(), st.integers(0, v.sides - 1)))
    red_left = v.red_threes_count
    counts = []
    for index in range(v.sides):
        natural = draw(st.integers(0, 11 // v.sides))
        mixed = draw(st.integers(0, 12 // v.sides - 1))
        if index == out_side:
            natural = max(natural, v.going_out.canastas_needed)
        counts.append((natural, mixed))
    # card points of all sides together stay within what the decks hold
    points_left = v.deck_card_points - sum(35 * n + 50 * m for n, m in counts)
    sides = []
    for index, (natural, mixed) in enumerate(counts):
        going_out = index == out_side
        red = draw(st.integers(0, red_left))
        red_left -= red
        red_in_hand = draw(st.integers(0, red_left)) if not going_out else 0
        red_left -= red_in_hand
        extra = 5 * draw(st.integers(0, min(200, points_left // 5)))
        points_left -= extra
        hand = 5 * draw(st.integers(0, min(60, points_left // 5)))
        points_left -= hand
        side: dict[str, Any] = {
            "meld_points": 35 * natural + 50 * mixed + extra,
            "natural_canastas": natural,
            "mixed_canastas": mixed,
            "red_threes": red,
            "red_threes_in_hand": red_in_hand,
            "hand_points": hand,
        }
        if going_out:
            concealed = v.going_out.concealed_bonus is not None and draw(st.booleans())
            side["went_out"] = "concealed" if concealed else "normal"
            if v.players_per_side[index] == 1:
                side["hand_points"] = 0
        sides.append(side)
    return sides


@st.composite
def variant_and_round(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]]]:
    variant_id = draw(st.sampled_from(VARIANT_IDS))
    return variant_id, draw(valid_round(variant_id))


@FAST
@given(variant_and_round(), st.lists(st.integers(-20000, 20000), min_size=3, max_size=3))
def test_net_is_the_sum_of_the_breakdown_and_totals_add_up(
    case: tuple[str, list[dict[str, Any]]], before: list[int]
) -> None:
    variant_id, raw = case
    v = load_variant(variant_id)
    totals_before = before[: v.sides]
    results = score_round(v, parse_sides(raw), totals_before)
    for result, side, total_before in zip(results, raw, totals_before, strict=True):
        assert result.net == sum(result.breakdown.values())
        assert result.total == total_before + result.net
        assert result.next_minimum == opening_minimum(v, result.total)
        # the parts a side reports pass through unchanged
        assert result.breakdown["meld"] == side["meld_points"]
        assert result.breakdown["hand"] == -side["hand_points"]


@FAST
@given(st.lists(valid_round("classic"), max_size=4))
def test_game_totals_are_the_sums_of_the_nets(raw_rounds: list[list[dict[str, Any]]]) -> None:
    v = load_variant("classic")
    try:
        game = play(v, [parse_sides(r) for r in raw_rounds])
    except ScoringError as error:
        # only a game already won may refuse a later round
        assume(all(p.code != "game_already_finished" for p in error.problems))
        raise
    nets = [sum(rnd[i].net for rnd in game.rounds) for i in range(v.sides)]
    assert game.totals == nets


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["normal", "concealed", "no", "twos", "jokers", "other"]),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6), inner, max_size=4),
        st.dictionaries(st.one_of(st.integers(), st.none(), st.booleans()), inner, max_size=2),
    ),
    max_leaves=12,
)
field_names = st.sampled_from(
    [*COUNT_FIELDS, "wild_canastas", "black_threes_melded", "went_out", "bogus"]
)
plausible_values = st.one_of(
    st.integers(-3, 12),
    st.integers(-3, 200).map(lambda n: 5 * n),
    st.dictionaries(st.sampled_from(["twos", "jokers", "other", "aces"]), st.integers(-1, 3)),
    junk,
)
side_like = st.one_of(st.dictionaries(field_names, plausible_values, max_size=6), junk)
sides_like = st.one_of(st.lists(side_like, max_size=4), junk)
totals_like = st.one_of(st.none(), st.lists(st.integers(-(10**30), 10**30), max_size=4), junk)


@given(st.sampled_from(VARIANT_IDS), sides_like, totals_like)
def test_validation_only_ever_raises_scoring_error(
    variant_id: str, raw_sides: Any, totals: Any
) -> None:
    v = load_variant(variant_id)
    try:
        results = score_round(v, parse_sides(raw_sides), totals)
    except ScoringError as error:
        refused = error
    else:
        refused = None
    if refused is not None:
        assert refused.problems
        return
    assert len(results) == v.sides
    for result in results:
        assert result.net == sum(result.breakdown.values())


@FAST
@given(st.sampled_from(VARIANT_IDS), st.integers(-(10**6), 10**6), st.integers(0, 10**6))
def test_opening_minimum_never_goes_down_as_the_score_rises(
    variant_id: str, score: int, rise: int
) -> None:
    v = load_variant(variant_id)
    assert opening_minimum(v, score) <= opening_minimum(v, score + rise)


# card spellings and the value each has (RULES-FACTS card values)
SPELLINGS: dict[int, list[str]] = {
    50: ["joker", "jokeri", "jo", "JOKER"],
    20: ["A", "ace", "ess", "ässä", "2", "two", "toer", "kakkonen", "A♠"],
    10: [
        *["K", "konge", "kuningas", "Q", "dame", "rouva", "J", "knekt", "bonde", "knægt", "jätkä"],
        *["10", "ti", "9", "nine", "8", "åtte", "K♦", "10♥"],
    ],
    5: ["7", "syv", "6", "seks", "5", "fem", "4", "fire", "3", "3♣", "tre"],
}
cards = st.sampled_from([(value, word) for value, words in SPELLINGS.items() for word in words])


@FAST
@given(st.lists(st.tuples(cards, st.integers(1, 5), st.booleans()), min_size=1, max_size=12))
def test_counting_generated_cards_equals_the_sum_of_their_values(
    hand: list[tuple[tuple[int, str], int, bool]],
) -> None:
    tokens = []
    for (_, word), times, prefix in hand:
        if times == 1:
            tokens.append(word)
        else:
            # a bare number before "×n" is read as the count ("2×3" = two threes), so numeric
            # ranks get their count in front
            suffix = not prefix and not word.isdigit()
            tokens.append(f"{word}×{times}" if suffix else f"{times}x{word}")
    expected = sum(value * times for (value, _), times, _ in hand)
    count = count_cards(load_variant("classic"), " ".join(tokens))
    assert count.points == expected
    assert count.card_total == sum(times for _, times, _ in hand)
