"""A restart of the bot process in the middle of a game: the game goes on, and a confirm
button posted before the restart still works (its state lives in the custom id)."""

from __future__ import annotations

import pytest

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_game_goes_on_after_a_restart(fake: FakeDiscord, bot: BotProcess) -> None:
    alice = fake.user("alice")
    await (await fake.slash("game start", {"side1": "Us", "side2": "Them"}, user=alice)).response()
    first = await (
        await fake.slash("round add", {"side1": "400 1n out", "side2": "100 50h"}, user=alice)
    ).response()
    assert first.embeds[0]["title"] == "Round 1"
    prompt = await (await fake.slash("game end", {}, user=alice)).response()

    await bot.stop()
    await bot.start()

    second = await (
        await fake.slash("round add", {"side1": "200", "side2": "300 1n out"}, user=alice)
    ).response()
    assert second.embeds[0]["title"] == "Round 2"
    assert "Total: **1200**" in second.embeds[0]["fields"][0]["value"]
    done = await (await fake.click(prompt, prompt.custom_ids[0], user=alice)).response()
    assert done.embeds[0]["title"] == "Game over"
    assert "1200" in done.embeds[0]["description"]
