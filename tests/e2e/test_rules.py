"""/rules end to end: computed numbers, the asker's language, near-ties as buttons,
autocomplete and off-topic questions, through the real bot process."""

from __future__ import annotations

import pytest

from bot.devtools.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="package")

OPENING = {
    "en-US": ("we have 1600 points, how much do we need to open?", "**90**"),
    "no": ("vi har 1600 poeng, hvor mye må vi melde for å åpne?", "**90**"),
    "da": ("vi har 1600 point, hvor meget skal vi melde ud med?", "**90**"),
    "fi": ("meillä on 1600 pistettä, paljonko avaukseen tarvitaan?", "**90**"),
}


@pytest.mark.parametrize("locale", sorted(OPENING))
async def test_opening_minimum_is_computed_in_the_askers_language(
    fake: FakeDiscord, bot: BotProcess, locale: str
) -> None:
    question, figure = OPENING[locale]
    message = await (await fake.slash("rules", {"question": question}, locale=locale)).response()
    assert not message.ephemeral
    embed = message.embeds[0]
    assert figure in embed["description"].splitlines()[0]
    assert "1600" in embed["description"].splitlines()[0]


async def test_a_question_naming_cuban_gets_cubans_numbers_and_says_so(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    handle = await fake.slash("rules", {"question": "in cuban, we have 5000, how much to open?"})
    embed = (await handle.response()).embeds[0]
    first, *rest = embed["description"].splitlines()
    assert "**150**" in first  # classic would say 120
    assert any("Cuban canasta" in line and "This table plays" in line for line in rest)


async def test_explicit_language_wins_over_the_client_locale(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    handle = await fake.slash(
        "rules", {"question": "how much is joker A A K", "language": "fi"}, locale="en-US"
    )
    embed = (await handle.response()).embeds[0]
    assert "**100**" in embed["description"]
    assert "pistettä" in embed["description"]


async def test_off_topic_is_declined_privately_with_the_topic_list(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    handle = await fake.slash("rules", {"question": "who won the football yesterday"})
    message = await handle.response()
    assert message.ephemeral
    assert "Frozen discard pile" in message.content


async def test_autocomplete_offers_topic_titles_in_the_users_language(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    handle = await fake.autocomplete("rules", {"question": "fros"}, "question", locale="da")
    choices = await handle.choices()
    assert choices
    assert len(choices) <= 25
    picked = choices[0]
    answer = await (
        await fake.slash("rules", {"question": picked["value"]}, locale="da")
    ).response()
    assert answer.embeds[0]["title"] == picked["name"]


async def test_near_tie_offers_buttons_and_a_press_shows_that_topic(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    # "what do the threes count" may be either kind of three; the model holds it near a tie
    # (0.44 black, 0.38 red since the T18 data; how it leans on each wording of a colourless
    # "threes" moves with the labelled data, so the phrase may need choosing again: "what are
    # the threes for" leaned 0.50 / 0.29 to red after it)
    message = await (
        await fake.slash("rules", {"question": "what do the threes count"}, locale="no")
    ).response()
    buttons = [c for row in message.components for c in row["components"]]
    assert len(buttons) == 2
    assert {b["custom_id"].split(":")[1] for b in buttons} == {"red_threes", "black_threes"}
    red = next(b for b in buttons if ":red_threes:" in b["custom_id"])
    shown = await (await fake.click(message, red["custom_id"])).response()
    assert shown.embeds[0]["title"] == red["label"]
    assert "800" in shown.embeds[0]["description"]  # all four red threes, from the variant file


async def test_a_topic_button_for_a_named_variant_shows_that_variants_rule_when_pressed(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    # the button under an answer for a variant the question names (at a classic table)
    # carries that variant: pressing it shows the whole topic with the variant's own rule
    question = "in cuban, can I discard a joker?"
    message = await (await fake.slash("rules", {"question": question})).response()
    buttons = [c for row in message.components for c in row["components"]]
    more = next(b for b in buttons if ":frozen_pile:" in b["custom_id"])
    assert more["custom_id"].endswith(":cuban")
    shown = await (await fake.click(message, more["custom_id"])).response()
    # Cuban's pile (always frozen), not the classic table's rule
    assert "always frozen" in shown.embeds[0]["description"]


async def test_the_direct_answer_leads_and_more_shows_the_whole_topic(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    message = await (
        await fake.slash("rules", {"question": "can I discard a joker?"}, locale="en-US")
    ).response()
    embed = message.embeds[0]
    assert embed["title"] == "Frozen discard pile"
    assert "wild card" in embed["description"].splitlines()[0]
    assert embed["description"].rstrip().endswith("…")  # the rest, shortened
    buttons = [c for row in message.components for c in row["components"]]
    assert [b["custom_id"] for b in buttons] == ["rules:frozen_pile:en:classic"]
    whole = await (await fake.click(message, buttons[0]["custom_id"])).response()
    assert "black three" in whole.embeds[0]["description"]  # the topic's last line


SPOKEN = {
    "no": ("to damer og ein joker, kor mykje blir det", "**70**"),
    "da": ("vi har et tusind otte hundrede og halvtreds, hvad er kravet", "**90**"),
    "en-US": ("a pair of kings, no jokers and a 2, how much", "**40**"),
}


@pytest.mark.parametrize("locale", sorted(SPOKEN))
async def test_cards_and_scores_said_as_players_say_them_are_worked_out(
    fake: FakeDiscord, bot: BotProcess, locale: str
) -> None:
    """Dialect asks, a score said in words, a pair and "no jokers" reach the figure."""
    question, figure = SPOKEN[locale]
    message = await (await fake.slash("rules", {"question": question}, locale=locale)).response()
    assert figure in message.embeds[0]["description"].splitlines()[0]
