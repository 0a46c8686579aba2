"""Database fixtures for the storage and game tests: every test runs on SQLite and PostgreSQL.

SQLite: the schema is migrated once into a template file, and each test gets a fresh copy.
PostgreSQL (only when TEST_DATABASE_URL is set): one uniquely named schema per test session,
pinned with ``search_path`` so nothing collides with other test modules on the shared database;
tables are emptied between tests and the schema is dropped at the end.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from bot.storage import Database, create_engine, upgrade
from bot.storage.models import Base

PG_URL_ENV = "TEST_DATABASE_URL"


@dataclass(frozen=True)
class Backend:
    """Where a test's database lives: a URL plus the engine arguments that go with it."""

    name: str
    url: str
    engine_kwargs: dict[str, Any] = field(default_factory=dict)
    schema: str | None = None

    def database(self) -> Database:
        return Database(self.url, **self.engine_kwargs)


def pg_kwargs(schema: str) -> dict[str, Any]:
    return {"connect_args": {"server_settings": {"search_path": schema}}}


async def _pg_exec(url: str, statement: str) -> None:
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


async def pg_admin(url: str, statement: str) -> None:
    """Run ``CREATE/DROP DATABASE``, which PostgreSQL refuses inside a transaction."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    return path


@pytest.fixture(scope="session")
def pg_schema() -> Iterator[tuple[str, str]]:
    url = os.environ.get(PG_URL_ENV)
    if not url:
        pytest.skip(f"{PG_URL_ENV} is unset: PostgreSQL tests skipped")
    schema = f"canasta_test_{uuid.uuid4().hex[:12]}"
    asyncio.run(_pg_exec(url, f'CREATE SCHEMA "{schema}"'))
    try:
        asyncio.run(upgrade(url, **pg_kwargs(schema)))
        yield url, schema
    finally:
        asyncio.run(_pg_exec(url, f'DROP SCHEMA "{schema}" CASCADE'))


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """A migrated, empty database on each back end."""
    if request.param == "sqlite":
        template = request.getfixturevalue("sqlite_template")
        path = tmp_path / "canasta.sqlite3"
        shutil.copy(template, path)
        return Backend("sqlite", f"sqlite+aiosqlite:///{path}")
    url, schema = request.getfixturevalue("pg_schema")
    tables = ", ".join(f'"{schema}"."{t.name}"' for t in Base.metadata.sorted_tables)
    asyncio.run(_pg_exec(url, f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    return Backend("postgresql", url, pg_kwargs(schema), schema)


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    database = backend.database()
    try:
        yield database
    finally:
        await database.dispose()
