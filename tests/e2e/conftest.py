"""Fixtures: a fake Discord and the real bot process connected to it, with its commands synced.

Both are package-scoped: starting the bot (``sync`` then ``run``) takes seconds, so every module
that does not need a process of its own shares one, and its tests must run on the package's
event loop: such a module declares ``pytestmark = pytest.mark.asyncio(loop_scope="package")``.
A test that needs state of its own uses a channel (or guild) of its own, and looks only at
what happened there (other modules' games are in the same database, their requests in the same
fake); a test may restart the shared process (it comes back with the same database). A module
that needs a process configured otherwise defines module-scoped ``fake``/``bot`` fixtures of its
own, with ``loop_scope="module"``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess, guild_with_members, running_bot


@pytest_asyncio.fixture(scope="package", loop_scope="package")
async def fake() -> AsyncIterator[FakeDiscord]:
    """The fake's server with enough members for a table of four and a watcher (alice, bob,
    carol, dave, eve), so a module needs no fake of its own to seat two partnerships."""
    async with FakeDiscord(
        guilds=[guild_with_members("carol", "dave", "eve")], wait_timeout=20
    ) as server:
        yield server


@pytest_asyncio.fixture(scope="package", loop_scope="package")
async def bot(
    fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotProcess]:
    async with running_bot(fake, Path(tmp_path_factory.mktemp("bot"))) as process:
        yield process


@pytest.fixture(autouse=True)
def _runs_on_the_shared_loop(request: pytest.FixtureRequest) -> None:
    """A test on an event loop of its own would wait 20 s for replies a shared fake can only
    send while its own loop runs; fail at once with what to add instead."""
    marker = request.node.get_closest_marker("asyncio")
    if marker is None:
        return
    for name in ("fake", "bot"):
        found = request.node._fixtureinfo.name2fixturedefs.get(name)
        scope = found[-1].scope if found else None
        if scope in ("module", "package") and marker.kwargs.get("loop_scope") != scope:
            pytest.fail(
                f"{request.node.nodeid} uses a {scope}-scoped shared bot: its module needs "
                f'pytestmark = pytest.mark.asyncio(loop_scope="{scope}")',
                pytrace=False,
            )
