"""How well ``/round say`` reads whole rounds said in one sentence: exact, unsure, or wrong.

Run: ``.venv/bin/python benchmarks/round_say.py [FILE] [--model WEIGHTS | --rules-only]``
(default ``tests/games/fresh/round_sentences.toml`` and the shipped round tagger;
``--model`` reads with weights trained without the set, see
``bot.devtools.train_round_tagger --without``; ``--rules-only`` without the tagger).
The file holds ``[[sentence]]`` entries (lang, variant, speaker_side 1-based, optional
names = one list of names per side, text, sides = one table per side with meld_points,
natural_canastas, mixed_canastas, red_threes, went_out "no"/"normal"/"concealed",
hand_points; nets) and ``[[unsure]]`` entries (lang, variant, speaker_side, text, unclear).
A sentence is *exact* when every component of every side and every net is right and nothing
is named unsure; *unsure* when the reader named something it could not place and every side
it did not ask about is right (nothing wrong said as certain; a side it could not find, or
words it could not tie to a side, leave the whole split in doubt); *wrong* when a component
or side is wrong without a word of doubt. For ``[[unsure]]`` entries: *flagged* when the
reader named something unsure, *confident* (the bad case) when not. The issue's bar: at
least 95% exact per language, none wrong."""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.scoring import SideRound, load_variant
from bot.scoring.round import breakdown
from bot.talk.round_tagger import use_weights
from bot.talk.round_talk import RoundReading, Seating, read_round

LANGS = ("en", "no", "da", "fi")
FIELDS = (
    "meld_points",
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "went_out",
    "hand_points",
)


def seating(case: dict[str, Any]) -> Seating:
    # a side's names: a list, or one string (the set's files give one name per side)
    names = tuple(
        (side,) if isinstance(side, str) else tuple(side) for side in case.get("names", [])
    )
    sides = len(case["sides"]) if "sides" in case else max(len(names), 2)
    return Seating(sides=sides, speaker=case["speaker_side"] - 1, names=names, lang=case["lang"])


def _said(side: SideRound) -> dict[str, Any]:
    return {name: str(getattr(side, name)) for name in FIELDS}


def _want(side: dict[str, Any]) -> dict[str, Any]:
    return {name: str(side.get(name, "no" if name == "went_out" else 0)) for name in FIELDS}


def verdict(case: dict[str, Any], reading: RoundReading) -> str:
    """exact, unsure or wrong for a [[sentence]] entry."""
    variant = load_variant(case["variant"])
    if len(reading.sides) != len(case["sides"]):
        return "wrong"
    unsure_sides = {u.side for u in reading.unsure}
    # a side not found, or words tied to no side, put the whole split in doubt
    doubt_all = None in unsure_sides or any(u.what == "missing" for u in reading.unsure)
    for index, (got, want) in enumerate(zip(reading.sides, case["sides"], strict=True)):
        if doubt_all or index in unsure_sides:
            continue  # the reader asked about this side: not said as certain
        if _said(got.round) != _want(want):
            return "wrong"
        nets = case.get("nets")
        if nets and sum(breakdown(variant, got.round).values()) != nets[index]:
            return "wrong"
    return "unsure" if reading.unsure else "exact"


def main() -> None:
    parser = argparse.ArgumentParser(description="How well /round say reads whole rounds.")
    parser.add_argument("file", nargs="?", default="tests/games/fresh/round_sentences.toml")
    parser.add_argument(
        "--model", type=Path, default=None, help="round tagger weights (default: the shipped)"
    )
    parser.add_argument(
        "--rules-only", action="store_true", help="the rule reader alone, without the tagger"
    )
    args = parser.parse_args()
    use_weights(args.model, rules_only=args.rules_only)
    path = Path(args.file)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    tally: Counter[tuple[str, str]] = Counter()
    misses: list[str] = []
    for case in data.get("sentence", []):
        reading = read_round(case["text"], seating(case), load_variant(case["variant"]))
        got = verdict(case, reading)
        tally[(case["lang"], got)] += 1
        if got != "exact":
            read = [s.round.model_dump(exclude_defaults=True) for s in reading.sides]
            misses.append(f"  [{got}] [{case['lang']}] {case['text']!r}\n      read {read}")
            misses += [f"      unsure {u.what} {u.words!r} side {u.side}" for u in reading.unsure]
    for case in data.get("unsure", []):
        reading = read_round(case["text"], seating(case), load_variant(case["variant"]))
        got = "flagged" if reading.unsure else "confident"
        tally[(case["lang"], got)] += 1
        if got == "confident":
            read = [s.round.model_dump(exclude_defaults=True) for s in reading.sides]
            misses.append(f"  [confident] [{case['lang']}] {case['text']!r}\n      read {read}")
    print("lang  exact  unsure  wrong     n  exact%  | unsure set: flagged  confident")
    for lang in LANGS:
        row = [tally[(lang, v)] for v in ("exact", "unsure", "wrong")]
        flagged, confident = tally[(lang, "flagged")], tally[(lang, "confident")]
        n = sum(row)
        share = f"{100 * row[0] / n:5.1f}" if n else "    -"
        print(
            f"{lang:4} {row[0]:6} {row[1]:7} {row[2]:6} {n:5}  {share}   "
            f"|              {flagged:7} {confident:10}"
        )
    print("\n".join(misses))


if __name__ == "__main__":
    main()
