"""Accuracy on labelled questions: ``python -m bot.rules.evaluate [--questions FILE | --all]``
(this module; ``bot.rules.evaluate`` is its entry point).

Prints, per language, top-1 and top-3 accuracy on the rules questions, the share of off-topic
questions declined, and n. The reply the bot gives is what is judged: a "no match" for a rules
question is a miss, a choice counts its first topic as top-1, and computed answers count the
topic they show. A file is graded by a model trained on everything except that file
(``index_without``, with the shipped model's calibration: temperature and chat head), so a
question is never graded by a model that learned it; ``--all`` does
so for every file in ``rules_data/questions`` in turn (leave-one-set-out) and pools the result.
Training needs the ``train`` extra (scikit-learn); ``--shipped`` grades a set the shipped model
never learned from (a blind set in ``tests/rules``) with that model as it is, numpy only.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bot.rules.examples import OFF_TOPIC, example_files, examples_dir, load_examples
from bot.rules.examples import Example as Question
from bot.rules.index import RulesIndex
from bot.rules.model import shipped_model
from bot.rules.topics import LANGS, all_topics
from bot.scoring import load_variant

DEFAULT_QUESTIONS = examples_dir() / "questions.toml"


@dataclass
class Tally:
    n: int = 0
    top1: int = 0
    top3: int = 0
    off_n: int = 0
    declined: int = 0

    def add(self, other: Tally) -> None:
        self.n += other.n
        self.top1 += other.top1
        self.top3 += other.top3
        self.off_n += other.off_n
        self.declined += other.declined

    @property
    def top1_rate(self) -> float:
        return self.top1 / self.n if self.n else 1.0

    @property
    def top3_rate(self) -> float:
        return self.top3 / self.n if self.n else 1.0

    @property
    def declined_rate(self) -> float:
        return self.declined / self.off_n if self.off_n else 1.0


def load_questions(path: Path = DEFAULT_QUESTIONS) -> list[Question]:
    return load_examples(path)


def index_without(questions: Iterable[Question]) -> RulesIndex:
    """An index whose model learned every labelled question and topic text except
    ``questions`` (same settings and temperature as the shipped one)."""
    from bot.devtools.train_topics import Calibration, fit, training_docs

    docs = training_docs(leave_out=list(questions))
    shipped = shipped_model()
    lines = tuple(shipped.chat_lines[lang] for lang in shipped.langs)
    calibration = Calibration(shipped.temperature, tuple(shipped.chat_weights), lines)
    return RulesIndex(all_topics(), fit(docs, calibration=calibration, languages=False))


def ranked_ids(index: RulesIndex, q: Question) -> tuple[str, list[str]]:
    """(reply kind, topic ids in the order the reply presents them)."""
    answer = index.ask(q.text, lang=q.lang, variant=load_variant(q.variant))
    if answer.kind == "no_match":
        return answer.kind, []
    shown = list(answer.topic_ids)
    shown += [tid for tid, _ in answer.suggestions if tid not in shown]
    shown += [hit.id for hit in answer.ranking if hit.id not in shown]
    return answer.kind, shown


Miss = tuple[Question, str, list[str]]


def evaluate(index: RulesIndex, questions: list[Question]) -> tuple[dict[str, Tally], list[Miss]]:
    """Tallies per language, plus every miss (question, kind, ranked ids) for debugging."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    misses: list[Miss] = []
    for q in questions:
        kind, ids = ranked_ids(index, q)
        tally = tallies[q.lang]
        if q.topic == OFF_TOPIC:
            tally.off_n += 1
            tally.declined += kind == "no_match"
            hit = kind == "no_match"
        else:
            tally.n += 1
            tally.top1 += bool(ids) and ids[0] == q.topic
            tally.top3 += q.topic in ids[:3]
            hit = bool(ids) and ids[0] == q.topic
        if not hit:
            misses.append((q, kind, ids[:3]))
    return dict(tallies), misses


def left_out(paths: Iterable[Path]) -> tuple[dict[str, Tally], list[Miss]]:
    """Each file graded by a model trained without it, pooled (leave-one-set-out)."""
    tallies: dict[str, Tally] = {}
    misses: list[Miss] = []
    for path in paths:
        questions = load_questions(path)
        found, missed = evaluate(index_without(questions), questions)
        for lang, tally in found.items():
            tallies.setdefault(lang, Tally()).add(tally)
        misses += missed
    return tallies, misses


def table(tallies: dict[str, Tally]) -> str:
    total = Tally()
    rows = ["lang   top-1   top-3   off-topic declined   n (rules + off-topic)"]
    for lang in (*LANGS, *sorted(set(tallies) - set(LANGS))):
        if lang not in tallies:
            continue
        t = tallies[lang]
        total.add(t)
        rows.append(_row(lang, t))
    rows.append(_row("all", total))
    return "\n".join(rows)


def _row(name: str, t: Tally) -> str:
    return (
        f"{name:<6} {t.top1_rate:6.1%}  {t.top3_rate:6.1%}  {t.declined_rate:10.1%}"
        f"{'':>9}   {t.n} + {t.off_n}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--all", action="store_true", help="leave each labelled set out in turn")
    parser.add_argument(
        "--shipped",
        action="store_true",
        help="grade with the shipped model, no training (only for a set it never learned from)",
    )
    parser.add_argument("--misses", action="store_true", help="list every miss")
    args = parser.parse_args(argv)
    paths = example_files() if args.all else [args.questions]
    if args.shipped:
        tallies, misses = evaluate(RulesIndex.load(), load_questions(args.questions))
    else:
        tallies, misses = left_out(paths)
    print(table(tallies))
    if args.misses:
        for q, kind, ids in misses:
            print(f"  [{q.lang}] {q.text!r}: want {q.topic}, got {kind} {ids}")


if __name__ == "__main__":
    main()
