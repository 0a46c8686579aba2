"""/round say: players mix English game words into Nordic chat ("vi went out", "1 mixed
canasta", "40 on hand") and now and then a word of another Nordic language; the typed-word
layer (``word_forms.borrowed``) reads them as the sentence's language says them, but never a
word that means something else in that language, and a particle written before its verb
("nedlagt", "udlagt") as the lexicon's two-word phrase ("lagt ned")."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, read_round
from bot.talk.word_forms import typed_words

CLASSIC = load_variant("classic")

MIXED_IN = [
    (
        "no",
        "vi gikk ut med 320 meldt, en ren og en blandet kanasta, to røde treere. "
        "de 210 meldt, en ren, 55 på hånda",
        "vi went out med 320 meldt, 1 natural og 1 mixed kanasta, 2 red threes. "
        "de 210 meldt, 1 ren, 55 on hand",
    ),
    (
        "da",
        "vi gik ud med 330 meldt, en ren og en blandet canasta, to røde treere. "
        "de 190 meldt, en ren, 35 på hånden",
        "vi went out med 330 meldt, 1 clean og 1 dirty canasta, 2 red threes. "
        "de 190 meldt, 1 ren, 35 tilbage",
    ),
    (
        "fi",
        "me mentiin ulos, 340 pöydässä, yksi puhdas ja yksi likainen kanasta, kaksi punaista. "
        "ne 170 pöydässä, yksi puhdas, 45 käteen",
        "me went out, 340 melded, 1 natural ja 1 mixed kanasta, 2 red threes. "
        "ne 170 pöydässä, 1 puhdas, 45 käteen",
    ),
]


@pytest.mark.parametrize(("lang", "full", "mixed"), MIXED_IN)
def test_game_words_of_another_language_read_as_the_sentences_own(
    lang: str, full: str, mixed: str
) -> None:
    want = read_round(full, Seating(lang=lang), CLASSIC)
    got = read_round(mixed, Seating(lang=lang), CLASSIC)
    assert want.sure, want.unsure
    assert [s.round for s in got.sides] == [s.round for s in want.sides]
    assert got.sure, got.unsure


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("no", "to rene", "to rene"),  # "to" is two, no English "to"
        ("fi", "ei punaisia", "ei punaisia"),  # "ei" is not, no Danish "ei" (one)
        ("en", "two clean", "two clean"),
        ("da", "no kanastaer", "ingen kanastaer"),
        ("no", "no canastas", "ingen canastas"),
    ],
)
def test_a_word_of_the_sentences_language_is_never_borrowed(
    lang: str, typed: str, read: str
) -> None:
    assert " ".join(typed_words(typed, lang)) == read


@pytest.mark.parametrize("lang", ["no", "da", "fi"])
def test_an_english_phrase_about_something_else_lends_no_word(lang: str) -> None:
    """ "stock ran out": the deck ran out, nobody went out; "out" stays English."""
    assert typed_words("stock ran out", lang) == ["stock", "ran", "out"]


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("no", "vi nedlagt 300", "vi lagt ned 300"),
        ("no", "vi utlagt 300", "vi lagt ut 300"),
        ("da", "vi udlagt 300", "vi lagt ud 300"),
    ],
)
def test_a_particle_written_before_its_verb_reads_as_the_two_word_phrase(
    lang: str, typed: str, read: str
) -> None:
    assert " ".join(typed_words(typed, lang)) == read
