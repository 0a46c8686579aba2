"""/round say: a round said in one sentence, read back per side with each net, then Confirm.

Why the reading travels in the button's custom id (each side as its compact ``/round add`` line,
the game, the round it was read for, the speaker and a deadline) instead of in memory: the
buttons keep working after a restart, two prompts never mix, and Confirm records exactly what
the prompt showed. Confirm goes through ``record_round`` like ``/round add``: the same
permission check, the audit row naming who pressed it (only the speaker may), and replay
protection keyed by the prompt message, so a double press records one round. The round is
recorded only if the game is still at the round the sentence was read for.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.errors import mention
from bot.discord_app.game_embeds import command_hint, round_embed
from bot.discord_app.language import t
from bot.discord_app.replies import send, send_error, update_message
from bot.discord_app.scoreboard import board_changed
from bot.discord_app.views.common import REFUSALS, Actor, actor_for, parse_lines, refuse
from bot.discord_app.views.guarded import GuardedItem
from bot.games import active_game, record_round
from bot.games.access import game_variant
from bot.games.errors import NotAllowed
from bot.games.results import GameInfo
from bot.games.round_text import format_round_text
from bot.games.scoreboard import board_after_round
from bot.scoring import ScoringError, Variant, score_round
from bot.scoring.round import breakdown

if TYPE_CHECKING:
    from bot.talk.round_talk import RoundReading, Seating, Unsure

SAY_SECONDS = 5 * 60
CUSTOM_ID_MAX = 100
SAY_ID = (
    r"rsay:(?P<choice>yes|no):(?P<game>[0-9a-z]+):(?P<round>[0-9a-z]+):(?P<user>[0-9a-z]+)"
    r":(?P<until>[0-9a-z]+):(?P<lines>[^:]*)"
)
LINE_SEPARATOR = ";"
TEXT_MAX = 500
WORDS_SHOWN = 80
"""The words an unsure part refers to are quoted up to this length."""


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def seating_for(game: GameInfo, user_id: int, lang: str) -> Seating:
    """The game's sides as a sentence may call them: side names and player names; the speaker
    is the side the user plays on (None for a manager who plays on no side)."""
    # bot.talk (the sentence reader, its lexicon and stemmer, ~0.9 MiB) is imported on the
    # first /round say, not when the cogs load: keeping score by compact lines never needs it
    from bot.talk.round_talk import Seating

    speaker = next((s.side for s in game.sides for p in s.players if p.user_id == user_id), None)
    if speaker is None and not game.player_ids:
        speaker = 0  # a quick game without players: "we" is side 1, who started it
    names = tuple((s.name, *(p.display_name for p in s.players)) for s in game.sides)
    return Seating(sides=len(game.sides), speaker=speaker, names=names, lang=lang)


def _unsure_line(lang: str, game: GameInfo, unsure: Unsure) -> str:
    side = game.sides[unsure.side].name if unsure.side is not None else "?"
    words = unsure.words if len(unsure.words) <= WORDS_SHOWN else unsure.words[:WORDS_SHOWN] + "…"
    return t(lang, f"ui.say.unsure.{unsure.what}", side=side, words=words)


def _side_line(lang: str, game: GameInfo, variant: Variant, reading: RoundReading, i: int) -> str:
    read = reading.sides[i]
    if not read.said:
        return f"**{game.sides[i].name}**: –"
    parts = breakdown(variant, read.round)
    shown = ", ".join(
        f"{t(lang, f'ui.part.{key}')} {value}" for key, value in parts.items() if value
    )
    line = format_round_text(read.round.model_dump())
    net = sum(parts.values())
    return f"**{game.sides[i].name}**: `{line}` ({shown or '0'}) → **{t(lang, 'ui.net')}: {net}**"


def say_prompt(
    lang: str, game: GameInfo, variant: Variant, reading: RoundReading, text: str
) -> str:
    """What was read per side with each net, then what is unsure (and what to do about it)."""
    lines = [t(lang, "ui.say.title", number=game.round_count + 1), f"> {text[:TEXT_MAX]}"]
    lines += [_side_line(lang, game, variant, reading, i) for i in range(len(game.sides))]
    if reading.unsure:
        lines.append(t(lang, "ui.say.unsure_head"))
        lines += [f"- {_unsure_line(lang, game, u)}" for u in reading.unsure]
        lines.append(t(lang, "ui.say.unsure_tail", command=command_hint(lang, "round", "add")))
    else:
        lines.append(t(lang, "ui.say.confirm_hint"))
    return "\n".join(lines)[:2000]


class SayButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=SAY_ID):
    """Confirm or Cancel under a sentence read back by /round say."""

    what = "round say button"
    writes = True

    def __init__(self, match: dict[str, str], label: str = "?") -> None:
        custom_id = "rsay:{choice}:{game}:{round}:{user}:{until}:{lines}".format(**match)
        yes = match["choice"] == "yes"
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=custom_id,
            )
        )
        self.fields = match

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SayButton:
        return cls(match.groupdict())

    def _number(self, name: str) -> int:
        return int(self.fields[name], 36)

    async def press(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        lang = actor.lang
        if interaction.user.id != self._number("user"):
            who = mention(self._number("user"))
            await send_error(interaction, [t(lang, "ui.confirm.not_yours", user=who)])
            return
        if self.fields["choice"] == "no":
            await update_message(
                interaction, content=t(lang, "ui.say.cancelled"), embed=None, view=None
            )
            return
        if time.time() > self._number("until"):
            hint = command_hint(lang, "round", "say")
            await send_error(interaction, [t(lang, "ui.confirm.expired", command=hint)])
            return
        await self._record(interaction, actor)

    async def _record(self, interaction: discord.Interaction, actor: Actor) -> None:
        lang = actor.lang
        texts = self.fields["lines"].split(LINE_SEPARATOR)
        game_id, number = self._number("game"), self._number("round")

        def sides(game: GameInfo, variant: Variant) -> list[Any]:
            if game.id != game_id or game.round_count + 1 != number:
                raise _MovedOn(game.round_count + 1)
            parsed, problems = parse_lines(lang, variant, dict(enumerate(texts)))
            if problems or len(parsed) != len(game.sides):
                raise _MovedOn(game.round_count + 1)
            return [parsed[i] for i in range(len(game.sides))]

        message_id = interaction.message.id if interaction.message is not None else 0
        ids = {**actor.ids(), "interaction_id": f"say:{message_id}"}
        try:
            outcome = await record_round(actor.db, sides=sides, **ids)
        except _MovedOn as moved:
            await send_error(
                interaction, [t(lang, "ui.say.moved_on", number=number, current=moved.current)]
            )
            return
        except REFUSALS as error:
            await refuse(interaction, lang, error)
            return
        assert outcome.game is not None
        board_changed(interaction, outcome.game_id, lang=lang, state=board_after_round(outcome))
        variant = game_variant(outcome.game.variant_id, outcome.game.house_rules)
        said = t(lang, "ui.say.recorded", user=mention(actor.user_id))
        await update_message(
            interaction,
            content=said,
            embed=round_embed(lang, outcome, outcome.game, variant),
            view=None,
        )


class _MovedOn(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(current)
        self.current = current


def _buttons(lang: str, game: GameInfo, user_id: int, lines: list[str]) -> discord.ui.View | None:
    """Confirm and Cancel for this reading; None when the reading does not fit a custom id."""
    fields = {
        "game": _b36(game.id),
        "round": _b36(game.round_count + 1),
        "user": _b36(user_id),
        "until": _b36(int(time.time()) + SAY_SECONDS),
        "lines": LINE_SEPARATOR.join(lines),
    }
    view = discord.ui.View(timeout=None)
    for choice, key in (("yes", "ui.say.confirm"), ("no", "ui.confirm.no")):
        button = SayButton({**fields, "choice": choice}, t(lang, key))
        if len(button.item.custom_id or "") > CUSTOM_ID_MAX or ":" in fields["lines"]:
            return None
        view.add_item(button)
    return view


def _check_may_record(actor: Actor, game: GameInfo) -> None:
    """Refused at once, as /round add would refuse it on recording: only the game's players
    (or a manager) record its rounds."""
    if actor.is_manager or not game.player_ids or actor.user_id in game.player_ids:
        return
    seated = sorted((p for s in game.sides for p in s.players), key=lambda p: p.seat)
    raise NotAllowed(
        action="record", who="players_or_managers", players=[p.user_id for p in seated]
    )


async def say_round(interaction: discord.Interaction, text: str) -> None:
    """Read ``text`` for the channel's game and show it with Confirm / Cancel (no Confirm when
    anything is unsure). Nothing is stored here."""
    actor = await actor_for(interaction)
    lang = actor.lang
    try:
        game = await active_game(actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id)
        _check_may_record(actor, game)
    except REFUSALS as error:
        await refuse(interaction, lang, error)
        return
    variant = game_variant(game.variant_id, game.house_rules)
    from bot.talk.round_talk import read_round

    reading = read_round(text[:TEXT_MAX], seating_for(game, actor.user_id, lang), variant)
    view = None
    if reading.sure:
        rounds = [s.round for s in reading.sides]
        try:
            score_round(variant, rounds, game.totals)
        except ScoringError as error:  # read, but not a round the rules allow: say why
            await refuse(interaction, lang, error)
            return
        view = _buttons(
            lang, game, actor.user_id, [format_round_text(r.model_dump()) for r in rounds]
        )
    content = say_prompt(lang, game, variant, reading, text)
    if view is None:
        if reading.sure:
            content += "\n" + t(
                lang, "ui.say.unsure_tail", command=command_hint(lang, "round", "add")
            )
        await send(interaction, content=content, ephemeral=True)
        return
    await send(interaction, content=content, view=view)
