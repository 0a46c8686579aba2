"""Logging for the bot process: readable text by default, JSON lines with one setting.

Why JSON: log collectors (journald exporters, Loki, CloudWatch) index fields, so "every slow
/round add in guild X" is a query instead of a regex. A command completion carries ``guild``,
``channel``, ``command``, ``outcome`` and ``latency_ms`` as fields (``log.info(..., extra=...)``).

Two third-party log lines are shortened to one line: discord.py logs a full traceback when a
shard cannot connect or reconnect (it retries on its own), which is noise for "the network is
down".
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

EXTRA_FIELDS = ("guild", "channel", "command", "outcome", "latency_ms", "interaction")
"""Fields a record may carry through ``extra=``; JSON output includes those present."""

RETRIED_BY_DISCORD_PY = ("Failed to connect", "Attempting a reconnect")
"""discord.shard messages about network failures it retries by itself: the cause is enough."""

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in EXTRA_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class OneLineNetworkErrors(logging.Filter):
    """Makes discord.py's "Failed to connect ... Retrying" traceback one line with the cause."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            record.exc_info
            and record.name == "discord.shard"
            and str(record.msg).startswith(RETRIED_BY_DISCORD_PY)
        ):
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def setup_logging(level: str = "INFO", fmt: str = "text", stream: TextIO | None = None) -> None:
    """Configure the root logger once for the process (``run``, ``sync``, ``migrate``)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(OneLineNetworkErrors())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(getattr(logging, level, logging.INFO))
