"""Figures for the lexicon and the direct answer: load times and per-question cost.

Run: ``.venv/bin/python benchmarks/vocabulary.py [--simplemma]``. Prints: the time to load and
validate the four lexicon files with the forms table (what start-up pays), the number of forms,
the cost of building the fact index (paid on the first answer) and of choosing the lead facts
per question (p50/p99 over the labelled questions, thread CPU time). ``--simplemma`` adds the
time simplemma takes to load each language's dictionary in this process: the reason the bot
reads the pre-computed ``forms.json`` instead.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--simplemma", action="store_true")
    args = parser.parse_args()

    from bot.scoring.variants import rules_data_dir
    from bot.scoring.vocabulary import load_vocabulary

    start = time.perf_counter()
    words = load_vocabulary(rules_data_dir() / "lexicon")
    load = time.perf_counter() - start
    start = time.perf_counter()
    ranks, numbers = len(words.word_to_rank), len(words.number_words)
    tables = time.perf_counter() - start
    forms = sum(len(f) for f in words.forms.values())
    print(f"lexicon load + validate: {load * 1000:.1f} ms ({forms} forms)")
    print(f"card/number tables: {tables * 1000:.1f} ms ({ranks} card words, {numbers} numbers)")

    from bot.rules import RulesIndex
    from bot.rules.examples import all_examples
    from bot.rules.facts import FactIndex
    from bot.scoring import load_variant

    index = RulesIndex.load()
    start = time.perf_counter()
    facts = FactIndex(index.topics)
    print(f"fact index build: {(time.perf_counter() - start) * 1000:.1f} ms")
    classic = load_variant("classic")
    costs = []
    led = 0
    for example in (e for e in all_examples() if e.topic in index.topics):
        topic = index.topic(example.topic, example.lang, classic)
        begin = time.thread_time()
        led += bool(facts.lead(example.text, topic))
        costs.append((time.thread_time() - begin) * 1e6)
    costs.sort()
    p99 = costs[int(len(costs) * 0.99)]
    print(
        f"lead choice over {len(costs)} questions: p50 {statistics.median(costs):.0f} us,"
        f" p99 {p99:.0f} us; {led / len(costs):.0%} of them get a lead on their own topic"
    )
    if args.simplemma:
        from simplemma.strategies.dictionaries import DefaultDictionaryFactory

        factory = DefaultDictionaryFactory()
        for code in ("en", "nb", "da", "fi"):
            start = time.perf_counter()
            factory.get_dictionary(code)
            print(f"simplemma {code} dictionary load: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
