"""Schema migrations, configured from Python so they run from an installed wheel.

There is no alembic.ini at run time: ``alembic_config`` points Alembic at the migrations package
next to this file, and ``upgrade`` hands it an open connection. The bot calls ``upgrade`` on start
and ``canasta-bot migrate`` calls it on demand; both are idempotent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

from bot.storage.engine import create_engine

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config for our migrations; ``url`` is used when no connection is given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        # Kept out of the ini options: ConfigParser would treat '%' in a password as syntax.
        config.attributes["url"] = url
    return config


MIGRATION_LOCK_KEY = 0x63616E6173746100
"""PostgreSQL advisory-lock key ("canasta" in ASCII) held while migrating."""


def _run(connection: Connection, config: Config, revision: str) -> None:
    if connection.dialect.name == "postgresql":
        # Shard processes start together: the lock makes the later ones wait and then find the
        # schema already current, instead of racing to create the same tables.
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


async def upgrade(url: str, revision: str = "head", **engine_kwargs: Any) -> None:
    """Bring the database at ``url`` to ``revision`` (the newest by default).

    Safe to run from several processes at once: one migrates, the others wait and find nothing
    to do (an advisory lock on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite).
    """
    engine = create_engine(url, **engine_kwargs)
    try:
        async with (
            engine.execution_options(sqlite_begin="IMMEDIATE").connect() as connection,
            connection.begin(),
        ):
            await connection.run_sync(_run, alembic_config(url), revision)
    finally:
        await engine.dispose()


def _current(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


async def current_revision(url: str, **engine_kwargs: Any) -> str | None:
    """The revision the database is at, or None for an empty database."""
    engine = create_engine(url, **engine_kwargs)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_current)
    finally:
        await engine.dispose()
