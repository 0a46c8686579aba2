"""/round: add (one compact line per side), side (one side at a time, typed options), form
(a modal), adjust (a bonus or penalty with its reason), undo and edit.

Thin: the compact syntax is parsed by ``bot.games.round_text``, numbers are validated and scored
by the game service; this module only collects options, picks the side and renders the reply.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.game_embeds import adjust_embed, round_embed, sheet_embed, signed
from bot.discord_app.language import t
from bot.discord_app.parts_text import waiting_text
from bot.discord_app.replies import ANSWERS_ITSELF, send, send_error
from bot.discord_app.scoreboard import board_changed
from bot.discord_app.views.common import (
    REFUSALS,
    Actor,
    actor_for,
    parse_lines,
    refuse,
    render_text_error,
)
from bot.discord_app.views.round_form import RoundForm
from bot.discord_app.views.round_say import SayButton, say_round
from bot.games import (
    active_game,
    adjust_score,
    edit_round,
    enter_hand,
    enter_side,
    record_round,
    score_sheet,
    undo_round,
)
from bot.games.access import game_variant
from bot.games.player_parts import HandOutcome
from bot.games.results import GameInfo
from bot.games.round_text import RoundTextError, format_round_text, parse_round_text
from bot.games.scoreboard import board_after_round
from bot.scoring import ScoringError, SideRound, Variant, count_cards
from bot.scoring.round import breakdown

WENT_OUT_CHOICES = [
    app_commands.Choice(name="no", value="stayed"),
    app_commands.Choice(name="went out", value="out"),
    app_commands.Choice(name="went out concealed", value="concealed"),
]
WENT_OUT = {"stayed": "no", "out": "normal", "concealed": "concealed"}
LINE_HELP = "e.g. 420 1n 1m 2r out 70h (meld, natural, mixed, red threes, out, hand)"


async def _active_game(actor: Actor) -> tuple[GameInfo, Variant]:
    """The channel's running game (no rounds loaded) and its variant; ``NoActiveGame`` if none."""
    game = await active_game(actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id)
    return game, game_variant(game.variant_id, game.house_rules)


class _LinesRefused(Exception):
    """Compact lines that do not fit the game: localised problems, raised before any write."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems)
        self.problems = problems


def _read_lines(lang: str, lines: dict[int, str], game: GameInfo, variant: Variant) -> list[Any]:
    """Every side's compact line read with the game's variant, or ``_LinesRefused``."""
    problems = [
        t(lang, "ui.err.no_such_side", side=i + 1, sides=len(game.sides))
        for i in lines
        if i >= len(game.sides)
    ]
    problems += [
        t(lang, "ui.err.missing_side", side=i + 1, name=s.name)
        for i, s in enumerate(game.sides)
        if i not in lines
    ]
    if problems:
        raise _LinesRefused(problems)
    parsed, problems = parse_lines(lang, variant, lines)
    if problems:
        raise _LinesRefused(problems)
    return [parsed[i] for i in range(len(game.sides))]


async def record_lines(interaction: discord.Interaction, lines: dict[int, str]) -> None:
    """Shared by /round add and the round form: every side's line at once -> one round.

    The lines are read inside the recording transaction, once the game is known, so a round
    costs one short transaction whatever the length of the game.
    """
    actor = await actor_for(interaction)
    lang = actor.lang
    try:
        outcome = await record_round(
            actor.db,
            sides=lambda game, variant: _read_lines(lang, lines, game, variant),
            **actor.ids(),
        )
    except _LinesRefused as refused:
        await send_error(interaction, refused.problems)
        return
    except REFUSALS as error:
        await refuse(interaction, lang, error)
        return
    assert outcome.game is not None
    board_changed(interaction, outcome.game_id, lang=lang, state=board_after_round(outcome))
    game = outcome.game
    variant = game_variant(game.variant_id, game.house_rules)
    await send(interaction, embed=round_embed(lang, outcome, game, variant))


def _own_side(game: GameInfo, user_id: int) -> int | None:
    return next((p.side for s in game.sides for p in s.players if p.user_id == user_id), None)


def _pick_side(actor: Actor, game: GameInfo, side: int | None) -> int:
    """0-based side: the one asked for, else the user's own; refused if neither is known."""
    if side is not None:
        return side - 1
    own = _own_side(game, actor.user_id)
    if own is None:
        raise _UiError("ui.err.side_required")
    return own


class _UiError(ValueError):
    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def _components(
    variant: Variant,
    base: dict[str, Any],
    *,
    line: str | None,
    typed: dict[str, int | None],
    went_out: app_commands.Choice[str] | None,
    meld_cards: str | None,
    hand_cards: str | None,
) -> dict[str, Any]:
    """A side's fields: the compact ``line`` (or ``base``), then typed options on top, plus
    counted cards (added to the meld and hand points). Raises RoundTextError/ScoringError."""
    out = parse_round_text(line, variant) if line is not None else dict(base)
    wild = dict(out.get("wild_canastas") or {})
    for name, value in typed.items():
        if value is None:
            continue
        if name.startswith("wild_canastas."):
            wild[name.split(".", 1)[1]] = value
        else:
            out[name] = value
    if wild:
        out["wild_canastas"] = {k: v for k, v in wild.items() if v}
    if went_out is not None:
        out["went_out"] = WENT_OUT[went_out.value]
    if meld_cards:
        out["meld_points"] = out.get("meld_points", 0) + count_cards(variant, meld_cards).points
    if hand_cards:
        out["hand_points"] = out.get("hand_points", 0) + count_cards(variant, hand_cards).points
    return out


def _typed(**values: int | None) -> dict[str, int | None]:
    names = {
        "meld": "meld_points",
        "natural": "natural_canastas",
        "mixed": "mixed_canastas",
        "red_threes": "red_threes",
        "hand": "hand_points",
        "black_threes": "black_threes_melded",
        "black_in_hand": "black_threes_in_hand",
        "red_in_hand": "red_threes_in_hand",
        "twos_canastas": "wild_canastas.twos",
        "joker_canastas": "wild_canastas.jokers",
        "wild_canastas": "wild_canastas.other",
    }
    return {names[k]: v for k, v in values.items()}


SIDE_OPTION_HELP = {
    "side": "Which side (default: your own)",
    "line": "All numbers in one line, e.g. 420 1n 1m 2r out 70h",
    "meld": "Card points melded on the table",
    "natural": "Natural (clean) canastas",
    "mixed": "Mixed (dirty) canastas",
    "red_threes": "Red threes laid down",
    "went_out": "Did this side go out?",
    "hand": "Card points left in hand",
    "meld_cards": "Melded cards to count, e.g. joker A A K 7 7",
    "hand_cards": "Cards left in hand to count, e.g. K 7 7",
    "black_threes": "Cuban: black threes melded when going out",
    "black_in_hand": "Cuban: black threes left in hand",
    "red_in_hand": "Cuban: red threes left in hand",
    "twos_canastas": "Cuban: canastas of twos",
    "joker_canastas": "Cuban: canastas of jokers",
    "wild_canastas": "Cuban: other wild-card canastas",
}
HAND_OPTION_HELP = {
    "points": "Card points left in your hand (0 if you went out)",
    "cards": "Or the cards left in your hand, counted for you, e.g. K 7 7",
    "correct": "Replace the hand you already entered for this round",
}


@app_commands.guild_only()
class RoundsCog(
    commands.GroupCog, group_name="round", group_description="Record, undo and edit rounds"
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="add", description="Record a round: one short line per side")
    @app_commands.describe(
        side1="Side 1, " + LINE_HELP,
        side2="Side 2, same syntax; - if it scored nothing",
        side3="Side 3 (three-sided games)",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        side1: str,
        side2: str,
        side3: str | None = None,
    ) -> None:
        lines = {i: text for i, text in enumerate((side1, side2, side3)) if text is not None}
        await record_lines(interaction, lines)

    @add.autocomplete("side1")
    @add.autocomplete("side2")
    @add.autocomplete("side3")
    async def line_preview(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """While typing: the line read back with its net, so a typo shows before sending."""
        if not current.strip() or len(current) > 100:
            return []
        actor = await actor_for(interaction)
        try:
            _, variant = await _active_game(actor)
            fields = parse_round_text(current, variant)
            parts = breakdown(variant, SideRound.model_validate(fields))
        except RoundTextError as error:
            bad = ", ".join(p.token for p in error.problems)
            name = t(actor.lang, "ui.preview.bad", tokens=bad)
            return [app_commands.Choice(name=name[:100], value=current)]
        except (*REFUSALS, ValueError, IndexError, KeyError):
            return []
        name = t(
            actor.lang,
            "ui.preview.ok",
            line=format_round_text(fields),
            net=sum(parts.values()),
        )
        return [app_commands.Choice(name=name[:100], value=current)]

    async def _side_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        actor = await actor_for(interaction)
        try:
            game, _ = await _active_game(actor)
        except REFUSALS:
            return []
        return [
            app_commands.Choice(name=f"{s.side + 1}: {s.name}"[:100], value=s.side + 1)
            for s in game.sides
            if current.strip().lower() in f"{s.side + 1} {s.name}".lower()
        ]

    @app_commands.command(
        name="side", description="Enter one side's numbers; the round scores when all are in"
    )
    @app_commands.describe(
        correct="Replace what this side already entered",
        player_hands="Each player enters their own hand with /round hand",
        **SIDE_OPTION_HELP,
    )
    @app_commands.choices(went_out=WENT_OUT_CHOICES)
    async def side(
        self,
        interaction: discord.Interaction,
        side: int | None = None,
        line: str | None = None,
        meld: int | None = None,
        natural: int | None = None,
        mixed: int | None = None,
        red_threes: int | None = None,
        went_out: app_commands.Choice[str] | None = None,
        hand: int | None = None,
        meld_cards: str | None = None,
        hand_cards: str | None = None,
        black_threes: int | None = None,
        black_in_hand: int | None = None,
        red_in_hand: int | None = None,
        twos_canastas: int | None = None,
        joker_canastas: int | None = None,
        wild_canastas: int | None = None,
        correct: bool = False,
        player_hands: bool | None = None,
    ) -> None:
        actor = await actor_for(interaction)
        lang = actor.lang
        index = 0
        try:
            game, variant = await _active_game(actor)
            index = _pick_side(actor, game, side)
            fields = _components(
                variant,
                {},
                line=line,
                typed=_typed(
                    meld=meld,
                    natural=natural,
                    mixed=mixed,
                    red_threes=red_threes,
                    hand=hand,
                    black_threes=black_threes,
                    black_in_hand=black_in_hand,
                    red_in_hand=red_in_hand,
                    twos_canastas=twos_canastas,
                    joker_canastas=joker_canastas,
                    wild_canastas=wild_canastas,
                ),
                went_out=went_out,
                meld_cards=meld_cards,
                hand_cards=hand_cards,
            )
            outcome = await enter_side(
                actor.db,
                side=index,
                components=fields,
                correct=correct,
                hands_by_players=player_hands,
                **actor.ids(),
            )
        except _UiError as error:
            await send_error(interaction, [t(lang, error.key, **error.params)])
            return
        except RoundTextError as error:
            await send_error(interaction, render_text_error(lang, index + 1, error, variant))
            return
        except (*REFUSALS, ScoringError) as error:
            await refuse(interaction, lang, error)
            return
        board = board_after_round(outcome.round) if outcome.round is not None else None
        board_changed(interaction, outcome.game_id, lang=lang, state=board)
        if outcome.round is not None:
            await send(interaction, embed=round_embed(lang, outcome.round, game, variant))
            return
        missing = (
            waiting_text(lang, outcome.pending)
            if outcome.pending is not None
            else ", ".join(game.sides[i].name for i in outcome.missing_sides)
        )
        await send(
            interaction,
            content=t(
                lang,
                "ui.side.entered",
                side=game.sides[index].name,
                line=format_round_text(fields),
                number=game.round_count + 1,
                missing=missing,
            ),
        )

    side.autocomplete("side")(_side_autocomplete)

    @app_commands.command(
        name="hand",
        description=(
            "Enter the card points left in your own hand; the round scores when all parts are in"
        ),
    )
    @app_commands.describe(**HAND_OPTION_HELP)
    async def hand(
        self,
        interaction: discord.Interaction,
        points: int | None = None,
        cards: str | None = None,
        correct: bool = False,
    ) -> None:
        """One player's own hand, for games where each player counts their own cards."""
        actor = await actor_for(interaction)
        lang = actor.lang
        try:
            game, variant = await _active_game(actor)
            if points is None and not cards:
                raise _UiError("ui.hand.needed")
            total = (points or 0) + (count_cards(variant, cards).points if cards else 0)
            outcome = await enter_hand(actor.db, hand_points=total, correct=correct, **actor.ids())
        except _UiError as error:
            await send_error(interaction, [t(lang, error.key, **error.params)])
            return
        except (*REFUSALS, ScoringError) as error:
            await refuse(interaction, lang, error)
            return
        board_changed(interaction, outcome.game_id, lang=lang)
        await send(interaction, **hand_reply(lang, outcome, game, variant))

    @app_commands.command(
        name="say", description="Say the round in one sentence; confirm what was read"
    )
    @app_commands.describe(
        text="e.g. we melded 420, one clean and one dirty, a red three, went out; they 240, 25 left"
    )
    async def say(self, interaction: discord.Interaction, text: str) -> None:
        await say_round(interaction, text)

    @app_commands.command(
        name="form",
        description="Open a form with one line per side",
        extras={ANSWERS_ITSELF: True},
    )
    async def form(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        try:
            game, variant = await _active_game(actor)
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        await interaction.response.send_modal(RoundForm(actor.lang, game, variant))

    @app_commands.command(
        name="adjust", description="Give a side a bonus (+) or a penalty (-) with its reason"
    )
    @app_commands.describe(
        side="Which side",
        points="Points: + for a bonus, - for a penalty (a multiple of 5, up to 10000)",
        reason="Why, e.g. misdeal, meld put back, agreed correction (up to 200 characters)",
    )
    async def adjust(
        self, interaction: discord.Interaction, side: int, points: int, reason: str
    ) -> None:
        """Same permission as recording a round; the answer is public, like a round's."""
        actor = await actor_for(interaction)
        try:
            outcome = await adjust_score(
                actor.db, side=side - 1, points=points, reason=reason, **actor.ids()
            )
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        board_changed(interaction, outcome.game.id, lang=actor.lang)
        variant = game_variant(outcome.game.variant_id, outcome.game.house_rules)
        await send(interaction, embed=adjust_embed(actor.lang, outcome, variant))

    adjust.autocomplete("side")(_side_autocomplete)

    @app_commands.command(name="undo", description="Undo the last round or adjustment")
    async def undo(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        try:
            sheet = await undo_round(actor.db, **actor.ids())
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        board_changed(interaction, sheet.game.id, lang=actor.lang)
        variant = game_variant(sheet.game.variant_id, sheet.game.house_rules)
        undone = sheet.undone_adjustment
        if sheet.cancelled_round is not None:
            title = t(actor.lang, "ui.undo.cancelled", number=sheet.cancelled_round)
        elif undone is None:
            title = t(actor.lang, "ui.undo.title", number=sheet.game.round_count + 1)
        else:
            title = t(
                actor.lang,
                "ui.undo.adjust_title",
                side=sheet.game.sides[undone.side].name,
                points=signed(undone.points),
            )
        await send(interaction, embed=sheet_embed(actor.lang, sheet, variant, title))

    @app_commands.command(name="edit", description="Correct one side of an earlier round")
    @app_commands.describe(
        number="Round number (see /game sheet)",
        **{k: v for k, v in SIDE_OPTION_HELP.items() if k != "line"},
        line="Replace the side with one line, e.g. 420 1n 1m 2r out 70h",
    )
    @app_commands.choices(went_out=WENT_OUT_CHOICES)
    async def edit(
        self,
        interaction: discord.Interaction,
        number: int,
        side: int | None = None,
        line: str | None = None,
        meld: int | None = None,
        natural: int | None = None,
        mixed: int | None = None,
        red_threes: int | None = None,
        went_out: app_commands.Choice[str] | None = None,
        hand: int | None = None,
        meld_cards: str | None = None,
        hand_cards: str | None = None,
        black_threes: int | None = None,
        black_in_hand: int | None = None,
        red_in_hand: int | None = None,
        twos_canastas: int | None = None,
        joker_canastas: int | None = None,
        wild_canastas: int | None = None,
    ) -> None:
        actor = await actor_for(interaction)
        lang = actor.lang
        variant: Variant | None = None
        index = 0
        try:
            sheet = await score_sheet(
                actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id
            )
            variant = game_variant(sheet.game.variant_id, sheet.game.house_rules)
            index = _pick_side(actor, sheet.game, side)
            base: dict[str, Any] = {}
            if 1 <= number <= len(sheet.rounds) and 0 <= index < len(sheet.game.sides):
                base = dict(sheet.rounds[number - 1].components[index])
            fields = _components(
                variant,
                base,
                line=line,
                typed=_typed(
                    meld=meld,
                    natural=natural,
                    mixed=mixed,
                    red_threes=red_threes,
                    hand=hand,
                    black_threes=black_threes,
                    black_in_hand=black_in_hand,
                    red_in_hand=red_in_hand,
                    twos_canastas=twos_canastas,
                    joker_canastas=joker_canastas,
                    wild_canastas=wild_canastas,
                ),
                went_out=went_out,
                meld_cards=meld_cards,
                hand_cards=hand_cards,
            )
            edited = await edit_round(actor.db, number=number, sides={index: fields}, **actor.ids())
        except _UiError as error:
            await send_error(interaction, [t(lang, error.key, **error.params)])
            return
        except RoundTextError as error:
            assert variant is not None
            await send_error(interaction, render_text_error(lang, index + 1, error, variant))
            return
        except (*REFUSALS, ScoringError) as error:
            await refuse(interaction, lang, error)
            return
        board_changed(interaction, edited.game.id, lang=lang)
        title = t(lang, "ui.edit.title", number=number, side=edited.game.sides[index].name)
        await send(interaction, embed=sheet_embed(lang, edited, variant, title))

    edit.autocomplete("side")(_side_autocomplete)


def hand_reply(lang: str, outcome: HandOutcome, game: GameInfo, variant: Variant) -> dict[str, Any]:
    """What ``/round hand`` posts: whose hand it was, then who is still missing or the
    scored round."""
    player = outcome.player
    lines = []
    if player is not None:
        params = {
            "player": player.display_name,
            "side": game.sides[player.side].name,
            "points": outcome.hand_points,
            "number": outcome.pending.number if outcome.pending else game.round_count + 1,
        }
        if outcome.corrected is not None:
            lines.append(t(lang, "ui.hand.corrected", before=outcome.corrected, **params))
        else:
            lines.append(t(lang, "ui.hand.entered", **params))
    if outcome.round is not None:
        embed = round_embed(lang, outcome.round, outcome.round.game or game, variant)
        return {"content": "\n".join(lines) or None, "embed": embed}
    if outcome.pending is not None and not outcome.pending.complete:
        lines.append(t(lang, "ui.hand.waiting", missing=waiting_text(lang, outcome.pending)))
    return {"content": "\n".join(lines)}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RoundsCog(bot))
    bot.add_dynamic_items(SayButton)
