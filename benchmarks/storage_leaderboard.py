"""Leaderboard time for a server with 1,000 / 10,000 / 100,000 finished games.

Usage: python -m benchmarks.storage_leaderboard [URL ...] [--sizes 1000,10000,100000]
Games are bulk-generated straight into the tables the leaderboard reads (games, players,
game_stats, and the monthly_stats/total_stats roll-ups rebuilt by ``rebuild_roll_ups``): 40
regulars in random partnerships, two variants, spread over three years, each with a rating.
Prints the median and 99th percentile of 50 runs per query shape (after one warm-up run).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from datetime import UTC, datetime, timedelta
from itertools import combinations

from sqlalchemy import insert, text

from benchmarks.storage_common import default_urls, fresh_database, percentile
from bot.games import leaderboard
from bot.games.stats import month_of, rebuild_roll_ups
from bot.storage.models import Game, GamePlayer, GameStat, Rating

GUILD = 77
PLAYERS = list(range(1000, 1040))
START = datetime(2022, 1, 1, tzinfo=UTC)
SPAN = timedelta(days=3 * 365)


def _generate(count: int, seed: int = 1) -> tuple[list[dict], list[dict], list[dict]]:
    rng = random.Random(seed)
    games, players, stats = [], [], []
    for game_id in range(1, count + 1):
        ended = START + SPAN * (game_id / count)
        variant = "classic" if rng.random() < 0.8 else "cuban"
        seats = rng.sample(PLAYERS, 4)
        sides = [sorted(seats[0::2]), sorted(seats[1::2])]
        totals = [rng.randrange(5000, 9000, 5), rng.randrange(1000, 5000, 5)]
        rng.shuffle(totals)
        winner = 0 if totals[0] > totals[1] else 1
        rounds = rng.randint(4, 12)
        games.append(
            dict(
                id=game_id,
                guild_id=GUILD,
                channel_id=1,
                variant_id=variant,
                house_rules={},
                state="finished",
                end_reason="target",
                started_by=seats[0],
                created_at=ended - timedelta(hours=1),
                ended_at=ended,
                first_dealer=0,
                winner_side=winner,
                draw=False,
                round_count=rounds,
                totals=totals,
            )
        )
        for seat, user in enumerate(seats):
            players.append(
                dict(
                    game_id=game_id,
                    side=seat % 2,
                    seat=seat,
                    user_id=user,
                    display_name=f"player{user}",
                )
            )
        for side, members in enumerate(sides):
            best = rng.randrange(500, 3000, 5)
            canastas = rng.randint(1, 3 * rounds)
            for user_a, user_b in [(m, 0) for m in members] + list(combinations(members, 2)):
                stats.append(
                    dict(
                        game_id=game_id,
                        user_a=user_a,
                        user_b=user_b,
                        guild_id=GUILD,
                        variant_id=variant,
                        ended_at=ended,
                        month=month_of(ended),
                        side=side,
                        won=int(side == winner),
                        rounds=rounds,
                        net=totals[side],
                        best_round=best,
                        canastas=canastas,
                    )
                )
    return games, players, stats


async def _load(db, count: int) -> float:
    games, players, stats = _generate(count)
    start = time.perf_counter()

    rng = random.Random(2)
    ratings = [
        dict(
            guild_id=GUILD,
            user_id=user,
            mu=rng.uniform(15, 35),
            sigma=rng.uniform(1, 8),
            games=count // 10,
            updated_at=START + SPAN,
        )
        for user in PLAYERS
    ]

    async def work(session):
        tables = ((Game, games), (GamePlayer, players), (GameStat, stats), (Rating, ratings))
        for table, rows in tables:
            for i in range(0, len(rows), 5000):
                await session.execute(insert(table), rows[i : i + 5000])
        await rebuild_roll_ups(session, GUILD)

    await db.write(work)
    if db.dialect == "postgresql":
        # Planner statistics for the bulk-loaded tables, as autovacuum would gather them after
        # that many inserts (without them PostgreSQL plans for empty tables). SQLite is left
        # without ANALYZE, as the bot runs it.
        async with db.engine.connect() as conn:
            await conn.execute(text("ANALYZE"))
            await conn.commit()
    return time.perf_counter() - start


MID = {"since": datetime(2023, 3, 17, 12, tzinfo=UTC), "until": datetime(2024, 8, 9, 8, tzinfo=UTC)}
LONG = {"since": datetime(2022, 1, 20, tzinfo=UTC), "until": datetime(2024, 12, 10, tzinfo=UTC)}
SHORT = {"since": datetime(2024, 6, 10, tzinfo=UTC), "until": datetime(2024, 6, 20, tzinfo=UTC)}
QUERIES = {
    "players, all time": {},
    "partnerships, all time": {"by": "partnership"},
    "players, classic, by win rate": {"variant_id": "classic", "sort": "win_rate"},
    "partnerships, cuban, by avg net": {
        "by": "partnership",
        "variant_id": "cuban",
        "sort": "avg_net",
    },
    "players, 2023-03-17..2024-08-09": MID,
    "partnerships, 2023-03-17..2024-08-09": {"by": "partnership", **MID},
    "partnerships, 2022-01-20..2024-12-10": {"by": "partnership", **LONG},
    "partnerships, 10 days in June 2024": {"by": "partnership", **SHORT},
    "players, since 2024-02-15": {"since": datetime(2024, 2, 15, tzinfo=UTC)},
    "players, sorted by rating": {"sort": "rating"},
    "partnerships, sorted by rating": {"by": "partnership", "sort": "rating"},
}
RUNS = 50


async def bench(url: str, sizes: list[int]) -> list[str]:
    lines = []
    for size in sizes:
        async with fresh_database(url) as (db, _real, _kwargs):
            load = await _load(db, size)
            for name, kwargs in QUERIES.items():
                await leaderboard(db, guild_id=GUILD, **kwargs)  # warm the cache
                times = []
                for _ in range(RUNS):
                    t0 = time.perf_counter()
                    await leaderboard(db, guild_id=GUILD, **kwargs)
                    times.append((time.perf_counter() - t0) * 1000)
                lines.append(
                    f"| {db.dialect:10} | {size:7d} | {name:38} | {percentile(times, 50):7.2f} |"
                    f" {percentile(times, 99):7.2f} | {load:6.1f} |"
                )
                print(lines[-1], flush=True)
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"| backend    | games   | {'query':38} | p50 ms  | p99 ms  | load s |")
    print(f"|------------|---------|-{'-' * 38}-|---------|---------|--------|")
    for url in default_urls(args.urls):
        await bench(url, sizes)


if __name__ == "__main__":
    asyncio.run(main())
