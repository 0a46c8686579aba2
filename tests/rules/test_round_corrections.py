"""A speaker who takes back a count or a kind while saying a round ("one natural... no wait,
two naturals") gets the value said after the correction, never the two added up; when it
is unclear what the correction replaces, the side is asked about. Sentences written for
these tests, none from a benchmark set."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.scoring.round import SideRound, WentOut
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

NUMBER = {
    "en": ["zero", "one", "two", "three", "four"],
    "no": ["null", "én", "to", "tre", "fire"],
    "da": ["nul", "én", "to", "tre", "fire"],
    "fi": ["nolla", "yksi", "kaksi", "kolme", "neljä"],
}
RED_TAKEN_BACK = {
    "en": "we went out with 520 melded, two clean, {a} red threes... no wait {b} red threes."
    " they had 200 melded and 40 left",
    "no": "vi gikk ut med 520 meldt, to rene, {a} røde treere... nei vent {b} røde treere."
    " de hadde 200 meldt og 40 igjen",
    "da": "vi gik ud med 520 meldt, to rene, {a} røde treere... nej {b} røde treere."
    " de havde 200 meldt og 40 tilbage",
    "fi": "me mentiin ulos 520:llä, kaksi puhdasta, {a} punaista kolmosta... ei kun {b}"
    " punaista kolmosta. niillä 200 pöydässä ja 40 kädessä",
}


@given(
    lang=st.sampled_from(sorted(RED_TAKEN_BACK)),
    a=st.integers(min_value=0, max_value=4),
    b=st.integers(min_value=0, max_value=4),
)
def test_a_count_taken_back_is_replaced_not_added(lang: str, a: int, b: int) -> None:
    """ "four red threes... no, THREE": three, whatever the two counts; never seven."""
    text = RED_TAKEN_BACK[lang].format(a=NUMBER[lang][a], b=NUMBER[lang][b])
    reading = read_round(text, Seating(lang=lang))
    ours = reading.sides[0].round
    assert ours.red_threes == b or 0 in {u.side for u in reading.unsure}
    assert ours.red_threes != a + b or a + b == b


KIND_TAKEN_BACK = [
    (
        "en",
        "we went out with 2 naturals, sorry, one natural and one mixed, 400 melded, no red"
        " threes. they had 300 melded and 20 left",
    ),
    (
        "no",
        "vi gikk ut med to rene, unnskyld, én ren og én blanda, 400 meldt, ingen røde."
        " de hadde 300 meldt og 20 igjen",
    ),
    (
        "da",
        "vi gik ud med 400 meldt, en blandet... nej, 1 ren og 1 blandet, ingen røde."
        " de havde 300 meldt og 20 tilbage",
    ),
    (
        "fi",
        "me mentiin ulos 400:lla, kaks sekaa... ei kun puhdas ja seka se oli, ei punasia."
        " niillä 300 pöydässä ja 20 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), KIND_TAKEN_BACK)
def test_canastas_taken_back_are_the_ones_said_after(lang: str, text: str) -> None:
    """ "two naturals, sorry, one natural and one mixed": one of each, not three naturals."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == SideRound(
        meld_points=400, natural_canastas=1, mixed_canastas=1, went_out=WentOut.NORMAL
    )


UNCLEAR = [
    (
        "en",
        "we had 2 naturals and 1 mixed, sorry, 2 mixed, 300 melded, 40 left."
        " they went out with 450, two clean",
    ),
    (
        "no",
        "vi hadde 2 rene og 1 blanda, unnskyld, 2 blanda, 300 meldt, 40 igjen."
        " de gikk ut med 450, to rene",
    ),
    (
        "da",
        "vi havde 2 rene og 1 blandet, undskyld, 2 blandede, 300 meldt, 40 tilbage."
        " de gik ud med 450, to rene",
    ),
    (
        "fi",
        "meillä 2 puhdasta ja 1 seka, anteeks, 2 sekaa, 300 pöydässä, 40 kädessä."
        " ne meni ulos 450:llä, kaksi puhdasta",
    ),
]


@pytest.mark.parametrize(("lang", "text"), UNCLEAR)
def test_a_correction_that_could_replace_either_kind_is_asked_about(lang: str, text: str) -> None:
    """ "2 naturals and 1 mixed, sorry, 2 mixed": the mixed count or all the canastas? Asked."""
    reading = read_round(text, Seating(lang=lang))
    assert 0 in {u.side for u in reading.unsure}


@pytest.mark.parametrize("lang", sorted(NUMBER))
def test_a_plain_no_before_a_kind_is_still_none(lang: str) -> None:
    """The bare "no" that corrects before a count keeps its own sense before a kind."""
    text = {
        "en": "we went out with 400, one clean, no red threes. they had 200 melded and 40 left",
        "no": "vi gikk ut med 400, en ren, nei, ingen røde. de hadde 200 meldt og 40 igjen",
        "da": "vi gik ud med 400, en ren, nej, ingen røde. de havde 200 meldt og 40 tilbage",
        "fi": "me mentiin ulos 400:lla, yks puhdas, ei punasia. niillä 200 pöydässä ja 40 kädessä",
    }[lang]
    reading = read_round(text, Seating(lang=lang))
    if reading.sure:
        assert reading.sides[0].round.red_threes == 0
        assert reading.sides[0].round.natural_canastas == 1


RUN_ON = [
    ("en", "we had 1 clean and 300 melded, sorry, 2 clean they went out with 450, two dirty"),
    ("no", "vi hadde 1 ren og 300 meldt, unnskyld, 2 rene de gikk ut med 450, to urene"),
    ("da", "vi havde 1 ren og 300 meldt, undskyld, 2 rene de gik ud med 450, to urene"),
    ("fi", "meillä 1 puhdas ja 300 pöydässä, anteeks, 2 puhdasta ne meni ulos 450:llä, kaks sekaa"),
]


@pytest.mark.parametrize(("lang", "text"), RUN_ON)
def test_what_runs_on_after_a_correction_stays_where_it_was_said(lang: str, text: str) -> None:
    """Only the corrected value moves back: the other side's words said after it never take
    the first side's table points."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sides[1].round.meld_points in (0, 450)
    assert reading.sides[0].round.natural_canastas in (0, 2)


NOTHING_TAKEN_BACK = [
    (
        "en",
        "sorry, we went out with 400, two clean. they had 200 melded and 40 left, no red threes",
    ),
    ("no", "unnskyld, vi gikk ut med 400, to rene. de hadde 200 meldt og 40 igjen, ingen røde"),
    ("da", "undskyld, vi gik ud med 400, to rene. de havde 200 meldt og 40 tilbage, ingen røde"),
    (
        "fi",
        "me siis mentiin ulos 400:lla, kaks puhdasta. niillä 200 pöydässä ja 40 kädessä, ei"
        " punasia",
    ),
]


@pytest.mark.parametrize(("lang", "text"), NOTHING_TAKEN_BACK)
def test_a_correction_word_with_nothing_before_it_changes_nothing(lang: str, text: str) -> None:
    """ "sorry, we went out ...", Finnish "siis" as a filler: no value said before it, so
    nothing is replaced and nothing asked."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == SideRound(
        meld_points=400, natural_canastas=2, went_out=WentOut.NORMAL
    )


ONE_RED_TAKEN_BACK = [
    (
        "en",
        "we went out, 300 melded, two clean, one red three, sorry, two red threes."
        " they had 200 melded and 40 left",
    ),
    (
        "no",
        "vi gikk ut, 300 meldt, to rene, en rød tre, unnskyld, to røde treere."
        " de hadde 200 meldt og 40 igjen",
    ),
    (
        "da",
        "vi gik ud, 300 meldt, to rene, en rød tre, nej to røde treere."
        " de havde 200 meldt og 40 tilbage",
    ),
    (
        "fi",
        "me mentiin ulos 300:lla, kaks puhdasta, yks punanen kolmonen, ei kun kaks punasta."
        " niillä 200 pöydässä ja 40 kädessä",
    ),
]


@pytest.mark.parametrize(("lang", "text"), ONE_RED_TAKEN_BACK)
def test_one_red_three_taken_back_leaves_no_three_behind(lang: str, text: str) -> None:
    """ "one red three, sorry, two red threes": the "three" of the first is no count left
    over; two red threes, read for certain."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == SideRound(
        meld_points=300, natural_canastas=2, red_threes=2, went_out=WentOut.NORMAL
    )


ACTUALLY = [
    (
        "en",
        "we went out with 400 melded, one clean, no actually, one dirty; they had 200, 25 left,"
        " no red threes",
    ),
    (
        "no",
        "vi gikk ut med 400 meldt, en ren, nei altså, en blandet; de hadde 200, 25 igjen, ingen"
        " røde",
    ),
    (
        "da",
        "vi gik ud med 400 meldt, en ren, nej faktisk, en blandet; de havde 200, 25 tilbage,"
        " ingen røde",
    ),
]


@pytest.mark.parametrize(("lang", "text"), ACTUALLY)
def test_no_actually_takes_back_the_kind_said_before_it(lang: str, text: str) -> None:
    """ "one clean, no actually, one dirty": a mixed canasta, not one of each."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    ours = reading.sides[0].round
    assert (ours.natural_canastas, ours.mixed_canastas) == (0, 1)


TAKEN_BACK = [
    # a count said alone, then taken back with its part
    ("en", "we laid down 450, three, no sorry, two red threes, a clean canasta, went out. they"
     " had 230, a dirty canasta, no red threes, 45 in hand", 450, 1, 0, 2),
    ("no", "vi la ned 450, tre, nei vent, to røde treere, en ren canasta, gikk ut. de hadde"
     " 230, en blandet, ingen røde, 45 på hånda", 450, 1, 0, 2),
    ("da", "vi meldte 450, tre, undskyld, to røde treere, en ren canasta, gik ud. de havde"
     " 230, en blandet, ingen røde, 45 på hånden", 450, 1, 0, 2),
    ("fi", "me laitettiin 450, kolme, eiku kaksi punaista kolmosta, yksi puhdas kanasta,"
     " mentiin ulos. niillä 230, yksi seka, ei punaisia, 45 kädessä", 450, 1, 0, 2),
    # a part counted, then only the count taken back
    ("en", "we had two canastas, sorry, three, two clean and a dirty, 520 melded, no red"
     " threes, went out. they had 230, a dirty canasta, no red threes, 45 in hand", 520, 2, 1, 0),
    ("no", "vi hadde to canastaer, nei vent, tre, to rene og en blandet, 520 meldt, ingen"
     " røde, gikk ut. de hadde 230, en blandet, ingen røde, 45 på hånda", 520, 2, 1, 0),
    ("da", "vi havde to canastaer, nej vent, tre, to rene og en blandet, 520 meldt, ingen"
     " røde, gik ud. de havde 230, en blandet, ingen røde, 45 på hånden", 520, 2, 1, 0),
    ("fi", "meillä oli kaksi kanastaa, eiku kolme, kaksi puhdasta ja yksi seka, 520"
     " pöydässä, ei punaisia, mentiin ulos. niillä 230, yksi seka, ei punaisia, 45"
     " kädessä", 520, 2, 1, 0),
    # a correction said as an aside; the sentence resumes with the table's points
    ("en", "we went out with a clean canasta - no wait, a clean and a dirty - 410 points, one"
     " red three. they had 230, a dirty canasta, no red threes, 45 in hand", 410, 1, 1, 1),
    ("no", "vi gikk ut med en ren – nei vent, en ren og en blandet – 410 poeng, én rød"
     " treer. de hadde 230, en blandet, ingen røde, 45 på hånda", 410, 1, 1, 1),
    ("da", "vi gik ud med en ren – nej vent, en ren og en blandet – 410 point, én rød treer."
     " de havde 230, en blandet, ingen røde, 45 på hånden", 410, 1, 1, 1),
    ("fi", "me mentiin ulos yhdellä puhtaalla – ei vaan puhdas ja seka – 410 pistettä,"
     " yksi punainen kolmonen. niillä 230, yksi seka, ei punaisia, 45 kädessä", 410, 1, 1, 1),
    # a number taken back after a hesitation or an "or no"
    ("en", "we went out, 310, uh no 330 melded, a clean and a dirty, one red three. they had"
     " 230, a dirty canasta, no red threes, 45 in hand", 330, 1, 1, 1),
    ("no", "vi gikk ut, vi hadde 310 – eller nei, 330 – meldt, en ren og en blandet, én rød"
     " treer. de hadde 230, en blandet, ingen røde, 45 på hånda", 330, 1, 1, 1),
    ("da", "vi gik ud, vi meldte 310, øh nej 330, en ren og en blandet, én rød treer. de"
     " havde 230, en blandet, ingen røde, 45 på hånden", 330, 1, 1, 1),
    ("fi", "me mentiin ulos, pöydässä 310, öö ei kun 330, puhdas ja seka, yksi punainen"
     " kolmonen. niillä 230, yksi seka, ei punaisia, 45 kädessä", 330, 1, 1, 1),
]  # fmt: skip
"""(lang, sentence, our table points, naturals, mixed, red threes): a count said alone and
taken back with its part, a part counted and only its count taken back, a correction said
as an aside the sentence resumes after, a number taken back after a hesitation."""


@pytest.mark.parametrize(("lang", "text", "meld", "natural", "mixed", "red"), TAKEN_BACK)
def test_what_a_correction_takes_back_gives_way_to_what_follows_it(
    lang: str, text: str, meld: int, natural: int, mixed: int, red: int
) -> None:
    """ "450, three, no sorry, two red threes": two, the round read as meant, unasked."""
    reading = read_round(text, Seating(lang=lang))
    ours = reading.sides[0].round
    assert reading.unsure == ()
    assert (ours.meld_points, ours.natural_canastas, ours.mixed_canastas, ours.red_threes) == (
        meld,
        natural,
        mixed,
        red,
    )
    assert reading.sides[1].round == SideRound(meld_points=230, mixed_canastas=1, hand_points=45)


ASKED_AND_ANSWERED = [
    (
        "en",
        "we went out hidden? no, the normal way. 410 melded, two clean, no red threes."
        " they had 220 melded, 35 left, no red threes",
    ),
    (
        "no",
        "vi gikk ut skjult? nei – vanlig. 410 meldt, to rene, ingen røde treere."
        " de hadde 220 meldt, 35 igjen, ingen røde treere",
    ),
    (
        "da",
        "vi gik ud fra hånden? nej, normalt. 410 meldt, to rene, ingen røde treere."
        " de havde 220 meldt, 35 tilbage, ingen røde treere",
    ),
    (
        "fi",
        "me mentiin ulos kerralla? ei kun tavallisesti. 410 pöydässä, kaksi puhdasta, ei"
        " punaisia. niillä 220 pöydässä, 35 kädessä, ei punaisia",
    ),
]


@pytest.mark.parametrize(("lang", "text"), ASKED_AND_ANSWERED)
def test_a_concealed_going_out_asked_and_answered_no_is_the_ordinary_one(
    lang: str, text: str
) -> None:
    """ "went out concealed? no, normal": the speaker asks themself and answers; the
    answer replaces what was asked, so the side went out the ordinary way, read as sure."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == SideRound(
        meld_points=410, natural_canastas=2, went_out=WentOut.NORMAL
    )


COUNT_ASKED_AND_ANSWERED = [
    ("en", "we went out, 300 melded, two clean, three red threes? no, two. they had 90 melded"),
    ("no", "vi gikk ut, 300 meldt, to rene, tre røde treere? nei, to. de hadde 90 meldt"),
    ("da", "vi gik ud, 300 meldt, to rene, tre røde treere? nej, to. de havde 90 meldt"),
    ("fi", "me mentiin ulos, 300 pöydässä, kaksi puhdasta, kolme punaista? ei, kaksi. niillä 90"),
]


@pytest.mark.parametrize(("lang", "text"), COUNT_ASKED_AND_ANSWERED)
def test_a_count_asked_and_answered_no_gives_way_to_the_answer(lang: str, text: str) -> None:
    """ "three red threes? no, two": the count after the lone "no" replaces the one asked,
    never added to it (five) nor left as asked (three)."""
    ours = read_round(text, Seating(lang=lang)).sides[0].round
    assert ours.red_threes == 2


NO_AFTER_A_QUESTION = [
    ("en", "we went out concealed? no red threes though. 410 melded, two clean"),
    ("no", "vi gikk ut skjult? ingen røde treere altså. 410 meldt, to rene"),
]


@pytest.mark.parametrize(("lang", "text"), NO_AFTER_A_QUESTION)
def test_a_no_with_its_own_words_after_a_question_takes_nothing_back(lang: str, text: str) -> None:
    """ "concealed? no red threes": the "no" counts the red threes; the going out stays."""
    ours = read_round(text, Seating(lang=lang)).sides[0].round
    assert ours.went_out is WentOut.CONCEALED


ADDED = [
    ("en", "we went out with 480 melded, one natural, one red three. they had 210 and 60 in"
     " hand. no wait, we had a mixed canasta as well"),
    ("no", "vi gikk ut med 480 meldt, en ren, én rød treer. de hadde 210 og 60 på hånda."
     " nei vent, vi hadde en blandet kanasta også"),
    ("da", "vi gik ud med 480 meldt, en ren, én rød treer. de havde 210 og 60 på hånden."
     " nej vent, vi havde en blandet canasta derudover"),
    ("fi", "me mentiin ulos 480:llä, yksi puhdas, yksi punainen kolmonen. niillä 210 ja 60"
     " kädessä. ei kun, meillä oli lisäksi yksi sekakanasta"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), ADDED)
def test_a_correction_that_adds_keeps_what_was_said_before(lang: str, text: str) -> None:
    """ "no wait, we had a mixed one as well": nothing is taken back, one more is said."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [
        SideRound(
            meld_points=480,
            natural_canastas=1,
            mixed_canastas=1,
            red_threes=1,
            went_out=WentOut.NORMAL,
        ),
        SideRound(meld_points=210, hand_points=60),
    ]


ONE_OF_THEM = [
    ("en", "we went out with 560 melded, three naturals, wait, one of them was mixed. no red"
     " threes. they had 230 and 35 left, no red threes"),
    ("no", "vi gikk ut med 560 meldt, tre rene, nei vent, den ene var blandet. ingen røde."
     " de hadde 230 og 35 igjen, ingen røde"),
    ("da", "vi gik ud med 560 meldt, tre rene, nej vent, den ene var blandet. ingen røde."
     " de havde 230 og 35 tilbage, ingen røde"),
    ("fi", "me mentiin ulos 560:llä, kolme puhdasta, ei hetkinen, yksi niistä oli seka. ei"
     " punaisia. niillä 230 ja 35 kädessä, ei punaisia"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), ONE_OF_THEM)
def test_one_of_the_canastas_corrected_changes_only_that_one(lang: str, text: str) -> None:
    """ "three naturals, wait, one of them was mixed": two naturals and a mixed, not three
    naturals and a mixed, nor one mixed alone."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [
        SideRound(meld_points=560, natural_canastas=2, mixed_canastas=1, went_out=WentOut.NORMAL),
        SideRound(meld_points=230, hand_points=35),
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "they went out with a dirty canasta, no wait, it was clean. 270 melded and one red"
            " three. we: 195 melded, no canasta, 40 in hand, no red threes",
        ),
        (
            "da",
            "de gik ud med en uren kanasta.. nej vent, den var ren. 270 meldt og en rød treer."
            " vi: 195 meldt, ingen kanasta, 40 på hånden, ingen røde",
        ),
    ],
)
def test_the_one_canasta_given_another_kind_is_that_kind(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == [
        side(195, hand=40),
        side(270, natural=1, red=1, out="normal"),
    ]
