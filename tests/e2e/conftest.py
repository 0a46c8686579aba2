"""Fixtures: a fake Discord and the real bot process connected to it, with its commands synced.

Both are module-scoped: starting the bot (``sync`` then ``run``) takes seconds, so a module
shares one process, and its tests must run on the module's event loop: a module using these
fixtures declares ``pytestmark = pytest.mark.asyncio(loop_scope="module")``. A test that needs
state of its own uses a channel (or guild) of its own; one that restarts or kills the process
lives in a module of its own.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, guild_with_members, running_bot


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    """The fake's server with enough members for a table of four and a watcher (alice, bob,
    carol, dave, eve), so a module needs no fake of its own to seat two partnerships."""
    async with FakeDiscord(
        guilds=[guild_with_members("carol", "dave", "eve")], wait_timeout=20
    ) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(
    fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotProcess]:
    async with running_bot(fake, Path(tmp_path_factory.mktemp("bot"))) as process:
        yield process


@pytest.fixture(autouse=True)
def _runs_on_the_modules_loop(request: pytest.FixtureRequest) -> None:
    """A test on an event loop of its own would wait 20 s for replies a module-scoped fake can
    only send while the module's loop runs; fail at once with what to add instead."""
    marker = request.node.get_closest_marker("asyncio")
    if marker is None or marker.kwargs.get("loop_scope") == "module":
        return
    for name in ("fake", "bot"):
        found = request.node._fixtureinfo.name2fixturedefs.get(name)
        if found and found[-1].scope == "module":
            pytest.fail(
                f"{request.node.nodeid} uses the module's shared bot: its module needs "
                'pytestmark = pytest.mark.asyncio(loop_scope="module")',
                pytrace=False,
            )
