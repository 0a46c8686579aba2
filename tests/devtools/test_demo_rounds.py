"""The demo plays rounds that can happen: both sides' card points fit in the decks."""

from __future__ import annotations

import pytest

from bot.devtools.demo import OUT, ROUNDS
from bot.games.round_text import parse_round_text
from bot.scoring import load_variant, parse_sides, score_round

CLASSIC = load_variant("classic")


@pytest.mark.parametrize("lang", sorted(OUT))
def test_every_demo_round_fits_the_decks_and_scores(lang: str) -> None:
    totals = [0, 0]
    for north, south in ROUNDS:
        sides = [parse_round_text(line.format(out=OUT[lang]), CLASSIC) for line in (north, south)]
        card_points = sum(s.get("meld_points", 0) + s.get("hand_points", 0) for s in sides)
        assert card_points <= CLASSIC.deck_card_points == 1180
        results = score_round(CLASSIC, parse_sides(sides), totals)
        totals = [r.total for r in results]
    assert totals == [4890, 2275]  # what the demo's transcript shows at the end
