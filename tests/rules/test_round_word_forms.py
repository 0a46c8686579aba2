"""/round say: a round typed the way players type in chat (a count glued to its word, a word
cut short, a typo, a dialect spelling) reads the same as the round typed in full, through
one place (``word_forms.typed_words``) that both readers, the labelling and the training
read from; real words of the language and ambiguous forms are left as typed."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.scoring import load_variant
from bot.talk.round_talk import Seating, describe_round, read_round
from bot.talk.text import written_forms
from bot.talk.word_forms import known, read_as, typed_words

CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "1nat 1mix", "1 nat 1 mix"),
        ("en", "0r3, 2 r3s", "0 red 3 | 2 red 3s"),
        ("en", "85hand", "85 hand"),
        ("no", "1ren 1bl 1rød", "1 ren 1 blanda 1 rod"),
        ("da", "80hånd 1ren", "80 hand 1 ren"),
        ("fi", "1puhd 0pun käsi85", "1 puhdas 0 punai kasi 85"),
        ("fi", "1 pun3", "1 punainen 3"),
        ("fi", "2puhdasta", "2 puhdasta"),
        ("en", "2naturals", "2 naturals"),
    ],
)
def test_a_count_glued_to_its_word_is_split(lang: str, typed: str, read: str) -> None:
    assert " ".join(typed_words(typed, lang)) == read


@pytest.mark.parametrize(
    ("lang", "typed"),
    [("en", "x2"), ("no", "2ere"), ("en", "3s"), ("no", "3ere"), ("en", "a1b2")],
)
def test_a_digit_that_is_part_of_the_word_stays_in_it(lang: str, typed: str) -> None:
    assert typed_words(typed, lang) == [typed]


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("fi", "puhd", "puhdas"),
        ("fi", "lik", "likai"),
        ("fi", "kan", "kanasta"),
        ("fi", "pöyd", "poydas"),
        ("en", "dir", "dirty"),
        ("no", "natu", "naturlig"),
    ],
)
def test_a_word_cut_short_reads_as_the_one_role_word_it_starts(
    lang: str, typed: str, read: str
) -> None:
    assert typed_words(typed, lang) == [read]


def test_two_letters_are_a_kind_only_right_after_a_count() -> None:
    assert typed_words("bl", "da") == ["bl"]
    assert typed_words("1 bl", "da") == ["1", "blandet"]
    assert typed_words("1bl", "no") == ["1", "blanda"]


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("en", "natrual", "natural"),
        ("en", "cansta", "canasta"),
        ("en", "canasat", "canasta"),
        ("en", "wnet", "went"),
        ("en", "mixd", "mix"),
        ("en", "hnad", "hand"),
        ("no", "naturilge", "naturlig"),
        ("no", "natulige", "naturlig"),
        ("no", "kansta", "kanasta"),
        ("no", "meldd", "meldt"),
        ("da", "meldtt", "meldte"),
        ("no", "hånnda", "handa"),
        ("da", "hannden", "handen"),
        ("no", "trerer", "treare"),
        ("en", "dirrty", "dirty"),
        ("da", "blanddet", "blandet"),
    ],
)
def test_a_typo_reads_as_the_one_role_word_it_nearly_spells(
    lang: str, typed: str, read: str
) -> None:
    assert typed_words(typed, lang) == [read]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "threes naturals canastas"), ("no", "treerne kanastaer"), ("fi", "puhtaat kolmosta")],
)
def test_a_role_words_own_forms_are_kept_as_typed(lang: str, words: str) -> None:
    assert typed_words(words, lang) == words.split()


@pytest.mark.parametrize(("lang", "word"), [("da", "blandt"), ("da", "bord"), ("en", "dirt")])
def test_a_word_of_the_language_is_no_typo(lang: str, word: str) -> None:
    """simplemma's words, found once by ``lexicon_forms`` (``Vocabulary.near``)."""
    assert known(word, lang)
    assert typed_words(word, lang) == [word]


def test_right_after_a_count_a_word_one_letter_from_a_kind_is_that_kind() -> None:
    assert typed_words("1 blandt", "da") == ["1", "blandet"]
    assert typed_words("en blandt canasta", "da") == ["en", "blandet", "canasta"]


def test_a_typo_is_never_read_as_a_count() -> None:
    """Danish "trer" is one letter from "tre", a three and the number 3 alike."""
    assert typed_words("en rød trer", "da") == ["en", "rod", "trer"]


def test_a_word_whose_candidates_say_different_parts_of_the_round_is_left_alone() -> None:
    """ "käd" starts "kädessä" (in hand) and "kädestä" (from the hand: concealed)."""
    assert read_as("kad", "fi") is None
    assert typed_words("käd", "fi") == ["kad"]


@pytest.mark.parametrize(
    ("lang", "typed", "read"),
    [
        ("no", "ein rø treer", "ein rod treer"),
        ("no", "på hainna", "pa handa"),
        ("no", "dæm hadd", "daem hadde"),
        ("da", "en ren å en blandet", "en ren og en blandet"),
        ("da", "int nøj", "ikke noget"),
        ("da", "wi havd", "vi havde"),
    ],
)
def test_a_dialect_spelling_reads_as_the_written_word(lang: str, typed: str, read: str) -> None:
    assert " ".join(typed_words(typed, lang)) == read


def test_a_spelling_looked_up_before_folding_leaves_the_folded_word_alone() -> None:
    """Danish "å" is "og"; its folded "a" (English "a", jysk "jeg") is not, neither for the
    round reader nor in the topic model's table, which every question is read with."""
    assert typed_words("a", "da") == ["a"]
    assert all("a" not in table for table in written_forms())


def test_a_rules_question_in_no_known_language_splits_and_corrects_alike() -> None:
    """``/rules`` reads a round described in a question with every language's words: a
    form is read where no language knows the word and every one reads it alike."""
    full = describe_round("we melded 380, 1 natural canasta, went out, 45 left")
    assert full is not None
    assert full.natural_canastas == 1
    assert describe_round("we melded 380, 1nat cansta, went out, 45 left") == full
    assert describe_round("we melded 380, 1 natrual canasta, went out, 45 left") == full
    assert typed_words("can", None) == ["can"]  # English, so no Finnish "kanasta"


def test_players_names_are_left_as_typed() -> None:
    assert typed_words("Meldd 300", "no", ["Meldd"]) == ["meldd", "300"]


FULL_AND_TYPED = [
    (
        "en",
        "we melded 390, 1 natural and 1 mixed canasta, 2 red threes, went out; "
        "they melded 150, 1 mixed, 0 red threes, 70 in hand",
        "we melded 390, 1natural and 1mixd cansta, 2 r3s, wnet out; "
        "they melded 150, 1mix, 0r3, 70 in hnad",
    ),
    (
        "no",
        "vi meldte 390, en ren og en blandet kanasta, to røde treere, gikk ut; "
        "de andre 215, en uren, ingen røde, 55 igjen på hånda",
        "vi meldte 390, 1ren og 1bl kansta, 2rød treere, gikk ut; "
        "dæm 215, 1 blnadet, ingen rø, 55 igjen på hainna",
    ),
    (
        "da",
        "vi meldte 380, 1 ren og 1 blandet, ingen røde treere, gik ud; "
        "de andre havde 210, 1 blandet, 1 rød treer og 45 tilbage på hånden",
        "wi meldte 380, 1ren å 1 blandt, int nøj røde treere, gik ud; "
        "de andre havd 210, 1bl, 1rød treer å 45 tilbage på hannden",
    ),
    (
        "fi",
        "me mentiin ulos, 275 pöydässä, 1 puhdas kanasta, 0 punaista; "
        "ne 310 pöydässä, 1 likainen, 1 punainen kolmonen, käsi 85",
        "me mentiin ulos, 275 pöyd, 1puhd kanasta, 0pun; ne 310 pöyd, 1lik, 1pun3, käsi85",
    ),
]


@pytest.mark.parametrize(("lang", "full", "typed"), FULL_AND_TYPED)
def test_a_round_typed_in_chat_reads_as_the_round_typed_in_full(
    lang: str, full: str, typed: str
) -> None:
    want = read_round(full, Seating(lang=lang), CLASSIC)
    got = read_round(typed, Seating(lang=lang), CLASSIC)
    assert want.sure, want.unsure
    assert got == want


ROLE_WORDS = ["natural", "mixed", "canasta", "concealed", "melded"]


def _typo(word: str, at: int) -> str:
    """Two neighbouring letters swapped, the first letter kept."""
    at = 1 + at % (len(word) - 2)
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


@settings(max_examples=60)
@given(
    meld=st.integers(10, 80).map(lambda n: n * 5),
    natural=st.integers(0, 3),
    mixed=st.integers(0, 3),
    red=st.integers(0, 2),
    hand=st.integers(1, 20).map(lambda n: n * 5),
    how=st.sampled_from(["glued", "short", "typo"]),
    cut=st.integers(0, 20),
)
def test_any_round_typed_with_glued_short_or_mistyped_words_reads_as_typed_in_full(
    meld: int, natural: int, mixed: int, red: int, hand: int, how: str, cut: int
) -> None:
    assume(natural + mixed)
    words = {w: w for w in ROLE_WORDS}
    for word in ROLE_WORDS:
        if how == "short":
            words[word] = word[: 3 + cut % (len(word) - 3)]
        elif how == "typo":
            words[word] = _typo(word, cut)
        assume(words[word] == word or not known(words[word], "en"))
        assume(words[word] == word or read_as(words[word], "en") is not None)
    glue = "" if how == "glued" else " "

    def say(w: dict[str, str], glue: str) -> str:
        return (
            f"we {w['melded']} {meld}, {natural}{glue}{w['natural']} {w['canasta']}, "
            f"{mixed}{glue}{w['mixed']}, {red} red threes, went out {w['concealed']}; "
            f"they {w['melded']} 150, 1{glue}{w['mixed']}, 0 red threes, {hand} in hand"
        )

    seating = Seating(lang="en")
    want = read_round(say({w: w for w in ROLE_WORDS}, " "), seating)
    got = read_round(say(words, glue), seating)
    assert got == want
