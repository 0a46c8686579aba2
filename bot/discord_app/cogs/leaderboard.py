"""/leaderboard: the server's best players or partnerships, for a variant and a period.

Ratings are one of its orders rather than a command of their own: one command with four
choices is fewer keystrokes than two commands, and the rating column is always shown.
"""

from __future__ import annotations

from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.errors import render_refusal
from bot.discord_app.language import t
from bot.discord_app.replies import send, send_error
from bot.discord_app.server_embeds import (
    BY,
    PERIODS,
    SORTS,
    choices,
    leaderboard_embed,
    period_start,
    server_context,
    variant_choices,
)
from bot.games import GameError, leaderboard

ROWS = 20
"""Rows shown: two lines each, comfortably inside an embed's 4096 characters."""


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players in this server")
    @app_commands.guild_only()
    @app_commands.describe(
        by="Players on their own, or partnerships who played on the same side",
        variant="Only games of this variant (default: all)",
        period="Only games that ended in this period (default: all time)",
        sort="Order by (default: wins)",
    )
    @app_commands.choices(
        by=choices(list(BY)),
        variant=variant_choices(),
        period=choices(PERIODS),
        sort=choices(list(SORTS)),
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        by: app_commands.Choice[str] | None = None,
        variant: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
        sort: app_commands.Choice[str] | None = None,
    ) -> None:
        context = await server_context(self.bot.db, interaction)  # type: ignore[attr-defined]
        lang = context.lang
        period_key = period.value if period else "period_all"
        sort_key = sort.value if sort else "sort_wins"
        try:
            board = await leaderboard(
                self.bot.db,  # type: ignore[attr-defined]
                guild_id=interaction.guild_id or 0,
                by=BY[by.value] if by else "player",
                variant_id=variant.value if variant else None,
                since=period_start(period_key, datetime.now(UTC)),
                sort=SORTS[sort_key],
                limit=ROWS,
            )
        except GameError as error:
            await send_error(interaction, render_refusal(lang, error))
            return
        if not board.rows:
            await send(interaction, ephemeral=True, content=t(lang, "leaderboard.empty"))
            return
        await send(interaction, embed=leaderboard_embed(lang, board, period_key, sort_key))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeaderboardCog(bot))
