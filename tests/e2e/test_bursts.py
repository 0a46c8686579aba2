"""A burst of rounds at once, against the real bot process: every player is answered within
Discord's 3 seconds (the fake enforces it), and every answered round is stored exactly once.

Before the bot acknowledged on a clock, 200 rounds at once on SQLite left about half of the
players with "This interaction failed" for rounds that were stored.
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.devtools.fake_discord import FakeDiscord, InteractionHandle
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="module")

GAMES = 20
ROUNDS_EACH = 10


async def test_two_hundred_rounds_at_once_are_all_answered_in_time_and_stored_once(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    channels = [fake.guild.add_channel(f"burst-{n}") for n in range(GAMES)]
    for channel in channels:
        started = await fake.slash(
            "game start", {"rules": "target=100000"}, user=fake.user("alice"), channel=channel
        )
        await started.response()

    async def one(channel_index: int) -> InteractionHandle:
        return await fake.slash(
            "round add",
            {"side1": "120 1m out", "side2": "90 20h"},
            user=fake.user("alice"),
            channel=channels[channel_index],
        )

    handles = await asyncio.gather(*(one(i % GAMES) for i in range(GAMES * ROUNDS_EACH)))
    replies = await asyncio.gather(*(h.response(timeout=60) for h in handles))

    assert [h for h in handles if h.record.expired] == []
    assert all(not r.ephemeral for r in replies), [r.content for r in replies if r.ephemeral]
    assert all(r.embeds for r in replies)
    with sqlite3.connect(bot.data_dir / "canasta.sqlite3") as connection:
        per_game = connection.execute(
            "SELECT round_count, (SELECT count(*) FROM rounds WHERE rounds.game_id = games.id)"
            " FROM games"
        ).fetchall()
    assert per_game == [(ROUNDS_EACH, ROUNDS_EACH)] * GAMES
