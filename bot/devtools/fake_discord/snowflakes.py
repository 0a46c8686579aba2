"""Snowflake ids and timestamps shaped like Discord's, so discord.py parses them unchanged."""

from __future__ import annotations

import itertools
import secrets
import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1_420_070_400_000

_counter = itertools.count()


def new_snowflake() -> int:
    """Return a fresh, increasing snowflake built from the current time like Discord's."""
    millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (1 << 17) | (next(_counter) & 0xFFF)


def shard_of(guild_id: int, shard_count: int) -> int:
    """Shard that receives a guild's events: Discord's ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % max(shard_count, 1)


def iso_now() -> str:
    """Current time as the ISO-8601 string Discord puts in ``timestamp`` fields."""
    return datetime.now(UTC).isoformat()


def new_token(prefix: str = "") -> str:
    """Random opaque token (interaction tokens, session ids)."""
    return prefix + secrets.token_urlsafe(32)
