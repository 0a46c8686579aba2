"""End-to-end tests: an unmodified discord.py client against the fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from pathlib import Path

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.devtools.fake_discord import FakeDiscord, FakeGuild, FakeUser
from bot.devtools.fake_discord.models import PIN_MESSAGES, SEND_MESSAGES, VIEW_CHANNEL
from bot.discord_app.endpoints import DISCORD_API_BASE, current_endpoints, point_discord_py_at

from .conftest import RunningBot

REPO = Path(__file__).resolve().parents[2]


def test_point_discord_py_at_sets_and_restores_endpoints() -> None:
    saved = current_endpoints()
    try:
        point_discord_py_at("http://127.0.0.1:1/api/v10/", "ws://127.0.0.1:1/gateway")
        assert current_endpoints() == ("http://127.0.0.1:1/api/v10", "ws://127.0.0.1:1/gateway")
        point_discord_py_at(None, None)
        assert current_endpoints()[0] == "http://127.0.0.1:1/api/v10"
        point_discord_py_at()
        assert current_endpoints()[0] == DISCORD_API_BASE
    finally:
        point_discord_py_at(*saved)


async def test_connects_gets_ready_and_guilds(fake: FakeDiscord, bot: RunningBot) -> None:
    await asyncio.wait_for(bot.client.wait_until_ready(), 5)
    guild = bot.client.get_guild(fake.guild.id)
    assert guild is not None
    assert guild.name == "Canasta Club"
    assert guild.preferred_locale is discord.Locale.american_english
    assert [c.name for c in guild.text_channels] == ["general"]
    assert bot.client.user is not None
    assert bot.client.user.id == fake.application.id
    assert fake.is_connected
    assert fake.is_ready
    identify = fake.recorder.received_ops(2)[0].d
    assert identify["intents"] == discord.Intents.default().value
    assert "token" not in identify  # never recorded
    assert [f.t for f in fake.recorder.frames if f.t][:2] == ["READY", "GUILD_CREATE"]
    assert fake.unknown_routes == []


async def test_sync_stores_commands(fake: FakeDiscord, bot: RunningBot) -> None:
    stored = {c["name"]: c for c in fake.commands()}
    assert set(stored) == {
        "score",
        "slow",
        "slowfollow",
        "twice",
        "late",
        "buttons",
        "meld",
        "game",
    }
    points = stored["score"]["options"][0]
    assert points["name"] == "points"
    assert [c["value"] for c in points["choices"]] == [50, 100]
    assert stored["game"]["options"][0]["type"] == 1
    fetched = await bot.tree.fetch_commands()
    assert {c.name for c in fetched} == set(stored)
    assert {c.id for c in fetched} == {int(c["id"]) for c in stored.values()}


class DanishUpperCase(app_commands.Translator):
    """Localizes the command name with an upper-case letter, which Discord refuses."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        is_name = context.location is app_commands.TranslationContextLocation.command_name
        if is_name and locale is discord.Locale.danish and string.message == "broken":
            return "Ødelagt"
        return None


@pytest.mark.parametrize(
    "breakage",
    ["upper-case name", "33-character name", "26 choices", "bad localization"],
)
async def test_invalid_commands_are_refused_like_discord(
    fake: FakeDiscord, bot: RunningBot, breakage: str
) -> None:
    @app_commands.command(name="broken", description="Broken on purpose")
    async def broken(interaction: discord.Interaction, pick: int) -> None:
        raise AssertionError("never invoked")

    field = "name"
    if breakage == "upper-case name":
        broken.name = "Broken"
    elif breakage == "33-character name":
        broken.name = "x" * 33
    elif breakage == "26 choices":
        broken._params["pick"].choices = [
            app_commands.Choice(name=f"c{i}", value=i) for i in range(26)
        ]
        field = "options.0.choices"
    else:
        await bot.tree.set_translator(DanishUpperCase())
        field = "name_localizations.da"
    bot.tree.add_command(broken)
    before = list(fake.commands())
    with pytest.raises(discord.HTTPException) as raised:
        await bot.tree.sync()
    assert raised.value.status == 400
    assert raised.value.code == 50035
    refused_request = fake.recorder.errors[-1]
    index = str([c["name"] for c in refused_request.body].index(broken.name))
    refused = refused_request.response
    assert refused["message"] == "Invalid Form Body"
    node = refused["errors"][index]
    for part in field.split("."):
        node = node[part]
    assert node["_errors"][0]["code"]
    assert fake.commands() == before  # nothing was stored


async def test_invalid_locale_key_and_required_order_via_raw_http(fake: FakeDiscord) -> None:
    url = f"{fake.api_base}/applications/{fake.application.id}/commands"
    command = {
        "name": "ok",
        "description": "fine",
        "name_localizations": {"xx": "ok"},
        "options": [
            {"type": 3, "name": "a", "description": "a", "required": False},
            {"type": 3, "name": "b", "description": "b", "required": True},
        ],
    }
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.put(url, json=[command], headers=headers) as response:
            assert response.status == 400
            assert response.headers["Content-Type"] == "application/json"
            body = await response.json()
        async with session.get(f"{fake.api_base}/nope", headers=headers) as response:
            assert response.status == 404
            assert (await response.json())["message"] == "404: Not Found"
        async with session.get(f"{fake.api_base}/users/@me") as response:
            assert response.status == 401
    assert body["code"] == 50035
    assert "xx" in body["errors"]["0"]["name_localizations"]
    assert "required" in body["errors"]["0"]["options"]["1"]
    assert [r.path for r in fake.unknown_routes] == ["/api/v10/nope"]


async def test_slash_reaches_command_with_options_and_locale(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    bob = fake.user("bob")
    ix = await fake.slash("score", {"points": 100, "player": bob}, locale="da")
    message = await ix.response()
    assert message.content == f"score:{bob.id}:100:da"
    assert not message.ephemeral
    assert ix.callback_type == 4
    name, args = bot.seen.calls[-1]
    assert name == "score"
    assert args["points"] == 100
    assert args["locale"] == "da"
    assert isinstance(args["player"], discord.Member)
    assert args["player"].id == bob.id
    with pytest.raises(ValueError, match="choices"):
        await fake.slash("score", {"points": 7, "player": bob})


async def test_subcommand_path(fake: FakeDiscord, bot: RunningBot) -> None:
    ix = await fake.slash("game start", {"players": 4})
    assert (await ix.response()).content == "started with 4"


async def test_deferred_response_is_recorded_after_edit(fake: FakeDiscord, bot: RunningBot) -> None:
    ix = await fake.slash("slow")
    message = await ix.response()
    assert ix.callback_type == 5
    assert message.content == "slow done"
    assert not message.loading
    assert message.attachment_data("hello.txt") == b"hello"
    patch = [r for r in fake.requests if r.method == "PATCH" and "@original" in r.path]
    assert patch
    assert patch[0].files[0].filename == "hello.txt"


async def test_reply_is_the_first_answer_the_user_sees(fake: FakeDiscord, bot: RunningBot) -> None:
    edited = await fake.slash("slow")
    assert (await edited.reply()).content == "slow done"
    followed = await fake.slash("slowfollow")
    assert (await followed.reply()).content == "follow-up done"
    assert followed.callback_type == 5
    twice = await fake.slash("twice")
    assert (await twice.reply()).content == "first"
    for handle in (edited, followed, twice):
        seconds = handle.reply_seconds
        assert seconds is not None
        assert seconds >= 0


async def test_second_acknowledgement_fails_with_40060(fake: FakeDiscord, bot: RunningBot) -> None:
    ix = await fake.slash("twice")
    assert (await ix.response()).content == "first"
    followups = await ix.followups(1)
    assert followups[0].content == "second ack refused: 40060"
    assert bot.seen.codes == [40060]
    assert ix.errors == [(400, 40060, "Interaction has already been acknowledged.")]


async def test_reply_after_the_window_fails_with_10062(fake: FakeDiscord, bot: RunningBot) -> None:
    fake.ack_timeout = 0.2
    ix = await fake.slash("late")
    assert await ix.expired(timeout=5)
    bot.seen.release_late.set()
    await asyncio.wait_for(bot.seen.late_done.wait(), 5)
    assert bot.seen.codes == [10062]
    assert (await ix.error(10062))[:2] == (404, 10062)
    assert ix.callback_type is None


async def test_dropped_connection_is_resumed(fake: FakeDiscord, bot: RunningBot) -> None:
    session = fake.session()
    assert session is not None
    await fake.drop_connection()
    # Dispatched while the bot is away: must be replayed on RESUME.
    ix = await fake.slash("game start", {"players": 2})
    await fake.wait_for_resume(timeout=5)
    await asyncio.wait_for(bot.seen.resumed.wait(), 5)
    assert (await ix.response()).content == "started with 2"
    assert fake.identify_count == 1
    resume = fake.recorder.received_ops(6)
    assert len(resume) == 1
    assert resume[0].d["session_id"] == session.session_id
    assert fake.recorder.sent_events("RESUMED")
    assert fake.session() is session


async def test_button_click_round_trip(fake: FakeDiscord, bot: RunningBot) -> None:
    shown = await (await fake.slash("buttons")).response()
    assert shown.custom_ids == ["press", "ask"]
    click = await fake.click(shown, "press", user=fake.user("bob"))
    updated = await click.response()
    assert click.callback_type == 7
    assert updated.id == shown.id
    assert updated.content == "pressed by bob"
    assert bot.seen.calls[-1] == ("press", {"user": fake.user("bob").id})


async def test_modal_submit_round_trip(fake: FakeDiscord, bot: RunningBot) -> None:
    shown = await (await fake.slash("buttons")).response()
    ask = await fake.click(shown, "ask")
    modal = await ask.modal()
    assert modal["custom_id"] == "answer-modal"
    assert modal["title"] == "Your answer"
    submitted = await fake.submit_modal(ask, {"answer": "red threes"})
    reply = await submitted.response()
    assert reply.content == "answer:red threes"
    assert reply.ephemeral
    assert bot.seen.calls[-1] == ("modal", {"answer": "red threes"})


async def test_autocomplete_returns_choices(fake: FakeDiscord, bot: RunningBot) -> None:
    ix = await fake.autocomplete("meld", {"card": "t"}, focused="card")
    choices = await ix.choices()
    assert choices == [{"name": "Two", "value": "two"}, {"name": "Three", "value": "three"}]
    assert ix.callback_type == 8


async def test_bot_in_a_separate_process(fake: FakeDiscord) -> None:
    env = {**os.environ, **fake.env(), "SAMPLE_BOT_SYNC": "1", "PYTHONPATH": str(REPO)}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.devtools.sample_bot",
        cwd=REPO,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_until_ready(timeout=20)
        await fake.wait_for(lambda: fake.commands(), timeout=20)
        bob = fake.user("bob")
        ix = await fake.slash("score", {"points": 50, "player": bob}, locale="nl")
        assert (await ix.response(timeout=10)).content == f"score:{bob.id}:50:nl"
    finally:
        if process.returncode is None:
            process.terminate()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), 10)
        if process.returncode is None:
            process.kill()
            await process.wait()


class QuickShardedClient(discord.AutoShardedClient):
    """Skips discord.py's 5-second pause between shard IDENTIFYs (a real-Discord limit)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_sharded_client_gets_its_gateway_from_the_fake() -> None:
    guilds = []
    for index in range(4):
        owner = FakeUser(username=f"owner{index}")
        guild = FakeGuild(name=f"guild{index}", owner_id=owner.id)
        guild.add_channel("general")
        guild.add_member(owner)
        guilds.append(guild)
    saved = current_endpoints()
    async with FakeDiscord(guilds=guilds, shard_count=2) as fake:
        # DEFAULT_GATEWAY points nowhere: the URL must come from GET /gateway/bot.
        point_discord_py_at(fake.api_base, "ws://127.0.0.1:1/nowhere")
        client = QuickShardedClient(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        task = asyncio.create_task(client.start(fake.token))
        try:
            await fake.wait_until_ready(timeout=10)
            await asyncio.wait_for(client.wait_until_ready(), 10)
            assert client.shard_count == 2
            assert sorted(g.name for g in client.guilds) == [g.name for g in guilds]
            assert fake.identify_count == 2
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)
            point_discord_py_at(*saved)


# ----- faults on demand ------------------------------------------------------------------------
async def test_callback_429_with_via_is_retried_and_answered_once(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    fault = fake.inject_fault("callback", "429", retry_after=0.05)
    ix = await fake.slash("game start", {"players": 4})
    assert (await ix.response()).content == "started with 4"
    assert fault.fired == 1
    statuses = [r.status for r in fake.requests if r.path.endswith("/callback")]
    assert statuses[0] == 429
    assert statuses[1:] in ([200], [204])  # the retry went through


async def test_callback_429_without_via_is_not_retried(fake: FakeDiscord, bot: RunningBot) -> None:
    fake.inject_fault("callback", "429_no_via")
    fake.ack_timeout = 0.5
    ix = await fake.slash("game start", {"players": 4})
    assert await ix.expired(timeout=5)
    assert [r.status for r in fake.requests if r.path.endswith("/callback")] == [429]
    assert ix.callback_type is None  # discord.py took it for a Cloudflare ban and gave up


async def test_callback_500_is_retried(fake: FakeDiscord, bot: RunningBot) -> None:
    fake.inject_fault("callback", "500")
    ix = await fake.slash("game start", {"players": 4})
    assert (await ix.response(timeout=10)).content == "started with 4"
    statuses = [r.status for r in fake.requests if r.path.endswith("/callback")]
    assert statuses[0] == 500
    assert len(statuses) == 2


async def test_hang_then_drop_can_apply_the_call_before_dropping(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    fake.inject_fault("callback", "hang", hang_seconds=0.2, apply=True)
    ix = await fake.slash("game start", {"players": 4})
    await fake.wait_for(lambda: ix.record.callback is not None)
    assert ix.record.original is not None  # Discord shows the reply; the bot never heard back
    assert [r.response for r in fake.requests if r.path.endswith("/callback")] == [
        {"fault": "hang"}
    ]


async def test_an_interaction_not_acknowledged_in_time_is_recorded_as_failed(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    fake.ack_timeout = 0.2
    ix = await fake.slash("late")
    assert await ix.expired(timeout=5)
    assert fake.failed_interactions == [ix.record]
    assert fake.interaction_counts()["failed"] == 1
    bot.seen.release_late.set()
    await asyncio.wait_for(bot.seen.late_done.wait(), 5)


async def test_webhook_faults_hit_the_edit_of_a_deferred_response(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    fault = fake.inject_fault("edit", "429", times=2, retry_after=0.02)
    ix = await fake.slash("slow")
    message = await ix.response()
    assert message.content == "slow done"  # discord.py waited out both rate limits
    assert fault.fired == 2
    patches = [r.status for r in fake.requests if r.method == "PATCH" and "@original" in r.path]
    assert patches == [429, 429, 200]


async def test_pins_need_pin_messages_and_post_the_system_notice(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    """discord.py's own ``Message.pin``/``unpin``/``pins`` (the routes under
    ``messages/pins``), refused with 50013 until the channel lets the bot pin."""
    await asyncio.wait_for(bot.client.wait_until_ready(), 5)
    channel = bot.client.get_partial_messageable(fake.channel.id, guild_id=fake.guild.id)
    message = await channel.send("board")
    with pytest.raises(discord.Forbidden) as refused:
        await message.pin()
    assert refused.value.code == 50013
    fake.channel.bot_allow = PIN_MESSAGES
    await message.pin()
    await message.pin()  # pinning a pinned message changes nothing
    stored = {m.id: m for m in fake.channel_messages()}
    assert stored[message.id].raw["pinned"] is True
    notices = [m for m in stored.values() if m.raw["type"] == 6]
    assert len(notices) == 1
    assert notices[0].raw["message_reference"]["message_id"] == str(message.id)
    assert [m.id async for m in channel.pins()] == [message.id]
    await message.unpin()
    assert [m.id async for m in channel.pins()] == []


async def test_channel_overwrites_refuse_sending_and_deleted_messages_are_unknown(
    fake: FakeDiscord, bot: RunningBot
) -> None:
    await asyncio.wait_for(bot.client.wait_until_ready(), 5)
    channel = bot.client.get_partial_messageable(fake.channel.id, guild_id=fake.guild.id)
    message = await channel.send("board")
    await message.delete()
    with pytest.raises(discord.NotFound) as gone:
        await message.edit(content="again")
    assert gone.value.code == 10008
    fake.channel.bot_deny = SEND_MESSAGES
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("more")
    assert refused.value.code == 50013
    fake.channel.bot_deny = VIEW_CHANNEL
    with pytest.raises(discord.Forbidden) as hidden:
        await channel.send("more")
    assert hidden.value.code == 50001
