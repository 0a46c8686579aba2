"""/round say asks about a reading the scorer would refuse (more card points than the decks
hold, more red threes than there are): one of its figures was misheard, and which one the
reader cannot tell. Rounds written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # 900 in one hand and 420 on the table: more card points than the two decks hold
        (
            "en",
            "we went out with 420, one clean one dirty, 1 red three. they 230, one dirty,"
            " 900 in hand",
        ),
        ("no", "vi gikk ut med 420, en ren og en uren, 1 rød treer. de 230, en uren, 900 på hånda"),
    ],
)
def test_more_card_points_than_the_decks_hold_is_asked_about(lang: str, text: str) -> None:
    reading = read_round(text, Seating(lang=lang), load_variant("classic"))
    asked = [u for u in reading.unsure if u.what == "impossible"]
    assert asked
    assert asked[0].words == "1550 > 1180"


def test_a_possible_round_is_not_asked_about() -> None:
    reading = read_round(
        "we went out with 420, one clean one dirty, 1 red three. they 230, one dirty, 90 in hand",
        Seating(lang="en"),
        load_variant("classic"),
    )
    assert reading.unsure == ()
