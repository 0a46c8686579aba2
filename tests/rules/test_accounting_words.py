"""Every word a figure is read from is accounted for: consumed by its reader, a word the
question's language may say there, or named and asked about.

Issue 13, "never a wrong number", second pass. The readers report what they read but did
not count (a red three beside a hand), the words right beside a hand must be words of the
question's language (an unlisted word is unaccounted for and asks), a lone letter must be a
card of the hand's notation, a second side's score with no side asked about asks whose
minimum is wanted, and a word before a going out that the question's language does not let
stand there makes the round ask. Words are the lexicon's or made up, not one incident's.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.rules.numbers import (
    CardAnswer,
    OpeningAnswer,
    RoundAnswer,
    RoundUnsure,
    ScoreUnsure,
    compute,
)
from bot.scoring import load_variant
from bot.scoring.vocabulary import Lexicon, vocabulary
from bot.talk.accounting import unaccounted_cards, unaccounted_out
from bot.talk.card_words import find_cards

CLASSIC = load_variant("classic")
LANGS = ("en", "no", "da", "fi")
MADE_UP = ("blorf", "zquint", "vrumpel")
"""Words no lexicon knows."""
scores = st.integers(min_value=20, max_value=900).map(lambda n: n * 5)


def _lex(lang: str) -> Lexicon:
    return vocabulary().lexicons[lang]


def _cards(figures: list[object]) -> list[CardAnswer]:
    return [f for f in figures if isinstance(f, CardAnswer)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_red_three_read_beside_a_hand_makes_the_sum_ask(lang: str) -> None:
    """A red three has no card value but scores a bonus: a card sum that leaves it out is
    not the figure, so the reader reports it (``left_out``) and the sum is unsure."""
    lex = _lex(lang)
    red_three = f"{lex.words.one[0]} {lex.colours.red[0]} {lex.cards['3'][0]}"
    said = f"{red_three} {lex.words.joiners[0]} K K Q"
    found = find_cards(said)
    assert found is not None
    assert found.left_out is not None
    assert lex.colours.red[0] in found.left_out
    plain = find_cards("K K Q")
    assert plain is not None
    assert plain.left_out is None
    value = lex.asks.value[0]
    figures = _cards(compute(f"{said}, {value}?", CLASSIC, "card_values", lang=lang))
    assert figures
    assert all(f.unsure for f in figures)


@pytest.mark.parametrize("letter", ["X", "Z", "E", "W"])
def test_a_letter_that_is_no_card_beside_card_symbols_asks(letter: str) -> None:
    """ "E K D B 4": a letter in the list of symbols that names no card would be left out
    of the sum; it is named. The list without it is read plainly."""
    for said in (f"{letter} K Q J 4", f"K Q J 4 {letter}"):
        found = find_cards(said)
        assert found is not None
        assert found.unread == letter, said
    plain = find_cards("K Q J 4")
    assert plain is not None
    assert plain.unread is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("letters", ["E E", "X Y", "e e", "W Z"])
def test_two_letters_that_are_no_cards_beside_a_hand_ask(lang: str, letters: str) -> None:
    """ "E E K D Kn" (Norwegian es, es, konge, dame, knekt): two letters the reader does not
    know beside the hand are cards in another notation, whatever the hand's own symbols look
    like ("Kn" is no capital symbol); a sum of the rest would be a wrong figure said as sure.
    The reply names a letter and gives no figure."""
    value = _lex(lang).asks.value[0]
    for said in (f"{letters} K D Kn", f"{letters} K Q J", f"K Q J {letters}", f"K Kn {letters}"):
        found = find_cards(said)
        assert found is not None
        assert found.unread in letters.split(), said
        figures = _cards(compute(f"{said}, {value}?", CLASSIC, "card_values", lang=lang))
        assert figures
        assert all(f.unsure for f in figures), said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("letter", ["q", "k", "j"])
def test_a_lower_case_letter_among_cards_said_by_name_asks(lang: str, letter: str) -> None:
    """A lower-case letter read as a card among cards said by their names may be chat
    ("quick q, ..."): it is named, not summed. Letters alone ("k k a") are a hand."""
    lex = _lex(lang)
    count, king = lex.numbers["2"][0], lex.cards["K"][0]
    found = find_cards(f"{letter}, {count} {king}")
    assert found is not None
    assert found.unread == letter
    symbols = find_cards("k q j")
    assert symbols is not None
    assert symbols.unread is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("unknown", MADE_UP)
def test_an_unknown_word_right_beside_the_hand_asks(lang: str, unknown: str) -> None:
    """A word right beside the cards that the question's language does not know is
    unaccounted for: the sum asks, naming it. A function word of the language there, or a
    value word, is accounted for."""
    lex = _lex(lang)
    hand = f"{lex.cards['joker'][0]} {lex.words.joiners[0]} K K"
    assert unaccounted_cards((unknown,), lang) == unknown
    assert unaccounted_cards((lex.words.function[0], *lex.asks.value[0].split()), lang) is None
    found = find_cards(f"{hand} {unknown}")
    assert found is not None
    assert unknown in found.around
    figures = _cards(compute(f"{hand} {unknown}, {lex.asks.value[0]}?", CLASSIC, None, lang=lang))
    assert figures
    assert figures[0].unread == unknown


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_word_the_card_sum_leaves_out_is_unaccounted(lang: str) -> None:
    """A going-out or no-meld word beside a hand is a part of a round the card sum does not
    take in: it is not among the words that may stand beside cards."""
    lex = _lex(lang)
    function = {w.lower() for w in lex.words.function}
    game = [
        part
        for phrase in (*lex.round.went_out, *lex.round.no_meld)
        for part in phrase.split()
        if "~" not in part and "*" not in part and part not in function
    ]
    assert game
    assert any(unaccounted_cards((word,), lang) == word for word in game)


TWO_SIDES = {
    "en": ("we have {a} and they have {b}, what is the opening minimum?", "what do they need?"),
    "no": ("vi har {a} og de har {b}, hva er minstekravet?", "hva trenger de andre?"),
    "da": ("vi har {a} og de har {b}, hvad er minimumskravet?", "hvad skal de andre bruge?"),
}


@pytest.mark.parametrize("lang", sorted(TWO_SIDES))
@settings(max_examples=15, deadline=None)
@given(a=scores, b=scores)
def test_two_sides_scores_with_no_side_asked_ask_whose(lang: str, a: int, b: int) -> None:
    """Both sides' scores and a minimum asked of no side: either may be meant, so the reply
    asks whose (``sides``); asked of one side, that side's score answers it (equal scores
    are not told apart by their number, and ask)."""
    assume(a != b)
    both, theirs = TWO_SIDES[lang]
    figures = compute(both.format(a=a, b=b), CLASSIC, "opening_minimum", lang=lang)
    assert [f.why for f in figures if isinstance(f, ScoreUnsure)] == ["sides"]
    assert not any(isinstance(f, OpeningAnswer) for f in figures)
    said = both.format(a=a, b=b).split(",")[0] + ", " + theirs
    answered = compute(said, CLASSIC, "opening_minimum", lang=lang)
    assert any(isinstance(f, OpeningAnswer) and f.score == b for f in answered), said


ROUNDS = {
    "en": ("we melded 300, one natural canasta, {word} went out, 40 left in hand", "we"),
    "no": ("vi meldte 300, en ren kanasta, {word} gikk ut, 40 igjen på hånda", "vi"),
    "da": ("vi meldte 300, en ren kanasta, {word} gik ud, 40 tilbage på hånden", "vi"),
    "fi": ("300 pöydässä, yksi puhdas kanasta, {word} mentiin ulos, kädessä 40", "me"),
}


@pytest.mark.parametrize("lang", sorted(ROUNDS))
@pytest.mark.parametrize("unknown", MADE_UP)
def test_an_unaccounted_word_before_going_out_makes_the_round_ask(lang: str, unknown: str) -> None:
    """A word before "went out" in its clause that the question's language does not let
    stand there may turn it into its opposite: the round shows its reading and asks, naming
    it. A side word there is accounted for, and the round gets its net."""
    template, side = ROUNDS[lang]
    unsure = compute(template.format(word=unknown), CLASSIC, "round_scoring", lang=lang)
    assert isinstance(unsure[0], RoundUnsure)
    assert unknown in unsure[0].words
    assert unaccounted_out(template.format(word=unknown), lang) == unknown
    plain = compute(template.format(word=side), CLASSIC, "round_scoring", lang=lang)
    assert isinstance(plain[0], RoundAnswer)


def test_a_word_of_another_language_before_going_out_is_unaccounted() -> None:
    """The accounting is the question's language's: a word another language lists (Danish
    "en", one) is no word a Finnish question may put before its going out."""
    said = "150 pöydässä, yksi sekakanasta, en menty ulos, kädessä 40"
    assert unaccounted_out(said, "fi") == "en"
    assert unaccounted_out(said, None) is None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "we melded 250, have a mixed canasta and went out, 30 left in hand"),
        ("no", "vi meldte 250, har en skitten canasta og gikk ut, 30 igjen på handa"),
    ],
)
def test_a_part_joined_before_going_out_is_its_own(lang: str, said: str) -> None:
    """Words before a joiner belong to another part of the round, which the reader read
    ("a mixed canasta and went out"): the going out's accounting starts after the joiner."""
    assert unaccounted_out(said, lang) is None
    assert isinstance(compute(said, CLASSIC, "round_scoring", lang=lang)[0], RoundAnswer)


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_word_in_the_hands_clause_makes_the_sum_ask(lang: str) -> None:
    """A going out said in the hand's clause is a part of the figure a card sum does not
    count: the hand is read, the going out named, and the sum asks. In another clause of
    the question, or not said, the sum stands."""
    lex = _lex(lang)
    out = next(p for p in lex.round.went_out if "~" not in p and "*" not in p)
    value = lex.asks.value[0]
    figures = _cards(compute(f"{out} K K Q, {value}?", CLASSIC, "card_values", lang=lang))
    assert figures
    assert figures[0].left_out == out
    assert figures[0].unsure
    plain = _cards(compute(f"K K Q, {value}?", CLASSIC, "card_values", lang=lang))
    assert plain
    assert not plain[0].unsure


@pytest.mark.parametrize(
    ("lang", "players"),
    [
        ("en", "just the two of us"),
        ("no", "vi er bare to"),
        ("da", "vi er kun to"),
        ("fi", "meitä on kaksi"),
    ],
)
def test_a_player_count_said_before_the_cards_is_no_card_of_the_hand(
    lang: str, players: str
) -> None:
    figures = _cards(
        compute(f"{players}. K K Q, {_lex(lang).asks.value[0]}?", CLASSIC, None, lang=lang)
    )
    assert [f.points for f in figures] == [30]
