"""/count end to end: the real bot process answers in the user's language."""

from __future__ import annotations

import pytest

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="package")

EXPECTED = {
    "en-US": "**130 points** in 7 cards",
    "no": "**130 poeng** på 7 kort",
    "da": "**130 point** på 7 kort",
    "fi": "**130 pistettä** 7 kortissa",
}


@pytest.mark.parametrize("locale", sorted(EXPECTED))
async def test_count_answers_in_the_users_language(
    fake: FakeDiscord, bot: BotProcess, locale: str
) -> None:
    handle = await fake.slash("count", {"cards": "joker A A K 7 7 2"}, locale=locale)
    message = await handle.response()
    assert message.content.startswith(EXPECTED[locale])
    assert not message.ephemeral


async def test_count_refuses_unknown_words_privately(fake: FakeDiscord, bot: BotProcess) -> None:
    handle = await fake.slash("count", {"cards": "joker banana 3♥"}, locale="no")
    message = await handle.response()
    assert message.ephemeral
    assert "«banana» er ikke et kort" in message.content
    assert "rød treer" in message.content
