"""Starting the bot and syncing its commands, shared by ``canasta-bot run`` and ``sync``."""

from __future__ import annotations

import logging

import discord

from bot.config import Settings
from bot.discord_app.client import CanastaBot
from bot.discord_app.endpoints import point_discord_py_at
from bot.storage.migrate import upgrade

log = logging.getLogger(__name__)

NO_TOKEN_HELP = (
    "No Discord token. Create an application at https://discord.com/developers/applications,"
    " add a bot, copy its token and start again with DISCORD_TOKEN=<token> (or put it in a file"
    " and set DISCORD_TOKEN_FILE=<path>)."
)


class MissingTokenError(RuntimeError):
    pass


def build_bot(settings: Settings) -> CanastaBot:
    if not settings.discord_token:
        raise MissingTokenError(NO_TOKEN_HELP)
    point_discord_py_at(settings.discord_api_base, settings.discord_gateway_url)
    return CanastaBot(settings)


async def prepare_database(settings: Settings) -> None:
    """Create the data directory for the SQLite default and upgrade the schema."""
    if not settings.database_url:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    await upgrade(settings.effective_database_url)


async def run_bot(settings: Settings) -> None:
    bot = build_bot(settings)
    await prepare_database(settings)
    async with bot:
        await bot.start(settings.discord_token or "", reconnect=True)


async def sync_commands(settings: Settings, guild_id: int | None) -> list[str]:
    """Log in over HTTP only (no gateway), push the command tree, return the synced names."""
    bot = build_bot(settings)
    async with bot:
        await bot.login(settings.discord_token or "")
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    return [command.name for command in synced]
