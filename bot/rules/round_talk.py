"""A round described in words, worked out: "380 on the table, one clean and one dirty canasta,
I went out, partner had 45 left, what do we get?" -> that side's net for the round.

Players ask this in ``/rules`` before (or instead of) recording the round, so the answer comes
from the scoring module's own ``breakdown`` for the table's variant: the figure is the one the
score sheet would show. Only what the question says is counted; a description without the
table's points, or with nothing beside them, is not a round and gets no figure.

Matching is on folded text (``text.fold``) after ``lexicon.name_threes`` ("rød 3" -> "rød
treer"). A number is the table's points or the cards left in hand by the words around it
("380 on the table", "pöydässä 350", "satt med 45", "70 tilbage på hånden").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.rules.lexicon import name_threes
from bot.rules.text import fold, normalise, tokens
from bot.scoring import Variant
from bot.scoring.round import SideRound, WentOut, breakdown

_COUNTS = {
    **dict.fromkeys(("a", "an", "one", "1", "en", "ett", "et", "yks", "yksi", "yhden"), 1),
    **dict.fromkeys(("two", "2", "to", "kaks", "kaksi", "kahden"), 2),
    **dict.fromkeys(("three", "3", "tre", "kolme"), 3),
    **dict.fromkeys(("four", "4", "fire", "nelja"), 4),
}
_COUNT = "|".join(sorted(map(re.escape, _COUNTS), key=len, reverse=True))
_NATURAL = r"clean|natural|naturlig\w*|ren|rene|rein|reine|ekte|aegte|puhdas|puhta\w*|luonnolli\w*"
_MIXED = (
    r"dirty|mixed|blandet|blanda|blandede|blandete|uren|urene|urein|skitten|skitne|beskidt\w*"
    r"|snavset|likai\w*|seka\w*|epapuht\w*|epapuhd\w*"
)
_CANASTAS = re.compile(rf"(?:^| )({_COUNT}) (?:\w+ )?(?:({_NATURAL})|({_MIXED}))(?= |$)")
_RED_THREES = re.compile(
    rf"(?:^| )({_COUNT}) (?:red|rod|rode|punai\w*|punane\w*) (?:three\w*|treer\w*|kolmo\w*)(?= |$)"
)
_WENT_OUT = re.compile(
    r"(?:^| )(?:went out|gone out|(?:gikk|gik) (?:\w+ )?(?:ut|ud)|(?:mentiin|menin|meni"
    r"|menimme) (?:\w+ )?ulos)(?= |$)"
)
_THEY = re.compile(
    r"(?:they|the others|the other (?:team|side)|opponents?|de andre|dei andre|motstanderne"
    r"|modstanderne|motstanderen|modstanderen|muut|toiset|vastustajat|ne)$"
)
"""Who went out, said just before it: "de andre gik ud" is the other side going out, which the
described side did not (their cards in hand are what counts against them)."""
_CONCEALED = re.compile(r"(?:^| )(?:concealed|skjult\w*|piilo\w*)(?= |$)")
_HAND_AFTER = re.compile(
    r"^(?:points? )?(?:left|in (?:\w+ )?hand|on hand|igjen|tilbake|tilbage|pa (?:handa|handen"
    r"|hanna|hand)|kateen|kadessa|jai)"
)
_HAND_BEFORE = re.compile(
    r"(?:(?:sat|satt|sad|sitter|sidder) (?:igjen |igen |tilbake |tilbage )?med|had|hadde|havde"
    r"|kateen|kadessa|jai|left with|stuck with)$"
)
_TABLE_AFTER = re.compile(
    r"^(?:points? )?(?:on the table|in melds|melded|down|pa bordet|lagt (?:ud|ut|ned)|meldt"
    r"|(?:i kort |i )?(?:ude|ute)|i meldinger|poydassa|poytaan|sarjoissa)"
)
_ABOUT = r"(?: (?:like|about|around|roughly|ca|cirka|circa|omkring|rundt|sann|noin|suunnilleen))?"
"""A rough word between the verb and the number ("we melded like 250", "meldte cirka 300")."""
_FOR = r"(?: (?:cards|kort|kortti\w*))?(?: (?:for|worth|til|pa|paa|verdt|vaerd))?"
"""What may stand between the verb and the points: "la ned kort for 290", "meldt for 510",
"put down cards worth 300"."""
_TABLE_BEFORE = re.compile(
    r"(?:poydassa|poytaan|sarjoihin|on the table|pa bordet|table|melded|meldte|meldet|meldede|melda"
    rf"|meldt|laid down|put down|lagde ud|la (?:ut|ned)|lagt (?:ut|ud|ned)|laskettiin|laskimme)"
    rf"{_FOR}{_ABOUT}$"
)
_RESULT = re.compile(
    r"(?:^| )(?:what do we get|whats? (?:our|the) (?:score|total)|how many points|total|sum"
    r"|hva blir det|hva far vi|hvad far vi|hvad bliver det|hvor mange (?:poeng|point)"
    r"|til sammen|i alt|paljonko|mita saadaan|yhteensa)(?= |$)"
)
"""Asking for the result: without cards in hand or going out, a table total and canastas are
a round only when the question asks what they add up to ("600 on the table and a clean
canasta, can we go out?" is about going out)."""
SCORE_STEP = 5
"""Table points and cards in hand are multiples of five, like every card value."""
WINDOW = 3
BEFORE_WINDOW = 4
"""Words looked at after and before a number; before reaches one further for the verb of "la
ned kort for 290"."""


@dataclass(frozen=True)
class RoundAnswer:
    """The described side's round: each component (``round.BREAKDOWN_KEYS``) and the net."""

    parts: tuple[tuple[str, int], ...]
    net: int


def _numbers(words: list[str]) -> tuple[int | None, int]:
    """(the table's points, the cards left in hand: every hand named, summed)."""
    table: int | None = None
    hand = 0
    for i, word in enumerate(words):
        if not word.isdecimal() or int(word) % SCORE_STEP:
            continue
        after = " ".join(words[i + 1 : i + 1 + WINDOW + 1])
        before = " ".join(words[max(0, i - BEFORE_WINDOW) : i])
        if _HAND_AFTER.match(after) or _HAND_BEFORE.search(before):
            hand += int(word)
        elif table is None and (_TABLE_AFTER.match(after) or _TABLE_BEFORE.search(before)):
            table = int(word)
    return table, hand


def describe_round(question: str) -> SideRound | None:
    """The side's round as the question describes it, or None when it describes none."""
    words = tokens(fold(name_threes(normalise(question))))
    joined = " ".join(words)
    table, hand = _numbers(words)
    if table is None:
        return None
    natural = mixed = 0
    for match in _CANASTAS.finditer(joined):
        if match[2]:
            natural += _COUNTS[match[1]]
        else:
            mixed += _COUNTS[match[1]]
    red = sum(_COUNTS[m[1]] for m in _RED_THREES.finditer(joined))
    went_out = WentOut.NO
    ours = [m for m in _WENT_OUT.finditer(joined) if not _THEY.search(joined[: m.start()])]
    if ours:
        went_out = WentOut.CONCEALED if _CONCEALED.search(joined) else WentOut.NORMAL
    ended = hand or went_out is not WentOut.NO
    if not (ended or ((natural or mixed or red) and _RESULT.search(joined))):
        return None
    return SideRound(
        meld_points=table,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=went_out,
        hand_points=hand,
    )


def round_answer(question: str, variant: Variant) -> RoundAnswer | None:
    """The described round worked out for ``variant``, or None (see ``describe_round``)."""
    side = describe_round(question)
    if side is None or side.red_threes >= len(variant.red_threes.schedule):
        return None
    if side.meld_points + side.hand_points > variant.deck_card_points:
        return None  # more than the decks hold: no figure to work out, the topic answers
    parts = breakdown(variant, side)
    shown = tuple((key, value) for key, value in parts.items() if value or key == "meld")
    return RoundAnswer(shown, sum(parts.values()))
