"""Several processes starting at once (shards) may all upgrade the schema: none may fail."""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import make_url

from bot.storage.migrate import current_revision
from tests.dbfixtures import PG_URL_ENV, pg_admin

HEAD = "0006"


async def _migrate_in_processes(url: str, count: int, data_dir: Path) -> list[tuple[int, str]]:
    env = {**os.environ, "DATABASE_URL": url, "CANASTA_DATA_DIR": str(data_dir)}
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.cli",
            "migrate",
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(count)
    ]
    results = []
    for proc in procs:
        out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
        results.append((proc.returncode or 0, (out + err).decode()))
    return results


async def test_sqlite_upgrades_from_three_processes_at_once(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'canasta.sqlite3'}"
    for code, output in await _migrate_in_processes(url, 3, tmp_path):
        assert code == 0, output
    assert (await current_revision(url) or "").startswith(HEAD)


async def test_postgresql_upgrades_from_three_processes_at_once(tmp_path: Path) -> None:
    server = os.environ.get(PG_URL_ENV)
    if not server:
        pytest.skip(f"{PG_URL_ENV} is unset: PostgreSQL tests skipped")
    name = f"canasta_migrate_{uuid.uuid4().hex[:12]}"
    await pg_admin(server, f'CREATE DATABASE "{name}"')
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    try:
        for code, output in await _migrate_in_processes(url, 3, tmp_path):
            assert code == 0, output
        assert (await current_revision(url) or "").startswith(HEAD)
    finally:
        await pg_admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
