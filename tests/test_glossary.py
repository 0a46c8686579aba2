"""One term per game concept on every screen: the interface catalogs and the rules texts use
the glossary's word, never one of the alternates it lists (``bot/i18n/glossary/<lang>.toml``).

Aliases of topics are what players may type, not what screens show, so they are not checked.
"""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, translate
from bot.i18n.catalog import _catalog
from bot.i18n.glossary import glossary
from bot.rules.topics import all_topics
from bot.scoring.variants import rules_data_dir


def screens(lang: str) -> dict[str, str]:
    """Every text a user can see in ``lang``, by where it comes from."""
    texts = {f"catalog {key}": text for key, text in _catalog(lang).items()}
    for topic in all_topics().values():
        text = topic.text[lang]  # type: ignore[index]
        texts[f"topic {topic.id} title"] = text.title
        texts[f"topic {topic.id}"] = text.answer
        for name, other in {**text.by_variant, **text.without}.items():
            texts[f"topic {topic.id} ({name})"] = other.answer
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_screen_uses_another_word_for_a_glossary_concept(lang: str) -> None:
    found = [
        (where, term.concept, word)
        for where, text in screens(lang).items()
        for term in glossary(lang).values()
        for word in term.avoid
        if word.lower() in text.lower()
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_term_is_on_some_screen(lang: str) -> None:
    texts = [text.lower() for text in screens(lang).values()]
    for term in glossary(lang).values():
        placeholder = f"_{term.concept}"
        assert any(
            term.term.lower() in text or term.plural.lower() in text or placeholder in text
            for text in texts
        ), term


def test_the_game_card_and_the_rules_name_the_opening_minimum_alike() -> None:
    raw = (rules_data_dir() / "topics" / "opening_minimum.toml").read_text(encoding="utf-8")
    assert raw.count('title = "{G_opening_minimum} (') == 4  # both screens take the glossary's
    titles = {t.id: t for t in all_topics().values()}["opening_minimum"].text
    for lang in LANGUAGES:
        word = glossary(lang)["opening_minimum"].term
        assert word.lower() in titles[lang].title.lower()  # type: ignore[index]
        assert translate(lang, "ui.start.minimums").lower().startswith(word.lower()[:8])
