"""/round say reads a sheet's row cut by bars ("meld 410 | nat 1 | hand 0"), a canasta word
heading the kinds counted after it ("canastas: 1 natural, 1 mixed"), and a hand said as a
sum with "+" (grid18): the total, and a sum said next to its total is that total. Every
round below is written for these tests, the same in all four languages."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_cut import said_words
from bot.talk.round_talk import Seating
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked, side

CLASSIC = load_variant("classic")
READ = [side(410, natural=1, mixed=1, red=1, out="normal"), side(190, mixed=1, hand=60)]

BARS = {
    "en": "us | meld 410 | nat 1 | mix 1 | r3 1 | out"
    " | them | meld 190 | nat 0 | mix 1 | r3 0 | hand 60",
    "no": "vi | meld 410 | ren 1 | blanda 1 | r3 1 | ute"
    " // de | meld 190 | ren 0 | blanda 1 | r3 0 | hånd 60",
    "da": "vi | meld 410 | ren 1 | blandet 1 | r3 1 | ude"
    " // de | meld 190 | ren 0 | blandet 1 | r3 0 | hånd 60",
    "fi": "me | pöytä 410 | puhd 1 | lik 1 | pun3 1 | ulos"
    " // ne | pöytä 190 | puhd 0 | lik 1 | pun3 0 | käsi 60",
}
HEADED = {
    "en": "we went out, 410 melded, canastas: 1 natural, 1 mixed; 1 red three. "
    "they 190 melded, canastas: 0 natural, 1 mixed; no red threes, 60 in hand",
    "no": "vi gikk ut, 410 meldt, kanaster: 1 ren, 1 blanda; 1 rød treer. "
    "de 190 meldt, kanaster: 0 rene, 1 blanda; ingen røde, 60 på hånda",
    "da": "vi gik ud, 410 meldt, kanaster: 1 ren, 1 blandet; 1 rød treer. "
    "de 190 meldt, kanaster: 0 rene, 1 blandet; ingen røde, 60 på hånden",
    "fi": "me mentiin ulos, 410 pöydässä, kanastat: 1 puhdas, 1 likanen; 1 punainen kolmonen. "
    "ne 190 pöydässä, kanastat: 0 puhdasta, 1 likanen; ei punaisia, 60 käteen",
}
HANDS = {
    "en": (
        "we went out with 410, 1 natural 1 mixed, 1 red three. they had 190, 1 mixed, "
        "no red threes",
        "{} in hand",
    ),
    "no": (
        "vi gikk ut med 410, 1 ren 1 blanda, 1 rød treer. de hadde 190, 1 blanda, ingen røde",
        "{} på hånda",
    ),
    "da": (
        "vi gik ud med 410, 1 ren 1 blandet, 1 rød treer. de havde 190, 1 blandet, ingen røde",
        "{} på hånden",
    ),
    "fi": (
        "me mentiin ulos 410:llä, 1 puhdas 1 likanen, 1 punainen kolmonen. niillä 190, "
        "1 likanen, ei punaisia",
        "{} käteen",
    ),
}


@pytest.mark.parametrize("lang", BARS)
def test_bars_cut_a_sheets_row_into_clauses(lang: str) -> None:
    assert read_unasked(BARS[lang], lang, CLASSIC) == READ


@pytest.mark.parametrize("lang", HEADED)
def test_a_canasta_word_heading_its_kinds_is_no_canasta(lang: str) -> None:
    assert read_unasked(HEADED[lang], lang, CLASSIC) == READ


@pytest.mark.parametrize("lang", HANDS)
@pytest.mark.parametrize("hand", ["35+25", "20 + 25 + 15", "60 (35+25)", "35+25 = 60"])
def test_a_hand_added_up_is_its_total(lang: str, hand: str) -> None:
    start, hand_phrase = HANDS[lang]
    text = f"{start}, {hand_phrase.format(hand)}"
    if "(" in hand or "=" in hand:
        text = f"{start}, {hand_phrase.format(hand.split(' ', 1)[0])} {hand.split(' ', 1)[1]}"
        if "=" in hand:
            text = f"{start}, {hand} {hand_phrase.format('').strip()}"
    assert read_unasked(text, lang, CLASSIC) == READ


@pytest.mark.parametrize(
    ("names", "total"), [((("Siv", "Ola"), ("Per",)), ["80"]), ((("Siv",), ("Per",)), None)]
)
def test_a_sum_of_named_hands_is_one_sides_only(names: tuple, total: list[str] | None) -> None:
    seating = Seating(sides=2, speaker=0, names=names, lang="en")
    words = said_words(
        "stuck with 50 (Siv) + 30 (Ola)" if total else "stuck with 50 (Siv) + 30 (Per)", seating
    )
    if total:
        assert words[-1:] == total
    else:
        assert "80" not in words


@pytest.mark.parametrize("lang", HANDS)
def test_a_plus_beside_a_kind_is_no_hand(lang: str) -> None:
    seating = Seating(lang=lang)
    assert "411" not in said_words("410 + 1 nat", seating)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "we went out: 420 melded, canastas: one natural one mixed, red threes: 1. they: 230"
            " melded, canastas: one mixed, red threes: none, 45 in hand",
        ),
        (
            "no",
            "vi gikk ut: 420 meldt, canastaer: en ren en uren, røde treere: 1. de: 230 meldt,"
            " canastaer: en uren, røde treere: ingen, 45 på hånda",
        ),
    ],
)
def test_a_canasta_heading_before_a_colon_counts_no_canasta(lang: str, text: str) -> None:
    assert read_unasked(text, lang, CLASSIC) == list(WE_WENT_OUT)
