"""Schema migrations, configured from Python so they run from an installed wheel.

There is no alembic.ini at run time: ``alembic_config`` points Alembic at the migrations package
next to this file, and ``upgrade`` hands it an open connection. ``canasta-bot migrate`` calls
``upgrade``; both it and the bot's start-up are idempotent.

Why Alembic is imported only inside the functions that migrate: with Mako and Pygments it costs
the bot ~12 MiB of memory, held for the life of the process, for work done once. The bot's
start-up instead asks ``schema_is_current`` (one query of ``alembic_version``, against the heads
read from the files in ``migrations/versions``) and only when the schema is behind runs
``upgrade`` in a short child process (``upgrade_in_child``), so even a first start never loads it.
"""

from __future__ import annotations

import ast
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from bot.storage.engine import create_engine

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"


class SchemaUpgradeError(RuntimeError):
    """The child process that migrates failed; the message is its last line of error output."""


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config for our migrations; ``url`` is used when no connection is given."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        # Kept out of the ini options: ConfigParser would treat '%' in a password as syntax.
        config.attributes["url"] = url
    return config


MIGRATION_LOCK_KEY = 0x63616E6173746100
"""PostgreSQL advisory-lock key ("canasta" in ASCII) held while migrating."""


def _run(connection: Connection, config: Config, revision: str) -> None:
    from alembic import command

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


def _revision_fields(path: Path) -> dict[str, Any]:
    """``revision`` and ``down_revision`` as a migration file assigns them (literals)."""
    found: dict[str, Any] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = value = None
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        named = isinstance(target, ast.Name) and target.id in ("revision", "down_revision")
        if named and value is not None:
            found[target.id] = ast.literal_eval(value)  # type: ignore[union-attr]
    return found


def head_revisions() -> frozenset[str]:
    """The newest revision(s) of ``migrations/versions``, without importing Alembic.

    The same answer as Alembic's ``ScriptDirectory.get_heads()`` (a test holds them equal): every
    revision no other file names as its ``down_revision``."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in sorted((MIGRATIONS_DIR / "versions").glob("*.py")):
        fields = _revision_fields(path)
        if "revision" not in fields:
            continue
        revisions.add(fields["revision"])
        down = fields.get("down_revision")
        parents.update(down if isinstance(down, list | tuple) else [down] if down else [])
    return frozenset(revisions - parents)


def _stamped(connection: Connection) -> frozenset[str]:
    if not inspect(connection).has_table(VERSION_TABLE):
        return frozenset()
    rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
    return frozenset(row[0] for row in rows)


async def schema_is_current(url: str, **engine_kwargs: Any) -> bool:
    """Whether the database at ``url`` is stamped with exactly the newest revision(s).

    Connection errors propagate (start-up retries them); an empty database is not current."""
    engine = create_engine(url, **engine_kwargs)
    try:
        async with engine.connect() as connection:
            stamped = await connection.run_sync(_stamped)
    finally:
        await engine.dispose()
    return stamped == head_revisions()


async def upgrade_in_child(url: str, **engine_kwargs: Any) -> None:
    """``upgrade`` to the newest revision in a child Python process (``bot.storage.upgrade_child``)
    so Alembic never loads into the caller; SchemaUpgradeError with the child's last error line.

    The URL travels on standard input, never on the command line where ``ps`` would show a
    password."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.storage.upgrade_child",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    request = json.dumps({"url": url, "engine_kwargs": engine_kwargs}).encode()
    _out, err = await process.communicate(request)
    if process.returncode != 0:
        lines = [line for line in err.decode(errors="replace").splitlines() if line.strip()]
        raise SchemaUpgradeError(lines[-1] if lines else f"exit status {process.returncode}")


async def ensure_schema(url: str, **engine_kwargs: Any) -> bool:
    """Bring the schema to the newest revision unless it is there already; True if it migrated.

    The check is one query in this process; the migration, when needed, runs in a child."""
    if await schema_is_current(url, **engine_kwargs):
        return False
    heads = ", ".join(sorted(head_revisions()))
    log.info("database schema is behind: migrating to %s in a child process", heads)
    await upgrade_in_child(url, **engine_kwargs)
    log.info("database schema migrated to %s", heads)
    return True
