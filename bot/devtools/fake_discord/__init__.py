"""A loopback fake of Discord's REST API and gateway for end-to-end tests and demos.

Why: the bot is an unmodified discord.py client, and Discord is unreachable from CI and
developer machines. This package serves the subset of Discord the bot uses on 127.0.0.1,
enforcing Discord's rules (command validation, 3-second acknowledgement, single
acknowledgement, 15-minute follow-ups) so tests catch what Discord would refuse.

Quick start::

    async with FakeDiscord() as fake:
        point_discord_py_at(fake.api_base, fake.gateway_url)
        asyncio.create_task(client.start(fake.token))
        await fake.wait_until_ready()
        ix = await fake.slash("score", {"points": 50})
        message = await ix.response()

Discord's faults on demand: ``fake.inject_fault("callback", "429_no_via")`` (also ``"429"``,
``"500"``, ``"hang"``; routes ``"edit"``, ``"followup"``, ``"webhook"``, ``"channel_message"``);
``fake.failed_interactions`` lists what was not acknowledged within the 3 s.
"""

from .faults import Fault
from .interactions import Callback, InteractionHandle, SentMessage
from .models import (
    ADMINISTRATOR,
    MANAGE_GUILD,
    FakeApplication,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeUser,
)
from .recorder import GatewayFrame, RecordedRequest
from .server import FakeDiscord, default_guild

__all__ = [
    "ADMINISTRATOR",
    "MANAGE_GUILD",
    "Callback",
    "FakeApplication",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeUser",
    "Fault",
    "GatewayFrame",
    "InteractionHandle",
    "RecordedRequest",
    "SentMessage",
    "default_guild",
]
