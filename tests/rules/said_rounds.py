"""What the round-sentence tests expect a side to read as, written short: ``side(420, natural=1,
out="normal")``. One helper so every test module means the same by each argument."""

from __future__ import annotations

from bot.scoring import Variant
from bot.scoring.round import SideRound, WentOut
from bot.talk.round_talk import Seating, read_round


def side(
    meld: int, natural: int = 0, mixed: int = 0, red: int = 0, out: str = "no", hand: int = 0
) -> SideRound:
    """A side's round: table points, canastas by kind, red threes, going out, hand points."""
    return SideRound(
        meld_points=meld,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=WentOut(out),
        hand_points=hand,
    )


WE_WENT_OUT = (side(420, natural=1, mixed=1, red=1, out="normal"), side(230, mixed=1, hand=45))
"""The round the aside and chatter tests say in many ways: we went out with 420, a natural,
a mixed and a red three; they had 230, a mixed canasta and 45 in hand, no red threes."""


def read_unasked(text: str, lang: str, variant: Variant | None = None) -> list[SideRound] | None:
    """The sides' rounds ``text`` reads as with nothing asked, or None when it asks."""
    reading = read_round(text, Seating(lang=lang), variant)
    return None if reading.unsure else [s.round for s in reading.sides]
