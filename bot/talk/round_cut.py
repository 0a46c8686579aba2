"""A sentence about a whole round cut into its sides' parts, with the structures that span
parts resolved: a section heading's role given to each side's value after it
(``round_sections``) and an elliptic going out said in full (``round_ellipsis``).

Why one module: the reader, the labels the tagger learns from and the made-up rounds must
cut a sentence the same way, or the tagger learns words it never sees when reading
(``said_words`` then ``read_parts`` is the whole way from the text, for the reader and the
labels alike).
"""

from __future__ import annotations

from bot.talk.round_asides import without_asides, without_table_talk
from bot.talk.round_corrections import answered_question, corrected
from bot.talk.round_ellipsis import elliptic
from bot.talk.round_grid import ungridded
from bot.talk.round_restated import results_marked
from bot.talk.round_sections import sectioned
from bot.talk.round_sides import Seating, Segment, named_words, segments
from bot.talk.round_sums import summed, without_kinds_heading
from bot.talk.word_forms import typed_words


def cut(words: list[str], seating: Seating) -> list[Segment]:
    """``words`` (folded, corrections applied) cut into each side's parts."""
    return elliptic(sectioned(segments(words, seating), seating), seating.lang)


def said_words(text: str, seating: Seating) -> list[str]:
    """A sentence said aloud as the reader reads its words: each typed word as the lexicon
    writes it (``word_forms.typed_words``: glued counts, words cut short, typos, dialect
    spellings, clipped endings restored; players' names as typed) and without the asides
    that are no side's round (the round's number, player counts, variant names, the stock
    running out); the speaker's corrections are still in (an answer to their own question
    said as one, ``round_corrections.answered_question``). A score sheet pasted as a grid
    is read first, while its lines and columns still exist (``round_grid``); figures added up
    in a clause of the hand are their total, and a canasta word heading the kinds counted
    after it is dropped (``round_sums``)."""
    names = [name for side in seating.names for name in side]
    text = answered_question(
        without_table_talk(ungridded(text, seating), seating.lang), seating.lang
    )
    text = results_marked(text, seating.lang)
    words = typed_words(text, seating.lang, names)
    words = without_asides(words, seating.lang, named_words(words, seating))
    return without_kinds_heading(summed(words, seating), seating.lang)


def read_parts(words: list[str], seating: Seating) -> list[Segment]:
    """``said_words`` with the speaker's corrections applied, cut into each side's parts."""
    return cut(corrected(words, seating.lang, seating), seating)
