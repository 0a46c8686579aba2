"""Every answer the rules engine and ``/round say`` give, dumped to JSON: the oracle a speed-up
is checked against (issue 13: answers must not change).

Run: ``python -m bot.devtools.answer_snapshot OUT.json`` (write outside the repository), then
after a change again to another file and ``python -m bot.devtools.answer_snapshot --diff A B``.

Dumped: every labelled question in ``rules_data/questions/*.toml`` and every question and
numbers case under ``tests/rules`` (``**/*.toml``), each asked at the classic and the Cuban table
and at the variant it was labelled with, in its own language; and once more at its own variant
with no language given, once with no locale (the reply language detected) and once with the
Discord locale of another language (``LOCALES``: a Danish user's Norwegian-looking question),
since the reply language changes which words the number readers use. Kept per ask: the full
``format_plain`` text, the reply kind, the shown topic ids, the suggestions and the ranking (ids
and scores). Then the ``/round say`` reading of every sentence of ``tests/games/fresh*/*.toml``
(as ``benchmarks/round_say.py`` reads them: each side's round and every unsure part).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("classic", "cuban")
LOCALES = {"en": "no", "no": "da", "da": "fi", "fi": "en-US"}
"""The Discord locale of another language each question is asked once more from."""


def _questions() -> list[tuple[str, str, str, str]]:
    """(source, lang, text, variant) of every question and numbers case, in file order."""
    from bot.devtools.rules_evaluate import load_questions
    from bot.rules.examples import example_files

    out: list[tuple[str, str, str, str]] = []
    for path in example_files():
        out += [(path.name, q.lang, q.text, q.variant) for q in load_questions(path)]
    rules = ROOT / "tests" / "rules"
    for path in sorted(rules.glob("**/*.toml")):
        name = str(path.relative_to(rules))
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "case" in data:
            out += [(name, c["lang"], c["text"], c["variant"]) for c in data["case"]]
        else:
            out += [(name, q.lang, q.text, q.variant) for q in load_questions(path)]
    return out


def _asks(lang: str, own: str) -> list[tuple[str, str | None, str | None]]:
    """(table, lang, locale) each question is asked with."""
    tables = dict.fromkeys((*VARIANTS, own))
    return [
        *((table, lang, None) for table in tables),
        (own, None, None),
        (own, None, LOCALES[lang]),
    ]


def _answers() -> list[dict[str, Any]]:
    from bot.rules.answer import format_plain
    from bot.rules.index import RulesIndex
    from bot.scoring import load_variant

    index = RulesIndex.load()
    rows = []
    for source, lang, text, own in _questions():
        for vid, asked, locale in _asks(lang, own):
            answer = index.ask(text, lang=asked, locale=locale, variant=load_variant(vid))
            rows.append(
                {
                    "source": source,
                    "lang": lang,
                    "text": text,
                    "table": vid,
                    "asked": [asked, locale],
                    "kind": answer.kind,
                    "language": answer.language,
                    "variant": answer.variant,
                    "topics": list(answer.topic_ids),
                    "suggestions": [tid for tid, _ in answer.suggestions],
                    "ranking": [[h.id, repr(h.score)] for h in answer.ranking],
                    "computed": list(answer.computed),
                    "plain": format_plain(answer),
                }
            )
    return rows


def _readings() -> list[dict[str, Any]]:
    sys.path.insert(0, str(ROOT))
    from benchmarks.round_say import seating
    from bot.scoring import load_variant
    from bot.talk.round_talk import read_round

    rows = []
    for path in sorted((ROOT / "tests" / "games").glob("fresh*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in ("sentence", "unsure"):
            for case in data.get(entry, []):
                reading = read_round(case["text"], seating(case), load_variant(case["variant"]))
                rows.append(
                    {
                        "source": f"{path.parent.name}/{path.name}",
                        "entry": entry,
                        "text": case["text"],
                        "sides": [[s.round.model_dump(mode="json"), s.said] for s in reading.sides],
                        "unsure": [[u.what, u.words, u.side] for u in reading.unsure],
                    }
                )
    return rows


def dump(out: Path) -> None:
    snapshot = {"answers": _answers(), "readings": _readings()}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(snapshot, ensure_ascii=False, indent=0), encoding="utf-8")
    print(f"{out}: {len(snapshot['answers'])} answers, {len(snapshot['readings'])} readings")


def diff(a: Path, b: Path) -> int:
    """Prints every entry that differs; returns how many."""
    old, new = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    differences = 0
    for part in ("answers", "readings"):
        if len(old[part]) != len(new[part]):
            print(f"{part}: {len(old[part])} vs {len(new[part])} entries")
            differences += 1
        for x, y in zip(old[part], new[part], strict=False):
            if x != y:
                differences += 1
                if differences <= 20:
                    print(f"--- {part}: {x.get('source')} {x['text']!r}")
                    for key in x:
                        if x[key] != y.get(key):
                            print(f"    {key}: {x[key]!r}\n     -> {y.get(key)!r}")
    print(f"{differences} differences")
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.diff:
        sys.exit(1 if diff(*args.diff) else 0)
    if args.out is None:
        parser.error("give OUT.json or --diff BEFORE AFTER")
    dump(args.out)


if __name__ == "__main__":
    main()
