"""A figure is worked out only when the words it is read from are accounted for.

Issue 13, "never a wrong number": a reader that skips what it does not understand and still
prints a figure gives a confident wrong one. Here each kind of half-understood reading (an
unknown word in the hand's list, a pair with no card, two scores side by side, a score said of
someone who is no side, player counts that disagree, a round's hand said in number words)
must make the reply ask, naming what it read; the same question said plainly gets its figure.
The words are drawn from the lexicon and made up, not taken from one incident's phrasing.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import RulesIndex
from bot.rules.numbers import CardAnswer, OpeningAnswer, RoundUnsure, ScoreUnsure, compute
from bot.scoring import load_variant
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import find_cards
from bot.talk.variant_words import player_count, players_unsure

CLASSIC = load_variant("classic")
OPENING = "opening_minimum"
LANGS = ("en", "no", "da", "fi")
MADE_UP = ("blorf", "zquint", "vrumpel")
"""Words no lexicon knows."""
CARD_RANKS = ("joker", "A", "K", "Q", "J")
scores = st.integers(min_value=20, max_value=900).map(lambda n: n * 5)


def _card(lang: str, rank: str) -> str:
    return vocabulary().lexicons[lang].cards[rank][0]


def _words(lang: str, pick: str) -> list[str]:
    return getattr(vocabulary().lexicons[lang].words, pick)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("unknown", MADE_UP)
def test_an_unknown_list_item_beside_the_cards_is_named_not_skipped(
    lang: str, unknown: str
) -> None:
    """ "X, ace, king, joker": the reader cannot name X, so the sum would leave a card out;
    the hand is unsure and the unknown word is the one named, first or last in the list."""
    cards = ", ".join(_card(lang, rank) for rank in ("A", "K", "joker"))
    for said in (f"{unknown}, {unknown}, {cards}", f"{cards}, {unknown}"):
        found = find_cards(said)
        assert found is not None
        assert found.unread == unknown, said
    plain = find_cards(cards)
    assert plain is not None
    assert plain.unread is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rank", CARD_RANKS)
def test_a_pair_joined_to_the_hand_without_its_card_is_asked(lang: str, rank: str) -> None:
    """ "a pair and a joker": the pair counts two cards that are never named; the reply
    names the pair word instead of summing the card after it alone."""
    one, pair, joiner = _words(lang, "one")[0], _words(lang, "pair")[0], _words(lang, "joiners")[0]
    card = _card(lang, rank)
    for said in (f"{one} {pair} {joiner} {one} {card}", f"{one} {card} {joiner} {one} {pair}"):
        found = find_cards(said)
        assert found is not None
        assert found.unread == pair, said


@pytest.mark.parametrize("sep", ["-", ", ", "/", " - "])
@settings(max_examples=25, deadline=None)
@given(first=scores, second=scores)
def test_two_scores_side_by_side_ask_for_one(sep: str, first: int, second: int) -> None:
    """A hedge between two scores ("1400-1500", "fourteen, fifteen hundred") is not one
    score: no minimum is given; the second alone gets its minimum."""
    plain = compute(f"we have {second}, what do we need to open?", CLASSIC, OPENING)
    assert any(isinstance(f, OpeningAnswer) for f in plain)
    hedge = compute(f"we have {first}{sep}{second}, what do we need to open?", CLASSIC, OPENING)
    assert not any(isinstance(f, OpeningAnswer) for f in hedge)
    assert any(isinstance(f, ScoreUnsure) for f in hedge)


@pytest.mark.parametrize("subject", [f"the {w}s are on" for w in MADE_UP])
@settings(max_examples=15, deadline=None)
@given(score=scores)
def test_a_score_said_of_someone_who_is_no_side_is_asked(subject: str, score: int) -> None:
    """ "the blorfs are on 2000, what do we need": whose 2000 is not said, so no minimum;
    the same score said of "we", or as "score is", is the side's own."""
    ask = "what do we need to open?"
    unsure = compute(f"{subject} {score}, {ask}", CLASSIC, OPENING)
    assert [f.why for f in unsure if isinstance(f, ScoreUnsure)] == ["whose"]
    for own in (f"we are on {score}", f"score is {score}", f"{score}"):
        assert any(isinstance(f, OpeningAnswer) for f in compute(f"{own}, {ask}", CLASSIC, OPENING))


def test_a_count_before_a_player_noun_outranks_a_count_after_we() -> None:
    """ "five players, we three have ...": five play, three is the side; two player nouns
    with different counts leave the variant unsure, and the opening figure asks."""
    assert player_count("five players, we three have 7500") == 5
    assert players_unsure("five players, we three have 7500") is None
    two = "three players or five players, we have 7500, what do we need to open?"
    assert players_unsure(two) is not None
    figures = compute(two, CLASSIC, OPENING)
    assert [f.why for f in figures if isinstance(f, ScoreUnsure)] == ["players"]


def test_a_count_of_a_teams_size_is_no_player_count() -> None:
    """ "six players, two teams of three persons": the three counts a team's members."""
    assert player_count("kuusi pelaajaa, kaksi kolmen hengen joukkuetta") == 6
    assert players_unsure("kuusi pelaajaa, kaksi kolmen hengen joukkuetta") is None


@pytest.mark.parametrize("lang", ["en", "no", "da"])
@pytest.mark.parametrize("value", [4, 5, 9])
def test_a_rounds_hand_said_as_number_word_cards_is_asked(lang: str, value: int) -> None:
    """A round whose hand is said as cards in number words ("left holding a nine") did not
    count them: the round shows its reading and asks, with no net as fact."""
    lex = vocabulary().lexicons[lang]
    one, number = lex.words.one[0], lex.numbers[str(value)][0]
    start = {
        "en": "we melded 300, one natural canasta, went out, and I was left with",
        "no": "vi meldte 300, en ren kanasta, gikk ut, og jeg satt igjen med",
        "da": "vi meldte 300, en ren kanasta, gik ud, og jeg sad tilbage med",
    }[lang]
    figures = compute(f"{start} {one} {number}", CLASSIC, "round_scoring")
    assert figures
    assert isinstance(figures[0], RoundUnsure)


def test_an_asked_figure_reply_names_what_it_read() -> None:
    """The reply to a half-read hand says the sum it read and the word it did not."""
    answer = RulesIndex.load().ask("blorf, ace, king, joker. how much?", lang="en")
    text = "\n".join(answer.computed)
    assert "blorf" in text
    assert "?" in text
    figures = compute("blorf, ace, king, joker. how much?", CLASSIC, None)
    assert all(f.unsure for f in figures if isinstance(f, CardAnswer))
