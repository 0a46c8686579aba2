"""Server-level commands end to end: leaderboard, stats, history, export, settings, forget me,
and the server join/leave lifecycle, against the real ``canasta-bot run`` process.

One bot process serves the whole module (starting one takes seconds). Finished games are seeded
through the game service into the bot's own database file before it starts: these views only
read them. Tests run in file order and the ones that change state (settings, forget me, leaving a
server) come last and put back what later tests rely on.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.devtools.fake_discord import (
    MANAGE_GUILD,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    SentMessage,
)
from bot.devtools.fake_discord.payloads import guild_payload
from bot.devtools.fake_discord.snowflakes import new_snowflake
from bot.games import (
    PlayerSpec,
    SideSpec,
    get_settings,
    mark_guild_left,
    past_games,
    record_round,
    start_game,
)
from bot.storage.engine import Database
from bot.storage.migrate import upgrade
from tests.e2e.harness import BotProcess, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="module")

LOCALES = ("en-US", "no", "da", "fi")
OUT = {"meld_points": 300, "natural_canastas": 1, "went_out": "normal"}
OUT_TWO = {"meld_points": 300, "natural_canastas": 2, "went_out": "normal"}
STUCK = {"meld_points": 100, "hand_points": 50}


GONE_OFFLINE = new_snowflake()


@dataclass
class World:
    fake: FakeDiscord
    bot: BotProcess
    db: Database
    guild: FakeGuild
    users: dict[str, FakeUser]
    games: dict[str, int]

    def mention(self, name: str) -> str:
        return f"<@{self.users[name].id}>"

    async def slash(self, command: str, options: dict[str, Any] | None = None, **kw: Any) -> Any:
        user = kw.pop("user", "alice")
        return await self.fake.slash(command, options or {}, user=self.users[user], **kw)


def build_guild() -> tuple[FakeGuild, dict[str, FakeUser]]:
    """Alice owns the server; Bob holds a plain role (no permissions); Carol, Dave, Erik play."""
    users = {
        name: FakeUser(username=name, global_name=name.title())
        for name in ("alice", "bob", "carol", "dave", "erik", "frida")
    }
    guild = FakeGuild(name="Canasta Club", preferred_locale="en-US", owner_id=users["alice"].id)
    guild.add_channel("general")
    guild.add_channel("kitchen")
    guild.add_member(users["alice"], permissions=MANAGE_GUILD)
    for name in ("bob", "carol", "dave", "erik", "frida"):
        guild.add_member(users[name])
    guild.members[users["bob"].id].role_id = new_snowflake()
    return guild, users


def side(name: str, *players: FakeUser) -> SideSpec:
    return SideSpec(name, [PlayerSpec(p.id, p.global_name or p.username) for p in players])


async def seed(db: Database, guild: FakeGuild, u: dict[str, FakeUser]) -> dict[str, int]:
    """Three finished games (two classic in #general, one two-player in #kitchen) and a
    running one in #kitchen. Wins: Bob 3, Dave 1, Alice 1, Carol 0."""
    general, kitchen = guild.channels[0].id, guild.channels[1].id
    games: dict[str, int] = {}

    async def play(
        key: str, channel: int, variant: str, target: int | None, sides: list[SideSpec], rounds: Any
    ) -> None:
        info = await start_game(
            db,
            guild_id=guild.id,
            channel_id=channel,
            actor_id=u["alice"].id,
            variant_id=variant,
            sides=sides,
            target=target,
        )
        games[key] = info.id
        for entry in rounds:
            await record_round(
                db, guild_id=guild.id, channel_id=channel, actor_id=u["alice"].id, sides=entry
            )

    ab, cd = side("Us", u["alice"], u["bob"]), side("Them", u["carol"], u["dave"])
    await play("first", general, "classic", 1000, [ab, cd], [[OUT, STUCK]] * 2)
    duel = [side("Alice", u["alice"]), side("Bob", u["bob"])]
    await play("duel", kitchen, "two-player", 500, duel, [[STUCK, OUT_TWO]])
    ac, bd = side("Us", u["alice"], u["carol"]), side("Them", u["bob"], u["dave"])
    await play("second", general, "classic", 1000, [ac, bd], [[STUCK, OUT]] * 2)
    await play("running", kitchen, "classic", None, [ab, cd], [[OUT, STUCK]])
    return games


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    guild, users = build_guild()
    data_dir: Path = tmp_path_factory.mktemp("server-commands")
    url = f"sqlite+aiosqlite:///{(data_dir / 'canasta.sqlite3').resolve()}"
    await upgrade(url)
    db = Database(url)
    games = await seed(db, guild, users)
    # a server that removed the bot while it was offline: its game is here, Discord lists it not
    await start_game(db, guild_id=GONE_OFFLINE, channel_id=new_snowflake(), actor_id=1)
    async with FakeDiscord(guilds=[guild], wait_timeout=20) as fake:
        env = {"CANASTA_LEAVE_GRACE_DAYS": "1", "CANASTA_PURGE_INTERVAL_SECONDS": "1"}
        process = BotProcess(fake, data_dir, env)
        # global commands only (one sync, not two): every server sees them, /forgetme in DMs too;
        # sync is HTTP only, so it runs while the bot starts
        (code, out, err), _ = await asyncio.gather(process.run_cli("sync"), process.start())
        assert code == 0, out + err
        # discord.py waits for late GUILD_CREATEs before on_ready; one sent meanwhile would
        # count as part of start-up, not as a join. The bot logs when it is ready.
        await wait_until(lambda: "ready as" in process.log(), timeout=20)
        try:
            yield World(fake, process, db, guild, users, games)
        finally:
            await process.stop()
            await db.dispose()
        log = process.log()
        assert "Traceback" not in log, log
        assert fake.token not in log, "the token must never be logged"


def embed(message: SentMessage) -> dict[str, Any]:
    assert message.embeds, message
    return message.embeds[0]


def button(message: SentMessage, label: str) -> str:
    for custom_id in message.custom_ids:
        if message.component(custom_id).get("label") == label:
            return custom_id
    raise KeyError(label)


# ----- leaderboard -----------------------------------------------------------------------------
LEADERBOARD = {
    "en-US": ("Leaderboard", "played 3 · won 3 (100%)", "All variants · All time · order: Wins"),
    "no": (
        "Toppliste",
        "spilt 3 · vunnet 3 (100\xa0%)",
        "Alle varianter · Hele tiden · rekkefølge: Seire",
    ),
    "da": (
        "Rangliste",
        "spillet 3 · vundet 3 (100\xa0%)",
        "Alle varianter · Hele tiden · rækkefølge: Sejre",
    ),
    "fi": (
        "Tulostaulu",
        "pelejä 3 · voittoja 3 (100\xa0%)",
        "Kaikki muunnelmat · Koko ajalta · järjestys: Voitot",
    ),
}


@pytest.mark.parametrize("locale", LOCALES)
async def test_leaderboard_ranks_players_in_the_users_language(world: World, locale: str) -> None:
    message = await (await world.slash("leaderboard", locale=locale)).response()
    title, bob_row, footer = LEADERBOARD[locale]
    board = embed(message)
    assert not message.ephemeral
    assert board["title"] == title
    lines = board["description"].splitlines()
    assert lines[0] == f"**1.** {world.mention('bob')}"
    assert lines[1].startswith(bob_row)
    assert [line.split()[1] for line in lines[::2]] == [
        world.mention(name) for name in ("bob", "dave", "alice", "carol")
    ]
    assert board["footer"]["text"] == footer


async def test_leaderboard_by_partnership(world: World) -> None:
    message = await (
        await world.slash("leaderboard", {"by": "lb_partnership"}, locale="no")
    ).response()
    board = embed(message)
    assert board["title"] == "Toppliste: makkerpar"
    pairs = [line.split(" ", 1)[1] for line in board["description"].splitlines()[::2]]
    assert len(pairs) == 4
    m = world.mention
    assert f"{m('alice')} & {m('bob')}" in pairs or f"{m('bob')} & {m('alice')}" in pairs
    assert any(m("carol") in p and m("dave") in p for p in pairs)


async def test_leaderboard_variant_filter_and_other_orders(world: World) -> None:
    message = await (
        await world.slash(
            "leaderboard",
            {"variant": "two-player", "sort": "sort_rating", "period": "period_month"},
            locale="da",
        )
    ).response()
    board = embed(message)
    names = [line.split()[1] for line in board["description"].splitlines()[::2]]
    assert names == [world.mention("bob"), world.mention("alice")]
    assert board["footer"]["text"] == ("Klassisk for 2 spillere · Denne måned · rækkefølge: Rating")


async def test_leaderboard_with_nothing_to_show_says_so_privately(world: World) -> None:
    message = await (await world.slash("leaderboard", {"variant": "cuban"}, locale="fi")).response()
    assert message.ephemeral
    assert message.content.startswith("Täällä ei ole vielä päättyneitä pelejä.")


# ----- stats -----------------------------------------------------------------------------------
STATS = {
    "en-US": ("Statistics: Bob", "Number 1 of 4 by wins", "Win rate", "100%", "Partners"),
    "no": ("Statistikk: Bob", "Nummer 1 av 4 etter seire", "Vinnerprosent", "100\xa0%", "Makkere"),
    "da": ("Statistik: Bob", "Nummer 1 af 4 efter sejre", "Vinderprocent", "100\xa0%", "Makkere"),
    "fi": ("Tilastot: Bob", "Sijalla 1/4 voittojen mukaan", "Voittoprosentti", "100\xa0%", "Parit"),
}


@pytest.mark.parametrize("locale", LOCALES)
async def test_stats_of_a_player(world: World, locale: str) -> None:
    handle = await world.slash("stats", {"player": world.users["bob"]}, locale=locale)
    card = embed(await handle.response())
    title, rank, rate_name, rate, partners = STATS[locale]
    assert (card["title"], card["description"]) == (title, rank)
    fields = {f["name"]: f["value"] for f in card["fields"]}
    assert fields[rate_name] == rate
    assert world.mention("alice") in fields[partners]
    assert world.mention("dave") in fields[partners]


async def test_stats_default_to_the_invoker_and_refuse_privately_without_games(
    world: World,
) -> None:
    card = embed(await (await world.slash("stats", user="carol", locale="da")).response())
    assert card["title"] == "Statistik: Carol"
    assert card["description"] == "Nummer 4 af 4 efter sejre"
    message = await (await world.slash("stats", user="erik", locale="no")).response()
    assert message.ephemeral
    assert message.content == (
        f"{world.mention('erik')} har ingen ferdige spill på denne serveren ennå."
    )


# ----- history and export ----------------------------------------------------------------------
async def test_history_of_the_channel_and_of_the_server(world: World) -> None:
    games = world.games
    board = embed(await (await world.slash("history", locale="fi")).response())
    assert board["title"] == "Tämän kanavan pelit"
    lines = board["description"].splitlines()
    assert lines[0].startswith(f"**#{games['second']}** · Klassinen (4 pelaajaa, kaksi paria)")
    assert lines[1] == "Us 100 – Them 1\xa0800 · 🏆 Them"
    assert lines[2].startswith(f"**#{games['first']}**")
    assert len(lines) == 4
    assert board["footer"]["text"] == "Lataa peli komennolla /vie"

    board = embed(await (await world.slash("history", {"server": True})).response())
    assert board["title"] == "Games in this server"
    text = board["description"]
    assert text.startswith(f"**#{games['running']}**")
    assert "running (rounds so far: 1)" in text
    assert f"<#{world.guild.channels[1].id}>" in text
    assert text.count("**#") == 4


async def test_export_of_the_channels_last_game_as_csv(world: World) -> None:
    handle = await world.slash("export", locale="no")
    message = await handle.response()
    game = world.games["second"]
    assert message.ephemeral
    assert message.content == f"Spill nr. {game}:"
    rows = list(
        csv.DictReader(io.StringIO(message.attachment_data(f"canasta-game-{game}.csv").decode()))
    )
    assert [(r["game_id"], r["round"], r["side"]) for r in rows] == [
        (str(game), "1", "1"),
        (str(game), "1", "2"),
        (str(game), "2", "1"),
        (str(game), "2", "2"),
    ]
    assert rows[-1]["total"] == "1800"


async def test_export_of_a_game_by_number_and_of_the_server_as_json(world: World) -> None:
    duel = world.games["duel"]
    handle = await world.slash("export", {"game": duel, "format": "format_json"})
    data = json.loads((await handle.response()).attachment_data(f"canasta-game-{duel}.json"))
    assert data["variant"] == "two-player"
    assert len(data["rounds"]) == 1

    handle = await world.slash("export", {"server": True, "format": "format_json"}, locale="da")
    message = await handle.response()
    assert message.content == "Alle spil på denne server:"
    data = json.loads(message.attachment_data(f"canasta-server-{world.guild.id}.json"))
    assert sorted(g["id"] for g in data["games"]) == sorted(world.games.values())


async def test_export_refusals_are_private_and_localised(world: World) -> None:
    message = await (await world.slash("export", {"game": 999_999}, locale="fi")).response()
    assert message.ephemeral
    assert "999999" in message.content
    assert "Traceback" not in message.content


# ----- settings --------------------------------------------------------------------------------
REFUSAL = {
    "en-US": "Only members with Manage Server may change the server settings.",
    "no": "Bare medlemmer med Administrer server kan endre serverinnstillingene.",
    "da": "Kun medlemmer med Administrer server kan ændre serverindstillingerne.",
    "fi": (
        "Vain jäsenet, joilla on Hallitse palvelinta -oikeus, voivat muuttaa palvelimen asetuksia."
    ),
}


@pytest.mark.parametrize("locale", LOCALES)
async def test_settings_refused_for_a_member_without_manage_server(
    world: World, locale: str
) -> None:
    handle = await world.slash("settings", {"language": "fi"}, user="bob", locale=locale)
    message = await handle.response()
    assert message.ephemeral
    assert message.content == REFUSAL[locale]
    assert (await get_settings(world.db, world.guild.id, fresh=True)).language == "en"


async def test_server_language_answers_users_whose_language_we_do_not_speak(
    world: World,
) -> None:
    board = embed(await (await world.slash("leaderboard", user="erik", locale="de")).response())
    assert board["title"] == "Leaderboard"

    message = await (await world.slash("settings", {"language": "da"})).response()
    assert not message.ephemeral
    assert message.content == f"{world.mention('alice')} changed the server settings:"
    assert (await get_settings(world.db, world.guild.id, fresh=True)).language == "da"

    shown = await (await world.slash("settings", user="erik", locale="de")).response()
    assert shown.ephemeral
    assert embed(shown)["title"] == "Serverindstillinger"
    board = embed(await (await world.slash("leaderboard", user="erik", locale="de")).response())
    assert board["title"] == "Rangliste"
    # A user whose own language we speak keeps it.
    board = embed(await (await world.slash("leaderboard", user="erik", locale="fi")).response())
    assert board["title"] == "Tulostaulu"

    await (await world.slash("settings", {"language": "en"})).response()


async def test_manager_role_lets_its_members_change_settings(world: World) -> None:
    role = world.guild.members[world.users["bob"].id].role_id
    assert role is not None
    await (await world.slash("settings", {"manager_role": role})).response()
    assert (await get_settings(world.db, world.guild.id, fresh=True)).manager_role_id == role

    message = await (
        await world.slash("settings", {"variant": "cuban"}, user="bob", locale="no")
    ).response()
    assert not message.ephemeral
    assert message.content == f"{world.mention('bob')} endret serverinnstillingene:"
    fields = {f["name"]: f["value"] for f in embed(message)["fields"]}
    assert fields["Standardvariant"] == "Kubansk canasta"
    assert fields["Lederrolle"] == f"<@&{role}>"

    refused = await (
        await world.slash("settings", {"reset": "reset_variant"}, user="dave", locale="da")
    ).response()
    assert refused.ephemeral
    assert refused.content == (
        f"Kun medlemmer med Administrer server eller rollen <@&{role}> kan ændre "
        "serverindstillingerne."
    )
    conflict = await (
        await world.slash("settings", {"variant": "classic", "reset": "reset_variant"})
    ).response()
    assert conflict.ephemeral

    await (await world.slash("settings", {"reset": "reset_role"}, user="bob")).response()
    await (await world.slash("settings", {"reset": "reset_variant"})).response()
    settings = await get_settings(world.db, world.guild.id, fresh=True)
    assert (settings.default_variant, settings.manager_role_id) == (None, None)


# ----- forget me -------------------------------------------------------------------------------
async def test_forgetme_only_the_asker_can_answer_and_cancel_changes_nothing(
    world: World,
) -> None:
    question = await (await world.slash("forgetme", user="dave", locale="fi")).response()
    assert question.ephemeral
    assert question.content.startswith("Tämä korvaa Discord-tilisi nimettömällä nimellä")
    stranger = await world.fake.click(
        question, button(question, "Unohda minut"), user=world.users["alice"], locale="en-US"
    )
    refusal = await stranger.response()
    assert refusal.ephemeral
    assert refusal.content == f"Only {world.mention('dave')} can answer this question."

    cancelled = await (
        await world.fake.click(question, button(question, "Peruuta"), user=world.users["dave"])
    ).response()
    assert cancelled.content == "Peruutettu. Mitään ei muutettu."
    assert cancelled.components == []
    board = embed(await (await world.slash("leaderboard")).response())
    assert world.mention("dave") in board["description"]


async def test_forgetme_confirmed_makes_the_player_anonymous(world: World) -> None:
    question = await (await world.slash("forgetme", user="carol", locale="da")).response()
    done = await (
        await world.fake.click(question, button(question, "Glem mig"), user=world.users["carol"])
    ).response()
    assert done.content.startswith("Færdig. I de gemte spil er du nu **anonymous-")
    assert done.components == []

    board = embed(await (await world.slash("leaderboard")).response())
    description = board["description"]
    assert world.mention("carol") not in description
    assert "anonymous-" in description
    message = await (await world.slash("stats", user="carol")).response()
    assert message.ephemeral  # nothing is linked to Carol's account any more


async def test_forgetme_works_in_a_direct_message(world: World) -> None:
    question = await (
        await world.slash("forgetme", user="frida", guild=None, locale="no")
    ).response()
    assert question.content.startswith("Dette erstatter Discord-kontoen din")
    done = await (
        await world.fake.click(question, button(question, "Glem meg"), user=world.users["frida"])
    ).response()
    assert done.content.startswith("Ferdig.")


# ----- joining and leaving servers -------------------------------------------------------------


def join_payload(fake: FakeDiscord, guild: FakeGuild) -> dict[str, Any]:
    """GUILD_CREATE as Discord sends it when the bot is added: no ``unavailable`` key (with
    ``unavailable: false`` it means "an outage is over", and discord.py treats it so)."""
    payload = guild_payload(guild, fake.application)
    payload.pop("unavailable", None)
    return payload


async def test_joining_a_server_creates_its_settings_in_its_language(world: World) -> None:
    klubi = FakeGuild(name="Kanastakerho", preferred_locale="fi", owner_id=world.users["alice"].id)
    klubi.add_channel("yleinen")
    klubi.add_member(world.users["alice"], permissions=MANAGE_GUILD)
    world.fake.add_guild(klubi)
    await world.fake.dispatch("GUILD_CREATE", join_payload(world.fake, klubi), klubi.id)

    async def language() -> bool:
        return (await get_settings(world.db, klubi.id, fresh=True)).language == "fi"

    await wait_until(language)
    shown = await (await world.slash("settings", guild=klubi, locale="de")).response()
    assert embed(shown)["title"] == "Palvelimen asetukset"


async def test_leaving_marks_the_server_and_returning_keeps_its_data(world: World) -> None:
    guild = world.guild
    await world.fake.dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild.id)

    async def left() -> bool:
        return (await get_settings(world.db, guild.id, fresh=True)).left_at is not None

    await wait_until(left)
    await asyncio.sleep(1.5)  # a purge tick passes: the one-day grace keeps everything
    assert len(await past_games(world.db, guild_id=guild.id)) == 4

    await world.fake.dispatch("GUILD_CREATE", join_payload(world.fake, guild), guild.id)

    async def back() -> bool:
        return (await get_settings(world.db, guild.id, fresh=True)).left_at is None

    await wait_until(back)


async def test_a_server_that_removed_the_bot_while_it_was_offline_starts_its_grace(
    world: World,
) -> None:
    """No GUILD_DELETE reached the bot for it, but Discord no longer lists it: at start-up it is
    marked as left (its data kept for the grace period), while the servers Discord lists are
    not."""

    async def marked() -> bool:
        return (await get_settings(world.db, GONE_OFFLINE, fresh=True)).left_at is not None

    await wait_until(marked, timeout=10)
    assert len(await past_games(world.db, guild_id=GONE_OFFLINE)) == 1
    assert (await get_settings(world.db, world.guild.id, fresh=True)).left_at is None
    assert "1 of them removed the bot while it was offline" in world.bot.log()


async def test_data_of_a_server_left_longer_than_the_grace_is_purged(world: World) -> None:
    gone = new_snowflake()
    await start_game(world.db, guild_id=gone, channel_id=new_snowflake(), actor_id=1)
    await mark_guild_left(world.db, gone, at=datetime.now(UTC) - timedelta(days=2))

    async def purged() -> bool:
        return not await past_games(world.db, guild_id=gone)

    await wait_until(purged, timeout=5)
    assert len(await past_games(world.db, guild_id=world.guild.id)) == 4


# ----- games played through the commands show up ----------------------------------------------
async def test_a_game_played_with_the_commands_reaches_stats_and_leaderboard(world: World) -> None:
    table = world.guild.add_channel("table")
    erik, dave = world.mention("erik"), world.mention("dave")
    start = await (
        await world.slash(
            "game start",
            {"variant": "two-player", "side1": erik, "side2": dave, "target": 1000},
            channel=table,
        )
    ).response()
    assert not start.ephemeral, start.content
    finished = await (
        await world.slash(
            "round add", {"side1": "800 1n 1m 1r out", "side2": "200 1r 55h"}, channel=table
        )
    ).response()
    assert not finished.ephemeral, finished.content

    card = embed(await (await world.slash("stats", user="erik", locale="fi")).response())
    assert card["title"] == "Tilastot: Erik"
    fields = {f["name"]: f["value"] for f in card["fields"]}
    assert (fields["Pelattu"], fields["Voitettu"]) == ("1", "1")
    board = embed(await (await world.slash("leaderboard", {"variant": "two-player"})).response())
    assert erik in board["description"]
    history = embed(await (await world.slash("history", channel=table)).response())
    assert history["description"].splitlines()[1] == "A 1,800 – B 245 · 🏆 A"
