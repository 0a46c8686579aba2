"""/count: card points of a spoken or typed list of cards ("joker A A K 7 7")."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.language import interaction_language, t
from bot.discord_app.replies import send, send_error
from bot.i18n.problems import render_problems
from bot.scoring import ScoringError, count_cards, load_variant
from bot.scoring.cards import RANKS


class CountCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="count", description="Add up the points of a list of cards")
    @app_commands.describe(cards="The cards, e.g. joker A A K 7 7 2 (any of our four languages)")
    async def count(self, interaction: discord.Interaction, cards: str) -> None:
        lang = interaction_language(interaction)
        variant = load_variant("classic")
        try:
            counted = count_cards(variant, cards)
        except ScoringError as error:
            await send_error(interaction, render_problems(lang, error.problems))
            return
        parts = " · ".join(
            f"{counted.cards[rank]}× {t(lang, f'rank.{rank}')}"
            for rank in RANKS
            if counted.cards.get(rank)
        )
        await send(
            interaction,
            content=t(
                lang, "count.result", points=counted.points, cards=counted.card_total, parts=parts
            ),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CountCog(bot))
