"""Alembic environment: runs on a connection handed over by ``bot.storage.migrate``.

When Alembic is driven from its own command line (``alembic -x url=... revision --autogenerate``
while developing), it opens an async engine itself from the ``url`` attribute or ``-x url=``.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from bot.storage.engine import create_engine
from bot.storage.models import Base, use_postgresql

config = context.config
target_metadata = Base.metadata


def _configure(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        use_postgresql()
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    url = config.attributes.get("url") or context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise RuntimeError("no database URL: pass -x url=... or use bot.storage.migrate")
    return str(url)


async def _run_async() -> None:
    engine = create_engine(_url())
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_configure)
    finally:
        await engine.dispose()


def run() -> None:
    if context.is_offline_mode():
        context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
    else:
        asyncio.run(_run_async())


run()
