"""Recording, side-by-side entry, undo and edit, end and abandon, on both back ends."""

from __future__ import annotations

import pytest

from bot.games import (
    abandon_game,
    edit_round,
    end_game,
    enter_side,
    game_history,
    get_ratings,
    past_games,
    record_round,
    score_sheet,
    start_game,
    undo_round,
)
from bot.games.errors import (
    GameAlreadyRunning,
    NoActiveGame,
    SideAlreadyEntered,
)
from bot.scoring import ScoringError
from tests.games.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    OUT,
    STUCK,
    small_round,
    start_teams,
)


async def test_record_until_target_finishes_and_rates(db):
    game = await start_teams(db, target=2000)
    assert game.state == "active"
    assert game.target == 2000
    first = await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round()
    )
    assert first.number == 1
    assert first.totals == (900, 50)
    assert first.results[0].breakdown["canastas"] == 500
    assert first.next_dealer.seat == 1
    assert first.next_dealer.player.user_id == CAROL
    assert not first.finished
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=BOB, sides=small_round())
    last = await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=CAROL, sides=small_round()
    )
    assert last.finished
    assert last.winner_side == 0
    assert last.totals == (2700, 150)
    sheet = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    assert sheet.game.state == "finished"
    assert len(sheet.rounds) == 3
    assert sheet.game.ended_at is not None
    ratings = {r.user_id: r for r in await get_ratings(db, GUILD)}
    assert ratings[ALICE].mu > ratings[CAROL].mu
    assert ratings[ALICE].games == 1
    with pytest.raises(NoActiveGame):
        await record_round(
            db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round()
        )
    games = await past_games(db, guild_id=GUILD)
    assert [g.state for g in games] == ["finished"]


async def test_second_start_names_the_running_game(db):
    game = await start_teams(db)
    with pytest.raises(GameAlreadyRunning) as caught:
        await start_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=BOB)
    assert caught.value.params["game_id"] == game.id
    assert caught.value.params["started_by"] == ALICE
    assert "still running" in str(caught.value)


async def test_idempotent_record(db):
    await start_teams(db)
    one = await record_round(
        db,
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor_id=ALICE,
        sides=small_round(),
        interaction_id="i-1",
    )
    again = await record_round(
        db,
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor_id=ALICE,
        sides=small_round(),
        interaction_id="i-1",
    )
    assert again.replayed
    assert again.number == one.number == 1
    assert again.totals == one.totals
    sheet = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    assert len(sheet.rounds) == 1


async def test_side_by_side_entry(db):
    await start_teams(db)
    first = await enter_side(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, side=0, components=OUT
    )
    assert first.round is None
    assert first.missing_sides == (1,)
    with pytest.raises(SideAlreadyEntered):
        await enter_side(
            db, guild_id=GUILD, channel_id=CHANNEL, actor_id=BOB, side=0, components=OUT
        )
    # Both sides claim to have gone out: refused across sides, both entries stay pending.
    with pytest.raises(ScoringError) as caught:
        await enter_side(
            db, guild_id=GUILD, channel_id=CHANNEL, actor_id=CAROL, side=1, components=OUT
        )
    assert [p.code for p in caught.value.problems] == ["several_went_out"]
    sheet = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    assert sheet.pending_sides == (0, 1)
    assert not sheet.rounds
    done = await enter_side(
        db,
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor_id=CAROL,
        side=1,
        components=STUCK,
        correct=True,
    )
    assert done.round is not None
    assert done.round.totals == (900, 50)
    sheet = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    assert sheet.pending_sides == ()
    assert len(sheet.rounds) == 1


async def test_undo_and_edit_follow_state(db):
    await start_teams(db, target=2000)
    for _ in range(3):
        await record_round(
            db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round()
        )
    # The last round finished the game; undo reopens it.
    sheet = await undo_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=BOB)
    assert sheet.game.state == "active"
    assert sheet.totals == (1800, 100)
    assert await get_ratings(db, GUILD) == ()
    # Editing round 1 so the other side went out: totals follow.
    sheet = await edit_round(
        db,
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor_id=CAROL,
        number=1,
        sides={0: STUCK, 1: OUT},
    )
    assert sheet.totals == (950, 950)
    assert sheet.rounds[1].results[0].total == 950
    # An edit that would make round 2 end the game with round 3 after it is refused whole.
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round())
    before = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    big = {"meld_points": 900, "natural_canastas": 2, "mixed_canastas": 1, "went_out": "normal"}
    with pytest.raises(ScoringError):
        await edit_round(
            db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, number=1, sides={0: big}
        )
    assert await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL) == before
    # Editing the last round over the target finishes the game.
    sheet = await edit_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, number=3, sides={0: big}
    )
    assert sheet.game.state == "finished"
    assert sheet.game.winner_side == 0
    history = await game_history(db, guild_id=GUILD, channel_id=CHANNEL)
    assert [h.action for h in history] == [
        "start",
        "record",
        "record",
        "record",
        "undo",
        "edit",
        "record",
        "edit",
    ]


async def test_end_and_abandon(db):
    await start_teams(db)
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round())
    ended = await end_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=CAROL)
    assert ended.state == "finished"
    assert ended.end_reason == "declared"
    assert ended.winner_side == 0
    quick = await start_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=77)
    assert [s.name for s in quick.sides] == ["A", "B"]
    assert quick.is_quick
    # Anyone may record in a quick game.
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=555, sides=small_round())
    gone = await abandon_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=556)
    assert gone.state == "abandoned"
    assert [g.state for g in await past_games(db, guild_id=GUILD, channel_id=CHANNEL)] == [
        "abandoned",
        "finished",
    ]
