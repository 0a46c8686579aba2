"""One place that decides what a user is told, and what the log gets, when handling fails.

Commands (``CanastaTree.on_error``), buttons (``GuardedItem``) and forms all come here, so the
user always gets a private, localised answer and the log gets what an operator can act on:

- Discord refusing a second acknowledgement (40060, a duplicate delivery) or an interaction
  already expired (10062): one INFO/WARNING line, nothing to tell (Discord would refuse it).
- Discord or the network failing (429, 5xx, a dropped connection): one WARNING line.
- A command whose shape the bot no longer knows (changed and not yet synced): the user hears
  "this command was updated"; WARNING once per command name, then quiet.
- Anything else is a bug: ERROR with the traceback, and the user gets the apology.
"""

from __future__ import annotations

import logging

import aiohttp
import discord
from discord import app_commands

from bot.discord_app.language import interaction_language, t
from bot.discord_app.replies import send

log = logging.getLogger(__name__)

ALREADY_ACKNOWLEDGED = 40060
UNKNOWN_INTERACTION = 10062
_stale_logged: set[str] = set()


def _unwrap(error: BaseException) -> BaseException:
    """The exception under discord.py's ``CommandInvokeError`` wrapper."""
    while isinstance(error, app_commands.CommandInvokeError) and error.original is not None:
        error = error.original
    return error


def describe(interaction: discord.Interaction, what: str) -> str:
    user = interaction.user.id if interaction.user else "?"
    return (
        f"{what} (interaction {interaction.id}, guild {interaction.guild_id}, "
        f"channel {interaction.channel_id}, user {user})"
    )


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer; a failure to deliver it is one WARNING line (nothing else to do).
    An autocomplete request cannot take a message, so it gets no suggestions instead."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
        await send(
            interaction,
            ephemeral=True,
            content=text[:2000],
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except (discord.HTTPException, discord.InteractionResponded) as error:
        if getattr(error, "code", None) in (ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION):
            log.info("interaction %s could not be answered: %s", interaction.id, error)
        else:
            log.warning("could not answer interaction %s: %s", interaction.id, error)
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        log.warning("could not answer interaction %s: %r", interaction.id, error)


def stale_command_name(interaction: discord.Interaction, error: BaseException) -> str:
    data = interaction.data or {}
    if isinstance(error, app_commands.CommandNotFound):
        return " ".join([*error.parents, error.name])
    command = getattr(error, "command", None)
    name = getattr(command, "qualified_name", None)
    return str(name or data.get("name") or "?")


async def report_stale_command(interaction: discord.Interaction, name: str) -> None:
    if name not in _stale_logged:
        _stale_logged.add(name)
        log.warning(
            "/%s was used in a shape this version does not know; run `canasta-bot sync`", name
        )
    lang = interaction_language(interaction)
    await tell(interaction, t(lang, "error.command_updated"))


async def report_failure(
    interaction: discord.Interaction,
    error: BaseException,
    what: str,
    apology: str = "error.unexpected",
) -> None:
    """Log ``error`` as it deserves and tell the user what they need to know; ``apology`` is the
    message for a bug ("nothing was saved" only where no write committed)."""
    error = _unwrap(error)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        await report_stale_command(interaction, stale_command_name(interaction, error))
        return
    lang = interaction_language(interaction)
    if isinstance(error, app_commands.TransformerError):
        log.info("%s: an option value was refused: %s", describe(interaction, what), error)
        await tell(interaction, t(lang, "ui.err.option_invalid"))
        return
    if isinstance(error, app_commands.NoPrivateMessage):
        await tell(interaction, t(lang, "ui.err.server_only"))
        return
    if isinstance(error, discord.InteractionResponded):
        log.info("%s: already answered (a duplicate delivery)", describe(interaction, what))
        return
    if isinstance(error, discord.HTTPException):
        if error.code in (ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION):
            log.info("%s: Discord said %s %s", describe(interaction, what), error.code, error.text)
            return
        log.warning(
            "%s: Discord refused a call: %s %s %s",
            describe(interaction, what),
            error.status,
            error.code,
            error.text[:200],
        )
        return
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        log.warning("%s: Discord could not be reached: %r", describe(interaction, what), error)
        return
    log.error("%s failed", describe(interaction, what), exc_info=error)
    await tell(interaction, t(lang, apology))
