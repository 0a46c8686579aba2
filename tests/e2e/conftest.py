"""Fixtures: a fake Discord and the real bot process connected to it, with its commands synced."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(wait_timeout=20) as server:
        yield server


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path, {})
    await process.sync()
    await process.start()
    yield process
    await process.stop()
    log = process.log()
    assert "Traceback" not in log, log
    assert fake.token not in log, "the token must never be logged"
