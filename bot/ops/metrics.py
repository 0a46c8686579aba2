"""Command logs and the optional Prometheus endpoint.

Every finished slash command gives one INFO line with its latency (``CommandObserver``); with
``CANASTA_METRICS_PORT`` set the same observations feed Prometheus counters and a histogram, and
a background loop keeps two gauges current: active games (a count over the partial index of
active games, every ``GAUGE_INTERVAL_SECONDS`` and soon after a ``/game`` or ``/round`` command,
which may start or end one) and database connections in use (read from the pool at scrape
time). ``prometheus_client`` is imported only then: it is the ``metrics`` extra.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from bot.storage.models import GAME_ACTIVE, Game

if TYPE_CHECKING:
    from bot.storage.engine import Database

log = logging.getLogger("bot.commands")

GAUGE_INTERVAL_SECONDS = 30.0
RECOUNT_DELAY_SECONDS = 0.5
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class MetricsUnavailable(RuntimeError):
    """CANASTA_METRICS_PORT is set but prometheus-client is not installed."""


class Metrics:
    """The bot's Prometheus metrics in their own registry (tests can make several)."""

    def __init__(self) -> None:
        try:
            import prometheus_client as prom
        except ImportError:
            raise MetricsUnavailable(
                "CANASTA_METRICS_PORT is set but prometheus-client is not installed;"
                " install canasta-bot[metrics]"
            ) from None
        self._prom = prom
        self.registry = prom.CollectorRegistry()
        prom.ProcessCollector(registry=self.registry)
        prom.PlatformCollector(registry=self.registry)
        self.commands = prom.Counter(
            "canasta_commands",
            "Slash commands finished, by command and outcome (ok, busy or error).",
            ["command", "outcome"],
            registry=self.registry,
        )
        self.errors = prom.Counter(
            "canasta_command_errors",
            "Slash commands that failed with an unexpected error (the user got an apology).",
            ["command"],
            registry=self.registry,
        )
        self.latency = prom.Histogram(
            "canasta_command_latency_seconds",
            "Time from the command reaching the bot to its handler finishing.",
            ["command"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.active_games = prom.Gauge(
            "canasta_active_games", "Games being played (not ended).", registry=self.registry
        )
        self.pool_in_use = prom.Gauge(
            "canasta_db_connections_in_use",
            "Database connections checked out of the pool.",
            registry=self.registry,
        )
        self._server: Any = None
        self._task: asyncio.Task[None] | None = None
        self._recount = asyncio.Event()

    def observe(self, command: str, outcome: str, seconds: float | None) -> None:
        self.commands.labels(command, outcome).inc()
        if outcome == "error":
            self.errors.labels(command).inc()
        if seconds is not None:
            self.latency.labels(command).observe(seconds)
        if command.startswith(("game", "round")):
            self._recount.set()

    def serve(self, address: str, port: int, db: Database) -> None:
        """Start the HTTP endpoint (a daemon thread) and the gauge loop."""
        pool = db.engine.pool
        self.pool_in_use.set_function(lambda: float(getattr(pool, "checkedout", lambda: 0)()))
        try:
            self._server, _thread = self._prom.start_http_server(
                port, addr=address, registry=self.registry
            )
        except OSError as error:
            raise MetricsUnavailable(
                f"CANASTA_METRICS_PORT: cannot listen on {address}:{port}: {error.strerror}"
            ) from None
        self._task = asyncio.get_running_loop().create_task(self._refresh(db))
        log.info("metrics on http://%s:%d/metrics", address, port)

    async def _refresh(self, db: Database) -> None:
        query = select(func.count()).select_from(Game).where(Game.state == GAME_ACTIVE)
        while True:
            try:
                count = await db.read(lambda session: session.scalar(query))
                self.active_games.set(count or 0)
            except Exception as error:  # a metric must never stop the bot
                log.warning("could not count active games: %s", error)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._recount.wait(), GAUGE_INTERVAL_SECONDS)
            self._recount.clear()
            await asyncio.sleep(RECOUNT_DELAY_SECONDS)  # one count for a burst of commands

    async def close(self) -> None:
        """Stop the gauge loop and the endpoint; safe to call twice."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        server, self._server = self._server, None
        if server is not None:
            await asyncio.to_thread(server.shutdown)  # waits for its poll loop (0.5 s)
            server.server_close()


class CommandObserver:
    """One log line per finished command, and the metrics when they are on."""

    def __init__(self) -> None:
        self.metrics: Metrics | None = None

    @staticmethod
    def started() -> float:
        return time.perf_counter()

    def finished(
        self,
        command: str,
        outcome: str,
        started: float | None,
        *,
        guild: int | None,
        channel: int | None,
        interaction: int | None,
    ) -> None:
        seconds = time.perf_counter() - started if started is not None else None
        latency_ms = round(seconds * 1000, 1) if seconds is not None else None
        log.info(
            "/%s %s in %s ms (guild %s, channel %s)",
            command,
            outcome,
            latency_ms if latency_ms is not None else "?",
            guild,
            channel,
            extra={
                "command": command,
                "outcome": outcome,
                "latency_ms": latency_ms,
                "guild": guild,
                "channel": channel,
                "interaction": interaction,
            },
        )
        if self.metrics is not None:
            self.metrics.observe(command, outcome, seconds)
