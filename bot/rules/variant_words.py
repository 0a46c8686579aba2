"""Which variant a question names: "in Cuban", "with 3 players", "vi er tre", "kahestaan".

The answer is then given with that variant's numbers, whatever the table plays. Every word is
the lexicon's (``rules_data/lexicon/<lang>.toml``: ``variants`` and ``players``), matched on
folded text; "word*" takes any ending. Stricter than what the topic model reads, since a wrong
guess changes every number of the reply: a count is of players only after a "we are" phrase or
before a player noun, and not before a word that says it counts something else ("vi er to
hold", "we are two hundred behind").
"""

from __future__ import annotations

import functools
import re

from bot.rules.text import alternatives, fold, normalise
from bot.scoring import Variant, all_variants
from bot.scoring.vocabulary import vocabulary

DEFAULT_VARIANT = "classic"
PLAYER_COUNTS = range(2, 7)


def _every(pick: str) -> list[str]:
    return [w for lexicon in vocabulary().lexicons.values() for w in getattr(lexicon.players, pick)]


@functools.cache
def _not_players() -> re.Pattern[str]:
    """Words after a count that make it a count of something else: teams, cards, points
    (``players.not_after``), hundreds and card names ("we are two hundred behind")."""
    words = [*_every("not_after"), *vocabulary().number_words, *vocabulary().word_to_rank]
    return re.compile(rf"(?:{alternatives(words)})")


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The lexicon's words as patterns over folded text, compiled on the first question."""
    alone: dict[str, list[str]] = {}
    named: dict[str, list[str]] = {}
    for lexicon in vocabulary().lexicons.values():
        for count, words in lexicon.players.alone.items():
            alone.setdefault(f"n{count}", []).extend(words)
        for vid, words in lexicon.variants.items():
            named.setdefault(f"v_{vid.replace('-', '_')}", []).extend(words)
    return {
        "alone": re.compile(
            "|".join(rf"(?<!\w)(?P<{k}>{alternatives(v)})(?!\w)" for k, v in alone.items())
        ),
        "variant": re.compile(
            "|".join(rf"(?<!\w)(?P<{k}>{alternatives(v)})(?!\w)" for k, v in named.items())
        ),
        "after": re.compile(rf"(?<!\w)(?:{alternatives(_every('we'))}) (\w+)(?!\w)(?: (\w+))?"),
        "before": re.compile(rf"(?<!\w)(\w+) (?:{alternatives(_every('nouns'))})(?!\w)"),
        "teams": re.compile(rf"(?<!\w)(?:{alternatives(_every('teams'))})(?!\w)"),
    }


def _folded(question: str) -> str:
    return " ".join(fold(normalise(question)).replace("'", " ").split())


def player_count(question: str) -> int | None:
    """How many play, when the question says so: "kahestaan", "vi er tre", "we're five",
    "three players"; None when it says no count from 2 to 6."""
    found = _patterns()
    text = _folded(question)
    alone = found["alone"].search(text)
    if alone:
        return int(next(k for k, v in alone.groupdict().items() if v)[1:])
    numbers = vocabulary().number_words
    for pattern in (found["after"], found["before"]):
        for match in pattern.finditer(text):
            word = match[1]
            count = int(word) if word.isdecimal() else numbers.get(word)
            after = match.groups()[1:]
            if count in PLAYER_COUNTS and not (
                after and after[0] and _not_players().fullmatch(after[0])
            ):
                return count
    return None


def named_variant(question: str, table: Variant | None = None) -> str | None:
    """The variant the question names: by name ("kuubalaisessa") or by a player count other
    than the table's (classic first for four, pairs for six unless teams are named). None when
    nothing is named, or when a name and a count disagree ("Cuban with three players")."""
    text = _folded(question)
    found = _patterns()["variant"].search(text)
    by_name = (
        next(k for k, v in found.groupdict().items() if v)[2:].replace("_", "-") if found else None
    )
    count = player_count(question)
    if count is None or (table is not None and count == table.players and by_name is None):
        return by_name
    variants = all_variants()
    if by_name:
        return by_name if variants[by_name].players == count else None
    teams = _patterns()["teams"].search(text) is not None
    fitting = sorted(
        (v for v in variants.values() if v.players == count),
        key=lambda v: (v.id != DEFAULT_VARIANT, (max(v.players_per_side) > 2) != teams, v.id),
    )
    return fitting[0].id if fitting else None
