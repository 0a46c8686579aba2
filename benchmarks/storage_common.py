"""Shared setup for the storage benchmarks: a fresh, migrated database on either back end.

SQLite gets a new file in a temporary directory; PostgreSQL gets a uniquely named schema (pinned
with ``search_path``) that is dropped afterwards, so a benchmark never touches other data.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy import text

from bot.storage import Database, create_engine, is_sqlite, upgrade


def default_urls(argv: list[str]) -> list[str]:
    """URLs from the command line, else SQLite plus $TEST_DATABASE_URL / $DATABASE_URL if set."""
    if argv:
        return argv
    urls = ["sqlite"]
    pg = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL")
    if pg:
        urls.append(pg)
    return urls


@contextlib.asynccontextmanager
async def fresh_database(url: str) -> AsyncIterator[tuple[Database, str, dict[str, Any]]]:
    """(database, url, engine kwargs) on an empty migrated schema; "sqlite" means a temp file."""
    if url == "sqlite" or is_sqlite(url):
        with tempfile.TemporaryDirectory() as tmp:
            real = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
            await upgrade(real)
            db = Database(real)
            try:
                yield db, real, {}
            finally:
                await db.dispose()
        return
    schema = f"canasta_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    async with admin.begin() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    kwargs: dict[str, Any] = {"connect_args": {"server_settings": {"search_path": schema}}}
    try:
        await upgrade(url, **kwargs)
        db = Database(url, **kwargs)
        try:
            yield db, url, kwargs
        finally:
            await db.dispose()
    finally:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]
