"""What a round said aloud tells besides the sides' rounds, taken out before they are read:
the round's number ("Round 4 for the sheet", "Runde 7.", "kierros viis paperiin"), how many
play or how the table is split ("seks spelarar, tre par", "to mann ved bordet"), the
variant's name ("cuban canasta scores:"), the stock running out ("stock ran out, nobody
went out"), a game total said in passing ("we were on 2800 before", "vi sto på 2400 før",
"meillä oli 2800 ennen": the score before this round, ``round.earlier``) and the sounds a
speaker makes while thinking ("340, øh nej 375").

Why apart: each of these has a number or a game word in it ("4", "tre", "canasta", "out")
that the side readers would otherwise take for a part of a round or ask about, when it is
none. The words are the lexicon's (``round.round_number``, ``round.stock_out``,
``players.sides``, and the ``players`` and ``variants`` words ``/rules`` reads a variant by,
``variant_words``), so what is taken out is the same for both commands.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection

from bot.scoring.vocabulary import vocabulary
from bot.talk.round_words import GAP, any_phrase, count_of, index_at, listed
from bot.talk.text import fold, normalise
from bot.talk.variant_words import without_player_counts, without_variant_names
from bot.talk.word_forms import typed

SMALLEST_POINTS = 15
"""A number after a round word inside a clause is the round's only below any points ("i én
omgang 270 meldt" keeps its 270); at a clause's start ("Round 12:") it always is."""
MOST_SIDES = 6
"""A count of sides or of a side's players goes no higher."""


EMOTICON = re.compile(r"(?<![\w:;=])[:;=]-?[()DPp/\\|\[\]]+(?!\w)")
""" ":D", ";)", ":-(": a face, no word ("KAIKKI NELJÄ PUNASTA :D" would leave a "d")."""


def without_table_talk(text: str, lang: str | None = None) -> str:
    """``text`` with its player counts and variant names blanked out (``variant_words``),
    its emoticons, and a round's label opening it (``without_round_label``)."""
    text = EMOTICON.sub(" ", text)
    return without_round_label(
        without_variant_names(without_player_counts(text, surest=True)), lang
    )


_LABEL = re.compile(r"^(\s*)([^\W\d_]{1,3}) ?(\d{1,2})(?=\s*(?:[:(\n\-–—]|$))")
"""A sheet's label for its round opening the text and ending its clause: "rnd 4:", "r4:",
"R5\n", "E7 —", "rd 2 -", "R5 (meldt/ren/...)"."""


def without_round_label(text: str, lang: str | None) -> str:
    """``text`` without the round's label a sheet opens with ("rnd 4:", "R4 —", "E7 —",
    "r4:"): letters that shorten one of the language's round words (its first letter, and the
    rest of them in its order: "r", "rd", "rnd" of "round" and "runde", "e" of "erä") and the
    round's number. Why: read as words, "r4" is a count glued to no kind and "E7" a Finnish
    "en 7", a number no side's round explains. A label that reads as a red three ("r3",
    "pun3") stays, as it may head the red threes; it is then asked about."""
    match = _LABEL.match(text)
    if match is None or not _shortens_round_word(fold(normalise(match[2])), lang):
        return text
    if _a_red_three(fold(normalise(match[2] + match[3])), lang):
        return text
    return match[1] + " " * (match.end() - match.end(1)) + text[match.end() :]


def _shortens_round_word(letters: str, lang: str | None) -> bool:
    for code, lexicon in vocabulary().lexicons.items():
        if lang not in (None, code):
            continue
        for word in lexicon.round.round_number:
            said = fold(normalise(word))
            if said[:1] == letters[:1] and _in_order(letters, said):
                return True
    return False


def _in_order(letters: str, word: str) -> bool:
    """Every letter of ``letters`` is in ``word``, in that order ("rnd" in "round")."""
    rest = iter(word)
    return all(letter in rest for letter in letters)


def _a_red_three(word: str, lang: str | None) -> bool:
    """``word`` ("r3", "pun3") reads as a red three in ``lang`` (in any language when None)."""
    codes = [lang] if lang is not None else list(vocabulary().lexicons)
    lexicons = vocabulary().lexicons
    return any(
        typed(word, code)[0] in {fold(normalise(r)) for r in lexicons[code].colours.red}
        for code in codes
    )


@functools.cache
def _patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """(round words, stock-out phrases, sides nouns) of ``lang`` over the folded words."""
    rounds = re.compile(rf"(?:^| )({any_phrase('round_number', lang=lang)})(?= |$)")
    stock = re.compile(rf"(?:^| )({any_phrase('stock_out', lang=lang)})(?= |$)")
    sides = frozenset(
        fold(normalise(word))
        for code, lexicon in vocabulary().lexicons.items()
        if lang in (None, code)
        for word in lexicon.players.sides
    )
    return rounds, stock, sides


def _hesitations(lang: str | None) -> frozenset[str]:
    """ "uh", "øh", "öö": sounds that say nothing, folded."""
    return listed("round", "hesitation", lang)


def _number(word: str, lang: str | None) -> int | None:
    if word.isdecimal():
        return int(word)
    return count_of(word, lang) or None


def _spans(words: list[str], lang: str | None, named: Collection[int]) -> set[int]:
    """Indices of the words that say no side's round (see the module's docstring)."""
    rounds, stock, sides = _patterns(lang)
    joined = " ".join(words)
    out: set[int] = set()
    for match in rounds.finditer(joined):
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        after = last + 1
        value = _number(words[after], lang) if after < len(words) else None
        opens = first == 0 or words[first - 1] == GAP
        if value is not None and (opens or value < SMALLEST_POINTS):
            out.update(range(first, after + 1))  # "runde 7", "kierros viis"
    out.update(i for i, word in enumerate(words) if word in _hesitations(lang))
    for match in stock.finditer(joined):
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end(1))
        out.update(range(first, last + 1))  # "stock ran out": nobody went out by it
    out.update(_running_totals(words, lang, named))
    for i in range(len(words) - 1):
        value = _number(words[i], lang)
        if value and value <= MOST_SIDES and words[i + 1] in sides and i not in named:
            out.update((i, i + 1))  # "tre par", "kolmen porukka" not a side's name
    out.update(_split_table(words, lang, named))
    out.update(_team_sizes(words, lang, named, sides))
    return out


LINK_LETTERS = 3
"""The longest word between a sides noun and the count of its players ("of", "på", "af")."""


def _team_sizes(
    words: list[str], lang: str | None, named: Collection[int], sides: frozenset[str]
) -> set[int]:
    """Indices of a team's size said after its noun ("two teams of three", "to lag på tre",
    "hold af tre") and ending its clause: the short word between and the count. Read as a
    side's round, the count counts nothing."""
    teams = sides | listed("players", "teams", lang)
    out: set[int] = set()
    for i in range(len(words) - 2):
        link, count = words[i + 1], words[i + 2]
        if words[i] not in teams or {i + 1, i + 2} & set(named):
            continue
        if len(link) > LINK_LETTERS or _number(link, lang) is not None:
            continue
        value = _number(count, lang)
        ends = i + 3 == len(words) or words[i + 3] == GAP
        if value and value <= MOST_SIDES and ends:
            out.update((i + 1, i + 2))
    return out


def _split_table(words: list[str], lang: str | None, named: Collection[int]) -> set[int]:
    """Indices of the words that say how the table is split, side against side: two counts
    of players ("3 v 3", "tre mot tre", "1 mot 1", "kolme vastaan kolme") or a sides noun
    said twice ("lag mot lag") with an ``against`` word between. Read as a side's round,
    each count is a number no word explains."""
    against, sides = _against(lang), _patterns(lang)[2]
    out: set[int] = set()
    for i in range(1, len(words) - 1):
        if words[i] not in against or {i - 1, i + 1} & set(named):
            continue
        first, second = words[i - 1], words[i + 1]
        counts = [_number(w, lang) for w in (first, second)]
        if all(c and c <= MOST_SIDES for c in counts) or (first == second and first in sides):
            out.update((i - 1, i, i + 1))
    return out


def _against(lang: str | None) -> frozenset[str]:
    return listed("players", "against", lang)


@functools.cache
def _earlier(lang: str | None) -> re.Pattern[str]:
    """A number of points and an ``earlier`` phrase right after it ending its clause."""
    return re.compile(rf"(?:^| )(\d+) (?:{any_phrase('earlier', lang=lang)})(?= \{GAP}|$)")


def _running_totals(words: list[str], lang: str | None, named: Collection[int]) -> set[int]:
    """Indices of the words of a game total said in passing ("we were on 2800 before",
    "vi sto på 2400 før", "meillä oli 2800 ennen"): the number, the ``earlier`` phrase
    ending its clause after it, and the words of the clause before it when no other number
    is among them ("were on", "oli"), a side's name kept. Read as a side's round, the
    total would be its table points or its hand. "went out with 300 before they melded"
    goes on after "before": no total, kept."""
    joined = " ".join(words)
    out: set[int] = set()
    for match in _earlier(lang).finditer(joined):
        if int(match[1]) < SMALLEST_POINTS:
            continue
        first, last = index_at(joined, match.start(1)), index_at(joined, match.end() - 1)
        start = max((j + 1 for j in range(first) if words[j] == GAP), default=0)
        if any(_number(w, lang) for w in words[start:first]):
            start = first  # "300 melded and 2400 before": the total alone
        out.update(j for j in range(start, last + 1) if j not in named)
    return out


def without_asides(words: list[str], lang: str | None, named: Collection[int] = ()) -> list[str]:
    """``words`` (``round_words.words_of``) without the round's number, counts of sides and
    the stock running out; ``named``: indices of words of a side's or player's name, kept.
    A clause left empty goes with its gap."""
    dropped = _spans(words, lang, named)
    kept = [w for i, w in enumerate(words) if i not in dropped]
    out: list[str] = []
    for word in kept:
        if word == GAP and (not out or out[-1] == GAP):
            continue
        out.append(word)
    while out and out[-1] == GAP:
        out.pop()
    return out
