"""Backup and restore of the SQLite file: what they accept, what they refuse, what they keep."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.backup import BackupError, backup, check_database, restore
from bot.ops.startup import RunLock
from bot.storage.migrate import upgrade


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated database in WAL mode with one game, as a running bot leaves it."""
    path = tmp_path_factory.mktemp("live") / "canasta.sqlite3"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(
            "INSERT INTO guild_settings (guild_id, language, updated_at)"
            " VALUES (1, 'no', '2026-01-01 00:00:00')"
        )
    return path


def test_backup_is_one_checked_file_with_the_data(live: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite3"
    line = backup(live, copy)
    assert line.startswith(f"backed up {live} to {copy}")
    assert check_database(copy)
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert connection.execute("SELECT language FROM guild_settings").fetchall() == [("no",)]
    assert not copy.with_name(copy.name + "-wal").exists()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"not a database at all" * 100, "is not an SQLite database"),
        (None, "is not a canasta-bot database"),
    ],
)
def test_restore_refuses_a_file_that_is_not_a_backup(
    content: bytes | None, says: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.sqlite3"
    if content is None:
        sqlite3.connect(bad).execute("CREATE TABLE t (x)").connection.close()
    else:
        bad.write_bytes(content)
    target = tmp_path / "data" / "canasta.sqlite3"
    with pytest.raises(BackupError, match=says):
        restore(bad, target)
    assert not target.exists()


def test_restore_refuses_while_a_bot_holds_the_lock(live: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite3"
    backup(live, copy)
    target = tmp_path / "data" / "canasta.sqlite3"
    running = RunLock(target)
    running.acquire()
    try:
        with pytest.raises(BackupError, match="a bot is running"):
            restore(copy, target)
    finally:
        running.release()
    assert "restored" in restore(copy, target)


def test_restore_keeps_the_database_it_replaces(live: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite3"
    backup(live, copy)
    target = tmp_path / "canasta.sqlite3"
    backup(live, target)
    with sqlite3.connect(target) as connection:
        connection.execute("UPDATE guild_settings SET language = 'fi'")
    line = restore(copy, target)
    kept = next(tmp_path.glob("canasta.sqlite3.before-restore-*"))
    assert str(kept) in line
    with sqlite3.connect(kept) as connection:
        assert connection.execute("SELECT language FROM guild_settings").fetchone() == ("fi",)
    with sqlite3.connect(target) as connection:
        assert connection.execute("SELECT language FROM guild_settings").fetchone() == ("no",)


def test_postgresql_is_pointed_at_pg_dump(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://canasta@db/canasta")
    assert main(["backup", "x.sqlite3"]) == 2
    assert "pg_dump" in capsys.readouterr().err
