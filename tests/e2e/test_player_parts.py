"""Each player enters their own hand (``/round hand``), end to end in the four locales.

A classic game at a distance: Us = Alice and Carol, Them = Bob and Dave; Eve watches. Carol keeps
Us' sheet, Bob keeps Them's; every player enters the points left in their own hand. The replies
name who is still missing, the scored round matches ``/game sheet``, a player corrects their
hand, a watcher is refused, and ``/round undo`` clears a round being entered.
"""

from __future__ import annotations

import itertools

import pytest

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, SentMessage
from bot.i18n import translate
from tests.e2e.harness import BotProcess, mention

pytestmark = pytest.mark.asyncio(loop_scope="package")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
_numbers = itertools.count(1)


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"remote-{next(_numbers)}")


class Table:
    """One channel's game, every command sent in one locale."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, lang: str) -> None:
        self.fake, self.channel, self.lang = fake, channel, lang

    async def run(self, user: str, command: str, options: dict | None = None) -> SentMessage:
        handle = await self.fake.slash(
            command,
            options or {},
            user=self.fake.user(user),
            channel=self.channel,
            locale=LOCALES[self.lang],
        )
        return await handle.response()

    def t(self, key: str, **params: object) -> str:
        return translate(self.lang, key, **params)

    def hands(self, side: str, players: str) -> str:
        return self.t("ui.parts.hands", side=side, players=players)


def text_of(message: SentMessage) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        for field in embed.get("fields", []):
            parts += [field["name"], field["value"]]
    return "\n".join(parts)


async def start(table: Table) -> None:
    fake = table.fake
    started = await table.run(
        "alice",
        "game start",
        {
            "side1": f"Us: {mention(fake, 'alice')} {mention(fake, 'carol')}",
            "side2": f"Them: {mention(fake, 'bob')} {mention(fake, 'dave')}",
        },
    )
    assert not started.ephemeral
    assert ("/" + table.t("cmd.round.name") + " " + table.t("cmd.round.hand.name")) in text_of(
        started
    )  # the start card says how each player enters their own hand


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_round_entered_by_every_player_scores_as_the_sheet_shows(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    table = Table(fake, channel, lang)
    await start(table)

    # Carol keeps Us' sheet: the melded part, and each player adds their own hand.
    ours = await table.run(
        "carol",
        "round side",
        {"meld": 420, "natural": 1, "mixed": 1, "red_threes": 2, "went_out": "out"}
        | {"player_hands": True},
    )
    assert not ours.ephemeral
    assert ours.content == table.t(
        "ui.side.entered",
        side="Us",
        line="420 1n 1m 2r out",
        number=1,
        missing=f"{table.hands('Us', 'Alice, Carol')}, Them",
    )

    # Bob's hand comes first on Them's side: Them now waits for its sheet and for Dave.
    bob = await table.run("bob", "round hand", {"points": 25})
    assert not bob.ephemeral
    assert bob.content == "\n".join(
        [
            table.t("ui.hand.entered", player="Bob", side="Them", points=25, number=1),
            table.t(
                "ui.hand.waiting",
                missing=f"{table.hands('Us', 'Alice, Carol')}, "
                + table.t("ui.parts.side_and_hands", side="Them", players="Dave"),
            ),
        ]
    )

    sheet = text_of(await table.run("eve", "game sheet"))
    assert table.t("ui.sheet.waiting_title") in sheet
    waiting = f"{table.hands('Us', 'Alice, Carol')}, " + table.t(
        "ui.parts.side_and_hands", side="Them", players="Dave"
    )
    assert waiting in sheet

    # Carol counts 70 with cards; Alice went out, so Us is complete without her typing 0.
    carol = await table.run("carol", "round hand", {"cards": "K K 10 10 10 8 8"})
    assert carol.content == "\n".join(
        [
            table.t("ui.hand.entered", player="Carol", side="Us", points=70, number=1),
            table.t(
                "ui.hand.waiting",
                missing=table.t("ui.parts.side_and_hands", side="Them", players="Dave"),
            ),
        ]
    )

    # Eve is not playing: refused privately, naming who may.
    eve = await table.run("eve", "round hand", {"points": 10})
    assert eve.ephemeral
    assert mention(fake, "dave") in eve.content
    assert "Eve" not in text_of(eve)

    dave = await table.run("dave", "round hand", {"points": 35})
    assert dave.content.endswith(table.t("ui.hand.waiting", missing="Them"))

    # Dave miscounted: a second entry needs correct, then replaces his hand.
    twice = await table.run("dave", "round hand", {"points": 40})
    assert twice.ephemeral
    assert "35" in twice.content
    fixed = await table.run("dave", "round hand", {"points": 40, "correct": True})
    assert fixed.content.startswith(
        table.t("ui.hand.corrected", player="Dave", side="Them", before=35, points=40, number=1)
    )

    # Bob enters Them's melded part without a hand: the players' hands are Them's hand.
    scored = await table.run(
        "bob", "round side", {"meld": 240, "natural": 1, "mixed": 1, "red_threes": 2}
    )
    shown = text_of(scored)
    assert table.t("ui.round.title", number=1) in shown
    total = table.t("ui.total")
    # Us: 420 + 500 + 300 + 200 + 100 - 70 = 1450; Them: 240 + 500 + 300 + 200 - (25 + 40).
    assert f"{total}: **1450**" in scored.embeds[0]["fields"][0]["value"]
    assert f"{total}: **1175**" in scored.embeds[0]["fields"][1]["value"]
    assert f"{table.t('ui.part.hand')}: -65" in shown

    sheet = await table.run("eve", "game sheet")
    fields = sheet.embeds[0]["fields"]
    assert f"{total}: **1450**" in fields[0]["value"]
    assert f"{total}: **1175**" in fields[1]["value"]
    assert table.t("ui.sheet.pending_title") not in text_of(sheet)
    assert table.t("ui.sheet.waiting_title") not in text_of(sheet)

    history = text_of(await table.run("eve", "game history"))
    assert table.t("ui.history.hand", player="Bob", side="Them", points=25) in history
    assert table.t("ui.history.hand", player="Carol", side="Us", points=70) in history
    assert (
        table.t("ui.history.hand_corrected", player="Dave", side="Them", before=35, points=40)
        in history
    )
    assert table.t("ui.history.hands_by_players") in history


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_undo_clears_a_round_being_entered(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    table = Table(fake, channel, lang)
    await start(table)
    await table.run("alice", "round add", {"side1": "400 1n out", "side2": "100 50h"})
    await table.run("alice", "round hand", {"points": 30})
    await table.run("bob", "round side", {"meld": 150, "hand": 20})

    undone = await table.run("dave", "round undo")
    assert undone.embeds[0]["title"] == table.t("ui.undo.cancelled", number=2)
    total = table.t("ui.total")
    assert f"{total}: **1000**" in undone.embeds[0]["fields"][0]["value"]  # round 1 stays
    assert f"{total}: **50**" in undone.embeds[0]["fields"][1]["value"]

    # The parts are gone: Alice enters afresh without correct, Bob's side is missing again.
    again = await table.run("alice", "round hand", {"points": 15})
    assert not again.ephemeral
    assert again.content.startswith(
        table.t("ui.hand.entered", player="Alice", side="Us", points=15, number=2)
    )
    assert again.content.endswith(
        table.t(
            "ui.hand.waiting",
            missing=table.t("ui.parts.side_and_hands", side="Us", players="Carol") + ", Them",
        )
    )
    history = text_of(await table.run("eve", "game history"))
    assert table.t("ui.history.cancel", round=2) in history

    # With nothing being entered, undo takes back the last scored round as always.
    await table.run("dave", "round undo")
    removed = await table.run("dave", "round undo")
    assert removed.embeds[0]["title"] == table.t("ui.undo.title", number=1)


async def test_a_hand_is_refused_when_the_sheet_keeper_gave_the_sides_hand(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    table = Table(fake, channel, "en")
    await start(table)
    await table.run("carol", "round side", {"meld": 150, "hand": 20})
    refused = await table.run("alice", "round hand", {"points": 15})
    assert refused.ephemeral
    assert mention(fake, "carol") in refused.content
    assert "(20)" in refused.content
    odd = await table.run("bob", "round hand", {"points": 12})
    assert odd.ephemeral
    assert "multiple of 5" in odd.content
    nothing = await table.run("bob", "round hand")
    assert nothing.ephemeral
    assert nothing.content == translate("en", "ui.hand.needed")
    both = await table.run("bob", "round side", {"meld": 100, "hand": 10, "player_hands": True})
    assert both.ephemeral
    assert "player_hands" in both.content
    sheet = text_of(await table.run("eve", "game sheet"))
    assert translate("en", "ui.sheet.pending", sides="Us") in sheet  # only Carol's entry stored
