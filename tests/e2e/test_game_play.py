"""/game and /round end to end: whole games, side-by-side entry, undo and edit, the sheet and its
chart, confirmations, permissions and every kind of bad input, against the real bot process.

One bot process serves the whole module (each test plays in its own channel), which keeps the
suite fast; a game going on across a restart is in ``test_resilience.py``, which restarts its
process once for every scenario that spans one.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.devtools.fake_discord import FakeChannel, FakeDiscord
from bot.i18n import translate
from tests.e2e.harness import BotProcess, guild_with_members, run, text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
_numbers = itertools.count(1)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(
        guilds=[guild_with_members("carol", "dave", "eve")], wait_timeout=20
    ) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(
    fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, Path(tmp_path_factory.mktemp("gamebot")), {})
    await asyncio.gather(process.sync(), process.start())  # sync is HTTP only: no wait for it
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
        {"side1": "700 2n 1m 2r out", "side2": "300 1r 85h"},
        channel=channel,
        locale=locale,
    )
    shown = text_of(first)
    assert translate(lang, "ui.round.title", number=1) in shown
    assert f"**{translate(lang, 'ui.net')}: 2300**" in shown  # 700 + 1300 + 200 (2 red) + 100
    assert f"{translate(lang, 'ui.part.hand')}: -85" in shown
    assert translate(lang, "ui.next_minimum", points=90) in shown  # Us at 2300
    assert carol in shown  # seat 3 deals round 2 (first dealer was seat 2)

    middle = await run(
        fake,
        "round add",
        {"side1": "800 2n 1m 1r out", "side2": "250 1r 40h"},
        channel=channel,
        locale=locale,
    )
    assert translate(lang, "ui.next_minimum", points=120) in text_of(middle)  # Us at 4600

    second = await run(
        fake,
        "round add",
        {"side1": "900 1n 1r out", "side2": "150 1r 40h"},
        channel=channel,
        locale=locale,
    )
    shown = text_of(second)
    winner = translate(lang, "ui.winner", side=f"**Us** {alice} {carol}", points=6200)
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


async def test_two_player_game(fake: FakeDiscord, bot: BotProcess, channel: FakeChannel) -> None:
    alice, bob = at(fake, "alice"), at(fake, "bob")
    start = await run(
        fake,
        "game start",
        {"variant": "two-player", "side1": alice, "side2": bob},
        channel=channel,
    )
    assert "Classic for 2 players" in start.embeds[0]["title"]
    message = await run(
        fake, "round add", {"side1": "800 1n 1m 1r out", "side2": "200 1r 55h"}, channel=channel
    )
    fields = message.embeds[0]["fields"]
    assert len(fields) == 2
    assert "**Round: 1800**" in fields[0]["value"]  # two canastas to go out with two players
    refused = await run(
        fake, "round add", {"side1": "600 1n 1m out 20h", "side2": "-"}, channel=channel
    )
    assert refused.ephemeral
    assert "goes out alone has no cards left" in refused.content


async def test_three_player_game(fake: FakeDiscord, bot: BotProcess, channel: FakeChannel) -> None:
    await run(
        fake,
        "game start",
        {
            "variant": "three-player",
            "side1": at(fake, "alice"),
            "side2": at(fake, "bob"),
            "side3": at(fake, "carol"),
        },
        channel=channel,
    )
    missing = await run(fake, "round add", {"side1": "300", "side2": "-"}, channel=channel)
    assert missing.ephemeral
    assert "Side 3" in missing.content
    message = await run(
        fake,
        "round add",
        {"side1": "700 1n 1r out", "side2": "150 30h", "side3": "-"},
        channel=channel,
    )
    fields = message.embeds[0]["fields"]
    assert [f["name"] for f in fields] == ["A", "B", "C"]
    assert "**Round: 120**" in fields[1]["value"]


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_side_by_side_entry_by_two_teams(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    locale = LOCALES[lang]
    await run(
        fake,
        "game start",
        {
            "side1": f"Us: {at(fake, 'carol')} {at(fake, 'eve')}",
            "side2": f"Them: {at(fake, 'bob')} {at(fake, 'dave')}",
        },
        channel=channel,
    )
    ours = await run(
        fake,
        "round side",
        {"meld": 650, "natural": 1, "red_threes": 1, "went_out": "out", "hand_cards": ""},
        channel=channel,
        user="carol",
        locale=locale,
    )
    assert not ours.ephemeral
    assert "Them" in ours.content
    assert (
        translate(
            lang, "ui.side.entered", side="Us", line="650 1n 1r out", number=1, missing="Them"
        )
        == ours.content
    )
    intruder = await run(
        fake, "round side", {"side": 1, "meld": 50}, channel=channel, user="bob", locale=locale
    )
    assert intruder.ephemeral
    assert at(fake, "carol") in intruder.content  # says who may
    again = await run(fake, "round side", {"meld": 50}, channel=channel, user="eve", locale=locale)
    assert again.ephemeral  # Us already entered; a correction needs correct:true
    theirs = await run(
        fake,
        "round side",
        {"meld_cards": "joker A A K 7 7", "hand": 20},
        channel=channel,
        user="dave",
        locale=locale,
    )
    assert translate(lang, "ui.round.title", number=1) in theirs.embeds[0]["title"]
    assert f"{translate(lang, 'ui.total')}: **1350**" in theirs.embeds[0]["fields"][0]["value"]
    assert f"{translate(lang, 'ui.total')}: **90**" in theirs.embeds[0]["fields"][1]["value"]


async def test_undo_and_edit_recompute_the_totals(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {}, channel=channel)
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100 50h"}, channel=channel)
    await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=channel)
    third = await run(fake, "round add", {"side1": "50", "side2": "90"}, channel=channel)
    assert "Round 3" in third.embeds[0]["title"]
    undone = await run(fake, "round undo", channel=channel, user="bob")
    assert undone.embeds[0]["title"] == "Round 3 undone"
    assert "Total: **1200**" in undone.embeds[0]["fields"][0]["value"]  # 1000 + 200
    edited = await run(
        fake, "round edit", {"number": 1, "side": 2, "hand": 0}, channel=channel, user="bob"
    )
    assert edited.embeds[0]["title"] == "Round 1 corrected for B"
    table = edited.embeds[0]["description"]
    assert "100    100" in table  # round 1 of B without the 50 in hand
    assert "900   1000" in table  # and round 2's total follows
    assert "Total: **1000**" in edited.embeds[0]["fields"][1]["value"]
    history = await run(fake, "game history", channel=channel, user="eve")
    shown = history.embeds[0]["description"]
    assert "recorded round 1: A: 400 1n out | B: 100 50h" in shown
    assert "undid round 3" in shown
    assert "corrected round 1" in shown


async def test_sheet_has_every_round_and_a_png_chart(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"side1": "North", "side2": "South"}, channel=channel)
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100 50h"}, channel=channel)
    await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=channel)
    sheet = await run(fake, "game sheet", channel=channel, user="eve", locale="fi")
    embed = sheet.embeds[0]
    assert embed["title"].startswith("Pistetaulukko")
    assert "North" in embed["description"]
    assert embed["image"]["url"].endswith("sheet.png")
    assert sheet.attachment_data("sheet.png").startswith(b"\x89PNG")
    assert "Seuraavaksi jakaa" in text_of(sheet)


async def test_round_form_records_a_round(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    handle = await fake.slash("round form", {}, user=fake.user("bob"), channel=channel, locale="da")
    modal = await handle.modal()
    assert modal["title"] == "Runde 1"
    inputs = [c for row in modal["components"] for c in row.get("components", [row])]
    assert inputs[0]["placeholder"] == "420 1n 1m 2r ud 70h"
    submitted = await fake.submit_modal(handle, {"side1": "500 1n ud", "side2": "120 1r 30h"})
    message = await submitted.response()
    assert message.embeds[0]["title"] == "Runde 1"
    assert "**Runden: 1100**" in message.embeds[0]["fields"][0]["value"]


async def test_end_needs_the_invokers_confirmation(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel)
    prompt = await run(fake, "game end", channel=channel, user="bob", locale="no")
    assert "Us 1000" in prompt.content
    yes, _no = prompt.custom_ids
    other = await (await fake.click(prompt, yes, user=fake.user("carol"))).response()
    assert other.ephemeral
    assert at(fake, "bob") in other.content
    done = await (await fake.click(prompt, yes, user=fake.user("bob"), locale="no")).response()
    assert done.embeds[0]["title"] == "Spillet er slutt"
    assert "🏆 **Us** vant spillet med 1000 poeng!" in done.embeds[0]["description"]
    assert not done.components


async def test_abandon_can_be_cancelled(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {}, channel=channel)
    prompt = await run(fake, "game abandon", channel=channel)
    _yes, no = prompt.custom_ids
    cancelled = await (await fake.click(prompt, no)).response()
    assert cancelled.content == "Cancelled; the game goes on."
    still = await run(fake, "round add", {"side1": "100", "side2": "50"}, channel=channel)
    assert not still.ephemeral
    prompt = await run(fake, "game abandon", channel=channel)
    done = await (await fake.click(prompt, prompt.custom_ids[0])).response()
    assert done.embeds[0]["title"] == "Game abandoned"


async def test_players_and_managers_only(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(
        fake,
        "game start",
        {
            "side1": f"{at(fake, 'bob')} {at(fake, 'carol')}",
            "side2": f"{at(fake, 'dave')} {at(fake, 'alice')}",
        },
        channel=channel,
    )
    for command, options in (
        ("round add", {"side1": "100", "side2": "50"}),
        ("game end", {}),
    ):
        refused = await run(fake, command, options, channel=channel, user="eve", locale="da")
        assert refused.ephemeral
        assert at(fake, "bob") in refused.content
    not_side = await run(fake, "round side", {"meld": 50}, channel=channel, user="eve")
    assert not_side.ephemeral
    assert "Say which side" in not_side.content
    sheet = await run(fake, "game sheet", channel=channel, user="eve")
    assert not sheet.ephemeral


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_bad_token_is_named_in_the_users_language(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    await run(fake, "game start", {}, channel=channel)
    message = await run(
        fake,
        "round add",
        {"side1": "420 1n xyz out", "side2": "100 1q"},
        channel=channel,
        locale=LOCALES[lang],
    )
    assert message.ephemeral
    allowed = translate(lang, "ui.text.allowed")
    assert translate(lang, "ui.text.unknown_token", side=1, token="xyz", allowed=allowed) in (
        message.content
    )
    assert "1q" in message.content
    sheet = await run(fake, "game sheet", channel=channel)
    assert "Round" not in sheet.embeds[0]["description"]  # nothing stored


BAD_ROUNDS = [
    ({"side1": "400 1n -70h", "side2": "-"}, "cannot be negative"),
    ({"side1": "400 1n out", "side2": "400 1n out"}, "Only one side can go out"),
    ({"side1": "400 out", "side2": "-"}, "going out needs 1 canasta"),
    ({"side1": "420 70", "side2": "-"}, "two plain numbers"),
    ({"side1": "400 1n 1n", "side2": "-"}, "a second time"),
    ({"side1": "meld:joker,A,X", "side2": "-"}, "“x” in meld:joker,a,x is not a card"),
    ({"side1": "9999999", "side2": "-"}, "is more than 100000"),
    ({"side1": "402", "side2": "-"}, "multiple of 5"),
]


async def test_every_kind_of_bad_input_is_refused_privately(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    nothing = await run(fake, "round add", {"side1": "100", "side2": "50"}, channel=channel)
    assert nothing.ephemeral
    assert "no game" in nothing.content.lower()
    unknown_rule = await run(fake, "game start", {"rules": "target=3000 jokers=9"}, channel=channel)
    assert unknown_rule.ephemeral
    assert "Unknown house rule “jokers”" in unknown_rule.content
    garbled = await run(fake, "game start", {"rules": "target3000"}, channel=channel)
    assert "target3000" in garbled.content
    start = await run(fake, "game start", {"rules": "target=3000"}, channel=channel)
    assert "3000" in text_of(start)
    second = await run(fake, "game start", {}, channel=channel, user="bob")
    assert second.ephemeral
    assert "still running" in second.content or "already" in second.content
    for options, expected in BAD_ROUNDS:
        message = await run(fake, "round add", options, channel=channel)
        assert message.ephemeral, options
        assert expected in message.content, (options, message.content)
    sheet = await run(fake, "game sheet", channel=channel)
    assert "No rounds yet." in sheet.embeds[0]["description"]


async def test_autocomplete_reads_the_line_back(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {}, channel=channel)
    handle = await fake.autocomplete(
        "round add", {"side1": "420 1n 2 red out 70h"}, "side1", channel=channel
    )
    choices = await handle.choices()
    assert choices[0]["name"] == "420 1n 2r out 70h → round 1150"
    handle = await fake.autocomplete(
        "round add", {"side1": "420 zz"}, "side1", channel=channel, locale="no"
    )
    assert "zz" in (await handle.choices())[0]["name"]


async def test_an_expired_confirmation_is_refused(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {}, channel=channel)
    prompt = await run(fake, "game abandon", channel=channel)
    stale = copy.deepcopy(prompt.raw)
    for row in stale["components"]:
        for button in row["components"]:
            button["custom_id"] = re.sub(r":\d+$", ":1000", button["custom_id"])
    yes = stale["components"][0]["components"][0]["custom_id"]
    refused = await (await fake.click(stale, yes)).response()
    assert refused.ephemeral
    assert "expired" in refused.content
    still = await run(fake, "round add", {"side1": "100", "side2": "50"}, channel=channel)
    assert not still.ephemeral  # the game was not abandoned


async def test_a_side_corrects_its_entry_before_the_round_scores(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(
        fake,
        "game start",
        {
            "side1": f"{at(fake, 'carol')} {at(fake, 'eve')}",
            "side2": f"{at(fake, 'bob')} {at(fake, 'dave')}",
        },
        channel=channel,
    )
    await run(fake, "round side", {"line": "300 1r"}, channel=channel, user="carol")
    fixed = await run(
        fake, "round side", {"line": "350 1r", "correct": True}, channel=channel, user="eve"
    )
    assert "`350 1r`" in fixed.content
    done = await run(fake, "round side", {"side": 2, "meld": 100}, channel=channel, user="alice")
    assert "**Round: 450**" in done.embeds[0]["fields"][0]["value"]  # a manager may enter any side
