"""What the live scoreboard reads: the same standing as the score sheet, on both back ends."""

from __future__ import annotations

from dataclasses import replace

from bot.games import (
    edit_round,
    end_game,
    enter_side,
    record_round,
    score_sheet,
    undo_round,
)
from bot.games.scoreboard import board_after_round, read_board, set_board_message
from tests.games.helpers import ALICE, CAROL, CHANNEL, GUILD, OUT, STUCK, small_round, start_teams

IDS = {"guild_id": GUILD, "channel_id": CHANNEL}


async def _same_as_sheet(db, game_id: int) -> None:
    board = await read_board(db, game_id)
    sheet = await score_sheet(db, **IDS, game_id=game_id)
    assert board is not None
    assert board.game.totals == sheet.totals
    assert board.next_minimums == sheet.next_minimums
    assert board.next_dealer == sheet.next_dealer
    assert board.entered_sides == sheet.pending_sides
    assert board.last_number == len(sheet.rounds)
    if sheet.rounds:
        assert board.last_results == sheet.rounds[-1].results
    else:
        assert board.last_results == ()


async def test_board_follows_every_change_like_the_sheet(db):
    game = await start_teams(db)
    await _same_as_sheet(db, game.id)
    await record_round(db, **IDS, actor_id=ALICE, sides=small_round())
    await _same_as_sheet(db, game.id)
    await record_round(db, **IDS, actor_id=ALICE, sides=[dict(STUCK), dict(OUT)])
    board = await read_board(db, game.id)
    assert board is not None
    assert board.last_number == 2
    assert [s.net for s in board.last_results] == [50, 900]
    await _same_as_sheet(db, game.id)

    await enter_side(db, **IDS, actor_id=CAROL, side=1, components=dict(STUCK))
    board = await read_board(db, game.id)
    assert board is not None
    assert board.entered_sides == (1,)
    assert board.missing_sides == (0,)
    await _same_as_sheet(db, game.id)

    await undo_round(db, **IDS, actor_id=ALICE)
    await _same_as_sheet(db, game.id)
    caught = {"meld_points": 200, "hand_points": 20}
    await edit_round(db, **IDS, actor_id=ALICE, number=1, sides={1: caught})
    await _same_as_sheet(db, game.id)
    ended = await end_game(db, **IDS, actor_id=ALICE, game_id=game.id)
    board = await read_board(db, game.id)
    assert board is not None
    assert board.game.state == ended.state == "finished"
    assert board.entered_sides == ()  # nothing is pending in an ended game
    await _same_as_sheet(db, game.id)


async def test_board_message_is_remembered(db):
    game = await start_teams(db)
    board = await read_board(db, game.id)
    assert board is not None
    assert (board.message_id, board.language) == (None, None)
    await set_board_message(db, game.id, 2**62 + 5, "fi")
    await record_round(db, **IDS, actor_id=ALICE, sides=small_round())  # the hot path keeps it
    board = await read_board(db, game.id)
    assert board is not None
    assert (board.message_id, board.language) == (2**62 + 5, "fi")


async def test_board_of_an_unknown_game_is_none(db):
    assert await read_board(db, 424242) is None


async def test_a_rounds_own_answer_is_the_board_the_database_would_give(db):
    """What lets a refresh after ``/round add`` skip its read: the recording's answer (fast path
    and general path alike) is the same board as a fresh read, message aside."""
    game = await start_teams(db)
    await set_board_message(db, game.id, 77, "da")
    await enter_side(db, **IDS, actor_id=CAROL, side=1, components=dict(STUCK))
    general = await record_round(db, **IDS, actor_id=ALICE, sides=small_round())  # clears it
    fast = await record_round(db, **IDS, actor_id=ALICE, sides=[dict(STUCK), dict(OUT)])
    for outcome, number in ((general, 1), (fast, 2)):
        from_answer = board_after_round(outcome)
        assert from_answer is not None
        assert from_answer.last_number == number
    read = await read_board(db, game.id)
    assert read is not None
    assert replace(board_after_round(fast), message_id=77, language="da") == read  # type: ignore[arg-type]


async def test_the_round_that_ends_the_game_is_read_not_taken_from_its_answer(db):
    await start_teams(db, target=1500)
    await record_round(db, **IDS, actor_id=ALICE, sides=small_round())
    last = await record_round(db, **IDS, actor_id=ALICE, sides=small_round())
    assert last.finished
    assert board_after_round(last) is None


async def test_a_retried_rounds_answer_is_not_taken_for_the_board(db):
    await start_teams(db)
    first = await record_round(db, **IDS, actor_id=ALICE, sides=small_round(), interaction_id="i1")
    again = await record_round(db, **IDS, actor_id=ALICE, sides=small_round(), interaction_id="i1")
    assert board_after_round(first) is not None
    assert again.replayed
    assert board_after_round(again) is None
