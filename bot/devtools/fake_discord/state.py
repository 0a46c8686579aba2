"""Everything the fake knows: world, stored commands, messages, interactions, recorder.

Shared by the REST handlers, the gateway and the test driver; holds no sockets itself.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .command_store import CommandStore
from .faults import FaultPlan
from .interactions import InteractionRecord
from .messages import AttachmentStore
from .models import FakeApplication, FakeChannel, FakeGuild, FakeUser
from .notifier import Notifier
from .payloads import JSON
from .recorder import Recorder

if TYPE_CHECKING:
    from .gateway import GatewayHub


@dataclass
class FakeConfig:
    """Knobs tests turn: timings and limits that Discord fixes."""

    token: str = "fake-bot-token"
    ack_timeout: float = 3.0
    token_lifetime: float = 15 * 60.0
    heartbeat_interval_ms: int = 41_250
    shard_count: int = 1
    wait_timeout: float = 10.0
    reject_identify: bool = False
    """Close every IDENTIFY with 4004 (a token Discord revoked after the REST login worked)."""


class FakeState:
    """The in-memory Discord: one application, its guilds/users and what the bot did."""

    def __init__(self, config: FakeConfig, application: FakeApplication) -> None:
        self.config = config
        self.application = application
        self.guilds: dict[int, FakeGuild] = {}
        self.users: dict[int, FakeUser] = {application.bot_user.id: application.bot_user}
        self.commands = CommandStore(application.id)
        self.messages: dict[int, JSON] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.attachments = AttachmentStore()
        self.recorder = Recorder()
        self.faults = FaultPlan()
        self.notifier = Notifier()
        self.hub: GatewayHub | None = None
        self.api_base = ""
        self.gateway_url = ""

    @property
    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    def add_guild(self, guild: FakeGuild) -> FakeGuild:
        """Register a guild and its members' users."""
        self.guilds[guild.id] = guild
        for member in guild.members.values():
            self.users[member.user.id] = member.user
        return guild

    def channel(self, channel_id: int) -> tuple[FakeGuild, FakeChannel] | None:
        """Find a guild channel by id."""
        for guild in self.guilds.values():
            for channel in guild.channels:
                if channel.id == channel_id:
                    return guild, channel
        return None

    def changed(self) -> None:
        """Wake everyone waiting on the fake."""
        self.notifier.notify()
