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


TOKEN_REJECTED = (
    "Discord rejected the token ({detail}). Check DISCORD_TOKEN (or DISCORD_TOKEN_FILE): copy the"
    " bot's token again from https://discord.com/developers/applications (Bot > Reset Token)."
)
GATEWAY_AUTH_FAILED = 4004


class TokenRejectedError(RuntimeError):
    """Discord refused the token, over REST (401) or on the gateway (close 4004): retrying
    cannot help, so the process ends with one line saying what to fix (never the token)."""


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
    try:
        async with bot:
            await bot.start(settings.discord_token or "", reconnect=True)
    except discord.LoginFailure:
        raise TokenRejectedError(TOKEN_REJECTED.format(detail="HTTP 401")) from None
    except discord.ConnectionClosed as error:
        if error.code != GATEWAY_AUTH_FAILED:
            raise
        raise TokenRejectedError(
            TOKEN_REJECTED.format(detail=f"gateway close {GATEWAY_AUTH_FAILED}")
        ) from None


async def sync_commands(settings: Settings, guild_id: int | None) -> list[str]:
    """Log in over HTTP only (no gateway), push the command tree, return the synced names."""
    bot = build_bot(settings)
    async with bot:
        try:
            await bot.login(settings.discord_token or "")
        except discord.LoginFailure:
            raise TokenRejectedError(TOKEN_REJECTED.format(detail="HTTP 401")) from None
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    return [command.name for command in synced]
