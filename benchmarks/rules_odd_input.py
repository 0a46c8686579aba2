"""Rules engine on arbitrary input: how long autocomplete and ``ask`` take on text no player
would type (random Unicode, very long or repeated words).

Run: ``.venv/bin/python benchmarks/rules_odd_input.py [--samples N] [--seed S]``. Prints p50,
p99 and the worst case per measure, and how many samples went over the budget the test suite
used to assert (autocomplete 50 ms, an odd question 500 ms). The tests keep only what does not
depend on the machine's load (the reply is bounded and well formed): wall-clock limits failed
on busy machines, so they are measured here instead. Figures include whatever else the machine
runs; the load average is printed on top.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

AUTOCOMPLETE_BUDGET_MS = 50.0
ASK_BUDGET_MS = 500.0
ODD_QUESTIONS = [
    "x" * 10_000,
    "canasta " * 2000,
    "Ωμέγα кириллица 漢字 العربية",
    "\x00\n\t",
    "9" * 500,
]
"""The inputs ``tests/rules/test_ask.py::test_ask_survives_odd_input_quickly`` uses."""
ALPHABETS = [
    (0x20, 0x7E),  # ASCII
    (0xA0, 0x17F),  # Latin-1 and Latin Extended-A (æ ø å ä ö)
    (0x370, 0x4FF),  # Greek, Cyrillic
    (0x600, 0x6FF),  # Arabic (its own digits)
    (0x2070, 0x209F),  # superscript and subscript digits
    (0x4E00, 0x4FFF),  # CJK
    (0x1F300, 0x1F5FF),  # emoji
    (0x0, 0x1F),  # control characters
]


def random_text(rng: random.Random, max_size: int) -> str:
    """Text like Hypothesis's ``st.text``: any length up to ``max_size``, mixed scripts."""
    size = rng.choice((0, 1, 2, rng.randint(0, max_size)))
    low, high = rng.choice(ALPHABETS)
    chars = []
    for _ in range(size):
        if rng.random() < 0.2:
            low, high = rng.choice(ALPHABETS)
        chars.append(chr(rng.randint(low, high)))
    return "".join(chars)


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def report(name: str, samples: list[float], budget: float) -> None:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    over = sum(s > budget for s in ordered)
    print(
        f"{name:<34}{len(ordered):>7}{statistics.median(ordered):>9.3f}{p99:>9.3f}"
        f"{ordered[-1]:>10.3f}{budget:>9.0f}{over:>6}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000, help="random inputs per measure")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()

    from bot.rules import RulesIndex
    from bot.rules.topics import LANGS
    from bot.scoring import load_variant

    index = RulesIndex.load()
    classic = load_variant("classic")
    rng = random.Random(args.seed)
    typed = [(random_text(rng, 120), rng.choice(LANGS)) for _ in range(args.samples)]
    asked = [(random_text(rng, 300), rng.choice([None, *LANGS, "de"])) for _ in range(args.samples)]
    for text, lang in typed[:50]:  # warm up as a running bot would be
        index.autocomplete(text, lang)
    for text, lang in asked[:50]:
        index.ask(text, lang=lang, variant=classic)

    autocomplete = [timed(lambda t=t, lang=lang: index.autocomplete(t, lang)) for t, lang in typed]
    ask_random = [
        timed(lambda q=q, lang=lang: index.ask(q, lang=lang, variant=classic)) for q, lang in asked
    ]
    ask_odd = [
        timed(lambda q=q: index.ask(q, variant=classic)) for q in ODD_QUESTIONS for _ in range(5)
    ]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"seed {args.seed}, load average {load:.2f} on {os.cpu_count()} CPUs; times in ms")
    print(f"{'measure':<34}{'n':>7}{'p50':>9}{'p99':>9}{'max':>10}{'budget':>9}{'over':>6}")
    report("autocomplete, random text <=120", autocomplete, AUTOCOMPLETE_BUDGET_MS)
    report("ask, random text <=300", ask_random, ASK_BUDGET_MS)
    report("ask, the odd questions (x5 each)", ask_odd, ASK_BUDGET_MS)


if __name__ == "__main__":
    main()
