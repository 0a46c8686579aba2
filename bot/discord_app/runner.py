"""Starting and stopping the bot, and syncing its commands; shared by ``run`` and ``sync``.

Start-up: the database first (retried while PostgreSQL starts, see ``bot.ops.startup``), then
Discord, retried with back-off and one log line per attempt when it cannot be reached, rather
than discord.py's traceback.

Stopping (SIGTERM from systemd or ``docker stop``, or Ctrl-C): the gateway is closed first, so
no new interaction arrives, while the HTTP session stays open for the commands in flight to
answer; they get ``CANASTA_SHUTDOWN_TIMEOUT_SECONDS`` to finish, then the bot closes its
connections and the database, and the process exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from urllib.parse import urlsplit

import aiohttp
import discord
from discord.utils import MISSING

from bot.config import Settings
from bot.discord_app.client import CanastaBot
from bot.discord_app.endpoints import point_discord_py_at
from bot.ops.metrics import Metrics
from bot.ops.startup import RunLock, StartupError, wait_for_database
from bot.storage.migrate import upgrade

log = logging.getLogger(__name__)

NO_TOKEN_HELP = (
    "No Discord token. Create an application at https://discord.com/developers/applications,"
    " add a bot, copy its token and start again with DISCORD_TOKEN=<token> (or put it in a file"
    " and set DISCORD_TOKEN_FILE=<path>)."
)
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_app_command",
    # Listeners: round form submits and answers to stale buttons run here, not in the tree.
    # Left out, a form still being recorded met a closed HTTP session at shutdown.
    "discord.py: on_interaction",
)
"""Names discord.py gives the tasks that run interaction handlers (and our completion log)."""
MAX_RETRY_SECONDS = 60.0
DISCONNECT_SECONDS = 2.0


class MissingTokenError(RuntimeError):
    pass


TOKEN_REJECTED = (
    "Discord rejected the token ({detail}). Check DISCORD_TOKEN (or DISCORD_TOKEN_FILE): copy the"
    " bot's token again from https://discord.com/developers/applications (Bot > Reset Token)."
)
GATEWAY_AUTH_FAILED = 4004


class TokenRejectedError(RuntimeError):
    """Discord refused the token, over REST (401) or on the gateway (close 4004): retrying
    cannot help, so the process ends with one line saying what to fix (never the token)."""


def build_bot(settings: Settings) -> CanastaBot:
    if not settings.token:
        raise MissingTokenError(NO_TOKEN_HELP)
    point_discord_py_at(settings.discord_api_base, settings.discord_gateway_url)
    return CanastaBot(settings)


async def prepare_database(settings: Settings) -> None:
    """Create the data directory for the SQLite default and upgrade the schema."""
    if not settings.database_url:
        settings.ensure_data_dir()
    await upgrade(settings.effective_database_url)


def _unreachable(error: BaseException) -> bool:
    if isinstance(error, aiohttp.ClientConnectionError | OSError | TimeoutError):
        return True
    return isinstance(error, discord.DiscordServerError)


async def login_with_retry(bot: CanastaBot, settings: Settings) -> None:
    """Log in; while Discord cannot be reached, one warning per attempt and back-off to 60 s."""
    host = urlsplit(settings.discord_api_base).netloc or settings.discord_api_base
    delay = 1.0
    while True:
        try:
            await bot.login(settings.token or "")
            return
        except discord.LoginFailure:
            raise TokenRejectedError(TOKEN_REJECTED.format(detail="HTTP 401")) from None
        except Exception as error:
            if not _unreachable(error):
                raise
            log.warning(
                "cannot reach Discord at %s: %s; retrying in %.0f s",
                host,
                str(error) or type(error).__name__,
                delay,
            )
        # A failed login leaves a session whose connector a retry cannot reuse.
        await bot.http.close()
        bot.http.connector = MISSING
        await asyncio.sleep(delay)
        delay = min(delay * 2, MAX_RETRY_SECONDS)


def handlers_in_flight() -> set[asyncio.Task[object]]:
    current = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASKS)
    }


async def drain(bot: CanastaBot, timeout: float) -> None:  # noqa: ASYNC109
    """Stop accepting interactions (close the gateway) and let running handlers finish."""
    for shard in bot.shards.values():
        with contextlib.suppress(Exception):
            # A dead network can stall the websocket's closing handshake: don't wait on it.
            await asyncio.wait_for(shard.disconnect(), DISCONNECT_SECONDS)
    running = handlers_in_flight()
    log.info("stopping: %d commands in flight, waiting up to %.0f s", len(running), timeout)
    if running:
        _done, pending = await asyncio.wait(running, timeout=timeout)
        if pending:
            # Cancelled rather than left to run on into the closed HTTP session and database,
            # where each would end in a traceback.
            log.warning("stopping: %d commands did not finish in time", len(pending))
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=DISCONNECT_SECONDS)


async def run_bot(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT; raises StartupError/TokenRejectedError with the line to show."""
    bot = build_bot(settings)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    lock = RunLock(settings.sqlite_path) if settings.sqlite_path else None
    metrics: Metrics | None = None
    try:
        if lock is not None:
            await asyncio.to_thread(lock.acquire)
        if not await wait_for_database(settings, stop, in_child=True):
            log.info("stopped before the database was reachable")
            return
        if settings.metrics_port:
            metrics = Metrics()
            bot.observer.metrics = metrics
            metrics.serve(settings.metrics_address, settings.metrics_port, bot.db)
        async with bot:
            await _run_until_stopped(bot, settings, stop)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        if metrics is not None:
            await metrics.close()
        if lock is not None:
            lock.release()


async def _run_until_stopped(bot: CanastaBot, settings: Settings, stop: asyncio.Event) -> None:
    async def start() -> None:
        await login_with_retry(bot, settings)
        await bot.connect(reconnect=True)

    runner = asyncio.create_task(start(), name="canasta-run")
    stopper = asyncio.create_task(stop.wait(), name="canasta-stop")
    done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    if runner in done:
        stopper.cancel()
        error = runner.exception()
        if isinstance(error, discord.ConnectionClosed) and error.code == GATEWAY_AUTH_FAILED:
            raise TokenRejectedError(
                TOKEN_REJECTED.format(detail=f"gateway close {GATEWAY_AUTH_FAILED}")
            ) from None
        if error is not None and _unreachable(error):
            host = urlsplit(settings.discord_api_base).netloc
            raise StartupError(f"cannot reach Discord at {host}: {error}") from None
        runner.result()
        return
    if bot.is_ready() or bot.shards:
        await drain(bot, settings.shutdown_timeout_seconds)
    if bot.observer.metrics is not None:
        # Before the database closes: the gauge loop must not open a connection after it.
        await bot.observer.metrics.close()
    await bot.close()
    runner.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await runner
    log.info("stopped cleanly")


async def sync_commands(settings: Settings, guild_id: int | None) -> list[str]:
    """Log in over HTTP only (no gateway), push the command tree, return the synced names."""
    bot = build_bot(settings)
    async with bot:
        try:
            await bot.login(settings.token or "")
        except discord.LoginFailure:
            raise TokenRejectedError(TOKEN_REJECTED.format(detail="HTTP 401")) from None
        except Exception as error:
            if _unreachable(error):
                host = urlsplit(settings.discord_api_base).netloc
                raise StartupError(f"cannot reach Discord at {host}: {error}") from None
            raise
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    return [command.name for command in synced]
