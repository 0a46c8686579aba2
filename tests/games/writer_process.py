"""A child process for the concurrency and crash tests: records rounds in one game.

Usage: python -m tests.games.writer_process URL SCHEMA COUNT PREFIX
Prints each round number (flushed) only after ``record_round`` returned, so a parent that kills
this process knows which rounds it must find afterwards. SCHEMA is "-" for none (SQLite).
"""

from __future__ import annotations

import asyncio
import sys

from bot.games import record_round
from bot.storage import Database

GUILD = 1001
CHANNEL = 5001
ROUND = [{"meld_points": 100, "hand_points": 50}, {"meld_points": 100, "hand_points": 50}]


async def main(url: str, schema: str, count: int, prefix: str) -> None:
    kwargs = {} if schema == "-" else {"connect_args": {"server_settings": {"search_path": schema}}}
    db = Database(url, **kwargs)
    try:
        for i in range(count):
            outcome = await record_round(
                db,
                guild_id=GUILD,
                channel_id=CHANNEL,
                actor_id=1,
                sides=ROUND,
                interaction_id=f"{prefix}-{i}",
            )
            print(outcome.number, flush=True)
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]))
