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
    assert settings.discord_token == "abc.def.ghi"
    assert "abc.def.ghi" not in repr(settings)


def test_environment_token_wins_over_the_file(tmp_path: Path) -> None:
    secret = tmp_path / "token"
    secret.write_text("from-file")
    env = {"DISCORD_TOKEN": "from-env", "DISCORD_TOKEN_FILE": str(secret)}
    assert Settings.from_env(env).discord_token == "from-env"


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
    ],
)
def test_bad_values_name_the_variable(env: dict[str, str], names: str) -> None:
    with pytest.raises(ConfigError, match=names):
        Settings.from_env(env)
