"""/stats: one player's record in this server, with their rank, rating and best partners.

The numbers come from the same service as the leaderboard, so a player's profile and their
leaderboard row can never disagree.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.language import t
from bot.discord_app.replies import send
from bot.discord_app.server_embeds import (
    PlayerStats,
    server_context,
    stats_embed,
    variant_choices,
)
from bot.games import get_ratings, leaderboard
from bot.storage.engine import Database

PLAYERS_SCANNED = 500
"""How far down the leaderboard /stats looks for the player. The service fetches the names of
every row it returns in one compound SELECT, and SQLite allows at most 500 terms in one."""
PAIRS_SCANNED = PLAYERS_SCANNED // 2
PARTNERS = 3


class BeyondScan(Exception):
    """The player is not among the first ``PLAYERS_SCANNED`` rows (or has no games)."""


async def player_stats(
    db: Database, guild_id: int, user_id: int, variant_id: str | None
) -> PlayerStats | None:
    """The player's leaderboard row and rank, rating and most frequent partners; None when
    they have no finished games; ``BeyondScan`` when they rank below ``PLAYERS_SCANNED``."""
    ratings = await get_ratings(db, guild_id, [user_id])
    if not ratings:
        return None  # every finished game with named players rates them: none finished
    board = await leaderboard(
        db, guild_id=guild_id, by="player", variant_id=variant_id, limit=PLAYERS_SCANNED
    )
    found = next(
        ((rank, row) for rank, row in enumerate(board.rows, 1) if row.user_ids == (user_id,)),
        None,
    )
    if found is None:
        if len(board.rows) >= PLAYERS_SCANNED:
            raise BeyondScan
        return None
    pairs = await leaderboard(
        db, guild_id=guild_id, by="partnership", variant_id=variant_id, limit=PAIRS_SCANNED
    )
    partners = sorted(
        (row for row in pairs.rows if user_id in row.user_ids),
        key=lambda row: (-row.games, -row.won),
    )[:PARTNERS]
    rank, row = found
    players = f"{PLAYERS_SCANNED}+" if len(board.rows) >= PLAYERS_SCANNED else str(len(board.rows))
    return PlayerStats(row, rank, players, ratings[0], tuple(partners))


class StatsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="A player's statistics in this server")
    @app_commands.guild_only()
    @app_commands.describe(
        player="Whose statistics (default: yours)",
        variant="Only games of this variant (default: all)",
    )
    @app_commands.choices(variant=variant_choices())
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        variant: app_commands.Choice[str] | None = None,
    ) -> None:
        db: Database = self.bot.db  # type: ignore[attr-defined]
        lang = (await server_context(db, interaction)).lang
        who = player or interaction.user
        variant_id = variant.value if variant else None
        try:
            found = await player_stats(db, interaction.guild_id or 0, who.id, variant_id)
        except BeyondScan:
            text = t(lang, "stats.beyond", player=who.mention, limit=PLAYERS_SCANNED)
            await send(interaction, ephemeral=True, content=text)
            return
        if found is None:
            await send(
                interaction, ephemeral=True, content=t(lang, "stats.none", player=who.mention)
            )
            return
        await send(interaction, embed=stats_embed(lang, who.display_name, found, variant_id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
