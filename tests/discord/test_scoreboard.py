"""The live scoreboard's machinery without Discord: coalescing, and what a refresh does when
Discord refuses (a stub channel stands in for discord.py's HTTP calls; the database is real)."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord_app.scoreboard import BoardRequest, Coalescer, Scoreboards, merge_requests
from bot.games import end_game, record_round
from bot.games.scoreboard import BoardState, board_after_round, read_board, set_board_message
from bot.i18n import translate
from bot.scoring import all_variants
from tests.dbfixtures import backend, db, pg_schema, sqlite_template
from tests.games.helpers import ALICE, CHANNEL, GUILD, small_round, start_teams

__all__ = ["backend", "db", "pg_schema", "sqlite_template"]


async def _idle(coalescer: Coalescer[Any, Any]) -> None:
    await asyncio.wait_for(coalescer.settled(), timeout=20)


async def test_a_burst_of_twenty_changes_is_one_refresh_with_the_latest():
    seen: list[int] = []

    async def work(value: int) -> None:
        seen.append(value)

    coalescer: Coalescer[int, int] = Coalescer(work, quiet=0.05, max_wait=5)
    for change in range(1, 21):
        coalescer.poke(7, change)
    await _idle(coalescer)
    assert seen == [20]


async def test_a_long_stream_of_changes_still_shows_progress_and_ends_on_the_latest():
    seen: list[int] = []

    async def work(value: int) -> None:
        seen.append(value)

    coalescer: Coalescer[int, int] = Coalescer(work, quiet=0.05, max_wait=0.1)
    for change in range(1, 31):  # never quiet for 50 ms, for at least 300 ms
        coalescer.poke(7, change)
        await asyncio.sleep(0.01)
    await _idle(coalescer)
    assert len(seen) >= 2  # the board moved during the stream, not only after it
    assert seen[-1] == 30
    assert seen == sorted(seen)


async def test_changes_arriving_while_it_refreshes_make_one_more_refresh_never_overlapping():
    release, started = asyncio.Event(), asyncio.Event()
    seen: list[int] = []
    running = 0
    most_at_once = 0

    async def work(value: int) -> None:
        nonlocal running, most_at_once
        running += 1
        most_at_once = max(most_at_once, running)
        seen.append(value)
        started.set()
        if len(seen) == 1:
            await release.wait()
        running -= 1

    coalescer: Coalescer[int, int] = Coalescer(work, quiet=0.01, max_wait=5)
    coalescer.poke(1, 1)
    await asyncio.wait_for(started.wait(), timeout=20)
    for change in range(2, 21):  # the first refresh is still running (its edit is slow)
        coalescer.poke(1, change)
    release.set()
    await _idle(coalescer)
    assert seen == [1, 20]
    assert most_at_once == 1


async def test_each_game_has_its_own_refresh():
    seen: list[tuple[str, int]] = []

    async def work(value: tuple[str, int]) -> None:
        seen.append(value)

    coalescer: Coalescer[str, tuple[str, int]] = Coalescer(work, quiet=0.01, max_wait=5)
    for change in range(5):
        coalescer.poke("a", ("a", change))
        coalescer.poke("b", ("b", change))
    await _idle(coalescer)
    assert sorted(seen) == [("a", 4), ("b", 4)]


async def test_a_failing_refresh_is_logged_and_the_next_change_refreshes_again(caplog):
    seen: list[int] = []

    async def work(value: int) -> None:
        seen.append(value)
        if value == 1:
            raise RuntimeError("boom")

    coalescer: Coalescer[int, int] = Coalescer(work, quiet=0.01, max_wait=5)
    with caplog.at_level(logging.ERROR):
        coalescer.poke(3, 1)
        await _idle(coalescer)
    assert "scoreboard refresh for 3 failed" in caplog.text
    coalescer.poke(3, 2)
    await _idle(coalescer)
    assert seen == [1, 2]


async def test_shutdown_sends_what_waits_without_the_quiet_wait():
    seen: list[int] = []

    async def work(value: int) -> None:
        seen.append(value)

    coalescer: Coalescer[int, int] = Coalescer(work, quiet=3600, max_wait=3600)
    coalescer.poke(9, 1)
    coalescer.poke(9, 2)
    await coalescer.flush(timeout=20)
    assert seen == [2]


# ----- a refresh against a stub channel --------------------------------------------------------


def _http_error(cls: type[discord.HTTPException], status: int, code: int) -> Exception:
    response = SimpleNamespace(status=status, reason="refused")
    return cls(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


class StubChannel:
    """What the refresh uses of discord.py: send, get_partial_message(...).edit, pin."""

    def __init__(self) -> None:
        self.sent: list[discord.Embed] = []
        self.edits: list[tuple[int, discord.Embed]] = []
        self.pins: list[int] = []
        self.edit_error: Exception | None = None
        self.send_error: Exception | None = None
        self.next_id = 9_000

    async def send(self, *, embed: discord.Embed) -> Any:
        if self.send_error is not None:
            raise self.send_error
        self.next_id += 1
        self.sent.append(embed)
        message_id = self.next_id

        async def pin() -> None:
            self.pins.append(message_id)

        return SimpleNamespace(id=message_id, pin=pin)

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(*, embed: discord.Embed) -> None:
            if self.edit_error is not None:
                raise self.edit_error
            self.edits.append((message_id, embed))

        return SimpleNamespace(edit=edit)


def _boards(db, channel: StubChannel) -> Scoreboards:
    client = SimpleNamespace(get_partial_messageable=lambda *_a, **_k: channel)
    return Scoreboards(client, db)  # type: ignore[arg-type]


def _title(lang: str) -> str:
    return translate(lang, "ui.board.title", variant=all_variants()["classic"].name(lang))


def _totals(embed: discord.Embed) -> list[str]:
    return [f.value.split("**")[1] for f in embed.fields[:2]]


async def test_first_change_posts_pins_and_remembers_the_board(db):
    game = await start_teams(db)
    channel = StubChannel()
    await _boards(db, channel).refresh(BoardRequest(game.id, "no", can_pin=True))
    assert len(channel.sent) == 1
    assert channel.sent[0].title == _title("no")
    board = await read_board(db, game.id)
    assert board is not None
    assert (board.message_id, board.language) == (channel.next_id, "no")
    assert channel.pins == [channel.next_id]

    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round())
    await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=True))
    assert len(channel.sent) == 1  # edited, not posted again
    message_id, embed = channel.edits[-1]
    assert message_id == board.message_id
    assert embed.title == _title("no")  # keeps its first language
    assert _totals(embed) == ["900", "50"]


async def test_not_pinned_without_the_permission(db):
    game = await start_teams(db)
    channel = StubChannel()
    await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=False))
    assert len(channel.sent) == 1
    assert channel.pins == []


async def test_a_deleted_board_is_posted_again(db, caplog):
    game = await start_teams(db)
    await set_board_message(db, game.id, 1234, "da")
    channel = StubChannel()
    channel.edit_error = _http_error(discord.NotFound, 404, 10008)
    await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=False))
    assert len(channel.sent) == 1
    board = await read_board(db, game.id)
    assert board is not None
    assert (board.message_id, board.language) == (channel.next_id, "da")


async def test_an_ended_games_deleted_board_is_not_posted_again(db):
    game = await start_teams(db)
    await set_board_message(db, game.id, 1234, "en")
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round())
    await end_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, game_id=game.id)
    channel = StubChannel()
    channel.edit_error = _http_error(discord.NotFound, 404, 10008)
    await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=False))
    assert channel.sent == []


@pytest.mark.parametrize(
    ("cls", "status", "code"),
    [
        (discord.HTTPException, 429, 0),  # a rate limit discord.py gave up on
        (discord.Forbidden, 403, 50013),  # the permission was taken away
        (discord.DiscordServerError, 503, 0),
    ],
)
async def test_a_failed_edit_is_logged_with_its_context_and_posts_nothing(
    db, caplog, cls, status, code
):
    game = await start_teams(db)
    await set_board_message(db, game.id, 1234, "en")
    channel = StubChannel()
    channel.edit_error = _http_error(cls, status, code)
    with caplog.at_level(logging.WARNING, logger="bot.discord_app.scoreboard"):
        await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=False))
    assert channel.sent == []
    line = caplog.text
    assert f"scoreboard of game {game.id} (channel {CHANNEL}, message 1234) not updated" in line
    assert f"HTTP {status}" in line


async def test_a_board_that_cannot_be_posted_is_logged_and_not_remembered(db, caplog):
    game = await start_teams(db)
    channel = StubChannel()
    channel.send_error = _http_error(discord.Forbidden, 403, 50013)
    with caplog.at_level(logging.WARNING, logger="bot.discord_app.scoreboard"):
        await _boards(db, channel).refresh(BoardRequest(game.id, "en", can_pin=True))
    assert "HTTP 403 (code 50013)" in caplog.text
    board = await read_board(db, game.id)
    assert board is not None
    assert board.message_id is None


def _request(game_id: int, state: BoardState | None = None) -> BoardRequest:
    return BoardRequest(game_id, "en", can_pin=False, state=state)


def test_rounds_that_join_one_refresh_keep_the_furthest_standing_and_anything_else_reads():
    def state(number: int) -> BoardState:
        return SimpleNamespace(last_number=number)  # type: ignore[return-value]

    later = merge_requests(_request(1, state(6)), _request(1, state(5)))  # handlers out of order
    assert later.state is not None
    assert later.state.last_number == 6
    assert merge_requests(_request(1, state(6)), _request(1)).state is None  # e.g. an undo
    assert merge_requests(_request(1), _request(1, state(7))).state is None


async def test_after_a_round_the_board_is_edited_without_reading_the_game(db):
    game = await start_teams(db)
    channel = StubChannel()
    boards = _boards(db, channel)
    await boards.refresh(_request(game.id))  # the first post reads (and learns the message)
    assert boards.reads == 1
    outcome = await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round()
    )
    await boards.refresh(_request(game.id, board_after_round(outcome)))
    assert boards.reads == 1
    message_id, embed = channel.edits[-1]
    assert message_id == channel.next_id
    assert _totals(embed) == ["900", "50"]
    stale = board_after_round(outcome)  # the same round again: not newer than the board
    await boards.refresh(_request(game.id, stale))
    assert boards.reads == 2


async def test_a_new_process_reads_the_board_once_before_trusting_a_rounds_answer(db):
    game = await start_teams(db)
    await set_board_message(db, game.id, 4321, "fi")
    outcome = await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=small_round()
    )
    channel = StubChannel()
    boards = _boards(db, channel)  # a restarted bot: it has shown nothing yet
    await boards.refresh(_request(game.id, board_after_round(outcome)))
    assert boards.reads == 1
    assert channel.edits[-1][0] == 4321  # the stored message, in its stored language
    assert channel.edits[-1][1].title == _title("fi")
