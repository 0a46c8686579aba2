"""Every number and card word needs a sure role before a figure is printed (issue 13, third
pass). A number tied to a need or opening word is a minimum someone names, not the side's
score; threes without a colour, a count word read out as a card, a number said in words the
reader cannot read whole: each is asked about or left alone, never summed into a wrong figure.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.numbers import CardAnswer, OpeningAnswer, compute
from bot.scoring import load_variant
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import find_cards
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import round_answer

CLASSIC = load_variant("classic")
OPENING = "opening_minimum"
LANGS = ("en", "no", "da", "fi")
MINIMUMS = st.sampled_from((15, 50, 90, 120, 150))


def _plain(lang: str, kind: str) -> list[str]:
    """The lexicon's ``asks.<kind>`` phrases that are single plain words ("need", "trenger")."""
    asks = getattr(vocabulary().lexicons[lang].asks, kind)
    return [p for p in asks if " " not in p and "*" not in p and "~" not in p] or [
        p.rstrip("*") for p in asks if " " not in p
    ]


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=20, deadline=None)
@given(minimum=MINIMUMS, data=st.data())
def test_a_number_after_a_need_word_is_no_score(
    lang: str, minimum: int, data: st.DataObject
) -> None:
    """ "someone says we need 120 now, right?": no score is given, so no opening minimum is
    worked out from the 120."""
    need = data.draw(st.sampled_from(_plain(lang, "need")))
    figures = compute(f"{need} {minimum}?", CLASSIC, OPENING)
    assert not any(isinstance(f, OpeningAnswer) for f in figures)


def test_a_minimum_offered_with_or_is_no_score_either() -> None:
    """ "we need 90 to open now right? or is it 120": both numbers are minimums."""
    figures = compute("we need 90 to open now right? or is it 120 already", CLASSIC, OPENING)
    assert not any(isinstance(f, OpeningAnswer) for f in figures)


def test_a_score_said_beside_a_minimum_still_answers() -> None:
    """ "we're on 1500, we need 90 to open right?": the score is said, so it is answered."""
    figures = compute("we're on 1500, we need 90 to open right?", CLASSIC, OPENING)
    assert [f.minimum for f in figures if isinstance(f, OpeningAnswer)] == [90]


THREES = {
    "en": ("two threes and a king", "two black threes and a king"),
    "no": ("to treere og en konge", "to svarte treere og en konge"),
    "da": ("to treere og en konge", "to sorte treere og en konge"),
    "fi": ("kaksi kolmosta ja kunkku", "kaksi mustaa kolmosta ja kunkku"),
}
VALUE = {
    "en": "how much are {}",
    "no": "hva er {} verdt",
    "da": "hvad er {} værd",
    "fi": "paljonko on {}",
}


@pytest.mark.parametrize("lang", LANGS)
def test_threes_without_a_colour_are_asked_about(lang: str) -> None:
    """Red and black threes count differently: with no colour said the reply asks, with a
    colour it sums."""
    bare, black = (VALUE[lang].format(cards) for cards in THREES[lang])
    unsure = compute(bare, CLASSIC, "card_values")
    assert [f.unsure for f in unsure if isinstance(f, CardAnswer)] == [True]
    sure = compute(black, CLASSIC, "card_values")
    assert [(f.points, f.unsure) for f in sure if isinstance(f, CardAnswer)] == [(20, False)]


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=20, deadline=None)
@given(ranks=st.lists(st.sampled_from(("joker", "A", "K", "Q", "9", "5")), min_size=3, max_size=8))
def test_cards_read_out_one_by_one_are_all_counted(lang: str, ranks: list[str]) -> None:
    """ "ess, ess, konge, seks, seks, joker": each card read out with a pause after it is one
    card, a number word included; a full stop between them does not end the hand."""
    lexicon = vocabulary().lexicons[lang]
    names = [lexicon.cards[rank][0] for rank in ranks]
    said = ", ".join(names[:-1]) + ". " + names[-1]
    found = find_cards(said)
    assert found is not None
    assert found.cards == Counter(ranks)


def test_a_list_goes_on_after_then() -> None:
    """ "jack jack queen, then seven seven seven": one hand, not the first three cards."""
    found = find_cards("jack jack queen, then seven seven seven. total?")
    assert found is not None
    assert found.cards == Counter({"7": 3, "J": 2, "Q": 1})


def _number_word(lang: str, value: int) -> str:
    return vocabulary().lexicons[lang].numbers[str(value)][0]


@pytest.mark.parametrize("lang", LANGS)
@given(count=st.integers(min_value=2, max_value=9), scale=st.sampled_from((100, 1000)))
def test_a_count_and_a_half_of_a_scale_is_read_whole(lang: str, count: int, scale: int) -> None:
    """ "kaksi ja puoli tonnia" is 2500, never the 1000 of its last word."""
    words = vocabulary().lexicons[lang].words
    said = " ".join(
        (_number_word(lang, count), words.joiners[0], words.half[-1], _number_word(lang, scale))
    )
    assert spell_digits(f"x {said} x") == f"x {count * scale + scale // 2} x"


@pytest.mark.parametrize(
    ("said", "score"), [("fifteen-fifty", 1550), ("twenty-nine ninety-five", 2995)]
)
def test_a_score_said_in_pairs_is_hundreds(said: str, score: int) -> None:
    """Scores read aloud in pairs of digits: "we're on fifteen-fifty" is 1550, not 15."""
    figures = compute(f"we're on {said}, what do we need to go down?", CLASSIC, OPENING)
    assert [f.score for f in figures if isinstance(f, OpeningAnswer)] == [score]


@pytest.mark.parametrize("said", ["fifteen hundred twenty ninety", "twenty and a half"])
def test_number_words_read_in_part_give_no_number(said: str) -> None:
    """A reader that cannot use every number word of a run gives no prefix of it."""
    assert not any(c.isdigit() for c in spell_digits(f"we have {said}"))
    assert not any(
        isinstance(f, OpeningAnswer)
        for f in compute(f"we have {said}, can we open?", CLASSIC, OPENING)
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a joker and some small cards left, how much is that"),
        ("no", "en joker og noen småkort igjen, hvor mye blir det"),
        ("fi", "käteen jäi jokeri ja vähän pikkukortteja, paljonko miinusta"),
    ],
)
def test_small_cards_with_no_count_give_no_sum(lang: str, said: str) -> None:
    """ "a joker and some small cards": the small cards are not counted, so no sum."""
    del lang
    hands = [f for f in compute(said, CLASSIC, "card_values") if isinstance(f, CardAnswer)]
    assert all(f.unsure for f in hands)


@pytest.mark.parametrize("said", ["five twenty", "2 and a half thousand", "one thousand two fifty"])
def test_a_number_that_could_be_read_two_ways_is_none(said: str) -> None:
    """ "we're on five twenty" (520 at the table, 25 with the "and" left out) and a half
    whose count is not read give no score, never 25 or 1000."""
    figures = compute(f"we're on {said}, what do we need to open?", CLASSIC, OPENING)
    assert not any(isinstance(f, OpeningAnswer) for f in figures)


def test_cards_said_apart_from_the_hand_are_asked_about() -> None:
    """ "ess, ess, konge, etter det en joker": the joker may belong to the hand, so no sum;
    a comparison further off ("is a joker worth more than two aces") keeps its card."""
    near = compute("ess, ess, konge, etter det en joker. hvor mye?", CLASSIC, "card_values")
    assert [f.unsure for f in near if isinstance(f, CardAnswer)] == [True]
    far = compute("is a joker worth more than two aces?", CLASSIC, "card_values")
    assert [f.unsure for f in far if isinstance(f, CardAnswer)] == [False]


def test_a_number_word_read_out_alone_is_that_card() -> None:
    """ "kuus, kuus, jokeri": each number word with a pause after it is a six, not six
    jokers, in a language whose card names are no number words too."""
    found = find_cards("ässä, ässä, kunkku, kuus, kuus, jokeri, paljonko yhteensä")
    assert found is not None
    assert found.cards == Counter({"A": 2, "K": 1, "6": 2, "joker": 1})


@pytest.mark.parametrize(
    "said",
    [
        "don't we need at least 90 now?",
        "trenger vi minst 90 nå?",
        "er det 90 vi skal have nu?",
        "tarvitaanko nyt vähintään 90?",
        "the opening requirement is 120 for us now isn't it",
    ],
)
def test_a_minimum_in_a_clause_about_needing_is_no_score(said: str) -> None:
    """An opening minimum's number in a clause about needing or opening, with no score
    said, is the minimum in question: no "with 90 points you need 50"."""
    assert not any(isinstance(f, OpeningAnswer) for f in compute(said, CLASSIC, OPENING))


@pytest.mark.parametrize(
    "said",
    [
        "we had 1400 but just scored 200 more, whats our min now",
        "we're at two thousand and something, what's the opening",
        "vi har tusen og noe, hva må vi åpne med",
    ],
)
def test_a_score_with_more_added_or_a_rest_unsaid_is_asked_about(said: str) -> None:
    """Two numbers that could each be the side's score, or a score with "and something"
    after it: no minimum is worked from either."""
    assert not any(isinstance(f, OpeningAnswer) for f in compute(said, CLASSIC, OPENING))


def test_cards_and_some_more_unnamed_give_no_sum() -> None:
    """ "a joker, two aces and some other junk": the rest is not counted, so no sum."""
    hands = [
        f
        for f in compute("a joker, two aces and some other junk, how much", CLASSIC, "card_values")
        if isinstance(f, CardAnswer)
    ]
    assert all(f.unsure for f in hands)


@pytest.mark.parametrize(
    "said", ["hvad er seks konger og ni værd", "paljonko on kolme kuningasta ja kaks"]
)
def test_a_number_word_left_at_the_end_of_a_hand_is_asked_about(said: str) -> None:
    """ "six kings and nine": a nine, or nine of a card not said? No sum either way."""
    hands = [f for f in compute(said, CLASSIC, "card_values") if isinstance(f, CardAnswer)]
    assert all(f.unsure for f in hands)


@pytest.mark.parametrize("said", ["seks joker", "two jack", "tre konge"])
def test_a_count_before_one_card_in_the_singular_is_asked_about(said: str) -> None:
    """ "seks joker": six jokers (300) or a six and a joker (55)? Read as two cards, and
    the reply says so and asks; "tre ess" (a plural like the singular) is a count."""
    found = find_cards(said)
    assert found is not None
    assert found.ambiguous == said
    counted = find_cards("tre ess")
    assert counted is not None
    assert counted.cards == Counter({"A": 3})


def test_a_score_before_an_opening_word_is_still_a_score() -> None:
    """ "what do we need at 1500 to open": no minimum is that high, so 1500 is the score."""
    figures = compute("what do we need at 1500 to open", CLASSIC, OPENING)
    assert [f.minimum for f in figures if isinstance(f, OpeningAnswer)] == [90]


def test_the_side_inside_a_need_phrase_is_read_in_its_own_language() -> None:
    """ "Dei andre har 1600. Kva må me ha": nynorsk "me" is we, even where Danish chat uses
    the word otherwise, so the others' 1600 is not our score."""
    figures = compute("Dei andre har 1600. Kva må me ha for å opne?", CLASSIC, OPENING)
    assert not any(isinstance(f, OpeningAnswer) for f in figures)


def test_a_word_for_none_before_red_threes_is_read_in_their_language() -> None:
    """Finnish "ei punasia kolmosia" is no red threes (Norwegian "ei raud treare" is one)."""
    finnish = round_answer("250 meldattu, ei punasia kolmosia, 25 käteen", CLASSIC)
    norwegian = round_answer("300 meldt, ei raud treare, 25 på handa", CLASSIC)
    assert finnish is not None
    assert norwegian is not None
    assert "red_threes" not in dict(finnish.parts)
    assert dict(norwegian.parts)["red_threes"] == 100
