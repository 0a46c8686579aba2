"""A round described in words is worked out with the scoring module's own numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules import RulesIndex
from bot.scoring import load_variant
from bot.scoring.round import SideRound, WentOut, breakdown
from bot.talk.round_talk import describe_round, round_answer

CLASSIC = load_variant("classic")
INDEX = RulesIndex.load()


@pytest.mark.parametrize(
    ("question", "lang", "net"),
    [
        (
            "380 on the table, 1 clean canasta and 1 dirty, i went out, partner had 45 left",
            "en",
            1235,
        ),
        ("380 på bordet, en rein og en blanda canasta, vi gikk ut, makker satt med 45", "no", 1235),
        ("510 lagt ud, to blandede canastaer, min makker gik ud og jeg sad med 35", "da", 1175),
        ("pöydässä 350, yks puhdas kanasta, mentiin ulos, parille jäi käteen 60", "fi", 890),
        (
            "420 på bordet, en ren og en blandet, en rød 3, vi gik ud, 70 tilbage på hånden",
            "da",
            1350,
        ),
        ("we melded 380, one mixed canasta, partner got stuck with 45 in hand, total?", "en", 635),
        ("vi meldte 250, har en skitten canasta og gikk ut, 30 igjen på handa", "no", 620),
        ("500 for en ren canasta, 200 i kort ude, 2 røde 3'ere, 40 på hånden", "da", 860),
        ("vi melda 400, én ren canasta, makker gikk ut, jeg satt igjen med 20", "no", 980),
        ("pöydässä 300, yks epäpuhdas kanasta, yks punanen kolmonen, kädessä 25", "fi", 675),
    ],
)
def test_a_described_round_gets_its_net_first(question: str, lang: str, net: int) -> None:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.topic_ids == ("round_scoring",)
    assert f"**{net}**" in answer.computed[0]


@pytest.mark.parametrize(
    "question",
    [
        "vi har 600 på bordet og en ren canasta, kan vi gå ut",
        "we have 1600, how much do we need to open",
        "380 on the table",
    ],
)
def test_no_round_without_its_end_or_a_question_for_the_total(question: str) -> None:
    assert describe_round(question) is None


def test_the_table_variant_decides_the_bonuses() -> None:
    question = "300 on the table, one clean canasta, we went out concealed"
    classic = round_answer(question, CLASSIC)
    cuban = round_answer(question, load_variant("cuban"))
    assert classic is not None
    assert cuban is not None
    assert classic.net != cuban.net


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


@given(
    table=st.integers(min_value=1, max_value=190).map(lambda n: n * 5),  # within the decks
    natural=st.integers(min_value=0, max_value=3),
    mixed=st.integers(min_value=0, max_value=3),
    red=st.integers(min_value=0, max_value=4),
    out=st.booleans(),
    hand=st.integers(min_value=0, max_value=40).map(lambda n: n * 5),
)
def test_what_is_said_is_what_is_scored(
    table: int, natural: int, mixed: int, red: int, out: bool, hand: int
) -> None:
    """Any round said in these words parses to exactly its components, and the net is the
    scoring module's sum for them."""
    parts = [f"{table} on the table"]
    parts += [f"{_WORDS[natural]} clean"] if natural else []
    parts += [f"{_WORDS[mixed]} dirty"] if mixed else []
    parts += [f"{_WORDS[red]} red threes"] if red else []
    parts += ["we went out"] if out else []
    parts += [f"partner had {hand} left"] if hand else []
    question = ", ".join(parts) + ", what do we get"
    side = describe_round(question)
    if not (natural or mixed or red or out or hand):
        assert side is None
        return
    expected = SideRound(
        meld_points=table,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=WentOut.NORMAL if out else WentOut.NO,
        hand_points=hand,
    )
    assert side == expected
    answer = round_answer(question, CLASSIC)
    assert answer is not None
    assert answer.net == sum(breakdown(CLASSIC, expected).values())


def test_a_round_beyond_the_decks_gets_no_computed_figure() -> None:
    question = "2500 on the table, one clean canasta, we went out, what do we get"
    assert describe_round(question) is not None
    assert round_answer(question, CLASSIC) is None
    assert round_answer(question.replace("2500", "250"), CLASSIC) is not None


@pytest.mark.parametrize(
    ("question", "net"),
    [
        ("we melded like 250 plus one mixed canasta n got 45 left in hand whats our score", 505),
        (
            "Laskimme tässä erässä pöytään 290 pisteen edestä kortteja, saimme yhden epäpuhtaan"
            " kanastan, meillä on yksi punainen kolmonen ja käsiin jäi 40. Paljonko kirjaamme?",
            650,
        ),
    ],
)
def test_rough_words_and_finnish_table_points_are_read(question: str, net: int) -> None:
    described = round_answer(question, CLASSIC)
    assert described is not None
    assert described.net == net


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "vi la ned kort for 290, en blandet canasta, to røde treere, og makker gikk ut",
            SideRound(meld_points=290, mixed_canastas=1, red_threes=2, went_out=WentOut.NORMAL),
        ),
        (
            "vi har meldt for 510, to blandede canastaer, de andre gik ud og vi havde 35 tilbage",
            SideRound(meld_points=510, mixed_canastas=2, went_out=WentOut.NO, hand_points=35),
        ),
        (
            "we put down cards worth 300, one clean canasta, they went out and we had 40 left",
            SideRound(meld_points=300, natural_canastas=1, went_out=WentOut.NO, hand_points=40),
        ),
    ],
)
def test_points_after_for_or_worth_and_the_other_side_going_out(
    question: str, expected: SideRound
) -> None:
    """ "for 290" after the verb is the table's points; "de andre gik ud" is not this side's
    going out bonus: their hand counts against them instead."""
    assert describe_round(question) == expected


@pytest.mark.parametrize(
    ("said", "not_said"),
    [
        ("300 på bordet, en ren canasta, gikk ut, 25 igjen", "gikk ikke ut"),
        ("300 meldt, en ren canasta, gået ud, 25 tilbage", "ikke gået ud"),
        ("300 pöytään, yksi puhdas kanasta, mentiin ulos, 25 jäi käteen", "ei menty ulos"),
        ("300 on the table, one clean canasta, we went out, 25 left", "we never went out"),
    ],
)
def test_going_out_said_with_a_negation_is_not_going_out(said: str, not_said: str) -> None:
    """The same round said with "did not go out" scores no going-out bonus, in every language."""
    out = describe_round(said)
    assert out is not None
    assert out.went_out is WentOut.NORMAL
    negated = said.replace(said.split(", ")[2], not_said)
    stayed = describe_round(negated)
    assert stayed is not None, negated
    assert stayed.went_out is WentOut.NO
    assert stayed.model_copy(update={"went_out": WentOut.NORMAL}) == out
