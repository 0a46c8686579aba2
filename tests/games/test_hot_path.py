"""The work a round costs the database: the same at round 60 as at round 1, and settings are
read once, not per command. Counted in SQL statements (what the database sees), never timed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from bot.games import active_game, get_settings, record_round, set_settings
from bot.storage import Database, engine
from tests.games.helpers import ALICE, CHANNEL, GUILD, small_round, start_teams


@contextmanager
def statements(db: Database) -> Iterator[list[str]]:
    """Every SQL statement sent while the block runs (transaction control included)."""
    seen: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany) -> None:
        seen.append(statement)

    for engine_ in db.sync_engines:
        event.listen(engine_, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        for engine_ in db.sync_engines:
            event.remove(engine_, "before_cursor_execute", record)


async def _record(db: Database, interaction: int) -> None:
    await record_round(
        db,
        guild_id=GUILD,
        channel_id=CHANNEL,
        actor_id=ALICE,
        sides=small_round(),
        interaction_id=str(interaction),
    )


async def test_a_round_costs_the_same_statements_late_in_a_long_game(db):
    await start_teams(db, target=1_000_000)
    with statements(db) as first:
        await _record(db, 1)
    for number in range(2, 60):
        await _record(db, number)
    with statements(db) as late:
        await _record(db, 60)
    assert len(late) == len(first)
    # (SQLite: BEGIN IMMEDIATE), find and lock the game, its sides, its players, insert the
    # round, update the totals, insert the audit row
    assert len(first) <= 7, first
    assert not any("FROM rounds" in s and "interaction_id" not in s for s in late), late


async def test_lines_read_with_the_games_variant_inside_the_transaction(db):
    await start_teams(db, variant_id="cuban")
    seen: list[tuple[int, str]] = []

    def read(game, variant):
        seen.append((len(game.sides), variant.id))
        return small_round()

    outcome = await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE, sides=read, interaction_id="x"
    )
    assert seen == [(2, "cuban")]
    assert outcome.game is not None
    assert outcome.game.round_count == 1
    assert [s.name for s in outcome.game.sides] == ["Us", "Them"]


async def test_active_game_reads_the_game_its_sides_and_players_never_its_rounds(db):
    await start_teams(db)
    await _record(db, 1)
    with statements(db) as seen:
        game = await active_game(db, guild_id=GUILD, channel_id=CHANNEL)
    assert game.round_count == 1
    assert len(game.sides) == 2
    selects = [s for s in seen if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 3, seen
    assert not any("FROM rounds" in s for s in selects), selects


async def test_settings_are_read_once_and_a_change_is_seen_at_once(db, backend):
    assert (await get_settings(db, GUILD)).language == "en"
    with statements(db) as seen:
        assert (await get_settings(db, GUILD)).language == "en"
    assert seen == []
    await set_settings(db, GUILD, actor_id=ALICE, language="fi")
    with statements(db) as seen:
        assert (await get_settings(db, GUILD)).language == "fi"
    assert seen == []
    # another process (a second Database on the same data) reads what is stored when asked to
    other = backend.database()
    try:
        assert (await get_settings(other, GUILD, fresh=True)).language == "fi"
    finally:
        await other.dispose()


async def test_a_full_write_queue_says_busy_and_stores_nothing(db, backend, monkeypatch):
    """A command that cannot get SQLite's single writer, or a pooled PostgreSQL connection, in
    time is refused as busy (the player is told to try again) instead of waiting past Discord's
    patience; nothing is stored, and the next command goes through."""
    await start_teams(db)
    if db.is_sqlite:
        monkeypatch.setattr(engine, "WAIT_FOR_WRITER_SECONDS", 0.05)
        busy, holder = db, db._sqlite_writer
        assert holder is not None
        await holder.acquire()
        release = holder.release
    else:
        busy = Database(
            backend.url, **backend.engine_kwargs, pool_size=1, max_overflow=0, pool_timeout=0.05
        )
        connection = await busy.engine.connect()
        release = None
    try:
        with pytest.raises(engine.DatabaseBusy):
            await _record(busy, 1)
    finally:
        if release is not None:
            release()
        else:
            await connection.close()
    assert (await active_game(db, guild_id=GUILD, channel_id=CHANNEL)).round_count == 0
    await _record(busy, 2)
    assert (await active_game(db, guild_id=GUILD, channel_id=CHANNEL)).round_count == 1
    if busy is not db:
        await busy.dispose()


async def test_the_database_says_when_a_command_would_queue(db, backend):
    """What the Discord layer asks before a command runs, to acknowledge before waiting."""
    assert not db.is_busy
    if db.is_sqlite:
        assert db._sqlite_writer is not None
        async with db._sqlite_writer:
            assert db.is_busy
        assert not db.is_busy
        return
    small = Database(backend.url, **backend.engine_kwargs, pool_size=1, max_overflow=0)
    try:
        connection = await small.engine.connect()
        assert small.is_busy
        await connection.close()
        assert not small.is_busy
    finally:
        await small.dispose()
