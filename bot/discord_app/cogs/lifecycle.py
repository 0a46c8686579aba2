"""Servers joining and leaving (also while the bot was offline), and the purge of servers left
longer than the grace period.

Why a grace period: a server that removes the bot by mistake and invites it back within
``leave_grace_days`` (``CANASTA_LEAVE_GRACE_DAYS``, 30 by default) finds its games, ratings and
settings as it left them. After that, everything the bot stored for the server is deleted by
a background task that runs once when the bot is ready and then every
``purge_interval_seconds`` (``CANASTA_PURGE_INTERVAL_SECONDS``, six hours by default).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime

import discord
from discord.ext import commands

from bot.config import Settings
from bot.games import (
    get_settings,
    guilds_marked_left,
    guilds_with_data,
    mark_guild_joined,
    mark_guild_left,
    purge_left_guilds,
    set_settings,
)
from bot.i18n import language_for_discord_locale
from bot.storage.engine import Database

log = logging.getLogger(__name__)


class LifecycleCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.db: Database = bot.db  # type: ignore[attr-defined]
        self.settings: Settings = bot.settings  # type: ignore[attr-defined]
        self._purger: asyncio.Task[None] | None = None
        self._marked_left: asyncio.Task[frozenset[int]] | None = None

    async def cog_load(self) -> None:
        self._purger = asyncio.create_task(self._purge_forever(), name="canasta-purge-left")

    async def cog_unload(self) -> None:
        if self._purger is not None:
            self._purger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._purger
            self._purger = None

    # ----- joining and leaving ---------------------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A new server (or one coming back): call off a pending purge, create its settings.

        A server whose settings were never changed gets its Discord locale as the bot's
        language when that is one of ours, so members with other client languages are
        answered in the server's language from the first command.
        """
        await mark_guild_joined(self.db, guild.id)
        current = await get_settings(self.db, guild.id)
        lang = language_for_discord_locale(guild.preferred_locale.value)
        untouched = (current.language, current.default_variant, current.manager_role_id) == (
            "en",
            None,
            None,
        )
        if untouched and lang not in (None, "en"):
            actor = self.bot.user.id if self.bot.user else 0
            await set_settings(self.db, guild.id, actor_id=actor, language=lang)
        log.info("joined server %s (language %s)", guild.id, lang or "en")

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server seen at start-up: if it was marked as left (we were re-added while
        offline), its data is no longer due for deletion. One query for all servers, shared
        by every GUILD_CREATE of the start-up."""
        if self._marked_left is None:
            self._marked_left = asyncio.create_task(guilds_marked_left(self.db))
        if guild.id in await self._marked_left:
            await mark_guild_joined(self.db, guild.id)
            log.info("server %s is back; its data will be kept", guild.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await mark_guild_left(self.db, guild.id)
        self._marked_left = None
        log.info(
            "left server %s; its data will be deleted after %d days",
            guild.id,
            self.settings.leave_grace_days,
        )

    async def mark_servers_left_while_offline(self) -> tuple[int, ...]:
        """Servers that removed the bot while it was offline sent no GUILD_DELETE it could
        hear: at start-up, a server with data that Discord no longer lists among this
        process's servers starts its grace period as if it had just left. Only servers on this
        process's shards are judged (the others are another process's to list); a server in an
        outage is still listed (as unavailable), so it is not taken for gone."""
        here = {guild.id for guild in self.bot.guilds}
        count = self.bot.shard_count or 1
        shards = getattr(self.bot, "shard_ids", None)
        ours = [
            guild_id
            for guild_id in await guilds_with_data(self.db)
            if shards is None or (guild_id >> 22) % count in shards
        ]
        gone = tuple(sorted(guild_id for guild_id in ours if guild_id not in here))
        for guild_id in gone:
            await mark_guild_left(self.db, guild_id)
        self._marked_left = None
        log.info(
            "start-up check: %d server(s) with data on this process's shards, %d of them removed"
            " the bot while it was offline (their data will be deleted after %d days): %s",
            len(ours),
            len(gone),
            self.settings.leave_grace_days,
            gone,
        )
        return gone

    # ----- the purge -------------------------------------------------------------------------
    async def purge_once(self) -> tuple[int, ...]:
        purged = await purge_left_guilds(self.db, datetime.now(UTC), self.settings.leave_grace_days)
        if purged:
            log.info("deleted the data of %d server(s) left long ago: %s", len(purged), purged)
        return purged

    async def _purge_forever(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:
            return  # never logged in (e.g. a payload test building the command tree)
        try:
            await self.mark_servers_left_while_offline()
        except Exception:
            log.exception("checking for servers left while offline failed")
        while not self.bot.is_closed():
            try:
                await self.purge_once()
            except Exception:
                log.exception("purging servers left long ago failed; will try again")
            await asyncio.sleep(self.settings.purge_interval_seconds)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LifecycleCog(bot))
