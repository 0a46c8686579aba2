"""The OAuth2 invite link: the scopes and the smallest permission set the bot works with.

Why: a server admin following the quick start needs one URL to add the bot; with too few
permissions the bot is silently unable to answer, with too many admins rightly refuse it. Every
reply the bot makes is an interaction response (or a follow-up on its token), so it needs only
to see the channel, send, and attach embeds and files (the score-sheet chart and exports). It
never reads or edits other messages, so Read Message History is not asked for.
"""

from __future__ import annotations

import base64
import binascii

import discord

SCOPES = ("bot", "applications.commands")


NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
)
"""discord.py flag name and the label the Developer Portal shows, in Discord's bit order."""


def required_permissions() -> discord.Permissions:
    """View Channel, Send Messages, Embed Links, Attach Files (1024+2048+16384+32768)."""
    return discord.Permissions(**{flag: True for flag, _label in NEEDED})


def client_id_from_token(token: str) -> int | None:
    """The application id a bot token starts with (base64 of the id), or None if malformed."""
    head = token.strip().split(".", 1)[0]
    if not head:
        return None
    try:
        text = base64.b64decode(head + "=" * (-len(head) % 4), validate=False).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(text) if text.isdigit() else None


def invite_url(client_id: int) -> str:
    """The authorize URL for ``client_id`` with the bot scopes and the minimal permissions."""
    return discord.utils.oauth_url(client_id, permissions=required_permissions(), scopes=SCOPES)
