"""What each import costs in resident memory: VmRSS after each step, in fresh interpreters.

Run: ``.venv/bin/python benchmarks/import_rss.py``

Why child processes: RSS only grows, and a module imported once is never paid for again, so a
figure means something only in an interpreter that has imported nothing else yet. Two tables:

- the chain: one interpreter imports the steps in the order the bot's start-up meets them
  (each delta is what that step adds on top of the ones before it);
- alone: one fresh interpreter per library, ``import X`` on top of discord.py and the config
  (pydantic), which every configuration loads, to decide whether a library is worth keeping
  off the hot path (e.g. SQLAlchemy Core and the asyncio engine without ``sqlalchemy.orm``).

The chain also names the heavy libraries resident once every cog is imported (what the process
holds at READY, before any command).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHAIN: list[tuple[str, str]] = [
    ("discord (discord.py, aiohttp)", "import discord, discord.ext.commands"),
    ("bot.config (pydantic, pydantic-settings)", "import bot.config"),
    ("bot.scoring (variants, rounds)", "import bot.scoring"),
    ("sqlalchemy (Core)", "import sqlalchemy"),
    ("sqlalchemy.ext.asyncio (+ orm, aiosqlite)", "import sqlalchemy.ext.asyncio, aiosqlite"),
    ("bot.storage.models (declarative models)", "import bot.storage.models"),
    ("babel, bot.i18n", "import bot.i18n, bot.i18n.plurals"),
    (
        "bot.discord_app.client and every cog (what READY holds)",
        "import bot.discord_app.client, bot.discord_app.cogs as c; c.discover_extensions()",
    ),
    ("-- on first use: numpy (first /rules)", "import numpy"),
    ("bot.rules (topics, features, model code)", "import bot.rules"),
    ("RulesIndex.load() (topics read, model read)", "import bot.rules as r; r.RulesIndex.load()"),
    ("PyStemmer (first word stemmed)", "import Stemmer"),
    ("openskill (first finished game)", "import openskill.models"),
    ("sqlalchemy.dialects.postgresql (PostgreSQL only)", "import sqlalchemy.dialects.postgresql"),
]

FLOOR = "import discord, discord.ext.commands, bot.config"
ALONE: list[tuple[str, str]] = [
    ("discord.py + bot.config (the floor)", "pass"),
    ("sqlalchemy (Core)", "import sqlalchemy"),
    ("sqlalchemy.ext.asyncio.engine (imports the ORM)", "import sqlalchemy.ext.asyncio.engine"),
    ("sqlalchemy.orm", "import sqlalchemy.orm"),
    ("sqlalchemy.ext.asyncio, aiosqlite", "import sqlalchemy.ext.asyncio, aiosqlite"),
    ("bot.storage.models", "import bot.storage.models"),
    ("numpy", "import numpy"),
]

CHILD = r"""
import json, sys
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
out = [("start", rss(), [])]
heavy = ["numpy", "sqlalchemy.orm", "sqlalchemy.dialects.postgresql", "pydantic",
         "openskill", "babel", "rapidfuzz", "matplotlib", "alembic", "asyncpg"]
for label, code in json.loads(sys.argv[1]):
    exec(code, {})
    out.append((label, rss(), [m for m in heavy if m in sys.modules]))
print(json.dumps(out))
"""


def run(steps: list[tuple[str, str]], *extra: str) -> list[list[object]]:
    """The child's [label, VmRSS MiB] after each step."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(steps), *extra],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    print(f"load average {Path('/proc/loadavg').read_text().split()[0]}")
    print("\nchain, in start-up order (VmRSS MiB, delta):")
    previous = None
    for label, rss, loaded in run(CHAIN):
        delta = "" if previous is None else f"{rss - previous:+6.1f}"  # type: ignore[operator]
        print(f"  {rss:6.1f} {delta:>7}  {label}")
        if label.startswith("bot.discord_app.client"):
            print(f"                 heavy libraries loaded by then: {', '.join(loaded)}")
        previous = rss
    print("\nalone, each in a fresh interpreter over discord.py + bot.config (VmRSS MiB, delta):")
    base = None
    for label, code in ALONE:
        rss = run([("floor", FLOOR), (label, code)])[-1][1]
        base = rss if base is None else base
        print(f"  {rss:6.1f} {rss - base:+6.1f}  {label}")  # type: ignore[operator]


if __name__ == "__main__":
    main()
