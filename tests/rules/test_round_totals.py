"""A side's total said beside its parts (``round_restated.totals``, ``round_sections``) and
a game total said in passing (``round_asides``): the total is checked against the net
``bot/scoring`` makes of the parts, and the game total is no part of the round. Sentences
written for these tests in all four languages, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import read_unasked, side

CLASSIC = load_variant("classic")
OURS = side(310, natural=1, mixed=1, red=2, out="normal")  # 310+500+300+200+100 = 1410
THEIRS = side(205, mixed=1, red=1, hand=35)  # 205+300+100-35 = 570

TOTAL_THEN_PARTS = [
    ("en", "we scored 1410 in total, like this: 310 melded, one natural, one mixed, two red"
     " threes, went out. they scored 570 in total: 205 melded, one mixed, one red three, 35 in"
     " hand"),
    ("no", "vi fikk 1410 totalt: 310 meldt, én ren, én blandet, to røde treere, gikk ut. de"
     " fikk 570 totalt: 205 meldt, én blandet, én rød treer, 35 på hånda"),
    ("da", "vi fik 1410 i alt: 310 meldt, én ren, én blandet, to røde treere, gik ud. de fik"
     " 570 i alt: 205 meldt, én blandet, én rød treer, 35 på hånden"),
    ("fi", "me saatiin yhteensä 1410: 310 pöydässä, yksi puhdas, yksi seka, kaksi punaista"
     " kolmosta, mentiin ulos. ne sai yhteensä 570: 205 pöydässä, yksi seka, yksi punainen"
     " kolmonen, 35 kädessä"),
]  # fmt: skip

TOTALS_HEADING = [
    ("en", "in total: us 1410, them 570. so: we 310 melded, one natural, one mixed, two red"
     " threes, went out; they 205 melded, one mixed, one red three, 35 in hand"),
    ("no", "til sammen vi 1410, de 570. altså: vi 310 meldt, én ren, én blandet, to røde"
     " treere, gikk ut; de 205 meldt, én blandet, én rød treer, 35 på hånda"),
    ("da", "i alt vi 1410, de 570. fordelt: vi 310 meldt, 1 ren, 1 blandet, 2 røde, gik ud;"
     " de 205 meldt, 1 blandet, 1 rød, 35 på hånden"),
    ("fi", "yhteensä me 1410 ja ne 570. eli: me 310 pöydässä, yksi puhdas, yksi seka, kaksi"
     " punaista kolmosta, mentiin ulos; ne 205 pöydässä, yksi seka, yksi punainen kolmonen,"
     " 35 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), TOTAL_THEN_PARTS + TOTALS_HEADING)
def test_a_total_that_is_the_net_of_the_parts_confirms_them(lang: str, text: str) -> None:
    """ "1410 i alt" and then the parts that make 1410: the parts, nothing asked (the
    total is no table points, and no number left unplaced)."""
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


@pytest.mark.parametrize(("lang", "text"), TOTAL_THEN_PARTS + TOTALS_HEADING)
def test_a_total_the_parts_do_not_make_is_asked_about(lang: str, text: str) -> None:
    """Their total said as 670 where the parts make 570: a part misheard or the total, and
    nobody can tell which, so that side is asked about."""
    reading = read_round(text.replace("570", "670"), Seating(lang=lang), CLASSIC)
    assert any(u.what == "number" and u.side == 1 for u in reading.unsure)
    assert reading.sides[0].round == OURS


@pytest.mark.parametrize(("lang", "text"), TOTAL_THEN_PARTS[:1])
def test_without_the_variant_a_total_is_asked_about(lang: str, text: str) -> None:
    """No variant, no net to check the total against: it is a number the reader cannot
    place, never dropped."""
    assert read_round(text, Seating(lang=lang)).unsure


RUNNING_TOTAL = [
    ("en", "we were on 2650 before, whatever. this round: we 310 melded, one natural, one"
     " mixed, two red threes, went out; they 205 melded, one mixed, one red three, 35 in hand"),
    ("no", "vi sto på 2650 før. denne runden: vi 310 meldt, én ren, én blandet, to røde treere,"
     " gikk ut; de 205 meldt, én blandet, én rød treer, 35 på hånda"),
    ("da", "vi havde 2650 fra før. denne runde: vi 310 meldt, én ren, én blandet, to røde"
     " treere, gik ud; de 205 meldt, én blandet, én rød treer, 35 på hånden"),
    ("fi", "meillä oli 2650 ennen. tämä kierros: me 310 pöydässä, yksi puhdas, yksi seka,"
     " kaksi punaista kolmosta, mentiin ulos; ne 205 pöydässä, yksi seka, yksi punainen"
     " kolmonen, 35 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), RUNNING_TOTAL)
def test_a_game_total_said_in_passing_is_no_part_of_the_round(lang: str, text: str) -> None:
    """ "we were on 2650 before": the score before this round, neither table points nor a
    hand of this one."""
    assert read_unasked(text, lang, CLASSIC) == [OURS, THEIRS]


GOES_ON = [
    ("en", "we went out with 310 before they melded again, one natural, one mixed, two red"
     " threes; they 205 melded, one mixed, one red three, 35 in hand"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), GOES_ON)
def test_before_with_its_clause_going_on_is_no_game_total(lang: str, text: str) -> None:
    """ "went out with 310 before they melded": the clause goes on after "before", so 310
    is what the side went out with, not a score before the round."""
    reading = read_round(text, Seating(lang=lang), CLASSIC)
    assert reading.sides[0].round.meld_points == 310
