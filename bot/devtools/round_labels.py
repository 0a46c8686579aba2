"""Label rounds said aloud word by word, for the round tagger: ``python -m
bot.devtools.round_labels``.

The seen sentence sets (``tests/games/fresh*/*.toml``) say each side's components, not which
word says which. This aligns them: the sentence is cut into sides as the reader cuts it
(``round_sides``), and in each side's words a count before a kind word counts that kind, a
kind word with no count is one, the number equal to the table points is ``MELD``, the
numbers that make the hand are ``HAND``, and the lexicon's going-out, concealed and
nothing-melded phrases mark ``OUT``, ``CONC`` and ``NOMELD``. A side whose labels do not add
up to its components exactly, or where a value could be either of two words, is dropped:
a wrong label would teach a wrong reading. Written to ``rules_data/rounds/<set>.toml``.
"""

from __future__ import annotations

import argparse
import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import vocabulary
from bot.talk.round_assemble import KIND_REACH, count_after, count_value, kind_of, points_value
from bot.talk.round_cut import read_parts, said_words
from bot.talk.round_sides import Seating, side_words
from bot.talk.round_words import GAP, any_phrase, zero_words
from bot.talk.text import fold, normalise

SETS = {
    "fresh": Path("tests/games/fresh/round_sentences.toml"),
    "fresh2": Path("tests/games/fresh2/round_sentences2.toml"),
    "fresh3": Path("tests/games/fresh3/round_sentences3.toml"),
    "fresh4": Path("tests/games/fresh4/round_sentences4.toml"),
    "fresh5": Path("tests/games/fresh5/round_sentences5.toml"),
    "fresh6": Path("tests/games/fresh6/round_sentences6.toml"),
    "written": Path("rules_data/rounds/sources/written.toml"),
    "writers": Path("rules_data/rounds/sources/writers.toml"),
    "writers2": Path("rules_data/rounds/sources/writers2.toml"),
    "writers3": Path("rules_data/rounds/sources/writers3.toml"),
    "writers4": Path("rules_data/rounds/sources/writers4.toml"),
}


def rounds_dir() -> Path:
    return rules_data_dir() / "rounds"


@functools.cache
def _phrase(field: str, lang: str) -> re.Pattern[str]:
    return re.compile(rf"(?:^| )({any_phrase(field, lang=lang)})(?= |$)")


def _mark(words: list[str], roles: list[str], field: str, role: str, lang: str) -> bool:
    joined = " ".join(words)
    marked = False
    for match in _phrase(field, lang).finditer(joined):
        first = joined.count(" ", 0, match.start(1))
        last = joined.count(" ", 0, match.end(1))
        for k in range(first, last + 1):
            if roles[k] == "O" and words[k] != GAP:
                roles[k] = role
                marked = True
    return marked


def _label_kinds(words: list[str], roles: list[str], lang: str) -> dict[str, int]:
    """Mark the counts and kinds of canastas and red threes in ``roles``; what they add up
    to, per kind."""
    totals = {"NAT": 0, "MIX": 0, "RED": 0}
    covered: set[int] = set()
    for i, word in enumerate(words):
        value = count_value(word, lang)
        if value is None or word.startswith("x"):
            continue
        for j in range(i + 1, min(len(words), i + 1 + KIND_REACH)):
            if words[j] == GAP or count_value(words[j], lang) is not None:
                break
            kind = kind_of(words, j, lang)
            if kind:
                roles[i] = f"N_{kind}"
                totals[kind] += value
                covered.add(j)
                break
    for i in range(len(words)):
        kind = kind_of(words, i, lang)
        if not kind or i in covered:
            continue
        after = words[i + 1 : i + 3]
        times = next(
            (k for k, w in enumerate(after) if w.startswith("x") and w[1:].isdecimal()), None
        )
        if times is not None:  # "red threes x2", "ren x1", "likanen x2"
            roles[i + 1 + times] = f"N_{kind}"
            totals[kind] += int(after[times][1:])
            continue
        if (at := count_after(words, i, lang)) is not None:
            roles[at] = f"N_{kind}"
            totals[kind] += count_value(words[at], lang) or 0
            continue
        roles[i] = f"K_{kind}"
        totals[kind] += 1
    return totals


def label_side(words: list[str], want: dict[str, Any], lang: str) -> list[str] | None:
    """Each word's role in one side's words, or None when they do not add up to ``want``
    (the side's components) or a value could be said by two words."""
    roles = ["O"] * len(words)
    totals = _label_kinds(words, roles, lang)
    if (totals["NAT"], totals["MIX"], totals["RED"]) != (
        want.get("natural_canastas", 0),
        want.get("mixed_canastas", 0),
        want.get("red_threes", 0),
    ):
        return None
    if not _points(words, roles, want, lang):
        return None
    out = want.get("went_out", "no")
    if out == "concealed" and not _mark(words, roles, "concealed", "CONC", lang):
        return None
    if out != "no":
        marked = _mark(words, roles, "went_out", "OUT", lang)
        marked = _mark(words, roles, "out", "OUT", lang) or marked
        if not marked and "CONC" not in roles:
            marked = _out_like(words, roles, lang)
        if not marked and "CONC" not in roles:
            return None
    return roles


def _out_like(words: list[str], roles: list[str], lang: str) -> bool:
    """A side that went out said so with one word the lexicon lists no phrase for but that
    starts like its word for out ("vi ute", "os 375, 1 ren, ude"): that word, if it is the
    only one."""
    outs = tuple(vocabulary().lexicons[lang].round.out)
    found = [i for i, w in enumerate(words) if roles[i] == "O" and w.startswith(outs)]
    if len(found) != 1:
        return False
    roles[found[0]] = "OUT"
    return True


def _never(words: list[str], roles: list[str], lang: str) -> bool:
    """A side that laid nothing down said so with a phrase the lexicon lacks ("vi kom aldri
    ned", "we never got down"): its one negation word says it, if it has only one."""
    negations = {fold(normalise(w)) for w in vocabulary().lexicons[lang].round.negation}
    found = [i for i, w in enumerate(words) if roles[i] == "O" and w in negations]
    if len(found) != 1:
        return False
    roles[found[0]] = "NOMELD"
    return True


def _nothing_down(words: list[str], roles: list[str], lang: str) -> bool:
    """Mark what says the side laid nothing down (a zero by a table word, a no-meld phrase,
    or its one negation); False when nothing does."""
    zero = _zero_meld(words, roles, lang)
    said = _mark(words, roles, "no_meld", "NOMELD", lang)
    return zero or said or _never(words, roles, lang)


def _zero_meld(words: list[str], roles: list[str], lang: str) -> bool:
    """No table points said as a number ("zero melded", "null meldt", "pöydässä nolla"):
    its one word for nothing by a table word is ``MELD``, if there is only one."""
    zeros = zero_words(lang)
    after, before = _phrase("table_after", lang), _phrase("table_before", lang)
    found = [
        i
        for i, w in enumerate(words)
        if w in zeros
        and roles[i] == "O"
        and (
            after.match(" " + " ".join(words[i + 1 : i + 4])) or before.search(" ".join(words[:i]))
        )
    ]
    if len(found) != 1:
        return False
    roles[found[0]] = "MELD"
    return True


def _points(words: list[str], roles: list[str], want: dict[str, Any], lang: str) -> bool:
    """Mark the table points and the hand; False when either is not found once and once only."""
    meld, hand = want.get("meld_points", 0), want.get("hand_points", 0)
    free = [i for i, r in enumerate(roles) if r == "O" and points_value(words[i], lang)]
    if meld:
        at = [i for i in free if points_value(words[i], lang) == meld and words[i].isdecimal()]
        if len(at) != 1 or meld == hand:
            return False
        roles[at[0]] = "MELD"
        free.remove(at[0])
    elif not _nothing_down(words, roles, lang):
        return False
    if hand:
        at = [i for i in free if points_value(words[i], lang) == hand]
        if len(at) > 1:
            return False
        if not at:
            pairs = [
                (i, j)
                for n, i in enumerate(free)
                for j in free[n + 1 :]
                if points_value(words[i], lang) + points_value(words[j], lang) == hand  # type: ignore[operator]
            ]
            if len(pairs) != 1:
                return False
            at = list(pairs[0])
        for i in at:
            roles[i] = "HAND"
    return True


def seating_of(case: dict[str, Any]) -> Seating:
    names = tuple((s,) if isinstance(s, str) else tuple(s) for s in case.get("names", []))
    sides = len(case["sides"]) if "sides" in case else max(len(names), 2)
    return Seating(sides=sides, speaker=case["speaker_side"] - 1, names=names, lang=case["lang"])


@dataclass(frozen=True)
class Labelled:
    lang: str
    words: list[str]
    roles: list[str]


def label_set(path: Path) -> tuple[list[Labelled], int]:
    """(every side's labelled words in the set, sides dropped)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: list[Labelled] = []
    dropped = 0
    for case in data.get("sentence", []):
        seating = seating_of(case)
        parts = read_parts(said_words(case["text"], seating), seating)
        for side, want in enumerate(case["sides"]):
            words, _ = side_words(parts, side)
            roles = label_side(words, want, case["lang"]) if words else None
            if roles is None:
                dropped += 1
            else:
                out.append(Labelled(case["lang"], words, roles))
    return out, dropped


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(labelled: list[Labelled], source: str) -> str:
    """The labelled sides as a ``rules_data/rounds`` TOML file."""
    lines = [
        "# One side of a round said aloud per entry, each word with its role (see",
        f"# bot/talk/round_tagger.py). {source}",
        "# Regenerate with `python -m bot.devtools.round_labels` (seen sets) or",
        "# `python -m bot.devtools.round_generate` (made up); then retrain the tagger.",
        "",
    ]
    for item in labelled:
        lines += [
            "[[side]]",
            f'lang = "{item.lang}"',
            "words = [" + ", ".join(map(_quote, item.words)) + "]",
            "roles = [" + ", ".join(map(_quote, item.roles)) + "]",
            "",
        ]
    return "\n".join(lines)


def write(name: str, labelled: list[Labelled], source: str) -> Path:
    path = rounds_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(labelled, source), encoding="utf-8")
    return path


def source_of(path: Path) -> str:
    kind = "written to teach the tagger" if "sources" in path.parts else "a seen set"
    return f"Aligned from {path} ({kind})."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    for name, path in SETS.items():
        labelled, dropped = label_set(path)
        written = write(name, labelled, source_of(path))
        print(f"{written}: {len(labelled)} sides labelled, {dropped} dropped")


if __name__ == "__main__":
    main()
