"""Start-up's schema check: one query when the schema is current, a child process when it is not.

Why it matters to a user: the bot keeps Alembic out of its memory (see ``bot.storage.migrate``),
yet a new or older database is still brought up to date before the first command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from bot.storage.engine import create_engine
from bot.storage.migrate import (
    SchemaUpgradeError,
    alembic_config,
    current_revision,
    ensure_schema,
    head_revisions,
    schema_is_current,
    upgrade,
)
from tests.dbfixtures import PG_URL_ENV, _pg_exec, pg_kwargs


def test_heads_read_from_the_files_are_alembics() -> None:
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert head_revisions() == frozenset(heads)


async def test_an_empty_sqlite_database_is_migrated_once(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert not await schema_is_current(url)
    assert await ensure_schema(url) is True
    assert {await current_revision(url)} == set(head_revisions())
    assert await schema_is_current(url)
    assert await ensure_schema(url) is False


async def test_a_database_one_revision_behind_is_brought_up(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}"
    script = ScriptDirectory.from_config(alembic_config())
    (head,) = script.get_heads()
    behind = script.get_revision(head).down_revision
    assert isinstance(behind, str)
    await upgrade(url, behind)
    assert not await schema_is_current(url)
    assert await ensure_schema(url) is True
    assert await current_revision(url) == head


async def test_a_failed_migration_says_why_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bad.sqlite3'}"
    await upgrade(url)
    # A stamp no migration file knows: the check says "not current", and Alembic refuses.
    engine = create_engine(url)
    async with engine.begin() as connection:
        await connection.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    await engine.dispose()
    with pytest.raises(SchemaUpgradeError) as raised:
        await ensure_schema(url)
    message = str(raised.value)
    assert "ffff" in message
    assert "\n" not in message
    assert "Traceback" not in message


async def test_postgresql_schema_is_migrated_in_a_child(tmp_path: Path) -> None:
    server = os.environ.get(PG_URL_ENV)
    if not server:
        pytest.skip(f"{PG_URL_ENV} is unset: PostgreSQL tests skipped")
    schema = f"canasta_check_{uuid.uuid4().hex[:12]}"
    await _pg_exec(server, f'CREATE SCHEMA "{schema}"')
    try:
        kwargs = pg_kwargs(schema)
        assert not await schema_is_current(server, **kwargs)
        assert await ensure_schema(server, **kwargs) is True
        assert await schema_is_current(server, **kwargs)
        assert await ensure_schema(server, **kwargs) is False
    finally:
        await _pg_exec(server, f'DROP SCHEMA "{schema}" CASCADE')


def test_the_bot_process_does_not_load_alembic() -> None:
    """Everything ``canasta-bot run`` imports (runner and every cog) leaves Alembic out."""
    script = (
        "import sys\n"
        "import bot.discord_app.runner\n"
        "from bot.discord_app.cogs import discover_extensions\n"
        "discover_extensions()\n"
        "print(sorted({'alembic', 'mako'} & set(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    assert out.strip() == "[]"
