"""The live scoreboard end to end: the real bot process keeps one message per game up to date.

After every step of a game (start, ``/round add``, ``/round side`` waiting and completing,
``/round form``, undo, edit, a deleted board, the end) the board says what ``/game sheet`` says:
the totals, the last round's nets, the opening minimums and who deals; in the four languages.
A burst of 20 rounds is a few edits of the board, not 20.
"""

from __future__ import annotations

import asyncio
import itertools
import re

import pytest

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, SentMessage
from bot.devtools.fake_discord.models import PIN_MESSAGES
from bot.i18n import translate
from bot.scoring import load_variant
from tests.e2e.harness import BotProcess, mention, run

pytestmark = pytest.mark.asyncio(loop_scope="package")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
_numbers = itertools.count(1)


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"board-{next(_numbers)}")


def boards(fake: FakeDiscord, channel: FakeChannel, lang: str) -> list[SentMessage]:
    """The scoreboard messages the bot posted in ``channel`` (deleted ones included)."""
    title = translate(lang, "ui.board.title", variant=load_variant("classic").name(lang))
    return [
        m for m in fake.channel_messages(channel) if m.embeds and m.embeds[0].get("title") == title
    ]


def live_board(fake: FakeDiscord, channel: FakeChannel, lang: str) -> SentMessage:
    shown = [m for m in boards(fake, channel, lang) if not m.deleted]
    assert len(shown) == 1, f"one live board, not {len(shown)}"
    return shown[0]


def _last_nets(sheet: dict) -> list[str] | None:
    """The last round's row of the sheet's table: round number, then net and total per side
    (an adjustment's ``±`` row under it is not a round)."""
    table = re.search(r"```\n(.*?)\n```", sheet.get("description", ""), re.S)
    if table is None:
        return None
    rows = [line.split() for line in table.group(1).splitlines()]
    rounds = [cells for cells in rows if cells and cells[0].isdigit()]  # not the ± rows
    return rounds[-1][1::2] if rounds else None


def expected_board(lang: str, sheet: dict) -> list[str]:
    """What the board must show, read off ``/game sheet``'s embed: per side the total line
    (and next minimum while the game runs), the last round's net; the dealer; the winner."""
    expected = []
    nets = _last_nets(sheet)
    sides = [f for f in sheet["fields"] if f["name"] in ("Us", "Them")]
    for index, field in enumerate(sides):
        lines = field["value"].split("\n")
        expected += [line for line in lines if not line.startswith("<@")]
        if nets is not None:
            expected.append(translate(lang, "ui.board.last_net", net=nets[index]))
    dealer = translate(lang, "ui.next_dealer_title")
    expected += [f["value"] for f in sheet["fields"] if f["name"] == dealer]
    if "🏆" in sheet.get("description", ""):
        expected.append(sheet["description"].split("\n")[-1])
    return expected


def board_text(message: SentMessage) -> str:
    embed = message.embeds[0]
    parts = [embed.get("description", "")]
    for field in embed.get("fields", []):
        parts += [field["name"], field["value"]]
    return "\n".join(parts)


async def matches_sheet(
    fake: FakeDiscord, channel: FakeChannel, lang: str, locale: str, *also: str
) -> SentMessage:
    """Wait until the live board shows everything ``/game sheet`` shows now (and ``also``)."""
    sheet = (await run(fake, "game sheet", channel=channel, locale=locale)).embeds[0]
    wanted = [*expected_board(lang, sheet), *also]

    def shown() -> SentMessage | None:
        live = [m for m in boards(fake, channel, lang) if not m.deleted]
        if len(live) == 1 and all(w in board_text(live[0]) for w in wanted):
            return live[0]
        return None

    try:
        return await fake.wait_for(shown, timeout=20)
    except TimeoutError:
        live = [board_text(m) for m in boards(fake, channel, lang) if not m.deleted]
        missing = [w for w in wanted if not live or w not in live[-1]]
        raise AssertionError(f"board {live} lacks {missing}") from None


def new_channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"board-{next(_numbers)}")


async def test_the_board_follows_a_whole_game(fake: FakeDiscord, bot: BotProcess) -> None:
    """The four languages play at once, each its own game in a channel of its own: each step
    waits for the board's quiet time, which four games in a row would add up four times."""
    await asyncio.gather(*(follow_a_whole_game(fake, new_channel(fake), lang) for lang in LOCALES))


async def follow_a_whole_game(fake: FakeDiscord, channel: FakeChannel, lang: str) -> None:
    locale = LOCALES[lang]
    channel.bot_allow = PIN_MESSAGES
    alice, bob, carol, dave = (mention(fake, n) for n in ("alice", "bob", "carol", "dave"))
    await run(
        fake,
        "game start",
        {"side1": f"Us: {alice} {carol}", "side2": f"Them: {bob} {dave}", "target": 10000},
        channel=channel,
        locale=locale,
    )
    first = await matches_sheet(fake, channel, lang, locale, translate(lang, "ui.sheet.no_rounds"))
    await fake.wait_for(lambda: first.raw["pinned"])  # the bot may pin here

    await run(
        fake,
        "round add",
        {"side1": "700 2n 1m 2r out", "side2": "300 1r 85h"},
        channel=channel,
        locale=locale,
    )
    await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=1)
    )

    await run(fake, "round side", {"line": "300 1r"}, channel=channel, user="bob", locale=locale)
    waiting = translate(lang, "ui.board.waiting", entered="Them", missing="Us")
    await matches_sheet(fake, channel, lang, locale, waiting)
    await run(
        fake, "round side", {"line": "600 1n 1m out"}, channel=channel, user="carol", locale=locale
    )
    done = await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=2)
    )
    assert waiting not in board_text(done)

    handle = await fake.slash(
        "round form", {}, user=fake.user("alice"), channel=channel, locale=locale
    )
    await handle.modal()
    await (await fake.submit_modal(handle, {"side1": "150 5h", "side2": "200 1n out"})).response()
    await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=3)
    )

    await run(fake, "round undo", channel=channel, locale=locale)
    await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=2)
    )
    await run(
        fake, "round edit", {"number": 2, "side": 2, "hand": 40}, channel=channel, locale=locale
    )
    await matches_sheet(fake, channel, lang, locale)

    old = live_board(fake, channel, lang)
    old.raw["_deleted"] = True  # someone deleted the board
    await run(fake, "round add", {"side1": "200 1r", "side2": "50"}, channel=channel, locale=locale)
    posted = await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=3)
    )
    assert posted.id != old.id
    await fake.wait_for(lambda: posted.raw["pinned"])

    prompt = await run(fake, "game end", channel=channel, locale=locale)
    await (await fake.click(prompt, prompt.custom_ids[0], locale=locale)).response()
    final = await matches_sheet(fake, channel, lang, locale)
    assert "🏆" in board_text(final)
    assert translate(lang, "ui.next_dealer_title") not in board_text(final)
    assert len(boards(fake, channel, lang)) == 2  # the deleted one and its successor
    # the final board stays as the record, no longer pinned over the channel's next game
    await fake.wait_for(lambda: not final.raw["pinned"])
    assert not final.deleted


async def test_without_the_pin_permission_the_board_is_posted_unpinned(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    board = await matches_sheet(fake, channel, "en", "en-US")
    assert board.raw["pinned"] is False
    pins = [r for r in fake.requests if "/pins/" in r.path and str(channel.id) in r.path]
    assert pins == []  # not even tried: the interaction said the bot may not pin here


async def test_a_board_a_player_pinned_stays_pinned_when_the_game_ends(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    """The bot takes back only its own pin: here it may not pin, so a player did."""
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    board = await matches_sheet(fake, channel, "en", "en-US")
    board.raw["pinned"] = True  # pinned by a player
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel)
    prompt = await run(fake, "game end", channel=channel)
    await (await fake.click(prompt, prompt.custom_ids[0])).response()
    final = await matches_sheet(fake, channel, "en", "en-US")
    assert final.id == board.id
    assert "🏆" in board_text(final)
    unpins = [r for r in fake.requests if r.method == "DELETE" and "pins" in r.path]
    assert [r for r in unpins if str(channel.id) in r.path] == []
    assert final.raw["pinned"] is True


@pytest.mark.alone  # how many edits a burst makes depends on how fast the bot gets through it
async def test_a_burst_of_twenty_rounds_is_a_few_edits(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(
        fake, "game start", {"side1": "Us", "side2": "Them", "target": 100000}, channel=channel
    )
    board = await matches_sheet(fake, channel, "en", "en-US")
    path = f"/api/v10/channels/{channel.id}/messages/{board.id}"
    before = len(fake.requests)
    handles = await asyncio.gather(
        *(
            fake.slash(
                "round add",
                {"side1": "100 1n out", "side2": "50"},
                user=fake.user("alice"),
                channel=channel,
            )
            for _ in range(20)
        )
    )
    replies = await asyncio.gather(*(h.response() for h in handles))
    assert all(not r.ephemeral for r in replies)
    await matches_sheet(fake, channel, "en", "en-US", "After round 20.", "**14000**")
    edits = [r for r in fake.requests[before:] if r.method == "PATCH" and r.path == path]
    print(f"burst: {len(edits)} edits of the board for 20 rounds")
    assert 1 <= len(edits) <= 4, f"{len(edits)} edits for 20 rounds"
    posts = [
        r
        for r in fake.requests[before:]
        if r.method == "POST" and r.path == f"/api/v10/channels/{channel.id}/messages"
    ]
    assert posts == []  # the same message was edited, never a second board


async def test_the_board_follows_hands_adjustments_and_a_said_round(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    """The newer ways to change a game move the board too: each player's own hand (the board
    names whose hand is still missing), an adjustment, and a round confirmed from a sentence;
    in English and Finnish at once, each in a channel of its own."""
    await asyncio.gather(
        *(follow_the_newer_changes(fake, new_channel(fake), lang) for lang in ("en", "fi"))
    )


async def follow_the_newer_changes(fake: FakeDiscord, channel: FakeChannel, lang: str) -> None:
    locale = LOCALES[lang]
    alice, bob, carol, dave = (mention(fake, n) for n in ("alice", "bob", "carol", "dave"))
    await run(
        fake,
        "game start",
        {"side1": f"Us: {alice} {carol}", "side2": f"Them: {bob} {dave}", "target": 10000},
        channel=channel,
        locale=locale,
    )
    await matches_sheet(fake, channel, lang, locale)

    await run(fake, "round side", {"line": "400 1n out"}, channel=channel, locale=locale)
    await run(
        fake,
        "round side",
        {"meld": 200, "player_hands": True},
        channel=channel,
        user="bob",
        locale=locale,
    )
    await run(fake, "round hand", {"points": 30}, channel=channel, user="bob", locale=locale)
    dave_hand = translate(lang, "ui.parts.hands", side="Them", players="Dave")
    board = await matches_sheet(fake, channel, lang, locale, dave_hand)
    assert "Bob" not in board_text(board)  # his hand is in
    await run(fake, "round hand", {"points": 15}, channel=channel, user="dave", locale=locale)
    await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=1)
    )

    await run(
        fake,
        "round adjust",
        {"side": 2, "points": -100, "reason": "misdeal"},
        channel=channel,
        locale=locale,
    )
    await matches_sheet(fake, channel, lang, locale, "**55**")  # 200 - 45 - 100

    prompt = await run(
        fake,
        "round say",
        {"text": "we melded 300, one clean canasta, went out; they 100, 20 left, no red threes"},
        channel=channel,
    )
    confirm, _cancel = prompt.custom_ids
    await (await fake.click(prompt, confirm, locale=locale)).response()
    await matches_sheet(
        fake, channel, lang, locale, translate(lang, "ui.board.after_round", number=2)
    )
