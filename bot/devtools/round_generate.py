"""Rounds said aloud, made up from the lexicon's words, for the round tagger to learn from:
``python -m bot.devtools.round_generate`` writes ``rules_data/rounds/generated.toml``.

Why: the seen sets hold about two hundred sentences per set, few of them with concealed
going out, nothing laid down, or a canasta's bonus said again after it. Each made-up round
draws its components at random (fixed seed), says each part with a phrase of the language's
lexicon (``rules_data/lexicon/<lang>.toml``, section ``round``) in a random order, and is
then labelled exactly as a seen sentence is (``round_labels``): what the alignment cannot
label without doubt is dropped. The sentences are stilted; the tagger learns their words'
roles, and the seen sets teach it how players really order them.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from bot.devtools.round_labels import Labelled, label_side, write
from bot.scoring.vocabulary import vocabulary
from bot.talk.round_cut import cut
from bot.talk.round_sides import Seating, side_words
from bot.talk.round_words import count_of
from bot.talk.text import fold
from bot.talk.word_forms import typed_words

LANGS = ("en", "no", "da", "fi")
PER_LANGUAGE = 300
SEED = 17
BARE = 0.3
"""Share of table points said bare after the side's name ("them 240, 1 dirty"), and of
going out said with the one word for out ("420, 2 clean, out")."""
PARTNER_HAND = 0.15
"""Share of sides going out with the partner's hand still counted."""
SPLIT_HAND = 0.15
"""Share of the speaker's side's hands said as two players' hands."""
BONUS_SAID = 0.1
"""Share of natural canastas followed by their bonus said again ("a clean canasta, 500
points"): a number that is no table points and no hand, so the tagger learns to leave it."""
TOTAL_SAID = 0.15
"""Share of sides with both kinds of canasta that say how many in all first ("two canastas,
one natural and one mixed"): a count that is no kind's, so the tagger learns to leave it."""

BARE_HAND = 0.5
"""Share of sides said bare whose hand follows the table points bare too, as a sheet row
says them ("them 240 25"): the second number is the hand. Drawn from its own stream (see
``_bare_hand``), so adding it left every other made-up round as it was."""
SHEET = 0.1
"""Share of sides read off a score sheet, each count said after its kind and none said too
("naturals 1, mixed 0, red threes 2"): a phrasing the counts-before-kinds rounds never show."""
SHEET_OUT = 0.5
"""Share of sheets that tick or cross going out ("ulos: ei", "out yes") among the counts."""
SHEET_END = ""
"""Marks the end of a sheet's clauses in ``_Lang.clauses`` (never said)."""

SOURCE = f"Made up from the lexicons by bot/devtools/round_generate.py (seed {SEED})."


def generated(per_language: int = PER_LANGUAGE) -> list[Labelled]:
    """Every language's made-up sides, as ``generated.toml`` holds them."""
    return [side for lang in LANGS for side in generate(lang, per_language)[0]]


class _Lang:
    def __init__(self, lang: str, rng: random.Random) -> None:
        lex = vocabulary().lexicons[lang]
        self.lex, self.rng, self.code = lex, rng, lang
        self.forms = sorted(vocabulary().forms.get(lang, {}))
        outs = tuple(lex.round.out)

        def plain(phrase: str) -> bool:
            """No word like "out" ("ute" is table points and going out alike): a made-up
            sentence would teach one reading of a word players use for both."""
            return not any(w.startswith(outs) for w in phrase.split()) and "*" not in phrase

        self.table_after = [p for p in lex.round.table_after if plain(p)]
        self.table_before = [p for p in lex.round.table_before if plain(p)]

    def pick(self, phrases: list[str]) -> str:
        """One of the phrases, a "word*" said as one of the lemmatizer's forms of it when
        it has any ("punai*" as "punaista", "punaisia"), else as the stem itself."""
        words = []
        for word in self.rng.choice(phrases).split():
            if word.endswith("*"):
                stem = word.rstrip("*")
                forms = sorted(f for f in self.forms if f.startswith(stem))
                words.append(self.rng.choice(forms) if forms else stem)
            elif word != "~":
                words.append(word)
        return " ".join(words)

    def count(self, n: int) -> str:
        words = self.lex.numbers.get(str(n), [])
        if n == 1 and self.rng.random() < 0.4:
            words = [*words, *self.lex.words.one]
        return self.rng.choice(words) if words and self.rng.random() < 0.6 else str(n)

    def sheet(self, side: dict[str, Any]) -> list[str]:
        """The counts as a score sheet says them, each after its kind ("naturals 1",
        "røde treere 0"), then ``SHEET_END`` (the red threes are said)."""
        r = self.lex.round
        out = [
            f"{self.pick(kinds)} {self.count(side[field]) if side[field] else '0'}"
            for field, kinds in (("natural_canastas", r.natural), ("mixed_canastas", r.mixed))
        ]
        red = side["red_threes"]
        # not "tre" for three: "røde tre 1" would be a count of three before the count
        threes = [t for t in r.three if not count_of(fold(t), self.code)]
        out.append(f"{self.pick(self.lex.colours.red)} {self.pick(threes)} {red}")
        if side["went_out"] != "concealed" and self.rng.random() < SHEET_OUT:
            # "ulos: ei", "out yes": going out ticked or crossed, said here, not again below
            tick = r.yes if side["went_out"] == "normal" else r.no
            colon = ":" if self.rng.random() < 0.5 else ""
            out.append(f"{self.pick(r.out)}{colon} {self.pick(tick)}")
            side["sheet_out"] = True
        return [", ".join(out) + ",", SHEET_END]  # a sheet's commas, however it is joined

    def clauses(self, side: dict[str, Any]) -> list[str]:
        rng, r = self.rng, self.lex.round
        out: list[str] = []
        meld = side["meld_points"]
        bare = meld and rng.random() < BARE
        if bare:
            pass  # said first, right after the side's name, below
        elif meld:
            before = rng.random() < 0.5 and self.table_before
            out.append(
                f"{self.pick(self.table_before)} {meld}"
                if before
                else f"{meld} {self.pick(self.table_after)}"
            )
        else:
            out.append(self.pick(r.no_meld))
        natural, mixed = side["natural_canastas"], side["mixed_canastas"]
        if rng.random() < SHEET:
            out += self.sheet(side)
        elif natural == mixed == 1 and rng.random() < 0.3:
            joiner = rng.choice(self.lex.words.joiners[:1] or ["+"])
            out.append(f"{self.pick(r.natural)} {joiner} {self.pick(r.mixed)}")
        else:
            said = [
                f"{self.count(n)} {self.pick(kinds)}"
                + (f" {self.pick(r.canasta)}" if rng.random() < 0.3 else "")
                for n, kinds in ((natural, r.natural), (mixed, r.mixed))
                if n
            ]
            if natural and mixed and rng.random() < TOTAL_SAID:
                joiner = rng.choice(self.lex.words.joiners[:1] or ["+"])
                total = f"{self.count(natural + mixed)} {self.pick(r.canasta)}"
                said = [f"{total}, " + f" {joiner} ".join(said)]
            out += said
        if natural and rng.random() < BONUS_SAID:
            out[-1] += f", {500 * natural} {self.pick(r.points)}"
        red = side["red_threes"]
        if out and out[-1] == SHEET_END:
            out.pop()
        elif red or rng.random() < 0.3:
            count = self.count(red) if red else self.pick(r.none)
            out.append(f"{count} {self.pick(self.lex.colours.red)} {self.pick(r.three)}")
        if side.pop("sheet_out", False):
            pass  # the sheet said it
        elif side["went_out"] == "normal" and rng.random() < BARE:
            out.append(self.pick(r.out))  # "vi ute", "420, 2 clean, out"
        elif side["went_out"] != "no":
            went = self.pick(r.went_out)
            if side["went_out"] == "concealed":
                went += f" {self.pick(r.concealed)}"
            out.append(went)
        hand = side["hand_points"]
        if hand and side.get("split"):  # "partner had 30 and I had 15": two hands, summed
            first = 5 * rng.randint(1, hand // 5 - 1)
            said = self.pick(r.hand_before)
            joiner = rng.choice(self.lex.words.joiners[:1])
            who = [self.pick(r.we) for _ in range(2)]
            out.append(f"{who[0]} {said} {first} {joiner} {who[1]} {said} {hand - first}")
        elif hand:
            before = rng.random() < 0.5
            out.append(
                f"{self.pick(r.hand_before)} {hand}"
                if before
                else f"{hand} {self.pick(r.hand_after)}"
            )
        rng.shuffle(out)
        return _bare_first(side, out) if bare else out


def _bare_first(side: dict[str, Any], out: list[str]) -> list[str]:
    """A side said bare: its table points first, right after its name, and its hand's clause
    said bare after them when ``_bare_hand`` draws it ("them 240 25")."""
    meld, hand = side["meld_points"], side["hand_points"]
    if not _bare_hand(side):
        return [str(meld), *out]
    said = next(c for c in out if c.startswith(str(hand)) or c.endswith(f" {hand}"))
    return [f"{meld} {hand}", *(c for c in out if c is not said)]


def _bare_hand(side: dict[str, Any]) -> bool:
    """Whether a side said bare says its hand bare after its table points (``BARE_HAND``):
    only a side that did not go out and has one hand said whole. Seeded by the side itself,
    not the generator's stream, which this draw would otherwise shift for every round after."""
    if side["went_out"] != "no" or not side["hand_points"] or side.get("split"):
        return False
    draw = random.Random(f"bare hand {side['meld_points']} {side['hand_points']}").random()
    return draw < BARE_HAND


def _sides(rng: random.Random) -> list[dict[str, Any]]:
    out_side = rng.choice([0, 1, 0, 1, None])
    sides = []
    for n in range(2):
        went = "no" if n != out_side else rng.choice(["normal"] * 4 + ["concealed"])
        natural, mixed = rng.choice([0, 1, 1, 2, 3]), rng.choice([0, 0, 1, 1, 2])
        if went != "no" and not natural + mixed:
            natural = 1
        melded = rng.random() > 0.08 or natural + mixed
        hand = 0 if went != "no" else 5 * rng.randint(1, 40)
        if went == "normal" and rng.random() < PARTNER_HAND:
            hand = 5 * rng.randint(1, 12)  # "I went out, partner still had 35"
        least = 9 * (natural + mixed)  # a canasta's seven cards: table points it needs, in fives
        sides.append(
            {
                "meld_points": 5 * rng.randint(12 + least, 120 + least) if melded else 0,
                "natural_canastas": natural if melded else 0,
                "mixed_canastas": mixed if melded else 0,
                "red_threes": rng.choice([0, 0, 1, 1, 2, 3, 4]),
                "went_out": went,
                "hand_points": hand,
                "split": n == 0 and hand >= 15 and rng.random() < SPLIT_HAND,
            }
        )
    return sides


def generate(lang: str, n: int, seed: int = SEED) -> tuple[list[Labelled], int]:
    """(``n`` made-up rounds of ``lang`` labelled per side, sides dropped)."""
    rng = random.Random(f"{seed} {lang}")
    say = _Lang(lang, rng)
    lex = vocabulary().lexicons[lang]
    out: list[Labelled] = []
    dropped = 0
    for _ in range(n):
        sides = _sides(rng)
        parts = []
        for index, side in enumerate(sides):
            who = say.pick(lex.round.we if index == 0 else lex.round.they)
            parts.append(f"{who} " + rng.choice([", ", " "]).join(say.clauses(side)))
        text = rng.choice(["; ", ". ", ", "]).join(parts)
        parts = cut(typed_words(text, lang), Seating(lang=lang))
        for index, side in enumerate(sides):
            words, _ = side_words(parts, index)
            roles = label_side(words, side, lang) if words else None
            if roles is None:
                dropped += 1
            else:
                out.append(Labelled(lang, words, roles))
    return out, dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-language", type=int, default=PER_LANGUAGE)
    args = parser.parse_args()
    labelled: list[Labelled] = []
    for lang in LANGS:
        made, dropped = generate(lang, args.per_language)
        labelled += made
        print(f"{lang}: {len(made)} sides labelled, {dropped} dropped")
    print(write("generated", labelled, SOURCE))


if __name__ == "__main__":
    main()
