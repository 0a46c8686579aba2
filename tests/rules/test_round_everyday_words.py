"""An everyday word the round lexicon does not list ("went out crazy early", "gik ud utroligt
hurtigt") is chatter the round is read past, unasked, when nothing it could change stands
beside it; a word that is no word of the language ("dirrty", "blanddet") is still named.
Sentences written for these tests, none from a benchmark set."""

from __future__ import annotations

import pytest

from bot.scoring.round import WentOut
from bot.talk.dictionary import dictionary_path, is_known
from bot.talk.round_talk import Seating, read_round
from bot.weights import read_weights
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked

OURS, THEIRS = WE_WENT_OUT

EVERYDAY = [
    ("en", "we went out crazy early, 420 melded, a clean and a dirty, one red three. they had"
     " 230 and a dirty canasta, no red threes, 45 in hand"),
    ("no", "vi gikk ut skikkelig tidlig, 420 meldt, en ren og en blandet, én rød treer. de"
     " hadde 230 og en blandet, ingen røde, 45 på hånda"),
    ("da", "vi gik ud utroligt hurtigt, 420 meldt, en ren og en blandet, én rød treer. de"
     " havde 230 og en blandet, ingen røde, 45 på hånden"),
    ("fi", "me mentiin ulos tosi aikaisin, 420 pöydässä, puhdas ja seka, yksi punainen"
     " kolmonen. niillä 230 ja yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), EVERYDAY)
def test_an_everyday_word_beside_a_going_out_is_read_past(lang: str, text: str) -> None:
    """ "went out crazy early": how early changes nothing of the round, so nothing is asked."""
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


MISSPELT = [
    ("en", "dorrtyy", "we went out with 420, a clean and a dirty, one red three. they had 230"
     " and a dorrtyy canasta, no red threes, 45 in hand"),
    ("no", "bllanndett", "vi gikk ut med 420, en ren og en blandet, én rød treer. de hadde 230"
     " og en bllanndett, ingen røde, 45 på hånda"),
    ("da", "bllanndett", "vi gik ud med 420, en ren og en blandet, én rød treer. de havde 230"
     " og en bllanndett, ingen røde, 45 på hånden"),
    ("fi", "likkainen", "me mentiin ulos 420:llä, puhdas ja seka, yksi punainen kolmonen."
     " niillä 230 ja yksi likkainen, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "word", "text"), MISSPELT)
def test_a_word_of_no_language_beside_a_count_is_named(lang: str, word: str, text: str) -> None:
    """ "a dorrtyy canasta": perhaps the canasta's kind, so the side is asked about (one
    letter off, "dirrty", is read as "dirty": ``word_forms``)."""
    reading = read_round(text, Seating(lang=lang))
    assert any(u.what == "word" and word in u.words and u.side == 1 for u in reading.unsure)


@pytest.mark.parametrize(
    ("lang", "known", "unknown"),
    [
        ("en", ["early", "crazy", "sheet"], ["dirrty", "natrual"]),
        ("no", ["tidlig", "skikkelig", "arket"], ["blanddet", "canasat"]),
        ("da", ["hurtigt", "utroligt", "blokken"], ["blanddet", "cansta"]),
        ("fi", ["tosi", "aikaisin", "paperiin"], ["likkainen", "kansta"]),
    ],
)
def test_the_dictionary_knows_the_languages_words(
    lang: str, known: list[str], unknown: list[str]
) -> None:
    assert all(is_known(word, lang) for word in known)
    assert not any(is_known(word, lang) for word in unknown)


def test_the_dictionary_filter_is_built_from_the_installed_simplemma() -> None:
    """Rebuild it with ``python -m bot.devtools.dictionary_filter`` after a simplemma update."""
    import simplemma

    _, meta = read_weights(dictionary_path(), ())
    assert meta["simplemma"] == simplemma.__version__


CHATTER = [
    ("en", "we went out with 420 :D a clean and a dirty, one red three. they had 230 and a"
     " dirty canasta, no red threes, 45 in hand"),
    ("no", "vi gikk ut med 420, en ren og en blandet, én rød treer. uff. de hadde 230 og en"
     " blandet, ingen røde, 45 på hånda"),
    ("da", "vi gik ud med 420, en ren og en blandet, én rød treer. de havde 230 og en"
     " blandet, ingen røde, 45 på hånden, suk"),
    ("fi", "me mentiin ulos 420:llä :D puhdas ja seka, yksi punainen kolmonen. niillä 230 ja"
     " yksi seka, ei punaisia, 45 kädessä, huoh"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), CHATTER)
def test_a_face_or_a_sigh_is_no_word_of_the_round(lang: str, text: str) -> None:
    """ ":D", "uff", "suk", "huoh": nothing of the round, nothing asked."""
    assert read_unasked(text, lang) == list(WE_WENT_OUT)


NONE_ANYWHERE = [
    ("en", "no red threes for some reason. we went out with 420, a clean and a dirty. they"
     " had 230 and a dirty canasta, 45 in hand"),
    ("no", "ingen røde treere noen steder. vi gikk ut med 420, en ren og en blandet. de hadde"
     " 230 og en blandet, 45 på hånda"),
    ("da", "ingen røde treere nogen steder. vi gik ud med 420, en ren og en blandet. de havde"
     " 230 og en blandet, 45 på hånden"),
    ("fi", "ei punaisia kolmosia missään muutamaan kierrokseen. me mentiin ulos 420:llä,"
     " puhdas ja seka. niillä 230 ja yksi seka, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), NONE_ANYWHERE)
def test_a_word_for_some_after_a_word_for_none_counts_nothing(lang: str, text: str) -> None:
    """ "ingen røde treere nogen steder": "nogen" is "any" here, no amount left unsaid."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [OURS.model_copy(update={"red_threes": 0}), THEIRS]


PHRASES = [
    ("no", "vi gikk ut i ein omgang, 420 meldt, en ren og en blandet, én rød treer. de hadde"
     " 230 og en blandet, ingen røde, 45 på hånda", WentOut.CONCEALED),
    ("da", "vi smed os ud med 420, en ren og en blandet, én rød treer. de havde 230 og en"
     " blandet, ingen røde, 45 på hånden", WentOut.NORMAL),
    ("fi", "ME meldit 420, puhdas ja seka, yksi punainen kolmonen, ulos. NE meldit 230, yksi"
     " seka, ei punaisia, 45 kädessä", WentOut.NORMAL),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text", "out"), PHRASES)
def test_the_games_own_phrases_are_read(lang: str, text: str, out: WentOut) -> None:
    """ "i ein omgang" (in one go), "smide sig ud" (go out), "meldit" (melds)."""
    reading = read_round(text, Seating(lang=lang))
    assert reading.unsure == ()
    assert [s.round for s in reading.sides] == [OURS.model_copy(update={"went_out": out}), THEIRS]


FROM_THE_HAND = [
    ("en", "we went out from hand, 420 melded, a clean and a dirty, one red three. they had"
     " 230 and a dirty canasta, no red threes, 45 in hand"),
    ("no", "vi gikk ut på hånda, 420 meldt, en ren og en blandet, én rød treer. de hadde 230"
     " og en blandet, ingen røde, 45 på hånda"),
    ("no", "me gjekk ut på handa, 420 meldt, ein rein og ein blanda, éin raud treer. dei"
     " hadde 230 og ein blanda, ingen raude, 45 att"),
    ("da", "vi gik ud på hånden, 420 meldt, en ren og en blandet, én rød treer. de havde 230"
     " og en blandet, ingen røde, 45 på hånden"),
    ("fi", "me mentiin ulos suoraan kädestä, 420 pöydässä, puhdas ja seka, yksi punainen"
     " kolmonen. niillä 230 ja yksi seka, ei punaisia, 45 kädessä"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), FROM_THE_HAND)
def test_going_out_from_the_hand_is_going_out_concealed(lang: str, text: str) -> None:
    """ "gikk ut på hånda", "gik ud på hånden": out from the hand, in one go; the same words
    after a number ("45 på hånda") are still the hand's points."""
    assert read_unasked(text, lang) == [
        OURS.model_copy(update={"went_out": WentOut.CONCEALED}),
        THEIRS,
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("no", "vi gikk ut, 420 meldt, en ren og en blandet, én rød treer. de hadde 230 og en"
         " blandet, ingen røde, og satt med 45 på hånda"),
        ("da", "vi gik ud, 420 meldt, en ren og en blandet, én rød treer. de havde 230 og en"
         " blandet, ingen røde, og sad med 45 på hånden"),
    ],
)  # fmt: skip
def test_the_hand_said_after_going_out_is_no_concealed_going_out(lang: str, text: str) -> None:
    assert read_unasked(text, lang) == list(WE_WENT_OUT)
