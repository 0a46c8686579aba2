"""The README's scaling story end to end: two ``canasta-bot run`` processes, one per shard, on one
PostgreSQL database through the same SQLAlchemy code the SQLite default uses.

The fake Discord routes each guild to a shard as Discord does (``(guild_id >> 22) % 2``), so a
slash command in guild A reaches only shard 0's process and one in guild B only shard 1's. The
test plays a whole game in each guild, checks which gateway connection (hence which process) got
every interaction, reads both games back from the one database, and restarts shard 1's process in
the middle of guild B's game: the game goes on, and shard 0 never notices.

Why a database of its own: the bot reads nothing but ``DATABASE_URL``, so it cannot be pinned to a
schema the way ``tests/dbfixtures.py`` pins the in-process tests; a ``CREATE DATABASE`` with a
random name keeps this test off the shared ``test`` database and is dropped afterwards.

The processes start one after the other only because the harness waits for each to be ready;
migrating from several processes at once is safe (see tests/storage/test_concurrent_migrations.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from bot.devtools.fake_discord import MANAGE_GUILD, FakeDiscord, FakeGuild, FakeUser, SentMessage
from bot.devtools.fake_discord.snowflakes import new_snowflake, shard_of
from bot.games import get_settings
from bot.games.leaderboard import leaderboard
from bot.storage import Database
from bot.storage.models import Game
from tests.dbfixtures import pg_admin
from tests.e2e.harness import BOT_COMMAND, BotProcess, wait_until

PG_URL_ENV = "TEST_DATABASE_URL"
SHARDS = 2
IDENTIFY = 2
"""Gateway opcode of IDENTIFY, the frame in which a process names its shard."""


# ----- a database of our own ----------------------------------------------------------------
@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    """A fresh, empty database on the ``TEST_DATABASE_URL`` server; dropped afterwards."""
    server_url = os.environ.get(PG_URL_ENV)
    if not server_url:
        pytest.skip(f"{PG_URL_ENV} is unset: PostgreSQL tests skipped")
    name = f"canasta_shard_{uuid.uuid4().hex[:12]}"
    await pg_admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        await pg_admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# ----- the world: two guilds on two shards --------------------------------------------------
def guild_on_shard(shard: int, name: str, players: list[str]) -> FakeGuild:
    """A guild whose snowflake Discord's formula puts on ``shard`` of ``SHARDS``."""
    guild_id = new_snowflake()
    guild_id += ((shard - shard_of(guild_id, SHARDS)) % SHARDS) << 22
    owner, *others = (FakeUser(username=p, global_name=p.title()) for p in players)
    guild = FakeGuild(name=name, id=guild_id, owner_id=owner.id)
    guild.add_channel("general")
    guild.add_member(owner, permissions=MANAGE_GUILD)
    for user in others:
        guild.add_member(user)
    assert shard_of(guild.id, SHARDS) == shard
    return guild


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """Guild A (alice, bob, carol, dave) on shard 0; guild B (erin, frank, grace, heidi) on 1."""
    guilds = [
        guild_on_shard(0, "Club A", ["alice", "bob", "carol", "dave"]),
        guild_on_shard(1, "Club B", ["erin", "frank", "grace", "heidi"]),
    ]
    async with FakeDiscord(guilds=guilds, shard_count=SHARDS, wait_timeout=20) as server:
        yield server


# ----- one process per shard ----------------------------------------------------------------
class ShardProcess(BotProcess):
    """``canasta-bot run`` with ``CANASTA_SHARD_IDS=<shard>``.

    ``BotProcess.start`` waits until *every* shard is ready, which a process running one shard of
    two never achieves alone; this one waits until its own shard has a new, ready session and
    remembers that session's gateway connection, which is how the test tells processes apart.
    """

    def __init__(self, fake: FakeDiscord, data_dir: Path, database_url: str, shard: int) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        super().__init__(
            fake,
            data_dir,
            {
                "DATABASE_URL": database_url,
                "CANASTA_SHARD_COUNT": str(SHARDS),
                "CANASTA_SHARD_IDS": str(shard),
            },
        )
        self.shard = shard
        self.connection = 0
        self.session_id = ""

    async def start(self) -> None:
        before = self.fake.session(self.shard)
        old_id = before.session_id if before else None
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                BOT_COMMAND, "run", env=self.env, stdout=log, stderr=log
            )

        def ready() -> bool:
            session = self.fake.session(self.shard)
            return bool(
                session
                and session.session_id != old_id
                and session.ready
                and session.ws is not None
            )

        await self.fake.wait_for(ready, timeout=30)
        session = self.fake.session(self.shard)
        assert session is not None
        self.connection, self.session_id = session.connection, session.session_id

    def identified_shard(self) -> list[int]:
        """The ``shard`` this process's current connection sent in its IDENTIFY."""
        frames = [
            f for f in self.fake.recorder.received_ops(IDENTIFY) if f.connection == self.connection
        ]
        assert len(frames) == 1, frames
        return list(frames[0].d["shard"])

    def ready_guilds(self) -> list[int]:
        """Guild ids the fake announced in READY on this process's current connection."""
        (ready,) = [
            f for f in self.fake.recorder.sent_events("READY") if f.connection == self.connection
        ]
        return [int(g["id"]) for g in ready.d["guilds"]]


def receiving_connection(fake: FakeDiscord, interaction_id: int) -> int:
    """The gateway connection the fake sent this interaction's INTERACTION_CREATE on."""
    (frame,) = [
        f
        for f in fake.recorder.sent_events("INTERACTION_CREATE")
        if int(f.d["id"]) == interaction_id
    ]
    return frame.connection


@dataclass
class Table:
    """A game table: one guild's #general, played through the shard process that owns it."""

    fake: FakeDiscord
    guild: FakeGuild
    process: ShardProcess

    def mention(self, name: str) -> str:
        return f"<@{self.fake.user(name).id}>"

    async def run(self, command: str, options: dict[str, str] | None = None) -> SentMessage:
        """Run a slash command as the guild's owner and check the right process got it."""
        owner = self.guild.members[self.guild.owner_id].user
        handle = await self.fake.slash(
            command, options or {}, guild=self.guild, channel=self.guild.channels[0], user=owner
        )
        message = await handle.response()
        assert receiving_connection(self.fake, handle.id) == self.process.connection, (
            f"/{command} in {self.guild.name} reached the wrong process"
        )
        return message


async def start_game(table: Table, us: tuple[str, str], them: tuple[str, str]) -> None:
    a, b = (" ".join(table.mention(n) for n in side) for side in (us, them))
    start = await table.run(
        "game start", {"side1": f"Us: {a}", "side2": f"Them: {b}", "target": 3000}
    )
    assert start.embeds[0]["description"] == f"**Us** {a}\n**Them** {b}"


async def first_round(table: Table) -> None:
    message = await table.run("round add", {"side1": "700 2n 1m 2r out", "side2": "300 1r 85h"})
    assert message.embeds[0]["title"] == "Round 1"
    assert "2300" in message.embeds[0]["fields"][0]["value"]  # 700 + 1300 + 200 + 100


async def winning_round(table: Table, winners: tuple[str, str]) -> None:
    message = await table.run("round add", {"side1": "900 1n 1r out", "side2": "150 1r 40h"})
    assert message.embeds[0]["title"] == "Round 2"
    description = message.embeds[0]["description"]
    assert "3900" in description  # 2300 + 900 + 500 + 100 + 100, past the target of 3000
    assert all(table.mention(n) in description for n in winners)


async def leaderboard_leaders(table: Table) -> list[str]:
    """Mentions on the first line of each leaderboard entry, as the bot shows them."""
    board = (await table.run("leaderboard")).embeds[0]
    return [line.split()[1] for line in board["description"].splitlines()[::2]]


async def test_two_shard_processes_share_one_postgresql_database(
    fake: FakeDiscord, pg_url: str, tmp_path: Path
) -> None:
    guild_a, guild_b = fake.guilds
    shard0 = ShardProcess(fake, tmp_path / "shard0", pg_url, 0)
    shard1 = ShardProcess(fake, tmp_path / "shard1", pg_url, 1)
    try:
        # global commands, so both guilds see them; sync is HTTP only, so it runs while shard 0
        # starts (and migrates the empty database); shard 1 then finds it at head
        (code, out, err), _ = await asyncio.gather(shard0.run_cli("sync"), shard0.start())
        assert code == 0, out + err
        await shard1.start()
        assert shard0.identified_shard() == [0, SHARDS]
        assert shard1.identified_shard() == [1, SHARDS]
        assert shard0.connection != shard1.connection
        assert shard0.ready_guilds() == [guild_a.id]
        assert shard1.ready_guilds() == [guild_b.id]

        a = Table(fake, guild_a, shard0)
        b = Table(fake, guild_b, shard1)
        await start_game(a, ("alice", "carol"), ("bob", "dave"))
        await start_game(b, ("erin", "grace"), ("frank", "heidi"))
        await first_round(a)
        await first_round(b)
        await winning_round(a, ("alice", "carol"))
        leaders_a = await leaderboard_leaders(a)
        assert set(leaders_a[:2]) == {a.mention("alice"), a.mention("carol")}

        # Shard 1 goes away in the middle of guild B's game; shard 0 carries on untouched.
        await shard1.stop()
        gone = fake.session(1)
        assert gone is not None
        await fake.wait_for(lambda: gone.ws is None)
        await leaderboard_leaders(a)  # guild A is still answered, by shard 0's process
        await shard1.start()
        assert shard1.identified_shard() == [1, SHARDS]
        assert shard1.ready_guilds() == [guild_b.id]
        # its start-up check has judged the servers with data on its own shard only
        await wait_until(lambda: "start-up check: 1 server(s)" in shard1.log(), timeout=15)
        await winning_round(b, ("erin", "grace"))
        leaders_b = await leaderboard_leaders(b)
        assert set(leaders_b[:2]) == {b.mention("erin"), b.mention("grace")}

        # Both processes wrote to the one database: the services read both servers from it.
        db = Database(pg_url)
        try:
            boards = {g.id: await leaderboard(db, guild_id=g.id) for g in (guild_a, guild_b)}
            # shard 1 restarted knowing only guild B: guild A, shard 0's, is not taken for gone
            left = {g.id: (await get_settings(db, g.id)).left_at for g in (guild_a, guild_b)}
            async with db.engine.connect() as connection:
                finished = dict(
                    (
                        await connection.execute(
                            select(Game.guild_id, func.count())
                            .where(Game.ended_at.is_not(None))
                            .group_by(Game.guild_id)
                        )
                    ).all()
                )
        finally:
            await db.dispose()
        assert finished == {guild_a.id: 1, guild_b.id: 1}
        assert left == {guild_a.id: None, guild_b.id: None}
        for guild, winners in ((guild_a, ("alice", "carol")), (guild_b, ("erin", "grace"))):
            won = {row.user_ids[0] for row in boards[guild.id].rows if row.won}
            assert won == {fake.user(n).id for n in winners}
    finally:
        await shard1.stop()
        await shard0.stop()
    for process in (shard0, shard1):
        log = process.log()
        assert "Traceback" not in log, log
        assert fake.token not in log
        shards = set(re.findall(r"Shard ID (\d+) has connected", log))
        assert shards == {str(process.shard)}, log  # it ran its own shard and no other
