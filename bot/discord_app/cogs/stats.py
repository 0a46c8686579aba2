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

EVERYONE = 1_000_000
"""Leaderboard length that includes every player of a server (the rank needs them all)."""
PARTNERS = 3


async def player_stats(
    db: Database, guild_id: int, user_id: int, variant_id: str | None
) -> PlayerStats | None:
    """The player's leaderboard row and rank, rating and most frequent partners, or None."""
    board = await leaderboard(
        db, guild_id=guild_id, by="player", variant_id=variant_id, limit=EVERYONE
    )
    found = next(
        ((rank, row) for rank, row in enumerate(board.rows, 1) if row.user_ids == (user_id,)),
        None,
    )
    if found is None:
        return None
    pairs = await leaderboard(
        db, guild_id=guild_id, by="partnership", variant_id=variant_id, limit=EVERYONE
    )
    partners = sorted(
        (row for row in pairs.rows if user_id in row.user_ids),
        key=lambda row: (-row.games, -row.won),
    )[:PARTNERS]
    ratings = await get_ratings(db, guild_id, [user_id])
    rank, row = found
    return PlayerStats(row, rank, len(board.rows), ratings[0] if ratings else None, tuple(partners))


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
        found = await player_stats(db, interaction.guild_id or 0, who.id, variant_id)
        if found is None:
            await send(
                interaction, ephemeral=True, content=t(lang, "stats.none", player=who.mention)
            )
            return
        await send(interaction, embed=stats_embed(lang, who.display_name, found, variant_id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
