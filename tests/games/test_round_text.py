"""The compact round line: examples of every token kind, the errors that name the token, and
properties (any text either parses or raises RoundTextError; written-back lines read back)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.round_text import (
    MAX_NUMBER,
    RoundTextError,
    format_round_text,
    parse_round_text,
)
from bot.scoring import SideRound, load_variant

CLASSIC = load_variant("classic")
CUBAN = load_variant("cuban")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "420 1n 1m 2r out 70h",
            {
                "meld_points": 420,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 2,
                "went_out": "normal",
                "hand_points": 70,
            },
        ),
        ("", {}),
        ("-", {}),
        ("0", {}),
        ("  300   2 red  ", {"meld_points": 300, "red_threes": 2}),
        (
            "500 1ren 1blandet ut 20hånd",
            {
                "meld_points": 500,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "went_out": "normal",
                "hand_points": 20,
            },
        ),
        (
            "500 1puhdas ulos 2pun",
            {"meld_points": 500, "natural_canastas": 1, "went_out": "normal", "red_threes": 2},
        ),
        ("ud 1n 400", {"went_out": "normal", "natural_canastas": 1, "meld_points": 400}),
        ("600 2n concealed", {"meld_points": 600, "natural_canastas": 2, "went_out": "concealed"}),
        ("600 2n skjult", {"meld_points": 600, "natural_canastas": 2, "went_out": "concealed"}),
        ("meld:joker,A,A,K", {"meld_points": 100}),
        ("meld: jokerAAK hand:K,7", {"meld_points": 100, "hand_points": 15}),
        ("300 meld:7,7,7 h:3,3", {"meld_points": 315, "hand_points": 10}),
        ("h:30", {"hand_points": 30}),
        ("hånd:30", {"hand_points": 30}),
        ("-70h", {"hand_points": -70}),
        ("OUT 1N 400", {"went_out": "normal", "natural_canastas": 1, "meld_points": 400}),
    ],
)
def test_classic_lines(text: str, expected: dict) -> None:
    assert parse_round_text(text, CLASSIC) == expected


def test_cuban_line_with_wild_canastas_and_black_threes() -> None:
    assert parse_round_text("2600 1w2 1wj 1w 1n 2r 3b out 1bh 1rh", CUBAN) == {
        "meld_points": 2600,
        "natural_canastas": 1,
        "red_threes": 2,
        "black_threes_melded": 3,
        "went_out": "normal",
        "black_threes_in_hand": 1,
        "red_threes_in_hand": 1,
        "wild_canastas": {"twos": 1, "jokers": 1, "other": 1},
    }


def _codes(text: str) -> list[tuple[str, str]]:
    with pytest.raises(RoundTextError) as caught:
        parse_round_text(text, CLASSIC)
    return [(p.code, p.token) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("420 xyz", [("unknown_token", "xyz")]),
        ("420 1q 2z", [("unknown_token", "1q"), ("unknown_token", "2z")]),
        ("420 70", [("two_numbers", "70")]),
        ("1n 2n", [("repeated", "2n")]),
        ("out concealed", [("repeated", "concealed")]),
        ("9999999", [("too_big", "9999999")]),
        ("1" * 5000 + "h", [("too_big", "1" * 5000 + "h")]),
        ("meld:joker,X", [("unknown_card", "meld:joker,x")]),
        ("meld:3♥", [("red_three_card", "meld:3♥")]),
        ("foo:AAK", [("unknown_token", "foo:aak")]),
    ],
)
def test_errors_name_the_token(text: str, expected: list[tuple[str, str]]) -> None:
    assert _codes(text) == expected


def test_two_numbers_remembers_the_first() -> None:
    with pytest.raises(RoundTextError) as caught:
        parse_round_text("420 70", CLASSIC)
    assert caught.value.problems[0].params == {"first": "420"}


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_only_round_text_error(text: str) -> None:
    try:
        fields = parse_round_text(text, CUBAN)
    except RoundTextError as error:
        problems = error.problems
        assert problems
        return
    SideRound.model_validate(fields)  # always the right shape for the scoring layer


TOKENS = st.sampled_from(
    [
        "420",
        "1n",
        "2m",
        "3r",
        "out",
        "c",
        "70h",
        "meld:AAK",
        "h:7,7",
        "1w2",
        "zz",
        "-",
        "99",
        "ut",
        "2",
        "red",
        "n",
        ":",
        "meld:",
        "10x",
        "1e5",
        "٣",
    ]
)


@given(st.lists(TOKENS, max_size=8))
def test_token_soup_parses_or_raises_only_round_text_error(tokens: list[str]) -> None:
    with contextlib.suppress(RoundTextError):
        parse_round_text(" ".join(tokens), CUBAN)


COUNTS = st.integers(min_value=0, max_value=8)


@given(
    meld=st.integers(0, MAX_NUMBER),
    natural=COUNTS,
    mixed=COUNTS,
    red=COUNTS,
    black=COUNTS,
    twos=COUNTS,
    went_out=st.sampled_from(["no", "normal", "concealed"]),
    hand=st.integers(0, MAX_NUMBER),
)
def test_written_back_lines_read_back(
    meld: int, natural: int, mixed: int, red: int, black: int, twos: int, went_out: str, hand: int
) -> None:
    components = {
        "meld_points": meld,
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "red_threes": red,
        "black_threes_melded": black,
        "wild_canastas": {"twos": twos},
        "went_out": went_out,
        "hand_points": hand,
    }
    expected = {k: v for k, v in components.items() if v and v != "no" and v != {"twos": 0}}
    assert parse_round_text(format_round_text(components), CUBAN) == expected
