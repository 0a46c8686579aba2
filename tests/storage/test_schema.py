"""The migrated schema equals the ORM metadata, and the SQLite connection settings hold."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from bot.storage import current_revision, upgrade
from bot.storage.models import Base, Game


async def test_migrations_equal_orm_metadata(backend, db):
    # Upgrading an up-to-date database is a no-op.
    await upgrade(backend.url, **backend.engine_kwargs)
    assert await current_revision(backend.url, **backend.engine_kwargs) == "0006"

    def diff(connection):
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, Base.metadata)

    async with db.engine.connect() as connection:
        assert await connection.run_sync(diff) == []


async def test_sqlite_pragmas(tmp_path):
    from bot.storage import Database

    url = f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}"
    await upgrade(url)
    db = Database(url)
    try:

        async def work(session):
            return [
                (await session.execute(text(f"PRAGMA {name}"))).scalar_one()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            ]

        journal, foreign_keys, busy = await db.read(work)
        assert journal == "wal"
        assert foreign_keys == 1
        assert busy >= 5000
    finally:
        await db.dispose()


def _game(channel: int, state: str) -> Game:
    return Game(
        guild_id=1,
        channel_id=channel,
        variant_id="classic",
        house_rules={},
        state=state,
        started_by=1,
        created_at=datetime.now(UTC),
        first_dealer=0,
        draw=False,
        round_count=0,
        totals=[0, 0],
    )


async def test_one_active_game_per_channel_enforced_by_the_database(db):
    async def add(session, *games):
        session.add_all(games)

    await db.write(lambda s: add(s, _game(7, "finished"), _game(7, "finished"), _game(7, "active")))
    with pytest.raises(IntegrityError):
        await db.write(lambda s: add(s, _game(7, "active")), attempts=1)


async def test_upgrade_empty_database_from_scratch(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert await current_revision(url) is None
    await upgrade(url)
    assert await current_revision(url) == "0006"
