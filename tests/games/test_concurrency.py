"""Serialised commands: no round lost or duplicated, in one process, across processes, and
after a process is killed mid-way."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import select, text

from bot.games import record_round, start_game
from bot.storage.models import Round
from tests.games.helpers import CHANNEL, GUILD
from tests.games.writer_process import ROUND

ROOT = Path(__file__).resolve().parents[2]


async def _numbers(db) -> list[int]:
    async def work(session):
        return list((await session.scalars(select(Round.number).order_by(Round.number))).all())

    return await db.read(work)


async def _quick_game(db):
    return await start_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=1, target=1_000_000)


async def test_fifty_simultaneous_recordings(db):
    await _quick_game(db)
    outcomes = await asyncio.gather(
        *(
            record_round(
                db,
                guild_id=GUILD,
                channel_id=CHANNEL,
                actor_id=1,
                sides=ROUND,
                interaction_id=f"x-{i}",
            )
            for i in range(50)
        )
    )
    assert sorted(o.number for o in outcomes) == list(range(1, 51))
    assert await _numbers(db) == list(range(1, 51))
    # The same interactions again: nothing new, the original numbers back.
    again = await asyncio.gather(
        *(
            record_round(
                db,
                guild_id=GUILD,
                channel_id=CHANNEL,
                actor_id=1,
                sides=ROUND,
                interaction_id=f"x-{i}",
            )
            for i in range(0, 50, 7)
        )
    )
    assert all(o.replayed for o in again)
    assert [o.number for o in again] == [o.number for o in outcomes[::7]]
    assert await _numbers(db) == list(range(1, 51))


def _spawn(backend, count: int, prefix: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.games.writer_process",
            backend.url,
            backend.schema or "-",
            str(count),
            prefix,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def test_two_processes_write_one_game(backend, db):
    await _quick_game(db)
    children = [_spawn(backend, 25, f"p{n}") for n in range(2)]
    printed: list[int] = []
    for child in children:
        out, err = await asyncio.to_thread(child.communicate, timeout=120)
        assert child.returncode == 0, err
        printed += [int(line) for line in out.split()]
    assert sorted(printed) == list(range(1, 51))
    assert await _numbers(db) == list(range(1, 51))


async def test_killed_writer_loses_no_acknowledged_round(backend, db):
    await _quick_game(db)
    child = _spawn(backend, 10_000, "crash")
    printed: list[int] = []
    assert child.stdout is not None
    deadline = time.monotonic() + 60
    while len(printed) < 20 and time.monotonic() < deadline:
        line = await asyncio.to_thread(child.stdout.readline)
        if not line:
            break
        printed.append(int(line))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert len(printed) >= 20, child.stderr.read() if child.stderr else ""
    numbers = await _numbers(db)
    assert set(printed) <= set(numbers)
    assert numbers == list(range(1, len(numbers) + 1))

    async def integrity(session):
        if backend.name == "sqlite":
            return (await session.execute(text("PRAGMA integrity_check"))).scalar_one()
        count = await session.scalar(text("SELECT count(*) FROM rounds"))
        return "ok" if count == len(numbers) else f"{count} rows"

    assert await db.read(integrity) == "ok"
    # The game carries on where it stopped.
    after = await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=1, sides=ROUND)
    assert after.number == len(numbers) + 1
    assert after.totals == (50 * after.number, 50 * after.number)
