"""/round say reads a team's size said after its noun ("two teams of three", "to lag på tre")
as no part of any side's round, so its count is not asked about as a count of nothing.
Rounds written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_asides import without_asides
from tests.rules.said_rounds import read_unasked, side


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "big game, two teams of three. we went out with 680 melded, two clean canastas and"
            " one dirty, 1 red three. they 410 melded, one dirty, no red threes, 95 in hand",
        ),
        (
            "no",
            "stort bord, to lag på tre. vi gikk ut med 680 meldt, to rene og en uren, 1 rød"
            " treer. de 410 meldt, en uren, ingen røde, 95 på hånda",
        ),
    ],
)
def test_a_teams_size_is_no_count_of_the_round(lang: str, text: str) -> None:
    read = read_unasked(text, lang, load_variant("six-player-teams"))
    assert read == [side(680, natural=2, mixed=1, red=1, out="normal"), side(410, mixed=1, hand=95)]


def test_a_count_after_a_team_that_goes_on_is_kept() -> None:
    # "their team had 3": a clause that goes on after the count says what it counts
    words = ["their", "team", "had", "3", "red", "threes"]
    assert without_asides(words, "en") == words
