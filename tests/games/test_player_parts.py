"""Each player enters their own hand; the side's keeper enters the melded part (both back ends).

Teams from ``start_teams``: "Us" = Alice, Bob (side 0); "Them" = Carol, Dave (side 1), classic.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games import (
    abandon_game,
    end_game,
    enter_hand,
    enter_side,
    forget_user,
    game_history,
    pending_round,
    record_round,
    score_sheet,
    start_game,
    undo_round,
)
from bot.games.errors import HandTwice, NotAPlayer, PartAlreadyEntered, SideHandEntered
from bot.games.pending_round import side_pending
from bot.games.results import PlayerInfo
from bot.scoring import ScoringError
from tests.games.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    EVE,
    GUILD,
    OUT,
    small_round,
    snapshot,
    start_teams,
)

IDS = {"guild_id": GUILD, "channel_id": CHANNEL}


async def hand(db: Any, who: int, points: int, **kwargs: Any) -> Any:
    return await enter_hand(db, actor_id=who, hand_points=points, **IDS, **kwargs)


async def side(db: Any, who: int, index: int, components: dict, **kwargs: Any) -> Any:
    return await enter_side(db, actor_id=who, side=index, components=components, **IDS, **kwargs)


def names(players: Any) -> list[str]:
    return [p.display_name for p in players]


async def test_a_round_from_keepers_and_every_players_hand(db):
    await start_teams(db)
    us = await side(db, ALICE, 0, dict(OUT), hands_by_players=True)
    assert us.round is None
    assert us.pending.sides[0].keeper_in
    assert names(us.pending.sides[0].missing_players) == ["Alice", "Bob"]
    assert us.missing_sides == (0, 1)
    them = await side(db, CAROL, 1, {"meld_points": 100}, hands_by_players=True)
    assert them.round is None
    # Bob holds 30; Alice went out, so nobody needs to type her 0.
    bob = await hand(db, BOB, 30)
    assert bob.round is None
    assert bob.pending.sides[0].complete
    assert names(bob.pending.sides[1].missing_players) == ["Carol", "Dave"]
    carol = await hand(db, CAROL, 20)
    assert names(carol.pending.sides[1].missing_players) == ["Dave"]
    done = await hand(db, DAVE, 35)
    assert done.round is not None
    # Us: 300 melded + 500 natural canasta + 100 going out - 30 = 870; Them: 100 - 20 - 35.
    assert done.round.totals == (870, 45)
    sheet = await score_sheet(db, **IDS)
    assert sheet.totals == (870, 45)
    assert sheet.rounds[0].components[1]["hand_points"] == 55
    assert sheet.pending_sides == ()
    assert not (await pending_round(db, **IDS)).started
    history = await game_history(db, **IDS)
    assert [(h.action, h.actor_id) for h in history[1:]] == [
        ("enter", ALICE),
        ("enter", CAROL),
        ("hand", BOB),
        ("hand", CAROL),
        ("hand", DAVE),
        ("record", DAVE),
    ]
    assert history[-1].after["parts"] == [
        {"side": 0, "player": BOB, "hand_points": 30},
        {"side": 1, "player": CAROL, "hand_points": 20},
        {"side": 1, "player": DAVE, "hand_points": 35},
    ]


async def test_hands_before_the_keeper_make_the_side_wait_for_the_rest(db):
    await start_teams(db)
    await hand(db, BOB, 45)
    state = await pending_round(db, **IDS)
    assert not state.sides[0].keeper_in
    assert names(state.sides[0].missing_players) == ["Alice"]
    # Them the old way: one entry with the hand total.
    await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 50})
    # Us' keeper gives no hand: Bob's part says the hands come from the players.
    us = await side(db, ALICE, 0, {"meld_points": 200})
    assert us.round is None
    assert us.missing_sides == (0,)
    assert names(us.pending.sides[0].missing_players) == ["Alice"]
    done = await hand(db, ALICE, 0)
    assert done.round is not None
    assert done.round.totals == (200 - 45, 50)


async def test_a_keepers_own_hand_total_completes_the_side_over_the_parts(db):
    await start_teams(db)
    await hand(db, BOB, 25)
    us = await side(db, ALICE, 0, {"meld_points": 200, "hand_points": 40})
    assert us.pending.sides[0].complete
    assert not us.pending.sides[0].hands_by_players
    done = await side(db, CAROL, 1, dict(OUT))
    assert done.round.totals == (200 - 40, 900)
    assert "parts" not in (await game_history(db, **IDS))[-1].after


async def test_a_side_without_parts_still_completes_as_before(db):
    await start_teams(db)
    first = await side(db, ALICE, 0, dict(OUT))
    assert first.pending is not None
    assert not first.pending.uses_parts
    done = await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 50})
    assert done.round is not None
    assert done.round.totals == (900, 50)


async def test_a_zero_from_a_side_that_went_out_does_not_excuse_the_partner(db):
    await start_teams(db)
    await side(db, ALICE, 0, dict(OUT), hands_by_players=True)
    await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 50})
    waiting = await hand(db, ALICE, 0)
    assert waiting.round is None
    assert names(waiting.pending.sides[0].missing_players) == ["Bob"]
    done = await hand(db, BOB, 15)
    assert done.round.totals == (885, 50)


async def test_a_player_corrects_their_own_hand_before_the_round_scores(db):
    await start_teams(db)
    await side(db, ALICE, 0, {"meld_points": 150}, hands_by_players=True)
    await hand(db, ALICE, 25)
    with pytest.raises(PartAlreadyEntered) as caught:
        await hand(db, ALICE, 35)
    assert caught.value.params == {"points": 25, "number": 1}
    fixed = await hand(db, ALICE, 35, correct=True)
    assert fixed.corrected == 25
    assert fixed.pending.sides[0].parts_total == 35
    await hand(db, BOB, 10)
    done = await side(db, CAROL, 1, dict(OUT))
    assert done.round.totals == (150 - 45, 900)
    history = await game_history(db, **IDS)
    correction = [h for h in history if h.action == "hand"][1]
    assert correction.before == {"side": 0, "hand_points": 25}
    assert correction.after == {"side": 0, "player": ALICE, "hand_points": 35}


async def test_undo_clears_a_round_being_entered_then_removes_rounds(db):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await side(db, ALICE, 0, {"meld_points": 150}, hands_by_players=True)
    await hand(db, BOB, 25)
    await hand(db, CAROL, 5)
    sheet = await undo_round(db, actor_id=DAVE, **IDS)
    assert sheet.cancelled_round == 2
    assert len(sheet.rounds) == 1  # the scored round stays
    assert sheet.totals == (900, 50)
    state = await pending_round(db, **IDS)
    assert not state.started
    # Everyone can enter afresh, without correct: the old parts are gone.
    await hand(db, BOB, 40)
    again = await undo_round(db, actor_id=DAVE, **IDS)
    assert again.cancelled_round == 2
    removed = await undo_round(db, actor_id=DAVE, **IDS)
    assert removed.cancelled_round is None
    assert removed.rounds == ()
    history = await game_history(db, **IDS)
    cancel = next(h for h in history if h.action == "cancel")
    assert cancel.before["parts"] == [
        {"side": 0, "player": BOB, "hand_points": 25},
        {"side": 1, "player": CAROL, "hand_points": 5},
    ]
    assert cancel.before["entries"] == {"0": {"meld_points": 150}}


async def test_a_whole_round_recorded_meanwhile_clears_the_parts(db):
    await start_teams(db)
    await hand(db, BOB, 25)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    assert not (await pending_round(db, **IDS)).started
    fresh = await hand(db, BOB, 30)  # round 2: no correct needed
    assert fresh.corrected is None


async def test_refusals_store_nothing(db):
    await start_teams(db)
    await side(db, ALICE, 0, {"meld_points": 150, "hand_points": 20})
    before = await snapshot(db)
    with pytest.raises(NotAPlayer) as caught:
        await hand(db, EVE, 25)
    assert caught.value.params["players"] == [ALICE, BOB, CAROL, DAVE]
    with pytest.raises(SideHandEntered) as hand_given:
        await hand(db, BOB, 25)  # Alice gave Us' hand total herself
    assert hand_given.value.params == {"side": "Us", "points": 20, "entered_by": ALICE}
    with pytest.raises(ScoringError) as odd:
        await hand(db, CAROL, 23)
    assert [p.code for p in odd.value.problems] == ["multiple_of_5"]
    with pytest.raises(ScoringError) as negative:
        await hand(db, CAROL, -5)
    assert [p.code for p in negative.value.problems] == ["negative"]
    with pytest.raises(HandTwice):
        await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 10}, hands_by_players=True)
    assert await snapshot(db) == before
    # Two players' hands together can be more than the cards hold: the second is refused.
    await side(db, CAROL, 1, {"meld_points": 500}, hands_by_players=True)
    await hand(db, CAROL, 600)
    before = await snapshot(db)
    with pytest.raises(ScoringError) as deck:
        await hand(db, DAVE, 100)
    assert [p.code for p in deck.value.problems] == ["side_card_points_exceed_deck"]
    assert await snapshot(db) == before


async def test_a_quick_game_has_no_players_to_enter_hands(db):
    await start_game(db, actor_id=ALICE, variant_id="classic", **IDS)
    with pytest.raises(NotAPlayer) as caught:
        await hand(db, ALICE, 25)
    assert caught.value.params["players"] == []


async def test_a_retried_interaction_enters_once(db):
    await start_teams(db)
    await side(db, ALICE, 0, dict(OUT), hands_by_players=True)
    first = await hand(db, BOB, 30, interaction_id="h-1")
    again = await hand(db, BOB, 30, interaction_id="h-1")
    assert again.pending == first.pending
    await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 0}, interaction_id="s-1")
    # Carol's entry completed the round; its retry answers with that round, adds nothing.
    replay = await side(db, CAROL, 1, {"meld_points": 100, "hand_points": 0}, interaction_id="s-1")
    assert replay.round is not None
    assert replay.round.replayed
    # Bob's first command resent after the round scored: still nothing new.
    late = await hand(db, BOB, 30, interaction_id="h-1")
    assert late.replayed
    assert late.hand_points == 30
    sheet = await score_sheet(db, **IDS)
    assert len(sheet.rounds) == 1
    state = await pending_round(db, **IDS)
    assert state.number == 2
    assert not state.started
    assert len([h for h in await game_history(db, **IDS) if h.action == "hand"]) == 1


@pytest.mark.parametrize("close", [end_game, abandon_game])
async def test_ending_a_game_drops_the_hands_of_its_unscored_round(db, close):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await hand(db, BOB, 25)
    await close(db, actor_id=ALICE, **IDS)
    assert (await snapshot(db))["player_parts"] == []
    await start_teams(db)
    fresh = await hand(db, BOB, 30)  # the new game takes Bob's hand without correct
    assert fresh.corrected is None
    assert fresh.pending.number == 1


async def test_forgetting_a_player_renames_their_pending_hand(db):
    await start_teams(db)
    await hand(db, BOB, 30)
    report = await forget_user(db, BOB)
    state = await pending_round(db, **IDS)
    assert [p.player.user_id for p in state.sides[0].parts] == [report.anon_id]


PLAYERS = tuple(PlayerInfo(100 + i, f"P{i}", 0, i) for i in range(3))


@given(
    count=st.integers(1, 3),
    hands=st.dictionaries(st.integers(0, 2), st.integers(0, 40).map(lambda n: n * 5)),
    went_out=st.booleans(),
    keeper=st.booleans(),
)
def test_a_side_is_complete_exactly_when_every_needed_hand_is_in(count, hands, went_out, keeper):
    players = PLAYERS[:count]
    entered = {100 + i: v for i, v in hands.items() if i < count}
    components = {"meld_points": 100, **({"went_out": "normal"} if went_out else {})}
    entry = (components, 1, "players") if keeper else None
    state = side_pending(0, "S", players, entry, entered)
    missing = [p for p in players if p.user_id not in entered]
    went_out_player_left = went_out and len(missing) == 1 and all(v > 0 for v in entered.values())
    assert state.complete == (keeper and (not missing or went_out_player_left))
    assert state.parts_total == sum(entered.values())
    if keeper:
        assert state.side_round()["hand_points"] == sum(entered.values())
        assert state.side_round()["meld_points"] == 100
