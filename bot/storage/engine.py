"""The engine and session factory, and the write discipline every command goes through.

One module decides how the bot talks to its database, so SQLite (the default) and PostgreSQL
(``DATABASE_URL``) behave the same to the services above:

* SQLite runs in WAL mode with foreign keys on and a busy timeout, and a write transaction starts
  with ``BEGIN IMMEDIATE``: it takes the database's write lock before reading, so two processes
  can never both read "last round is 7" and both write round 8.
* PostgreSQL serialises commands for one game with ``SELECT ... FOR UPDATE`` on the game row
  (the services do that; see ``bot.games.access``).
* Whatever still collides (a unique constraint, a busy database, a serialisation failure) is
  retried from the start of the command by ``Database.write``.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from typing import Any, TypeVar

from sqlalchemy import create_engine as _create_sync_engine
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.ext.asyncio import create_async_engine as _create_async_engine

log = logging.getLogger(__name__)

T = TypeVar("T")

SQLITE_BUSY_TIMEOUT_MS = 30_000
"""How long a write waits for another process's write lock before the retry loop takes over."""

RETRY_ATTEMPTS = 8

WAIT_FOR_WRITER_SECONDS = 10.0
"""The longest a command queues for SQLite's single writer before it is told the bot is busy."""

POOL_TIMEOUT_SECONDS = 5.0
"""PostgreSQL: the longest a command waits for a pooled connection (SQLAlchemy's default is 30 s,
far past Discord's patience) before it is told the bot is busy."""


class DatabaseBusy(Exception):
    """No connection or writer slot came in time: nothing was started, so nothing was stored."""


RETRYABLE_PG_STATES = frozenset({"40001", "40P01", "23505", "55P03"})
"""Serialisation failure, deadlock, unique violation, lock not available."""


commits_in_task: ContextVar[int] = ContextVar("commits_in_task", default=0)
"""Write transactions committed so far in the current asyncio task (one task per command).

Why: when a command fails after its write committed (say, its reply could not be rendered),
the player must not be told "nothing was saved". The Discord layer reads this to choose the
message without the services having to report it."""


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver must not open transactions on its own: the "begin" listener does, so it can
    # choose BEGIN IMMEDIATE for writes (the documented SQLAlchemy recipe for pysqlite/aiosqlite).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    # WAL + NORMAL is durable against a crashed or killed process (only an OS crash or power
    # loss can lose the last commits), at a fraction of the fsyncs of FULL.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {mode}")


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url``: SQLite via aiosqlite, or PostgreSQL via asyncpg.

    Extra keyword arguments go to ``create_async_engine`` (tests pass ``connect_args`` to pin a
    PostgreSQL ``search_path``). Passwords in the URL are never logged: SQLAlchemy masks them.
    """
    if is_sqlite(url):
        engine = _create_async_engine(url, **kwargs)
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
        event.listen(engine.sync_engine, "begin", _sqlite_on_begin)
        return engine
    from bot.storage.models import use_postgresql  # the models' PostgreSQL-only options

    use_postgresql()
    kwargs.setdefault("pool_pre_ping", True)
    kwargs.setdefault("pool_timeout", POOL_TIMEOUT_SECONDS)
    return _create_async_engine(url, **kwargs)


def _sync_sqlite_engine(url: str) -> Engine:
    """The same SQLite file through the standard library driver, for work run on one thread.

    Why: aiosqlite hands every statement (and every cursor open, fetch and close) to its thread
    and back, which cost more than the statements themselves; a whole transaction run on the
    thread that owns the connection costs one hand-off.

    It has no connection-event listener (``Database._run_on_thread`` issues the BEGIN itself):
    any such listener, or an ``execution_options`` copy of the engine, makes SQLAlchemy run its
    event machinery around every statement, ~0.4 ms of CPU per recorded round of ~1.5.
    """
    sync_url = make_url(url).set(drivername="sqlite")
    engine = _create_sync_engine(sync_url, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _sqlite_on_connect)
    return engine


def _retryable(error: Exception) -> bool:
    if isinstance(error, IntegrityError):
        return True
    if isinstance(error, OperationalError):
        text = str(error.orig).lower()
        if "locked" in text or "busy" in text:
            return True
    if isinstance(error, DBAPIError):
        state = getattr(error.orig, "sqlstate", None) or getattr(error.orig, "pgcode", None)
        return state in RETRYABLE_PG_STATES
    return False


class Database:
    """An engine, its session factories, and the retry loop for writes.

    Services take a ``Database`` rather than a bare sessionmaker because a write needs more than
    a session: the SQLite begin mode, an in-process writer lock (SQLite has one writer anyway;
    queueing in asyncio beats sleeping in SQLite's busy handler), and retries.
    """

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.engine = create_engine(url, **engine_kwargs)
        self.dialect = self.engine.dialect.name
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        writer_engine = (
            self.engine.execution_options(sqlite_begin="IMMEDIATE")
            if self.dialect == "sqlite"
            else self.engine
        )
        self._writer_sessions = async_sessionmaker(writer_engine, expire_on_commit=False)
        self._sqlite_writer = asyncio.Lock() if self.dialect == "sqlite" else None
        self._sync: Engine | None = None
        self._threads: dict[str, ThreadPoolExecutor] = {}
        if self.dialect == "sqlite":
            self._sync = _sync_sqlite_engine(url)
            # One thread writes (SQLite has one writer anyway), one reads (WAL lets it read
            # while the writer writes); each keeps its own connection.
            self._threads = {
                mode: ThreadPoolExecutor(1, thread_name_prefix=f"sqlite-{mode}")
                for mode in ("write", "read")
            }

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    @property
    def is_busy(self) -> bool:
        """Whether a command starting now would queue for the database (SQLite's writer is
        taken, or every pooled PostgreSQL connection is out): the Discord layer then
        acknowledges before it waits."""
        if self._sqlite_writer is not None:
            return self._sqlite_writer.locked()
        pool = self.engine.sync_engine.pool
        size = getattr(pool, "size", None)
        checked_out = getattr(pool, "checkedout", None)
        if not callable(size) or not callable(checked_out):
            return False
        return bool(checked_out() >= size())

    @property
    def sync_engines(self) -> tuple[Engine, ...]:
        """Every engine statements go through (for event listeners: counting, tracing)."""
        return (self.engine.sync_engine, *((self._sync,) if self._sync is not None else ()))

    async def read(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``work`` in a read transaction (a consistent snapshot; never blocks writers)."""
        try:
            async with self.sessions() as session, session.begin():
                return await work(session)
        except PoolTimeout as error:
            raise DatabaseBusy(str(error)) from None

    async def write(
        self,
        work: Callable[[AsyncSession], Awaitable[T]],
        attempts: int = RETRY_ATTEMPTS,
    ) -> T:
        """Run ``work`` in one write transaction and commit; retry it whole on a conflict.

        ``work`` must be safe to run again from scratch: it re-reads everything it decides on,
        so a retry after a concurrent change decides afresh (and an idempotent command finds
        its own earlier result). Errors raised by ``work`` itself roll back and propagate.
        """
        for attempt in range(1, attempts + 1):
            try:
                if self._sqlite_writer is not None:
                    await self._wait_for_writer()
                    try:
                        return await self._write_once(work)
                    finally:
                        self._sqlite_writer.release()
                return await self._write_once(work)
            except PoolTimeout as error:
                raise DatabaseBusy(str(error)) from None
            except DBAPIError as error:
                if attempt == attempts or not _retryable(error):
                    raise
                log.debug("write conflict (attempt %d): %s", attempt, type(error.orig).__name__)
                await asyncio.sleep(random.uniform(0.005, 0.02) * attempt)
        raise AssertionError("unreachable")

    async def write_now(self, work: Callable[[Connection], T]) -> T:
        """Run a synchronous unit of work (Core statements on a ``Connection``) in one write
        transaction and commit; retried whole on a conflict, like ``write``.

        For the commands that run most (recording a round): on SQLite the whole transaction runs
        on the writer thread in one hand-off; on PostgreSQL it runs through asyncpg as any other
        (``run_sync``). The same function serves both back ends. ``work`` returns None when it
        decided to write nothing (so a later failure is not reported as saved).
        """
        for attempt in range(1, RETRY_ATTEMPTS + 1):
            try:
                result = await self._write_now_once(work)
            except PoolTimeout as error:
                raise DatabaseBusy(str(error)) from None
            except DBAPIError as error:
                if attempt == RETRY_ATTEMPTS or not _retryable(error):
                    raise
                log.debug("write conflict (attempt %d): %s", attempt, type(error.orig).__name__)
                await asyncio.sleep(random.uniform(0.005, 0.02) * attempt)
                continue
            if result is not None:
                commits_in_task.set(commits_in_task.get() + 1)
            return result
        raise AssertionError("unreachable")

    async def _write_now_once(self, work: Callable[[Connection], T]) -> T:
        if self._sync is None:
            async with self.engine.begin() as connection:
                return await connection.run_sync(work)
        await self._wait_for_writer()
        assert self._sqlite_writer is not None
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._threads["write"], self._run_on_thread, work, "IMMEDIATE"
            )
        finally:
            self._sqlite_writer.release()

    async def read_now(self, work: Callable[[Connection], T]) -> T:
        """Run a synchronous read (Core statements on a ``Connection``) in one transaction: on
        SQLite on the reader thread in one hand-off, on PostgreSQL through asyncpg."""
        try:
            if self._sync is None:
                async with self.engine.connect() as connection:
                    return await connection.run_sync(work)
            return await asyncio.get_running_loop().run_in_executor(
                self._threads["read"], self._run_on_thread, work, "DEFERRED"
            )
        except PoolTimeout as error:
            raise DatabaseBusy(str(error)) from None

    def _run_on_thread(self, work: Callable[[Connection], T], begin: str) -> T:
        assert self._sync is not None
        with self._sync.connect() as connection:
            # SQLAlchemy's own begin is a no-op for this driver (isolation_level None); this
            # starts the real transaction. Leaving the block without commit rolls it back.
            connection.exec_driver_sql(f"BEGIN {begin}")
            result = work(connection)
            connection.commit()
            return result

    async def _wait_for_writer(self) -> None:
        assert self._sqlite_writer is not None
        try:
            # a timeout scope, not wait_for: no task is made for an acquire that seldom waits
            async with asyncio.timeout(WAIT_FOR_WRITER_SECONDS):
                await self._sqlite_writer.acquire()
        except TimeoutError:
            raise DatabaseBusy(f"no write slot within {WAIT_FOR_WRITER_SECONDS:.0f} s") from None

    async def _write_once(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        async with self._writer_sessions() as session, session.begin():
            result = await work(session)
        commits_in_task.set(commits_in_task.get() + 1)
        return result

    async def dispose(self) -> None:
        await self.engine.dispose()
        if self._sync is not None:
            for thread in self._threads.values():
                thread.shutdown(wait=True)
            self._sync.dispose()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.dispose()
