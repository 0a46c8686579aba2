"""Leaderboard time for a server with 1,000 / 10,000 / 100,000 finished games.

Usage: python -m benchmarks.storage_leaderboard [URL ...] [--sizes 1000,10000,100000]
Games are bulk-generated straight into the tables the leaderboard reads (games, players,
game_stats, and the monthly_stats roll-up computed by the same SQL the service uses): 40
regulars in random partnerships, two variants, spread over three years. Prints the median and
worst of 20 runs per query shape.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from datetime import UTC, datetime, timedelta
from itertools import combinations

from sqlalchemy import func, insert, select

from benchmarks.storage_common import default_urls, fresh_database, percentile
from bot.games import leaderboard
from bot.games.stats import month_of
from bot.storage.models import Game, GamePlayer, GameStat, MonthlyStat

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

    async def work(session):
        for table, rows in ((Game, games), (GamePlayer, players), (GameStat, stats)):
            for i in range(0, len(rows), 5000):
                await session.execute(insert(table), rows[i : i + 5000])
        g = GameStat
        roll_up = select(
            g.guild_id,
            g.variant_id,
            g.month,
            g.user_a,
            g.user_b,
            func.count(),
            func.sum(g.won),
            func.sum(g.rounds),
            func.sum(g.net),
            func.max(g.best_round),
            func.sum(g.canastas),
        ).group_by(g.guild_id, g.variant_id, g.month, g.user_a, g.user_b)
        await session.execute(
            insert(MonthlyStat).from_select(
                [
                    "guild_id",
                    "variant_id",
                    "month",
                    "user_a",
                    "user_b",
                    "games",
                    "won",
                    "rounds",
                    "net",
                    "best_round",
                    "canastas",
                ],
                roll_up,
            )
        )

    await db.write(work)
    return time.perf_counter() - start


QUERIES = {
    "players, all time": {},
    "partnerships, all time": {"by": "partnership"},
    "players, classic, by win rate": {"variant_id": "classic", "sort": "win_rate"},
    "players, 2023-03-17..2024-08-09": {
        "since": datetime(2023, 3, 17, 12, tzinfo=UTC),
        "until": datetime(2024, 8, 9, 8, tzinfo=UTC),
    },
    "players, sorted by rating": {"sort": "rating"},
}


async def bench(url: str, sizes: list[int]) -> list[str]:
    lines = []
    for size in sizes:
        async with fresh_database(url) as (db, _real, _kwargs):
            load = await _load(db, size)
            for name, kwargs in QUERIES.items():
                await leaderboard(db, guild_id=GUILD, **kwargs)  # warm the cache
                times = []
                for _ in range(20):
                    t0 = time.perf_counter()
                    await leaderboard(db, guild_id=GUILD, **kwargs)
                    times.append((time.perf_counter() - t0) * 1000)
                lines.append(
                    f"| {db.dialect:10} | {size:7d} | {name:34} | {percentile(times, 50):7.2f} |"
                    f" {max(times):7.2f} | {load:6.1f} |"
                )
                print(lines[-1], flush=True)
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("urls", nargs="*")
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(
        "| backend    | games   | query                              | p50 ms  | max ms  | load s |"
    )
    print(
        "|------------|---------|------------------------------------|---------|---------|--------|"
    )
    for url in default_urls(args.urls):
        await bench(url, sizes)


if __name__ == "__main__":
    asyncio.run(main())
