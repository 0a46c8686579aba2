"""``canasta-bot backup`` and ``restore`` for the SQLite database.

Backup uses SQLite's online backup API (``sqlite3.Connection.backup``) in one step: it reads a
consistent snapshot while the bot keeps writing (WAL readers never block the writer), so a copy
taken mid-game holds every round committed before it started and no half-written one. The copy
is checked (``integrity_check``), switched out of WAL mode so it is one self-contained file, and
moved into place only when complete.

Restore refuses unless it can be sure no bot uses the database: every bot process holds a shared
lock on ``<database>.lock`` (``bot.ops.startup.RunLock``) and restore needs it exclusively. It
checks the file first (integrity, the expected tables, a schema revision this version knows),
keeps the current database as ``<name>.before-restore-<time>``, and the next start migrates an
older backup forward.

PostgreSQL has its own tools (``pg_dump`` / ``pg_restore``); these commands say so.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.ops.startup import try_exclusive

PG_HINT = (
    "DATABASE_URL points at PostgreSQL: back it up with pg_dump"
    " (pg_dump -Fc -d <database> -f canasta.dump) and restore with pg_restore"
)


class BackupError(RuntimeError):
    """The one line to show; nothing was changed."""


def _copy(source: Path, target: Path) -> None:
    """Online-backup ``source`` into a new file ``target`` (one self-contained file)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)  # pages=-1: the whole database in one step, one consistent snapshot
        dst.execute("PRAGMA journal_mode=DELETE")
    finally:
        dst.close()
        src.close()


def check_database(path: Path) -> str:
    """Problems make BackupError; returns the schema revision of a usable database file."""
    from alembic.script import ScriptDirectory

    from bot.storage.migrate import alembic_config
    from bot.storage.models import Base

    if not path.is_file():
        raise BackupError(f"{path}: no such file")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            revision = None
            if "alembic_version" in tables:
                row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = row[0] if row else None
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not an SQLite database ({error})") from None
    if verdict != "ok":
        raise BackupError(f"{path} fails SQLite's integrity check: {verdict}")
    if revision is None:
        raise BackupError(f"{path} is not a canasta-bot database (no schema revision)")
    scripts = ScriptDirectory.from_config(alembic_config())
    known = {script.revision for script in scripts.walk_revisions()}
    if revision not in known:
        raise BackupError(
            f"{path} is at schema revision {revision}, which this version of canasta-bot does"
            " not know (a backup from a newer version?); upgrade canasta-bot first"
        )
    missing = sorted(set(Base.metadata.tables) - tables)
    if missing and revision == _head():
        raise BackupError(f"{path} lacks the tables {', '.join(missing)}")
    return revision


def _head() -> str | None:
    from alembic.script import ScriptDirectory

    from bot.storage.migrate import alembic_config

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def backup(database: Path, target: Path) -> str:
    """Copy the live ``database`` to ``target``; returns a one-line summary."""
    if not database.is_file():
        raise BackupError(f"no database at {database} (has the bot ever run with this data dir?)")
    target = target.resolve()
    if target == database:
        raise BackupError("the backup file cannot be the database itself")
    if not target.parent.is_dir():
        raise BackupError(f"{target.parent}: no such directory")
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.unlink(missing_ok=True)
        _copy(database, partial)
        revision = check_database(partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"backup of {database} failed: {error}") from None
    except OSError as error:
        raise BackupError(f"cannot write {target}: {error.strerror}") from None
    finally:
        partial.unlink(missing_ok=True)
    return f"backed up {database} to {target} ({target.stat().st_size} bytes, schema {revision})"


def restore(source: Path, database: Path) -> str:
    """Put the checked backup ``source`` in place of ``database``; returns a one-line summary."""
    source = source.resolve()
    revision = check_database(source)
    lock = try_exclusive(database)
    if lock is None:
        raise BackupError(
            f"a bot is running on {database} (it holds {database.name}.lock);"
            " stop every bot process first, then restore"
        )
    try:
        incoming = database.with_name(f".{database.name}.restoring")
        incoming.unlink(missing_ok=True)
        _copy(source, incoming)
        kept = None
        if database.exists():
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
            kept = database.with_name(f"{database.name}.before-restore-{stamp}")
            # A clean copy of the current database (its WAL folded in) before it is replaced.
            _copy(database, kept)
        for suffix in ("-wal", "-shm"):
            database.with_name(database.name + suffix).unlink(missing_ok=True)
        os.replace(incoming, database)
    except (sqlite3.Error, OSError) as error:
        raise BackupError(f"restore into {database} failed: {error}") from None
    finally:
        lock.close()
    note = f"; the previous database is kept as {kept}" if kept else ""
    return f"restored {source} (schema {revision}) to {database}{note}"
