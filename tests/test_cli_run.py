"""`canasta-bot run` and `sync` without a token: a clear message on how to get one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings
from bot.discord_app.runner import TOKEN_REJECTED, TokenRejectedError

BOT = shutil.which("canasta-bot") or str(Path(sys.executable).with_name("canasta-bot"))


@pytest.mark.parametrize("command", ["run", "sync"])
def test_without_a_token_it_says_how_to_get_one(command: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env["CANASTA_DATA_DIR"] = str(tmp_path)
    done = subprocess.run(
        [BOT, command], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "developers/applications" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_a_bad_setting_names_the_variable(tmp_path: Path) -> None:
    env = {**os.environ, "CANASTA_SHARD_COUNT": "many", "CANASTA_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [BOT, "run"], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert "CANASTA_SHARD_COUNT" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_cli_prints_a_rejected_token_as_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def rejected(settings: Settings) -> None:
        raise TokenRejectedError(TOKEN_REJECTED.format(detail="gateway close 4004"))

    monkeypatch.setattr("bot.discord_app.runner.run_bot", rejected)
    monkeypatch.setenv("DISCORD_TOKEN", "some-token")
    assert main(["run"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("canasta-bot: Discord rejected the token (gateway close 4004).")
    assert err.count("\n") == 1
