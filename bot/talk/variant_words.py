"""Which variant a question names: "in Cuban", "with 3 players", "vi er tre", "kahestaan".

The answer is then given with that variant's numbers, whatever the table plays. Every word is
the lexicon's (``rules_data/lexicon/<lang>.toml``: ``variants`` and ``players``, the latter in
every spoken spelling of ``spoken`` too: "me e berre to"), matched on folded text; "word*"
takes any ending. Stricter than what the topic model reads, since a wrong
guess changes every number of the reply: a count is of players only after a "we are" phrase or
before a player noun, and not before a word that says it counts something else ("vi er to
hold", "we are two hundred behind").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from bot.scoring import Variant, all_variants
from bot.scoring.vocabulary import vocabulary
from bot.talk.text import alternatives, every_spelling, fold, normalise

DEFAULT_VARIANT = "classic"
PLAYER_COUNTS = range(2, 7)
_Key = TypeVar("_Key", int, str)


def _word(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{alternatives(words)})(?!\w)")


@dataclass(frozen=True)
class _Patterns:
    """The lexicon's words as patterns over folded text, compiled on the first question."""

    alone: tuple[tuple[int, re.Pattern[str]], ...]
    """Words that say the count themselves ("kahestaan", "cutthroat")."""
    variants: tuple[tuple[str, re.Pattern[str]], ...]
    after: re.Pattern[str]
    """ "vi er tre": a "we are" phrase, the count, and the word after it (if any)."""
    before: re.Pattern[str]
    """ "tre spillere": the count before a player noun, and the word after it (if any): a
    team word there makes it a team's size ("kolmen hengen joukkue")."""
    teams: re.Pattern[str]
    not_players: re.Pattern[str]
    """After a count, a word that makes it a count of something else: "vi er to hold",
    "vi er to kort unna" (``players.not_after``); number words and card names are too
    (``numbers_or_cards``): "we are two hundred behind", "we are two aces short"."""
    numbers_or_cards: frozenset[str]


@functools.cache
def _patterns() -> _Patterns:
    lexicons = vocabulary().lexicons.values()

    def every(pick: str) -> list[str]:
        return [f for x in lexicons for f in every_spelling(getattr(x.players, pick), x.spoken)]

    counts = sorted({n for lexicon in lexicons for n in lexicon.players.alone})
    names = sorted({vid for lexicon in lexicons for vid in lexicon.variants})
    words = (*vocabulary().number_words, *vocabulary().word_to_rank)
    return _Patterns(
        alone=tuple(
            (int(n), _word(w for lex in lexicons for w in lex.players.alone.get(n, [])))
            for n in counts
        ),
        variants=tuple(
            (vid, _word(w for lex in lexicons for w in lex.variants.get(vid, []))) for vid in names
        ),
        after=re.compile(rf"(?<!\w)(?:{alternatives(every('we'))}) (\w+)(?!\w)(?: (\w+))?"),
        before=re.compile(rf"(?<!\w)(\w+) (?:{alternatives(every('nouns'))})(?!\w)(?: (\w+))?"),
        teams=_word(every("teams")),
        not_players=re.compile(alternatives(every("not_after"))),
        numbers_or_cards=frozenset(fold(w) for w in words),
    )


def _first(found: tuple[tuple[_Key, re.Pattern[str]], ...], text: str) -> _Key | None:
    return next((key for key, pattern in found if pattern.search(text)), None)


def _folded(question: str) -> str:
    return " ".join(fold(normalise(question)).replace("'", " ").split())


def player_count(question: str) -> int | None:
    """How many play, when the question says so: "kahestaan", "vi er tre", "we're five",
    "three players"; None when it says no count from 2 to 6."""
    return next((n for tier in _player_tiers(question) for n, _ in tier), None)


def players_unsure(question: str) -> str | None:
    """The words of the surest player counts when they disagree ("three players ... five
    players"), or None: the variant, and so every figure, is then not known."""
    tier = next((tier for tier in _player_tiers(question) if tier), ())
    return "; ".join(dict(tier).values()) if len(dict(tier)) > 1 else None


def without_player_counts(question: str, surest: bool = False) -> str:
    """``question`` with the words of each player count it says blanked out ("vi er kun to.
    B B B": the "to" says how many play, so no card reader may count it as a deuce);
    ``surest``: only counts said by a word of their own or before a player noun ("fem
    spelarar"), not after a "we" phrase ("we're four red threes" may count the threes)."""
    tiers = _player_tiers(question)
    said = [words for tier in tiers[: SURE_TIERS if surest else None] for _, words in tier]
    return _blanked(question, said)


SURE_TIERS = 2
"""The tiers of ``_player_tiers`` that say a count of players whatever follows."""


def without_variant_names(question: str) -> str:
    """``question`` with the variant names it says blanked out ("cuban canasta scores: ..."):
    a round reader reads the round, and the "canasta" of a variant's name is no canasta
    of it."""
    text = _folded(question)
    said = [m.group() for _, pattern in _patterns().variants for m in pattern.finditer(text)]
    return _blanked(question, said)


def _blanked(question: str, said: Iterable[str]) -> str:
    """``question`` with each of the folded word runs ``said`` blanked out where it stands."""
    said = list(said)
    if not said:
        return question  # nothing to blank: the text is kept as it is, unfolded
    pieces = [fold(c) for c in question]  # one letter may fold into two ("æ" -> "ae")
    folded = "".join(pieces)
    origin = [i for i, piece in enumerate(pieces) for _ in piece]
    out = list(question)
    for words in said:
        pattern = r"(?<!\w)" + r"\W+".join(map(re.escape, words.split())) + r"(?!\w)"
        for match in re.finditer(pattern, folded, flags=re.I):
            for i in range(origin[match.start()], origin[match.end() - 1] + 1):
                out[i] = " "
    return "".join(out)


@functools.lru_cache(maxsize=32)
def _player_tiers(question: str) -> tuple[tuple[tuple[int, str], ...], ...]:
    """(count, words) of each player count, in tiers, the surest first: words that say it
    alone, a count before a player noun ("fem spelarar"), one after a "we" phrase ("vi tre
    har": in a game of five, maybe the side of three). The last few are remembered, as
    ``spell_digits`` is: one ``/rules`` question asks for them four times (the variant it
    names, twice; the players unsure; the counts blanked)."""
    return tuple(map(tuple, _tiers(question)))


def _tiers(question: str) -> list[list[tuple[int, str]]]:
    found = _patterns()
    text = _folded(question)
    tiers = [[(n, m.group()) for n, pattern in found.alone if (m := pattern.search(text))]]
    for pattern in (found.before, found.after):
        tiers.append([])
        for match in pattern.finditer(text):
            word, after = match[1], match[2] or ""
            count = int(word) if word.isdecimal() else vocabulary().number_words.get(word)
            if pattern is found.before:  # "kolmen hengen joukkue": a team's size
                blocked = found.teams.fullmatch(after)
            else:
                blocked = after in found.numbers_or_cards or found.not_players.fullmatch(after)
            if count in PLAYER_COUNTS and not (after and blocked):
                tiers[-1].append((count, match.group().strip()))
    return tiers


@functools.lru_cache(maxsize=32)
def _by_name(question: str) -> tuple[str, str | None]:
    """(the folded question, the variant it names by name). The last few are remembered, as
    ``_player_tiers`` are: one ``/rules`` question asks for its variant twice (the reply's
    numbers, the topic model's features)."""
    text = _folded(question)
    return text, _first(_patterns().variants, text)


def named_variant(question: str, table: Variant | None = None) -> str | None:
    """The variant the question names: by name ("kuubalaisessa") or by a player count other
    than the table's (classic first for four, pairs for six unless teams are named). None when
    nothing is named, or when a name and a count disagree ("Cuban with three players")."""
    text, by_name = _by_name(question)
    count = player_count(question)
    if count is None or (table is not None and count == table.players and by_name is None):
        return by_name
    variants = all_variants()
    if by_name:
        return by_name if variants[by_name].players == count else None
    teams = _patterns().teams.search(text) is not None
    fitting = sorted(
        (v for v in variants.values() if v.players == count),
        key=lambda v: (v.id != DEFAULT_VARIANT, (max(v.players_per_side) > 2) != teams, v.id),
    )
    return fitting[0].id if fitting else None
