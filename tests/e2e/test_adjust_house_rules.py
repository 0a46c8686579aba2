"""/round adjust and the house rules other scorers offer, end to end in the four languages,
against the real bot process and the loopback Discord.

Adjustments: a bonus and a penalty shown in the answer, the sheet, the history and the export,
then undone one at a time; refusals (points, permission) are private and store nothing.
House rules: a game started with each one shows it in the start card, a round scores with it,
and a rules question in that channel answers with the table's number and lists the table's
house rules; a game of a fixed number of rounds ends after its last round with the highest
total.
"""

from __future__ import annotations

import itertools
import json

import pytest

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, SentMessage
from bot.discord_app.chart import chart_available
from bot.i18n import translate
from tests.e2e.harness import BotProcess, mention, text_of
from tests.e2e.harness import run as answer

pytestmark = pytest.mark.asyncio(loop_scope="package")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
LANGS = sorted(LOCALES)
_numbers = itertools.count(1)


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"adjust-{next(_numbers)}")


async def run(
    fake: FakeDiscord,
    command: str,
    options: dict | None = None,
    *,
    channel: FakeChannel,
    user: str = "alice",
    lang: str = "en",
) -> SentMessage:
    return await answer(fake, command, options, channel=channel, user=user, locale=LOCALES[lang])


async def start_teams(fake: FakeDiscord, channel: FakeChannel, lang: str, **options) -> str:
    message = await run(
        fake,
        "game start",
        {
            "side1": f"Us: {mention(fake, 'alice')} {mention(fake, 'carol')}",
            "side2": f"Them: {mention(fake, 'bob')} {mention(fake, 'dave')}",
            **options,
        },
        channel=channel,
        lang=lang,
    )
    assert not message.ephemeral, message.content
    return text_of(message)


def net(lang: str, points: int) -> str:
    return f"**{translate(lang, 'ui.net')}: {points}**"


def total(lang: str, points: int) -> str:
    return f"{translate(lang, 'ui.total')}: **{points}**"


# ----- adjustments -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_a_bonus_and_a_penalty_shown_everywhere_then_undone(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    await start_teams(fake, channel, lang)
    await run(
        fake,
        "round add",
        {"side1": "700 2n 1m 2r out", "side2": "300 1r 85h"},  # 2300 / 315
        channel=channel,
        lang=lang,
    )
    bonus = await run(
        fake,
        "round adjust",
        {"side": 2, "points": 100, "reason": "misdeal by Us"},
        channel=channel,
        user="bob",
        lang=lang,
    )
    assert not bonus.ephemeral
    shown = text_of(bonus)
    assert translate(lang, "ui.adjust.title", side="Them", points="+100") in shown
    assert translate(lang, "ui.adjust.reason", reason="misdeal by Us") in shown
    assert total(lang, 415) in shown
    assert total(lang, 2300) in shown

    penalty = await run(
        fake,
        "round adjust",
        {"side": 1, "points": -50, "reason": "wrong meld put back"},
        channel=channel,
        lang=lang,
    )
    shown = text_of(penalty)
    assert translate(lang, "ui.adjust.title", side="Us", points="−50") in shown
    assert total(lang, 2250) in shown
    assert translate(lang, "ui.next_minimum", points=90) in shown  # 2250: still 90

    sheet_message = await run(fake, "game sheet", channel=channel, lang=lang)
    if chart_available():  # the chart draws the adjustments too (a diamond each)
        assert [a["filename"] for a in sheet_message.attachments] == ["sheet.png"]
    sheet = text_of(sheet_message)
    assert "±" in sheet
    assert "+100    415" in sheet  # the ± row: Them's points and total after it
    assert "−50   2250" in sheet
    for side, points, reason, user in (
        ("Them", "+100", "misdeal by Us", "bob"),
        ("Us", "−50", "wrong meld put back", "alice"),
    ):
        line = translate(
            lang,
            "ui.sheet.adjustment",
            round=1,
            side=side,
            points=points,
            reason=reason,
            by=mention(fake, user),
        )
        assert line in sheet
    assert total(lang, 2250) in sheet
    assert total(lang, 415) in sheet

    history = text_of(await run(fake, "game history", channel=channel, lang=lang))
    assert (
        translate(
            lang,
            "ui.history.adjust",
            side="Them",
            points="+100",
            reason="misdeal by Us",
            totals="Us 2300 · Them 415",
        )
        in history
    )

    export = await run(fake, "export", {"format": "format_json"}, channel=channel, lang=lang)
    [attachment] = export.attachments
    data = json.loads(export.attachment_data(attachment["filename"]))
    assert [(a["side"], a["points"], a["reason"], a["total"]) for a in data["adjustments"]] == [
        (1, 100, "misdeal by Us", 415),
        (0, -50, "wrong meld put back", 2250),
    ]
    assert data["totals"] == [2250, 415]

    undone = await run(fake, "round undo", channel=channel, lang=lang)
    shown = text_of(undone)
    assert translate(lang, "ui.undo.adjust_title", side="Us", points="−50") in shown
    assert total(lang, 2300) in shown
    assert total(lang, 415) in shown
    undone = text_of(await run(fake, "round undo", channel=channel, lang=lang))
    assert translate(lang, "ui.undo.adjust_title", side="Them", points="+100") in undone
    assert total(lang, 315) in undone
    history = text_of(await run(fake, "game history", channel=channel, lang=lang))
    assert (
        translate(
            lang,
            "ui.history.undo_adjust",
            side="Us",
            points="−50",
            reason="wrong meld put back",
            totals="Us 2300 · Them 415",
        )
        in history
    )
    round_undone = text_of(await run(fake, "round undo", channel=channel, lang=lang))
    assert translate(lang, "ui.undo.title", number=1) in round_undone


@pytest.mark.parametrize("lang", LANGS)
async def test_refusals_are_private_say_what_is_allowed_and_store_nothing(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    await start_teams(fake, channel, lang)
    cases = [
        ({"side": 1, "points": 52, "reason": "x"}, "problem.adjust_multiple_of_5", {"got": 52}),
        (
            {"side": 1, "points": 20_000, "reason": "x"},
            "problem.adjust_points_range",
            {"got": 20_000, "limit": 10_000},
        ),
        ({"side": 1, "points": 50, "reason": "   "}, "problem.adjust_reason_missing", {}),
        (
            {"side": 3, "points": 50, "reason": "x"},
            "problem.adjust_bad_side",
            {"side": 3, "sides": 2},
        ),
    ]
    for options, key, params in cases:
        refused = await run(fake, "round adjust", options, channel=channel, lang=lang)
        assert refused.ephemeral
        assert translate(lang, key, **params) in refused.content, (options, refused.content)
    intruder = await run(
        fake,
        "round adjust",
        {"side": 1, "points": 50, "reason": "I just watch"},
        channel=channel,
        user="eve",
        lang=lang,
    )
    assert intruder.ephemeral
    assert mention(fake, "alice") in intruder.content
    assert translate(lang, "action.adjust") in intruder.content
    sheet = text_of(await run(fake, "game sheet", channel=channel, lang=lang))
    assert translate(lang, "ui.sheet.adjustments_title") not in sheet
    assert total(lang, 0) in sheet


async def test_an_adjustment_that_reaches_the_target_ends_the_game(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await start_teams(fake, channel, "no", target=3000)
    await run(fake, "round add", {"side1": "700 2n 1m 2r out", "side2": "-"}, channel=channel)
    ended = await run(
        fake,
        "round adjust",
        {"side": 1, "points": 700, "reason": "agreed: last round miscounted"},
        channel=channel,
        lang="no",
    )
    winner = translate(
        "no",
        "ui.winner",
        side=f"**Us** {mention(fake, 'alice')} {mention(fake, 'carol')}",
        points=3000,
    )
    assert winner in text_of(ended)
    after = await run(fake, "round add", {"side1": "100", "side2": "50"}, channel=channel)
    assert after.ephemeral  # no running game any more


# ----- house rules -------------------------------------------------------------------------------

CANASTA_QUESTION = {
    "en": "how much is a natural canasta worth?",
    "no": "hvor mye er en ren canasta verdt?",
    "da": "hvor meget er en ren canasta værd?",
    "fi": "paljonko puhdas kanasta on arvoinen?",
}
GOING_OUT_QUESTION = {
    "en": "what is the bonus for going out?",
    "no": "hvor mye får man for å gå ut?",
    "da": "hvor meget får man for at gå ud?",
    "fi": "paljonko ulosmenosta saa?",
}
RED_THREE_QUESTION = {
    "en": "how much is a red three worth?",
    "no": "hvor mye er en rød treer verdt?",
    "da": "hvor meget er en rød treer værd?",
    "fi": "punaisten kolmosten pisteet",
}
OPENING_QUESTION = {
    "en": "we have 1600, what do we need?",
    "no": "vi har 1600, hva trenger vi?",
    "da": "vi har 1600, hvad skal vi bruge?",
    "fi": "meillä on 1600, paljonko tarvitsemme?",
}
BONUS_FOR_OPENING = {
    "en": "do bonuses count for the opening?",
    "no": "teller bonuser for åpningen?",
    "da": "tæller bonusser ved åbning?",
    "fi": "lasketaanko bonukset avaukseen?",
}
SEED_LINE = {"side1": "420 1n 1m 2r out 70h", "side2": "-"}
"""Classic with no house rule: 420 + 500 + 300 + 200 + 100 - 70 = 1450."""

HOUSE_RULES = [
    # (rules, key, value, round, Us's net, question, the table's number in the answer)
    ("natural_bonus=600", "natural_bonus", "600", SEED_LINE, 1550, CANASTA_QUESTION, "**+600**"),
    ("mixed_bonus=250", "mixed_bonus", "250", SEED_LINE, 1400, CANASTA_QUESTION, "**+250**"),
    (
        "going_out_bonus=200",
        "going_out_bonus",
        "200",
        SEED_LINE,
        1550,
        GOING_OUT_QUESTION,
        "**+200**",
    ),
    ("red_three=150", "red_three", "150", SEED_LINE, 1550, RED_THREE_QUESTION, "1 → 150"),
    (
        "opening=15,0:50,1000:75,2500:100",
        "opening",
        "15,0:50,1000:75,2500:100",
        SEED_LINE,
        1450,
        OPENING_QUESTION,
        "**75**",
    ),
    (
        "red_three_penalty_cap=400",
        "red_three_penalty_cap",
        "400",
        {"side1": "4r 30h", "side2": "420 1n 1m out"},
        -430,  # 800 for four red threes without a meld, capped at 400
        RED_THREE_QUESTION,
        None,  # no topic text names the cap: the answer's "at this table" list does
    ),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("rules", "key", "value", "line", "expected", "question", "number"), HOUSE_RULES
)
async def test_a_game_with_a_house_rule(
    fake: FakeDiscord,
    bot: BotProcess,
    channel: FakeChannel,
    lang: str,
    rules: str,
    key: str,
    value: str,
    line: dict,
    expected: int,
    question: dict,
    number: str | None,
) -> None:
    started = await start_teams(fake, channel, lang, rules=rules)
    assert f"{translate(lang, f'ui.house_rule.{key}', value=value)} (`{key}={value}`)" in started
    scored = text_of(await run(fake, "round add", line, channel=channel, lang=lang))
    assert net(lang, expected) in scored
    if key == "opening":
        assert translate(lang, "ui.next_minimum", points=75) in scored  # 1450 at this table
        assert "1000–2495 → 75" in started
    answer = text_of(
        await run(fake, "rules", {"question": question[lang]}, channel=channel, lang=lang)
    )
    if number is not None:
        assert number in answer, answer
    assert translate(lang, "ui.rules.at_this_table") in answer
    assert translate(lang, f"ui.house_rule.{key}", value=value) in answer


@pytest.mark.parametrize("lang", LANGS)
async def test_a_game_of_a_fixed_number_of_rounds_ends_after_the_last(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    started = await start_teams(fake, channel, lang, rules="rounds=2")
    assert translate(lang, "ui.house_rule.rounds", value="2") in started
    answer = await run(
        fake, "rules", {"question": OPENING_QUESTION[lang]}, channel=channel, lang=lang
    )
    assert translate(lang, "ui.house_rule.rounds", value="2") in text_of(answer)
    first = text_of(
        await run(fake, "round add", {"side1": "300", "side2": "400"}, channel=channel, lang=lang)
    )
    assert "🏆" not in first
    last = text_of(
        await run(fake, "round add", {"side1": "500", "side2": "200"}, channel=channel, lang=lang)
    )
    winner = translate(
        lang,
        "ui.winner",
        side=f"**Us** {mention(fake, 'alice')} {mention(fake, 'carol')}",
        points=800,
    )
    assert winner in last  # 800 against 600, far below the target of 5000
    more = await run(fake, "round add", {"side1": "50", "side2": "50"}, channel=channel, lang=lang)
    assert more.ephemeral


async def test_a_bad_opening_table_is_refused_saying_what_is_allowed(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    refused = await run(
        fake, "game start", {"rules": "opening=0:90,1500:50"}, channel=channel, lang="da"
    )
    assert refused.ephemeral
    assert "opening" in refused.content
    assert "15,0:50,1500:90,3000:120" in refused.content  # the example of what is allowed
    started = await run(fake, "game start", {"rules": "opening=0:50, 1500:90"}, channel=channel)
    assert not started.ephemeral


@pytest.mark.parametrize("lang", LANGS)
async def test_more_on_a_rules_answer_shows_the_tables_numbers(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    """The whole topic behind "More" is drawn with the channel game's house rules, worked
    example included, and names them, as the direct answer does."""
    await start_teams(fake, channel, lang, rules="opening=15,0:50,1000:75,2500:100")
    answer = await run(
        fake, "rules", {"question": BONUS_FOR_OPENING[lang]}, channel=channel, lang=lang
    )
    buttons = [c for row in answer.components for c in row["components"]]
    assert [b["label"] for b in buttons] == [translate(lang, "rules.more")]
    whole = await (
        await fake.click(answer, buttons[0]["custom_id"], locale=LOCALES[lang])
    ).response()
    shown = text_of(whole)
    assert "1000–2495 → 75" in shown
    assert "1500–2995 → 90" not in shown  # the shipped table
    assert "1100" in shown  # the worked example's score, in the table's band
    assert "1600" not in shown
    assert translate(lang, "ui.rules.at_this_table") in shown


REFUSED_NUMBER = {
    "en": "use a whole number from 0 to 100000 that is a multiple of 5",
    "no": "bruk et heltall fra 0 til 100000 som går opp i 5",
    "da": "brug et helt tal fra 0 til 100000, som går op i 5",
    "fi": "anna kokonaisluku väliltä 0–100000, joka on jaollinen luvulla 5",
}


@pytest.mark.parametrize("lang", LANGS)
async def test_a_house_rule_number_out_of_range_is_refused_in_the_players_language(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    refused = await run(
        fake, "game start", {"rules": "natural_bonus=502"}, channel=channel, lang=lang
    )
    assert refused.ephemeral
    assert REFUSED_NUMBER[lang] in refused.content, refused.content
    if lang != "en":
        assert "whole number" not in refused.content
