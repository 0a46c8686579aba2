"""/game and /round end to end: whole games, side-by-side entry, undo and edit, the sheet and its
chart, confirmations, permissions and every kind of bad input, against the real bot process.

One bot process serves the whole module (each test plays in its own channel), which keeps the
suite fast; the restart scenario lives in ``test_game_restart.py`` with its own process.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, SentMessage
from bot.devtools.fake_discord.server import default_guild
from bot.i18n import translate
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="module")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
_numbers = itertools.count(1)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    guild = default_guild()
    for name in ("carol", "dave", "eve"):
        guild.add_member(FakeUser(username=name, global_name=name.title()))
    async with FakeDiscord(guilds=[guild], wait_timeout=20) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(
    fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, Path(tmp_path_factory.mktemp("gamebot")), {})
    await process.sync()
    await process.start()
    yield process
    await process.stop()
    log = process.log()
    assert "Traceback" not in log, log
    assert fake.token not in log


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    """A fresh channel per test: games are per channel, so tests never meet."""
    return fake.guild.add_channel(f"table-{next(_numbers)}")


def at(fake: FakeDiscord, name: str) -> str:
    return f"<@{fake.user(name).id}>"


async def run(
    fake: FakeDiscord,
    command: str,
    options: dict | None = None,
    *,
    channel: FakeChannel,
    user: str = "alice",
    locale: str = "en-US",
) -> SentMessage:
    handle = await fake.slash(
        command, options or {}, user=fake.user(user), channel=channel, locale=locale
    )
    return await handle.response()


def text_of(message: SentMessage) -> str:
    """Everything a player reads in a message: content, titles, descriptions, fields."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        for field in embed.get("fields", []):
            parts += [field["name"], field["value"]]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_full_classic_game_to_the_winner(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    locale = LOCALES[lang]
    alice, bob, carol, dave = (at(fake, n) for n in ("alice", "bob", "carol", "dave"))
    start = await run(
        fake,
        "game start",
        {"side1": f"Us: {alice} {carol}", "side2": f"Them: {bob} {dave}", "first_dealer": 2},
        channel=channel,
        locale=locale,
    )
    assert not start.ephemeral
    shown = text_of(start)
    assert translate(lang, "ui.start.title", variant=_variant_name("classic", lang)) in shown
    for expected in ("Us", "Them", alice, dave):
        assert expected in shown
    assert "5000" in shown  # the target
    assert "< 0 → 15" in shown  # opening minimums
    assert bob in start.embeds[0]["fields"][2]["value"]  # seat 2 (side 2's first) deals first

    first = await run(
        fake,
        "round add",
        {"side1": "2400 2n 1m 2r out", "side2": "300 1r 85h"},
        channel=channel,
        locale=locale,
    )
    shown = text_of(first)
    assert translate(lang, "ui.round.title", number=1) in shown
    assert f"**{translate(lang, 'ui.net')}: 4000**" in shown  # 2400 + 1300 + 200 (2 red) + 100
    assert f"{translate(lang, 'ui.part.hand')}: -85" in shown
    assert translate(lang, "ui.next_minimum", points=120) in shown  # Us at 4000
    assert carol in shown  # seat 3 deals round 2 (first dealer was seat 2)

    second = await run(
        fake,
        "round add",
        {"side1": "900 1n 1r out", "side2": "150 1r 40h"},
        channel=channel,
        locale=locale,
    )
    shown = text_of(second)
    winner = translate(lang, "ui.winner", side=f"**Us** {alice} {carol}", points=5600)
    assert winner in second.embeds[0]["description"]

    after = await run(fake, "round add", {"side1": "-", "side2": "-"}, channel=channel)
    assert after.ephemeral
    assert "no game" in after.content.lower()


def _variant_name(variant_id: str, lang: str) -> str:
    from bot.scoring import load_variant

    return load_variant(variant_id).name(lang)


async def test_cuban_game_with_a_wild_canasta_and_a_rules_question(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"variant": "cuban"}, channel=channel)
    message = await run(
        fake,
        "round add",
        {"side1": "200 1w2 1n 2r 3b out", "side2": "400 1m 1r 1bh 60h"},
        channel=channel,
    )
    side_a = message.embeds[0]["fields"][0]["value"]
    assert "Canastas: 4500" in side_a  # canasta of twos 4000 + natural 500
    assert "Black threes: 15" in side_a
    assert "**Round: 5115**" in side_a  # 200 + 4500 + 300 (2 red) + 15 + 100 (out)
    side_b = message.embeds[0]["fields"][1]["value"]
    assert "Black threes: -100" in side_b
    assert "Next opening: 150" in side_a
    answer = await run(
        fake,
        "rules",
        {"question": "we have 5000 points, how much do we need to open?"},
        channel=channel,
    )
    assert "**150**" in answer.embeds[0]["description"]
