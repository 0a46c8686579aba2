"""Figures worked out from numbers and cards said in words: right, asked about, or wrong.

Run: ``.venv/bin/python benchmarks/rules_numbers.py [FILE]`` (default
``tests/rules/fresh/numbers_words.toml``). Each case is a question with the figure a player
should get (card points, an opening minimum, a described round's net). The answer's worked-out
lines are read: the case is *right* when the last bold figure is the expected one, *asked* when
the bot says what it read and asks instead of giving a figure, *none* when it worked nothing out,
and *wrong* when it shows another figure as the result. The issue's bar: never a wrong number.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.rules import RulesIndex
from bot.scoring import load_variant

BOLD = re.compile(r"\*\*(-?[\d.,  ]+)\*\*")


def figure(lines: tuple[str, ...]) -> int | None:
    found = [m.group(1) for line in lines for m in BOLD.finditer(line)]
    if not found:
        return None
    return int(re.sub(r"[^\d-]", "", found[-1]))


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "tests/rules/fresh/numbers_words.toml")
    cases = tomllib.loads(path.read_text(encoding="utf-8"))["case"]
    index = RulesIndex.load()
    tally: Counter[tuple[str, str]] = Counter()
    misses = []
    for case in cases:
        answer = index.ask(case["text"], lang=case["lang"], variant=load_variant(case["variant"]))
        text = "\n".join(answer.computed)
        got = figure(answer.computed)
        if got == case["expected"]:
            verdict = "right"
        elif "?" in text and answer.computed:
            verdict = "asked"
        elif got is None:
            verdict = "none"
        else:
            verdict = "wrong"
        tally[(case["lang"], verdict)] += 1
        if verdict != "right":
            misses.append((verdict, case["lang"], case["text"], case["expected"], text[:160]))
    print("lang  right  asked  none  wrong  n")
    for lang in ("en", "no", "da", "fi"):
        row = [tally[(lang, v)] for v in ("right", "asked", "none", "wrong")]
        print(f"{lang:4} {row[0]:6} {row[1]:6} {row[2]:5} {row[3]:6}  {sum(row)}")
    for verdict, lang, text, expected, shown in misses:
        print(f"  [{verdict}] [{lang}] {text!r} want {expected}: {shown!r}")


if __name__ == "__main__":
    main()
