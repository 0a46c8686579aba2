"""Where the running bot's memory and CPU go: modules, tracemalloc by package, cProfile.

Run: ``.venv/bin/python benchmarks/bot_profile.py [--trace] [--rules] [--rounds N] [--env K=V]
[--cpu N [--games G] [--plain] [--save FILE]]``

Starts the real ``canasta-bot run`` against the loopback fake Discord (as ``hot_path.py`` does),
waits for READY and the first reply (and, if asked, the first ``/rules`` and N ``/round add``),
then has the bot write a report of itself: VmRSS, the heavy libraries it has imported, and with
``--trace`` the live Python allocations grouped by top-level package (tracemalloc from the first
line of the process, so everything imported is counted; the tracing itself roughly doubles RSS,
so compare the groups, not the RSS of a traced run with an untraced one). ``--cpu N`` profiles
N more ``/round add`` (over ``--games`` games, 1 by default; with several, each round is in
another game, as in ``hot_path.py``, so the games' live scoreboards are edited too) and
prints the functions that took the most: with yappi (``pip install yappi``, not a project
dependency) the CPU time of every thread, else cProfile of the event loop's thread's CPU time
(the SQLite threads' work then shows as waiting); ``--save`` keeps that profile. It also prints
the CPU split by thread (``/proc/PID/task``) over those commands and the on-CPU time per batch of
50 (min / median: the minimum is the figure a shared machine disturbs least). ``--plain``
measures without a profiler, for comparing two versions run alternately.

Why a ``sitecustomize`` rather than a hook in the bot: the bot stays free of profiling code; the
report is written from a SIGUSR1 handler the injected module installs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import shutil
import signal
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.hot_path import (
    HIGH_TARGET,
    ROUND_LINES,
    Running,
    answer,
    canasta_subject,
    cpu_seconds,
    quiesce,
    run_job,
    world,
)

SITECUSTOMIZE = r"""
import os, signal, sys, json
_out = os.environ.get("CANASTA_MEMPROFILE_OUT")
if _out:
    _trace = os.environ.get("CANASTA_MEMPROFILE_TRACE") == "1"
    if _trace:
        import tracemalloc
        tracemalloc.start(1)

    def _report(_sig, _frame):
        status = dict(
            line.split(":", 1) for line in open("/proc/self/status") if ":" in line
        )
        report = {
            "rss_kib": int(status["VmRSS"].split()[0]),
            "threads": int(status["Threads"]),
            "modules": sorted(sys.modules),
        }
        if _trace:
            import tracemalloc
            snapshot = tracemalloc.take_snapshot()
            groups = {}
            for stat in snapshot.statistics("filename"):
                name = stat.traceback[0].filename
                key = name
                for marker in ("/site-packages/", "/lib/python3"):
                    if marker in name:
                        rest = name.split(marker, 1)[1].lstrip("/")
                        key = rest.split("/")[1 if marker == "/lib/python3" else 0]
                        break
                if "/bot/" in name:
                    key = "bot/" + name.split("/bot/", 1)[1]
                groups[key] = groups.get(key, 0) + stat.size
            report["traced_kib"] = {k: v // 1024 for k, v in groups.items()}
        import ctypes

        report["glibc_trim"] = bool(ctypes.CDLL("libc.so.6").malloc_trim(0))
        status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
        report["rss_after_trim_kib"] = int(status["VmRSS"].split()[0])
        with open(_out, "w") as handle:
            json.dump(report, handle)

    signal.signal(signal.SIGUSR1, _report)

    try:  # every thread's CPU time (the SQLite threads too), when yappi is installed
        import yappi
    except ImportError:
        yappi = None
    import cProfile, time

    # CPU time of the event loop's thread, not wall time: on a shared machine wall time is
    # mostly waiting for the other processes (epoll, a send that is preempted)
    _profile = cProfile.Profile(time.thread_time)
    _state = {"on": False}

    def _toggle(_sig, _frame):
        if _state["on"] and yappi is not None:
            yappi.stop()
            yappi.get_func_stats().save(_out + ".prof", type="pstat")
        elif _state["on"]:
            _profile.disable()
            _profile.dump_stats(_out + ".prof")
        elif yappi is not None:
            _state["on"] = True
            yappi.set_clock_type("cpu")
            yappi.start(builtins=True)
        else:
            _state["on"] = True
            _profile.enable()

    signal.signal(signal.SIGUSR2, _toggle)
"""

HEAVY = (
    "numpy",
    "alembic",
    "mako",
    "babel",
    "openskill",
    "rapidfuzz",
    "matplotlib",
    "asyncpg",
    "sqlalchemy.orm",
    "sqlalchemy.dialects.postgresql",
    "pydantic",
    "pydantic_settings",
)


async def profile(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="canasta-memprofile-") as tmp:
        root = Path(tmp)
        (root / "site").mkdir()
        (root / "site" / "sitecustomize.py").write_text(SITECUSTOMIZE)
        out = root / "report.json"
        subject = canasta_subject(root / "data")
        subject.env.update(
            {
                "PYTHONPATH": os.pathsep.join(
                    [str(root / "site"), *filter(None, [os.environ.get("PYTHONPATH")])]
                ),
                "CANASTA_MEMPROFILE_OUT": str(out),
                "CANASTA_MEMPROFILE_TRACE": "1" if args.trace else "0",
                **dict(pair.split("=", 1) for pair in args.env),
            }
        )
        games = max(2, args.games + 1)
        async with Running(subject, world(games, 0), root / "bot.log") as running:
            figures = await running.start()
            general, table = running.fake.guild.channels[:2]
            jobs = [("rules", {"question": "red threes"}, general)] if args.rules else []
            if args.rounds or args.refused:
                jobs.append(("game start", {}, table))
            if args.refused:  # going out without a canasta: a refusal that counts canastas
                jobs.append(("round add", {"side1": "120 out", "side2": "90 20h"}, table))
            if args.rounds:
                jobs += [("round add", ROUND_LINES[i % 2], table) for i in range(args.rounds)]
            for job in jobs:
                await answer(await run_job(running.fake, job))
            if args.cpu:
                channels = running.fake.guild.channels
                tables = channels[2 : 2 + args.games]
                await profile_rounds(running, tables, args.cpu, root / "report.json.prof")
            await asyncio.sleep(args.settle)
            os.kill(running.pid, signal.SIGUSR1)
            for _ in range(600):
                if _written(out):
                    break
                await asyncio.sleep(0.05)
            report = json.loads(out.read_text())
            report["ready_s"] = figures.ready
            report["first_reply_s"] = figures.first_reply
            return report


def _written(path: Path) -> bool:
    return path.exists() and path.stat().st_size > 0


PROFILE = True
"""False with ``--plain``: the CPU split only, without a profiler's overhead."""
SAVE_PROFILE = ""
"""Where ``--save`` keeps the profile (pstats format) for a closer look."""


BATCH = 50
"""Commands per batch for the on-CPU figures: the minimum over batches is the figure least
inflated by the other processes sharing the machine's cores."""


def on_cpu_ns(pid: int) -> int:
    """Nanoseconds the process's threads have run (``/proc/PID/task/*/schedstat``): finer than
    the 10 ms ticks of ``/proc/PID/stat``, so short batches can be compared."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) of each of the process's threads, by thread name and id."""
    ticks = os.sysconf("SC_CLK_TCK")
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        out[f"{name}/{task.name}"] = (int(fields[11]) + int(fields[12])) / ticks
    return out


async def profile_rounds(running: Running, tables: list[Any], count: int, out: Path) -> None:
    for table in tables:
        job = ("game start", {"target": HIGH_TARGET}, table)
        await answer(await run_job(running.fake, job))
    for i in range(max(20, len(tables))):  # warm up
        job = ("round add", ROUND_LINES[i % 2], tables[i % len(tables)])
        await answer(await run_job(running.fake, job))
    if PROFILE:
        os.kill(running.pid, signal.SIGUSR2)
        await asyncio.sleep(0.2)
    before, process0 = thread_cpu(running.pid), cpu_seconds(running.pid)
    batches: list[float] = []
    for i in range(count):
        if i % BATCH == 0:
            batch0 = on_cpu_ns(running.pid)
        job = ("round add", ROUND_LINES[i % 2], tables[i % len(tables)])
        await answer(await run_job(running.fake, job))
        if i % BATCH == BATCH - 1:
            batches.append((on_cpu_ns(running.pid) - batch0) / BATCH / 1e6)
    await asyncio.sleep(0.3)  # the last board edit
    after, process = thread_cpu(running.pid), cpu_seconds(running.pid) - process0
    await quiesce(running.pid)
    settled = cpu_seconds(running.pid) - process0
    print(
        f"bot CPU per /round add over {count}: {process / count * 1000:.2f} ms "
        f"({settled / count * 1000:.2f} ms once idle again, as hot_path.py counts); by thread:"
    )
    if batches:
        print(
            f"  per batch of {BATCH} (scheduler's on-CPU ns; min / median of {len(batches)}, the "
            f"min is the least disturbed by other processes): {min(batches):.3f} / "
            f"{statistics.median(batches):.3f} ms"
        )
    for key in sorted(after, key=lambda k: before.get(k, 0.0) - after[k]):
        spent = after[key] - before.get(key, 0.0)
        if spent:
            print(f"  {spent / count * 1000:6.2f} ms  {key}")
    if not PROFILE:
        return
    os.kill(running.pid, signal.SIGUSR2)
    for _ in range(200):
        if _written(out):
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    if SAVE_PROFILE:
        shutil.copyfile(out, SAVE_PROFILE)
    stats = pstats.Stats(str(out))
    stats.sort_stats("tottime").print_stats(35)
    stats.sort_stats("cumulative").print_stats(45)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", action="store_true", help="tracemalloc by package")
    parser.add_argument("--rules", action="store_true", help="answer one /rules first")
    parser.add_argument("--rounds", type=int, default=0, help="record N rounds first")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE for the bot")
    parser.add_argument("--cpu", type=int, default=0, help="cProfile N /round add")
    parser.add_argument("--games", type=int, default=1, help="spread --cpu rounds over N games")
    parser.add_argument("--top", type=int, default=30, help="groups to print")
    parser.add_argument("--plain", action="store_true", help="--cpu without a profiler")
    parser.add_argument("--save", default="", help="keep the --cpu profile (pstats) here")
    parser.add_argument(
        "--settle",
        type=float,
        default=0.0,
        help="seconds to wait before the report (discord.py's on_ready comes ~2 s after READY)",
    )
    parser.add_argument(
        "--refused", action="store_true", help="send one /round add the scoring refuses first"
    )
    parser.add_argument("--modules", default="", help="write the loaded module names here")
    args = parser.parse_args()
    global SAVE_PROFILE, PROFILE
    SAVE_PROFILE, PROFILE = args.save, not args.plain
    report = asyncio.run(profile(args))
    modules = set(report["modules"])  # type: ignore[arg-type]
    print(f"RSS {report['rss_kib'] / 1024:.1f} MiB, {report['threads']} threads")
    trimmed = report["rss_after_trim_kib"] / 1024  # type: ignore[operator]
    print(f"RSS after glibc malloc_trim(0) (diagnostic: free heap kept) {trimmed:.1f} MiB")
    ready, first = report["ready_s"], report["first_reply_s"]
    print(f"start to READY {ready:.2f} s, to first reply {first:.2f} s")
    if args.modules:
        Path(args.modules).write_text("\n".join(sorted(modules)) + "\n")
    print(f"{len(modules)} modules; heavy ones loaded: {[m for m in HEAVY if m in modules]}")
    traced = report.get("traced_kib")
    if isinstance(traced, dict):
        print(f"traced Python allocations {sum(traced.values()) / 1024:.1f} MiB; largest:")
        for key, kib in sorted(traced.items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"  {kib / 1024:7.2f} MiB  {key}")


if __name__ == "__main__":
    main()
