"""Whatever a player types into ``/round say``, reading it never fails: a reading that
raises would reach the player as an error instead of a question about what was unclear. The
words come from each lexicon's own round words mixed with numbers of any size (the ninth
blind set found a count of red threes beyond the decks that raised in the restatement
check), clause marks and the variants' side counts."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.scoring import all_variants
from bot.talk.round_talk import Seating, read_round
from bot.talk.round_words import known_words

LANGS = ("en", "no", "da", "fi")


@functools.cache
def _words(lang: str) -> tuple[str, ...]:
    return tuple(sorted(known_words(lang).words))


@st.composite
def sentences(draw: st.DrawFn) -> tuple[str, str, str]:
    lang = draw(st.sampled_from(LANGS))
    token = st.one_of(
        st.sampled_from(_words(lang)),
        st.integers(min_value=0, max_value=20000).map(str),
        st.sampled_from([",", ".", ";", "/", "|", "+", "-", "(", ")", ":", "\n", "x2", "r3"]),
    )
    words = draw(st.lists(token, min_size=1, max_size=40))
    variant = draw(st.sampled_from(sorted(all_variants())))
    return lang, " ".join(words), variant


@settings(max_examples=300, deadline=None)
@given(said=sentences())
def test_reading_any_round_text_never_raises(said: tuple[str, str, str]) -> None:
    lang, text, variant_id = said
    variant = all_variants()[variant_id]
    seating = Seating(sides=variant.sides, speaker=0, lang=lang)
    reading = read_round(text, seating, variant)
    assert len(reading.sides) == variant.sides
