"""The card counter: card values from RULES-FACTS (joker 50, ace and two 20, K-8 10, 7-4 5,
black three 5), typed in any of the four languages."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.scoring import ScoringError, count_cards, load_variant, parse_cards
from bot.scoring.cards import min_wild_canasta_points
from bot.scoring.variants import parse_variant

CLASSIC = load_variant("classic")


def points(text: str) -> int:
    return count_cards(CLASSIC, text).points


def problems(text: str) -> list[tuple[str, dict]]:
    with pytest.raises(ScoringError) as info:
        parse_cards(text)
    return [(p.code, p.params) for p in info.value.problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("joker A A K 7 7 2", 50 + 20 + 20 + 10 + 5 + 5 + 20),
        ("joker A A K", 100),
        ("Q♠ 10♥ 4", 25),
        ("AAK77", 60),
        ("A♠A♥K♦", 50),
        ("10 9 8 7 6 5 4", 10 * 3 + 5 * 4),
        ("K Q J 10 9 8", 60),
        ("3xK", 30),
        ("K×3", 30),
        ("2*joker", 100),
        ("3xK, 2xA; joker", 30 + 40 + 50),
        ("jo jok jkr", 150),
        ("2joker", 70),
        ("JOKER ace KING", 80),
        ("(A) K. Q!", 40),
        ("d b t", 30),  # Scandinavian letters: dame, bonde, ti
    ],
)
def test_counts(text: str, expected: int) -> None:
    assert points(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ess konge dame knekt", 20 + 10 + 10 + 10),  # Norwegian
        ("es konge dame bonde knægt", 20 + 10 + 10 + 10 + 10),  # Danish
        ("ässä kuningas rouva jätkä jokeri", 20 + 10 + 10 + 10 + 50),  # Finnish
        ("toer kakkonen two", 60),
        ("ÄSSÄ Jätkä", 30),
        ("seks fem fire sju syv", 25),
        ("kymppi ysi kasi", 30),
        ("3xess", 60),
    ],
)
def test_words_in_four_languages(text: str, expected: int) -> None:
    assert points(text) == expected


def test_counted_cards_are_returned() -> None:
    count = count_cards(CLASSIC, "joker A A K 7 7 2")
    assert count.cards == Counter({"A": 2, "7": 2, "joker": 1, "K": 1, "2": 1})
    assert count.card_total == 7


@pytest.mark.parametrize("text", ["3", "3♠", "3♣", "tre", "kolme", "three"])
def test_bare_or_black_three_is_a_black_three_worth_5(text: str) -> None:
    assert points(text) == 5


@pytest.mark.parametrize("text", ["3♥", "3♦", "tre♥", "three♦", "A3♥"])
def test_red_three_has_no_value(text: str) -> None:
    assert problems(f"A {text}") == [("red_three_has_no_value", {"word": text.lower()})]


def test_unknown_words_are_all_listed() -> None:
    assert problems("A banana K 11 zz") == [
        ("unknown_card", {"word": "banana"}),
        ("unknown_card", {"word": "11"}),
        ("unknown_card", {"word": "zz"}),
    ]


@pytest.mark.parametrize("token", ["0xk", "51xa", "?", "1"])
def test_impossible_tokens(token: str) -> None:
    assert problems(f"k {token}") == [("unknown_card", {"word": token})]


@pytest.mark.parametrize("text", ["", "   ", ", ; /"])
def test_no_cards(text: str) -> None:
    assert problems(text) == [("no_cards", {})]


def test_card_values_come_from_the_variant() -> None:
    data = CLASSIC.model_dump()
    data["card_values"]["joker"] = 100
    data["id"] = "rich-jokers"
    rich = parse_variant(data, "test")
    assert count_cards(rich, "joker A").points == 120


def test_min_wild_canasta_points_cuban() -> None:
    cuban = load_variant("cuban")
    assert min_wild_canasta_points(cuban, "twos") == 7 * 20
    assert min_wild_canasta_points(cuban, "jokers") == 4 * 50 + 3 * 20
    assert min_wild_canasta_points(cuban, "other") == 50 + 6 * 20


def test_other_wild_canasta_needs_a_joker_besides_the_twos() -> None:
    # without jokers, seven wild cards can only be seven twos, which is the "twos" kind: an
    # "other" wild canasta cannot be made, so 140 meld points cannot hold one.
    data = load_variant("cuban").model_dump()
    data.update(id="cuban-no-jokers", jokers=0)
    no_jokers = parse_variant(data, "test")
    assert min_wild_canasta_points(no_jokers, "other") > 7 * 20
