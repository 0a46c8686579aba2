"""In-memory world of the fake: application, bot user, guilds, channels, members.

Plain dataclasses that tests build directly; ``payloads.py`` turns them into the JSON
shapes of ``discord/types/*.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .snowflakes import new_snowflake

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
PIN_MESSAGES = 1 << 51
"""Pinning has its own permission since 2026 (before, Manage Messages carried it)."""
#: What @everyone may do in the fake's guilds: talk, read, use slash commands.
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
)
ALL_PERMISSIONS = (1 << 52) - 1


@dataclass
class FakeUser:
    """A Discord user (human or bot)."""

    username: str
    id: int = field(default_factory=new_snowflake)
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"


@dataclass
class FakeChannel:
    """A guild text channel (type 0)."""

    name: str
    id: int = field(default_factory=new_snowflake)
    topic: str | None = None
    position: int = 0
    guild_id: int = 0
    bot_allow: int = 0
    """A permission overwrite for the bot's member in this channel: bits granted here..."""
    bot_deny: int = 0
    """...and bits taken away here (Discord applies the deny first, then the allow)."""


@dataclass
class FakeMember:
    """A user's membership in a guild. ``permissions`` are on top of @everyone's."""

    user: FakeUser
    permissions: int = 0
    nick: str | None = None
    role_id: int | None = None


@dataclass
class FakeGuild:
    """A guild (server) the bot is in."""

    name: str
    id: int = field(default_factory=new_snowflake)
    preferred_locale: str = "en-US"
    owner_id: int = 0
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    everyone_permissions: int = EVERYONE_PERMISSIONS

    def __post_init__(self) -> None:
        for channel in self.channels:
            channel.guild_id = self.id

    def add_channel(self, name: str, **kwargs: object) -> FakeChannel:
        """Create a text channel in this guild."""
        channel = FakeChannel(name=name, position=len(self.channels), **kwargs)  # type: ignore[arg-type]
        channel.guild_id = self.id
        self.channels.append(channel)
        return channel

    def add_member(
        self, user: FakeUser, permissions: int = 0, nick: str | None = None
    ) -> FakeMember:
        """Make ``user`` a member; ``permissions`` (e.g. MANAGE_GUILD) come from a personal role."""
        member = FakeMember(user=user, permissions=permissions, nick=nick)
        if permissions:
            member.role_id = new_snowflake()
        self.members[user.id] = member
        return member

    def channel(self, channel_id: int | None = None) -> FakeChannel:
        """The channel with ``channel_id``, or the first channel."""
        if channel_id is None:
            return self.channels[0]
        for channel in self.channels:
            if channel.id == channel_id:
                return channel
        raise KeyError(f"no channel {channel_id} in guild {self.id}")

    def bot_permissions_in(self, channel: FakeChannel, bot_permissions: int) -> int:
        """The bot's permissions in ``channel``, as Discord computes them: the guild level
        (@everyone plus the bot's own role), administrators get everything, then the
        channel's overwrite for the bot (deny, then allow)."""
        value = self.everyone_permissions | bot_permissions
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return (value & ~channel.bot_deny) | channel.bot_allow

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions, as Discord computes them (owner and admins get all)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        value = self.everyone_permissions | (member.permissions if member else 0)
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value


@dataclass
class FakeApplication:
    """The bot's application and its bot user."""

    name: str = "canasta-bot"
    id: int = field(default_factory=new_snowflake)
    flags: int = 1 << 23  # APPLICATION_COMMAND_BADGE, harmless and realistic
    bot_permissions: int = EVERYONE_PERMISSIONS

    def __post_init__(self) -> None:
        self.bot_user = FakeUser(username=self.name, id=self.id, bot=True)
        self.owner = FakeUser(username=f"{self.name}-owner")
