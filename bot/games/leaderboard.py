"""The per-server leaderboard, by player or by partnership, over any variant and period.

All time, it reads the ``total_stats`` roll-up: one row per player or pair and variant. For a
period, it reads ``monthly_stats`` for the whole calendar months inside it and ``game_stats`` only
for the partial months at its edges. Either way its cost depends on the number of players, pairs
and months, not on the number of games (100,000 games: well under 50 ms on SQLite; see
``benchmarks/storage_README.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, Integer, bindparam, func, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.errors import BadPeriod, GameError
from bot.games.ratings import ordinal
from bot.games.results import Leaderboard, LeaderboardRow
from bot.storage.engine import Database
from bot.storage.models import GamePlayer, GameStat, MonthlyStat, Rating, TotalStat, UtcDateTime

SORTS = ("wins", "games", "win_rate", "avg_net", "best_round", "canastas", "rating")
BY = ("player", "partnership")


class BadSort(GameError):
    code = "bad_sort"
    template = "unknown leaderboard order {sort!r}; choose one of {allowed}"


def _month_start(month: int) -> datetime:
    return datetime(month // 100, month % 100, 1, tzinfo=UTC)


def _next_month(month: int) -> int:
    year, mon = divmod(month, 100)
    return (year + 1) * 100 + 1 if mon == 12 else month + 1


def _month(moment: datetime) -> int:
    return moment.year * 100 + moment.month


def split_period(
    since: datetime | None, until: datetime | None
) -> tuple[tuple[int | None, int | None] | None, list[tuple[datetime | None, datetime | None]]]:
    """Whole months [lo, hi) for the roll-up, and the raw time ranges left at the edges."""
    lo = None
    if since is not None:
        lo = _month(since)
        if since != _month_start(lo):
            lo = _next_month(lo)
    hi = _month(until) if until is not None else None
    if lo is not None and hi is not None and lo >= hi:
        return None, [(since, until)]
    edges: list[tuple[datetime | None, datetime | None]] = []
    if since is not None and lo is not None and since < _month_start(lo):
        edges.append((since, _month_start(lo)))
    if until is not None and hi is not None and _month_start(hi) < until:
        edges.append((_month_start(hi), until))
    return (lo, hi), edges


def _inline(value: int | datetime, type_: Any) -> Any:
    """A number or time written into the SQL text, not sent as a parameter.

    PostgreSQL switches a prepared statement run more than five times to a generic plan, which
    cannot see how many rows a server, a month range or a time range holds; for the period query
    it chose a sort where a hash aggregate was twice as fast. With the values in the text (still
    a cached compiled statement; the type renders them as it binds them), every plan sees them.
    """
    return bindparam(None, value, type_=type_, literal_execute=True)


def _aggregate(table: Any, guild_id: int, pairs: bool, variant_id: str | None) -> Any:
    """Per player or pair: the sums of a roll-up (``games`` column) or of ``game_stats`` rows."""
    games = func.count() if table is GameStat else func.sum(table.games)
    query = (
        select(
            table.user_a,
            table.user_b,
            games.label("games"),
            func.sum(table.won).label("won"),
            func.sum(table.rounds).label("rounds"),
            func.sum(table.net).label("net"),
            func.max(table.best_round).label("best_round"),
            func.sum(table.canastas).label("canastas"),
        )
        .where(
            table.guild_id == _inline(guild_id, BigInteger()),
            # Inline too: as a parameter, the generic plan took "user_b = $1" for a rare value
            # and walked every player row of game_stats through ix_game_stats_user_b.
            table.user_b != _inline(0, BigInteger())
            if pairs
            else table.user_b == _inline(0, BigInteger()),
        )
        .group_by(table.user_a, table.user_b)
    )
    if variant_id is not None:
        query = query.where(table.variant_id == variant_id)
    return query


NAME_LOOKUP_CHUNK = 400
"""Users per name query: SQLite allows at most 500 terms in one compound SELECT."""


async def _names(session: AsyncSession, user_ids: set[int]) -> dict[int, str]:
    """Each user's most recent display name, by indexed max() look-ups in a few queries."""
    names = {user: str(user) for user in user_ids}
    ordered = sorted(user_ids)
    for start in range(0, len(ordered), NAME_LOOKUP_CHUNK):
        chunk = ordered[start : start + NAME_LOOKUP_CHUNK]
        latest = union_all(
            *(select(func.max(GamePlayer.id)).where(GamePlayer.user_id == u) for u in chunk)
        )
        rows = await session.execute(
            select(GamePlayer.user_id, GamePlayer.display_name).where(GamePlayer.id.in_(latest))
        )
        names.update({user: name for user, name in rows.all()})
    return names


def _sources(
    guild_id: int,
    pairs: bool,
    variant_id: str | None,
    since: datetime | None,
    until: datetime | None,
) -> list[Any]:
    """Queries of per player or pair sums that together cover the period exactly once.

    All time: ``total_stats`` alone. A period: ``monthly_stats`` for its whole months and
    ``game_stats`` for the partial months at its edges.
    """
    if since is None and until is None:
        return [_aggregate(TotalStat, guild_id, pairs, variant_id)]
    months, edges = split_period(since, until)
    parts = []
    if months is not None:
        query = _aggregate(MonthlyStat, guild_id, pairs, variant_id)
        lo, hi = months
        if lo is not None:
            query = query.where(MonthlyStat.month >= _inline(lo, Integer()))
        if hi is not None:
            query = query.where(MonthlyStat.month < _inline(hi, Integer()))
        parts.append(query)
    for start, end in edges:
        query = _aggregate(GameStat, guild_id, pairs, variant_id)
        if start is not None:
            query = query.where(GameStat.ended_at >= _inline(start, UtcDateTime()))
        if end is not None:
            query = query.where(GameStat.ended_at < _inline(end, UtcDateTime()))
        parts.append(query)
    return parts


def _union(parts: list[Any]) -> Any:
    """The parts summed again in SQL: one statement instead of several."""
    u = union_all(*parts).subquery()
    return select(
        u.c.user_a,
        u.c.user_b,
        func.sum(u.c.games).label("games"),
        func.sum(u.c.won).label("won"),
        func.sum(u.c.rounds).label("rounds"),
        func.sum(u.c.net).label("net"),
        func.max(u.c.best_round).label("best_round"),
        func.sum(u.c.canastas).label("canastas"),
    ).group_by(u.c.user_a, u.c.user_b)


async def _sums(session: AsyncSession, parts: list[Any]) -> dict[tuple[int, int], list[int]]:
    """(user_a, user_b) -> [games, won, rounds, net, best_round, canastas] over the parts.

    SQLite gets them as one UNION ALL statement (measured faster: fewer round trips through
    the driver thread). PostgreSQL runs them one by one: over the union its planner picks a
    parallel plan, which on a small shared machine was slower and far less steady.
    """
    if len(parts) > 1 and session.get_bind().dialect.name == "sqlite":
        parts = [_union(parts)]
    sums: dict[tuple[int, int], list[int]] = {}
    for query in parts:
        for user_a, user_b, *figures in (await session.execute(query)).all():
            values = [int(v) for v in figures]
            seen = sums.get((user_a, user_b))
            if seen is None:
                sums[(user_a, user_b)] = values
                continue
            for i in (0, 1, 2, 3, 5):
                seen[i] += values[i]
            seen[4] = max(seen[4], values[4])
    return sums


_Line = tuple[tuple[int, ...], int, int, float, int, float, int, int, float | None]
"""users, games, won, win rate, rounds, average net per round, best round, canastas, rating."""

_SORT_KEYS: dict[str, Callable[[_Line], tuple[Any, ...]]] = {
    # Descending by the named figure, then the tie-breakers, then ascending user ids.
    "wins": lambda x: (-x[2], -x[3], -x[1], x[0]),
    "games": lambda x: (-x[1], -x[2], x[0]),
    "win_rate": lambda x: (-x[3], -x[1], x[0]),
    "avg_net": lambda x: (-x[5], -x[1], x[0]),
    "best_round": lambda x: (-x[6], -x[1], x[0]),
    "canastas": lambda x: (-x[7], -x[1], x[0]),
    "rating": lambda x: (-(x[8] if x[8] is not None else float("-inf")), -x[1], x[0]),
}


async def leaderboard(
    db: Database,
    *,
    guild_id: int,
    by: str = "player",
    variant_id: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    sort: str = "wins",
    limit: int = 20,
    min_games: int = 1,
) -> Leaderboard:
    """Finished games in ``[since, until)`` (by end time), per player or per partnership."""
    if sort not in SORTS:
        raise BadSort(sort=sort, allowed=", ".join(SORTS))
    if by not in BY:
        raise BadSort(sort=by, allowed=", ".join(BY))
    if since is not None and until is not None and since >= until:
        raise BadPeriod(since=since, until=until)
    pairs = by == "partnership"

    async def work(session: AsyncSession) -> Leaderboard:
        sums = await _sums(session, _sources(guild_id, pairs, variant_id, since, until))
        ratings = {
            r.user_id: ordinal(r.mu, r.sigma)
            for r in (
                await session.execute(
                    select(Rating.user_id, Rating.mu, Rating.sigma).where(
                        Rating.guild_id == guild_id
                    )
                )
            ).all()
        }
        # Plain tuples for every player or pair, dataclasses only for the page shown.
        lines: list[_Line] = []
        for (user_a, user_b), (games, won, rounds, net, best_round, canastas) in sums.items():
            if games < min_games:
                continue
            users = (user_a, user_b) if pairs else (user_a,)
            known = [ratings[u] for u in users if u in ratings]
            lines.append(
                (
                    users,
                    games,
                    won,
                    won / games if games else 0.0,
                    rounds,
                    net / rounds if rounds else 0.0,
                    best_round or 0,
                    canastas,
                    sum(known) / len(known) if len(known) == len(users) else None,
                )
            )
        lines.sort(key=_SORT_KEYS[sort])
        page = lines[:limit]
        names = await _names(session, {u for line in page for u in line[0]})
        rows = tuple(
            LeaderboardRow(
                user_ids=users,
                display_names=tuple(names[u] for u in users),
                games=games,
                won=won,
                win_rate=win_rate,
                rounds=rounds,
                avg_net_per_round=avg_net,
                best_round=best_round,
                canastas=canastas,
                rating=rating,
            )
            for users, games, won, win_rate, rounds, avg_net, best_round, canastas, rating in page
        )
        return Leaderboard(guild_id, by, variant_id, since, until, sort, rows)

    return await db.read(work)
