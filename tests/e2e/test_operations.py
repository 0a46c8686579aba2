"""Operating the real bot process: JSON logs and the Prometheus endpoint, backup and restore while
it records rounds, and SIGTERM under load.

One bot process serves the module (starting one costs seconds); each test plays in its own
channel, and the SIGTERM test, which ends the process, runs last.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from bot.devtools.fake_discord import FakeDiscord
from bot.devtools.fake_discord.interactions import InteractionHandle
from bot.devtools.fake_discord.models import FakeChannel
from bot.devtools.fake_discord.server import default_guild
from tests.e2e.harness import BOT_COMMAND, BotProcess, running_bot, wait_until
from tests.ports import free_port

pytestmark = pytest.mark.asyncio(loop_scope="module")

ROUND = {"side1": "150", "side2": "100 50h"}


def stored_round_interactions(database: Path, channel_id: int | None = None) -> set[int]:
    query = "SELECT r.interaction_id FROM rounds r JOIN games g ON g.id = r.game_id"
    where = " WHERE g.channel_id = ?" if channel_id is not None else ""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(query + where, (channel_id,) if where else ()).fetchall()
    return {int(row[0]) for row in rows if row[0] is not None}


async def cli(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        BOT_COMMAND, *args, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    return process.returncode or 0, out.decode(), err.decode()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    guild = default_guild()
    for name in ("metrics", "backup", "sigterm"):
        guild.add_channel(name)
    async with FakeDiscord(guilds=[guild], wait_timeout=20) as server:
        yield server


@pytest.fixture(scope="module")
def port() -> int:
    """The metrics port: the bot binds it seconds later, so not one the kernel may hand out."""
    return free_port()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(
    fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory, port: int
) -> AsyncIterator[BotProcess]:
    env = {"CANASTA_LOG_FORMAT": "json", "CANASTA_METRICS_PORT": str(port)}
    async with running_bot(fake, tmp_path_factory.mktemp("ops"), env) as process:
        yield process


def channel(fake: FakeDiscord, name: str) -> FakeChannel:
    return next(c for c in fake.guild.channels if c.name == name)


async def start_game(fake: FakeDiscord, where: FakeChannel) -> InteractionHandle:
    handle = await fake.slash(
        "game start", {"side1": "Us", "side2": "Them"}, user=fake.user("alice"), channel=where
    )
    await handle.response()
    return handle


async def test_json_logs_and_the_metrics_endpoint(
    fake: FakeDiscord, bot: BotProcess, port: int
) -> None:
    where = channel(fake, "metrics")
    start = await start_game(fake, where)
    await (await fake.slash("round add", ROUND, user=fake.user("alice"), channel=where)).response()

    async def scrape() -> str | None:
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/metrics") as reply,
        ):
            text = await reply.text()
        return text if "canasta_active_games 1.0" in text else None

    metrics = await wait_until(scrape, timeout=20)
    records = [json.loads(line) for line in bot.log().splitlines() if line.strip()]

    assert 'canasta_commands_total{command="round add",outcome="ok"} 1.0' in metrics
    assert 'canasta_command_latency_seconds_count{command="game start"} 1.0' in metrics
    assert "canasta_db_connections_in_use" in metrics
    assert "canasta_command_errors_total" in metrics
    done = [r for r in records if r.get("command") == "round add"]
    assert len(done) == 1
    assert done[0]["level"] == "INFO"
    assert done[0]["guild"] == fake.guild.id
    assert done[0]["channel"] == start.record.channel_id == where.id
    assert done[0]["latency_ms"] > 0
    assert {"time", "logger", "message"} <= set(done[0])


async def test_backup_while_recording_then_restore_into_a_fresh_data_dir(
    fake: FakeDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    alice = fake.user("alice")
    where = channel(fake, "backup")
    await start_game(fake, where)
    before: set[int] = set()
    for _ in range(3):
        handle = await fake.slash("round add", ROUND, user=alice, channel=where)
        await handle.response()
        before.add(handle.id)

    async def keep_recording() -> set[int]:
        ids = set()
        for _ in range(8):
            handle = await fake.slash("round add", ROUND, user=alice, channel=where)
            await handle.response()
            ids.add(handle.id)
        return ids

    recorder = asyncio.create_task(keep_recording())
    backup_file = tmp_path / "backup.sqlite3"
    code, out, err = await bot.run_cli("backup", str(backup_file))
    assert code == 0, err
    assert f"to {backup_file}" in out
    during = await recorder

    code, _out, err = await bot.run_cli("restore", str(backup_file))
    assert code == 2
    assert "a bot is running" in err

    fresh = tmp_path / "fresh"
    env = {**bot.env, "CANASTA_DATA_DIR": str(fresh)}
    code, out, err = await cli(env, "restore", str(backup_file))
    assert code == 0, err
    assert out.startswith("restored ")
    restored = stored_round_interactions(fresh / "canasta.sqlite3", where.id)
    assert before <= restored, "every round recorded before the backup is in it"
    assert restored <= before | during
    code, out, err = await cli(env, "migrate")
    assert code == 0, err


async def test_sigterm_mid_load_finishes_the_commands_in_flight(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    alice = fake.user("alice")
    where = channel(fake, "sigterm")
    await start_game(fake, where)
    opened = [await fake.slash("round form", user=alice, channel=where) for _ in range(4)]
    for form in opened:
        await form.modal()
    handles: list[InteractionHandle] = [
        await fake.slash("round add", ROUND, user=alice, channel=where) for _ in range(25)
    ]  # 25 x 150 stays below the target: every one of them is a valid round
    # Forms submitted behind them: their handlers are event listeners, not command handlers,
    # and must be waited for too (each records or says the game moved on)
    forms = [await fake.submit_modal(form, ROUND) for form in opened]
    await forms[0].acknowledged()  # the bot has them: the database is busy, so it deferred
    assert bot.process is not None
    bot.process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.process.wait(), timeout=30) == 0

    # Closed cleanly: the last connection folded the write-ahead log back into the database.
    assert not (bot.data_dir / "canasta.sqlite3-wal").exists()
    stored = stored_round_interactions(bot.data_dir / "canasta.sqlite3", where.id)
    log = bot.log()
    acknowledged = [h for h in handles if h.callback_type is not None]
    assert acknowledged, log
    # Every command the bot took was finished: a final answer, not a deferral left "thinking".
    # (The fake confirms an acknowledgement after a gateway round trip, which a bot that has
    # closed its gateway cannot make; it gives up on that after 2 s, hence the wait.)
    replies = {h.id: await h.response(timeout=5) for h in acknowledged}
    assert all(r.embeds[0]["title"].startswith("Round ") for r in replies.values())
    taken = [form for form in forms if form.callback_type is not None]
    assert taken, log
    for form in taken:
        answer = await form.reply(timeout=5)  # recorded, or told the game moved on
        assert answer is not None, log
        if answer.embeds and answer.embeds[0]["title"].startswith("Round "):
            replies[form.id] = answer
    assert set(replies) == stored, "every answered round is stored, and only those"
    assert "Traceback" not in log, log
    assert "stopping:" in log
    assert "stopped cleanly" in log
