"""Where the slowest rules answers spend their time: cProfile over the slowest 1 % of questions.

Run: ``.venv/bin/python benchmarks/rules_profile.py [--questions FILE...] [--share 0.01]
[--top 25]``. Every question (``benchmarks/rules_search.py``'s list, asked at the classic
table in its own language) is timed three times, warm; the slowest ``share`` by the median
of the three are asked again under cProfile (each 20 times, so that one-off costs such as a
first rendering fade) and the functions with the most cumulative and the most own time are
printed. The slow tail, not the average question, is what the p99 bar is about.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.rules_search import load_asked  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, nargs="+", metavar="FILE")
    parser.add_argument("--share", type=float, default=0.01)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()

    from bot.rules.index import RulesIndex
    from bot.scoring import load_variant

    questions = load_asked(args.questions)
    index = RulesIndex.load()
    variant = load_variant("classic")
    timed = []
    for q in questions:
        index.ask(q.text, lang=q.lang, variant=variant)
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            index.ask(q.text, lang=q.lang, variant=variant)
            runs.append((time.perf_counter() - t0) * 1000)
        timed.append((statistics.median(runs), q))
    timed.sort(key=lambda item: -item[0])
    slow = timed[: max(1, int(len(timed) * args.share))]
    span = f"{slow[-1][0]:.2f}-{slow[0][0]:.2f} ms"
    print(f"{len(questions)} questions; the slowest {len(slow)}: {span}")
    for ms, q in slow[:10]:
        print(f"  {ms:6.2f} ms  {q.lang}  {q.text[:90]!r}")
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(20):
        for _, q in slow:
            index.ask(q.text, lang=q.lang, variant=variant)
    profile.disable()
    stats = pstats.Stats(profile).strip_dirs()
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
