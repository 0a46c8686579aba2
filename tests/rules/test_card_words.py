"""The card and number readers never give a wrong figure: digits with endings, pair words,
plurals and counts after their card are read from the lexicon in every language; an unknown
word where a card belongs is named and asked about; plurals with no count get each card's
value, not a sum; a count word counts only a card of its own language; a meld figure is never
taken for the side's score, and zero said in words is one."""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.rules.index import figure_lines
from bot.rules.numbers import CardAnswer, OpeningAnswer, ScoreUnknown, compute, find_score
from bot.scoring import count_cards, load_variant
from bot.scoring.cards import card_value
from bot.scoring.vocabulary import Lexicon, vocabulary
from bot.talk import card_words
from bot.talk.card_words import find_cards, known_words
from bot.talk.text import fold

CLASSIC = load_variant("classic")
LANGS = ("en", "no", "da", "fi")
DIGIT_RANKS = tuple(str(n) for n in range(4, 11))
"""Ranks a digit names ("7s"); twos and threes are left to their own tests (wild, red)."""
VALUE_ASK = {"en": "how many points", "no": "hvor mange poeng", "da": "hvor mange point"}
VALUE_ASK["fi"] = "paljonko"


def _lexicon(lang: str) -> Lexicon:
    return vocabulary().lexicons[lang]


def _count_word(lang: str, n: int) -> str:
    lexicon = _lexicon(lang)
    return lexicon.words.one[0] if n == 1 else lexicon.numbers[str(n)][0]


def _card_name(lang: str, rank: str) -> str:
    """A name of ``rank`` that is no number word ("eights", not "eight": "two eight" may be
    two cards, which the reader asks about on its own)."""
    return [w for w in _lexicon(lang).cards[rank] if w not in vocabulary().number_words][-1]


def _joined(lang: str, parts: list[str]) -> str:
    joiner = f" {_lexicon(lang).words.joiners[0]} "
    return joiner.join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]


_DIGIT_HANDS = st.dictionaries(
    st.sampled_from(DIGIT_RANKS), st.integers(2, 6), min_size=1, max_size=3
).map(Counter)


@settings(max_examples=60, deadline=None)
@given(hand=_DIGIT_HANDS, lang=st.sampled_from(LANGS), pick=st.integers(0, 100))
def test_digits_with_a_plural_ending_are_ranks_and_the_word_before_is_the_count(
    hand: Counter[str], lang: str, pick: int
) -> None:
    """ "two 7s", "tre 4ere", "kolme 7:ää": every ending of the lexicon's ``rank_suffix``."""
    suffixes = _lexicon(lang).words.rank_suffix
    parts = [
        f"{_count_word(lang, n)} {rank}{suffixes[(pick + i) % len(suffixes)]}"
        for i, (rank, n) in enumerate(hand.items())
    ]
    said = f"{_joined(lang, parts)}, {VALUE_ASK[lang]}"
    found = find_cards(said)
    assert found is not None
    assert found.cards == hand
    symbols = " ".join(rank for rank, n in hand.items() for _ in range(n))
    cards = [f for f in compute(said, CLASSIC, None) if isinstance(f, CardAnswer)]
    assert [c.points for c in cards] == [count_cards(CLASSIC, symbols).points]


@settings(max_examples=40, deadline=None)
@given(lang=st.sampled_from(LANGS), rank=st.sampled_from(("K", "Q", "9", "joker")))
def test_a_pair_word_is_two_cards(lang: str, rank: str) -> None:
    """ "a pair of nines", "et par konger", "pari jokeria", "a couple of kings"."""
    lexicon = _lexicon(lang)
    of = f" {lexicon.words.of[0]}" if lexicon.words.of else ""
    card = _card_name(lang, rank)
    for pair in lexicon.words.pair:
        found = find_cards(f"{lexicon.words.one[0]} {pair}{of} {card}")
        assert found is not None
        assert found.cards == Counter({rank: 2}), pair


_UNKNOWN = st.text(alphabet="bcdfgklmnprstvxz", min_size=4, max_size=8).map(lambda w: f"q{w}")
"""Words no lexicon knows (consonants after a q): a typo, slang, a card the reader lacks."""


@settings(max_examples=80, deadline=None)
@given(
    lang=st.sampled_from(LANGS),
    word=_UNKNOWN,
    hand=st.dictionaries(st.sampled_from(("K", "A", "joker", "8")), st.integers(1, 3), min_size=1),
)
def test_an_unknown_word_after_a_joiner_never_yields_a_figure(
    lang: str, word: str, hand: dict[str, int]
) -> None:
    """ "two kings and a qzx": the joiner and the article promise a card the reader cannot
    read; the reply names the word and shows no figure as certain."""
    words, prefixes = known_words()
    assume(word not in words and not word.startswith(prefixes))
    lexicon = _lexicon(lang)
    parts = [f"{_count_word(lang, n)} {_card_name(lang, rank)}" for rank, n in hand.items()]
    one, joiner = lexicon.words.one[0], lexicon.words.joiners[0]
    said = f"{_joined(lang, parts)} {joiner} {one} {word}, {VALUE_ASK[lang]}"
    _assert_asked(said, lang, word)


@settings(max_examples=80, deadline=None)
@given(
    lang=st.sampled_from(LANGS),
    rank=st.sampled_from(("K", "Q", "A", "joker", "8")),
    other=st.sampled_from(("K", "A", "joker", "9")),
    cut=st.integers(1, 20),
    before=st.booleans(),
)
def test_a_card_name_typed_wrong_beside_the_cards_never_yields_a_figure(
    lang: str, rank: str, other: str, cut: int, before: bool
) -> None:
    """A card name with a letter dropped ("jokr", "kuningsta") right before or after the
    cards the reader did read: that card is missing from the count, so the reply asks."""
    assume(rank != other)
    name = _card_name(lang, rank)
    assume(len(name) >= 5)
    k = 1 + cut % (len(name) - 1)
    typo = name[:k] + name[k + 1 :]
    words, prefixes = known_words()
    assume(fold(typo) not in words and not fold(typo).startswith(prefixes))
    cards = f"{_count_word(lang, 2)} {_card_name(lang, other)}"
    said = f"{typo} {cards}" if before else f"{cards} {typo}"
    _assert_asked(f"{said}, {VALUE_ASK[lang]}", lang, typo)


def _assert_asked(said: str, lang: str, word: str) -> None:
    figures = compute(said, CLASSIC, None)
    lines = figure_lines(figures, lang, CLASSIC)
    assert not any("**" in line for line in lines)
    assert all(word in line for line in lines)


def _plain(phrases: list[str]) -> list[str]:
    """Ask phrases as a player may write them: "avau*" as "avau", "put ~ down" as "put down"."""
    return [p.replace("*", "").replace(" ~", "") for p in phrases]


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(LANGS),
    points=st.integers(3, 300).map(lambda n: 5 * n),
    pick=st.integers(0, 100),
)
def test_a_meld_figure_is_never_taken_for_the_score(lang: str, points: int, pick: int) -> None:
    """ "udlæg 180, hvad er åbningskravet": 180 is meld points, so no minimum is worked out
    from it; the reply says what it read and asks for the score."""
    lexicon = _lexicon(lang)
    melds = lexicon.asks.melds
    openings = _plain(lexicon.asks.opening)
    question = f"{melds[pick % len(melds)]} {points}, {openings[pick % len(openings)]}?"
    assert find_score(question) is None
    figures = compute(question, CLASSIC, "opening_minimum")
    assert not any(isinstance(f, OpeningAnswer) for f in figures)
    asked = [f for f in figures if isinstance(f, ScoreUnknown)]
    (line,) = figure_lines(asked, lang, CLASSIC)
    assert str(points) in line
    assert "?" in line
    assert "**" not in line


@settings(max_examples=40, deadline=None)
@given(lang=st.sampled_from(LANGS), points=st.integers(3, 1000).map(lambda n: 5 * n))
def test_a_score_said_as_the_sides_still_gets_its_minimum(lang: str, points: int) -> None:
    """The role words that keep meld figures out leave a side's score alone: "we have 1600"."""
    lexicon = _lexicon(lang)
    statement = _plain(lexicon.asks.score)[0]
    opening = _plain(lexicon.asks.opening)[0]
    question = f"{statement} {points}, {opening}?"
    figures = compute(question, CLASSIC, None)
    assert [f.score for f in figures if isinstance(f, OpeningAnswer)] == [points]


def test_every_lexicon_word_is_known_to_the_coverage_check() -> None:
    """The check asks about words no lexicon knows, never about the lexicon's own."""
    words, prefixes = known_words()
    for lexicon in vocabulary().lexicons.values():
        for phrase in (*lexicon.words.function, *lexicon.round.filler, *lexicon.asks.value):
            for part in re.findall(r"[^\W\d_]+", fold(phrase.lower()).rstrip("*")):
                assert part in words or part.startswith(prefixes), part


PLURAL_RANKS = ("joker", "A", "K", "Q", "9", "8")


def _plural_names(lang: str, rank: str) -> list[str]:
    """The lexicon's names of ``rank`` that the reader takes for plurals ("aces", "konger")."""
    return [w for w in _lexicon(lang).cards[rank] if card_words.is_plural(w)]


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(LANGS),
    ranks=st.lists(st.sampled_from(PLURAL_RANKS), min_size=2, max_size=3, unique=True),
    pick=st.integers(0, 100),
)
def test_plurals_with_no_count_give_each_cards_value_not_a_sum(
    lang: str, ranks: list[str], pick: int
) -> None:
    """ "firere og femmere, hva er de verdt": how many is not said, so the reply gives each
    card's value and asks for the counts; it never sums one card per name."""
    names = [_plural_names(lang, rank) for rank in ranks]
    assume(all(names))
    said = _joined(lang, [n[pick % len(n)] for n in names])
    figures = compute(f"{said}, {VALUE_ASK[lang]}", CLASSIC, None)
    (line,) = figure_lines(figures, lang, CLASSIC)
    assert "**" not in line
    assert "?" in line
    for rank in ranks:
        assert f"= {card_value(CLASSIC, rank)}" in line


@settings(max_examples=20, deadline=None)
@given(lang=st.sampled_from(LANGS), pick=st.integers(0, 100))
def test_a_score_of_zero_said_in_words_gets_the_lowest_minimum(lang: str, pick: int) -> None:
    lexicon = _lexicon(lang)
    zero = lexicon.words.zero[pick % len(lexicon.words.zero)]
    statement = _plain(lexicon.asks.score)[pick % len(lexicon.asks.score)]
    question = f"{statement} {zero}, {_plain(lexicon.asks.opening)[0]}?"
    figures = compute(question, CLASSIC, None)
    assert [f.score for f in figures if isinstance(f, OpeningAnswer)] == [0]


@settings(max_examples=60, deadline=None)
@given(
    count_lang=st.sampled_from(LANGS),
    card_lang=st.sampled_from(LANGS),
    n=st.integers(2, 6),
    rank=st.sampled_from(DIGIT_RANKS),
)
def test_a_count_word_counts_only_cards_of_its_own_language(
    count_lang: str, card_lang: str, n: int, rank: str
) -> None:
    """Norwegian "to" (two) before an English "8s" ("compared to 8s") counts nothing; before
    a Norwegian "8ere" it is two eights: never the count of the other language's card."""
    count = _lexicon(count_lang).numbers[str(n)][0]
    suffix = _lexicon(card_lang).words.rank_plural[0]
    shared = {
        lang
        for lang in LANGS
        if suffix in _lexicon(lang).words.rank_suffix and count in _lexicon(lang).numbers[str(n)]
    }
    found = find_cards(f"{count} {rank}{suffix}")
    assert found is not None
    # with no count, the number word may be a card of its own ("four 4ere": two fours)
    assert (found.cards[rank] == n) == bool(shared)


@settings(max_examples=40, deadline=None)
@given(lang=st.sampled_from(LANGS), rank=st.sampled_from(PLURAL_RANKS), n=st.integers(1, 6))
def test_a_count_after_its_card_with_a_word_for_pieces(lang: str, rank: str, n: int) -> None:
    """ "kakkoset 7 kpl", "toere 3 stk": the number counts the card before it."""
    lexicon = _lexicon(lang)
    for pieces in lexicon.words.pieces:
        found = find_cards(f"{_card_name(lang, rank)} {n} {pieces}")
        assert found is not None
        assert found.cards == Counter({rank: n}), pieces
