"""/rules (issue 13): a score sheet's one-letter shorthand glued to a count is read only in a
language that has it. A question's words are read before its language is known, and "2p" is
Finnish "2 puhdas" (two natural canastas) but English "two players": read as Finnish, a
two-player round's net came out 1000 too high. Never a wrong figure."""

from __future__ import annotations

import pytest

from bot.rules import RulesIndex
from bot.scoring import load_variant
from bot.talk.word_forms import typed_words

TWO = load_variant("two-player")


def test_a_letter_one_language_alone_reads_is_left_as_typed() -> None:
    assert "puhdas" not in typed_words("2p game tonight", None)


@pytest.mark.parametrize(
    "question",
    [
        "2p: we put down 300, two mixed canastas, went out, no red threes, none in hand. score?",
        "2p game, i melded 410 with two mixed canastas and went out, no red threes. what did i get",
    ],
)
def test_two_players_said_as_2p_is_no_pair_of_natural_canastas(question: str) -> None:
    answer = RulesIndex.load().ask(question, lang="en", variant=TWO)
    shown = " ".join(answer.computed)
    assert "1600" not in shown, shown
    assert "2000" not in shown, shown
