"""The direct answer first: the fact that answers the question leads, the rest follows; in
Discord the rest is shortened behind a "more" button that survives a restart."""

from __future__ import annotations

import re

import pytest

from bot.rules import RulesIndex, format_plain
from bot.rules.topics import split_facts
from bot.scoring import load_variant

CLASSIC = load_variant("classic")
INDEX = RulesIndex.load()


def test_facts_are_the_answer_lines_with_their_headings() -> None:
    facts = split_facts("**Head:**\n- one\n- two\nA line.\n\nLast line.", "t.default")
    assert [f.id for f in facts] == ["t.default.1", "t.default.2", "t.default.3", "t.default.5"]
    assert facts[0].lead == "**Head:** one"
    assert facts[2].heading is None


@pytest.mark.parametrize(
    ("question", "lang", "topic", "words"),
    [
        ("can I discard a joker?", "en", "frozen_pile", "wild card"),
        ("kan jeg kaste en joker?", "no", "frozen_pile", "jokerkort"),
        ("saako jokerin poistaa?", "fi", "frozen_pile", "villi kortti"),  # joker is a wild card
        (
            "kan jeg ta bunken med en dame og en toer når vi har åpnet",
            "no",
            "taking_pile",
            "ett naturlig kort av valøren og ett jokerkort",
        ),
        (
            "is it compulsory to take the discards when the deck is empty",
            "en",
            "stock_exhausted",
            "compulsory",
        ),
    ],
)
def test_the_fact_that_answers_leads(question: str, lang: str, topic: str, words: str) -> None:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.topic_ids == (topic,)
    assert answer.lead
    title, first = format_plain(answer).split("\n")[:2]
    assert title == f"**{answer.topics[0].title}**"
    assert words in first
    # the lead is not repeated in the rest of the topic
    assert format_plain(answer).count(answer.lead[0].text.removeprefix("- ")[1:]) == 1


def test_a_computed_figure_is_the_answer_and_gets_no_lead() -> None:
    answer = INDEX.ask("three aces and a joker", lang="en", variant=CLASSIC)
    assert answer.computed
    assert not answer.lead


def test_discord_shows_the_lead_and_puts_the_rest_behind_a_button() -> None:
    from bot.discord_app.cogs.rules import TOPIC_BUTTON_ID, TopicButton, direct_answer

    answer = INDEX.ask("can I discard a joker?", lang="en", variant=CLASSIC)
    body, cut = direct_answer(answer)
    assert body is not None
    assert "wild card" in body[0]
    assert cut
    assert body[-1].endswith("…")
    button = TopicButton(answer.topics[0].id, "en", "classic", "More")
    match = re.fullmatch(TOPIC_BUTTON_ID, button.item.custom_id or "")
    assert match is not None
    assert (match["topic"], match["lang"], match["variant"]) == ("frozen_pile", "en", "classic")
