"""Cards, counts and scores as players say them: pairs, "and a 2", dialect and spoken
spellings, and numbers that belong to the hand or the table rather than the side's score.
The words come from the lexicon (``words.pair``, ``words.of``, ``spoken``, ``spoken_sounds``)."""

from __future__ import annotations

import pytest

from bot.rules import RulesIndex
from bot.rules.numbers import CardAnswer, OpeningAnswer, compute
from bot.scoring import load_variant
from bot.scoring.vocabulary import vocabulary
from bot.talk.number_words import spell_digits
from bot.talk.score_words import find_score
from bot.talk.text import spoken_forms

CLASSIC = load_variant("classic")
INDEX = RulesIndex.load()


def _points(question: str, lang: str) -> str:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.computed, f"nothing worked out for {question!r}"
    return answer.computed[-1]


@pytest.mark.parametrize(
    ("question", "lang", "points"),
    [
        ("a pair of kings and a joker, how much", "en", 70),
        ("two pairs of fives and an ace, points?", "en", 40),
        ("et par damer og en joker, hvor mye", "no", 70),
        ("et par af tiere og et es, hvor mange point", "da", 40),
        ("pari kuningasta ja jokeri, paljonko", "fi", 70),
    ],
)
def test_a_pair_is_two_cards_of_its_rank(question: str, lang: str, points: int) -> None:
    assert f"**{points}**" in _points(question, lang)


def test_a_pair_of_something_else_counts_no_cards() -> None:
    found = compute("a pair of socks and two kings, how much are the kings", CLASSIC, None)
    assert [f.points for f in found if isinstance(f, CardAnswer)] == [20]


@pytest.mark.parametrize(
    ("question", "points"),
    [("two kings and a 10, how much", 30), ("three queens plus a 2, what's that worth", 50)],
)
def test_a_digit_after_a_word_for_one_is_a_card(question: str, points: int) -> None:
    assert f"**{points}**" in _points(question, "en")


def test_a_digit_before_a_unit_stays_a_count() -> None:
    """ "a 2 player game": the 2 counts players, it is no deuce in the hand."""
    found = compute("in a 2 player game how much is a joker worth", CLASSIC, None)
    assert [f.cards for f in found if isinstance(f, CardAnswer)] == [(("joker", 1),)]


@pytest.mark.parametrize(
    ("question", "lang", "points"),
    [
        ("to damer og ein joker, kor mykje blir det", "no", 70),
        ("tre knekter og eit ess, ka blir det", "no", 50),
        ("to konger og en joker, hva giver det", "da", 70),
        ("fem syvere og en toer, ka bliver det", "da", 45),
    ],
)
def test_dialect_and_spoken_asks_get_the_hand_counted(
    question: str, lang: str, points: int
) -> None:
    assert f"**{points}**" in _points(question, lang)


def test_spoken_forms_of_a_phrase_take_every_spelling_of_each_word() -> None:
    spoken = {"hvor": ["kor"], "mye": ["mykje"]}
    assert set(spoken_forms("hvor mye", spoken)) == {
        "hvor mye",
        "kor mye",
        "hvor mykje",
        "kor mykje",
    }


def test_a_spoken_function_word_is_not_read_as_glued_cards() -> None:
    """ "ka" is "hva" said in dialect, not a king and an ace."""
    found = compute("to damer og ein joker, ka blir det", CLASSIC, None)
    assert [f.cards for f in found if isinstance(f, CardAnswer)] == [(("joker", 1), ("Q", 2))]


@pytest.mark.parametrize(
    ("question", "lang", "minimum"),
    [
        ("me har tre tusen og fem hundre, kva er kravet no", "no", 120),
        ("vi har fire tusind, hvad er kravet", "da", 120),
        ("vi har et tusind otte hundrede og halvtreds, hvad er kravet", "da", 90),
    ],
)
def test_a_score_said_in_words_with_a_requirement_word_gets_the_minimum(
    question: str, lang: str, minimum: int
) -> None:
    """The question reads as chat to the topic model only for its number words; with them
    in digits it is the opening question it is."""
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.computed
    assert f"**{minimum}**" in answer.computed[0]


@pytest.mark.parametrize(
    "question",
    [
        "we had 85 left in hand, what now",
        "tre konger og 120 meldt, hva nå",
        "ingen melding enno, vi har 70 på handa, kva blir det",
        "meillä on 55 kädessä",
    ],
)
def test_a_number_placed_in_hand_or_on_the_table_is_no_score(question: str) -> None:
    assert find_score(question) is None
    assert not [f for f in compute(question, CLASSIC, None) if isinstance(f, OpeningAnswer)]


def test_a_score_beside_hand_points_is_still_the_score() -> None:
    assert find_score("tre konger og 120 meldt, vi har 1600") == 1600


def test_ingen_before_an_opening_word_asks_for_no_minimum() -> None:
    """ "ingen meldinger" says nothing was melded: no ask for the opening minimum."""
    found = compute("ingen meldinger ennå, vi står på 300", CLASSIC, None, sure_of_other=True)
    assert not [f for f in found if isinstance(f, OpeningAnswer)]


@pytest.mark.parametrize(
    ("said", "digits"),
    [("kolkytviis", "35"), ("satanelkyt", "140"), ("kaksisataaysikytviis", "295")],
)
def test_finnish_spoken_tens_are_numbers(said: str, digits: str) -> None:
    assert spell_digits(said) == digits


def test_finnish_spoken_d_dropping_forms_are_number_forms() -> None:
    """ "kahella" is "kahdella" (with two) as it is said."""
    numbers = vocabulary().number_words
    assert numbers["kahella"] == numbers["kahdella"] == 2


@pytest.mark.parametrize(
    ("question", "lang", "points"),
    [
        ("three kings, no jokers and an ace, points?", "en", 50),
        ("tre konger, ingen jokere og et ess, hvor mye", "no", 50),
        ("ei jokereita, kolme kuningasta ja ässä, paljonko", "fi", 50),
        ("käteen jäi kolme kuningasta ja ässä, ei jokeria, paljonko se on", "fi", 50),
        ("to konger og ei dame, hvor mye", "no", 30),
    ],
)
def test_no_cards_of_a_rank_count_nothing(question: str, lang: str, points: int) -> None:
    """Finnish "ei" is none, Norwegian "ei" is one: the card after it tells which."""
    assert f"**{points}**" in _points(question, lang)


@pytest.mark.parametrize(
    "question",
    [
        "sju toere i kubansk, hva blir det",  # seven of a rank: a canasta's bonus is as likely
        "fire jokere og tre toere, hva blir det",  # seven wild cards: a wild canasta
        "de svarte treerne meldt når vi går ut, hva gir det",  # one card named: a rule
    ],
)
def test_a_loose_ask_is_no_hand_to_count_for_a_canasta_or_one_card(question: str) -> None:
    assert not [f for f in compute(question, CLASSIC, None) if isinstance(f, CardAnswer)]


@pytest.mark.parametrize(
    "question", ["can a 2 go on a meld of threes", "is a 7 worth 5 or 10 points"]
)
def test_one_card_said_with_a_digit_is_no_hand(question: str) -> None:
    """Like one word, "a 2" is counted only with a face card's name: "can a 2 go on..." asks
    a rule, not the deuce's points."""
    assert not [f for f in compute(question, CLASSIC, None) if isinstance(f, CardAnswer)]


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("does a six count 5 or 10", "6 = **5** points"),
        ("teller en nier 5 eller 10", "9 = **10** poeng"),
        ("tæller en femmer fem eller ti point", "5 = **5** point"),
    ],
)
def test_numbers_either_side_of_or_are_values_not_cards(question: str, shown: str) -> None:
    """ "5 or 10" offers two values: the card's worth is worked out, no "6 + 5"."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert list(answer.computed) == [shown] or shown in answer.computed[-1]
