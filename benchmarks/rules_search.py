"""Rules search figures: index build time, memory growth, query and autocomplete latency.

Run: ``.venv/bin/python benchmarks/rules_search.py [--repeat N]``. Prints a table. Query latency
is the full ``RulesIndex.ask`` (search, reply kind, computed answers, rendering) over every
labelled question (``rules_data/questions``, ``tests/rules/questions*.toml``), repeated;
"search only" is the ranking alone. Wall
time includes whatever else the machine runs (p99 moves with the load average printed on top);
the thread's CPU time is the question's own work. "cold" clears every per-word cache first.
Memory growth is measured around the first build in a fresh process (topics loaded and
validated, indexes built): tracemalloc for Python allocations, RSS from /proc for the process.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def reference_loop_us() -> float:
    """The machine's pure-Python speed, measured in the same run: the best of 200 runs of a
    loop of 1,000 dict lookups summed. Search latency scales with it, so figures from machines
    of different speed compare through it (the README notes the machine's value)."""
    table = {i: i for i in range(1000)}
    best = float("inf")
    for _ in range(200):
        t0 = time.perf_counter()
        sum(table[i] for i in range(1000))
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


def rss_mib() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    # Import everything the build needs first, so the growth measured is the index itself.
    from bot.rules.evaluate import load_questions
    from bot.rules.examples import all_examples, example_files
    from bot.rules.index import RulesIndex
    from bot.rules.topics import all_topics
    from bot.scoring import all_variants, load_variant

    all_variants()
    root = Path(__file__).resolve().parents[1] / "tests" / "rules"
    files = [*example_files(), *sorted(root.glob("questions*.toml"))]
    questions = [q for path in files for q in load_questions(path)]
    examples = all_examples()

    from bot.rules import topics as topics_module

    gc.collect()
    rss_before = rss_mib()
    start = time.perf_counter()
    index = RulesIndex(all_topics(), examples)
    build_s = time.perf_counter() - start
    gc.collect()
    rss_growth = rss_mib() - rss_before

    # Again from scratch under tracemalloc (which slows the build and inflates RSS itself).
    topics_module._cached.cache_clear()
    gc.collect()
    tracemalloc.start()
    traced_index = RulesIndex(all_topics(), examples)
    traced, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del traced_index
    gc.collect()

    variant = load_variant("classic")
    for q in questions:  # warm caches (stems, typo corrections) as a running bot would have
        index.ask(q.text, lang=q.lang, variant=variant)
    ask_ms: list[float] = []
    ask_cpu_ms: list[float] = []
    search_ms: list[float] = []
    for _ in range(args.repeat):
        for q in questions:
            c0 = time.thread_time()
            t0 = time.perf_counter()
            index.ask(q.text, lang=q.lang, variant=variant)
            t1 = time.perf_counter()
            c1 = time.thread_time()
            index.search_index.search(q.text)
            t2 = time.perf_counter()
            ask_ms.append((t1 - t0) * 1000)
            ask_cpu_ms.append((c1 - c0) * 1000)
            search_ms.append((t2 - t1) * 1000)
    per_question: list[float] = []
    for q in questions:  # the question's own cost, robust to other processes on the machine
        runs = []
        for _ in range(max(5, args.repeat // 2)):
            t0 = time.perf_counter()
            index.ask(q.text, lang=q.lang, variant=variant)
            runs.append((time.perf_counter() - t0) * 1000)
        per_question.append(statistics.median(runs))
    cold_ms: list[float] = []
    for q in questions:  # first sight of a question: no cached per-word results at all
        index.clear_caches()
        t0 = time.perf_counter()
        index.ask(q.text, lang=q.lang, variant=variant)
        cold_ms.append((time.perf_counter() - t0) * 1000)
    typed = [q.text[:n] for q in questions for n in (1, 3, 6, 12)]
    auto_ms: list[float] = []
    for text in typed:
        t0 = time.perf_counter()
        index.autocomplete(text, "en")
        auto_ms.append((time.perf_counter() - t0) * 1000)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"questions: {len(questions)}, repeats: {args.repeat}, topics: {len(index.topics)}, "
        f"load average: {load:.2f} on {os.cpu_count()} CPUs"
    )
    print(f"{'measure':<44}{'value':>12}")
    print(f"{'baseline: 1,000 dict lookups in Python, us':<44}{reference_loop_us():>12.1f}")
    print(f"{'index build (load + validate + index), s':<44}{build_s:>12.3f}")
    print(f"{'tracemalloc after build, MiB':<44}{traced / 2**20:>12.2f}")
    print(f"{'tracemalloc peak during build, MiB':<44}{peak / 2**20:>12.2f}")
    print(f"{'RSS growth from build, MiB':<44}{rss_growth:>12.2f}")
    for name, samples in (
        ("ask (warm)", ask_ms),
        ("ask (warm), thread CPU", ask_cpu_ms),
        ("ask, median per question", per_question),
        ("search only (warm)", search_ms),
        ("ask (cold, no word caches)", cold_ms),
        ("autocomplete", auto_ms),
    ):
        p50, p99, worst = percentiles(samples)
        print(f"{name + ' p50 / p99 / max, ms':<44}{p50:>6.3f} / {p99:.3f} / {worst:.3f}")


if __name__ == "__main__":
    main()
