"""/round form: a modal with one compact line per side, for those who prefer a form to options.

The placeholder shows an example line, so the syntax is discoverable without reading docs. The
submission goes through the same path as /round add (``record_lines``), so both refuse and
reply alike.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord_app.language import t
from bot.games.results import GameInfo
from bot.games.round_text import EXAMPLE_CUBAN
from bot.scoring import Variant

RecordLines = Callable[[discord.Interaction, dict[int, str]], Awaitable[None]]
LINE_MAX = 200


class RoundForm(discord.ui.Modal):
    """One text input per side, labelled with the side's name."""

    def __init__(self, lang: str, game: GameInfo, variant: Variant, record: RecordLines) -> None:
        super().__init__(
            title=t(lang, "ui.form.title", number=game.round_count + 1)[:45],
            timeout=15 * 60,
            custom_id=f"roundform:{game.id}",
        )
        self._record = record
        example = EXAMPLE_CUBAN if variant.canastas.wild else t(lang, "ui.example")
        self.inputs: list[discord.ui.TextInput[RoundForm]] = []
        for side in game.sides:
            field: discord.ui.TextInput[RoundForm] = discord.ui.TextInput(
                label=t(lang, "ui.form.label", side=side.name)[:45],
                placeholder=example,
                required=True,
                max_length=LINE_MAX,
                custom_id=f"side{side.side + 1}",
            )
            self.inputs.append(field)
            self.add_item(field)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self._record(interaction, {i: f.value for i, f in enumerate(self.inputs)})
