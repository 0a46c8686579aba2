"""Fixtures: a fresh fake Discord and an in-process sample bot connected to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
from discord import app_commands

from bot.devtools.fake_discord import FakeDiscord
from bot.discord_app.endpoints import current_endpoints, point_discord_py_at

from .sample_bot import Observations, build_client


@dataclass
class RunningBot:
    client: discord.Client
    tree: app_commands.CommandTree
    seen: Observations
    task: asyncio.Task[None]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(wait_timeout=5.0) as server:
        yield server


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[RunningBot]:
    """The sample bot, connected to ``fake``, commands synced globally."""
    saved = current_endpoints()
    point_discord_py_at(fake.api_base, fake.gateway_url)
    seen = Observations()
    client, tree = build_client(seen)
    task = asyncio.create_task(client.start(fake.token))
    try:
        await fake.wait_until_ready(timeout=5)
        await tree.sync()
        yield RunningBot(client, tree, seen, task)
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        point_discord_py_at(*saved)
