"""A burst of rounds at once, against the real bot process: every player is answered within
Discord's 3 seconds (the fake enforces it), and every answered round is stored exactly once.

Before the bot acknowledged on a clock, 200 rounds at once on SQLite left about half of the
players with "This interaction failed" for rounds that were stored.
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, InteractionHandle
from tests.e2e.harness import BotProcess

# held to Discord's 3 seconds under hundreds of interactions: with no other test beside them
pytestmark = [pytest.mark.asyncio(loop_scope="package"), pytest.mark.alone]

GAMES = 20
ROUNDS_EACH = 10


async def test_two_hundred_rounds_at_once_are_all_answered_in_time_and_stored_once(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    channels = [fake.guild.add_channel(f"burst-{n}") for n in range(GAMES)]

    async def start(channel: FakeChannel) -> None:
        started = await fake.slash(
            "game start", {"rules": "target=100000"}, user=fake.user("alice"), channel=channel
        )
        await started.response()

    await asyncio.gather(*(start(channel) for channel in channels))

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
    ids = ",".join(str(c.id) for c in channels)  # other modules' games share the database
    with sqlite3.connect(bot.data_dir / "canasta.sqlite3") as connection:
        per_game = connection.execute(
            "SELECT round_count, (SELECT count(*) FROM rounds WHERE rounds.game_id = games.id)"
            f" FROM games WHERE channel_id IN ({ids})"
        ).fetchall()
    assert per_game == [(ROUNDS_EACH, ROUNDS_EACH)] * GAMES


async def test_a_burst_of_form_submits_is_answered_in_time(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    """Form submits mixed into a rush of round adds: every one is answered within Discord's
    3 seconds (the fake enforces it) and nothing is stored twice."""
    forms = 60
    channels = [fake.guild.add_channel(f"form-burst-{n}") for n in range(forms)]

    async def open_form(channel: FakeChannel) -> InteractionHandle:
        started = await fake.slash(
            "game start", {"rules": "target=100000"}, user=fake.user("alice"), channel=channel
        )
        await started.response()
        handle = await fake.slash("round form", {}, user=fake.user("alice"), channel=channel)
        await handle.modal()
        return handle

    opened = await asyncio.gather(*(open_form(channel) for channel in channels))

    async def add(channel_index: int) -> InteractionHandle:
        return await fake.slash(
            "round add",
            {"side1": "120 1m out", "side2": "90 20h"},
            user=fake.user("alice"),
            channel=channels[channel_index],
        )

    submitted = await asyncio.gather(
        *(fake.submit_modal(h, {"side1": "150 1n out", "side2": "50 5h"}) for h in opened),
        *(add(i % forms) for i in range(3 * forms)),
    )
    await asyncio.gather(*(h.response(timeout=60) for h in submitted))
    assert [h for h in submitted if h.record.expired] == []
    with sqlite3.connect(bot.data_dir / "canasta.sqlite3") as connection:
        ids = ",".join(str(c.id) for c in channels)
        stored = connection.execute(
            f"SELECT channel_id, round_count FROM games WHERE channel_id IN ({ids})"
        ).fetchall()
    assert len(stored) == forms
    # every round add is stored, and each form's round once unless an add took its number first
    assert all(3 <= count <= 4 for _, count in stored), stored
