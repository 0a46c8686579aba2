"""Server settings: language, default variant, manager role, and the leave/purge lifecycle."""

from __future__ import annotations

import time
import weakref
from datetime import datetime, timedelta
from typing import Any, Final

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import audit, game_variant, utcnow
from bot.games.errors import BadLanguage
from bot.games.results import GuildSettingsInfo
from bot.storage.engine import Database
from bot.storage.models import (
    AuditEntry,
    Game,
    GameStat,
    GuildSettings,
    MonthlyStat,
    Rating,
    TotalStat,
)

LANGUAGES: Final = ("en", "no", "da", "fi")


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()
"""Marks a setting the caller leaves as it is (None clears a setting)."""


def _info(guild_id: int, row: GuildSettings | None) -> GuildSettingsInfo:
    if row is None:
        return GuildSettingsInfo(guild_id, "en", None, None, None)
    return GuildSettingsInfo(
        guild_id, row.language, row.default_variant, row.manager_role_id, row.left_at
    )


SETTINGS_TTL_SECONDS: Final = 60.0
"""How long a cached server setting is trusted without a change seen by this process.

Why a cache: every command needs the server's language and manager role, and reading them
cost a transaction per command. Why it stays right: Discord routes a server's interactions to
one shard, so the process that answers ``/settings`` for a server is the one that serves it and
drops its own entry at once. The TTL only bounds what this process cannot see: a change made by
another process (a shard moved between processes, a future admin tool).
"""


class _SettingsCache:
    """Settings per server for one ``Database``; never-set servers are cached too."""

    def __init__(self) -> None:
        self.entries: dict[int, tuple[float, GuildSettingsInfo]] = {}

    def get(self, guild_id: int) -> GuildSettingsInfo | None:
        entry = self.entries.get(guild_id)
        if entry is None or time.monotonic() - entry[0] > SETTINGS_TTL_SECONDS:
            return None
        return entry[1]

    def put(self, info: GuildSettingsInfo) -> None:
        self.entries[info.guild_id] = (time.monotonic(), info)


_caches: weakref.WeakKeyDictionary[Database, _SettingsCache] = weakref.WeakKeyDictionary()


def _cache(db: Database) -> _SettingsCache:
    cache = _caches.get(db)
    if cache is None:
        cache = _caches[db] = _SettingsCache()
    return cache


def forget_cached_settings(db: Database, guild_id: int) -> None:
    """Drop one server's cached settings (after any write that changes them)."""
    _cache(db).entries.pop(guild_id, None)


async def get_settings(db: Database, guild_id: int, *, fresh: bool = False) -> GuildSettingsInfo:
    """A server's settings; defaults (English, no default variant) if never set.

    Served from memory while fresh (see ``SETTINGS_TTL_SECONDS``): no per-command read, and no
    per-server read at start-up either, since entries are filled on first use. ``fresh`` reads
    the database: for a process that is not the one serving the server (a tool, a test).
    """
    cache = _cache(db)
    cached = None if fresh else cache.get(guild_id)
    if cached is not None:
        return cached

    async def work(session: AsyncSession) -> GuildSettingsInfo:
        return _info(guild_id, await session.get(GuildSettings, guild_id))

    info = await db.read(work)
    cache.put(info)
    return info


async def _row(session: AsyncSession, guild_id: int) -> GuildSettings:
    row = await session.get(GuildSettings, guild_id, with_for_update=True)
    if row is None:
        row = GuildSettings(guild_id=guild_id, language="en", updated_at=utcnow())
        session.add(row)
    return row


async def set_settings(
    db: Database,
    guild_id: int,
    *,
    actor_id: int,
    language: str | _Unset = UNSET,
    default_variant: str | _Unset | None = UNSET,
    manager_role_id: int | _Unset | None = UNSET,
) -> GuildSettingsInfo:
    """Change some settings; unknown languages and variants are refused with a typed error."""
    if not isinstance(language, _Unset) and language not in LANGUAGES:
        raise BadLanguage(language=language, allowed=", ".join(LANGUAGES))
    if isinstance(default_variant, str):
        game_variant(default_variant, {})

    async def work(session: AsyncSession) -> GuildSettingsInfo:
        row = await _row(session, guild_id)
        before: dict[str, Any] = {
            "language": row.language,
            "default_variant": row.default_variant,
            "manager_role_id": row.manager_role_id,
        }
        if not isinstance(language, _Unset):
            row.language = language
        if not isinstance(default_variant, _Unset):
            row.default_variant = default_variant
        if not isinstance(manager_role_id, _Unset):
            row.manager_role_id = manager_role_id
        row.updated_at = utcnow()
        after = {
            "language": row.language,
            "default_variant": row.default_variant,
            "manager_role_id": row.manager_role_id,
        }
        audit(
            session,
            guild_id=guild_id,
            game_id=None,
            action="settings",
            actor_id=actor_id,
            before=before,
            after=after,
        )
        await session.flush()
        return _info(guild_id, row)

    info = await db.write(work)
    _cache(db).put(info)
    return info


async def mark_guild_left(db: Database, guild_id: int, at: datetime | None = None) -> None:
    """The bot left the server: its data is kept for the grace period, then purged."""

    async def work(session: AsyncSession) -> None:
        row = await _row(session, guild_id)
        row.left_at = at or utcnow()
        row.updated_at = utcnow()

    await db.write(work)
    forget_cached_settings(db, guild_id)


async def guilds_with_data(db: Database) -> frozenset[int]:
    """Servers the bot keeps settings or games for and has not marked as left: at start-up,
    those Discord no longer lists for the bot removed it while it was offline."""

    async def work(session: AsyncSession) -> frozenset[int]:
        kept = set((await session.scalars(select(GuildSettings.guild_id))).all())
        kept |= set((await session.scalars(select(Game.guild_id).distinct())).all())
        left = select(GuildSettings.guild_id).where(GuildSettings.left_at.is_not(None))
        return frozenset(kept - set((await session.scalars(left)).all()))

    return await db.read(work)


async def guilds_marked_left(db: Database) -> frozenset[int]:
    """Servers marked as left (their data awaits the purge): read once at start-up, so the
    bot does not read each server's settings as Discord announces it (10,000 reads at 10,000
    servers)."""

    async def work(session: AsyncSession) -> frozenset[int]:
        query = select(GuildSettings.guild_id).where(GuildSettings.left_at.is_not(None))
        return frozenset((await session.scalars(query)).all())

    return await db.read(work)


async def mark_guild_joined(db: Database, guild_id: int) -> None:
    """The bot (re)joined: a pending purge is called off."""

    async def work(session: AsyncSession) -> None:
        row = await session.get(GuildSettings, guild_id, with_for_update=True)
        if row is not None and row.left_at is not None:
            row.left_at = None
            row.updated_at = utcnow()

    await db.write(work)
    forget_cached_settings(db, guild_id)


async def delete_guild_data(db: Database, guild_id: int) -> None:
    """Every row the bot keeps for a server, gone (games cascade to rounds, players, ...)."""

    async def work(session: AsyncSession) -> None:
        await _delete_guild(session, guild_id)

    await db.write(work)
    forget_cached_settings(db, guild_id)


async def _delete_guild(session: AsyncSession, guild_id: int) -> None:
    for model in (TotalStat, MonthlyStat, GameStat, Rating, AuditEntry):
        await session.execute(delete(model).where(model.guild_id == guild_id))
    await session.execute(delete(Game).where(Game.guild_id == guild_id))
    await session.execute(delete(GuildSettings).where(GuildSettings.guild_id == guild_id))


async def purge_left_guilds(db: Database, now: datetime, grace_days: int) -> tuple[int, ...]:
    """Delete the data of servers the bot left more than ``grace_days`` ago; returns their ids."""
    cutoff = now - timedelta(days=grace_days)

    async def work(session: AsyncSession) -> tuple[int, ...]:
        ids = tuple(
            (
                await session.scalars(
                    select(GuildSettings.guild_id).where(
                        GuildSettings.left_at.is_not(None), GuildSettings.left_at <= cutoff
                    )
                )
            ).all()
        )
        for guild_id in ids:
            await _delete_guild(session, guild_id)
        return ids

    purged = await db.write(work)
    for guild_id in purged:
        forget_cached_settings(db, guild_id)
    return purged
