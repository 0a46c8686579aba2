"""A correction said late, after another side's part, that names the side it corrects ("...
they had 30 left. no wait, WE had two red threes, not one") replaces that side's value, not
the clause's right before it; a correction naming the value it takes back ("vent, det var
115 på hånda, ikke 95") puts the new value where the old one was said; and a correction said
in two words ("nej undskyld 65") or with an apology after its value ("270.. nej 290 sorry")
is one correction. Where what moves is unclear (a value taken from one side for another),
the side is still asked about. Sentences written for these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

LATE_SIDE = [
    (
        "en",
        "we: 410 melded, one clean canasta, 1 red three, went out. they: 190 melded, one dirty,"
        " 1 red three, 25 in hand. no wait, we had 3 red threes not 1",
    ),
    (
        "no",
        "vi: 410 meldt, en ren canasta, 1 rød treer, gikk ut. de: 190 meldt, en blandet, 1 rød"
        " treer, 25 på hånda. nei vent, vi hadde 3 røde treere",
    ),
    (
        "da",
        "vi: 410 meldt, en ren canasta, 1 rød treer, gik ud. de: 190 meldt, en blandet, 1 rød"
        " treer, 25 på hånden. nej vent, vi havde 3 røde treere, ikke 1",
    ),
    (
        "fi",
        "me: 410 pöydässä, yks puhdas kanasta, 1 punanen kolmonen, ulos. ne: 190 pöydässä, yks"
        " likanen, 1 punanen kolmonen, 25 kädessä. eiku, meillä oli 3 punasta kolmosta",
    ),
]


@pytest.mark.parametrize(("lang", "text"), LATE_SIDE)
def test_a_late_correction_replaces_the_named_sides_value(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == [
        side(410, natural=1, red=3, out="normal"),
        side(190, mixed=1, red=1, hand=25),
    ]


LATE_THEIRS = [
    (
        "en",
        "they had 240 melded, one red three and 50 in hand. we went out with 380, two"
        " clean canastas, no red threes. wait, they had two red threes",
    ),
    (
        "no",
        "de hadde 240 meldt, en rød treer og 50 på hånda. vi gikk ut med 380, to rene"
        " canastaer, ingen røde. vent, de hadde to røde treere",
    ),
]


@pytest.mark.parametrize(("lang", "text"), LATE_THEIRS)
def test_the_value_said_for_the_other_side_right_before_stays(lang: str, text: str) -> None:
    """The clause right before the correction is ours: it keeps its (no) red threes."""
    assert read_unasked(text, lang) == [
        side(380, natural=2, out="normal"),
        side(240, red=2, hand=50),
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we had 2 red threes, no wait, THEY had the 2 red threes. we: 300"
            " melded, 1 clean canasta, went out. them: 200 melded, 1 dirty canasta, 40 in hand",
        ),
        (
            "no",
            "vi hadde to røde treere, nei vent, DE hadde de to røde. vi:"
            " 300 meldt, 1 ren canasta, gikk ut. de: 200 meldt, 1 blandet canasta, 40 på hånda",
        ),
    ],
)
def test_a_value_moved_to_another_side_is_still_asked(lang: str, text: str) -> None:
    """Whether the side the red threes were taken from had any is not said: asked. (Said
    too, "we had none" is a count of the kind the clause before counted: read.)"""
    assert read_round(text, Seating(lang=lang)).unsure


NAMED_BACK = [
    (
        "no",
        "vi: 330 meldt, 1 ren, 1 rød, gikk ut. de: 210, 1 blandet, ingen røde, 85 på hånda."
        " vent, det var 105 på hånda, ikke 85",
    ),
    (
        "da",
        "de har 85 på hånden, 210 meldt, 1 blandet, ingen røde. vi gik ud med 330, 1 ren,"
        " 1 rød... nej hov, det var 105 de havde på hånden, ikke 85",
    ),
    (
        "en",
        "we: 330 melded, 1 clean, 1 red three, went out. they: 210, 1 dirty, no red threes,"
        " 85 in hand. wait, it was 105 in hand, not 85",
    ),
]


@pytest.mark.parametrize(("lang", "text"), NAMED_BACK)
def test_a_value_named_as_taken_back_is_replaced_where_it_was_said(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == [
        side(330, natural=1, red=1, out="normal"),
        side(210, mixed=1, hand=105),
    ]


TWO_WORDS = [
    (
        "da",
        "vi 330 meldt, 1 ren, 1 rød, gik ud. de 210, 1 blandet, ingen røde, 85 på hånden..."
        " nej undskyld 105",
    ),
    (
        "fi",
        "me 330 pöydässä, 1 puhdas, 1 punanen, ulos. ne 210, 1 likanen, ei punasia, kädessä"
        " 85... ei sori, 105 kädessä",
    ),
    (
        "da",
        "vi meldte 310.. nej 330 undskyld, 1 ren, 1 rød, gik ud. de 210, 1 blandet, ingen"
        " røde, 105 på hånden",
    ),
    (
        "fi",
        "me laitettiin 310.. eiku 330 sori, 1 puhdas, 1 punanen, ulos. ne 210, 1 likanen,"
        " ei punasia, 105 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), TWO_WORDS)
def test_a_correction_in_two_words_or_with_an_apology_is_one(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == [
        side(330, natural=1, red=1, out="normal"),
        side(210, mixed=1, hand=105),
    ]
