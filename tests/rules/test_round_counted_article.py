"""A "they" word that is the article of a counted noun ("så de 2 røde treerne våre teller
pluss": the two red threes of ours) names no side: read as "they", its count went to the
other side with nothing asked. With counts in words "de to røde treere" was read so already;
in digits it is an article when a definite noun ("treerne", "kanastaene") or a possessive
after the noun ("våre", "vores", "deres") says so, and the possessive says whose. English
and Finnish say whose before the noun ("our", "meidän"), and read the same. Sentences
written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")

OWNED = [
    ("en", "they had 210 melded and 35 left, no red threes, and our 2 red threes count plus,"
     " we went out with 380 melded and two clean"),
    ("no", "de hadde 210 meldt og 35 igjen, ingen røde treere, og de 2 røde treerne våre gir"
     " pluss, vi gikk ut med 380 meldt og to rene"),
    ("da", "de havde 210 meldt og 35 tilbage, ingen røde treere, og de 2 røde treerne vores"
     " giver plus, vi gik ud med 380 meldt og to rene"),
    ("fi", "niillä 210 pöydässä ja 35 kädessä, ei punaisia, ja meidän 2 punaista kolmosta on"
     " plussaa, me mentiin ulos 380:llä ja kaksi puhdasta"),
    ("no", "de hadde 210 meldt og 35 igjen, ingen røde treere, men dem to røde treerne våre"
     " teller, vi gikk ut med 380 meldt og to rene"),
    ("da", "de havde 210 meldt og 35 tilbage, ingen røde treere, men de to røde treere vores"
     " tæller, vi gik ud med 380 meldt og to rene"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), OWNED)
def test_a_possessive_after_the_counted_noun_says_whose_it_is(lang: str, text: str) -> None:
    """ "de 2 røde treerne våre": our two red threes, said after the other side's words."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(380, natural=2, red=2, out="normal"),
        side(210, hand=35),
    ]


DEFINITE = [
    ("en", "we went out with 380 melded, two clean, and so the 2 red threes count plus. they"
     " had 210 melded and 35 left, no red threes"),
    ("no", "vi gikk ut med 380 meldt, to rene, og så de 2 røde treerne teller pluss. de hadde"
     " 210 meldt og 35 igjen, ingen røde treere"),
    ("da", "vi gik ud med 380 meldt, to rene, og så de 2 røde treerne tæller plus. de havde"
     " 210 meldt og 35 tilbage, ingen røde treere"),
    ("fi", "me mentiin ulos 380:llä, kaksi puhdasta, ja sitten 2 punaista kolmosta on"
     " plussaa. niillä 210 pöydässä ja 35 kädessä, ei punaisia"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), DEFINITE)
def test_an_article_before_a_count_in_digits_and_a_definite_noun_is_no_side(
    lang: str, text: str
) -> None:
    """ "så de 2 røde treerne teller pluss": the red threes of the side being told about."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(380, natural=2, red=2, out="normal"),
        side(210, hand=35),
    ]


NAMED = [
    ("no", (("oss",), ("de",)), "de hadde 210 meldt og 35 igjen, og de 2 røde treerne våre gir"
     " pluss, vi gikk ut med 380 meldt"),
    ("da", (("os",), ("de",)), "de havde 210 meldt og 35 tilbage, og de 2 røde treerne vores"
     " giver plus, vi gik ud med 380 meldt"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "names", "text"), NAMED)
def test_an_article_that_is_also_a_sides_name_is_still_the_article(
    lang: str, names: tuple[tuple[str, ...], ...], text: str
) -> None:
    """Sides named "oss" and "de": "de 2 røde treerne våre" is still our two red threes."""
    reading = read_round(text, Seating(sides=2, speaker=0, names=names, lang=lang))
    unsure = {u.side for u in reading.unsure}
    assert 0 in unsure or reading.sides[0].round.red_threes == 2
    assert 1 in unsure or reading.sides[1].round.red_threes == 0


CUBAN = load_variant("cuban")

THE_RED_THREE = [
    ("en", "we never made a canasta, so the red three goes against us. 240 melded, 70 in"
     " hand. they went out with 410, a natural and a mixed, no red threes"),
    ("no", "vi fikk ingen kanasta, så den røde treeren teller minus for oss. 240 meldt, 70 på"
     " hånda. de gikk ut med 410, en ren og en blandet, ingen røde treere"),
    ("da", "vi fik ingen kanasta, så den røde treer tæller minus for os. 240 meldt, 70 på"
     " hånden. de gik ud med 410, en ren og en blandet, ingen røde treere"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), THE_RED_THREE)
def test_the_red_three_said_definite_is_one_red_three(lang: str, text: str) -> None:
    """ "den røde treeren teller minus": one red three, not lost after "no canasta" (whose
    "no" negates the canasta, not the red three four words on)."""
    assert read_unasked(text, lang, CUBAN) == [
        side(240, red=1, hand=70),
        side(410, natural=1, mixed=1, out="normal"),
    ]


THE_RED_THREE_AGAIN = [
    ("en", "we went out with 380, two clean, one red three, and the red three counts plus."
     " they had 210 melded and 35 left, no red threes"),
    ("no", "vi gikk ut med 380, to rene, én rød treer, og den røde treeren teller pluss. de"
     " hadde 210 meldt og 35 igjen, ingen røde treere"),
    ("da", "vi gik ud med 380, to rene, én rød treer, og den røde treer tæller plus. de"
     " havde 210 meldt og 35 tilbage, ingen røde treere"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), THE_RED_THREE_AGAIN)
def test_the_red_three_said_definite_after_its_count_is_not_one_more(lang: str, text: str) -> None:
    """A definite noun points back to the red three already counted: one, not two."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.sides[0].round.red_threes == 1 or reading.unsure


NONE_THEN_ONE = [
    ("en", "we went out with 380, no mixed, one red three and two clean. they had 210 melded"
     " and 35 left, no red threes"),
    ("no", "vi gikk ut med 380, ingen blandet, én rød treer og to rene. de hadde 210 meldt"
     " og 35 igjen, ingen røde treere"),
    ("da", "vi gik ud med 380, ingen blandet, én rød treer og to rene. de havde 210 meldt"
     " og 35 tilbage, ingen røde treere"),
    ("fi", "me mentiin ulos 380:llä, ei likaista, yksi punainen kolmonen ja kaksi puhdasta."
     " niillä 210 pöydässä ja 35 kädessä, ei punaisia"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NONE_THEN_ONE)
def test_a_none_before_a_kind_of_canasta_leaves_the_red_threes_after_it(
    lang: str, text: str
) -> None:
    """ "ingen blandet én rød treer": the "none" is the mixed canastas', the red three one."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.sides[0].round.red_threes == 1 or reading.unsure
