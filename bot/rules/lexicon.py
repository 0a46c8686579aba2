"""Threes named by colour or suit, rewritten to the word the topics and the round reader use.

"fik en rød tre" -> "fik en rød treer", "♣3" -> "black three": the round reader
(``round_talk``) counts red threes from this form. The topic model reads the question as
typed and needs none of it.
"""

from __future__ import annotations

import re

COLOUR_THREE = re.compile(
    r"\b(red|black|rød|røde|rod|rode|sort|sorte|svart|svarte|punainen|punaisen|musta|mustan)"
    r" (?:3|tre|three)\b"
)
"""A colour before a bare three ("rød tre", "red 3", typed without the ø: "rode 3") names the
card, not a count of three."""
_THREE_NOUN = {
    **dict.fromkeys(("red", "black"), "three"),
    **dict.fromkeys(("rød", "røde", "rod", "rode", "sort", "sorte", "svart", "svarte"), "treer"),
    **dict.fromkeys(("punainen", "punaisen", "musta", "mustan"), "kolmonen"),
}


_SUIT_COLOUR = {
    **dict.fromkeys(("♣", "♠", "♧", "♤", "club", "clubs", "spade", "spades"), "black"),
    **dict.fromkeys(("♥", "♦", "♡", "♢", "heart", "hearts", "diamond", "diamonds"), "red"),
    **dict.fromkeys(("spar", "klør", "kløver", "spader"), "sort"),
    **dict.fromkeys(("hjerter", "ruter"), "rød"),
    **dict.fromkeys(("pata", "risti"), "musta"),
    **dict.fromkeys(("hertta", "ruutu"), "punainen"),
}
_THREE = r"(?:3|tre|three|threes|treer\w*|3'?\w*|kolmo\w*)"
_SUIT_BEFORE = re.compile(
    r"(?<!\w)(♣|♠|♧|♤|♥|♦|♡|♢|clubs?|spades?|hearts?|diamonds?|spar|klør|kløver|spader"
    rf"|hjerter|ruter|pata|risti|hertta|ruutu)(?: of)?[\s-]*({_THREE})(?!\w)"
)
_SUIT_AFTER = re.compile(
    r"(?<![\w♣♠♧♤♥♦♡♢])(3|three|tre)(?:(♣|♠|♧|♤|♥|♦|♡|♢)| of (clubs|spades|hearts|diamonds))"
)
_SUIT_COMPOUND = re.compile(r"\b(pata|risti|hertta|ruutu)(kolmo\w*)")
"""A three named by its suit ("♣3", "spar 3'erne", "3♥", "ristikolmosia") is a black or red
three: the suit is replaced by the colour, in the question's language where the suit says it."""


def name_threes(text: str) -> str:
    """ "fik en rød tre" -> "fik en rød treer": the word the topics use for the card; a three
    named by its suit gets its colour first ("♣3" -> "black three", "spar 3" -> "sort treer")."""
    text = _SUIT_AFTER.sub(lambda m: f"{m.group(2) or m.group(3)} {m.group(1)}", text)
    text = _SUIT_COMPOUND.sub(lambda m: f"{_SUIT_COLOUR[m.group(1)]} {m.group(2)}", text)
    text = _SUIT_BEFORE.sub(lambda m: f" {_SUIT_COLOUR[m.group(1)]} {m.group(2)}", text)
    return COLOUR_THREE.sub(lambda m: f"{m.group(1)} {_THREE_NOUN[m.group(1)]}", text)
