"""Denormalised per-game statistics, written when a game finishes, for a fast leaderboard.

A finished game with players gets one ``GameStat`` row per player and one per partnership (two
players on the same side). The ``MonthlyStat`` roll-ups those rows belong to are recomputed from
``game_stats``, and the all-time ``TotalStat`` rows of the same players and pairs from
``monthly_stats`` (recomputed, not incremented), so rewriting a game after an edit can never
drift. All of it happens in the caller's transaction, together with the change to the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from itertools import combinations
from typing import Any

from sqlalchemy import delete, func, insert, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from bot.scoring import parse_side
from bot.storage.models import GAME_FINISHED, Game, GameStat, MonthlyStat, Round, TotalStat

StatKey = tuple[int, str, int, int, int]
"""(guild_id, variant_id, month, user_a, user_b): the roll-up a ``GameStat`` row feeds."""


def month_of(moment: datetime) -> int:
    return moment.year * 100 + moment.month


def _rows_for(game: Game, rounds: list[Round]) -> list[GameStat]:
    if game.state != GAME_FINISHED or not game.players or game.ended_at is None:
        return []
    sides = len(game.totals)
    nets: list[list[int]] = [[] for _ in range(sides)]
    canastas = [0] * sides
    for rnd in rounds:
        for side in range(sides):
            nets[side].append(int(rnd.results[side]["net"]))
            canastas[side] += parse_side(rnd.components[side], side).canastas
    month = month_of(game.ended_at)
    rows: list[GameStat] = []
    for side in range(sides):
        members = sorted(p.user_id for p in game.players if p.side == side)
        pairs = list(combinations(members, 2))
        for user_a, user_b in [(m, 0) for m in members] + pairs:
            rows.append(
                GameStat(
                    game_id=game.id,
                    user_a=user_a,
                    user_b=user_b,
                    guild_id=game.guild_id,
                    variant_id=game.variant_id,
                    ended_at=game.ended_at,
                    month=month,
                    side=side,
                    won=int(game.winner_side == side),
                    rounds=len(rounds),
                    net=sum(nets[side]),
                    best_round=max(nets[side], default=0),
                    canastas=canastas[side],
                )
            )
    return rows


async def refresh_game_stats(session: AsyncSession, game: Game) -> None:
    """Make the stats rows of ``game`` match its current state and rounds."""
    old_keys: set[StatKey] = {
        (row.guild_id, row.variant_id, row.month, row.user_a, row.user_b)
        for row in (
            await session.execute(
                select(
                    GameStat.guild_id,
                    GameStat.variant_id,
                    GameStat.month,
                    GameStat.user_a,
                    GameStat.user_b,
                ).where(GameStat.game_id == game.id)
            )
        ).all()
    }
    await session.execute(delete(GameStat).where(GameStat.game_id == game.id))
    rounds = []
    if game.state == GAME_FINISHED and game.players:
        rounds = list(
            (
                await session.scalars(
                    select(Round).where(Round.game_id == game.id).order_by(Round.number)
                )
            ).all()
        )
    rows = _rows_for(game, rounds)
    session.add_all(rows)
    await session.flush()
    new_keys = {(r.guild_id, r.variant_id, r.month, r.user_a, r.user_b) for r in rows}
    await refresh_roll_ups(session, old_keys | new_keys)


MEASURES = ("games", "won", "rounds", "net", "best_round", "canastas")
MONTHLY_COLUMNS = ("guild_id", "variant_id", "month", "user_a", "user_b", *MEASURES)
TOTAL_COLUMNS = ("guild_id", "variant_id", "user_a", "user_b", *MEASURES)


def _summed(table: Any, count: Any) -> list[Any]:
    """The roll-up measures over ``table``'s rows: ``count`` is what one row counts as games."""
    return [
        count,
        func.sum(table.won),
        func.sum(table.rounds),
        func.sum(table.net),
        func.max(table.best_round),
        func.sum(table.canastas),
    ]


def _only(table: Any, users: list[tuple[int, int]]) -> list[Any]:
    """Rows of exactly these (user_a, user_b) keys.

    The two plain IN lists let both back ends seek the index per key (a row-value IN alone
    makes SQLite scan the whole month or server); the row-value IN then drops the cross
    combinations of the two lists.
    """
    return [
        table.user_a.in_(sorted({a for a, _ in users})),
        table.user_b.in_(sorted({b for _, b in users})),
        tuple_(table.user_a, table.user_b).in_(users),
    ]


async def refresh_roll_ups(session: AsyncSession, keys: Iterable[StatKey]) -> None:
    """Recompute the ``MonthlyStat`` rows for ``keys`` from ``game_stats``, then the
    ``TotalStat`` rows of the same players and pairs from ``monthly_stats``."""
    by_month: dict[tuple[int, str, int], set[tuple[int, int]]] = {}
    by_variant: dict[tuple[int, str], set[tuple[int, int]]] = {}
    for guild_id, variant_id, month, user_a, user_b in keys:
        by_month.setdefault((guild_id, variant_id, month), set()).add((user_a, user_b))
        by_variant.setdefault((guild_id, variant_id), set()).add((user_a, user_b))
    g, m, t = GameStat, MonthlyStat, TotalStat
    for (guild_id, variant_id, month), user_set in by_month.items():
        users = sorted(user_set)
        await session.execute(
            delete(m).where(
                m.guild_id == guild_id,
                m.variant_id == variant_id,
                m.month == month,
                *_only(m, users),
            )
        )
        summary = (
            select(g.guild_id, g.variant_id, g.month, g.user_a, g.user_b, *_summed(g, func.count()))
            .where(
                g.guild_id == guild_id,
                g.variant_id == variant_id,
                g.month == month,
                *_only(g, users),
            )
            .group_by(g.guild_id, g.variant_id, g.month, g.user_a, g.user_b)
        )
        await session.execute(insert(m).from_select(MONTHLY_COLUMNS, summary))
    for (guild_id, variant_id), user_set in by_variant.items():
        users = sorted(user_set)
        await session.execute(
            delete(t).where(
                t.guild_id == guild_id,
                t.variant_id == variant_id,
                *_only(t, users),
            )
        )
        summary = (
            select(m.guild_id, m.variant_id, m.user_a, m.user_b, *_summed(m, func.sum(m.games)))
            .where(
                m.guild_id == guild_id,
                m.variant_id == variant_id,
                *_only(m, users),
            )
            .group_by(m.guild_id, m.variant_id, m.user_a, m.user_b)
        )
        await session.execute(insert(t).from_select(TOTAL_COLUMNS, summary))


async def rebuild_roll_ups(session: AsyncSession, guild_id: int | None = None) -> None:
    """Recompute every ``MonthlyStat`` and ``TotalStat`` row (of one server) from ``game_stats``.

    Not needed in normal operation (each game change refreshes its own keys); for bulk loads
    such as the benchmark's, and for repairing a database by hand.
    """
    g, m, t = GameStat, MonthlyStat, TotalStat
    monthly = select(
        g.guild_id, g.variant_id, g.month, g.user_a, g.user_b, *_summed(g, func.count())
    ).group_by(g.guild_id, g.variant_id, g.month, g.user_a, g.user_b)
    total = select(
        m.guild_id, m.variant_id, m.user_a, m.user_b, *_summed(m, func.sum(m.games))
    ).group_by(m.guild_id, m.variant_id, m.user_a, m.user_b)
    wipe_m, wipe_t = delete(m), delete(t)
    if guild_id is not None:
        monthly, total = monthly.where(g.guild_id == guild_id), total.where(m.guild_id == guild_id)
        wipe_m, wipe_t = wipe_m.where(m.guild_id == guild_id), wipe_t.where(t.guild_id == guild_id)
    await session.execute(wipe_t)
    await session.execute(wipe_m)
    await session.execute(insert(m).from_select(MONTHLY_COLUMNS, monthly))
    await session.execute(insert(t).from_select(TOTAL_COLUMNS, total))
