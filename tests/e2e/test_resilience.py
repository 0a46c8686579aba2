"""Every interaction answered, truthfully, whatever arrives: stale command shapes, options out of
range, malformed envelopes, duplicate deliveries, Discord faults, buttons and forms across a
restart and side by side, a rejected token.

The e2e package's shared bot process serves the module (each test plays in its own channel);
its log must end with no traceback at all, since nothing here is a bug in the bot, only input
and weather.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import os
import sqlite3
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from sqlalchemy.engine import make_url

from bot.config import Settings
from bot.devtools.fake_discord import FakeChannel, FakeDiscord
from bot.devtools.fake_discord.interaction_payloads import (
    OptionBuilder,
    base_payload,
    command_data,
)
from bot.devtools.fuzz import InteractionFuzzer
from bot.discord_app.endpoints import current_endpoints, point_discord_py_at
from bot.discord_app.runner import TokenRejectedError, run_bot
from bot.i18n import translate
from tests.dbfixtures import pg_admin
from tests.e2e.harness import BotProcess, run, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="package")
_numbers = itertools.count(1)
UPDATED = translate("en", "error.command_updated")


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"resilience-{next(_numbers)}")


def integer(name: str, value: Any) -> dict[str, Any]:
    return {"name": name, "type": 4, "value": value}


# ----- out-of-range options --------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 5])
async def test_a_first_dealer_outside_the_table_is_refused_plainly(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, seat: int
) -> None:
    refusal = await run(
        fake, "game start", {"side1": "Us", "side2": "Them", "first_dealer": seat}, channel=channel
    )
    assert refusal.ephemeral
    assert refusal.content == f"The first dealer must be a seat from 1 to 4, not {seat}."
    started = await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    assert not started.ephemeral  # nothing was stored by the refused start


async def check_numbers_are_refused_and_the_game_still_ends(
    fake: FakeDiscord, channel: FakeChannel | None
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    export = await run(fake, "export", [integer("game", 3_000_000_000)], channel=channel)
    assert export.ephemeral
    assert export.content.startswith("**game** must be a whole number from 1 to 2147483647.")
    for value in (3_000_000_000, 2**53 + 1, 2**64, -(2**63) - 1):
        side = await run(
            fake, "round side", [integer("side", 1), integer("meld", value)], channel=channel
        )
        assert side.ephemeral
        assert "**meld** must be a whole number" in side.content
    line = await run(fake, "round add", {"side1": "3000000000", "side2": "-"}, channel=channel)
    assert line.ephemeral
    assert line.content == "Side 1: 3000000000 is more than 100000; check the number."
    typed = await run(
        fake, "round side", [integer("side", 1), integer("meld", 2_000_000_000)], channel=channel
    )
    assert "2000000000 are more than all the cards in the decks are worth (1180)" in typed.content
    edit = await run(fake, "round edit", [integer("number", 2**40)], channel=channel)
    assert "**number** must be a whole number" in edit.content

    first = await run(fake, "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel)
    assert first.embeds[0]["title"] == "Round 1"  # nothing refused above was stored
    prompt = await run(fake, "game end", channel=channel)
    done = await (
        await fake.click(prompt, prompt.custom_ids[0], user=fake.user("alice"))
    ).response()
    assert done.embeds[0]["title"] == "Game over"


async def test_numbers_no_column_can_hold_are_refused_before_anything_is_stored(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await check_numbers_are_refused_and_the_game_still_ends(fake, channel)


@pytest_asyncio.fixture(loop_scope="package")
async def pg_url() -> AsyncIterator[str]:
    """A fresh database on the ``TEST_DATABASE_URL`` server, dropped afterwards."""
    server_url = os.environ.get("TEST_DATABASE_URL")
    if not server_url:
        pytest.skip("TEST_DATABASE_URL is unset: PostgreSQL tests skipped")
    name = f"canasta_numbers_{uuid.uuid4().hex[:12]}"
    await pg_admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        await pg_admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def test_on_postgresql_too_huge_numbers_are_refused_and_the_game_ends(
    pg_url: str, tmp_path: Path
) -> None:
    async with FakeDiscord(wait_timeout=20) as pg_fake:
        process = BotProcess(pg_fake, tmp_path, {"DATABASE_URL": pg_url})
        await asyncio.gather(process.sync(), process.start())  # sync is HTTP only
        try:
            await check_numbers_are_refused_and_the_game_still_ends(pg_fake, None)
        finally:
            await process.stop()
        assert "Traceback" not in process.log(), process.log()


async def test_a_choice_value_outside_the_list_is_refused_in_the_users_language(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    choice = {"name": "period", "type": 3, "value": "period_forever"}
    refusal = await run(fake, "leaderboard", [choice], locale="da")
    assert refusal.ephemeral
    period = translate("da", "cmd.leaderboard.period.name")  # the option's name in Danish
    assert refusal.content == translate("da", "ui.err.option_choice", option=period)


# ----- stale command shapes --------------------------------------------------------------------
async def test_stale_command_shapes_say_the_command_was_updated_and_log_once(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    guild_id = fake.guild.id
    old = {"name": "scoreboard", "description": "Removed in this version", "type": 1}
    fake.state.commands.upsert(guild_id, old)
    for _ in range(3):
        gone = await run(fake, "scoreboard", channel=channel, locale="fi")
        assert gone.ephemeral
        assert gone.content == translate("fi", "error.command_updated")
    wrong_type = await run(fake, "round add", [integer("side1", 420)], channel=channel)
    assert wrong_type.content == UPDATED
    unknown = {"name": "side9", "type": 3, "value": "420"}
    assert (await run(fake, "round add", [unknown], channel=channel)).content == UPDATED
    missing = {"name": "side2", "type": 3, "value": "420"}  # required side1 left out
    assert (await run(fake, "round add", [missing], channel=channel)).content == UPDATED
    await wait_until(lambda: "/scoreboard was used" in bot.log())
    assert bot.log().count("/scoreboard was used") == 1


# ----- malformed envelopes and duplicates ------------------------------------------------------
def valid_payload(fake: FakeDiscord, command: str, options: dict[str, Any]) -> dict[str, Any]:
    where = fake._where(fake.user("alice"), fake.guild, None, "en-US")
    definition, path = fake._command(command, where)
    builder = OptionBuilder(where, fake.state.users, fake.state.attachments)
    payload = base_payload(fake.application.id, 2, where)
    payload["data"] = command_data(definition, path, options, builder, None)
    return payload


def _without(key: str) -> Any:
    return lambda p: {k: v for k, v in p.items() if k != key}


def _set(path: str, value: Any) -> Any:
    def change(payload: dict[str, Any]) -> dict[str, Any]:
        node = payload
        *parents, leaf = path.split(".")
        for part in parents:
            node = node[part]
        if value is _DELETE:
            del node[leaf]
        else:
            node[leaf] = value
        return payload

    return change


_DELETE = object()
MALFORMED = {
    "missing id": _without("id"),
    "missing token": _without("token"),
    "missing type": _without("type"),
    "missing data": _without("data"),
    "missing guild_id (member without guild)": _without("guild_id"),
    "missing channel_id": _without("channel_id"),
    "missing application_id": _without("application_id"),
    "missing member": _without("member"),
    "id not a number": _set("id", "abc"),
    "type as a string": _set("type", "2"),
    "unknown type": _set("type", 99),
    "token as a number": _set("token", 12345),
    "data as a list": _set("data", ["rules"]),
    "data without a name": _set("data.name", _DELETE),
    "options as an object": _set("data.options", {"question": "x"}),
    "option without a name": _set("data.options", [{"type": 3, "value": "x"}]),
    "member.user without id": _set("member.user.id", _DELETE),
    "guild_id not a snowflake": _set("guild_id", "guild-one"),
    "channel_id as a list": _set("channel_id", [1, 2]),
    "component without message": lambda p: {
        **p,
        "type": 3,
        "data": {"custom_id": "rules:melds:en:classic", "component_type": 2},
    },
    "modal submit with components as text": lambda p: {
        **p,
        "type": 5,
        "data": {"custom_id": "roundform:1:1:ab", "components": "side1=420"},
    },
    "not an object at all": lambda p: None,
}


async def test_malformed_interactions_are_skipped_and_the_bot_keeps_answering(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    before = bot.log().count("skipped a malformed")
    for change in MALFORMED.values():
        payload = change(copy.deepcopy(valid_payload(fake, "rules", {"question": "jokers"})))
        await fake.dispatch("INTERACTION_CREATE", payload, fake.guild.id)
    other_events = {
        "GUILD_CREATE": {"id": "not-a-guild"},
        "CHANNEL_UPDATE": {"id": None, "type": "text"},
        "GUILD_ROLE_CREATE": {"guild_id": str(fake.guild.id), "role": []},
    }
    for event, data in other_events.items():
        await fake.dispatch(event, data, fake.guild.id)
    answer = await run(fake, "count", {"cards": "joker A K"})
    assert answer.content.startswith("**80 points**")
    expected = len(MALFORMED) + len(other_events)
    await wait_until(lambda: bot.log().count("skipped a malformed") - before == expected)
    assert bot.process is not None
    assert bot.process.returncode is None


async def test_a_duplicate_delivery_is_answered_once_and_logged_without_error(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    handle = await fake.slash("count", {"cards": "A A K"})
    await fake.dispatch("INTERACTION_CREATE", handle.payload, fake.guild.id)
    await handle.response()
    await wait_until(lambda: f"interaction {handle.id} was delivered twice" in bot.log())
    assert handle.errors == []  # no second acknowledgement was even tried (no 40060)


# ----- buttons and forms: several open, and across a restart -----------------------------------
async def test_forms_and_buttons_work_side_by_side_and_after_a_restart(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    first = await fake.slash("round form", {}, user=fake.user("alice"), channel=channel)
    second = await fake.slash("round form", {}, user=fake.user("bob"), channel=channel)
    ids = {(await first.modal())["custom_id"], (await second.modal())["custom_id"]}
    assert len(ids) == 2  # each opening has its own id, so neither shadows the other
    stale_form = await fake.slash("round form", {}, user=fake.user("carol"), channel=channel)
    await stale_form.modal()
    question = await (await fake.slash("forgetme", user=fake.user("dave"))).response()
    rules = await (await fake.slash("rules", {"question": "what do the threes count"})).response()
    # a game in a channel of its own with a round, and its end prompt, before the restart
    other = fake.guild.add_channel(f"resilience-{next(_numbers)}")
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=other)
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100 50h"}, channel=other)
    end_prompt = await run(fake, "game end", channel=other)

    await bot.stop()
    await bot.start()

    # that game goes on where it was, and its prompt from before the restart still ends it
    round_two = await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=other)
    assert round_two.embeds[0]["title"] == "Round 2"
    assert "Total: **1200**" in round_two.embeds[0]["fields"][0]["value"]
    done = await (
        await fake.click(end_prompt, end_prompt.custom_ids[0], user=fake.user("alice"))
    ).response()
    assert done.embeds[0]["title"] == "Game over"
    assert "1200" in done.embeds[0]["description"]

    recorded = await (
        await fake.submit_modal(first, {"side1": "500 1n out", "side2": "120 1r 30h"})
    ).response()
    assert recorded.embeds[0]["title"] == "Round 1"
    late = await (await fake.submit_modal(second, {"side1": "90", "side2": "60"})).response()
    assert late.ephemeral
    assert late.content.startswith(
        "This form was for round 1, but the game has moved on: round 2 is next."
    )
    assert "`90`" in late.content
    assert late.embeds  # the current sheet
    cancelled = await (
        await fake.click(question, question.custom_ids[1], user=fake.user("dave"))
    ).response()
    assert cancelled.content == translate("en", "forget.cancelled")
    shown = await (await fake.click(rules, rules.custom_ids[0])).response()
    assert shown.embeds

    prompt = await run(fake, "game abandon", channel=channel)
    await (await fake.click(prompt, prompt.custom_ids[0], user=fake.user("alice"))).response()
    ended = await (await fake.submit_modal(stale_form, {"side1": "90", "side2": "60"})).response()
    assert ended.content.startswith("This form was for a game that is no longer running")


async def test_a_button_for_a_topic_or_version_that_is_gone_still_gets_an_answer(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    rules = await (
        await fake.slash("rules", {"question": "what do the threes count"}, locale="no")
    ).response()
    buttons = rules.raw["components"][0]["components"]
    buttons[0]["custom_id"] = "rules:long_gone_topic:no:classic"
    buttons[1]["custom_id"] = "forget_confirm_from_an_old_version"
    gone = await (await fake.click(rules, buttons[0]["custom_id"], locale="no")).response()
    assert gone.ephemeral
    assert gone.content.startswith("Det emnet finnes ikke lenger i reglene jeg kan.")
    assert gone.content.count("•") > 5  # the topics there are
    old = await (await fake.click(rules, buttons[1]["custom_id"], locale="no")).response()
    assert old.content == translate("no", "ui.component.expired")


# ----- Discord faults -----------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["429", "500"])
async def test_a_callback_fault_discord_py_retries_is_answered_and_recorded_once(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, kind: str
) -> None:
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    fault = fake.inject_fault("callback", kind)
    reply = await run(fake, "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel)
    assert fault.fired == 1
    assert reply.embeds[0]["title"] == "Round 1"
    after = await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=channel)
    assert after.embeds[0]["title"] == "Round 2"  # the retried callback recorded nothing twice


@pytest.mark.parametrize("kind", ["429_no_via", "hang"])
async def test_a_callback_that_fails_still_tells_the_player_and_nothing_doubles(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, kind: str
) -> None:
    """A 429 discord.py does not retry (no ``Via``), or an answer Discord applied but whose
    HTTP reply never came back: the round is stored once, and the player sees it, in the reply
    or posted in the channel instead; never "nothing was saved"."""
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    fault = fake.inject_fault("callback", kind, hang_seconds=0.5, apply=kind == "hang")
    handle = await fake.slash(
        "round add",
        {"side1": "400 1n out", "side2": "100"},
        user=fake.user("alice"),
        channel=channel,
    )

    def told() -> bool:
        posted = [m for m in fake.channel_messages(channel) if "Round 1" in str(m.embeds)]
        original = handle.record.original
        return bool(posted) or (original is not None and "Round 1" in str(original["embeds"]))

    await fake.wait_for(told, timeout=20)
    assert fault.fired == 1
    retry = await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=channel)
    assert retry.embeds[0]["title"] == "Round 2"  # round 1 was stored exactly once
    nothing_saved = translate("en", "error.unexpected")
    sent = [handle.record.original, *handle.record.followups, *fake.channel_messages(channel)]
    assert all(nothing_saved not in str(m) for m in sent if m is not None)


@contextlib.asynccontextmanager
async def write_lock_held(bot: BotProcess) -> AsyncIterator[None]:
    """Another process holds the bot's SQLite write lock for the block: the bot's writes wait."""
    locked, release = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()

    def hold_the_write_lock() -> None:
        with sqlite3.connect(bot.data_dir / "canasta.sqlite3", timeout=10) as other:
            other.execute("BEGIN IMMEDIATE")
            loop.call_soon_threadsafe(locked.set)
            asyncio.run_coroutine_threadsafe(release.wait(), loop).result(timeout=20)
            other.rollback()

    holder = asyncio.create_task(asyncio.to_thread(hold_the_write_lock))
    await locked.wait()
    try:
        yield
    finally:
        release.set()
        await holder


async def test_a_deferral_discord_took_but_never_confirmed_still_gets_the_answer(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    """A busy moment makes the command defer, and the deferral's HTTP answer is lost although
    Discord applied it: the answer sent after it is refused as a second acknowledgement, so it
    must edit in instead, or the player sees "thinking..." forever for a stored round."""
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    async with write_lock_held(bot):
        fault = fake.inject_fault("callback", "hang", hang_seconds=0.2, apply=True)
        handle = await fake.slash(
            "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel
        )
        await fake.wait_for(lambda: fault.fired == 1, timeout=10)  # the deferral took the fault
        await asyncio.sleep(0.5)  # its connection dropped

    def told() -> bool:
        posted = [m for m in fake.channel_messages(channel) if "Round 1" in str(m.embeds)]
        shown = [handle.record.original, *handle.record.followups]
        return bool(posted) or any(m is not None and "Round 1" in str(m) for m in shown)

    await fake.wait_for(told, timeout=20)
    retry = await run(fake, "round add", {"side1": "200", "side2": "300 1n out"}, channel=channel)
    assert retry.embeds[0]["title"] == "Round 2"  # round 1 was stored exactly once


@pytest.mark.parametrize("choice", ["yes", "no"])
async def test_a_confirm_press_that_waits_for_the_database_is_still_answered(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, choice: str
) -> None:
    """Another process holds the database's write lock for longer than Discord's 3 s: the
    press on "end the game" (or on "cancel") is acknowledged at once and the prompt then shows
    the outcome, instead of "This interaction failed" for a game that did end."""
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    await run(fake, "round add", {"side1": "400 1n out", "side2": "100"}, channel=channel)
    prompt = await run(fake, "game end", channel=channel)
    button = prompt.custom_ids[0 if choice == "yes" else 1]
    async with write_lock_held(bot):
        press = await fake.click(prompt, button, user=fake.user("alice"))
        await press.acknowledged(timeout=5)  # within Discord's 3 s, while still locked
    shown = await press.response(timeout=20)
    assert not press.record.expired
    if choice == "yes":
        assert shown.embeds[0]["title"] == "Game over"
    else:
        assert shown.content == translate("en", "ui.confirm.cancelled")


# ----- a rejected token ---------------------------------------------------------------------
@pytest.mark.parametrize("where", ["rest", "gateway"])
async def test_a_rejected_token_ends_with_one_clear_line(
    tmp_path: Path, where: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In this process (a second bot process would cost seconds), the same code path as
    ``canasta-bot run``: a token refused over REST (401) or at IDENTIFY (close 4004). The cogs
    are left out: loading them (the rules index) takes seconds and has nothing to do with it."""
    monkeypatch.setattr("bot.discord_app.client.discover_extensions", lambda: ())
    async with FakeDiscord(wait_timeout=20) as other:
        env = {**other.env(), "CANASTA_DATA_DIR": str(tmp_path)}
        if where == "rest":
            env["DISCORD_TOKEN"] = "not-the-token"
        else:
            other.state.config.reject_identify = True
        saved = current_endpoints()
        try:
            with pytest.raises(TokenRejectedError) as raised:
                await asyncio.wait_for(run_bot(Settings.from_env(env)), 30)
        finally:
            point_discord_py_at(*saved)
    detail = "HTTP 401" if where == "rest" else "gateway close 4004"
    assert str(raised.value).startswith(f"Discord rejected the token ({detail})")
    assert "not-the-token" not in str(raised.value)
    assert not [r for r in caplog.records if r.exc_info], "no traceback in the log"


# ----- fuzzing ---------------------------------------------------------------------------------
FUZZ_COUNT = 500


async def test_fuzzed_interactions_are_all_answered_and_nothing_breaks(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    """~500 seeded random interactions (``benchmarks/fuzz_interactions.py`` runs 10,000)."""
    channels = [fake.guild.add_channel(f"fuzz-{i}") for i in range(4)]
    users = [fake.user(name) for name in ("alice", "bob", "carol", "dave")]
    fuzzer = InteractionFuzzer(fake, seed=15, channels=channels, users=users)
    try:
        report = await fuzzer.run(FUZZ_COUNT, concurrency=8)
    finally:
        # The fuzzer's /settings may leave the shared server with a default variant or a
        # manager role (the last of its eight lanes wins): put both back, or the modules after
        # this one meet another default variant and game starts refused to their players.
        for reset in ("reset_variant", "reset_role"):
            await run(fake, "settings", {"reset": reset}, channel=channels[0])
    assert report.unanswered == [], report.line()
    assert report.sent > FUZZ_COUNT * 0.8
    assert report.malformed > 0
    assert bot.process is not None
    assert bot.process.returncode is None
    log = bot.log()
    assert "Traceback" not in log, log[-5000:]
    assert "Task exception was never retrieved" not in log
