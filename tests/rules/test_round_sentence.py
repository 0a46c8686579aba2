"""A whole round said in one sentence is read per side, and what cannot be placed is named."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.scoring.round import SideRound, WentOut
from bot.talk.round_talk import Seating, describe_round, read_round
from tests.rules.said_rounds import side as _side


@pytest.mark.parametrize(
    ("lang", "text", "ours", "theirs"),
    [
        (
            "no",
            "vi meldte 420, en ren og en uren, to røde treere, gikk ut, 70 på hånda;"
            " de andre 240, en ren en uren, to røde, 25 igjen",
            _side(420, 1, 1, 2, "normal", 70),
            _side(240, 1, 1, 2, hand=25),
        ),
        (
            "en",
            "they had 240, one clean, 25 left; we melded 420, one dirty, went out, no red threes",
            _side(420, mixed=1, out="normal"),
            _side(240, 1, hand=25),
        ),
        (
            "da",
            "de andre gik ud med 400 på bordet og to rene canastaer, vi havde 180 på bordet"
            " og 20 på hånden, ingen røde",
            _side(180, hand=20),
            _side(400, 2, out="normal"),
        ),
        (
            "fi",
            "me laskettiin 400, yksi puhdas kanasta, mentiin ulos; ne 200 pöydässä, kädessä 35,"
            " ei punasia",
            _side(400, 1, out="normal"),
            _side(200, hand=35),
        ),
    ],
)
def test_each_side_reads_its_own_part(
    lang: str, text: str, ours: SideRound, theirs: SideRound
) -> None:
    reading = read_round(text, Seating(lang=lang))
    assert reading.sure, reading.unsure
    assert [s.round for s in reading.sides] == [ours, theirs]


def test_names_and_team_numbers_say_whose_part_follows() -> None:
    seating = Seating(speaker=None, names=(("Kari", "Ola"), ("Per", "Liv")), lang="no")
    by_name = read_round(
        "Per og Liv 300 meldt, en ren, gikk ut; Kari 150 på bordet, 20 igjen, ingen røde", seating
    )
    by_team = read_round(
        "lag 2 300 meldt, en ren, gikk ut; lag 1 150 på bordet, 20 igjen, ingen røde", seating
    )
    assert by_name.sure
    assert by_team.sure
    assert by_name.sides == by_team.sides
    assert [s.round for s in by_name.sides] == [_side(150, hand=20), _side(300, 1, out="normal")]


@pytest.mark.parametrize(
    ("text", "seating", "what"),
    [
        ("we melded 420, two canastas, went out; they 150", Seating(lang="en"), "canasta"),
        ("we melded 420, one clean, went out", Seating(lang="en"), "missing"),
        ("we 420 and 35; they 150", Seating(lang="en"), "number"),
        ("we went out, one clean; they 150 on the table", Seating(lang="en"), "meld"),
        ("we 300, one clean, went out; they 150", Seating(speaker=None, lang="en"), "side"),
        (
            "we 300, one clean, went out; they 150",
            Seating(sides=3, lang="en"),
            "side",
        ),
        ("vi 300, en ren, gikk ut; de andre 150, røde treere", Seating(lang="no"), "red"),
        ("we scored 1250 this round; they scored 300", Seating(lang="en"), "number"),
        # "out" inside words that do not say going out is asked about ("out" alone as a
        # clause of a list is going out: tests/rules/test_round_said_aloud.py)
        (
            "we: 420 / 1 clean / 1 dirty / out of it. them: 240 / 25 left",
            Seating(lang="en"),
            "went_out",
        ),
        ("vi 400 meldt, en ren, gikk ut; de andre hadde minus 35", Seating(lang="no"), "number"),
    ],
)
def test_what_it_cannot_place_is_named_not_guessed(text: str, seating: Seating, what: str) -> None:
    reading = read_round(text, seating)
    assert not reading.sure
    assert what in {u.what for u in reading.unsure}


WORDS = {
    "en": {
        "count": {1: "one", 2: "two", 3: "three"},
        "no_red": "no red threes",
        "we": "we",
        "they": "they",
        "table": "{n} on the table",
        "natural": "{c} clean",
        "mixed": "{c} dirty",
        "red": "{c} red threes",
        "out": "went out",
        "hand": "{n} left",
    },
    "no": {
        "count": {1: "en", 2: "to", 3: "tre"},
        "we": "vi",
        "they": "de andre",
        "table": "{n} på bordet",
        "natural": "{c} ren",
        "mixed": "{c} uren",
        "no_red": "ingen røde treere",
        "red": "{c} røde treere",
        "out": "gikk ut",
        "hand": "{n} igjen",
    },
    "da": {
        "count": {1: "en", 2: "to", 3: "tre"},
        "we": "vi",
        "they": "de andre",
        "table": "{n} på bordet",
        "natural": "{c} ren",
        "mixed": "{c} blandet",
        "no_red": "ingen røde treere",
        "red": "{c} røde treere",
        "out": "gik ud",
        "hand": "{n} tilbage",
    },
    "fi": {
        "count": {1: "yksi", 2: "kaksi", 3: "kolme"},
        "no_red": "ei punaisia kolmosia",
        "we": "me",
        "they": "ne",
        "table": "{n} pöydässä",
        "natural": "{c} puhdas",
        "mixed": "{c} likainen",
        "red": "{c} punaista kolmosta",
        "out": "mentiin ulos",
        "hand": "kädessä {n}",
    },
}


def _playable(side: SideRound) -> SideRound:
    """Rounds as a game has them (anything else is asked about): going out takes a canasta,
    and a side that stays in has cards left in hand."""
    if side.went_out is WentOut.NORMAL and not side.natural_canastas + side.mixed_canastas:
        return side.model_copy(update={"natural_canastas": 1})
    if side.went_out is WentOut.NO and not side.hand_points:
        return side.model_copy(update={"hand_points": 5})
    return side


sides = st.builds(
    _side,
    meld=st.integers(min_value=0, max_value=120).map(lambda n: n * 5),
    natural=st.integers(min_value=0, max_value=3),
    mixed=st.integers(min_value=0, max_value=3),
    red=st.integers(min_value=0, max_value=3),
    out=st.sampled_from(["no", "normal"]),
    hand=st.integers(min_value=0, max_value=40).map(lambda n: n * 5),
).map(_playable)


def _say(lang: str, who: str, side: SideRound, no_red: bool = False) -> str:
    """The side's round in ``lang``'s words; ``no_red``: say its red threes when it had none
    (a round with no red three said for any side asks about them)."""
    words = WORDS[lang]
    count = words["count"]
    parts = [who, words["table"].format(n=side.meld_points)]
    for key, n in (
        ("natural", side.natural_canastas),
        ("mixed", side.mixed_canastas),
        ("red", side.red_threes),
    ):
        parts += [words[key].format(c=count[n])] if n else []
    parts += [words["no_red"]] if no_red and not side.red_threes else []
    parts += [words["out"]] if side.went_out is WentOut.NORMAL else []
    parts += [words["hand"].format(n=side.hand_points)] if side.hand_points else []
    return ", ".join(parts)


@settings(max_examples=200, deadline=None)
@given(
    lang=st.sampled_from(sorted(WORDS)),
    ours=sides,
    theirs=sides,
    they_first=st.booleans(),
    speaker=st.sampled_from([0, 1]),
    by_name=st.booleans(),
)
def test_a_round_said_from_lexicon_words_reads_back_exactly(
    lang: str,
    ours: SideRound,
    theirs: SideRound,
    they_first: bool,
    speaker: int,
    by_name: bool,
) -> None:
    """Either side may speak, and the other side may be called by a player's name."""
    if ours.went_out is WentOut.NORMAL:  # one side goes out (two is named as unsure)
        theirs = _playable(theirs.model_copy(update={"went_out": WentOut.NO}))
    names = (("Kari", "Ola"), ("Aino", "Timo"))
    other = names[1 - speaker][1] if by_name else WORDS[lang]["they"]
    no_red = not ours.red_threes + theirs.red_threes  # else the side said none has none
    said = [_say(lang, WORDS[lang]["we"], ours, no_red), _say(lang, other, theirs)]
    text = "; ".join(reversed(said) if they_first else said)
    reading = read_round(text, Seating(speaker=speaker, names=names, lang=lang))
    assert reading.sure, (text, reading.unsure)
    expected = [ours, theirs] if speaker == 0 else [theirs, ours]
    assert [s.round for s in reading.sides] == expected, text


@pytest.mark.parametrize(
    ("lang", "text", "ours"),
    [
        (
            "en",
            "we laid down four hundred and twenty, one clean, went out, no red threes",
            _side(420, 1, out="normal"),
        ),
        (
            "en",
            "we melded 1,200, two naturals, went out, no red threes",
            _side(1200, 2, out="normal"),
        ),
        (
            "en",
            "we went out with two canastas, one natural and one mixed, 330 in melds, no red threes",
            _side(330, 1, 1, out="normal"),
        ),
        ("da", "vi lagde 290 ud, en ren canasta, gik ud, ingen røde", _side(290, 1, out="normal")),
        (
            "fi",
            "me menimme ulos 400 pisteellä ja yhdellä puhtaalla kanastalla, ei punasia",
            _side(400, 1, out="normal"),
        ),
        (
            "da",
            "vi gik ud fra hånden med 400 og to rene canastaer, ingen røde",
            _side(400, 2, out="concealed"),
        ),
    ],
)
def test_numbers_in_words_stop_at_a_comma_and_inflected_counts_read(
    lang: str, text: str, ours: SideRound
) -> None:
    """ "four hundred and twenty, one clean" is 420 and one canasta (not 421); "yhdellä" is
    one (the lemmatizer's table once filed its umlaut-less spelling under eleven)."""
    reading = read_round(text, Seating(sides=1, lang=lang))
    assert reading.sure, reading.unsure
    assert reading.sides[0].round == ours


def test_a_rules_question_keeps_he_on_the_askers_side() -> None:
    """Without a language, Finnish "he" (they) is not read as a side: in English it is the
    partner, whose hand counts against the asker's side."""
    side = describe_round("380 on the table, one clean canasta, i went out, he had 45 left")
    assert side == _side(380, 1, out="normal", hand=45)
    said = read_round(
        "me 300 pöydässä, mentiin ulos, yksi puhdas; he 100, kädessä 20", Seating(lang="fi")
    )
    assert [s.round.hand_points for s in said.sides] == [0, 20]
