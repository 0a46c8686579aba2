"""/round say end to end in every locale: a game scored only with sentences (the totals match
/game sheet), an unsure sentence (no Confirm, nothing stored), Cancel (nothing stored), the same
permission refusal as /round add, and one round however often Confirm is pressed."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.devtools.fake_discord import FakeChannel, FakeDiscord
from bot.i18n import translate
from bot.scoring import SideRound, load_variant, score_round
from bot.scoring.round import WentOut
from tests.e2e.harness import BotProcess, mention, run, text_of

pytestmark = pytest.mark.asyncio(loop_scope="package")

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
_numbers = itertools.count(1)
OUT, CONCEALED = WentOut.NORMAL, WentOut.CONCEALED


def _side(
    meld: int,
    natural: int = 0,
    mixed: int = 0,
    red: int = 0,
    out: WentOut = WentOut.NO,
    hand: int = 0,
) -> SideRound:
    return SideRound(
        meld_points=meld,
        natural_canastas=natural,
        mixed_canastas=mixed,
        red_threes=red,
        went_out=out,
        hand_points=hand,
    )


# (sentence, what it says for Us, what it says for Them); the speaker (alice) plays for Us
GAMES: dict[str, list[tuple[str, SideRound, SideRound]]] = {
    "en": [
        (
            "we melded 420, one clean and one dirty canasta, two red threes, went out;"
            " they 240, one dirty, 25 left",
            _side(420, 1, 1, 2, OUT),
            _side(240, mixed=1, hand=25),
        ),
        (
            "they melded 500, two clean canastas, went out; we had 150 on the table and 60 left,"
            " no red threes",
            _side(150, hand=60),
            _side(500, 2, out=OUT),
        ),
        (
            "we 300, one dirty, one red three, 30 left; they 350 melded, one clean,"
            " went out concealed",
            _side(300, mixed=1, red=1, hand=30),
            _side(350, 1, out=CONCEALED),
        ),
        (  # hundreds said short, and "us" with no verb after the other side's part
            "they went out with three forty melded, a clean one and a dirty one. us: one ninety"
            " melded, one red three, stuck with fifty",
            _side(190, red=1, hand=50),
            _side(340, 1, 1, out=OUT),
        ),
    ],
    "no": [
        (
            "vi meldte 420, en ren og en uren, to røde treere, gikk ut; de andre 240, en uren,"
            " 25 igjen",
            _side(420, 1, 1, 2, OUT),
            _side(240, mixed=1, hand=25),
        ),
        (
            "de andre meldte 300, en ren canasta, gikk ut; vi 200 på bordet, 45 igjen, ingen røde",
            _side(200, hand=45),
            _side(300, 1, out=OUT),
        ),
        (  # nynorsk
            "dei gjekk ut med 360 meldt og ein rein kanasta; me hadde 140 meldt, ein raud"
            " treare og 30 att på handa",
            _side(140, red=1, hand=30),
            _side(360, 1, out=OUT),
        ),
    ],
    "da": [
        (
            "vi meldte 330, en ren og en blandet canasta, tre røde treere, gik ud; de andre 250"
            " på bordet, 35 tilbage på hånden",
            _side(330, 1, 1, 3, OUT),
            _side(250, hand=35),
        ),
        (
            "de andre meldte 400, to rene canastaer, gik ud; vi havde 180 på bordet og 20 på"
            " hånden, ingen røde",
            _side(180, hand=20),
            _side(400, 2, out=OUT),
        ),
        (  # "da de gik ud" is their clause; "og sad med 75" is ours again
            "vi havde 1 rød treer men havde ikke meldt da de gik ud, og sad med 75. de meldte"
            " 410 med en ren og en blandet",
            _side(0, red=1, hand=75),
            _side(410, 1, 1, out=OUT),
        ),
    ],
    "fi": [
        (
            "me laskettiin 400, yksi puhdas kanasta, kaksi punaista kolmosta, mentiin ulos;"
            " ne 200 pöydässä, kädessä 35",
            _side(400, 1, red=2, out=OUT),
            _side(200, hand=35),
        ),
        (
            "ne laski 350 pöytään, yksi puhdas ja yksi likainen kanasta, meni ulos; meillä 150"
            " pöydässä ja 40 kädessä, ei punasia",
            _side(150, hand=40),
            _side(350, 1, 1, out=OUT),
        ),
        (  # spoken Finnish numerals and case endings
            "ne meni ulos 380:llä ja kahella puhtaalla kanastalla; meillä kakssataaneljäkyt"
            " pöydässä ja kolkytviis kädessä, ei punasia",
            _side(240, hand=35),
            _side(380, 2, out=OUT),
        ),
    ],
}
UNSURE = {
    "en": "we melded 420, two canastas, went out",
    "no": "vi meldte 420, to canastaer, gikk ut",
    "da": "vi meldte 420, to canastaer, gik ud",
    "fi": "me laskettiin 420, kaksi kanastaa, mentiin ulos",
}


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    return fake.guild.add_channel(f"say-{next(_numbers)}")


async def _start(fake: FakeDiscord, channel: FakeChannel, locale: str) -> None:
    sides = {
        "side1": f"Us: {mention(fake, 'alice')} {mention(fake, 'carol')}",
        "side2": f"Them: {mention(fake, 'bob')} {mention(fake, 'dave')}",
    }
    await run(fake, "game start", sides, channel=channel, locale=locale)


async def _round_number(fake: FakeDiscord, channel: FakeChannel) -> int:
    """The number the next round would get: recorded with /round add, then undone."""
    added = await run(fake, "round add", {"side1": "100", "side2": "50"}, channel=channel)
    await run(fake, "round undo", channel=channel)
    title = added.embeds[0]["title"]
    return int(title.split()[-1])


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_game_scored_with_sentences_matches_the_sheet(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    locale = LOCALES[lang]
    variant = load_variant("classic")
    await _start(fake, channel, locale)
    totals = [0, 0]
    for number, (sentence, us, them) in enumerate(GAMES[lang], start=1):
        prompt = await run(fake, "round say", {"text": sentence}, channel=channel, locale=locale)
        assert not prompt.ephemeral, prompt.content
        results = score_round(variant, [us, them], totals)
        for result in results:
            assert f"{translate(lang, 'ui.net')}: {result.net}**" in prompt.content
        assert translate(lang, "ui.say.unsure_head") not in prompt.content
        confirm, _cancel = prompt.custom_ids
        done = await (await fake.click(prompt, confirm, locale=locale)).response()
        shown = text_of(done)
        assert translate(lang, "ui.round.title", number=number) in shown
        assert mention(fake, "alice") in done.content  # who said it
        assert not done.components
        totals = [result.total for result in results]
        for total in totals:
            assert f"**{total}**" in shown
    sheet = text_of(await run(fake, "game sheet", channel=channel, locale=locale))
    last = sheet.splitlines()
    row = next(line for line in last if line.strip().startswith(f"{len(GAMES[lang])} "))
    assert row.split()[2::2] == [str(total) for total in totals]


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_an_unsure_sentence_offers_no_confirm_and_stores_nothing(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    reply = await run(fake, "round say", {"text": UNSURE[lang]}, channel=channel, locale=locale)
    assert reply.ephemeral
    assert not reply.components
    assert translate(lang, "ui.say.unsure_head") in reply.content
    assert translate(lang, "ui.say.unsure.missing", side="Them") in reply.content
    assert "Us:" in reply.content  # the canasta without its kind, on our side
    assert await _round_number(fake, channel) == 1


UNSAID_HAND = {
    "en": "we melded 420, one clean, went out; they had 150 melded and 2 red threes",
    "no": "vi meldte 420, en ren, gikk ut; de hadde 150 meldt og 2 røde treere",
    "da": "vi meldte 420, en ren, gik ud; de havde 150 meldt og 2 røde treere",
    "fi": "me 420 pöydässä, yksi puhdas, mentiin ulos; niillä 150 pöydässä ja 2 punaista kolmosta",
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_side_that_stayed_in_with_no_hand_said_is_asked_about(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    """Only going out empties a hand: the reply asks for the points left, stores nothing."""
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    reply = await run(
        fake, "round say", {"text": UNSAID_HAND[lang]}, channel=channel, locale=locale
    )
    assert reply.ephemeral
    assert not reply.components
    head = translate(lang, "ui.say.unsure.hand", side="Them", words="").split("(")[0]
    assert head in reply.content
    assert await _round_number(fake, channel) == 1


IMPOSSIBLE = {
    "en": "we melded 420, one clean one dirty, 1 red three, went out; they 230 melded, one dirty,"
    " 900 in hand",
    "no": "vi meldte 420, en ren og en uren, 1 rød treer, gikk ut; de 230 meldt, en uren, 900 på"
    " hånda",
    "da": "vi meldte 420, en ren og en uren, 1 rød treer, gik ud; de 230 meldt, en uren, 900 på"
    " hånden",
    "fi": "me 420 pöydässä, yksi puhdas ja yksi likainen, 1 punainen kolmonen, mentiin ulos; ne"
    " 230 pöydässä, yksi likainen, 900 kädessä",
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_reading_the_scorer_would_refuse_is_asked_about(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    """900 in one hand: more card points than the decks hold. The reply says the figures
    make a round that cannot happen, offers no Confirm, and stores nothing."""
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    reply = await run(fake, "round say", {"text": IMPOSSIBLE[lang]}, channel=channel, locale=locale)
    assert reply.ephemeral
    assert not reply.components
    said = translate(lang, "ui.say.unsure.impossible", side="?", words="1550 > 1180")
    assert said in reply.content
    assert await _round_number(fake, channel) == 1


UNKNOWN_WORD = {
    "en": ("we melded 420, one clean, zorbled out; they 150 melded, 30 left", "zorbled"),
    "no": ("vi meldte 420, en ren, gikk ut, to snurrige; de 150 meldt, 30 igjen", "snurrige"),
    "da": ("vi meldte 420, en ren, gik ud, to pjuskede; de 150 meldt, 30 tilbage", "pjuskede"),
    "fi": ("me 420 pöydässä, yksi puhdas, ulos, kaks hölmöä; ne 150 pöydässä, 30 jäi", "holmoa"),
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_word_the_reader_does_not_know_is_named_and_nothing_confirmed(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    """A word read past may have said part of the round: the reply names it, offers no
    Confirm, and stores nothing."""
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    text, word = UNKNOWN_WORD[lang]
    reply = await run(fake, "round say", {"text": text}, channel=channel, locale=locale)
    assert reply.ephemeral
    assert not reply.components
    assert translate(lang, "ui.say.unsure.word", side="Us", words=word) in reply.content
    assert await _round_number(fake, channel) == 1


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_cancel_stores_nothing(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    sentence = GAMES[lang][0][0]
    prompt = await run(fake, "round say", {"text": sentence}, channel=channel, locale=locale)
    _confirm, cancel = prompt.custom_ids
    cancelled = await (await fake.click(prompt, cancel, locale=locale)).response()
    assert cancelled.content == translate(lang, "ui.say.cancelled")
    assert not cancelled.components
    assert await _round_number(fake, channel) == 1


async def test_only_players_may_say_and_only_the_speaker_confirms_once(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    await _start(fake, channel, "da")
    sentence = GAMES["en"][0][0]
    refused = await run(fake, "round say", {"text": sentence}, channel=channel, user="eve")
    assert refused.ephemeral
    assert mention(fake, "bob") in refused.content  # the same refusal as /round add names players
    added = await run(
        fake, "round add", {"side1": "100", "side2": "50"}, channel=channel, user="eve"
    )
    assert added.ephemeral
    assert refused.content == added.content

    prompt = await run(fake, "round say", {"text": sentence}, channel=channel)
    confirm, _cancel = prompt.custom_ids
    other = await (await fake.click(prompt, confirm, user=fake.user("bob"))).response()
    assert other.ephemeral
    assert mention(fake, "alice") in other.content
    # a double press: both clicks leave before the prompt loses its buttons
    handles = await asyncio.gather(fake.click(prompt, confirm), fake.click(prompt, confirm))
    for handle in handles:
        answer = await handle.response()
        assert translate("en", "ui.round.title", number=1) in text_of(answer)
    assert await _round_number(fake, channel) == 2  # one round, not two


UNSAID_THREES = {
    "en": "we melded 420, one clean, went out; they had 150 melded and 30 left",
    "no": "vi meldte 420, en ren, gikk ut; de hadde 150 meldt og 30 igjen",
    "da": "vi meldte 420, en ren, gik ud; de havde 150 meldt og 30 tilbage",
    "fi": "me 420 pöydässä, yksi puhdas, mentiin ulos; niillä 150 pöydässä ja 30 kädessä",
}
SAID_NONE = {
    "en": ", nobody had red threes",
    "no": ", ingen røde",
    "da": ", ingen røde",
    "fi": ", ei punasia kummallakaan",
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_red_threes_no_word_says_are_asked_for_each_side_and_nothing_confirmed(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel, lang: str
) -> None:
    """A round with no red three said for any side: none would be a guess, so the reply
    names each side's red threes, offers no Confirm and stores nothing; said as none, the
    same round is offered."""
    locale = LOCALES[lang]
    await _start(fake, channel, locale)
    reply = await run(
        fake, "round say", {"text": UNSAID_THREES[lang]}, channel=channel, locale=locale
    )
    assert reply.ephemeral
    assert not reply.components
    for side in ("Us", "Them"):
        asked = translate(lang, "ui.say.unsure.red_unsaid", side=side, words="")
        assert asked in reply.content
    assert await _round_number(fake, channel) == 1
    said = UNSAID_THREES[lang] + SAID_NONE[lang]
    prompt = await run(fake, "round say", {"text": said}, channel=channel, locale=locale)
    assert translate(lang, "ui.say.unsure_head") not in prompt.content
    assert len(prompt.custom_ids) == 2  # Confirm and Cancel


async def test_a_prompt_from_before_a_restart_still_confirms(
    fake: FakeDiscord, bot: BotProcess, channel: FakeChannel
) -> None:
    """The reading lives in the buttons' custom ids: a restart between the sentence and the
    press loses nothing. (Last in the module: it restarts the module's bot.)"""
    await run(fake, "game start", {"side1": "Us", "side2": "Them"}, channel=channel)
    sentence = "we melded 400, one clean canasta, went out; they 100, 50 left, no red threes"
    prompt = await run(fake, "round say", {"text": sentence}, channel=channel)
    await bot.stop()
    await bot.start()
    done = await (await fake.click(prompt, prompt.custom_ids[0])).response()
    assert translate("en", "ui.round.title", number=1) in text_of(done)
    assert "**1000**" in text_of(done)  # 400 + 500 + 100
