"""Seeded fuzz of the real bot process: every deliverable interaction answered, nothing breaks.

Run: ``.venv/bin/python benchmarks/fuzz_interactions.py [--n 10000] [--seed 15] [--concurrency 8]``
(with ``TEST_DATABASE_URL=postgresql+asyncpg://...`` it fuzzes on PostgreSQL, in a scratch
database it creates on that server and drops afterwards).

Starts ``canasta-bot run`` against the loopback fake Discord (with its 3-second acknowledgement
enforced), syncs the commands, and sends ``--n`` interactions from ``bot.devtools.fuzz``: slash
commands with good, odd and hostile option values, autocompletes, button presses, form submits
and malformed envelopes. Prints how many were sent, acknowledged and left unanswered, how many
the fake recorded as failed (no acknowledgement within 3 s), and the bot log's tracebacks,
"Task exception was never retrieved", WARNING and ERROR lines, and whether the process is alive.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy.engine import make_url

from bot.devtools.fake_discord import FakeDiscord, FakeGuild, FakeUser
from bot.devtools.fake_discord.server import default_guild
from bot.devtools.fuzz import InteractionFuzzer
from tests.dbfixtures import pg_admin
from tests.e2e.harness import BotProcess


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    guild = default_guild()
    for name in ("carol", "dave"):
        guild.add_member(FakeUser(username=name, global_name=name.title()))
    server_url = os.environ.get("TEST_DATABASE_URL")
    scratch = f"canasta_fuzz_{uuid.uuid4().hex[:12]}"
    extra = {}
    if server_url:
        await pg_admin(server_url, f'CREATE DATABASE "{scratch}"')
        url = make_url(server_url).set(database=scratch)
        extra["DATABASE_URL"] = url.render_as_string(hide_password=False)
    try:
        await fuzz(args, guild, extra)
    finally:
        if server_url:
            await pg_admin(server_url, f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')


async def fuzz(args: argparse.Namespace, guild: FakeGuild, extra: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(guilds=[guild], wait_timeout=30) as fake:
            bot = BotProcess(fake, Path(tmp), extra)
            await bot.sync()
            await bot.start()
            channels = [fake.guild.add_channel(f"fuzz-{i}") for i in range(6)]
            users = [fake.user(n) for n in ("alice", "bob", "carol", "dave")]
            fuzzer = InteractionFuzzer(fake, args.seed, channels, users)
            started = time.perf_counter()
            report = await fuzzer.run(args.n, args.concurrency)
            elapsed = time.perf_counter() - started
            alive = bot.process is not None and bot.process.returncode is None
            counts = fake.interaction_counts()
            await bot.stop()
            log = bot.log()
    levels = Counter(
        word for line in log.splitlines() for word in line.split()[2:3] if word.isupper()
    )
    backend = "PostgreSQL" if extra else "SQLite"
    print(f"fuzz seed {args.seed}, {args.n} interactions, {args.concurrency} in flight, {backend}")
    print(report.line())
    print(
        f"fake: dispatched {counts['dispatched']}, acknowledged {counts['acknowledged']}, "
        f"failed (no ack in 3 s) {counts['failed']}, pending {counts['pending']}"
    )
    print(
        f"bot log: Traceback {log.count('Traceback')}, "
        f"'Task exception was never retrieved' {log.count('Task exception was never retrieved')}, "
        f"WARNING {levels['WARNING']}, ERROR {levels['ERROR']}, "
        f"skipped malformed events {log.count('skipped a malformed')}"
    )
    print(f"bot process alive until stopped: {alive}; {elapsed:.1f} s")
    for line in report.unanswered[:10]:
        print("unanswered:", line)


if __name__ == "__main__":
    asyncio.run(main())
