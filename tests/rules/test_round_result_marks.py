"""/round say reads an equals sign or an arrow at the end of a side's sum as the side's total
for the round ("35 in hand = 415"), checked against what the side's parts score, not as one
more hand; a mark after a label ("Team 1 = 230") still gives the label its value. Every round
below is written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_restated import results_marked
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked

CLASSIC = load_variant("classic")
US_EN = "us: 420 melded, 1 natural 1 mixed, 1 red three, out."
US_NO = "vi: 420 meldt, 1 ren 1 uren, 1 rød treer, ute."
US_DA = "os: 420 meldt, 1 ren 1 uren, 1 rød treer, ude."
US_FI = "me: 420 pöytään, 1 puhdas 1 likainen, 1 punainen kolmonen, ulos."


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", US_EN + " them: 230 melded, 1 mixed, no red threes, 45 in hand = 485"),
        ("no", US_NO + " dem: 230 meldt, 1 uren, ingen røde, 45 på hånda -> 485"),
        ("da", US_DA + " dem: 230 meldt, 1 uren, ingen røde, 45 på hånden → 485"),
        ("fi", US_FI + " ne: 230 pöytään, 1 likainen, ei punaisia, 45 kädessä = 485"),
    ],
)
def test_a_total_after_an_equals_sign_is_no_hand(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == list(WE_WENT_OUT)


def test_a_total_that_is_not_the_sides_score_is_asked_about() -> None:
    reading = read_round(
        "us: 420 melded, 1 natural 1 mixed, 1 red three, out. them: 230 melded, 1 mixed,"
        " no red threes, 45 in hand = 500",
        Seating(lang="en"),
        CLASSIC,
    )
    assert reading.unsure
    assert reading.sides[1].round.hand_points != 545


def test_a_label_keeps_its_value() -> None:
    assert (
        results_marked("Team 1 = 230 / 1 dirty / 45 hand", "en")
        == "Team 1 = 230 / 1 dirty / 45 hand"
    )
    assert results_marked("1 dirty, 45 in hand = 485", "en") != "1 dirty, 45 in hand = 485"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", US_EN + " them: 230 melded, 1 mixed, no red threes and 45 in hand, so 485"),
        ("no", US_NO + " dem: 230 meldt, 1 uren, ingen røde og 45 på hånda, altså 485"),
    ],
)
def test_a_sides_net_said_last_confirms_its_parts(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == list(WE_WENT_OUT)


def test_a_last_figure_that_is_not_the_net_is_asked_about() -> None:
    text = US_EN + " them: 230 melded, 1 mixed, no red threes and 45 in hand, so 490"
    assert read_unasked(text, "en", CLASSIC) is None


def test_a_cuban_side_read_with_more_red_threes_than_the_decks_hold_is_asked_not_a_crash() -> None:
    reading = read_round(
        "3 red threes for us, then 3 red threes again, 320 melded, one natural, we went out,"
        " so 1600. they 200, one mixed, 40 in hand",
        Seating(lang="en"),
        load_variant("cuban"),
    )
    assert reading.unsure
