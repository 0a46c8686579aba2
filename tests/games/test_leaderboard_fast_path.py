"""The leaderboard's roll-ups give exactly what a plain aggregate over per-game rows gives.

A seeded random history (two variants, partners changing, games ended by target, declared or
abandoned, edits that change the winner or un-finish a game, undo, forgetting a player) is played
through the service with a clock that moves on by days, so games end across several months. At
checkpoints the fast leaderboard (``total_stats`` all time, ``monthly_stats`` + edges for periods)
is compared, row by row, with a straightforward aggregate over ``game_stats`` in Python, and the
stored rows themselves with what the games' rounds say.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from bot.games import (
    PlayerSpec,
    SideSpec,
    abandon_game,
    edit_round,
    end_game,
    forget_user,
    get_ratings,
    leaderboard,
    record_round,
    start_game,
    undo_round,
)
from bot.games.leaderboard import SORTS
from bot.games.results import LeaderboardRow
from bot.games.stats import _rows_for
from bot.scoring import ScoringError
from bot.storage.models import (
    GAME_FINISHED,
    Game,
    GamePlayer,
    GameStat,
    MonthlyStat,
    Round,
    TotalStat,
)
from tests.games.helpers import STUCK

GUILD = 4242
PEOPLE = list(range(101, 110))
VARIANTS = {"classic": (2, 2), "six-player-teams": (3, 3)}
"""Variant -> players per side: pairs of two, and sides of three (three pairs per side)."""
OUT = {"meld_points": 300, "natural_canastas": 2, "went_out": "normal"}
"""Goes out with two natural canastas (1400; enough to go out in every variant used here)."""
WIN, LOSE, DULL = [dict(OUT), dict(STUCK)], [dict(STUCK), dict(OUT)], [dict(STUCK), dict(STUCK)]
"""Rounds: side 0 goes out (net 1400 vs 50), side 1 goes out, nobody does (50 each)."""


class Clock:
    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def _reference(
    stats: list[Any],
    ratings: dict[int, float],
    names: dict[int, str],
    *,
    by: str,
    variant_id: str | None,
    since: datetime | None,
    until: datetime | None,
    sort: str,
    min_games: int,
) -> list[LeaderboardRow]:
    """The leaderboard as a plain aggregate over per-game rows, ordered as documented."""
    pairs = by == "partnership"
    acc: dict[tuple[int, int], list[int]] = {}
    for r in stats:
        if r.guild_id != GUILD or (r.user_b != 0) != pairs:
            continue
        if variant_id is not None and r.variant_id != variant_id:
            continue
        if (since is not None and r.ended_at < since) or (
            until is not None and r.ended_at >= until
        ):
            continue
        a = acc.setdefault((r.user_a, r.user_b), [0, 0, 0, 0, r.best_round, 0])
        a[0] += 1
        a[1] += r.won
        a[2] += r.rounds
        a[3] += r.net
        a[4] = max(a[4], r.best_round)
        a[5] += r.canastas
    rows = []
    for (user_a, user_b), (games, won, rounds, net, best, canastas) in acc.items():
        if games < min_games:
            continue
        users = (user_a, user_b) if pairs else (user_a,)
        known = [ratings[u] for u in users if u in ratings]
        rows.append(
            LeaderboardRow(
                user_ids=users,
                display_names=tuple(names[u] for u in users),
                games=games,
                won=won,
                win_rate=won / games,
                rounds=rounds,
                avg_net_per_round=net / rounds if rounds else 0.0,
                best_round=best,
                canastas=canastas,
                rating=sum(known) / len(known) if len(known) == len(users) else None,
            )
        )

    def key(r: LeaderboardRow) -> tuple[Any, ...]:
        rating = r.rating if r.rating is not None else float("-inf")
        figures = {
            "wins": (r.won, r.win_rate, r.games),
            "games": (r.games, r.won),
            "win_rate": (r.win_rate, r.games),
            "avg_net": (r.avg_net_per_round, r.games),
            "best_round": (r.best_round, r.games),
            "canastas": (r.canastas, r.games),
            "rating": (rating, r.games),
        }[sort]
        return (*(-f for f in figures), r.user_ids)

    return sorted(rows, key=key)


async def _stored(db) -> dict[str, Any]:
    async def work(session):
        games = (
            await session.scalars(
                select(Game).where(Game.guild_id == GUILD).options(selectinload(Game.players))
            )
        ).all()
        rounds: dict[int, list[Round]] = {}
        for rnd in (await session.scalars(select(Round).order_by(Round.number))).all():
            rounds.setdefault(rnd.game_id, []).append(rnd)
        expected = [row for g in games for row in _rows_for(g, rounds.get(g.id, []))]
        latest = {}
        for p in (await session.scalars(select(GamePlayer).order_by(GamePlayer.id))).all():
            latest[p.user_id] = p.display_name
        return {
            "expected_stats": expected,
            "stats": (await session.scalars(select(GameStat))).all(),
            "monthly": (await session.scalars(select(MonthlyStat))).all(),
            "totals": (await session.scalars(select(TotalStat))).all(),
            "names": latest,
            "finished": sum(g.state == GAME_FINISHED for g in games),
        }

    return await db.read(work)


def _figures(row: Any) -> tuple[int, ...]:
    return (row.games, row.won, row.rounds, row.net, row.best_round, row.canastas)


def _check_roll_ups(stored: dict[str, Any]) -> None:
    """game_stats matches the rounds; monthly_stats and total_stats match game_stats."""

    def stat_key(r: Any) -> tuple[Any, ...]:
        return (r.game_id, r.user_a, r.user_b, r.variant_id, r.month, r.side, r.won, r.rounds)

    def full(r: Any) -> tuple[Any, ...]:
        return (*stat_key(r), r.net, r.best_round, r.canastas, r.ended_at)

    assert sorted(map(full, stored["stats"])) == sorted(map(full, stored["expected_stats"]))
    monthly: dict[tuple[Any, ...], list[int]] = {}
    totals: dict[tuple[Any, ...], list[int]] = {}
    for r in stored["stats"]:
        for table, key in (
            (monthly, (r.guild_id, r.variant_id, r.month, r.user_a, r.user_b)),
            (totals, (r.guild_id, r.variant_id, r.user_a, r.user_b)),
        ):
            a = table.setdefault(key, [0, 0, 0, 0, r.best_round, 0])
            a[0] += 1
            a[1] += r.won
            a[2] += r.rounds
            a[3] += r.net
            a[4] = max(a[4], r.best_round)
            a[5] += r.canastas
    assert {
        (r.guild_id, r.variant_id, r.month, r.user_a, r.user_b): list(_figures(r))
        for r in stored["monthly"]
    } == monthly
    assert {
        (r.guild_id, r.variant_id, r.user_a, r.user_b): list(_figures(r)) for r in stored["totals"]
    } == totals
    for r in stored["stats"]:
        assert r.user_b == 0 or r.user_a < r.user_b, "pairs are kept in ascending order"


async def _compare(db, rng: random.Random, start: datetime, end: datetime) -> int:
    """Fast leaderboard == reference for many shapes; returns how many were compared."""
    stored = await _stored(db)
    _check_roll_ups(stored)
    ratings = {r.user_id: r.ordinal for r in await get_ratings(db, GUILD)}
    span = (end - start).total_seconds()
    ended = sorted({r.ended_at for r in stored["stats"]})
    periods: list[tuple[datetime | None, datetime | None]] = [(None, None)]
    for _ in range(3):
        a, b = sorted(start + timedelta(seconds=rng.uniform(0, span)) for _ in range(2))
        periods.append((a, b))
    month_start = datetime(start.year, start.month, 1, tzinfo=UTC) + timedelta(days=32)
    month_start = month_start.replace(day=1)
    periods += [(month_start, None), (None, month_start), (month_start, end)]
    if ended:
        # Boundaries exactly at a game's end: since includes it, until excludes it.
        moment = rng.choice(ended)
        periods += [(moment, None), (None, moment), (moment, moment + timedelta(days=40))]
    compared = 0
    for since, until in periods:
        for by in ("player", "partnership"):
            for variant_id in rng.sample([None, *VARIANTS], 2):
                for sort in rng.sample(SORTS, 1):
                    min_games = rng.choice((1, 1, 2))
                    fast = await leaderboard(
                        db,
                        guild_id=GUILD,
                        by=by,
                        variant_id=variant_id,
                        since=since,
                        until=until,
                        sort=sort,
                        limit=10**6,
                        min_games=min_games,
                    )
                    expected = _reference(
                        stored["stats"],
                        ratings,
                        stored["names"],
                        by=by,
                        variant_id=variant_id,
                        since=since,
                        until=until,
                        sort=sort,
                        min_games=min_games,
                    )
                    assert list(fast.rows) == expected, (by, variant_id, since, until, sort)
                    compared += 1
    return compared


async def _play_history(
    db, rng: random.Random, clock: Clock
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Random games; returns the (game id, channel) of those finished by target and declared."""
    by_target: list[tuple[int, int]] = []
    declared: list[tuple[int, int]] = []
    channel = 9000
    for _ in range(14):
        channel += 1
        clock.now += timedelta(days=rng.uniform(1, 24))
        variant_id = rng.choice(list(VARIANTS))
        counts = VARIANTS[variant_id]
        people = rng.sample(PEOPLE, sum(counts))
        sides = [
            SideSpec(players=[PlayerSpec(u, f"p{u}-{channel}") for u in people[: counts[0]]]),
            SideSpec(players=[PlayerSpec(u, f"p{u}-{channel}") for u in people[counts[0] :]]),
        ]
        game = await start_game(
            db,
            guild_id=GUILD,
            channel_id=channel,
            actor_id=people[0],
            variant_id=variant_id,
            sides=sides,
            target=1500,
        )
        ending = rng.choice(("target", "target", "target", "declared", "abandoned"))
        for number in range(1, 8):
            if ending != "target" and number > 2:
                break
            outcome = await record_round(
                db,
                guild_id=GUILD,
                channel_id=channel,
                actor_id=people[0],
                sides=rng.choice((WIN, LOSE, DULL)),
            )
            if outcome.finished:
                break
        else:
            ending = "declared"
        if ending == "declared" and not outcome.finished:
            await end_game(db, guild_id=GUILD, channel_id=channel, actor_id=people[0])
        elif ending == "abandoned" and not outcome.finished:
            await abandon_game(db, guild_id=GUILD, channel_id=channel, actor_id=people[0])
        if outcome.finished:
            by_target.append((game.id, channel))
        elif ending == "declared":
            declared.append((game.id, channel))
    return by_target, declared


@pytest.mark.parametrize("seed", [3, 17])
async def test_fast_leaderboard_equals_plain_aggregate(db, monkeypatch, seed):
    rng = random.Random(seed)
    start = datetime(2024, 1, 5, 9, tzinfo=UTC)
    clock = Clock(start)
    monkeypatch.setattr("bot.games.sessions.utcnow", clock)
    by_target, declared = await _play_history(db, rng, clock)
    assert len(by_target) >= 5
    assert await _compare(db, rng, start, clock.now) >= 40

    # Edits: flip the winner of one finished game, un-finish another (every round dull, far
    # below the target: the game is active again and leaves the leaderboard), undo the last
    # round of a third (also reopens it), then finish the un-finished one months later.
    actor = max(PEOPLE) + 1000
    manager = {"guild_id": GUILD, "actor_id": actor, "actor_is_manager": True}
    flip_id, flip_ch = rng.choice(by_target)

    for number in range(1, await _round_count(db, flip_id) + 1):
        try:
            await edit_round(
                db,
                channel_id=flip_ch,
                game_id=flip_id,
                number=number,
                sides={0: STUCK, 1: OUT},
                **manager,
            )
        except ScoringError:  # the game would now end before a later round: refused whole
            break
    drop_id = drop_ch = None
    for game_id, channel in rng.sample(by_target, len(by_target)):
        if game_id == flip_id:
            continue
        try:
            for number in range(await _round_count(db, game_id), 0, -1):
                await edit_round(
                    db,
                    channel_id=channel,
                    game_id=game_id,
                    number=number,
                    sides={0: STUCK, 1: STUCK},
                    **manager,
                )
        except ScoringError:  # a broken tie would end it before a later round: next game
            continue
        drop_id, drop_ch = game_id, channel
        break
    assert drop_id is not None
    undo_id, undo_ch = rng.choice(
        [g for g in by_target + declared if g[0] not in (flip_id, drop_id)]
    )
    await undo_round(db, channel_id=undo_ch, game_id=undo_id, **manager)
    assert await _state(db, drop_id) == "active"
    assert await _state(db, undo_id) == "active"
    await _compare(db, rng, start, clock.now)

    clock.now += timedelta(days=75)
    await end_game(db, channel_id=drop_ch, **manager)
    assert await _state(db, drop_id) == "finished"
    await _compare(db, rng, start, clock.now)

    # Forget two regulars: their ids become anonymous everywhere, the figures stay the same.
    before = await leaderboard(db, guild_id=GUILD, by="partnership", limit=10**6)
    gone = rng.sample(PEOPLE, 2)
    anon = {u: (await forget_user(db, u)).anon_id for u in gone}
    after = await leaderboard(db, guild_id=GUILD, by="partnership", limit=10**6)
    assert not {u for r in after.rows for u in r.user_ids} & set(gone)
    assert sorted(_figures_of(r) for r in after.rows) == sorted(_figures_of(r) for r in before.rows)
    renamed = {tuple(sorted(anon.get(u, u) for u in r.user_ids)) for r in before.rows}
    assert {r.user_ids for r in after.rows} == renamed
    await _compare(db, rng, start, clock.now)

    # An edit of an old game with a forgotten player rewrites its rows: the anonymous pair
    # keys must come out as the forgetting left them (ascending), not split in two.
    touched = await _finished_game_with(db, set(anon.values()))
    game_id, channel, number, components = touched
    await edit_round(
        db,
        channel_id=channel,
        game_id=game_id,
        number=number,
        sides=dict(enumerate(components)),
        **manager,
    )
    await _compare(db, rng, start, clock.now)


async def _round_count(db, game_id: int) -> int:
    async def work(session):
        return (await session.get(Game, game_id)).round_count

    return await db.read(work)


async def _state(db, game_id: int) -> str:
    async def work(session):
        return (await session.get(Game, game_id)).state

    return await db.read(work)


async def _finished_game_with(db, users: set[int]) -> tuple[int, int, int, list[Any]]:
    """A finished game one of ``users`` played: (id, channel, last round, its components)."""

    async def work(session):
        game = (
            await session.scalars(
                select(Game)
                .join(GamePlayer)
                .where(Game.state == GAME_FINISHED, GamePlayer.user_id.in_(users))
                .order_by(Game.id)
                .limit(1)
            )
        ).one()
        last = await session.scalar(
            select(Round).where(Round.game_id == game.id, Round.number == game.round_count)
        )
        return game.id, game.channel_id, last.number, last.components

    return await db.read(work)


def _figures_of(row: LeaderboardRow) -> tuple[Any, ...]:
    return (row.games, row.won, row.rounds, row.avg_net_per_round, row.best_round, row.canastas)
