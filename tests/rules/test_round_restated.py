"""A figure a side's words say again (``bot/talk/round_restated``): the score of the part of
the round just said, by the variant's own tables, or a hand said in parts and then whole. It
is no new component when it equals that score exactly; when it does not, the reader asks.
Sentences written for these tests in all four languages, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_assemble import assemble
from bot.talk.round_tagger import Tagged
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")
CUBAN = load_variant("cuban")
SIX_TEAMS = load_variant("six-player-teams")

TWO_RED_THREES_SO_200 = [
    ("en", "they had 240 melded, a mixed canasta, 2 red threes so 200, and 70 in hand. we went"
     " out with 410, a natural canasta and a mixed one, no red threes"),
    ("no", "de hadde 240 meldt, en blandet canasta, 2 røde treere så 200, og 70 på hånda. vi"
     " gikk ut med 410, en ren canasta og en blandet, ingen røde treere"),
    ("da", "de havde 240 meldt, en blandet canasta, 2 røde treere så 200, og 70 på hånden. vi"
     " gik ud med 410, en ren canasta og en blandet, ingen røde treere"),
    ("fi", "niillä oli 240 pöydässä, yks likanen kanasta, 2 punasta kolmosta eli 200, ja 70"
     " kädessä. me mentiin ulos 410:llä, yks puhdas kanasta ja yks likanen, ei punasia"
     " kolmosia"),
]  # fmt: skip
THEIRS = side(240, mixed=1, red=2, hand=70)
OURS = side(410, natural=1, mixed=1, out="normal")


@pytest.mark.parametrize(("lang", "text"), TWO_RED_THREES_SO_200)
def test_the_red_three_bonus_said_again_is_no_component(lang: str, text: str) -> None:
    """ "2 red threes so 200": the bonus the two are worth, not table points or a question."""
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


@pytest.mark.parametrize(("lang", "text"), TWO_RED_THREES_SO_200)
def test_a_figure_the_red_threes_are_not_worth_is_asked_about(lang: str, text: str) -> None:
    """ "2 red threes so 300" (the mixed canasta said before them is worth 300, but the
    figure follows the red threes): not their score, so the side is asked about."""
    reading = read_round(text.replace("200", "300"), Seating(lang=lang), CLASSIC)
    assert any(u.what == "number" and u.side == 1 for u in reading.unsure)


NOTHING_MELDED_MINUS_100 = [
    ("en", "we never melded anything, we had one red three, so minus 100, and 85 in hand. they"
     " went out with 300, a natural canasta, no red threes"),
    ("no", "vi fikk ikke meldt noe, vi hadde en rød treer, så minus 100, og 85 på hånda. de"
     " gikk ut med 300, en ren canasta, ingen røde treere"),
    ("da", "vi fik ikke meldt noget, vi havde en rød treer, så minus 100, og 85 på hånden. de"
     " gik ud med 300, en ren canasta, ingen røde treere"),
    ("fi", "me ei saatu mitään pöytään, meillä oli yks punanen kolmonen, eli miinus 100, ja 85"
     " kädessä. ne meni ulos 300:lla, yks puhdas kanasta, ei punasia kolmosia"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NOTHING_MELDED_MINUS_100)
def test_the_red_three_penalty_said_with_its_minus_is_no_component(lang: str, text: str) -> None:
    """Nothing melded: the red three costs 100, and "minus 100" says so."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(0, red=1, hand=85),
        side(300, natural=1, out="normal"),
    ]


@pytest.mark.parametrize(("lang", "text"), TWO_RED_THREES_SO_200)
def test_a_minus_before_a_bonus_is_asked_about(lang: str, text: str) -> None:
    """The side melded, so its red threes are +200: "minus 200" is not their score."""
    said = {"en": "so minus", "no": "så minus", "da": "så minus", "fi": "eli miinus"}[lang]
    text = text.replace(said.split()[0] + " 200", said + " 200")
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert any(u.what == "number" and u.side == 1 for u in reading.unsure)


THREE_RED_THREES_SO_500 = [
    ("en", "we had 3 red threes, so 500, 280 melded, a natural canasta, 60 in hand. they went"
     " out with 390, a natural and a mixed canasta, 1 red three"),
    ("no", "vi hadde 3 røde treere, altså 500, 280 meldt, en ren canasta, 60 på hånda. de gikk"
     " ut med 390, en ren og en blandet canasta, 1 rød treer"),
    ("da", "vi havde 3 røde treere, altså 500, 280 meldt, en ren canasta, 60 på hånden. de gik"
     " ud med 390, en ren og en blandet canasta, 1 rød treer"),
    ("fi", "meillä oli 3 punasta kolmosta, eli 500, 280 pöydässä, yks puhdas kanasta, 60"
     " kädessä. ne meni ulos 390:llä, yks puhdas ja yks likanen kanasta, 1 punanen kolmonen"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), THREE_RED_THREES_SO_500)
def test_the_variant_s_own_red_three_table_decides(lang: str, text: str) -> None:
    """Three red threes are 500 in Cuban and 300 in classic: a restatement in one, a figure
    to ask about in the other."""
    assert read_unasked(text, lang, CUBAN) == [
        side(280, natural=1, red=3, hand=60),
        side(390, natural=1, mixed=1, red=1, out="normal"),
    ]
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert any(u.what == "number" and u.side == 0 for u in reading.unsure)


@pytest.mark.parametrize("lang", ["en", "no", "da", "fi"])
def test_a_figure_said_as_table_points_stays_table_points(lang: str) -> None:
    """ "1 red three, 100 melded": equal to the bonus, but a table word says what it is."""
    text = {
        "en": "they had 1 red three, 100 melded, a mixed canasta and 70 in hand. we went out"
        " with 410, a natural canasta and a mixed one, no red threes",
        "no": "de hadde 1 rød treer, 100 meldt, en blandet canasta og 70 på hånda. vi gikk ut"
        " med 410, en ren canasta og en blandet, ingen røde treere",
        "da": "de havde 1 rød treer, 100 meldt, en blandet canasta og 70 på hånden. vi gik ud"
        " med 410, en ren canasta og en blandet, ingen røde treere",
        "fi": "niillä oli 1 punanen kolmonen, 100 pöydässä, yks likanen kanasta ja 70 kädessä."
        " me mentiin ulos 410:llä, yks puhdas kanasta ja yks likanen, ei punasia kolmosia",
    }[lang]
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.sides[1].round.meld_points == 100 or 1 in {u.side for u in reading.unsure}
    assert reading.sides[1].round.meld_points in (0, 100)


HAND_IN_PARTS_THEN_WHOLE = [
    ("en", "we went out with 430, a natural canasta, no red threes. they had 250, a mixed"
     " canasta, no red threes, Ann was holding 35 and Tom had 20 so 55 in hand"),
    ("no", "vi gikk ut med 430, en ren canasta, ingen røde treere. de hadde 250, en blandet"
     " canasta, ingen røde treere, Kari satt med 35 og Ola hadde 20 så 55 på hånda"),
    ("da", "vi gik ud med 430, en ren canasta, ingen røde treere. de havde 250, en blandet"
     " canasta, ingen røde treere, Lone sad med 35 og Jens havde 20 så 55 på hånden"),
    ("fi", "me mentiin ulos 430:llä, yks puhdas kanasta, ei punasia kolmosia. niillä oli 250,"
     " yks likanen kanasta, ei punasia kolmosia, toisella jäi käteen 35 ja toisella 20 eli 55"
     " kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), HAND_IN_PARTS_THEN_WHOLE)
def test_a_hand_said_in_parts_then_whole_is_the_whole(lang: str, text: str) -> None:
    """Two players, three hands said, the last the sum of the others: the hand is 55."""
    assert read_unasked(text, lang, CLASSIC) == [
        side(430, natural=1, out="normal"),
        side(250, mixed=1, hand=55),
    ]


@pytest.mark.parametrize(("lang", "text"), HAND_IN_PARTS_THEN_WHOLE)
def test_three_hands_of_three_players_are_asked_about(lang: str, text: str) -> None:
    """Three players a side: 35, 20 and 55 may be each one's hand (110), or 55 said whole."""
    reading = read_round(text, Seating(lang=lang), SIX_TEAMS)
    assert any(u.what == "hand" and u.side == 1 for u in reading.unsure)


def _assembled(text: str, roles: str) -> tuple[dict[str, int], list[str]]:
    words = text.split()
    tags = tuple(roles.split())
    built = assemble(words, Tagged(tags, (1.0,) * len(tags)), "en", 0, variant=CLASSIC)
    return built.side.model_dump(exclude_defaults=True), [u.what for u in built.unsure]


def test_the_tagger_s_no_role_on_a_restated_score_is_read_past() -> None:
    read, unsure = _assembled(
        "300 melded | 2 red threes so 200 | 40 left", "MELD O O N_RED O O O O O HAND O"
    )
    assert (read, unsure) == ({"meld_points": 300, "red_threes": 2, "hand_points": 40}, [])


def test_a_restated_score_the_tagger_reads_as_points_is_asked_about() -> None:
    """ "1 red three (so -100)" tagged as table points: the table's or the red three's?"""
    _, unsure = _assembled(
        "nothing melded | 1 red three so 100 | 40 left", "NOMELD NOMELD O N_RED O O O MELD O HAND O"
    )
    assert "number" in unsure


MORE_RED_THREES_THAN_THE_DECKS = [
    ("en", "we went out with 400, a natural canasta, 9 red threes so 900. they had 200,"
     " 30 in hand"),
    ("no", "vi gikk ut med 400, en ren canasta, 9 røde treere altså 900. de hadde 200,"
     " 30 på hånda"),
    ("da", "vi gik ud med 400, en ren canasta, 9 røde treere så 900. de havde 200, 30 på hånden"),
    ("fi", "me mentiin ulos 400:lla, yks puhdas kanasta, 9 punasta kolmosta eli 900. niillä 200,"
     " 30 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), MORE_RED_THREES_THAN_THE_DECKS)
def test_a_figure_after_more_red_threes_than_the_decks_hold_is_asked(lang: str, text: str) -> None:
    """Nine red threes have no score to restate (the decks hold four): the reading is asked
    about, and reading it never fails (it raised IndexError from the red-three table)."""
    reading = read_round(text, Seating(lang=lang, sides=2, speaker=0), CLASSIC)
    assert reading.unsure


NO_BONUS_BEFORE_ITS_PART = [
    ("en", "we: 1085 (385 + clean 500 + 1 red + out 100). they: 305 melded, 1 mixed, 2 red"
     " threes, 80 in hand"),
    ("no", "vi: 1085 (385 + ren 500 + 1 rød + ute 100). de: 305 meldt, 1 blandet, 2 røde"
     " treere, 80 på hånda"),
    ("da", "vi: 1085 (385 + ren 500 + 1 rød + ude 100). de: 305 meldt, 1 blandet, 2 røde"
     " treere, 80 på hånden"),
    ("fi", "me: 1085 (385 + puhdas 500 + 1 punanen + ulos 100). ne: 305 pöydässä, 1 likanen,"
     " 2 punasta, 80 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NO_BONUS_BEFORE_ITS_PART)
def test_a_figure_before_a_part_that_is_no_bonus_is_asked(lang: str, text: str) -> None:
    """Bonuses are whole hundreds in every variant: "385 + clean 500" is the table's 385,
    not a bonus said before its canasta; it was dropped unsaid, and Finnish "ulos 100" then
    read as the table points with nothing asked."""
    reading = read_round(text, Seating(lang=lang, sides=2, speaker=0), CLASSIC)
    assert reading.unsure
