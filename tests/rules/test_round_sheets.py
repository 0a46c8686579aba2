"""/round say reads compact score-sheet writing (sheets17): one count said for each side
("red threes: 1 each"), a "canastas" section whose values say their kinds, a count glued to
its kind with
an "x" ("r3x2", "natx1"), a count glued to a word the language also knows ("0can"), a
slash as a sheet's column break ("310/1 nat/r3 2/out"), and a heading's round number
("round 6 hands:") taken out with its round word. Every round below is written for these
tests, the same in all four languages."""

from __future__ import annotations

import pytest

from bot.scoring import SideRound, WentOut, load_variant
from bot.talk.round_cut import said_words
from bot.talk.round_talk import Seating, read_round
from bot.talk.word_forms import typed_words
from tests.rules.said_rounds import read_unasked

CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "r3x2 natx1 0can", "red 3 x2 nat x1 0 canasta"),
        ("no", "r3x2 renx1 0can", "rod 3 x2 ren x1 0 canasta"),
        ("da", "r3x2 renx1 0can", "rod 3 x2 ren x1 0 canasta"),
        ("fi", "pun3x2 puhdx1 0kan", "punainen 3 x2 puhdas x1 0 kanasta"),
    ],
)
def test_a_count_glued_after_its_kind_with_x_is_split(lang: str, typed: str, read: str) -> None:
    assert " ".join(typed_words(typed, lang)) == read


@pytest.mark.parametrize(("lang", "typed"), [("en", "max2"), ("en", "xx1"), ("no", "box3")])
def test_an_x_in_a_word_that_is_no_kind_stays(lang: str, typed: str) -> None:
    assert typed_words(typed, lang) == [typed]


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "us 310/1 nat/r3 2/out", "us 310 | 1 nat | red 3 2 | out"),
        ("no", "vi 310/1 ren/r3 2/ute", "vi 310 | 1 ren | rod 3 2 | ute"),
        ("da", "vi 310/1 ren/r3 2/ude", "vi 310 | 1 ren | rod 3 2 | ude"),
        ("fi", "me 310/1 puhdas/pun3 2/ulos", "me 310 | 1 puhdas | punainen 3 2 | ulos"),
    ],
)
def test_a_slash_beside_a_digit_is_a_column_break(lang: str, typed: str, read: str) -> None:
    assert " ".join(typed_words(typed, lang)) == read


@pytest.mark.parametrize(
    ("lang", "typed"),
    [("en", "North/South 310"), ("no", "Nord/Sør 310"), ("fi", "Pohjoinen/Etelä 310")],
)
def test_a_slash_between_words_alone_joins_a_name(lang: str, typed: str) -> None:
    assert "|" not in typed_words(typed, lang)


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "round 6 hands: us 30, them 0", "hands | us 30 | them 0"),
        ("no", "runde 6 hånd: vi 30, de 0", "hand | vi 30 | de 0"),
        ("da", "runde 6 hånd: vi 30, de 0", "hand | vi 30 | de 0"),
        ("fi", "kierros 6 käsi: me 30, ne 0", "kasi | me 30 | ne 0"),
    ],
)
def test_a_headings_round_number_goes_with_its_round_word(lang: str, typed: str, read: str) -> None:
    assert " ".join(said_words(typed, Seating(lang=lang))) == read


OURS = SideRound(meld_points=300, natural_canastas=1, red_threes=1, went_out=WentOut.NORMAL)
THEIRS = SideRound(meld_points=200, red_threes=1, hand_points=40)
"""Every round below: we went out with 300 and a natural; they had 200 and 40 in hand; one
red three each."""

EACH = {
    "en": "we went out with 300, one clean. they had 200 and 40 left. red threes: 1 each",
    "no": "vi gikk ut med 300, en ren. de hadde 200 og 40 på hånda. røde treere: en hver",
    "da": "vi gik ud med 300, en ren. de havde 200 og 40 på hånden. en rød treer hver",
    "fi": "me mentiin ulos 300:lla, yks puhdas. niillä 200 ja käteen 40. punaisia kolmosia "
    "yksi kummallakin",
}
"""One value said once for every side, after the side named last."""

CANASTA_SECTION = {
    "en": "melds: us 300, them 200. canastas: we got 1 clean 0 dirty, they got none. "
    "red threes: 1 each. we went out. hands: us 0, them 40",
    "no": "meldt: vi 300, de 200. canastaer: vi fikk 1 ren 0 blanda, de ingen. "
    "røde treere: en hver. vi gikk ut. hånd: vi 0, de 40",
    "da": "meldt: vi 300, de 200. canastaer: vi fik 1 ren 0 blandet, de ingen. "
    "røde treere: 1 hver. vi gik ud. hånd: vi 0, de 40",
    "fi": "pöydässä: me 300, ne 200. kanastat: meillä 1 puhdas 0 likaista, niillä ei yhtään. "
    "punaisia kolmosia: 1 kummallakin. me mentiin ulos. käsi: me 0, ne 40",
}
"""A "canastas" section whose values say their kinds, between sections of points."""


@pytest.mark.parametrize("lang", sorted(EACH))
def test_a_count_said_for_each_side_is_every_sides(lang: str) -> None:
    assert read_unasked(EACH[lang], lang) == [OURS, THEIRS]


@pytest.mark.parametrize("lang", sorted(CANASTA_SECTION))
def test_a_canasta_section_whose_values_say_their_kinds(lang: str) -> None:
    assert read_unasked(CANASTA_SECTION[lang], lang) == [OURS, THEIRS]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "we went out with 300, they had 200 and 40 left. 2 each"),
        ("no", "vi gikk ut med 300, de hadde 200 og 40 på hånda. to hver"),
    ],
)
def test_a_count_for_each_side_of_no_kind_is_asked(lang: str, text: str) -> None:
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.unsure


PLAYERS_THEN_EACH = {
    "en": ("Ann had 200 and 40 left. me: went out with 300, one clean. a red three apiece",
           (("me",), ("Ann",))),
    "no": ("Ingrid hadde 200 og 40 att. eg: gjekk ut med 300, ein rein. ein raud treer kvar",
           (("eg",), ("Ingrid",))),
    "da": ("Mette havde 200 og 40 tilbage. mig: gik ud med 300, en ren. en rød treer hver",
           (("mig",), ("Mette",))),
    "fi": ("Liisalla 200 ja 40 kädessä. minä: menin ulos 300:lla, yks puhdas. yks punanen "
           "kolmonen kummallekin", (("minä",), ("Liisa",))),
}  # fmt: skip
"""Two players named by name, then one value for each of them: "each" in every language's
own word for it ("apiece", nynorsk "kvar", "kummallekin")."""


@pytest.mark.parametrize("lang", sorted(PLAYERS_THEN_EACH))
def test_a_count_for_each_after_players_named_is_every_players(lang: str) -> None:
    text, names = PLAYERS_THEN_EACH[lang]
    # classic: at a table of two, going out needs two canastas, so the scorer (and the
    # reader, which asks about a round the scorer refuses) would not take one
    reading = read_round(text, Seating(names=names, lang=lang), CLASSIC)
    assert reading.unsure == ()
    assert [side.round for side in reading.sides] == [OURS, THEIRS]
