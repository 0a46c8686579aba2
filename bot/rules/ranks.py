"""Card ranks named in a question or a topic text, as one shared search term.

Players name ranks as digits ("5 6 7", "8s", "7'ere"), plurals ("ottere", "sjuere", "sevens",
"kasit") and face names ("dronning", "jätkä"). Stemming cannot join "ottere" to the "8" in the
card-values list, and a bare digit is dropped as a number, so questions about card values and
melds ("må man lave en række 4 5 6", "ottere giver hvor mange point") used to carry almost
nothing the search could use. Both sides of the index therefore get ``RANK_TERM`` for every
rank they name: the card-values and melds texts, which list ranks, gather it, and a question
that names a rank is pulled towards them.

Twos and threes are left out on purpose: they are wild cards and the three-topics, with words of
their own in the lexicon. Digits and single letters ("k", "q") are ambiguous ("4 players",
"7 cards", "a"), so they count as ranks only in a run of rank-like tokens ("5 6 7", "K, Q, J,
10"), with a rank suffix ("8s", "8'ere", "8:t"), a suit ("7 of hearts") or an English article
("a 4 left in hand"); named ranks and
their plurals always count.
"""

from __future__ import annotations

import functools
import re

RANK_TERM = "#rank"
"""The pseudo-word added once per named rank; never produced by the tokenizer (no '#')."""

_DIGIT = re.compile(r"^(?:10|[4-9])$")
_GLUED = re.compile(r"^(?:10|[4-9])(?:s|er|ere|erne|eren|ern|t|set|sia|ia|ja|ään|an)$")
_SUFFIXES = frozenset(
    {"s", "er", "ere", "erne", "eren", "ern", "t", "set", "sia", "ia", "ja", "iä", "st", "sta"}
)
_ARTICLES = frozenset({"a", "an"})
"""English "a 4", "an 8": one card of that rank ("points for a 4 left in hand")."""
_COUNTED = frozenset({"player", "players", "people", "handed", "way", "point", "points", "card"})
"""Words after "a 4" that make it a count, not a card ("a 4 player game")."""
_LETTERS = frozenset({"k", "q", "j", "d", "kn", "b"})
_SUITS = frozenset(
    {
        "hearts", "heart", "spades", "spade", "clubs", "club", "diamonds", "diamond",
        "hjerter", "spar", "kløver", "ruter", "hertta", "pata", "risti", "ruutu",
    }
)  # fmt: skip


def _each(text: str) -> list[str]:
    return text.split()


def _forms(roots: str, suffixes: str) -> set[str]:
    return {root + suffix for root in roots.split() for suffix in suffixes.split(",")}


_NUMBER_RANKS: frozenset[str] = frozenset(
    {
        # English: plurals of the number ranks (the singular "seven" is usually a count)
        *_each("fours fives sixes sevens eights nines tens"),
        # Norwegian and Danish: -er nouns for the number ranks, with their inflections
        *_forms("fir femm seks sju syv ått ott ni ti", "er,ere,eren,erne,erene,ern"),
        # Finnish: colloquial rank nouns in their common cases
        *_forms("nelo vito kuto", "nen,set,sia,sen,sta,siin,sista,sella"),
        *_forms("seisk", "a,at,oja,an,aa,oista,oihin"),
        *_each("kasit kaseja kasin kasia ysit ysejä ysiä"),
        *_forms("kymp", "pi,it,pejä,in,piä,eistä"),
    }
)
"""Words for the ranks four to ten: card words and little else ("ottere", "sevens", "kasit")."""
_FACES: frozenset[str] = frozenset(
    {
        *_each("ace aces king kings queen queens jack jacks knave knaves"),
        *_each("ess esset esser essene esserne es"),
        *_each("konge kongen konger kongene kongerne dame damen damer damene damerne"),
        *_each("dronning dronningen dronninger knekt knekten knekter knektene"),
        *_each("knægt knægten knægte knægtene bonde bonden bønder"),
        *_forms("äss", "ä,ät,iä,än,ää,istä,iin"),
        *_forms("jätk", "ä,ät,iä,än,ää"),
        *_forms("rouv", "a,at,ia,an,aa"),
        *_each("kasi ysi kuningas kuninkaat kuninkaita kuninkaan kuningasta kunkku"),
    }
)
"""Face cards and aces (plus the Finnish "kasi"/"ysi", also everyday words): ranks for the
search, but common words outside the game too ("king size", "hvor gammel er kongen")."""
_NAMED = _NUMBER_RANKS | _FACES


def is_rank_word(word: str) -> bool:
    """Does this normalised word always name a rank ("kasit", "ottere", "dronning", "8s")?
    Such a word is never typo-corrected: "kasit" (eights) is not a misspelt "kast"."""
    return word in _NAMED or _GLUED.match(word) is not None


def _weak(word: str) -> bool:
    return bool(_DIGIT.match(word)) or word in _LETTERS


def _rank_flags(words: list[str]) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per token: does it name a rank, and is it a suit (or "of") that belongs to one. A
    question's tokens are looked at several times per search, so the answer is cached."""
    return _rank_flags_of(tuple(words))


def clear_rank_cache() -> None:
    """Forget the cached rank flags (``SearchIndex.clear_caches``)."""
    _rank_flags_of.cache_clear()


@functools.lru_cache(maxsize=1024)
def _rank_flags_of(words: tuple[str, ...]) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    n = len(words)
    ranks = [False] * n
    suits = [False] * n
    for i, word in enumerate(words):
        if word in _NAMED or _GLUED.match(word):
            ranks[i] = True
            continue
        if not _weak(word):
            continue
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < n else ""
        after2 = words[i + 2] if i + 2 < n else ""
        in_run = _weak(before) or _weak(after) or before in _NAMED or after in _NAMED
        digit = bool(_DIGIT.match(word))
        suffixed = digit and after in _SUFFIXES
        if digit and after in _SUITS:
            suits[i + 1] = True
        elif digit and after in ("of", "i") and after2 in _SUITS:
            suits[i + 1] = suits[i + 2] = True
        suited = i + 1 < n and suits[i + 1]
        single = digit and before in _ARTICLES and after not in _COUNTED and not after.isdecimal()
        ranks[i] = in_run or suffixed or suited or single
    return tuple(ranks), tuple(suits)


def rank_mentions(words: list[str], *, faces: bool = True) -> int:
    """How many of the normalised tokens ``words`` name a card rank from four to ace; with
    ``faces=False`` only the unambiguous ones (digits in context, number-rank nouns)."""
    flags = _rank_flags(words)[0]
    return sum(
        flag and (faces or word not in _FACES) for word, flag in zip(words, flags, strict=True)
    )


def with_rank_terms(words: list[str]) -> list[str]:
    """``words`` for the lexical index, with ``RANK_TERM`` for every rank they name.

    A digit or a number-rank noun ("kasit", "ottere") is replaced by the term (as a number or a
    word no text uses it would only count against the question in the search's coverage and
    ceiling), a face or an ace keeps its word and gains the term, and a suit that only
    qualifies a rank ("7 of hearts") is dropped: it is not a question about the hearts of red
    threes."""
    ranks, suits = _rank_flags(words)
    out: list[str] = []
    for word, rank, suit in zip(words, ranks, suits, strict=True):
        if suit:
            continue
        if rank and (_weak(word) or _GLUED.match(word) or word in _NUMBER_RANKS):
            out.append(RANK_TERM)
            continue
        out.append(word)
        if rank:
            out.append(RANK_TERM)
    return out


def is_number_rank(word: str) -> bool:
    """Is this a noun for a rank from four to ten ("kasit", "sevens"), which the lexical
    channel sees only as ``RANK_TERM`` and the n-gram channel should not see at all ("kasit"
    shares its letters with "käsi", hand)?"""
    return word in _NUMBER_RANKS or _GLUED.match(word) is not None


def suit_of_rank(words: list[str]) -> set[str]:
    """The suit words (and "of") in ``words`` that only qualify a rank, for the n-gram channel."""
    _, suits = _rank_flags(words)
    return {w for w, s in zip(words, suits, strict=True) if s}
