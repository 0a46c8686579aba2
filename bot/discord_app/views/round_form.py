"""/round form: a modal with one compact line per side, for those who prefer a form to options.

The placeholder shows an example line, so the syntax is discoverable without reading docs.

Why the custom id is ``roundform:<game>:<round>:<nonce>`` and submits are handled by
``submit_round_form`` rather than by the ``Modal`` object: discord.py keys open modals by custom
id alone, so two forms with one id (two players opening the form for the same game) overwrite
each other and one submit is never answered; and a modal lives in memory, so a form opened before
a restart is submitted to nobody. Here every opening gets its own id, and every submit (live or
from before a restart) goes through one handler that reads what it needs from the custom id and
the database: if the game moved on meanwhile it says so, shows the current sheet and records
nothing; otherwise it records the round exactly like /round add (``record_lines``).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any

import discord

from bot.discord_app.failures import report_failure
from bot.discord_app.game_embeds import sheet_embed
from bot.discord_app.language import t
from bot.discord_app.replies import arm, send
from bot.discord_app.views.common import REFUSALS, actor_for
from bot.games import score_sheet
from bot.games.access import game_variant
from bot.games.results import GameInfo
from bot.games.round_text import EXAMPLE_CUBAN
from bot.scoring import Variant
from bot.storage.engine import Database

RecordLines = Callable[[discord.Interaction, dict[int, str]], Awaitable[None]]
LINE_MAX = 200
FORM_ID = re.compile(
    r"roundform:(?P<game>\d{1,18})(?::(?P<round>\d{1,9}):(?P<nonce>[0-9a-f]{1,16}))?"
)
"""Also ``roundform:<game>``, the id earlier versions gave: such a form records into its game
if that game still runs (it cannot know its round)."""
SIDE_INPUT = re.compile(r"side(?P<side>[1-3])")


def form_custom_id(game: GameInfo) -> str:
    return f"roundform:{game.id}:{game.round_count + 1}:{secrets.token_hex(4)}"


class RoundForm(discord.ui.Modal):
    """One text input per side, labelled with the side's name. Submits are answered by
    ``submit_round_form`` (see the module docstring), so ``on_submit`` does nothing."""

    def __init__(self, lang: str, game: GameInfo, variant: Variant) -> None:
        super().__init__(
            title=t(lang, "ui.form.title", number=game.round_count + 1)[:45],
            timeout=15 * 60,
            custom_id=form_custom_id(game),
        )
        example = EXAMPLE_CUBAN if variant.canastas.wild else t(lang, "ui.example")
        for side in game.sides:
            self.add_item(
                discord.ui.TextInput(
                    label=t(lang, "ui.form.label", side=side.name)[:45],
                    placeholder=example,
                    required=True,
                    max_length=LINE_MAX,
                    custom_id=f"side{side.side + 1}",
                )
            )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        return None

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        await report_failure(interaction, error, "round form")


def _text_inputs(components: Any) -> Iterator[Mapping[str, Any]]:
    """Text inputs in a modal submit, in action rows (type 1) or labels (type 18)."""
    for top in components if isinstance(components, list) else []:
        if not isinstance(top, Mapping):
            continue
        inner = top.get("components") if top.get("type") == 1 else [top.get("component")]
        for component in inner or []:
            if isinstance(component, Mapping) and component.get("type") == 4:
                yield component


def submitted_lines(data: Mapping[str, Any]) -> dict[int, str]:
    """0-based side -> the line typed for it."""
    lines: dict[int, str] = {}
    for component in _text_inputs(data.get("components")):
        match = SIDE_INPUT.fullmatch(str(component.get("custom_id")))
        value = component.get("value")
        if match and isinstance(value, str):
            lines[int(match["side"]) - 1] = value[:LINE_MAX]
    return lines


async def submit_round_form(
    interaction: discord.Interaction, match: re.Match[str], record: RecordLines
) -> None:
    """Record the form's round if the game is still where the form left it; else say so.

    A submit is no slash command, so the command tree's acknowledgement clock does not cover
    it: it is armed here, before the first database read, so a busy moment defers the submit
    instead of letting Discord's 3 s run out ("This interaction failed")."""
    db = getattr(interaction.client, "db", None)
    arm(interaction, busy=isinstance(db, Database) and db.is_busy)
    lines = submitted_lines(interaction.data or {})  # type: ignore[arg-type]
    actor = await actor_for(interaction)
    lang = actor.lang
    typed = "\n".join(f"{i + 1}: `{line}`" for i, line in sorted(lines.items())) or "-"
    try:
        sheet = await score_sheet(actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id)
    except REFUSALS:
        sheet = None
    game = sheet.game if sheet is not None else None
    if game is None or game.id != int(match["game"]) or game.state != "active":
        embeds = []
        if sheet is not None and game is not None and game.state == "active":
            variant = game_variant(game.variant_id, game.house_rules)
            embeds = [sheet_embed(lang, sheet, variant)]
        await send(
            interaction,
            content=t(lang, "ui.form.game_over", lines=typed)[:2000],
            embeds=embeds,
            ephemeral=True,
        )
        return
    if match["round"] is not None and game.round_count + 1 != int(match["round"]):
        variant = game_variant(game.variant_id, game.house_rules)
        await send(
            interaction,
            content=t(
                lang,
                "ui.form.moved_on",
                number=int(match["round"]),
                current=game.round_count + 1,
                lines=typed,
            )[:2000],
            embed=sheet_embed(lang, sheet, variant),  # type: ignore[arg-type]
            ephemeral=True,
        )
        return
    await record(interaction, lines)
