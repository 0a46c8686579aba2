"""Answers for buttons and forms that no live object claims: round forms, and expired ones.

Why a listener: discord.py answers a button only through a registered dynamic item (or a view
in memory) and a form only through a ``Modal`` in memory; anything else it drops without a word,
so a press on a button from an older version, or a form opened before a restart, would leave
the player with "This interaction failed". ``on_interaction`` sees every interaction after
discord.py has dispatched it: round forms are answered here always (``submit_round_form``), and
a component or form no handler will take gets a private "this no longer works" instead.
"""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.discord_app.cogs.rounds import record_lines
from bot.discord_app.failures import report_failure, tell
from bot.discord_app.language import interaction_language, t
from bot.discord_app.views.guarded import message_components
from bot.discord_app.views.round_form import FORM_ID, submit_round_form


def _claimed_component(bot: commands.Bot, interaction: discord.Interaction) -> bool:
    """Whether a registered dynamic item will take this press (as discord.py decides it)."""
    data = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    kind = data.get("component_type")
    patterns = getattr(bot, "dynamic_templates", ())
    if not any(pattern.fullmatch(custom_id) for pattern in patterns):
        return False
    return any(
        getattr(c, "custom_id", None) == custom_id and getattr(c.type, "value", None) == kind
        for c in message_components(interaction.message)
    )


class ComponentsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit:
            match = FORM_ID.fullmatch(str((interaction.data or {}).get("custom_id", "")))
            if match is None:
                await self._expired(interaction)
                return
            try:
                await submit_round_form(interaction, match, record_lines)
            except Exception as error:  # answered and logged by its kind, like commands
                await report_failure(interaction, error, "round form")
        elif interaction.type is discord.InteractionType.component and not _claimed_component(
            self.bot, interaction
        ):
            await self._expired(interaction)

    async def _expired(self, interaction: discord.Interaction) -> None:
        await tell(interaction, t(interaction_language(interaction), "ui.component.expired"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ComponentsCog(bot))
