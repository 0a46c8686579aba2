"""Counted words follow each language's plural rules (Babel's CLDR data): no "canasta(s)"."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, translate
from bot.i18n.catalog import _catalog


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "needs 1 canasta,", "needs 2 canastas,"),
        ("no", "trengs 1 canasta,", "trengs 2 canastaer,"),
        ("da", "kræves 1 canasta,", "kræves 2 canastaer,"),
        ("fi", "tarvitaan 1 kanasta,", "tarvitaan 2 kanastaa,"),
    ],
)
def test_going_out_counts_canastas_in_the_right_form(lang: str, one: str, two: str) -> None:
    def line(needed: int) -> str:
        return translate(lang, "problem.go_out_needs_canastas", side=1, needed=needed, got=0)

    assert one in line(1)
    assert two in line(2)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_hedges_a_plural_with_brackets(lang: str) -> None:
    hedged = re.compile(r"\w\((?:s|e|er|a|ta|t|en|n)\)")
    assert [k for k, text in _catalog(lang).items() if hedged.search(text)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_word_has_its_forms(lang: str) -> None:
    used = {
        spec for text in _catalog("en").values() for spec in re.findall(r"\{\w+:([a-z_]+)\}", text)
    }
    assert used >= {"canasta", "player", "round"}
    for word in used:
        for form in ("one", "other"):
            assert f"plural.{word}.{form}" in _catalog(lang)
    assert translate(lang, "game.round_not_found", number=9, rounds=1) != translate(
        lang, "game.round_not_found", number=9, rounds=3
    ).replace("3", "1")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shipped_plural_rules_match_babels_cldr_data(lang: str) -> None:
    """The rules file is a copy of CLDR's line; a user would see "1 canastaer" if they drifted."""
    from babel import Locale
    from babel.plural import PluralRule

    from bot.i18n.plurals import plural_rule

    cldr = Locale.parse(lang).plural_form
    assert plural_rule(lang).rules == PluralRule(cldr.rules).rules
    for n in [*range(0, 120), 0.5, 1.0, 1.5, 2.25, 1000000]:
        assert plural_rule(lang)(n) == cldr(n), n
