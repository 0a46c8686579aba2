"""Rules engine figures: start-up, memory, per-question latency, beside the old search's.

Run: ``.venv/bin/python benchmarks/rules_search.py [--repeat N] [--questions FILE...]``. Prints
a table. ``--questions`` times the labelled questions of the given files (question TOML with
``[[q]]``, or numbers cases with ``[[case]]``) instead of ``rules_data/questions``: a fixed list,
so that two commits are compared on the same questions (the labelled set grows); the count is
printed. ``--skip-startup`` leaves out the fresh-process start-up and memory rows.

* Start-up: a fresh interpreter imports ``bot.rules`` and calls ``RulesIndex.load()`` (topics
  validated, the shipped model read, catalogs loaded by the first ``ask``); the best and the
  median of five fresh processes, and the load alone after the imports.
* Memory: RSS growth and tracemalloc of that load in the fresh process.
* Latency: the full ``RulesIndex.ask`` (model, reply kind, computed answers, rendering) over
  every labelled question in ``rules_data/questions``, repeated; "search only" is the ranking
  alone. Wall time includes whatever else the machine runs (the load average is printed); the
  thread's CPU time is the question's own work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OLD = {
    "start-up": "index build 1.3-2.0 s (README, 2026-11-30)",
    "memory": "17.6 MiB held after the build, RSS +46 MiB",
    "ask": "warm p50 0.57-0.61 ms, p99 1.31-1.50 ms",
}
_STARTUP = """
import json, time, tracemalloc
from pathlib import Path
def rss():
    for line in Path('/proc/self/status').read_text().splitlines():
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024
    return float('nan')
t0 = time.perf_counter()
before = rss()
from bot.rules import RulesIndex
from bot.scoring import load_variant
t1 = time.perf_counter()
if TRACE:
    tracemalloc.start()
index = RulesIndex.load()
index.ask('hvor mange kort får hver spiller', locale='no', variant=load_variant('classic'))
t2 = time.perf_counter()
traced = tracemalloc.get_traced_memory()[0] if TRACE else 0
print(json.dumps({'total': t2 - t0, 'load': t2 - t1, 'rss': rss() - before, 'traced': traced}))
"""


def fresh_start(trace: bool) -> dict[str, float]:
    code = _STARTUP.replace("TRACE", str(trace))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


class Asked(NamedTuple):
    """One timed question: its text and language (the variant is the classic table's)."""

    text: str
    lang: str


def load_asked(paths: list[Path] | None) -> list[Asked]:
    """The questions of ``paths`` in order, or every labelled question when none are given."""
    if not paths:
        from bot.rules.examples import all_examples

        return [Asked(q.text, q.lang) for q in all_examples()]
    out: list[Asked] = []
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [Asked(q["text"], q["lang"]) for q in data.get("q", data.get("case", []))]
    return out


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--questions", type=Path, nargs="+", metavar="FILE")
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()

    skip = args.skip_startup
    starts = [] if skip else [fresh_start(trace=False) for _ in range(5)]
    traced = {} if skip else fresh_start(trace=True)

    from bot.rules.index import RulesIndex
    from bot.scoring import load_variant

    questions = load_asked(args.questions)
    index = RulesIndex.load()
    variant = load_variant("classic")
    for q in questions:
        index.ask(q.text, lang=q.lang, variant=variant)
    ask_ms: list[float] = []
    cpu_ms: list[float] = []
    search_ms: list[float] = []
    for _ in range(args.repeat):
        for q in questions:
            c0 = time.thread_time()
            t0 = time.perf_counter()
            index.ask(q.text, lang=q.lang, variant=variant)
            t1 = time.perf_counter()
            cpu_ms.append((time.thread_time() - c0) * 1000)
            index.rank(q.text, "classic")
            search_ms.append((time.perf_counter() - t1) * 1000)
            ask_ms.append((t1 - t0) * 1000)
    auto_ms: list[float] = []
    for text in (q.text[:n] for q in questions for n in (1, 3, 6, 12)):
        t0 = time.perf_counter()
        index.autocomplete(text, "en")
        auto_ms.append((time.perf_counter() - t0) * 1000)

    load = os.getloadavg()[0]
    print(f"questions: {len(questions)}, repeats: {args.repeat}, load average {load:.2f}")
    print(f"{'measure':<46}{'now':>24}   before")
    if starts:
        print_startup(starts, traced)
    for name, samples in (
        ("ask (warm)", ask_ms),
        ("ask (warm), thread CPU", cpu_ms),
        ("search only", search_ms),
    ):
        p50, p99, worst = percentiles(samples)
        figures = f"{p50:.3f} / {p99:.3f} / {worst:.3f}"
        old = OLD["ask"] if name == "ask (warm)" else ""
        print(f"{name + ' p50 / p99 / max, ms':<46}{figures:>24}   {old}")
    p50, p99, worst = percentiles(auto_ms)
    print(f"{'autocomplete p50 / p99 / max, ms':<46}{f'{p50:.3f} / {p99:.3f} / {worst:.3f}':>24}")


def print_startup(starts: list[dict[str, float]], traced: dict[str, float]) -> None:
    totals = sorted(s["total"] for s in starts)
    loads = sorted(s["load"] for s in starts)
    start = f"{totals[0]:.3f} / {statistics.median(totals):.3f}"
    print(f"{'start-up, imports + load + first ask, s':<46}{start:>24}   {OLD['start-up']}")
    print(f"{'  load + first ask after imports, s':<46}{loads[0]:>12.3f} / {loads[2]:.3f}")
    memory = f"{traced['traced'] / 2**20:.1f} traced, RSS +{starts[0]['rss']:.1f}"
    print(f"{'memory of the loaded engine, MiB':<46}{memory:>24}   {OLD['memory']}")


if __name__ == "__main__":
    main()
