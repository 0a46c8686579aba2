"""A side's hand said whole and in parts is counted once, whichever comes first ("45 (30 and
15)", "30 and 15, so 45"), when more hands are said than the side has players; otherwise
the hands are summed, or asked about when they cannot be told apart."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.talk.round_restated import hand_total

points = st.integers(min_value=1, max_value=40).map(lambda n: 5 * n)


@given(st.lists(points, min_size=2, max_size=3), st.data())
def test_the_whole_said_anywhere_is_the_hand(parts: list[int], data: st.DataObject) -> None:
    at = data.draw(st.integers(min_value=0, max_value=len(parts)))
    hands = [*parts[:at], sum(parts), *parts[at:]]
    assert hand_total(hands, players=2 if len(parts) == 2 else 3) in (sum(parts), None)
    if len(parts) == 2:
        assert hand_total(hands, players=2) == sum(parts)


def test_hands_no_one_of_which_is_the_others_sum_are_summed() -> None:
    assert hand_total([30, 25], players=2) == 55


def test_as_many_hands_as_players_are_asked_about_when_one_is_the_others_sum() -> None:
    # three players, "45, 30 and 15": three hands, or a whole and its parts?
    assert hand_total([45, 30, 15], players=3) is None
    assert hand_total([45, 30, 15], players=None) is None
