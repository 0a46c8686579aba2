"""What the round-sentence tests expect a side to read as, written short: ``side(420, natural=1,
out="normal")``. One helper so every test module means the same by each argument."""

from __future__ import annotations

from bot.scoring.round import SideRound, WentOut


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
