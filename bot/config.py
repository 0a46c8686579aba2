"""Settings from the environment, in one place, so every entry point configures the same way.

Every setting has a working default except the Discord token, so ``canasta-bot run`` on a fresh
machine needs nothing but a token, and the tests and the demo need nothing at all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DISCORD_API_BASE = "https://discord.com/api/v10"


class ConfigError(ValueError):
    """A setting with a value the bot cannot use; the message names the variable."""


def _int(env: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, got {value}")
    return value


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("data")
    database_url: str = ""
    discord_token: str | None = field(default=None, repr=False)
    discord_api_base: str = DISCORD_API_BASE
    discord_gateway_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    log_level: str = "INFO"
    leave_grace_days: int = 30
    purge_interval_seconds: int = 6 * 3600
    """How often the bot deletes the data of servers it left more than the grace ago."""

    @property
    def effective_database_url(self) -> str:
        """The configured URL, else an SQLite file in the data directory."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'canasta.sqlite3').resolve()}"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN") or None
        token_file = env.get("DISCORD_TOKEN_FILE")
        if not token and token_file:
            try:
                token = Path(token_file).read_text(encoding="utf-8").strip() or None
            except OSError as error:
                raise ConfigError(f"DISCORD_TOKEN_FILE {token_file!r}: {error.strerror}") from None
        shard_ids = None
        raw_ids = env.get("CANASTA_SHARD_IDS", "").strip()
        if raw_ids:
            try:
                shard_ids = tuple(int(part) for part in raw_ids.split(","))
            except ValueError:
                raise ConfigError(
                    f"CANASTA_SHARD_IDS must be comma-separated numbers, got {raw_ids!r}"
                ) from None
        shard_count = _int(env, "CANASTA_SHARD_COUNT", 0, minimum=0) or None
        if shard_ids is not None and shard_count is None:
            raise ConfigError("CANASTA_SHARD_IDS needs CANASTA_SHARD_COUNT")
        if shard_ids and shard_count and any(s >= shard_count for s in shard_ids):
            raise ConfigError("CANASTA_SHARD_IDS must all be below CANASTA_SHARD_COUNT")
        return cls(
            data_dir=Path(env.get("CANASTA_DATA_DIR") or "data"),
            database_url=env.get("DATABASE_URL", ""),
            discord_token=token,
            discord_api_base=(env.get("DISCORD_API_BASE") or DISCORD_API_BASE).rstrip("/"),
            discord_gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            log_level=(env.get("CANASTA_LOG_LEVEL") or "INFO").upper(),
            leave_grace_days=_int(env, "CANASTA_LEAVE_GRACE_DAYS", 30),
            purge_interval_seconds=_int(env, "CANASTA_PURGE_INTERVAL_SECONDS", 6 * 3600, minimum=1),
        )
