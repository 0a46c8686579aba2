"""Numbers and cards said in words, in the four languages, read like their digits; a reader
that is unsure says what it read and asks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import RulesIndex
from bot.rules.numbers import CardAnswer, compute, find_cards
from bot.scoring import count_cards, load_variant
from bot.scoring.cards import RANKS
from bot.scoring.vocabulary import vocabulary
from bot.talk.card_words import SINGULAR
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import RoundAnswer, round_answer
from bot.talk.variant_words import player_count

CLASSIC = load_variant("classic")
INDEX = RulesIndex.load()
LANGS = ("en", "no", "da", "fi")


def _names(lang: str, rank: str) -> list[str]:
    """Every way ``lang`` names ``rank``: the lexicon's words and their inflected forms, but
    not bare number words ("two ten" is a count or two cards: asked about, see below)."""
    words = vocabulary()
    listed = words.lexicons[lang].cards[rank]
    forms = [form for form, base in words.forms[lang].items() if base in listed]
    return sorted({*listed, *forms} - set(words.number_words))


def _says(lang: str, hand: Counter[str], pick: int = -1) -> str:
    """The hand as a player writes it in ``lang``: "three aces, a joker and two kings";
    ``pick`` chooses among the names of each rank (inflected forms included)."""
    lexicon = vocabulary().lexicons[lang]
    parts = []
    for rank, n in hand.items():
        count = lexicon.words.one[0] if n == 1 else lexicon.numbers[str(n)][0]
        names = _names(lang, rank) if pick >= 0 or n > 1 else lexicon.cards[rank]
        if n > 1:  # "seks joker": a six and a joker, or six jokers? asked, see test_sure_roles
            # (a rank listed only in the singular, "queen", is said in an inflected plural)
            names = [name for name in names if name not in SINGULAR] or names
        parts.append(f"{count} {names[pick % len(names)]}")
    joiner = f" {lexicon.words.joiners[0]} "
    return joiner.join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]


_HANDS = st.dictionaries(
    st.sampled_from([r for r in RANKS if r != "3"]), st.integers(1, 6), min_size=1, max_size=4
).map(Counter)


@settings(max_examples=60, deadline=None)
@given(hand=_HANDS, lang=st.sampled_from(LANGS), pick=st.integers(-1, 10_000))
def test_a_hand_said_in_words_counts_like_its_symbols(
    hand: Counter[str], lang: str, pick: int
) -> None:
    """Any name of each rank, inflected forms included ("kaksi kuningasta", "to kongene")."""
    symbols = " ".join(rank for rank, n in hand.items() for _ in range(n))
    said = _says(lang, hand, pick)
    found = find_cards(said)
    assert found is not None
    assert found.cards == hand
    assert found.unread is None
    digits = count_cards(CLASSIC, symbols).points
    figures = compute(said, CLASSIC, None)
    assert [f.points for f in figures if isinstance(f, CardAnswer)] == [digits]


@pytest.mark.parametrize(
    ("question", "points"),
    [
        ("tre ess og en joker", 110),
        ("joker, es og to konger", 90),
        ("kaksi kuningasta ja jokeri", 70),
        ("three aces and a joker", 110),
        ("a joker and two kings", 70),
        ("en joker", 50),
    ],
)
def test_the_issue_hands(question: str, points: int) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == ("card_values",)
    assert f"**{points}**" in answer.computed[0]


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("We had 300 melded, one natural canasta, went out, 25 left", "en"),
        ("Vi hadde 300 meldt, en naturlig canasta, gikk ut, 25 igjen", "no"),
        ("Vi havde 300 meldt, en ren canasta, gik ud, 25 tilbage på hånden", "da"),
        ("Meillä oli pöydässä 300, yksi puhdas kanasta, mentiin ulos, 25 jäi käteen", "fi"),
        ("three hundred melded, one clean canasta, we went out, twenty five left", "en"),
        ("tre hundre på bordet, en ren canasta, vi gikk ut, tjuefem igjen", "no"),
    ],
)
def test_a_round_is_read_as_a_round_not_a_score(question: str, lang: str) -> None:
    """300 + a natural canasta 500 + going out 100 - 25 in hand: 875, not an opening
    minimum for a side at 300."""
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.topic_ids == ("round_scoring",)
    assert len(answer.computed) == 1
    assert "**875**" in answer.computed[0]


def test_a_number_it_cannot_place_is_asked_about() -> None:
    answer = INDEX.ask("300 melded, 200 extra, we went out, 25 left", lang="en", variant=CLASSIC)
    described = round_answer("300 melded, 200 extra, we went out, 25 left", CLASSIC)
    assert isinstance(described, RoundAnswer)
    assert described.unplaced == (200,)
    assert "200" in answer.computed[0]
    assert "**" not in answer.computed[0]  # no net shown as certain
    assert "?" in answer.computed[0]


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_word_among_cards_is_asked_about(lang: str) -> None:
    answer = INDEX.ask("K K blorp A how much", lang=lang, variant=CLASSIC)
    assert "blorp" in answer.computed[0]
    assert "**" not in answer.computed[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("three hundred and fifty on the table", "350 on the table"),
        ("tjuefem igjen", "25 igjen"),
        ("femogtyve tilbage", "25 tilbage"),
        ("kolmesataa pöydässä", "300 pöydässä"),
        ("to hundrede og halvtreds", "250"),
        ("fifteen hundred", "1500"),
        ("one natural canasta and two kings", "one natural canasta and two kings"),
        ("five five", "five five"),
    ],
)
def test_numbers_in_words_become_digits(text: str, expected: str) -> None:
    assert spell_digits(text) == expected


@pytest.mark.parametrize(
    ("question", "count"),
    [
        ("kahestaan, montako korttia jaetaan", 2),
        ("vi er tre, hvor mange kort får vi", 3),
        ("me kaks", 2),
        ("bare os to, hvor mange kort", 2),
        ("we are five players", 5),
        ("we're five, how do the teams work", 5),
        ("vi er tre og skal spille i kveld", 3),
        ("meitä on kuusi, pelataan joukkueissa", 6),
        ("we are 3 points behind", None),
        ("we are two hundred behind", None),
        ("vi er to lag", None),
    ],
)
def test_player_counts_said_colloquially(question: str, count: int | None) -> None:
    assert player_count(question) == count


def test_a_player_count_answers_for_that_variant() -> None:
    answer = INDEX.ask("vi er tre, hvor mange kort får hver", lang="no", variant=CLASSIC)
    assert answer.variant == "three-player"


@pytest.mark.parametrize(("question", "lang"), [("two ten", "en"), ("tre fire", "no")])
def test_a_count_or_two_cards_is_asked_about(question: str, lang: str) -> None:
    """ "tre fire" is three fours or a three and a four: the reply says how it read it and
    asks, with no figure in bold as if certain."""
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert question in answer.computed[0]
    assert "**" not in answer.computed[0]


def test_a_count_that_can_only_be_a_count_is_read_as_one() -> None:
    answer = INDEX.ask("to ti", lang="no", variant=CLASSIC)
    assert "**20**" in answer.computed[0]


def test_a_variant_named_in_the_lexicon_is_answered_for() -> None:
    answer = INDEX.ask("kuubalaisessa, paljonko avaukseen tarvitaan", lang="fi", variant=CLASSIC)
    assert answer.variant == "cuban"


@pytest.mark.parametrize(
    ("question", "lang", "points"),
    [
        ("kolme kasia ja musta kolmonen, montako pistettä", "fi", 35),
        ("two jokers and a deuce - points?", "en", 120),
        ("eight natural jacks, what are only the cards worth", "en", 80),
        ("ni rene knekter, hvor mye er selve kortene verdt", "no", 90),
    ],
)
def test_colours_canasta_words_and_a_bare_points_ask_keep_every_card(
    question: str, lang: str, points: int
) -> None:
    """A colour without a count is one card ("musta kolmonen"); "natural" between a count and
    its card changes nothing when the cards' worth is asked; "points?" asks for the value."""
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert f"**{points}**" in answer.computed[-1]


@pytest.mark.parametrize(
    ("question", "minimum"),
    [
        ("we are at minus three hundred and twenty, what's our minimum", 15),
        ("vi står på minus to hundre og femti, hvor mye må vi melde", 15),
        ("meillä on kaksituhatta kaksisataa, paljonko avaukseen", 90),
    ],
)
def test_a_score_said_in_words_is_no_card(question: str, minimum: int) -> None:
    """The "two" of "two hundred" is part of the score, not a deuce to count."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert len(answer.computed) == 1
    assert f"**{minimum}**" in answer.computed[0]


@pytest.mark.parametrize(
    "question",
    [
        "we never melded anything and got stuck with 65 points",
        "vi fikk aldri meldt, satt igjen med 95 poeng",
        "emme avanneet ollenkaan, käteen jäi 55",
    ],
)
def test_a_negated_opening_word_is_no_ask_for_the_minimum(question: str) -> None:
    """ "Never melded" tells what happened: its number is no score to open from. Read as a
    round, it is nothing on the table and the hand counted against the side."""
    figures = [f for f in compute(question, CLASSIC, None) if not isinstance(f, CardAnswer)]
    for figure in figures:
        assert isinstance(figure, RoundAnswer), figure
        assert dict(figure.parts)["meld"] == 0
        assert figure.net < 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Finnish inflects each part of a number, and speech drops the d ("kahella")
        ("kahdellasadallayhdeksälläkymmenellä", "290"),
        ("kahellasadallayheksälläkymmenellä", "290"),
        ("neljäsataakakskyt", "420"),
        ("kakssataaneljäkyt", "240"),
        # "and" after tens starts the next thing: 90, and a clean canasta
        ("to hundrede og halvfems og en ren canasta", "290 og en ren canasta"),
    ],
)
def test_numbers_said_in_speech_and_in_inflected_parts(text: str, expected: str) -> None:
    assert spell_digits(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("five twenty on the table", "520 on the table"),
        ("three sixty five melded", "365 melded"),
        ("us: two ten, one dirty", "us: 210, one dirty"),
    ],
)
def test_hundreds_said_short_in_a_round_said_aloud(text: str, expected: str) -> None:
    """Card talk says 520 as "five twenty"; in a question about cards "two ten" stays two
    cards (see test_a_count_or_two_cards_is_asked_about)."""
    assert spell_digits(text, short_hundreds=True) == expected
    assert spell_digits(text) != expected


COUNT_AFTER_ONE_WORD = [
    ("kolmesataaviiskymmentä kaksi punaista kolmosta", "350 kaksi punaista kolmosta"),
    ("satakuuskytviis yks likanen kanasta", "165 yks likanen kanasta"),
    ("tohundreogfemti to rene kanastaer", "250 to rene kanastaer"),
    ("firehundredeoghalvtreds to blandede", "450 to blandede"),
    ("fourhundredfifty two mixed canastas", "450 two mixed canastas"),
    ("kolmesataaviiskymmentä kaksi", "352"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "spelled"), COUNT_AFTER_ONE_WORD)
def test_a_number_said_as_one_word_ends_before_a_count_of_a_kind(text: str, spelled: str) -> None:
    """ "kolmesataaviiskymmentä kaksi punaista": a number said as one word ends at its space
    when the unit after it counts a kind (350 and two red threes, not 352); alone it goes on."""
    assert spell_digits(text, short_hundreds=True) == spelled
