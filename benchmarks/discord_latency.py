"""Interaction latency, memory and start-up of canasta-bot next to a bare discord.py bot.

Run: ``.venv/bin/python benchmarks/discord_latency.py [--n 300] [--burst 50]``. Prints a table.
``hot_path.py`` beside it reuses this baseline bot for the round-recording hot path (throughput,
an open loop, game length, CPU per command, 10,000 guilds, PostgreSQL).

Both bots run as child processes against the loopback fake Discord (``bot.devtools.fake_discord``,
in this process), one after the other, each with a fresh fake, so their figures come from the
same machine in the same run:

* **baseline**: a minimal ``commands.Bot`` (guilds intent only, like ours) with one slash
  command that answers "pong"; what discord.py itself costs.
* **canasta-bot**: the real ``canasta-bot run`` with a temporary SQLite database, answering
  ``/count`` (pure computation), ``/rules`` (search and rendering) and ``/leaderboard`` (a database
  read).

Latency is the round trip the fake sees: from dispatching INTERACTION_CREATE until the bot's
response has been received and acknowledged over HTTP, one interaction at a time (``--n`` each,
after a warm-up), plus a burst of ``--burst`` concurrent ``/count``-style commands. Start-up is
from spawning the process until the fake has sent READY and the guilds (the bot has logged in,
run its setup hook, connected and identified) and until the first command is answered. Memory
is the child's resident set (VmRSS) after the runs and its peak (VmHWM), from /proc.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.devtools.fake_discord import FakeDiscord

BASELINE_BOT = '''
"""A bare discord.py bot: one slash command, nothing else (benchmark baseline)."""
import asyncio, os, sys
import discord, discord.gateway, discord.http, yarl
from discord.ext import commands

discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
intents = discord.Intents.none()
intents.guilds = True
bot = commands.Bot(command_prefix=commands.when_mentioned, intents=intents,
                   member_cache_flags=discord.MemberCacheFlags.none(), help_command=None)

@bot.tree.command(name="ping", description="Answers pong")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong")

async def sync(guild_id: int) -> None:
    async with bot:
        await bot.login(os.environ["DISCORD_TOKEN"])
        guild = discord.Object(id=guild_id)
        bot.tree.copy_global_to(guild=guild)
        await bot.tree.sync(guild=guild)

if sys.argv[1] == "sync":
    asyncio.run(sync(int(sys.argv[2])))
else:
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)
'''


@dataclass
class Figures:
    name: str
    ready_s: float = float("nan")
    first_reply_s: float = float("nan")
    rss_mib: float = float("nan")
    peak_mib: float = float("nan")
    latencies: dict[str, list[float]] = field(default_factory=dict)


def proc_mib(pid: int, key: str) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


Command = tuple[str, dict[str, Any]]


def without_heartbeat_barrier(fake: FakeDiscord) -> None:
    """Turn off the fake's per-interaction heartbeat request.

    The fake asks the bot for a gateway heartbeat after each interaction callback so a test
    cannot click a button before discord.py has registered its view. Real Discord does not, and
    discord.py spends its gateway send budget (about 110 messages a minute) on those heartbeats:
    past that it stops reading the gateway for up to a minute, which would measure the fake,
    not the bot.
    """

    async def no_barrier(guild_id: int | None, timeout: float = 2.0) -> bool:  # noqa: ASYNC109
        return True

    assert fake.state.hub is not None
    fake.state.hub.barrier = no_barrier  # type: ignore[method-assign]


async def round_trip(fake: FakeDiscord, command: Command) -> float:
    started = time.perf_counter()
    handle = await fake.slash(command[0], command[1])
    await handle.response(timeout=30)
    return (time.perf_counter() - started) * 1000


async def measure(
    name: str,
    argv: list[str],
    sync_argv: list[str],
    env: dict[str, str],
    commands: dict[str, Command],
    n: int,
    burst: int,
) -> Figures:
    figures = Figures(name)
    log = open(os.environ.get("BENCH_LOG", os.devnull), "ab")  # noqa: SIM115, ASYNC230
    async with FakeDiscord(wait_timeout=60) as fake:
        without_heartbeat_barrier(fake)
        child_env = {**os.environ, **env, **fake.env()}
        sync = await asyncio.create_subprocess_exec(
            *sync_argv,
            str(fake.guild.id),
            env=child_env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        if await sync.wait() != 0:
            raise SystemExit(f"{name}: syncing commands failed")
        started = time.perf_counter()
        process = await asyncio.create_subprocess_exec(
            *argv,
            env=child_env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=log,
        )
        try:
            await fake.wait_until_ready(timeout=60)
            figures.ready_s = time.perf_counter() - started
            first = next(iter(commands.values()))
            await (await fake.slash(first[0], first[1])).response(timeout=60)
            figures.first_reply_s = time.perf_counter() - started
            for label, command in commands.items():
                for _ in range(20):
                    await round_trip(fake, command)
                figures.latencies[label] = [await round_trip(fake, command) for _ in range(n)]
            burst_results: list[Awaitable[float]] = [round_trip(fake, first) for _ in range(burst)]
            figures.latencies[f"{first[0]} ×{burst} at once"] = list(
                await asyncio.gather(*burst_results)
            )
            figures.rss_mib = proc_mib(process.pid, "VmRSS")
            figures.peak_mib = proc_mib(process.pid, "VmHWM")
        finally:
            process.terminate()
            await process.wait()
    return figures


def table(results: list[Figures]) -> str:
    rows = [("bot", "command", "n", "p50 ms", "p99 ms", "max ms")]
    for figures in results:
        for label, samples in figures.latencies.items():
            rows.append(
                (
                    figures.name,
                    "/" + label,
                    str(len(samples)),
                    f"{statistics.median(samples):.2f}",
                    f"{percentile(samples, 0.99):.2f}",
                    f"{max(samples):.2f}",
                )
            )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += ["", "bot          spawn→READY  spawn→1st reply  RSS after run  peak RSS"]
    for f in results:
        lines.append(
            f"{f.name:<12} {f.ready_s:>9.2f} s  {f.first_reply_s:>13.2f} s"
            f"  {f.rss_mib:>9.1f} MiB  {f.peak_mib:>5.1f} MiB"
        )
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="sequential commands per kind")
    parser.add_argument("--burst", type=int, default=50, help="concurrent commands in the burst")
    args = parser.parse_args()
    canasta = shutil.which("canasta-bot") or str(Path(sys.executable).with_name("canasta-bot"))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline_bot.py"
        script.write_text(BASELINE_BOT)
        runs: list[tuple[str, list[str], list[str], dict[str, str], dict[str, Command]]] = [
            (
                "baseline",
                [sys.executable, str(script), "run"],
                [sys.executable, str(script), "sync"],
                {},
                {"ping": ("ping", {})},
            ),
            (
                "canasta-bot",
                [canasta, "run"],
                [canasta, "sync", "--guild"],
                {"CANASTA_DATA_DIR": str(Path(tmp) / "data"), "CANASTA_LOG_LEVEL": "WARNING"},
                {
                    "count": ("count", {"cards": "joker A A K 7 7 2"}),
                    "rules": ("rules", {"question": "can we take the frozen pile?"}),
                    "leaderboard": ("leaderboard", {}),
                },
            ),
        ]
        results = []
        for name, argv, sync_argv, env, commands in runs:
            results.append(await measure(name, argv, sync_argv, env, commands, args.n, args.burst))
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; latency = fake dispatches "
        "INTERACTION_CREATE until it holds the bot's delivered response"
    )
    print(table(results))


if __name__ == "__main__":
    asyncio.run(main())
