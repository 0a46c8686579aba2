"""Who counts as a manager: Manage Server, or the role a server configured for the bot."""

from __future__ import annotations

import discord


def is_manager(interaction: discord.Interaction, manager_role_id: int | None) -> bool:
    """True for members with Manage Server or the configured manager role (never in DMs)."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    user = interaction.user
    if manager_role_id and isinstance(user, discord.Member):
        return any(role.id == manager_role_id for role in user.roles)
    return False
