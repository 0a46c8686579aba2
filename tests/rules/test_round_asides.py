"""What a round said aloud tells besides the sides' rounds (the round's number, how many
play, the variant, the stock running out) is read as such: the round is read without a
question about it, and its numbers and game words land on no side. Sentences written for
these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.round import WentOut
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked

OURS, THEIRS = WE_WENT_OUT

ROUND_NUMBER = [
    ("en", "Round 5 on the sheet. we went out with 420, a clean and a dirty, one red three."
     " they had 230 and a dirty canasta, no red threes, 45 in hand"),
    ("en", "round 12: we went out with 420, a clean and a dirty, one red three. they had 230"
     " and a dirty canasta, no red threes, 45 in hand"),
    ("no", "Runde tre til blokka. vi gikk ut med 420, en ren og en blandet, én rød treer. de"
     " hadde 230 og en blandet, ingen røde, 45 på hånda"),
    ("da", "Omgang 4. vi gik ud med 420, en ren og en blandet, én rød treer. de havde 230 og"
     " en blandet, ingen røde, 45 på hånden"),
    ("fi", "Kierros kuusi kirjoihin. me mentiin ulos 420:llä, puhdas ja seka, yksi punainen"
     " kolmonen. niillä 230 ja yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), ROUND_NUMBER)
def test_the_rounds_number_is_no_part_of_it(lang: str, text: str) -> None:
    """ "Round 5 on the sheet": the 5 says which round, so the round is read, unasked."""
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


STOCK_OUT = [
    ("en", "the stock ran out and nobody went out. we had 420, a clean and a dirty, one red"
     " three, 30 in hand. they had 230, a dirty canasta, no red threes, 45 in hand"),
    ("no", "bunken tok slutt, ingen gikk ut. vi hadde 420, en ren og en blandet, én rød"
     " treer, 30 på hånda. de hadde 230, en blandet, ingen røde, 45 på hånda"),
    ("da", "bunken løb tør, ingen gik ud. vi havde 420, en ren og en blandet, én rød treer,"
     " 30 på hånden. de havde 230, en blandet, ingen røde, 45 på hånden"),
    ("fi", "pakka loppui, kukaan ei mennyt ulos. meillä 420, puhdas ja seka, yksi punainen"
     " kolmonen, 30 kädessä. niillä 230, yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), STOCK_OUT)
def test_the_stock_running_out_is_no_going_out(lang: str, text: str) -> None:
    """ "the stock ran out": the round ended with nobody out, and its "out" is not asked."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    ours = OURS.model_copy(update={"went_out": WentOut.NO, "hand_points": 30})
    assert [s.round for s in reading.sides] == [ours, THEIRS]


TABLE_TALK = [
    ("en", "four players, two teams: we went out with 420, a clean and a dirty, one red three."
     " they had 230 and a dirty canasta, no red threes, 45 in hand"),
    ("en", "cuban canasta tonight: we went out with 420, a clean and a dirty, one red three."
     " they had 230 and a dirty canasta, no red threes, 45 in hand"),
    ("no", "fire spillere, to par. vi gikk ut med 420, en ren og en blandet, én rød treer. de"
     " hadde 230 og en blandet, ingen røde, 45 på hånda"),
    ("da", "fire spillere og to hold: vi gik ud med 420, en ren og en blandet, én rød treer."
     " de havde 230 og en blandet, ingen røde, 45 på hånden"),
    ("fi", "neljän pelissä kaksi paria: me mentiin ulos 420:llä, puhdas ja seka, yksi"
     " punainen kolmonen. niillä 230 ja yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), TABLE_TALK)
def test_counts_of_players_and_variant_names_are_no_part_of_a_round(lang: str, text: str) -> None:
    """ "four players, two teams", "cuban canasta": no count of anything a side had, no
    canasta of its kind unsaid."""
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


def test_a_count_in_a_sides_name_is_no_part_of_its_round() -> None:
    """A side called "kolmen porukka" (the three's group): its "three" counts nothing."""
    text = (
        "kolmen porukka meni ulos 420:llä, puhdas ja seka, yksi punainen kolmonen. kahden"
        " porukka: 230 ja yksi seka, ei punaisia, 45 kädessä"
    )
    seating = Seating(lang="fi", names=(("kolmen porukka",), ("kahden porukka",)))
    reading = read_round(text, seating)
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [OURS, THEIRS]


def test_a_number_after_a_round_word_inside_a_clause_stays_points() -> None:
    """ "gik ud i én omgang 270 meldt": "omgang" is a go here, 270 the table's points."""
    text = (
        "vi gik ud skjult i én omgang 270 meldt, en ren canasta, en rød treer. de havde 230"
        " og en blandet, ingen røde, 45 på hånden"
    )
    reading = read_round(text, Seating(lang="da"))
    assert reading.sides[0].round.meld_points == 270 or 0 in {u.side for u in reading.unsure}


NOBODYS_THREES = [
    ("en", "we went out with 420, a clean and a dirty. they had 230, a dirty canasta, 45 in"
     " hand. no one picked up a red three"),
    ("en", "neither side got any red threes: we went out with 420, a clean and a dirty. they"
     " had 230, a dirty canasta, 45 in hand"),
    ("no", "vi gikk ut med 420, en ren og en blandet. de hadde 230, en blandet, 45 på hånda,"
     " og ingen av oss fikk noen røde treere"),
    ("no", "verken vi eller de hadde røde treere. vi gikk ut med 420, en ren og en blandet."
     " de hadde 230, en blandet, 45 på hånda"),
    ("da", "ingen af os havde en rød treer. vi gik ud med 420, en ren og en blandet. de"
     " havde 230, en blandet, 45 på hånden"),
    ("fi", "me mentiin ulos 420:llä, puhdas ja seka. niillä 230 ja yksi seka, 45 kädessä,"
     " eikä kukaan saanut yhtään punaista kolmosta"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NOBODYS_THREES)
def test_red_threes_said_of_nobody_are_none_for_every_side(lang: str, text: str) -> None:
    """ "no one picked up a red three": every side none, unasked; never one each."""
    reading = read_round(text, Seating(lang=lang))
    assert [s.round for s in reading.sides] == [
        OURS.model_copy(update={"red_threes": 0}),
        THEIRS,
    ]
    assert reading.unsure == ()
