"""Settings from the environment: defaults that work, and clear errors for bad values."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DISCORD_API_BASE, ConfigError, Settings


def test_defaults_need_nothing_but_give_an_sqlite_file_in_the_data_dir(tmp_path: Path) -> None:
    settings = Settings.from_env({"CANASTA_DATA_DIR": str(tmp_path)})
    assert settings.discord_token is None
    assert settings.discord_api_base == DISCORD_API_BASE
    assert settings.effective_database_url == (
        f"sqlite+aiosqlite:///{(tmp_path / 'canasta.sqlite3').resolve()}"
    )
    assert settings.leave_grace_days == 30


def test_database_url_switches_back_end() -> None:
    url = "postgresql+asyncpg://u@h/db"
    assert Settings.from_env({"DATABASE_URL": url}).effective_database_url == url


def test_token_from_a_file_and_never_in_repr(tmp_path: Path) -> None:
    secret = tmp_path / "token"
    secret.write_text("abc.def.ghi\n")
    settings = Settings.from_env({"DISCORD_TOKEN_FILE": str(secret)})
    assert settings.token == "abc.def.ghi"
    assert "abc.def.ghi" not in repr(settings)
    assert "abc.def.ghi" not in str(settings.model_dump())


def test_environment_token_wins_over_the_file(tmp_path: Path) -> None:
    secret = tmp_path / "token"
    secret.write_text("from-file")
    env = {"DISCORD_TOKEN": "from-env", "DISCORD_TOKEN_FILE": str(secret)}
    assert Settings.from_env(env).token == "from-env"


def test_shards_and_endpoints() -> None:
    settings = Settings.from_env(
        {
            "CANASTA_SHARD_COUNT": "4",
            "CANASTA_SHARD_IDS": "1,3",
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
            "CANASTA_LOG_LEVEL": "debug",
        }
    )
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 3))
    assert settings.discord_api_base == "http://127.0.0.1:9/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:9/gateway"
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("env", "names"),
    [
        ({"CANASTA_SHARD_COUNT": "two"}, "CANASTA_SHARD_COUNT"),
        ({"CANASTA_LEAVE_GRACE_DAYS": "-1"}, "CANASTA_LEAVE_GRACE_DAYS"),
        ({"CANASTA_SHARD_IDS": "0"}, "CANASTA_SHARD_IDS"),
        ({"CANASTA_SHARD_COUNT": "2", "CANASTA_SHARD_IDS": "a,b"}, "CANASTA_SHARD_IDS"),
        ({"CANASTA_SHARD_COUNT": "2", "CANASTA_SHARD_IDS": "0,2"}, "CANASTA_SHARD_IDS"),
        ({"DISCORD_TOKEN_FILE": "/nonexistent/token"}, "DISCORD_TOKEN_FILE"),
        ({"CANASTA_SHARD_COUNT": "2", "CANASTA_SHARD_IDS": "0;1"}, "CANASTA_SHARD_IDS"),
        ({"DATABASE_URL": "u:pw@db/canasta"}, "DATABASE_URL: is not a database URL"),
        ({"DATABASE_URL": "postgresql+asyncpg:///canasta"}, "DATABASE_URL: names no host"),
        ({"CANASTA_DB_POOL_TIMEOUT_SECONDS": "0"}, "CANASTA_DB_POOL_TIMEOUT_SECONDS"),
        ({"CANASTA_DB_POOL_SIZE": "0"}, "CANASTA_DB_POOL_SIZE"),
        ({"CANASTA_DB_START_TIMEOUT_SECONDS": "soon"}, "CANASTA_DB_START_TIMEOUT_SECONDS"),
        ({"DISCORD_API_BASE": "discord.com/api"}, "DISCORD_API_BASE: must be an http"),
    ],
)
def test_bad_values_name_the_variable(env: dict[str, str], names: str) -> None:
    with pytest.raises(ConfigError, match=names):
        Settings.from_env(env)


def test_every_problem_is_its_own_line_and_secrets_are_not_echoed() -> None:
    env = {
        "CANASTA_LOG_LEVEL": "LOUD",
        "CANASTA_SHARD_COUNT": "x",
        "DATABASE_URL": "mysql://u:hunter2@db/c",
        "DISCORD_TOKEN": "tok",
    }
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env)
    problems = caught.value.problems
    assert sorted(p.split(":")[0] for p in problems) == [
        "CANASTA_LOG_LEVEL",
        "CANASTA_SHARD_COUNT",
        "DATABASE_URL",
    ]
    assert "hunter2" not in str(caught.value)


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("postgres://u:pw@db:5432/c", "postgresql+asyncpg://u:pw@db:5432/c"),
        ("postgresql://u:pw@db/c?ssl=require", "postgresql+asyncpg://u:pw@db/c?ssl=require"),
        ("sqlite:////var/lib/c.sqlite3", "sqlite+aiosqlite:////var/lib/c.sqlite3"),
    ],
)
def test_plain_urls_get_the_async_driver_and_a_note_without_the_password(
    given: str, used: str
) -> None:
    settings = Settings.from_env({"DATABASE_URL": given})
    assert settings.effective_database_url == used
    assert settings.database_note is not None
    assert "pw" not in settings.database_note
    assert "pw@" not in repr(settings)


def test_pool_settings_reach_postgresql_only() -> None:
    pg = Settings.from_env({"DATABASE_URL": "postgresql://u@db/c", "CANASTA_DB_POOL_SIZE": "3"})
    assert pg.engine_kwargs() == {"pool_size": 3, "max_overflow": 10, "pool_timeout": 5.0}
    assert Settings.from_env({}).engine_kwargs() == {}
