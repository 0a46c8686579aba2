"""Sending replies that respect Discord's acknowledgement rules.

An interaction is answered once (within 3 s) and then followed up; these helpers pick the right
call so a cog never sends a second acknowledgement (Discord's error 40060).
"""

from __future__ import annotations

from typing import Any

import discord


async def send(interaction: discord.Interaction, *, ephemeral: bool = False, **kwargs: Any) -> None:
    """Reply, or follow up if the interaction was already acknowledged (e.g. deferred)."""
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


async def send_error(interaction: discord.Interaction, lines: list[str]) -> None:
    """A refusal or validation error: ephemeral, one line per problem."""
    text = "\n".join(f"• {line}" for line in lines) if len(lines) > 1 else lines[0]
    await send(interaction, ephemeral=True, content=text[:2000])
