"""Forgetting a user: their id becomes an anonymous one everywhere, the scores stay.

The anonymous id is negative (no Discord snowflake is), random, and the same in every table for
this user, so other players' games, stats and ratings stay consistent. The original id is not
kept anywhere, not even in the record of the forgetting.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import case, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import audit, utcnow
from bot.games.results import ForgetReport
from bot.storage.engine import Database
from bot.storage.models import (
    Adjustment,
    AuditEntry,
    ForgottenUser,
    Game,
    GamePlayer,
    GameStat,
    MonthlyStat,
    PendingEntry,
    PlayerPart,
    Rating,
    Round,
    TotalStat,
)


def anonymous_name(anon_id: int) -> str:
    return f"anonymous-{-anon_id % 10**6:06d}"


def _scrub(value: Any, user_id: int, anon_id: int) -> Any:
    """The JSON ``value`` with ``user_id`` (as number or string) replaced by ``anon_id``."""
    if isinstance(value, dict):
        return {k: _scrub(v, user_id, anon_id) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, user_id, anon_id) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value == user_id:
        return anon_id
    if isinstance(value, str) and value == str(user_id):
        return str(anon_id)
    return value


def _rekey_stats(table: Any, user_id: int, anon_id: int) -> list[Any]:
    """Statements putting ``anon_id`` for ``user_id`` in a stats table's (user_a, user_b) keys.

    A pair stays in ascending order (``user_a < user_b``), as a game finished or edited later
    writes it, so a forgotten player's partnership keeps one key and never splits in two. A
    player's own row (``user_b`` = 0) just takes the new id. Both sides of the CASE read the
    row's old values, on SQLite and PostgreSQL alike.
    """
    a, b = table.user_a, table.user_b
    anon_first = (b == 0) | (b > anon_id)
    other_first = a < anon_id
    return [
        update(table)
        .where(a == user_id)
        .values(
            user_a=case((anon_first, anon_id), else_=b),
            user_b=case((anon_first, b), else_=anon_id),
        ),
        update(table)
        .where(b == user_id)
        .values(
            user_a=case((other_first, a), else_=anon_id),
            user_b=case((other_first, anon_id), else_=a),
        ),
    ]


async def forget_user(db: Database, user_id: int) -> ForgetReport:
    """Replace ``user_id`` by a new anonymous id in every table (all servers)."""

    async def work(session: AsyncSession) -> ForgetReport:
        anon_id = -secrets.randbelow(2**62) - 1
        while await session.get(ForgottenUser, anon_id) is not None:
            anon_id = -secrets.randbelow(2**62) - 1
        now = utcnow()
        session.add(ForgottenUser(anon_id=anon_id, forgotten_at=now))
        changed = 0
        game_ids = set(
            (
                await session.scalars(
                    select(GamePlayer.game_id).where(GamePlayer.user_id == user_id)
                )
            ).all()
        )
        guilds = (
            set((await session.scalars(select(Game.guild_id).where(Game.id.in_(game_ids)))).all())
            if game_ids
            else set()
        )
        statements = [
            update(GamePlayer)
            .where(GamePlayer.user_id == user_id)
            .values(user_id=anon_id, display_name=anonymous_name(anon_id)),
            update(Round).where(Round.recorded_by == user_id).values(recorded_by=anon_id),
            update(PendingEntry)
            .where(PendingEntry.entered_by == user_id)
            .values(entered_by=anon_id),
            update(PlayerPart).where(PlayerPart.user_id == user_id).values(user_id=anon_id),
            update(Game).where(Game.started_by == user_id).values(started_by=anon_id),
            update(Adjustment).where(Adjustment.created_by == user_id).values(created_by=anon_id),
            update(AuditEntry).where(AuditEntry.actor_id == user_id).values(actor_id=anon_id),
            update(Rating).where(Rating.user_id == user_id).values(user_id=anon_id),
            *(
                statement
                for table in (GameStat, MonthlyStat, TotalStat)
                for statement in _rekey_stats(table, user_id, anon_id)
            ),
        ]
        for statement in statements:
            result = await session.execute(statement.execution_options(synchronize_session=False))
            changed += result.rowcount or 0
        # Snapshots in the audit trail name players too: scrub the JSON of the entries of their
        # games (start: the sides and players) and of every server-level entry (settings
        # changes, in any server: game_id is NULL there).
        snapshots = AuditEntry.game_id.is_(None)
        if game_ids:
            snapshots = snapshots | AuditEntry.game_id.in_(game_ids)
        for entry in (await session.scalars(select(AuditEntry).where(snapshots))).all():
            before = _scrub(entry.before, user_id, anon_id)
            after = _scrub(entry.after, user_id, anon_id)
            if before != entry.before or after != entry.after:
                entry.before, entry.after = before, after
                changed += 1
        for guild_id in sorted(guilds):
            audit(
                session,
                guild_id=guild_id,
                game_id=None,
                action="forget",
                actor_id=anon_id,
                after={"anon_id": anon_id},
                at=now,
            )
        await session.flush()
        return ForgetReport(anon_id=anon_id, rows_changed=changed)

    return await db.write(work)
