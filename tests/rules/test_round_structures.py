"""/round say reads the structures of rounds said aloud (sheets16): sections led by the
part of the round ("hands first: we 35, they 0. melds: ..."), a score sheet's columns, an
elliptic going out ("we didn't go out, they did"), a player named going out at a table of
three, a partnership's two hands said apart and counts written "x2" after their kind. Each
round below is said in the tester's own words; every one must be read whole and certain,
the same round in all four languages."""

from __future__ import annotations

import pytest

from bot.scoring import SideRound, WentOut, load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked

CLASSIC = load_variant("classic")
THREE = load_variant("three-player")

OURS = SideRound(meld_points=320, natural_canastas=1, hand_points=40)
THEIRS = SideRound(meld_points=410, mixed_canastas=2, red_threes=2, went_out=WentOut.NORMAL)
"""Every two-sided round below: we stayed in with 320, a natural and 40 in hand, no red
threes; they went out with 410, two mixed canastas and two red threes."""


SECTIONS = {
    "en": (
        "hands: us 40, them 0 (they went out). melds: us 320 with a natural canasta, "
        "them 410 with two mixed canastas. red threes: us none, them two"
    ),
    "no": (
        "på hånda: vi 40, dem 0 (de gikk ut). meldinger: vi 320 med en ren, dem 410 med "
        "to blandede. røde treere: vi ingen, dem to"
    ),
    "da": (
        "på hånden: os 40, dem 0 (de gik ud). meldinger: os 320 med en ren, dem 410 med "
        "to blandede. røde treere: os ingen, dem to"
    ),
    "fi": (
        "kädet: me 40, ne 0 (ne meni ulos). pöydässä: me 320 ja yks puhdas, ne 410 ja "
        "kaks sekaa. punaiset kolmoset: me ei yhtään, ne kaks"
    ),
}
"""A clause naming one part of the round, then each side's value for it."""

COLUMNS = {
    "en": (
        "from the score sheet: WE column, meld 320, naturals 1, mixed 0, red threes 0, "
        "out no, hand 40. THEY column, meld 410, naturals 0, mixed 2, red threes 2, out "
        "yes, hand 0"
    ),
    "no": (
        "fra arket: VI-kolonnen, meld 320, rene 1, blandede 0, røde treere 0, ikke ute, "
        "hånd 40. DE-kolonnen, meld 410, rene 0, blandede 2, røde treere 2, ute ja, "
        "hånd 0"
    ),
    "da": (
        "fra arket: VI-kolonnen, meld 320, rene 1, blandede 0, røde treere 0, ikke ude, "
        "hånd 40. DE-kolonnen, meld 410, rene 0, blandede 2, røde treere 2, ude ja, "
        "hånd 0"
    ),
    "fi": (
        "paperista: ME-sarake, pöytä 320, puhtaat 1, sekat 0, punaiset kolmoset 0, ei "
        "ulos, käsi 40. NE-sarake, pöytä 410, puhtaat 0, sekat 2, punaiset kolmoset 2, "
        "ulos kyllä, käsi 0"
    ),
}
"""A score sheet read column by column, "out yes" / "not out" as going out."""

ELLIPTIC = {
    "en": (
        "we didn't go out, they did. we had 320 with a natural canasta, no red threes, "
        "40 left. they had 410 melded, two mixed canastas, two red threes"
    ),
    "no": (
        "vi gikk ikke ut, men det gjorde de. vi hadde 320 meldt, en ren, ingen røde, 40 "
        "igjen. de hadde 410 meldt, to blandede, to røde treere"
    ),
    "da": (
        "vi gik ikke ud, men det gjorde de. vi havde 320 meldt, en ren, ingen røde, 40 "
        "tilbage. de havde 410 meldt, to blandede, to røde treere"
    ),
    "fi": (
        "me ei menty ulos vaan ne. meillä 320 pöydässä, yks puhdas, ei punasia, 40 "
        "kädessä. niillä 410 pöydässä, kaks sekaa, kaks punasta kolmosta"
    ),
}
"""Going out said once for both sides: the side in the elliptic clause went out."""

TWO_HANDS = {
    "en": (
        "they went out with 410, two mixed canastas, two red threes. we had 320 on the "
        "table, one natural canasta, no red threes, and between us we held 15 and 25"
    ),
    "no": (
        "de gikk ut med 410, to blandede, to røde treere. vi hadde 320 på bordet, en "
        "ren, ingen røde, 15 på den ene hånda og 25 på den andre"
    ),
    "da": (
        "de gik ud med 410, to blandede, to røde treere. vi havde 320 på bordet, en "
        "ren, ingen røde, 15 på den ene hånd og 25 på den anden"
    ),
    "fi": (
        "ne meni ulos 410:llä, kaks sekaa, kaks punasta kolmosta. meillä 320 pöydässä, "
        "yks puhdas, ei punasia, toisella jäi käteen 15 ja toisella 25"
    ),
}
"""A partnership's two hands said apart: the side's hand is their sum."""

TIMES = {
    "en": (
        "us 320 melded, natural x1, no red threes, 40 in hand. them 410 melded, mixed "
        "x2, red threes x2, went out"
    ),
    "no": (
        "vi 320 meldt, ren x1, ingen røde, 40 på hånda. dem 410 meldt, blandet x2, røde "
        "treere x2, gikk ut"
    ),
    "da": (
        "os 320 meldt, ren x1, ingen røde, 40 på hånden. dem 410 meldt, blandet x2, "
        "røde treere x2, gik ud"
    ),
    "fi": (
        "me 320 pöydässä, puhdas x1, ei punasia, 40 kädessä. ne 410 pöydässä, seka x2, "
        "punaset kolmoset x2, ulos"
    ),
}
"""Counts written after their kind with "x"."""

NAMED = {
    "en": (
        "Tom out this time, 410 with two mixed canastas and two red threes. me: 320 "
        "melded, one natural canasta, no red threes, 40 in my hand. Ann never "
        "melded, no red threes, 90 in hand",
        (("Tom",), ("me", "my"), ("Ann",)),
    ),
    "no": (
        "Kari kom ut med 410, to blandede og to røde treere. jeg: 320 meldt, en "
        "ren, ingen røde, 40 på hånda. Ola fikk ikke meldt, ingen røde, 90 på hånda",
        (("Kari",), ("jeg",), ("Ola",)),
    ),
    "da": (
        "Mette kom ud med 410, to blandede og to røde treere. jeg: 320 meldt, en "
        "ren, ingen røde, 40 på hånden. Jens fik ikke meldt, ingen røde, 90 på "
        "hånden",
        (("Mette",), ("jeg",), ("Jens",)),
    ),
    "fi": (
        "Antti ulos tällä kertaa, 410 pöydässä, kaks sekaa ja kaks punasta "
        "kolmosta. minä: 320 pöydässä, yks puhdas, ei punasia, 40 kädessä. Liisa ei "
        "avannut, ei punasia, 90 kädessä",
        (("Antti",), ("minä",), ("Liisa",)),
    ),
}
"""Three players: a player's name and "out" (or "kom ut") is that player going out."""


def _two_sided() -> list[tuple[str, str]]:
    sets = (SECTIONS, COLUMNS, ELLIPTIC, TWO_HANDS, TIMES)
    return [(lang, text) for said in sets for lang, text in said.items()]


@pytest.mark.parametrize(("lang", "text"), _two_sided())
def test_a_round_said_in_its_own_structure_is_read_whole(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


@pytest.mark.parametrize("lang", sorted(NAMED))
def test_a_player_named_going_out_is_that_players_side(lang: str) -> None:
    text, names = NAMED[lang]
    seating = Seating(sides=3, speaker=1, names=names, lang=lang)
    reading = read_round(text, seating, THREE)
    assert reading.unsure == ()
    assert [side.round for side in reading.sides] == [
        THEIRS,
        OURS,
        SideRound(hand_points=90),
    ]


def test_a_count_after_its_kind_with_x_is_never_read_as_one() -> None:
    """ "likanen x2" once read as one mixed canasta, said as certain: the count is the x."""
    reading = read_round("me 410 pöydässä, puhdas x1, likainen x3, ulos", Seating(lang="fi"))
    assert reading.sides[0].round.natural_canastas == 1
    assert reading.sides[0].round.mixed_canastas == 3


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "we didn't go out, they 410 melded, two mixed"),
        ("no", "vi gikk ikke ut, de hadde 410 meldt, to blandede"),
    ],
)
def test_a_side_named_with_its_own_words_after_a_denied_going_out_is_not_made_to_go_out(
    lang: str, text: str
) -> None:
    """Only a clause of nothing but the side and its ellipsis ("they did") says the verb
    before it: "they 410 melded" says its own, and going out is then not said for them."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.sides[1].round.went_out is WentOut.NO


def test_a_sheet_crossing_out_going_out_is_no_going_out() -> None:
    """ "ulos ei" on a Finnish sheet: "ulos" alone is going out, the cross after it is not."""
    text = "me: pöytä 320, puhtaat 1, ulos ei, käsi 40. ne: pöytä 410, sekat 2, ulos kyllä, käsi 0"
    reading = read_round(text, Seating(lang="fi"), CLASSIC)
    assert reading.sides[0].round.went_out is WentOut.NO
    assert reading.sides[1].round.went_out is WentOut.NORMAL


@pytest.mark.parametrize(
    ("lang", "text", "names"),
    [
        (
            "en",
            "Kim & me: 320 melded, a natural, no red threes, 40 left. Jo & Sam went out with "
            "410 melded, two mixed, two red threes",
            (("Kim & me", "we"), ("Jo & Sam",)),
        ),
        (
            "no",
            "Kim & jeg: 320 meldt, en ren, ingen røde, 40 igjen. Jo & Sam gikk ut med 410 "
            "meldt, to blandede, to røde treere",
            (("Kim & jeg", "vi"), ("Jo & Sam",)),
        ),
        (
            "da",
            "Kim & jeg: 320 meldt, en ren, ingen røde, 40 tilbage. Jo & Sam gik ud med 410 "
            "meldt, to blandede, to røde treere",
            (("Kim & jeg", "vi"), ("Jo & Sam",)),
        ),
        (
            "fi",
            "Kim & minä: 320 pöydässä, yks puhdas, ei punasia, 40 kädessä. Jo & Sam meni "
            "ulos 410:llä, kaks sekaa, kaks punasta kolmosta",
            (("Kim & minä", "me"), ("Jo & Sam",)),
        ),
    ],
)
def test_a_side_named_with_a_sign_in_its_name_is_found(
    lang: str, text: str, names: tuple[tuple[str, ...], ...]
) -> None:
    """ "Bob & Carol" as a side's name: the sentence's "&" is read as "plus", and so is the
    name's, so the side is found and its round is its own."""
    reading = read_round(text, Seating(names=names, lang=lang), CLASSIC)
    assert reading.unsure == ()
    assert [side.round for side in reading.sides] == [OURS, THEIRS]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we went out with 410, two mixed, two red threes. they never laid anything down, "
            "no red threes, 90 in hand",
        ),
        (
            "no",
            "vi gikk ut med 410, to blandede, to røde treere. de fikk ikke lagt noe ned, "
            "ingen røde, 90 på hånda",
        ),
        (
            "da",
            "vi gik ud med 410, to blandede, to røde treere. de fik ikke lagt noget ned, "
            "ingen røde, 90 på hånden",
        ),
        (
            "fi",
            "me mentiin ulos 410:llä, kaks sekaa, kaks punasta kolmosta. ne ei saaneet "
            "mitään, ei punasia, 90 kädessä",
        ),
    ],
)
def test_a_negated_verb_of_laying_down_is_nothing_on_the_table(lang: str, text: str) -> None:
    """ "never laid anything down", "fikk ikke lagt noe ned": a verb of laying cards down
    with a negation says the side's table points, none, as the lexicon's phrases for it do."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.unsure == ()
    assert [side.round for side in reading.sides] == [THEIRS, SideRound(hand_points=90)]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we: meld: 320, naturals: 1, red threes: 0, out: no, hand: 40. they: meld: 410, "
            "mixed: 2, red threes: 2, out: yes, hand: 0",
        ),
        (
            "no",
            "vi: meld: 320, rene: 1, røde: 0, ut: nei, hånd: 40. de: meld: 410, blandede: 2, "
            "røde treere: 2, ut: ja, hånd: 0",
        ),
        (
            "da",
            "vi: meld: 320, rene: 1, røde: 0, ud: nej, hånd: 40. de: meld: 410, blandede: 2, "
            "røde treere: 2, ud: ja, hånd: 0",
        ),
        (
            "fi",
            "me: pöytä 320, puhtaat 1, punaiset 0, ulos: ei, käsi: 40. ne: pöytä 410, "
            "sekat 2, punaiset kolmoset 2, ulos: kyllä, käsi: 0",
        ),
    ],
)
def test_a_sheet_read_label_colon_value_is_read_whole(lang: str, text: str) -> None:
    """A sheet's labels with a colon before each value: "hand: 40" is the hand, "out: no"
    is no going out (never "out" read alone as going out), "out: yes" going out."""
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "it was them who went out, with 410, two mixed and two red threes. we had 320 "
            "melded, a natural, no red threes, 40 left",
        ),
        (
            "no",
            "det var de som gikk ut, med 410, to blandede og to røde treere. vi hadde 320 "
            "meldt, en ren, ingen røde, 40 igjen",
        ),
        (
            "da",
            "det var dem der gik ud, med 410, to blandede og to røde treere. vi havde 320 "
            "meldt, en ren, ingen røde, 40 tilbage",
        ),
        (
            "fi",
            "ulos meni ne, 410:llä, kaks sekaa ja kaks punasta kolmosta. meillä 320 "
            "pöydässä, yks puhdas, ei punasia, 40 kädessä",
        ),
    ],
)
def test_the_number_after_a_going_out_clause_is_what_the_side_went_out_with(
    lang: str, text: str
) -> None:
    """ "it was them who went out, with 410": the number opening the clause after the going
    out, "with" before it, is the table points the side went out with."""
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "us 505 melded, natural x1, mixed x2, went out. them 170 melded, no canastas, 125 "
            "in hand, and nobody got a red three",
        ),
        (
            "no",
            "vi 505 meldt, ren x1, blandet x2, gikk ut. de 170 meldt, ingen kanaster, 125 på "
            "hånda, og ingen av oss fikk en rød treer",
        ),
        (
            "da",
            "os 505 meldt, ren x1, blandet x2, gik ud. dem 170 meldt, ingen canastaer, 125 på "
            "hånden, og ingen af os fik en rød treer",
        ),
        (
            "fi",
            "me 505 pöydässä, puhdas x1, seka x2, ulos. ne 170 pöydässä, ei kanastoja, 125 "
            "kädessä, eikä kukaan saanut punaista kolmosta",
        ),
    ],
)
def test_nobody_with_a_red_three_is_never_one_red_three(lang: str, text: str) -> None:
    """ "nobody got a red three": the "a" is no count of one for every side. The round is
    read with none, or asked about; never shown with a red three for certain."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    for index, side in enumerate(reading.sides):
        asked = any(u.side in (index, None) for u in reading.unsure)
        assert asked or side.round.red_threes == 0


KIND_CLOSING_ONE_SIDE = {
    "en": (
        "we went out with 410, two red threes, natural canasta. they got 320 down, 40 in "
        "hand, no red threes",
        "I went out, natural canasta, we had 410 melded and two red threes. them: 320 down, "
        "40 in hand, no red threes",
    ),
    "no": (
        "vi gikk ut med 410, to røde treere, ren kanasta. de fikk 320 ned, 40 på hånda, ingen røde",
        "jeg gikk ut, ren kanasta, vi hadde 410 meldt og to røde treere. dem: 320 nede, 40 "
        "på hånda, ingen røde",
    ),
    "da": (
        "vi gik ud med 410, to røde treere, ren kanasta. de fik 320 ned, 40 på hånden, ingen røde",
        "jeg gik ud, ren kanasta, vi havde 410 meldt og to røde treere. dem: 320 nede, 40 "
        "på hånden, ingen røde",
    ),
    "fi": (
        "me mentiin ulos 410:llä, kaks punasta kolmosta, puhdas kanasta. ne sai 320 "
        "pöytään, 40 kädessä, ei punasia",
        "mä menin ulos, puhdas kanasta, meillä oli 410 pöydässä ja kaks punasta kolmosta. "
        "ne: 320 pöydässä, 40 kädessä, ei punasia",
    ),
}
"""A kind with no count closing one side's list, right before a side is named: the one
canasta of the side it was said of, never a heading for every side after it."""


@pytest.mark.parametrize(
    ("lang", "text"),
    [(lang, text) for lang, said in KIND_CLOSING_ONE_SIDE.items() for text in said],
)
def test_a_canasta_said_for_one_side_is_not_given_to_the_other(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == [
        SideRound(meld_points=410, natural_canastas=1, red_threes=2, went_out=WentOut.NORMAL),
        SideRound(meld_points=320, hand_points=40),
    ]
