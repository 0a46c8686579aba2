"""Settings from the environment, in one place, so every entry point configures the same way.

Every setting has a working default except the Discord token, so ``canasta-bot run`` on a fresh
machine needs nothing but a token, and the tests and the demo need nothing at all.

Why pydantic-settings: each variable is declared once with its type, default and limits, and a
bad value becomes one readable line naming the variable (``ConfigError.problems``) instead of a
traceback from deep inside SQLAlchemy or discord.py minutes later. Values are never echoed for
the token or the database URL (it may hold a password).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, EnvSettingsSource, SettingsConfigDict

DISCORD_API_BASE = "https://discord.com/api/v10"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
SECRET_VARIABLES = frozenset({"DISCORD_TOKEN", "DATABASE_URL"})
"""Variables whose value never appears in an error line (a token; a URL with a password)."""

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}
_REWRITES = {
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
}


class ConfigError(ValueError):
    """Settings the bot cannot use: one line per problem, each naming its variable."""

    def __init__(self, problems: str | list[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


_ENVIRON: ContextVar[Mapping[str, str] | None] = ContextVar("canasta_environ", default=None)


class _EnvironSource(EnvSettingsSource):
    """The environment (or the mapping ``Settings.from_env`` was given), taken as plain strings.

    Plain strings because our own validators parse the few structured values
    (``CANASTA_SHARD_IDS=0,2``); pydantic-settings would otherwise expect JSON for a tuple.
    Empty values count as unset, as they did before (``DATABASE_URL=`` means SQLite).
    """

    def _load_env_vars(self) -> Mapping[str, str | None]:
        environ = _ENVIRON.get()
        source = os.environ if environ is None else environ
        return {key: value for key, value in source.items() if value != ""}

    def prepare_field_value(
        self, field_name: str, field: Any, value: Any, value_is_complex: bool
    ) -> Any:
        return value


def normalise_database_url(raw: str) -> tuple[str, str | None]:
    """``(url to use, note)``: the URL in a form SQLAlchemy's async engine can open.

    ``postgres://`` and ``postgresql://`` (what hosting providers hand out) become
    ``postgresql+asyncpg://``; ``sqlite:///`` becomes ``sqlite+aiosqlite:///``. The note says what
    was rewritten, password masked, for one log line at start. Anything else raises ValueError.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(raw)
    except (ArgumentError, ValueError):
        raise ValueError(
            "is not a database URL; use postgresql+asyncpg://user:password@host:5432/db"
            " or sqlite+aiosqlite:///path/to/file.sqlite3"
        ) from None
    backend, _, driver = url.drivername.partition("+")
    note = None
    if url.drivername in _REWRITES:
        given = url.drivername
        url = url.set(drivername=_REWRITES[given])
        note = f"DATABASE_URL is {given}://...; using {url.render_as_string(hide_password=True)}"
    elif backend not in _ASYNC_DRIVERS:
        raise ValueError(
            f"the {backend!r} database is not supported; use PostgreSQL"
            " (postgresql+asyncpg://user:password@host/db) or SQLite (sqlite+aiosqlite:///path)"
        )
    elif url.drivername != _ASYNC_DRIVERS[backend]:
        raise ValueError(
            f"driver {driver!r} is not async; use {_ASYNC_DRIVERS[backend]}://"
            f" (or plain {backend}://, which means the same)"
        )
    if backend == "postgresql" and not url.host and not url.query.get("host"):
        raise ValueError("names no host; use postgresql+asyncpg://user:password@host:5432/db")
    return url.render_as_string(hide_password=False), note


class Settings(BaseSettings):
    """Every setting the bot reads; the README's configuration table lists the same variables."""

    model_config = SettingsConfigDict(
        frozen=True,
        case_sensitive=True,
        extra="ignore",
        validate_by_name=True,
        validate_by_alias=True,
        hide_input_in_errors=True,
    )

    data_dir: Path = Field(Path("data"), validation_alias=AliasChoices("CANASTA_DATA_DIR"))
    database_url: str = Field("", repr=False, validation_alias=AliasChoices("DATABASE_URL"))
    discord_token: SecretStr | None = Field(None, validation_alias=AliasChoices("DISCORD_TOKEN"))
    discord_token_file: Path | None = Field(
        None, validation_alias=AliasChoices("DISCORD_TOKEN_FILE")
    )
    discord_api_base: str = Field(
        DISCORD_API_BASE, validation_alias=AliasChoices("DISCORD_API_BASE")
    )
    discord_gateway_url: str | None = Field(
        None, validation_alias=AliasChoices("DISCORD_GATEWAY_URL")
    )
    shard_count: int | None = Field(
        None, ge=1, validation_alias=AliasChoices("CANASTA_SHARD_COUNT")
    )
    shard_ids: tuple[int, ...] | None = Field(
        None, validation_alias=AliasChoices("CANASTA_SHARD_IDS")
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(
        "INFO", validation_alias=AliasChoices("CANASTA_LOG_LEVEL")
    )
    log_format: Literal["text", "json"] = Field(
        "text", validation_alias=AliasChoices("CANASTA_LOG_FORMAT")
    )
    leave_grace_days: int = Field(
        30, ge=0, validation_alias=AliasChoices("CANASTA_LEAVE_GRACE_DAYS")
    )
    purge_interval_seconds: int = Field(
        6 * 3600, ge=1, validation_alias=AliasChoices("CANASTA_PURGE_INTERVAL_SECONDS")
    )
    """How often the bot deletes the data of servers it left more than the grace ago."""
    db_start_timeout_seconds: float = Field(
        60.0, ge=0, validation_alias=AliasChoices("CANASTA_DB_START_TIMEOUT_SECONDS")
    )
    """How long start-up keeps retrying an unreachable database (PostgreSQL still starting)."""
    db_pool_size: int = Field(5, ge=1, validation_alias=AliasChoices("CANASTA_DB_POOL_SIZE"))
    db_max_overflow: int = Field(10, ge=0, validation_alias=AliasChoices("CANASTA_DB_MAX_OVERFLOW"))
    db_pool_timeout_seconds: float = Field(
        5.0, gt=0, validation_alias=AliasChoices("CANASTA_DB_POOL_TIMEOUT_SECONDS")
    )
    """A command waits this long for a pooled connection, then is answered "busy, nothing was
    saved": seconds, not SQLAlchemy's 30 (the same default as ``POOL_TIMEOUT_SECONDS`` in
    ``bot.storage.engine``, which this setting overrides)."""
    shutdown_timeout_seconds: float = Field(
        8.0, ge=0, validation_alias=AliasChoices("CANASTA_SHUTDOWN_TIMEOUT_SECONDS")
    )
    """On SIGTERM, how long commands in flight may take to finish (below Docker's 10 s)."""
    metrics_port: int | None = Field(
        None, ge=1, le=65535, validation_alias=AliasChoices("CANASTA_METRICS_PORT")
    )
    metrics_address: str = Field(
        "127.0.0.1", validation_alias=AliasChoices("CANASTA_METRICS_ADDRESS")
    )
    database_note: str | None = Field(None, exclude=True, repr=False)
    """What ``DATABASE_URL`` was rewritten to, for one log line at start (set by validation)."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: Any,
        env_settings: Any,
        dotenv_settings: Any,
        file_secret_settings: Any,
    ) -> tuple[Any, ...]:
        return (init_settings, _EnvironSource(settings_cls, case_sensitive=True))

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, value: Any) -> Any:
        text = str(value).strip().upper()
        if text not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}, got {str(value)!r}")
        return text

    @field_validator("log_format", mode="before")
    @classmethod
    def _format(cls, value: Any) -> Any:
        text = str(value).strip().lower()
        if text not in ("text", "json"):
            raise ValueError(f"must be text or json, got {str(value)!r}")
        return text

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ids(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            ids = tuple(int(part) for part in value.split(","))
        except ValueError:
            raise ValueError(f"must be comma-separated numbers, got {value!r}") from None
        if any(i < 0 for i in ids):
            raise ValueError(f"shard ids cannot be negative, got {value!r}")
        return ids

    @model_validator(mode="before")
    @classmethod
    def _database_note(cls, data: Any) -> Any:
        """Note a rewritten DATABASE_URL for the start-up log (the field check reports errors)."""
        if isinstance(data, dict):
            key = "DATABASE_URL" if "DATABASE_URL" in data else "database_url"
            raw = data.get(key)
            if isinstance(raw, str) and raw:
                with contextlib.suppress(ValueError):
                    data = {**data, "database_note": normalise_database_url(raw)[1]}
        return data

    @field_validator("database_url", mode="after")
    @classmethod
    def _database_url(cls, value: str) -> str:
        return normalise_database_url(value)[0] if value else value

    @field_validator("discord_api_base", mode="after")
    @classmethod
    def _api_base(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"must be an http(s) URL, got {value!r}")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        problems: list[str] = []
        if self.shard_ids is not None and self.shard_count is None:
            problems.append("CANASTA_SHARD_IDS needs CANASTA_SHARD_COUNT (the total of shards)")
        elif self.shard_ids and self.shard_count and max(self.shard_ids) >= self.shard_count:
            problems.append(
                f"CANASTA_SHARD_IDS must all be below CANASTA_SHARD_COUNT ({self.shard_count}),"
                f" got {','.join(map(str, self.shard_ids))}"
            )
        if self.discord_token is None and self.discord_token_file is not None:
            try:
                text = self.discord_token_file.read_text(encoding="utf-8").strip()
            except OSError as error:
                problems.append(
                    f"DISCORD_TOKEN_FILE {str(self.discord_token_file)!r}: {error.strerror}"
                )
            else:
                object.__setattr__(self, "discord_token", SecretStr(text) if text else None)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    @property
    def token(self) -> str | None:
        """The token itself, for the one call that logs in; everywhere else it stays secret."""
        return self.discord_token.get_secret_value() if self.discord_token else None

    @property
    def database_shown(self) -> str:
        """The database URL with any password masked, for logs and messages."""
        from sqlalchemy.engine import make_url

        return make_url(self.effective_database_url).render_as_string(hide_password=True)

    @property
    def is_sqlite(self) -> bool:
        return not self.database_url or self.database_url.startswith("sqlite")

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite database file, or None on PostgreSQL."""
        if not self.database_url:
            return (self.data_dir / "canasta.sqlite3").resolve()
        if self.is_sqlite:
            from sqlalchemy.engine import make_url

            database = make_url(self.database_url).database
            return Path(database).resolve() if database and database != ":memory:" else None
        return None

    @property
    def effective_database_url(self) -> str:
        """The configured URL, else an SQLite file in the data directory."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'canasta.sqlite3').resolve()}"

    def engine_kwargs(self) -> dict[str, Any]:
        """Pool settings for ``create_engine``: PostgreSQL only (SQLite has one writer anyway)."""
        if self.is_sqlite:
            return {}
        return {
            "pool_size": self.db_pool_size,
            "max_overflow": self.db_max_overflow,
            "pool_timeout": self.db_pool_timeout_seconds,
        }

    def ensure_data_dir(self) -> None:
        """Create the data directory (it holds the SQLite file and the run lock); ConfigError
        with one line when it cannot be created."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = error.strerror or str(error)
            raise ConfigError(
                f"CANASTA_DATA_DIR {str(self.data_dir)!r} cannot be created: {reason}"
            ) from None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``env`` (default: the process environment); ConfigError on bad values."""
        reset = _ENVIRON.set(env)
        try:
            return cls()
        except ValidationError as error:
            raise ConfigError(_problem_lines(error)) from None
        finally:
            _ENVIRON.reset(reset)


def _variable(field_name: str) -> str:
    field = Settings.model_fields.get(field_name)
    alias = getattr(field, "validation_alias", None) if field else None
    choices = getattr(alias, "choices", None)
    return str(choices[0]) if choices else field_name


def _problem_lines(error: ValidationError) -> list[str]:
    lines: list[str] = []
    for item in error.errors(include_url=False, include_input=True):
        message = str(item["msg"]).removeprefix("Value error, ")
        if not item["loc"]:  # the cross-field check: its lines already name the variables
            lines.extend(message.split("\n"))
            continue
        name = str(item["loc"][0])
        name = name if name.isupper() else _variable(name)
        shown = item.get("input")
        if name in SECRET_VARIABLES or "got " in message or not isinstance(shown, str):
            lines.append(f"{name}: {message}")
        else:
            lines.append(f"{name}: {message}, got {shown!r}")
    return lines


def settings_variables() -> list[str]:
    """Every environment variable the settings read, for the README check."""
    return [_variable(name) for name in Settings.model_fields if name != "database_note"]
