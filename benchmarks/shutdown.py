"""SIGTERM under load: how long the bot takes to stop, and whether what it answered is stored.

Run: ``.venv/bin/python benchmarks/shutdown.py [--burst 25] [--runs 3]``. Prints one row per run.

Each run starts the real ``canasta-bot run`` (SQLite in a temporary directory) against the loopback
fake Discord, starts a game, dispatches ``--burst`` ``/round add`` at once and sends SIGTERM right
after the last one. Columns: commands the bot reported in flight when it stopped accepting;
answers by kind: a recorded round, anything else (a refusal, say once the game reached its
target), or none beyond "thinking..." (a deferral that never got its answer: cut off by the
shutdown bound); rounds stored; answered rounds missing from the database (must be 0); the exit
status; and the time from SIGTERM to the process's exit.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.devtools.fake_discord import FakeDiscord
from bot.devtools.fake_discord.interactions import InteractionHandle
from tests.e2e.harness import BotProcess

ROUND = {"side1": "150", "side2": "100 50h"}


async def final(handle: InteractionHandle) -> str | None:
    """The answer's embed title (or content), "" if only deferred, None if never acknowledged."""
    if handle.callback_type is None:
        return None
    try:
        reply = await handle.response(timeout=0.05)
    except TimeoutError:
        return ""
    return reply.embeds[0]["title"] if reply.embeds else (reply.content or "?")


async def one_run(burst: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="canasta-shutdown-") as tmp:
        async with FakeDiscord(wait_timeout=30) as fake:
            bot = BotProcess(fake, Path(tmp), {})
            await bot.sync()
            await bot.start()
            alice = fake.user("alice")
            start = await fake.slash("game start", {"side1": "Us", "side2": "Them"}, user=alice)
            await start.response()
            handles = [await fake.slash("round add", ROUND, user=alice) for _ in range(burst)]
            assert bot.process is not None
            sent = time.perf_counter()
            bot.process.send_signal(signal.SIGTERM)
            code = await asyncio.wait_for(bot.process.wait(), timeout=60)
            took = time.perf_counter() - sent
            answers = {h.id: await final(h) for h in handles}
            rounds = {i for i, title in answers.items() if title and title.startswith("Round ")}
            with sqlite3.connect(Path(tmp) / "canasta.sqlite3") as connection:
                stored = {
                    int(row[0])
                    for row in connection.execute("SELECT interaction_id FROM rounds")
                    if row[0] is not None
                }
            found = re.search(r"stopping: (\d+) commands in flight", bot.log())
    return {
        "in flight": int(found.group(1)) if found else -1,
        "round": len(rounds),
        "other": sum(1 for title in answers.values() if title and not title.startswith("Round ")),
        "thinking": sum(1 for title in answers.values() if title == ""),
        "stored": len(stored),
        "missing": len(rounds - stored),
        "exit": code,
        "stop s": f"{took:.2f}",
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=25)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.pop("DATABASE_URL", None)
    rows = [await one_run(args.burst) for _ in range(args.runs)]
    headers = list(rows[0])
    print(f"SIGTERM after a burst of {args.burst} /round add ({os.cpu_count()} CPUs)")
    print("| run | " + " | ".join(headers) + " |")
    print("|---|" + "---|" * len(headers))
    for number, row in enumerate(rows, 1):
        print(f"| {number} | " + " | ".join(str(row[h]) for h in headers) + " |")


if __name__ == "__main__":
    asyncio.run(main())
