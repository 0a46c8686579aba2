"""Whose words follow a clause about the other side, and whose a "they" after a side's name
is: "we went out concealed before they'd even opened, 245 melded" keeps the 245 ours; "team A
455 ..., they went out" sends team A out, not the opponents. Sentences written for these
tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.round import SideRound, WentOut
from bot.talk.round_talk import Seating, read_round

BEFORE_THEY_OPENED = [
    (
        "en",
        "we went out concealed before they had even opened, 310 melded, two clean, one red"
        " three. they had 120 left",
    ),
    (
        "no",
        "vi gikk ut skjult før de i det hele tatt hadde åpnet, 310 meldt, to rene, en rød"
        " treer. de satt med 120",
    ),
    (
        "da",
        "vi gik ud skjult før de overhovedet havde meldt, 310 meldt, to rene, en rød treer."
        " de sad med 120",
    ),
    (
        "fi",
        "me mentiin ulos piilossa ennen ku ne oli avannu, 310 pöydässä, kaks puhdasta, yks"
        " punanen kolmonen. niille jäi 120 käteen",
    ),
]


@pytest.mark.parametrize(("lang", "text"), BEFORE_THEY_OPENED)
def test_a_clause_about_the_others_does_not_take_our_figures(lang: str, text: str) -> None:
    """The table points and canastas after "before they'd opened" are never the opponents'."""
    reading = read_round(text, Seating(lang=lang))
    theirs = reading.sides[1].round
    assert theirs.meld_points != 310
    assert theirs.natural_canastas == 0
    if 0 not in {u.side for u in reading.unsure}:
        assert reading.sides[0].round == SideRound(
            meld_points=310, natural_canastas=2, red_threes=1, went_out=WentOut.CONCEALED
        )


@pytest.mark.parametrize(("lang", "text"), BEFORE_THEY_OPENED)
def test_before_they_opened_says_they_laid_nothing_down(lang: str, text: str) -> None:
    """ "before they'd even opened": their table points are none, not asked about."""
    reading = read_round(text, Seating(lang=lang))
    assert ("meld", 1) not in {(u.what, u.side) for u in reading.unsure}
    assert reading.sides[1].round.meld_points == 0


TEAM_THEN_THEY = [
    ("en", "team A", "team B", "team A 420 melded, one clean one dirty, they went out. team B"),
    ("no", "lag A", "lag B", "lag A 420 meldt, en ren og en blanda, de gikk ut. lag B"),
    ("da", "hold A", "hold B", "hold A 420 meldt, en ren og en blandet, de gik ud. hold B"),
    ("fi", "joukkue A", "joukkue B", "joukkue A 420 pöydässä, yks puhdas yks seka, ne meni ulos."),
]
TEAM_B_REST = {
    "en": " 150 melded, 60 left",
    "no": " 150 meldt, 60 igjen",
    "da": " 150 meldt, 60 tilbage",
    "fi": " joukkue B 150 pöydässä, 60 käteen",
}


@pytest.mark.parametrize(("lang", "first", "second", "text"), TEAM_THEN_THEY)
@pytest.mark.parametrize("speaker", [0, 1])
def test_they_after_a_team_name_is_that_team(
    lang: str, first: str, second: str, text: str, speaker: int
) -> None:
    """Read off a score sheet, "team A ..., they went out" is team A going out, whoever
    says it."""
    seating = Seating(speaker=speaker, names=((first,), (second,)), lang=lang)
    reading = read_round(text + TEAM_B_REST[lang], seating)
    assert reading.sides[1].round.went_out is WentOut.NO
    if 0 not in {u.side for u in reading.unsure}:
        assert reading.sides[0].round.went_out is WentOut.NORMAL


def test_they_after_a_player_of_ones_own_side_is_asked_about() -> None:
    """ "Anna 420 melded, they went out": Anna's side or the others? Asked, never guessed."""
    seating = Seating(speaker=0, names=(("Us", "Anna"), ("Them", "Bo")), lang="en")
    reading = read_round(
        "Anna 420 melded, one clean, they went out. Bo 150 melded, 60 left", seating
    )
    assert not reading.sure
    assert reading.sides[1].round.went_out is WentOut.NO or not reading.sure
