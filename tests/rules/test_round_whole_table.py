"""What a round said aloud says of the whole table, or says with a doubt, is never pinned on
one side: a clause whose subject is nobody or both sides ("nobody went out", "begge lag
hadde en rød treer") is every side's, a kind named before any side is a heading for the
counts after it, and a figure the speaker hedges ("husker ikke") or gives a choice of ("to
eller tre") is asked about. Sentences written for these tests, none from a benchmark set."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.scoring import load_variant
from bot.scoring.round import WentOut
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import side as _side

NOBODY_OUT = [
    ("en", "nobody went out. we had 320 melded, one clean, 40 left; they 270, one dirty, 15 left"),
    ("no", "ingen gikk ut. vi hadde 320 meldt, en ren, 40 igjen; de 270, en uren, 15 igjen"),
    ("da", "ingen gik ud. vi havde 320 meldt, en ren, 40 tilbage; de 270, en uren, 15 tilbage"),
    (
        "fi",
        "kukaan ei mennyt ulos. meillä 320 pöydässä, yksi puhdas, 40 kädessä;"
        " niillä 270, yksi seka, 15 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), NOBODY_OUT)
def test_nobody_went_out_sends_no_side_out(lang: str, text: str) -> None:
    """ "Nobody went out" said first is no side's going out: never read as the first side's."""
    reading = read_round(text, Seating(lang=lang))
    assert all(s.round.went_out is WentOut.NO for s in reading.sides)
    if reading.sure:
        assert [s.round for s in reading.sides] == [
            _side(320, natural=1, hand=40),
            _side(270, mixed=1, hand=15),
        ]


BOTH_RED = [
    ("en", "we went out with 410, two clean. both teams had a red three. they 190, 55 left"),
    ("no", "vi gikk ut med 410, to rene. begge lag hadde en rød treer. de 190, 55 igjen"),
    ("da", "vi gik ud med 410, to rene. begge hold havde en rød treer. de 190, 55 tilbage"),
    (
        "fi",
        "me mentiin ulos 410:llä, kaksi puhdasta. molemmilla oli yksi punainen kolmonen."
        " niillä 190, 55 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), BOTH_RED)
def test_both_sides_had_a_red_three_gives_one_to_each(lang: str, text: str) -> None:
    """A red three said of both sides is never read as one side's alone."""
    reading = read_round(text, Seating(lang=lang))
    asked = {u.side for u in reading.unsure}
    for index, side in enumerate(reading.sides):
        if index not in asked and None not in asked:
            assert side.round.red_threes == 1


def test_a_heading_before_the_sides_is_never_one_sides_alone() -> None:
    """ "red threes: 2 for us, 1 for them": each side's count, or a question; never all the
    red threes on one side and none on the other."""
    text = "red threes: 2 for us, 1 for them. we went out with 360, two clean; they 220, 30 left"
    reading = read_round(text, Seating(lang="en"))
    asked = {u.side for u in reading.unsure}
    for index, want in enumerate((2, 1)):
        if index not in asked and None not in asked:
            assert reading.sides[index].round.red_threes == want


HEDGED = [
    ("en", "we went out with 380, one clean, and 2 red threes, not sure; they 200, 35 left"),
    ("no", "vi gikk ut med 380, en ren, og 2 røde treere, husker ikke; de 200, 35 igjen"),
    ("da", "vi gik ud med 380, en ren, og 2 røde treere, husker ikke; de 200, 35 tilbage"),
    ("fi", "me mentiin ulos 380:llä, yksi puhdas, 2 punaista kolmosta, en muista; ne 200, 35"),
]


@pytest.mark.parametrize(("lang", "text"), HEDGED)
def test_a_hedged_figure_is_asked_about(lang: str, text: str) -> None:
    assert 0 in {u.side for u in read_round(text, Seating(lang=lang)).unsure}


OR_WORD = {"en": "or", "no": "eller", "da": "eller", "fi": "tai"}
TEMPLATE = {
    "en": "we went out with 400, one clean, {a} {or_} {b} red threes; they 200, 40 left",
    "no": "vi gikk ut med 400, en ren, {a} {or_} {b} røde treere; de 200, 40 igjen",
    "da": "vi gik ud med 400, en ren, {a} {or_} {b} røde treere; de 200, 40 tilbage",
    "fi": "me mentiin ulos 400:lla, yksi puhdas, {a} {or_} {b} punaista kolmosta; ne 200, 40",
}


@settings(max_examples=30, deadline=None)
@given(
    lang=st.sampled_from(sorted(TEMPLATE)),
    a=st.integers(min_value=0, max_value=4),
    b=st.integers(min_value=0, max_value=4),
)
def test_a_choice_of_two_counts_is_never_read_as_certain(lang: str, a: int, b: int) -> None:
    """ "two or three red threes": whichever counts, the side that said it is asked about."""
    text = TEMPLATE[lang].format(a=a, b=b, or_=OR_WORD[lang])
    assert 0 in {u.side for u in read_round(text, Seating(lang=lang)).unsure}


def test_a_side_named_with_nothing_said_of_it_is_asked_about() -> None:
    reading = read_round("we went out with 400, two clean; them", Seating(lang="en"))
    assert not reading.sure


CORRECTED = [
    (
        "en",
        "we had 25 left, no wait, 35, and 240 melded, one clean; they went out with 380, two"
        " dirty, no red threes",
    ),
    (
        "no",
        "vi hadde 25 igjen, nei vent, 35, og 240 meldt, en ren; de gikk ut med 380, to urene,"
        " ingen røde",
    ),
    (
        "da",
        "vi havde 25 tilbage, nej vent, 35, og 240 meldt, en ren; de gik ud med 380, to urene,"
        " ingen røde",
    ),
    (
        "fi",
        "meille jäi 25, ei ku 35, ja 240 pöydässä, yksi puhdas; ne meni ulos 380, kaksi sekaa, ei"
        " punasia",
    ),
]


@pytest.mark.parametrize(("lang", "text"), CORRECTED)
def test_a_number_taken_back_gives_way_to_the_one_after(lang: str, text: str) -> None:
    """ "25 left, no wait, 35": the hand is 35, never 25 or 60."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == _side(240, natural=1, hand=35)


HANDS_FIRST = [
    (
        "no",
        "eg sat att med 30 og makkeren min med 15, vi hadde 260 og ein rein."
        " dei gjekk ut med 390, to blanda, ingen raude",
    ),
    (
        "da",
        "jeg sad med 30 og min makker med 15, vi havde 260 og en ren."
        " de gik ud med 390, to blandede, ingen røde",
    ),
    (
        "en",
        "I was stuck with 30 and my partner with 15, we had 260 and one clean."
        " they went out with 390, two dirty, no red threes",
    ),
]


@pytest.mark.parametrize(("lang", "text"), HANDS_FIRST)
def test_hands_said_apart_before_the_table_points_are_hands(lang: str, text: str) -> None:
    """A player's hand and the partner's, said before the side's table points, are never
    read as table points: the hand is both, the table the number said with "had"."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == _side(260, natural=1, hand=45)


OUT_THEN_POINTS = [
    ("en", "we went out: 345, one clean, one dirty. they 210, 25 left, no red threes"),
    ("no", "vi gikk ut skjult, 345, en ren, en uren. de 210, 25 igjen, ingen røde"),
    ("da", "vi gik ud skjult, 345, en ren, en uren. de 210, 25 tilbage, ingen røde"),
    ("fi", "me mentiin ulos: 345, yksi puhdas, yksi seka. ne 210, 25 kädessä, ei punasia"),
]


@pytest.mark.parametrize(("lang", "text"), OUT_THEN_POINTS)
def test_points_opening_the_clause_after_going_out_are_the_table(lang: str, text: str) -> None:
    """ "went out: 345" says what the side went out with, like "went out with 345"."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round.meld_points == 345


ALL_OF_ONE_KIND = [
    ("en", "we went out with 3 canastas, all dirty, 480 melded. they 150, 60 left, no red threes"),
    ("no", "vi gikk ut med 3 kanastaer, alle urene, 480 meldt. de 150, 60 igjen, ingen røde"),
    ("da", "vi gik ud med 3 kanastaer, alle urene, 480 meldt. de 150, 60 tilbage, ingen røde"),
]


@pytest.mark.parametrize(("lang", "text"), ALL_OF_ONE_KIND)
def test_canastas_counted_then_all_of_one_kind(lang: str, text: str) -> None:
    """ "3 canastas, all dirty" is three mixed canastas, not a canasta of unknown kind."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == _side(480, mixed=3, out="normal")


RED_COUNTED_AFTER = [
    ("en", "we went out with 430, two clean, red threes: two. they 180, 50 left"),
    ("no", "vi gikk ut med 430, to rene, røde treere: to. de 180, 50 igjen"),
    ("da", "vi gik ud med 430, to rene, røde treere: to. de 180, 50 tilbage"),
]


@pytest.mark.parametrize(("lang", "text"), RED_COUNTED_AFTER)
def test_red_threes_counted_after_the_noun(lang: str, text: str) -> None:
    """ "red threes: two" counts red threes the way "two red threes" does."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == _side(430, natural=2, red=2, out="normal")


ON_ME = [
    (
        "en",
        "they went out concealed on me, 400 melded, two clean. I had 150 down, 45 left, no red"
        " threes",
    ),
    (
        "no",
        "de gikk ut skjult på meg, 400 meldt, to rene. jeg hadde 150 meldt, 45 igjen, ingen røde",
    ),
    (
        "da",
        "de gik ud skjult på mig, 400 meldt, to rene. jeg havde 150 meldt, 45 tilbage, ingen røde",
    ),
]


@pytest.mark.parametrize(("lang", "text"), ON_ME)
def test_me_after_on_is_no_new_side(lang: str, text: str) -> None:
    """ "went out on me": what follows is still theirs, not the speaker's."""
    reading = read_round(text, Seating(lang=lang, speaker=1))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == _side(400, natural=2, out="concealed")
    assert reading.sides[1].round == _side(150, hand=45)


def test_finnish_red_alone_is_one_red_three_and_red_canasta_a_natural() -> None:
    """Finnish has no article: "punanen" alone is one red three, "punainen kanasta" a
    natural canasta, never a red three."""
    text = "me mentiin ulos 400:lla, punainen kanasta ja seka. ne 200, seka ja punanen, 40 käteen"
    reading = read_round(text, Seating(lang="fi"))
    assert reading.sure, reading.unsure
    assert [s.round for s in reading.sides] == [
        _side(400, natural=1, mixed=1, out="normal"),
        _side(200, mixed=1, red=1, hand=40),
    ]


NOT_COUNTED = [
    ("en", "they went out, 1 clean 1 dirty, 390 melded. we 240, 1 red three, I had 25 in hand"
     " and Sam... dunno, didnt count his"),
    ("no", "de gikk ut, 1 ren 1 uren, 390 meldt. vi 240, 1 rød treer, jeg hadde 25 på hånda,"
     " Ola har ikke telt sine enda"),
    ("da", "vi fik 240 på bordet og en uren, Jens havde 25 på hånden og Søren... hvad havde du"
     " Søren? de gik ud med 390 og en ren, 1 rød hos dem"),
    ("fi", "meil 240, likanen kanasta, mulla jäi 25 käteen, Pekalla en tiiä. ne meni ulos"
     " 390:llä ja puhtaalla, yks punanen"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NOT_COUNTED)
def test_a_partners_hand_not_counted_yet_is_asked_about(lang: str, text: str) -> None:
    """One partner's hand said, the other's not known yet ("hasn't counted", "ikke telt",
    "en tiiä", "hvad havde du?"): the side's hand is not the one said, so it is asked."""
    assert read_round(text, Seating(lang=lang)).unsure


WILD = [
    ("en", "we went out with 520, a clean one and a canasta of all wild cards, one red three."
     " they 230, 45 in hand"),
    ("no", "vi gikk ut med 520, en ren og en kanasta med bare villkort, én rød treer. de 230,"
     " 45 på hånda"),
    ("da", "vi gik ud med 520, en ren og en kanasta af lutter vilde kort, én rød tre. de 230,"
     " 45 på hånden"),
    ("fi", "me mentiin ulos 520:llä, puhdas ja kanasta pelkistä villeistä korteista, yks"
     " punanen. ne 230, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), WILD)
def test_a_canasta_of_wild_cards_is_asked_about_never_dropped(lang: str, text: str) -> None:
    """A canasta of wild cards scores by its jokers and twos, which the sentence does not
    say: the side is asked about, never read with the canasta left out."""
    reading = read_round(text, Seating(lang=lang), load_variant("cuban"))
    assert 0 in {u.side for u in reading.unsure}


def test_a_name_that_starts_like_wild_is_no_wild_card() -> None:
    """ "Ville" (a Finnish name) is not "villi" (wild)."""
    text = "Ville meni ulos 300:lla, yks puhdas. me 200, ei punasia, 40 kädessä"
    reading = read_round(text, Seating(names=(("Ville",), ("me",)), lang="fi"))
    assert not any(u.what == "canasta" for u in reading.unsure)
