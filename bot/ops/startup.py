"""Start-up: wait for the database, and the lock that says "a bot is running on this file".

Why retry: under compose or systemd the bot and PostgreSQL start together, and PostgreSQL takes
seconds to accept connections. Retrying for ``CANASTA_DB_START_TIMEOUT_SECONDS`` (one log line
per attempt) beats exiting and relying on the restart policy's back-off.

Why a lock file: ``canasta-bot restore`` must not swap the SQLite file under a running bot. Each
bot process holds a shared ``flock`` on ``<database>.lock`` for its lifetime; restore takes it
exclusively and refuses when it cannot. The kernel drops the lock when a process dies, so a
crashed bot never leaves a stale lock behind.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
from pathlib import Path
from typing import IO

from sqlalchemy.exc import DBAPIError

from bot.config import Settings
from bot.storage.migrate import SchemaUpgradeError, ensure_schema, upgrade

log = logging.getLogger(__name__)


class StartupError(RuntimeError):
    """Start-up cannot go on; the message is the one line to show."""


def error_reason(error: BaseException) -> str:
    """The first line of what went wrong, without the SQL or driver class noise."""
    inner = getattr(error, "orig", None) or error
    text = str(inner).strip().splitlines()[0] if str(inner).strip() else type(inner).__name__
    return text if text else type(inner).__name__


async def wait_for_database(
    settings: Settings, stop: asyncio.Event | None = None, *, in_child: bool = False
) -> bool:
    """Bring the schema up to date, retrying an unreachable PostgreSQL for the configured time.

    False when ``stop`` was set while waiting (SIGTERM during start-up is a normal stop).
    ``in_child`` (the bot): check the schema with one query and migrate, when it is behind, in a
    child process, so Alembic never loads into the long-lived bot (``bot.storage.migrate``).

    SQLite errors are not retried (a file that cannot be opened will not fix itself); the
    StartupError names the database with any password masked.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + settings.db_start_timeout_seconds
    delay = 0.5
    attempt = 0
    while True:
        attempt += 1
        try:
            if in_child:
                await ensure_schema(settings.effective_database_url, **settings.engine_kwargs())
            else:
                await upgrade(settings.effective_database_url, **settings.engine_kwargs())
        except SchemaUpgradeError as error:
            shown = settings.database_shown
            raise StartupError(f"cannot use the database {shown}: {error}") from None
        except (DBAPIError, OSError, TimeoutError) as error:
            reason = error_reason(error)
            left = deadline - loop.time()
            if settings.is_sqlite or left <= 0:
                raise StartupError(
                    f"cannot use the database {settings.database_shown}: {reason}"
                    + (f" (gave up after {attempt} attempts)" if attempt > 1 else "")
                ) from None
            wait = min(delay, left)
            log.warning(
                "database %s not reachable yet: %s; retrying in %.1f s (%.0f s left)",
                settings.database_shown,
                reason,
                wait,
                left,
            )
            if stop is not None:
                try:
                    await asyncio.wait_for(stop.wait(), timeout=wait)
                except TimeoutError:
                    pass
                else:
                    return False
            else:
                await asyncio.sleep(wait)
            delay = min(delay * 2, 5.0)
        else:
            if attempt > 1:
                log.info("database reachable after %d attempts", attempt)
            return True


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


class RunLock:
    """A shared lock held by every bot process on one SQLite database (see module docstring)."""

    def __init__(self, database: Path) -> None:
        self.path = lock_path(database)
        self._file: IO[bytes] | None = None

    def acquire(self) -> None:
        """Take the shared lock, waiting while a restore holds it exclusively."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("ab")
        try:
            fcntl.flock(self._file, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning("a restore is replacing the database; waiting for it to finish")
            fcntl.flock(self._file, fcntl.LOCK_SH)

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def try_exclusive(database: Path) -> IO[bytes] | None:
    """The lock file held exclusively (no bot can start meanwhile), or None while a bot runs."""
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("ab")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle
