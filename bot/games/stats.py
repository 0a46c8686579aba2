"""Denormalised per-game statistics, written when a game finishes, for a fast leaderboard.

A finished game with players gets one ``GameStat`` row per player and one per partnership (two
players on the same side), and the ``MonthlyStat`` roll-ups those rows belong to are recomputed
from ``game_stats`` (not incremented), so rewriting a game after an edit can never drift.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from itertools import combinations

from sqlalchemy import delete, func, insert, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from bot.scoring import parse_side
from bot.storage.models import GAME_FINISHED, Game, GameStat, MonthlyStat, Round

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


async def refresh_roll_ups(session: AsyncSession, keys: Iterable[StatKey]) -> None:
    """Recompute the ``MonthlyStat`` rows for ``keys`` from ``game_stats``."""
    by_month: dict[tuple[int, str, int], list[tuple[int, int]]] = {}
    for guild_id, variant_id, month, user_a, user_b in keys:
        by_month.setdefault((guild_id, variant_id, month), []).append((user_a, user_b))
    for (guild_id, variant_id, month), users in by_month.items():
        in_users = tuple_(GameStat.user_a, GameStat.user_b).in_(users)
        await session.execute(
            delete(MonthlyStat).where(
                MonthlyStat.guild_id == guild_id,
                MonthlyStat.variant_id == variant_id,
                MonthlyStat.month == month,
                tuple_(MonthlyStat.user_a, MonthlyStat.user_b).in_(users),
            )
        )
        summary = (
            select(
                GameStat.guild_id,
                GameStat.variant_id,
                GameStat.month,
                GameStat.user_a,
                GameStat.user_b,
                func.count(),
                func.sum(GameStat.won),
                func.sum(GameStat.rounds),
                func.sum(GameStat.net),
                func.max(GameStat.best_round),
                func.sum(GameStat.canastas),
            )
            .where(
                GameStat.guild_id == guild_id,
                GameStat.variant_id == variant_id,
                GameStat.month == month,
                in_users,
            )
            .group_by(
                GameStat.guild_id,
                GameStat.variant_id,
                GameStat.month,
                GameStat.user_a,
                GameStat.user_b,
            )
        )
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
                summary,
            )
        )
