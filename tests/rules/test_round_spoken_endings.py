"""/round say (issue 17): spoken Finnish drops a word's last sounds ("kädes" for "kädessä",
"mentii" for "mentiin"), and a number said as a guess ("suunnilleen 150", "around 300") is
asked about by the same lexicon words /rules reads a guessed score by."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from bot.talk.round_words import known_words, unclipped

CLASSIC = load_variant("classic")


def test_a_clipped_word_is_read_as_the_known_word_it_makes_with_its_ending_back() -> None:
    known = known_words("fi")
    assert "kades" not in known
    assert "kadessa" in known.words
    assert unclipped(["40", "kades"], "fi") == ["40", "kadessa"]


def test_known_words_numbers_and_words_with_no_known_completion_are_left_alone() -> None:
    words = ["poydassa", "40", "xyzzy"]
    assert unclipped(words, "fi") == words


def test_a_language_without_clipped_endings_reads_its_words_as_said() -> None:
    assert unclipped(["kades", "40"], "en") == ["kades", "40"]


def test_a_hand_said_with_a_clipped_ending_is_read() -> None:
    text = (
        "me 300 pöydässä, yks puhdas kanasta, mentiin ulos, ei punasia. "
        "ne 150 pöydässä, ei kanastaa, ei punasia, 80 kädes"
    )
    reading = read_round(text, Seating(lang="fi"), CLASSIC)
    assert reading.sure, reading.unsure
    assert reading.sides[1].round.hand_points == 80


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "fi",
            "me suunnilleen 300 pöydässä, yks puhdas, ulos, ei punasia. "
            "ne 150, ei punasia, 80 kädessä",
        ),
        (
            "en",
            "we had around 300 melded, one clean, went out, no red threes; "
            "they 150, no red threes, 80 left",
        ),
    ],
)
def test_a_number_said_as_a_guess_is_asked_about(lang: str, text: str) -> None:
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert not reading.sure
    assert any(u.what == "number" and u.side == 0 for u in reading.unsure)


@pytest.mark.parametrize(
    ("clipped", "full"),
    [("niil", "niilla"), ("molemmil", "molemmilla"), ("mul", "mulla"), ("paril", "parilla")],
)
def test_an_adessive_said_without_its_last_syllable_is_put_back(clipped: str, full: str) -> None:
    """Spoken Finnish drops "-lä"/"-la" of a side word as it drops "-ssä" of a place."""
    assert unclipped([clipped], "fi") == [full]


def test_both_sides_said_clipped_give_each_side_the_value() -> None:
    text = (
        "molemmil oli yks punanen. me ulos 300 pöydässä, yks puhdas. "
        "niil 200 pöydässä, yks seka, 40 käteen"
    )
    reading = read_round(text, Seating(lang="fi"), CLASSIC)
    assert reading.sure, reading.unsure
    assert [side.round.red_threes for side in reading.sides] == [1, 1]
    assert reading.sides[1].round.meld_points == 200
