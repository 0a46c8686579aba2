"""`canasta-bot run` before it reaches Discord (the other bad values are checked in-process in
tests/test_config.py): every bad setting, a missing token, an unreachable
database or Discord gives one clear line (and for settings exit status 2), never a traceback."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings
from bot.discord_app.runner import TOKEN_REJECTED, TokenRejectedError
from tests.ports import free_port

BOT = shutil.which("canasta-bot") or str(Path(sys.executable).with_name("canasta-bot"))
SECRET = "s3cretpw"


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "CANASTA_")) and k != "DATABASE_URL"
    }
    return {**env, "CANASTA_DATA_DIR": str(tmp_path), **extra}


def run(env: dict[str, str], command: str = "run") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BOT, command], env=env, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("command", ["run", "sync"])
def test_without_a_token_it_says_how_to_get_one(command: str, tmp_path: Path) -> None:
    done = run(clean_env(tmp_path), command)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "developers/applications" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


BAD_SETTINGS = [
    ({"CANASTA_LOG_LEVEL": "LOUD"}, "CANASTA_LOG_LEVEL: must be one of DEBUG, INFO"),
    ({"CANASTA_LOG_FORMAT": "xml"}, "CANASTA_LOG_FORMAT: must be text or json"),
    ({"CANASTA_SHARD_COUNT": "many"}, "CANASTA_SHARD_COUNT"),
    ({"CANASTA_SHARD_COUNT": "2", "CANASTA_SHARD_IDS": "0,2"}, "below CANASTA_SHARD_COUNT (2)"),
    ({"CANASTA_DATA_DIR": "{file}/data"}, "CANASTA_DATA_DIR"),
    ({"DATABASE_URL": f"mysql://u:{SECRET}@db/canasta"}, "'mysql' database is not supported"),
    ({"DATABASE_URL": f"postgresql+psycopg2://u:{SECRET}@db/c"}, "driver 'psycopg2' is not async"),
    ({"CANASTA_METRICS_PORT": "99999"}, "CANASTA_METRICS_PORT"),
    ({"DISCORD_TOKEN": "", "DISCORD_TOKEN_FILE": "/nonexistent/token"}, "DISCORD_TOKEN_FILE"),
]


@pytest.mark.parametrize(("bad", "says"), BAD_SETTINGS, ids=lambda v: str(v)[:40])
def test_a_bad_setting_is_one_line_and_exit_2(
    bad: dict[str, str], says: str, tmp_path: Path
) -> None:
    not_a_dir = tmp_path / "a-file"
    not_a_dir.write_text("")
    bad = {k: v.replace("{file}", str(not_a_dir)) for k, v in bad.items()}
    done = run(clean_env(tmp_path, **{"DISCORD_TOKEN": "tok", **bad}))
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("canasta-bot: ")
    assert says in lines[0]
    assert SECRET not in done.stderr
    assert done.stdout == ""


def test_a_plain_postgres_url_is_used_with_asyncpg_and_an_unreachable_database_is_one_line(
    tmp_path: Path,
) -> None:
    scheme = "postgres"  # postgresql:// takes the same path (tests/test_config.py)
    env = clean_env(
        tmp_path,
        DISCORD_TOKEN="tok",
        DATABASE_URL=f"{scheme}://canasta:{SECRET}@127.0.0.1:1/canasta",
        CANASTA_DB_START_TIMEOUT_SECONDS="0",
    )
    done = run(env)
    assert done.returncode == 1
    assert "using postgresql+asyncpg://canasta:***@127.0.0.1:1/canasta" in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("canasta-bot: cannot use the database postgresql+asyncpg://")
    assert "Traceback" not in done.stderr
    assert SECRET not in done.stderr


def test_unreachable_discord_is_retried_in_one_line_and_sigterm_stops_it(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    env = clean_env(tmp_path, DISCORD_TOKEN="tok", DISCORD_API_BASE="http://127.0.0.1:1/api/v10")
    with log.open("w") as out:
        process = subprocess.Popen([BOT, "run"], env=env, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while "cannot reach Discord" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
    text = log.read_text()
    assert "cannot reach Discord at 127.0.0.1:1: " in text
    assert "; retrying in 1 s" in text
    assert "Traceback" not in text
    assert "stopped cleanly" in text


@pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL"), reason="needs PostgreSQL (TEST_DATABASE_URL)"
)
async def test_the_database_is_retried_until_postgresql_accepts(tmp_path: Path) -> None:
    """PostgreSQL still starting (nothing listening yet) when the bot starts, as under compose:
    the bot waits, and goes on once the database answers."""
    import asyncio

    from sqlalchemy.engine import make_url

    real = make_url(os.environ["TEST_DATABASE_URL"])

    async def forward(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(real.host, real.port)

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    port = free_port()  # nothing listens on it until the server below starts
    late = real.set(host="127.0.0.1", port=port, drivername="postgresql")
    env = clean_env(
        tmp_path,
        DATABASE_URL=late.render_as_string(hide_password=False),
        CANASTA_DB_START_TIMEOUT_SECONDS="60",
    )
    process = await asyncio.create_subprocess_exec(
        BOT, "migrate", env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    seen = []
    while not any("not reachable yet" in line for line in seen):
        seen.append((await asyncio.wait_for(process.stderr.readline(), 60)).decode())
    server = await asyncio.start_server(forward, "127.0.0.1", port)
    try:
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        server.close()
    text = "".join(seen) + err.decode()
    assert process.returncode == 0, text
    assert "database reachable after" in text
    assert out.decode().startswith("database schema at revision")
    assert "Traceback" not in text


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
