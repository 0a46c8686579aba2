"""Rounds said the way players say them at the table, one mechanism of the reader at a time:
whose words are whose, counts said with "all" or "no", spoken numbers, Finnish endings,
nynorsk, a clause about the other side inside one's own. Sentences written for these tests,
none taken from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.round import SideRound
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import side as _side

SURE = [
    # the words before the first side named, in its clause: that side's
    (
        "en",
        "all three red threes went to us, 300 melded, one dirty, went out; they 120 melded,"
        " 40 in hand",
        _side(300, mixed=1, red=3, out="normal"),
        _side(120, hand=40),
    ),
    # "... and they had": a new clause, so the words before it are the speaker's
    (
        "en",
        "went out with 400 and 2 clean and they had 200 melded and 30 in hand, no red threes",
        _side(400, 2, out="normal"),
        _side(200, hand=30),
    ),
    # said apart from the first name: the speaker's
    (
        "no",
        "gikk ut med en ren, 350 meldt, én rød treer. motstanderne 200 meldt, 15 igjen",
        _side(350, 1, red=1, out="normal"),
        _side(200, hand=15),
    ),
    # "all four" and "alle fire": the count after "all"
    (
        "da",
        "vi fik alle fire røde treere, 450 meldt, to rene, gik ud. de 90 meldt, 60 på hånden",
        _side(450, 2, red=4, out="normal"),
        _side(90, hand=60),
    ),
    # no / zero / ei red threes: none, not one
    (
        "fi",
        "me 280 pöydässä, yksi puhdas, ei punaisia kolmosia, ulos. ne 150 pöydässä, 45 kädessä",
        _side(280, 1, out="normal"),
        _side(150, hand=45),
    ),
    (
        "en",
        "we went out, 330 melded, one natural, zero red threes. they 80 melded, 0 red threes,"
        " 55 left",
        _side(330, 1, out="normal"),
        _side(80, hand=55),
    ),
    # a negation with a verb between it and the red threes: none
    (
        "fi",
        "meillä ei ollut punaisia kolmosia, 280 pöydässä, yksi puhdas, mentiin ulos; niillä"
        " 1 punainen kolmonen, 150 pöydässä, 40 kädessä",
        _side(280, 1, out="normal"),
        _side(150, red=1, hand=40),
    ),
    (
        "no",
        "vi hadde ikke noen røde treere, 280 meldt, en ren, gikk ut; de hadde 1 rød treer,"
        " 150 meldt, 40 på hånda",
        _side(280, 1, out="normal"),
        _side(150, red=1, hand=40),
    ),
    # Finnish: a case ending after a colon, a kind said alone
    (
        "fi",
        "ne meni ulos piilotetusti 490:llä ja kolmella puhtaalla; meillä 200 pöydässä, yks seka,"
        " 90 kädessä ja kaks punasta kolmosta",
        _side(200, mixed=1, red=2, hand=90),
        _side(490, 3, out="concealed"),
    ),
    # "five" and "ten" in words are points where a hand word says so; "x2" after the noun
    (
        "en",
        "we: 350 melded, two clean, red threes x2, went out, partner had ten left. they: 150"
        " melded, one red three, 35 in hand",
        _side(350, 2, red=2, out="normal", hand=10),
        _side(150, red=1, hand=35),
    ),
    # a red canasta is a natural one, a black canasta a mixed one (not red threes)
    (
        "en",
        "we melded 400 with one red canasta and one black canasta, 2 red threes, went out;"
        " they had 200 melded, 1 black canasta, 50 remaining",
        _side(400, 1, 1, red=2, out="normal"),
        _side(200, mixed=1, hand=50),
    ),
    (
        "fi",
        "me 400 pöydässä, yks punainen kanasta ja yks musta kanasta, 2 punasta kolmosta, ulos;"
        " niillä 200 pöydässä, yks musta kanasta, 50 jäljellä",
        _side(400, 1, 1, red=2, out="normal"),
        _side(200, mixed=1, hand=50),
    ),
    # ... but "five" before a part of the round counts that part
    (
        "no",
        "vi hadde fem rene kanaster, 900 meldt, gikk ut; de hadde 100 meldt og 40 på hånda, ingen"
        " røde",
        _side(900, 5, out="normal"),
        _side(100, hand=40),
    ),
    # chat shorthand: "2x red 3s", "pts"
    (
        "en",
        "we 380 pts melded, 2 clean, went out & 2x red 3s; they 150 pts melded, 60 pts in hand",
        _side(380, 2, red=2, out="normal"),
        _side(150, hand=60),
    ),
    # "out" alone as one item of a list: going out
    (
        "en",
        "we: 420 / 1 clean / 1 dirty / out. them: 240 / 25 left, no red threes",
        _side(420, 1, 1, out="normal"),
        _side(240, hand=25),
    ),
    # one word between a count and the red threes ("all 3 other red threes")
    (
        "da",
        "de havde 1 ren, 445 meldt, 1 rød treer, gik ud. vi havde 190 meldt, 0 canastaer,"
        " alle 3 andre røde treere, 115 på hånden",
        _side(190, red=3, hand=115),
        _side(445, 1, red=1, out="normal"),
    ),
    # a clause about the other side inside one's own: "and were caught with" is ours again
    (
        "en",
        "we had one red three but had not melded when they went out, and were caught with 70."
        " they melded 390 with 2 clean",
        _side(0, red=1, hand=70),
        _side(390, 2, out="normal"),
    ),
    (
        "da",
        "vi havde 1 rød treer men havde ikke meldt da de gik ud, og sad med 85. de meldte 410"
        " med 1 ren og 1 blandet",
        _side(0, red=1, hand=85),
        _side(410, 1, 1, out="normal"),
    ),
    # a list going on after the other side's clause stays with that side
    (
        "no",
        "vi meldte 150, ingen kanasta, og satt med 40 fordi de gikk ut med 380 meldt, en ren,"
        " og en rød treer",
        _side(150, hand=40),
        _side(380, 1, red=1, out="normal"),
    ),
    # nynorsk words
    (
        "no",
        "me melde 310, ein rein kanasta, to raude treare, og me gjekk ut. dei hadde 140 meldt"
        " og 25 att på handa",
        _side(310, 1, red=2, out="normal"),
        _side(140, hand=25),
    ),
    # Norwegian dialect pronouns
    (
        "no",
        "dæm gikk ut med 300 meldt og to reine. vi hadde 120 meldt og satt att med 55, ingen røde",
        _side(120, hand=55),
        _side(300, 2, out="normal"),
    ),
    # spoken hundreds in English card talk
    (
        "en",
        "we went out with three forty melded, a clean one and a dirty one. they: one ninety"
        " melded, fifty in hand, no red threes",
        _side(340, 1, 1, out="normal"),
        _side(190, hand=50),
    ),
    # Finnish spoken numerals and case endings
    (
        "fi",
        "me mentiin ulos 380:llä ja kahella puhtaalla kanastalla. niillä kakssataaneljäkyt"
        " pöydässä ja kolkytviis kädessä, ei punasia",
        _side(380, 2, out="normal"),
        _side(240, hand=35),
    ),
    (
        "fi",
        "ne meni ulos sekakanastalla, 260 pöydässä. meillä 120 pöydässä, yks punanen kolmonen,"
        " 75 jäi käteen",
        _side(120, red=1, hand=75),
        _side(260, mixed=1, out="normal"),
    ),
    # the same verb left out the second time: both hands counted
    (
        "en",
        "they went out, 400 melded, 1 clean 1 dirty; we 210 melded, my partner stuck with 25"
        " and me with 40, no red threes",
        _side(210, hand=65),
        _side(400, 1, 1, out="normal"),
    ),
    # "I had 30 left and partner 15": both hands
    (
        "en",
        "I had 30 left and partner 15, 2 red threes, 200 melded; they went out with 350 melded"
        " and 1 clean",
        _side(200, red=2, hand=45),
        _side(350, 1, out="normal"),
    ),
    # "their partner", "motstanderne våre": the other side, whatever the second word
    (
        "no",
        "vi gikk ut med 300 meldt og 1 ren; motstanderne våre hadde 150 meldt og 40 på hånda,"
        " ingen røde",
        _side(300, 1, out="normal"),
        _side(150, hand=40),
    ),
    (
        "fi",
        "ulos 2 sekakanastalla, 375 pöydässä, 3 punasta kolmosta. toinen pari 240, 1 puhdas,"
        " 1 punanen, 20 kädessä",
        _side(375, mixed=2, red=3, out="normal"),
        _side(240, 1, red=1, hand=20),
    ),
    # Finnish "sekä" (and) folds to "seka" (mixed): read as the "and" it is
    (
        "fi",
        "meillä oli pöydällä 350 ja 1 puhdas kanasta, mentiin ulos; heillä pöydällä 220 ja"
        " 2 punaista kolmosta sekä 60 kädessä",
        _side(350, 1, out="normal"),
        _side(220, red=2, hand=60),
    ),
    # bare points said by the side that went out, before its canastas: its table
    (
        "en",
        "we went out concealed, 400 points, a clean and a dirty, 2 red threes. they had 120"
        " melded, 45 in hand",
        _side(400, 1, 1, red=2, out="concealed"),
        _side(120, hand=45),
    ),
    # "de" after a verb and before a count is "the", not "they"
    (
        "da",
        "vi fik de to røde treere og gik ud med 400 meldt og en ren; de havde 150 meldt og 45"
        " på hånden",
        _side(400, 1, red=2, out="normal"),
        _side(150, hand=45),
    ),
    # a heading's numbers are no points
    (
        "no",
        "runde 7: vi 260 meldt, 1 uren, gikk ut. de 175 meldt, 35 på hånda, ingen røde",
        _side(260, mixed=1, out="normal"),
        _side(175, hand=35),
    ),
    # a total said after the table's points: still the table
    (
        "da",
        "vi meldte 275 i alt, en blandet, gik ud; de havde 130 meldt og 20 tilbage, ingen røde",
        _side(275, mixed=1, out="normal"),
        _side(130, hand=20),
    ),
    # "still" between the verb and the hand
    (
        "no",
        "vi gikk ut, 300 meldt, 1 ren, makker hadde fortsatt 15. de 160 meldt, 30 på hånda, ingen"
        " røde",
        _side(300, 1, out="normal", hand=15),
        _side(160, hand=30),
    ),
]


def test_a_finnish_name_is_found_in_its_inflected_forms() -> None:
    """ "Antilla" is "Antti" with an ending (tt -> t before it): the three-player round is
    read whole, each part to its player."""
    seating = Seating(sides=3, names=(("Minä",), ("Antti",), ("Sanna",)), lang="fi")
    reading = read_round(
        "minä menin ulos yhdellä sekakanastalla, 265 pöydässä. Antilla 170 pöydässä, 20 jäi."
        " Sannalla 90 pöydässä, 1 punainen kolmonen ja 125 kädessä",
        seating,
    )
    assert reading.sure, reading.unsure
    assert [s.round for s in reading.sides] == [
        _side(265, mixed=1, out="normal"),
        _side(170, hand=20),
        _side(90, red=1, hand=125),
    ]


@pytest.mark.parametrize(("lang", "text", "ours", "theirs"), SURE)
def test_a_round_said_aloud_reads_exactly(
    lang: str, text: str, ours: SideRound, theirs: SideRound
) -> None:
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert [s.round for s in reading.sides] == [ours, theirs]


UNSURE = [
    # a vague amount is no count
    ("en", "we had some red threes, 300 melded, one clean, went out; they 100 melded, 30 left"),
    ("no", "vi hadde noen røde treere, 300 meldt, en ren, gikk ut; de 100 meldt, 30 igjen"),
    ("fi", "meillä muutama punanen kolmonen, 300 pöydässä, puhdas, ulos; ne 100 pöydässä, 30 jäi"),
    ("fi", "meillä 300 pöydässä, seka, ulos; niillä 150 pöydässä ja muutama kortti kädessä"),
    # a side that stayed in has cards left: its hand not said is asked about
    ("en", "we went out with 300 melded and a clean canasta. they had 150 melded, 2 red threes"),
    # a second table for one side is asked about, never counted as a hand
    ("en", "we went out with 400 melded and a clean one, we had 150 melded and 45 in hand"),
    # points after a canasta may be its bonus said again
    ("en", "they went out with a clean canasta, 500 points. we had 100 melded, 30 in hand"),
    # going out takes a canasta: none said is asked about
    ("en", "we melded 300 and went out; they had 150 melded and 30 in hand"),
    # a number said last after a side's name, with nothing else: table or hand?
    ("da", "vi meldte 390, en ren, gik ud, de havde 210"),
]


@pytest.mark.parametrize(("lang", "text"), UNSURE)
def test_what_a_player_would_ask_about_is_named(lang: str, text: str) -> None:
    assert not read_round(text, Seating(lang=lang)).sure


@pytest.mark.parametrize(
    ("lang", "text", "meant"),
    [
        # Finnish "ei" is "not", never nynorsk "ei" (one)
        ("fi", "ne 200 pöydässä, ei punaisia, 30 kädessä", 0),
        ("no", "de 200 meldt, ei raud treare, 30 igjen", 1),
    ],
)
def test_a_count_word_is_read_in_the_sentences_language(lang: str, text: str, meant: int) -> None:
    reading = read_round(
        "me 300 pöydässä, puhdas, ulos; " + text
        if lang == "fi"
        else "vi 300 meldt, en ren, gikk ut; " + text,
        Seating(lang=lang),
    )
    assert reading.sides[1].round.red_threes == meant
