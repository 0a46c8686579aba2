"""/round adjust in the game service: totals, minimums, the end of the game, undo (the last
change, round or adjustment), edit replays with adjustments, history and export; on both
back ends."""

from __future__ import annotations

import json

import pytest

from bot.games import (
    adjust_score,
    edit_round,
    export_game,
    game_history,
    record_round,
    score_sheet,
    undo_round,
)
from bot.games.errors import NoActiveGame, NoRounds, NotAllowed
from bot.scoring import ScoringError
from tests.games.helpers import (
    ALICE,
    CAROL,
    CHANNEL,
    EVE,
    GUILD,
    small_round,
    snapshot,
    start_teams,
)

IDS = {"guild_id": GUILD, "channel_id": CHANNEL}


async def adjust(db, side: int, points: int, reason: str = "misdeal", **kwargs):
    kwargs.setdefault("actor_id", ALICE)
    return await adjust_score(db, side=side, points=points, reason=reason, **IDS, **kwargs)


async def test_an_adjustment_moves_the_total_and_the_minimum(db):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)  # 900, 50
    done = await adjust(db, 1, 1450, "agreed correction: round 1 hand miscounted")
    assert done.totals == (900, 1500)
    assert done.next_minimums == (50, 90)
    assert (done.adjustment.points, done.adjustment.total) == (1450, 1500)
    assert not done.finished
    sheet = await score_sheet(db, **IDS)
    assert sheet.totals == (900, 1500)
    [row] = sheet.adjustments
    assert (row.after_round, row.side, row.points, row.reason, row.created_by) == (
        1,
        1,
        1450,
        "agreed correction: round 1 hand miscounted",
        ALICE,
    )
    nxt = await record_round(db, actor_id=CAROL, sides=small_round(), **IDS)
    assert nxt.totals == (1800, 1550)
    assert nxt.next_minimums == (90, 90)


async def test_a_penalty_before_any_round_counts(db):
    await start_teams(db)
    done = await adjust(db, 0, -100, "wrong meld put back")
    assert done.totals == (-100, 0)
    assert done.next_minimums == (15, 50)


async def test_an_adjustment_that_reaches_the_target_ends_the_game(db):
    await start_teams(db, target=2000)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    done = await adjust(db, 0, 1100, "misdeal by them")
    assert done.finished
    assert done.game.state == "finished"
    assert done.game.winner_side == 0
    with pytest.raises(NoActiveGame):
        await adjust(db, 0, 50)


async def test_undo_takes_back_the_newest_change_first(db):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await adjust(db, 0, 50, "first")
    await adjust(db, 1, -35, "second")
    sheet = await undo_round(db, actor_id=ALICE, **IDS)
    assert sheet.undone_adjustment is not None
    assert sheet.undone_adjustment.reason == "second"
    assert sheet.totals == (950, 50)
    assert [a.reason for a in sheet.adjustments] == ["first"]
    sheet = await undo_round(db, actor_id=ALICE, **IDS)
    assert sheet.undone_adjustment.reason == "first"
    assert sheet.totals == (900, 50)
    sheet = await undo_round(db, actor_id=ALICE, **IDS)
    assert sheet.undone_adjustment is None
    assert (sheet.totals, sheet.rounds) == ((0, 0), ())
    with pytest.raises(NoRounds):
        await undo_round(db, actor_id=ALICE, **IDS)


async def test_undoing_a_round_keeps_the_adjustments_before_it(db):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await adjust(db, 1, 200, "before round 2")
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    sheet = await undo_round(db, actor_id=ALICE, **IDS)
    assert sheet.undone_adjustment is None
    assert sheet.totals == (900, 250)
    assert len(sheet.adjustments) == 1


async def test_undoing_the_adjustment_that_ended_the_game_reopens_it(db):
    await start_teams(db, target=2000)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await adjust(db, 0, 1100, "misdeal")
    sheet = await undo_round(db, actor_id=ALICE, **IDS)
    assert sheet.game.state == "active"
    assert sheet.totals == (900, 50)


async def test_edit_replays_rounds_with_the_adjustments_in_place(db):
    await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await adjust(db, 1, 100, "correction")
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    sheet = await edit_round(db, actor_id=ALICE, number=1, sides={1: {"meld_points": 200}}, **IDS)
    assert [r.results[1].total for r in sheet.rounds] == [200, 350]
    assert sheet.totals == (1800, 350)
    assert sheet.adjustments[0].total == 300


async def test_refusals_store_nothing(db):
    await start_teams(db)
    before = await snapshot(db)
    for side, points, reason in [
        (0, 52, "x"),
        (0, 0, "x"),
        (0, 10_005, "x"),
        (0, 50, " "),
        (2, 50, "x"),
        (0, 50, "x" * 201),
    ]:
        with pytest.raises(ScoringError):
            await adjust(db, side, points, reason)
    with pytest.raises(NotAllowed):
        await adjust(db, 0, 50, "I am not playing", actor_id=EVE)
    assert await snapshot(db) == before
    done = await adjust(db, 0, 50, "a manager may", actor_id=EVE, actor_is_manager=True)
    assert done.totals == (50, 0)


async def test_a_retried_interaction_adjusts_once(db):
    await start_teams(db)
    first = await adjust(db, 0, 50, interaction_id="i-1")
    again = await adjust(db, 0, 50, interaction_id="i-1")
    assert again.replayed
    assert not first.replayed
    assert again.totals == first.totals == (50, 0)


async def test_history_and_export_show_the_adjustment_and_its_reason(db):
    game = await start_teams(db)
    await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    await adjust(db, 1, -100, "wrong meld put back")
    await undo_round(db, actor_id=CAROL, **IDS)
    rows = await game_history(db, **IDS)
    assert [r.action for r in rows] == ["start", "record", "adjust", "undo"]
    assert rows[2].after == {
        "round": 1,
        "side": 1,
        "points": -100,
        "reason": "wrong meld put back",
        "totals": [900, -50],
    }
    assert rows[3].before["adjustment"] == {
        "side": 1,
        "points": -100,
        "reason": "wrong meld put back",
    }
    await adjust(db, 1, -100, "wrong meld put back, again")
    exported = json.loads(await export_game(db, guild_id=GUILD, game_id=game.id, fmt="json"))
    [entry] = exported["adjustments"]
    assert entry["after_round"] == 1
    assert (entry["side"], entry["points"], entry["total"]) == (1, -100, -50)
    assert entry["reason"] == "wrong meld put back, again"
    csv_text = await export_game(db, guild_id=GUILD, game_id=game.id, fmt="csv")
    lines = csv_text.splitlines()
    header = lines[0].split(",")
    adjustment = [line for line in lines if "wrong meld put back, again" in line]
    assert len(adjustment) == 1
    assert header[-2:] == ["kind", "reason"]
    assert adjustment[0].startswith(f"{game.id},classic,active,")
    assert ",adjustment," in adjustment[0]


async def test_a_fixed_number_of_rounds_ends_the_game_with_the_highest_total(db):
    await start_teams(db, house_rules={"rounds": "2"})
    first = await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    assert not first.finished
    await adjust(db, 1, 2000, "agreed: they were robbed")
    last = await record_round(db, actor_id=ALICE, sides=small_round(), **IDS)
    assert last.finished
    assert (last.winner_side, last.totals) == (1, (1800, 2100))
