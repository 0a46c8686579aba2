"""Log output: JSON lines carry the command fields; a shard's connect failure is one line."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from bot.logging_setup import setup_logging


@pytest.fixture
def stream() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    out = io.StringIO()
    yield out
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])


def test_json_lines_carry_the_command_fields(stream: io.StringIO) -> None:
    setup_logging("INFO", "json", stream)
    logging.getLogger("bot.commands").info(
        "/round add ok in %s ms",
        12.5,
        extra={"command": "round add", "guild": 7, "latency_ms": 12.5},
    )
    logging.getLogger("bot.commands").debug("below the level")
    (line,) = stream.getvalue().splitlines()
    entry = json.loads(line)
    assert entry["message"] == "/round add ok in 12.5 ms"
    assert (entry["level"], entry["logger"], entry["command"]) == (
        "INFO",
        "bot.commands",
        "round add",
    )
    assert (entry["guild"], entry["latency_ms"]) == (7, 12.5)
    assert entry["time"].endswith("+00:00")
    assert "channel" not in entry


def test_a_shard_that_cannot_connect_is_one_line_not_a_traceback(stream: io.StringIO) -> None:
    setup_logging("INFO", "text", stream)
    try:
        raise ConnectionRefusedError(111, "Connect call failed")
    except OSError:
        logging.getLogger("discord.shard").exception(
            "Failed to connect for shard_id: %s. Retrying...", 0
        )
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert "Failed to connect for shard_id: 0. Retrying..." in lines[0]
    assert "ConnectionRefusedError" in lines[0]


def test_other_errors_keep_their_traceback(stream: io.StringIO) -> None:
    setup_logging("INFO", "text", stream)
    try:
        raise ValueError("a bug")
    except ValueError:
        logging.getLogger("bot.discord_app.client").exception("command /x failed")
    assert "Traceback" in stream.getvalue()
