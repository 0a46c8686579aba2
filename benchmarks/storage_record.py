"""Round-recording throughput and latency, beside a raw INSERT + COMMIT through the same driver.

Usage: python -m benchmarks.storage_record [URL ...] [--rounds N]
URL "sqlite" (default) is a temporary file; a postgresql+asyncpg:// URL gets a throwaway schema.
Without URLs: SQLite, plus $TEST_DATABASE_URL if set. Prints one table row per measurement.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from sqlalchemy import text

from benchmarks.storage_common import default_urls, fresh_database, percentile
from bot.games import record_round, start_game

ROUND = [{"meld_points": 100, "hand_points": 50}, {"meld_points": 100, "hand_points": 50}]


def _row(backend: str, what: str, latencies: list[float], wall: float) -> str:
    ms = [x * 1000 for x in latencies]
    return (
        f"| {backend:10} | {what:34} | {len(ms):6d} | {len(ms) / wall:9.0f} | "
        f"{percentile(ms, 50):7.2f} | {percentile(ms, 99):7.2f} |"
    )


async def bench(url: str, rounds: int, concurrency: int) -> list[str]:
    lines = []
    async with fresh_database(url) as (db, _real, _kwargs):
        backend = db.dialect
        # Raw baseline: one INSERT and one COMMIT per row, same engine and driver.
        async with db.engine.begin() as conn:
            await conn.execute(text("CREATE TABLE bench_raw (id INTEGER PRIMARY KEY, v TEXT)"))
        latencies = []
        start = time.perf_counter()
        async with db.engine.connect() as conn:
            for i in range(rounds):
                t0 = time.perf_counter()
                await conn.execute(
                    text("INSERT INTO bench_raw (id, v) VALUES (:i, :v)"), {"i": i, "v": "x" * 200}
                )
                await conn.commit()
                latencies.append(time.perf_counter() - t0)
        lines.append(_row(backend, "raw INSERT + COMMIT", latencies, time.perf_counter() - start))

        for channel, parallel in ((1, 1), (2, concurrency)):
            await start_game(
                db, guild_id=1, channel_id=channel, actor_id=1, target=1_000_000
            )  # the highest target a game may have
            latencies = []

            async def one(
                i: int, channel: int = channel, latencies: list[float] = latencies
            ) -> None:
                t0 = time.perf_counter()
                await record_round(
                    db,
                    guild_id=1,
                    channel_id=channel,
                    actor_id=1,
                    sides=ROUND,
                    interaction_id=f"{channel}-{i}",
                )
                latencies.append(time.perf_counter() - t0)

            start = time.perf_counter()
            for batch in range(0, rounds, parallel):
                await asyncio.gather(*(one(i) for i in range(batch, min(rounds, batch + parallel))))
            what = (
                "record_round, sequential"
                if parallel == 1
                else (f"record_round, {parallel} at once, 1 game")
            )
            lines.append(_row(backend, what, latencies, time.perf_counter() - start))
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=10)
    args = parser.parse_args()
    print(
        "| backend    | operation                          | count  | per sec   "
        "| p50 ms  | p99 ms  |"
    )
    print(
        "|------------|------------------------------------|--------|-----------|---------|---------|"
    )
    for url in default_urls(args.urls):
        for line in await bench(url, args.rounds, args.concurrency):
            print(line, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
