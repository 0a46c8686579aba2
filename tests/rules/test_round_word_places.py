"""Which everyday words a round is read past: the languages' dictionaries (nynorsk and
compounds too) and the places where a word could change a component. Sentences written for
these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.vocabulary import vocabulary
from bot.talk.dictionary import is_known
from bot.talk.round_talk import Seating, read_round
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked, side

OURS, THEIRS = WE_WENT_OUT


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["wickedfast", "megaearly"]),
        ("no", ["kjempekjapt", "dritkjapt", "utruleg", "tidleg", "skikkeleg"]),
        ("da", ["kaempehurtigt"]),
        ("fi", ["jattinopeasti", "tosinopeasti"]),
    ],
)
def test_compounds_and_nynorsk_are_words_of_the_language(lang: str, words: list[str]) -> None:
    """Two words written as one, and nynorsk beside bokmål: everyday words, no typos."""
    assert [w for w in words if not is_known(w, lang)] == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["dirtycanasta", "canastawise"]),
        ("no", ["blanddet", "blandetcanasta"]),
        ("da", ["blanddet", "renkanasta"]),
        ("fi", ["punasii", "kanastoi"]),
    ],
)
def test_a_compound_that_may_be_a_game_word_is_not_known(lang: str, words: list[str]) -> None:
    """A part the round lexicon lists, or a typo of a role word ("bland" + "det" is one
    letter from "blandet"): the word may say a part of the round."""
    assert [w for w in words if is_known(w, lang)] == []


@pytest.mark.parametrize("lang", ["en", "no", "da", "fi"])
def test_every_word_kept_from_a_typo_reading_is_a_known_word(lang: str) -> None:
    """``Vocabulary.near`` (forms.json) and the dictionary filter come from the same
    dictionaries: a word the reader keeps as itself is one the filter knows."""
    assert [w for w in vocabulary().near[lang] if not is_known(w, lang)] == []


BEFORE_ITS_ROLE = [
    ("en", "we went out, 420 flat on the table, a clean and a dirty, one red three. they had"
     " 230 and a dirty canasta, no red threes, 45 in hand"),
    ("no", "vi gikk ut, 420 pent på bordet, en ren og en blandet, én rød treer. de hadde 230"
     " og en blandet, ingen røde, 45 på hånda"),
    ("da", "vi gik ud, 420 pænt på bordet, en ren og en blandet, én rød treer. de havde 230"
     " og en blandet, ingen røde, 45 på hånden"),
    ("fi", "me mentiin ulos, 420 siististi pöydässä, puhdas ja seka, yksi punainen kolmonen."
     " niillä 230 ja yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), BEFORE_ITS_ROLE)
def test_a_word_between_points_and_their_role_is_read_past(lang: str, text: str) -> None:
    """ "420 flat on the table": the points and their role are read; the word between
    says how they were laid down."""
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


THREES = (side(420, natural=1, mixed=1, out="normal"), side(230, mixed=1, red=2, hand=45))
BEFORE_A_COUNT = [
    ("en", "we went out with 420 and a clean and a dirty canasta. they had 230, a dirty"
     " canasta and sadly two red threes, 45 in hand"),
    ("no", "vi gikk ut med 420, en ren og en blandet. de hadde 230 og en blandet og attpåtil"
     " to røde treere, 45 på hånda"),
    ("da", "vi gik ud med 420, en ren og en blandet. de havde 230 og en blandet og desværre"
     " to røde treere, 45 på hånden"),
    ("fi", "me mentiin ulos 420:llä, puhdas ja seka. niillä 230 ja yksi seka ja"
     " valitettavasti kaksi punaista kolmosta, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), BEFORE_A_COUNT)
def test_a_word_before_a_count_of_a_kind_is_read_past(lang: str, text: str) -> None:
    """ "and sadly two red threes": the count and what it counts are read."""
    assert read_unasked(text, lang) == list(THREES)


AFTER_BARE_POINTS = [
    ("en", "we went out with 420, a clean and a dirty, one red three. they ended 65 under,"
     " 230 melded and a dirty canasta, no red threes"),
    ("fi", "me mentiin ulos 420:llä, puhdas ja seka, yksi punainen kolmonen. niille jäi 65"
     " miinukselle, 230 pöydässä ja yksi seka, ei punaisia"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), AFTER_BARE_POINTS)
def test_a_word_after_points_with_no_role_word_is_asked(lang: str, text: str) -> None:
    """ "65 miinukselle" (65 below zero): a score, or a hand? The word stays in doubt."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure


DECLARED = [
    ("en", "team 1 went out with 420, a clean and a dirty, one red three. team 2 had 230 and a"
     " dirty canasta, no red threes, 45 in hand (we are team 1)"),
    ("no", "lag 1 gikk ut med 420, en ren og en blandet, én rød treer. lag 2 hadde 230 og en"
     " blandet, ingen røde, 45 på hånda (vi er lag 1)"),
    ("da", "hold 1 gik ud med 420, en ren og en blandet, én rød treer. hold 2 havde 230 og en"
     " blandet, ingen røde, 45 på hånden (vi er hold 1)"),
    ("fi", "joukkue 1 meni ulos 420:llä, puhdas ja seka, yksi punainen kolmonen. joukkue 2:lla"
     " 230 ja yksi seka, ei punaisia, 45 kädessä (me ollaan joukkue 1)"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), DECLARED)
def test_we_are_team_one_says_the_speakers_side(lang: str, text: str) -> None:
    """ "(we are team 1)": the speaker's side, said as a name, not a word of the round."""
    reading = read_round(text, Seating(speaker=None, lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == list(WE_WENT_OUT)


@pytest.mark.parametrize(("lang", "text"), DECLARED)
def test_a_declared_side_that_is_not_the_seats_is_asked(lang: str, text: str) -> None:
    """The seating says the speaker is on team 2, the sentence team 1: whose is "we"?"""
    reading = read_round(text, Seating(speaker=1, lang=lang))
    assert any(u.what == "side" for u in reading.unsure)
