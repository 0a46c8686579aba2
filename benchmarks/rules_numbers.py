"""Figures worked out from numbers and cards said in words: right, asked about, or wrong.

Run: ``.venv/bin/python benchmarks/rules_numbers.py [FILE]`` (default
``tests/rules/fresh/numbers_words.toml``). Each case is a question with the figure a player
should get (card points, an opening minimum, a described round's net). The answer's worked-out
lines are read: the case is *right* when the last bold figure is the expected one, *asked* when
the bot says what it read and asks instead of giving a figure, *none* when it worked nothing out,
and *wrong* when it shows another figure as the result. The issue's bar: never a wrong number.

A case of ``kind = "ask"`` (``expected = 0``) is a question the bot cannot work out for sure (an
unknown word beside the cards, a meld figure where a score is needed): it is *right* when the
reply asks or gives no figure, and *wrong* when it prints one. The table is per kind and
language.
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
    tally: Counter[tuple[str, str, str]] = Counter()
    misses = []
    for case in cases:
        answer = index.ask(case["text"], lang=case["lang"], variant=load_variant(case["variant"]))
        text = "\n".join(answer.computed)
        verdict = judge(case, figure(answer.computed), text)
        tally[(case.get("kind", "?"), case["lang"], verdict)] += 1
        if verdict != "right":
            misses.append((verdict, case["lang"], case["text"], case["expected"], text[:160]))
    print("kind     lang  right  asked  none  wrong  n")
    kinds = sorted({kind for kind, _, _ in tally})
    for kind in [*kinds, "all"]:
        for lang in ("en", "no", "da", "fi", "all"):
            row = [
                sum(
                    n
                    for (k, g, v), n in tally.items()
                    if v == verdict and kind in (k, "all") and lang in (g, "all")
                )
                for verdict in VERDICTS
            ]
            if sum(row):
                print(f"{kind:8} {lang:4} {row[0]:6} {row[1]:6} {row[2]:5} {row[3]:6}  {sum(row)}")
    for verdict, lang, text, expected, shown in misses:
        print(f"  [{verdict}] [{lang}] {text!r} want {expected}: {shown!r}")


VERDICTS = ("right", "asked", "none", "wrong")


def judge(case: dict[str, object], got: int | None, text: str) -> str:
    """right / asked / none / wrong for one case; an ``ask`` case is right with no figure."""
    if case.get("kind") == "ask":
        return "right" if got is None else "wrong"
    if got == case["expected"]:
        return "right"
    if "?" in text and text:
        return "asked"
    return "none" if got is None else "wrong"


if __name__ == "__main__":
    main()
