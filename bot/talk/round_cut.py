"""A sentence about a whole round cut into its sides' parts, with the structures that span
parts resolved: a section heading's role given to each side's value after it
(``round_sections``) and an elliptic going out said in full (``round_ellipsis``).

Why one function: the reader, the labels the tagger learns from and the made-up rounds must
cut a sentence the same way, or the tagger learns words it never sees when reading.
"""

from __future__ import annotations

from bot.talk.round_ellipsis import elliptic
from bot.talk.round_sections import sectioned
from bot.talk.round_sides import Seating, Segment, segments


def cut(words: list[str], seating: Seating) -> list[Segment]:
    """``words`` (folded, corrections applied) cut into each side's parts."""
    return elliptic(sectioned(segments(words, seating), seating), seating.lang)
