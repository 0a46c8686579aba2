"""The hot path end to end: canasta-bot beside a bare discord.py bot, one run, one table.

Run: ``.venv/bin/python benchmarks/hot_path.py [--quick] [--skip-pg] [--skip-10k]``
(PostgreSQL figures when ``TEST_DATABASE_URL`` is set: a throwaway database is created on that
server and dropped afterwards).

Both bots are child processes against the loopback fake Discord (``bot.devtools.fake_discord``,
in this process), one after the other, each with a fresh fake: the real ``canasta-bot run`` and
``BASELINE_BOT`` from ``discord_latency.py`` (same intents, one no-op slash command, which stands
in for every command the canasta-bot run sends). What is measured, and how:

* **latency** of a command is from the moment the fake dispatches INTERACTION_CREATE (in the open
  loop: the moment it was due) until the user first sees the answer: the message, or after a
  deferral the edit of ``@original`` or the follow-up (``InteractionRecord.replied_at``). An
  interaction the bot never acknowledged within Discord's 3 s, or deferred and never completed,
  is "never answered" and counts as infinitely slow in the percentiles.
* **closed loops**: ``/round add`` one at a time, cycling over 50 started games (one per channel),
  then 50 at a time (one lane per game); commands/s is answered commands over wall time.
* **open loop**: ``/round add`` fired on a fixed schedule (100/s for 10 s) over the 50 games,
  whatever the replies; counts replies later than 3 s and interactions never answered.
* **game length**: one game with a high target is played to round 580; its rounds 581-600 then
  alternate with rounds 1-20 of a new game, and the two medians are compared.
* **CPU**: the child's utime + stime from ``/proc/<pid>/stat`` around each phase, per command.
  After each phase the bot is left to finish what it still has queued (until it is idle), and
  that work counts for the phase; the wall time (commands/s) stops when the last reply came.
* **memory**: VmRSS after the first reply (1 guild and 10,000 guilds) and after 5,000 rounds.
* **start-up**: from spawning the process to READY (the bot has read READY and every
  GUILD_CREATE: a heartbeat request sent after the last one has been answered) and to the first
  answered ``/count`` (``/ping``); with 10,000 guilds canasta-bot starts twice on one database
  (first start, then the restart a deployment sees).

The fake runs in this process and shares the machine's CPUs with the bot: figures from a busy
machine are noisy, so the 1-minute load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import math
import os
import re
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.discord_latency import BASELINE_BOT, proc_mib, without_heartbeat_barrier
from benchmarks.hot_path_report import (
    LATE,
    QUICK,
    Phase,
    Report,
    Sizes,
    Startup,
    bars,
    details,
    phase_rows,
    report_rows,
    table,
)
from bot.devtools.fake_discord import (
    MANAGE_GUILD,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InteractionHandle,
)

#: ``(command, options, channel)``: one slash command to run.
Job = tuple[str, dict[str, Any], FakeChannel]

ROUND_LINES = (
    {"side1": "120 1m out", "side2": "90 20h"},
    {"side1": "75 15h", "side2": "150 1n out"},
)
RULES_QUESTIONS = (
    "can we take the frozen pile?",
    "how many points is a natural canasta worth?",
    "we have 1600, what do we need to open?",
    "how many canastas do we need to go out?",
    "what are red threes worth?",
)
HIGH_TARGET = 1_000_000
"""So that no game ends during the run: a round scores a few hundred points, the long game reaches
about 250,000. (The largest target the bot accepts.)"""


# ----- measuring helpers ---------------------------------------------------------------------
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (all its threads), from /proc/<pid>/stat."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / TICKS


async def answer(handle: InteractionHandle, timeout: float = 60.0) -> float:  # noqa: ASYNC109
    """Seconds until the user saw the answer; ``inf`` if the interaction was never answered.

    Gives up right after Discord's acknowledgement window when nothing acknowledged it, so a
    failed interaction costs a closed loop 3 s, not ``timeout``.
    """
    record = handle.record
    try:
        async with asyncio.timeout_at(record.deadline + 0.1):
            await record.replied.wait()
    except TimeoutError:
        if record.callback is None:
            return math.inf
        try:
            async with asyncio.timeout(timeout):
                await record.replied.wait()
        except TimeoutError:
            return math.inf
    seconds = handle.reply_seconds
    return math.inf if seconds is None else seconds


def is_private(handle: InteractionHandle) -> bool:
    """An ephemeral answer: a refusal or error ("busy", "no game"), not the normal reply."""
    original = handle.record.original
    return bool(original and int(original.get("flags") or 0) & 64)


async def quiesce(pid: int, cap: float = 180.0) -> None:
    """Wait until the bot is idle (under 6% of a CPU for half a second).

    A bot that fell behind keeps working on interactions whose users have given up; without
    this, that backlog would be measured as part of the next phase.
    """
    loop = asyncio.get_running_loop()
    stop = loop.time() + cap
    while loop.time() < stop:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if not cpu_seconds(pid) - before >= 0.03:
            return


class Meter:
    """Measures a phase: wall clock (unless the phase sets it), then, once the bot is idle
    again, the bot's CPU and this process's (the fake's), so a backlog is charged to the
    commands that caused it."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    async def __aenter__(self) -> Phase:
        self.phase = Phase()
        self.cpu0, self.fake0 = cpu_seconds(self.pid), time.process_time()
        self.t0 = time.perf_counter()
        return self.phase

    async def __aexit__(self, *exc: object) -> None:
        if math.isnan(self.phase.wall):
            self.phase.wall = time.perf_counter() - self.t0
        await quiesce(self.pid)
        self.phase.cpu = cpu_seconds(self.pid) - self.cpu0
        self.phase.fake_cpu = time.process_time() - self.fake0


async def run_job(fake: FakeDiscord, job: Job) -> InteractionHandle:
    command, options, channel = job
    return await fake.slash(command, options, guild=channel.guild_id, channel=channel)


async def closed_loop(fake: FakeDiscord, pid: int, lanes: list[list[Job]]) -> Phase:
    """Each lane runs its jobs one after the other; lanes run side by side."""
    async with Meter(pid) as phase:

        async def lane(jobs: list[Job]) -> None:
            for job in jobs:
                handle = await run_job(fake, job)
                phase.latencies.append(await answer(handle))
                phase.private += is_private(handle)

        started = time.perf_counter()
        await asyncio.gather(*(lane(jobs) for jobs in lanes))
        phase.wall = time.perf_counter() - started
    return phase


async def open_loop(
    fake: FakeDiscord, pid: int, jobs: list[Job], rate: float, drain_cap: float
) -> Phase:
    """Fire ``jobs`` at ``rate`` per second whatever the replies, then wait for the answers."""
    loop = asyncio.get_running_loop()
    async with Meter(pid) as phase:
        start = loop.time() + 0.05
        due = [start + i / rate for i in range(len(jobs))]
        tasks = []
        for when, job in zip(due, jobs, strict=True):
            delay = when - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            phase.slip = max(phase.slip, loop.time() - when)
            tasks.append(asyncio.create_task(run_job(fake, job)))
        handles: list[InteractionHandle] = await asyncio.gather(*tasks)
        await drain(handles, drain_cap)
    for when, handle in zip(due, handles, strict=True):
        replied = handle.record.replied_at
        phase.latencies.append(math.inf if replied is None else max(0.0, replied - when))
        phase.private += is_private(handle)
    phase.late = sum(1 for x in phase.latencies if LATE < x < math.inf)
    return phase


async def drain(handles: list[InteractionHandle], cap: float) -> None:
    """Wait until the bot dealt with every interaction (answered, or refused by the fake).

    Stops early once every acknowledgement window has closed and nothing changed for 5 s (a bot
    may drop an interaction it knows is stale), and at ``cap`` seconds at the latest.
    """
    loop = asyncio.get_running_loop()
    stop = loop.time() + cap
    last_windows = max(h.record.deadline for h in handles)
    settled, since = -1, loop.time()
    while loop.time() < stop:
        done = sum(1 for h in handles if h.record.replied_at is not None or h.record.errors)
        if done == len(handles):
            return
        if done != settled:
            settled, since = done, loop.time()
        elif loop.time() > last_windows and loop.time() - since > 5.0:
            return
        await asyncio.sleep(0.05)


# ----- the bots ------------------------------------------------------------------------------
@dataclass
class Subject:
    """A bot under test and the commands it answers in each phase."""

    name: str
    argv: list[str]
    sync_argv: list[str]
    env: dict[str, str]
    first: tuple[str, dict[str, Any]]
    round_add: Callable[[int], tuple[str, dict[str, Any]]]
    rules: Callable[[int], tuple[str, dict[str, Any]]]
    start_game: tuple[str, dict[str, Any]] | None


def canasta_subject(data_dir: Path, database_url: str = "") -> Subject:
    exe = shutil.which("canasta-bot") or str(Path(sys.executable).with_name("canasta-bot"))
    env = {"CANASTA_DATA_DIR": str(data_dir), "CANASTA_LOG_LEVEL": "WARNING"}
    if database_url:
        env["DATABASE_URL"] = database_url
    return Subject(
        name="canasta-bot",
        argv=[exe, "run"],
        sync_argv=[exe, "sync", "--guild"],
        env=env,
        first=("count", {"cards": "joker A A K 7 7 2"}),
        round_add=lambda i: ("round add", ROUND_LINES[i % 2]),
        rules=lambda i: ("rules", {"question": RULES_QUESTIONS[i % len(RULES_QUESTIONS)]}),
        start_game=("game start", {"target": HIGH_TARGET}),
    )


def bare_subject(script: Path) -> Subject:
    ping: tuple[str, dict[str, Any]] = ("ping", {})
    return Subject(
        name="bare bot",
        argv=[sys.executable, str(script), "run"],
        sync_argv=[sys.executable, str(script), "sync"],
        env={},
        first=ping,
        round_add=lambda i: ping,
        rules=lambda i: ping,
        start_game=None,
    )


def world(games: int, extra_guilds: int) -> list[FakeGuild]:
    """The club (#general, ``games`` tables, #long-game, #new-game) and ``extra_guilds`` more."""
    alice = FakeUser(username="alice", global_name="Alice")
    bob = FakeUser(username="bob", global_name="Bob")
    club = FakeGuild(name="Canasta Club", owner_id=alice.id)
    club.add_channel("general")
    for i in range(games):
        club.add_channel(f"table-{i + 1:02d}")
    club.add_channel("long-game")
    club.add_channel("new-game")
    club.add_member(alice, permissions=MANAGE_GUILD)
    club.add_member(bob)
    guilds = [club]
    owner = FakeUser(username="owner")
    for i in range(extra_guilds):
        guild = FakeGuild(name=f"Guild {i}", owner_id=owner.id)
        guild.add_channel("general")
        guild.add_member(owner)
        guilds.append(guild)
    return guilds


class Running:
    """A bot child process connected to its own fake Discord."""

    def __init__(self, subject: Subject, guilds: list[FakeGuild], log: Path) -> None:
        self.subject = subject
        self.guilds = guilds
        self.log = log
        self.fake = FakeDiscord(guilds=guilds, wait_timeout=60)
        self.process: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def __aenter__(self) -> Running:
        await self.fake.start()
        self._heartbeat = self.fake.state.hub.barrier  # type: ignore[union-attr]
        without_heartbeat_barrier(self.fake)
        env = {**os.environ, **self.subject.env, **self.fake.env()}
        sync = await asyncio.create_subprocess_exec(
            *self.subject.sync_argv,
            str(self.fake.guild.id),
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        if await sync.wait() != 0:
            await self.fake.stop()
            raise RuntimeError(f"{self.subject.name}: syncing commands failed")
        self.env = env
        return self

    async def start(self) -> Startup:
        """Spawn the bot; time READY and the first answered command."""
        loop = asyncio.get_running_loop()
        figures = Startup()
        await self.fake.wait_for(lambda: not self.fake.is_ready, timeout=60)
        spawned = loop.time()
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                *self.subject.argv, env=self.env, stdout=asyncio.subprocess.DEVNULL, stderr=log
            )
        await self.fake.wait_until_ready(timeout=300)
        if not await self._heartbeat(self.fake.guild.id, timeout=300):
            raise RuntimeError(f"{self.subject.name}: no heartbeat after READY")
        figures.ready = loop.time() - spawned
        general = self.fake.guild.channels[0]
        for _ in range(100):
            handle = await run_job(self.fake, (*self.subject.first, general))
            if math.isfinite(await answer(handle)):
                figures.first_reply = handle.record.replied_at - spawned  # type: ignore[operator]
                break
        figures.rss = proc_mib(self.pid, "VmRSS")
        return figures

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        self.process = None

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
        await self.fake.stop()


def bot_errors(log: Path) -> list[str]:
    """What the bot logged as failing: distinct ERROR lines and exceptions, most frequent first.

    Numbers (ids, times) are masked so the same failure on different interactions counts once.
    """
    counts: dict[str, int] = {}
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError:
        return []
    in_traceback = False
    for line in lines:
        found = None
        if " ERROR " in line:
            found = line.split(" ERROR ", 1)[1]
        elif line.startswith("Traceback"):
            in_traceback = True
        elif in_traceback and line and not line[0].isspace():
            found, in_traceback = line, False
        if found:
            key = re.sub(r"\d+", "N", found)[:200]
            counts[key] = counts.get(key, 0) + 1
    return [f"{n}x {text}" for text, n in sorted(counts.items(), key=lambda kv: -kv[1])]


def progress(subject: Subject, what: str, seconds: float) -> None:
    """A line on standard error, so a long run shows where it is (the table stays clean)."""
    print(f"  {subject.name}: {what} ({seconds:.1f} s)", file=sys.stderr, flush=True)


class Phases(dict[str, Phase]):
    """The report's phases; tells the progress line as each one is stored."""

    def __init__(self, subject: Subject) -> None:
        super().__init__()
        self.subject = subject

    def __setitem__(self, key: str, phase: Phase) -> None:
        super().__setitem__(key, phase)
        progress(self.subject, f"{key}: {len(phase.latencies)} commands", phase.wall)


def cycle(
    channels: list[FakeChannel],
    make: Callable[[int], tuple[str, dict[str, Any]]],
    n: int,
    offset: int = 0,
) -> list[Job]:
    return [(*make(offset + i), channels[i % len(channels)]) for i in range(n)]


async def hot_path(
    subject: Subject, sizes: Sizes, log: Path, *, throughput_only: bool = False
) -> Report:
    """Start the bot with one guild and run every phase against it."""
    report = Report(phases=Phases(subject))
    guilds = world(sizes.games, 0)
    club = guilds[0]
    tables, (long_game, new_game) = club.channels[1 : 1 + sizes.games], club.channels[-2:]
    async with Running(subject, guilds, log) as bot:
        report.startup = await bot.start()
        progress(subject, "started", report.startup.first_reply)
        fake, pid = bot.fake, bot.pid
        rules_probe = await run_job(fake, (*subject.rules(0), club.channels[0]))
        await answer(rules_probe)
        if rules_probe.record.replied_at is not None:
            report.first_rules = rules_probe.record.replied_at - rules_probe.record.dispatched_at
        report.rss_rules = proc_mib(pid, "VmRSS")
        if subject.start_game is not None:
            for channel in [*tables, long_game, new_game]:
                handle = await run_job(fake, (*subject.start_game, channel))
                if not math.isfinite(await answer(handle)) or is_private(handle):
                    said = (handle.record.original or {}).get("content") or "no answer"
                    report.failed = f"/game start in #{channel.name}: {said!r}"
                    return report
        rounds = 0
        warm = cycle(tables, subject.round_add, 20) + cycle(tables, subject.rules, 10)
        await closed_loop(fake, pid, [warm])
        rounds += 20

        def add(n: int) -> list[Job]:
            nonlocal rounds
            jobs = cycle(tables, subject.round_add, n, rounds)
            rounds += n
            return jobs

        report.phases["one"] = await closed_loop(fake, pid, [add(sizes.one_in_flight)])
        jobs = add(sizes.fifty_in_flight)
        lanes = [jobs[i :: sizes.games] for i in range(sizes.games)]
        report.phases["fifty"] = await closed_loop(fake, pid, lanes)
        report.phases["open"] = await open_loop(
            fake, pid, add(int(sizes.rate * sizes.seconds)), sizes.rate, sizes.drain_cap
        )
        if not throughput_only:
            if subject.start_game is not None:
                n, w = sizes.long_game, sizes.window
                long_jobs = [(*subject.round_add(i), long_game) for i in range(n - w)]
                report.phases["long"] = await closed_loop(fake, pid, [long_jobs])
                # The last rounds of the long game alternate with the first ones of a new game,
                # so both ends are measured under the same load on the machine.
                ends = [
                    job
                    for i in range(w)
                    for job in (
                        (*subject.round_add(n - w + i), long_game),
                        (*subject.round_add(i), new_game),
                    )
                ]
                report.phases["ends"] = await closed_loop(fake, pid, [ends])
                rounds += n + w
            report.phases["rules"] = await closed_loop(
                fake, pid, [cycle(tables, subject.rules, sizes.rules)]
            )
            rest = max(0, sizes.total_rounds - rounds)
            jobs = add(rest)
            report.phases["fill"] = await closed_loop(
                fake, pid, [jobs[i :: sizes.games] for i in range(sizes.games)]
            )
            report.rss_end = proc_mib(pid, "VmRSS")
            report.peak = proc_mib(pid, "VmHWM")
        report.rounds = rounds
    report.errors = bot_errors(log)
    return report


async def many_guilds(subject: Subject, count: int, log: Path, starts: int) -> list[Startup]:
    """Start-up with ``count`` guilds, ``starts`` times on the same data (first start, restart)."""
    guilds = world(1, count - 1)
    figures = []
    async with Running(subject, guilds, log) as bot:
        for _ in range(starts):
            figures.append(await bot.start())
            await bot.stop()
    return figures


# ----- PostgreSQL ----------------------------------------------------------------------------
async def create_database(server_url: str) -> tuple[str, str]:
    """A fresh database on the server of ``server_url``; returns (bot URL, name)."""
    import asyncpg
    from sqlalchemy.engine import make_url

    url = make_url(server_url)
    name = f"bench_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(url.set(drivername="postgresql").render_as_string(False))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return url.set(database=name).render_as_string(False), name


async def drop_database(server_url: str, name: str) -> None:
    import asyncpg
    from sqlalchemy.engine import make_url

    url = make_url(server_url).set(drivername="postgresql")
    conn = await asyncpg.connect(url.render_as_string(False))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


# ----- main ----------------------------------------------------------------------------------
async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small numbers, for a smoke run")
    parser.add_argument("--skip-pg", action="store_true", help="no PostgreSQL run")
    parser.add_argument("--skip-10k", action="store_true", help="no start-up with many guilds")
    parser.add_argument("--guilds", type=int, help="guilds for the many-guild start (10,000)")
    parser.add_argument(
        "--driver-gc",
        action="store_true",
        help="leave garbage collection on in this process (the fake's pauses then count)",
    )
    args = parser.parse_args()
    sizes = QUICK if args.quick else Sizes()
    if args.guilds:
        sizes = dataclasses.replace(sizes, many_guilds=args.guilds)
    pg_url = "" if args.skip_pg else os.environ.get("TEST_DATABASE_URL", "")
    if not args.driver_gc:
        # The fake Discord keeps every message it was sent, so this process's heap grows all
        # run; its full collections stalled the fake for ~100 ms and were counted as the bot's
        # latency (3 of 4 stalls over 100 ms in 3,000 sequential commands went away without
        # them). Both bots are measured the same way; --driver-gc measures with them.
        gc.collect()
        gc.freeze()
        gc.disable()
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, 1-minute load average at start "
        f"{os.getloadavg()[0]:.2f} (the fake shares the machine with the bot: load matters)"
        + (" [--quick]" if args.quick else "")
        + ("" if args.driver_gc else "; collector off in the driver and fake"),
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline_bot.py"
        script.write_text(BASELINE_BOT)
        bare_bot = bare_subject(script)
        logs = Path(tmp)
        print("bare bot, 1 guild ...", flush=True)
        bare = await hot_path(bare_bot, sizes, logs / "bare.log")
        print("canasta-bot on SQLite, 1 guild ...", flush=True)
        ours = await hot_path(canasta_subject(Path(tmp) / "data"), sizes, logs / "sqlite.log")
        pg: Report | None = None
        if pg_url:
            print("canasta-bot on PostgreSQL, 1 guild ...", flush=True)
            url, name = await create_database(pg_url)
            try:
                pg = await hot_path(
                    canasta_subject(Path(tmp) / "pgdata", url),
                    sizes,
                    logs / "pg.log",
                    throughput_only=True,
                )
            finally:
                await drop_database(pg_url, name)
        many: dict[str, list[Startup]] = {}
        if not args.skip_10k:
            print(f"start-up with {sizes.many_guilds:,} guilds ...", flush=True)
            many["bare"] = await many_guilds(bare_bot, sizes.many_guilds, logs / "bare-many.log", 1)
            many["ours"] = await many_guilds(
                canasta_subject(Path(tmp) / "many"), sizes.many_guilds, logs / "many.log", 2
            )
    rows = report_rows(ours, bare, sizes, many)
    if pg is not None:
        rows += phase_rows("PostgreSQL: ", pg, bare, sizes, "PostgreSQL")
    print()
    print(table(rows))
    print()
    print("Bars (SQLite unless named, ratios from this run):")
    print("\n".join(bars(ours, bare, pg, sizes, many)))
    print()
    for name, report in (
        ("bare bot", bare),
        ("canasta-bot SQLite", ours),
        ("canasta-bot PostgreSQL", pg),
    ):
        if report is not None:
            print("\n".join(details(name, report)))
    print(f"1-minute load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
