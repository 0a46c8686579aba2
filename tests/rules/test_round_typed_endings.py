"""/round say reads an ending typed after a digit with an apostrophe ("røde 3'ere 1",
"rød 3'er") as the glued word it stands for, so the count after it is the red threes'
count, not a number left over. Rounds written for these tests."""

from __future__ import annotations

import pytest

from bot.scoring import load_variant
from tests.rules.said_rounds import WE_WENT_OUT, read_unasked


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "da",
            "os: meldt 420; ren 1; uren 1; røde 3'ere 1; gik ud || dem: meldt 230; uren 1;"
            " røde 3'ere 0; hånd 45",
        ),
        (
            "no",
            "vi: meldt 420; ren 1; uren 1; røde 3'ere 1; ute || dem: meldt 230; uren 1;"
            " røde 3'ere 0; hånd 45",
        ),
    ],
)
def test_an_ending_after_an_apostrophe_is_read_as_typed_glued(lang: str, text: str) -> None:
    assert read_unasked(text, lang, load_variant("classic")) == list(WE_WENT_OUT)
