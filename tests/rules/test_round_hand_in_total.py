"""A side's hands said with a word for their sum right by the hand word ("käsissä 150
yhteensä", "kädessä yhteensä 90", "på hænderne i alt 60") are the side's hand, read
exactly: not a total said again, asked about. Sentences written for these tests, none from
a benchmark set."""

from __future__ import annotations

import pytest

from tests.rules.said_rounds import read_unasked, side

HAND_IN_TOTAL = [
    ("fi", "me mentiin ulos 420:llä, puhdas ja seka, yks punanen kolmonen."
     " ne 230 pöydässä, yks seka, käsissä 60 yhteensä"),
    ("fi", "me mentiin ulos 420:llä, puhdas ja seka, yks punanen kolmonen."
     " ne 230 pöydässä, yks seka, kädessä yhteensä 60"),
    ("da", "vi gik ud med 420, en ren og en blandet, én rød treer."
     " de havde 230 meldt, en blandet, ingen røde, på hænderne i alt 60"),
    ("no", "vi gikk ut med 420, en ren og en blandet, én rød treer."
     " de hadde 230 meldt, en blandet, ingen røde, på hendene 60 til sammen"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), HAND_IN_TOTAL)
def test_a_hand_said_with_its_sum_is_the_hand(lang: str, text: str) -> None:
    """ "käsissä 60 yhteensä": 60 in the side's hands, no question asked."""
    assert read_unasked(text, lang) == [
        side(420, natural=1, mixed=1, red=1, out="normal"),
        side(230, mixed=1, hand=60),
    ]


def test_a_score_said_with_had_is_still_no_hand() -> None:
    """ "had 1250 in total": a score, never a hand (only a hand word marks one)."""
    assert (
        read_unasked(
            "we went out with 420, a clean and a dirty, one red three. they had 1250 in total",
            "en",
        )
        is None
    )
