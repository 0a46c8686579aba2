"""A tiny discord.py bot used to exercise the fake Discord end to end.

Built by the in-process tests, and run as a separate process by
``python -m tests.devtools.sample_bot`` with DISCORD_API_BASE / DISCORD_GATEWAY_URL /
DISCORD_TOKEN in the environment (SAMPLE_BOT_SYNC=1 makes it sync its commands).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.discord_app.endpoints import point_discord_py_at

CARDS = ["ace", "joker", "king", "queen", "two", "three"]


@dataclass
class Observations:
    """What the sample bot saw, for assertions (in-process tests only)."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    release_late: asyncio.Event = field(default_factory=asyncio.Event)
    late_done: asyncio.Event = field(default_factory=asyncio.Event)
    resumed: asyncio.Event = field(default_factory=asyncio.Event)


class AnswerModal(discord.ui.Modal, title="Your answer"):
    """Modal with one text input; replies with what was typed."""

    answer: discord.ui.TextInput[AnswerModal] = discord.ui.TextInput(
        label="Answer", custom_id="answer"
    )

    def __init__(self, seen: Observations) -> None:
        super().__init__(custom_id="answer-modal")
        self.seen = seen

    async def on_submit(self, interaction: discord.Interaction) -> None:
        self.seen.calls.append(("modal", {"answer": self.answer.value}))
        await interaction.response.send_message(f"answer:{self.answer.value}", ephemeral=True)


class Buttons(discord.ui.View):
    """A press button (updates the message) and an ask button (opens a modal)."""

    def __init__(self, seen: Observations) -> None:
        super().__init__(timeout=60)
        self.seen = seen

    @discord.ui.button(label="Press", custom_id="press")
    async def press(self, interaction: discord.Interaction, _: discord.ui.Button[Buttons]) -> None:
        self.seen.calls.append(("press", {"user": interaction.user.id}))
        await interaction.response.edit_message(content=f"pressed by {interaction.user.name}")

    @discord.ui.button(label="Ask", custom_id="ask")
    async def ask(self, interaction: discord.Interaction, _: discord.ui.Button[Buttons]) -> None:
        await interaction.response.send_modal(AnswerModal(self.seen))


def build_client(
    seen: Observations | None = None,
) -> tuple[discord.Client, app_commands.CommandTree]:
    """A client with a handful of commands covering every interaction path."""
    seen = seen or Observations()
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    @client.event
    async def on_resumed() -> None:
        seen.resumed.set()

    @tree.command(description="Record a score")
    @app_commands.describe(points="How many points", player="Who scored")
    @app_commands.choices(
        points=[
            app_commands.Choice(name="fifty", value=50),
            app_commands.Choice(name="hundred", value=100),
        ]
    )
    async def score(interaction: discord.Interaction, points: int, player: discord.User) -> None:
        seen.calls.append(
            ("score", {"points": points, "player": player, "locale": interaction.locale.value})
        )
        await interaction.response.send_message(
            f"score:{player.id}:{points}:{interaction.locale.value}"
        )

    @tree.command(description="Defers, then edits the response")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(
            content="slow done", attachments=[discord.File(io.BytesIO(b"hello"), "hello.txt")]
        )

    @tree.command(description="Defers, then answers with a follow-up")
    async def slowfollow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("follow-up done")

    @tree.command(description="Acknowledges twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        interaction.response._response_type = None  # bypass discord.py's own guard
        try:
            await interaction.response.defer()
        except discord.HTTPException as error:
            seen.codes.append(error.code)
            await interaction.followup.send(f"second ack refused: {error.code}")

    @tree.command(description="Answers too late")
    async def late(interaction: discord.Interaction) -> None:
        await seen.release_late.wait()
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as error:
            seen.codes.append(error.code)
        finally:
            seen.late_done.set()

    @tree.command(description="Shows buttons")
    async def buttons(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=Buttons(seen))

    @tree.command(description="Pick a card")
    async def meld(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"meld:{card}", ephemeral=True)

    @meld.autocomplete("card")
    async def meld_card(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=c.title(), value=c) for c in CARDS if c.startswith(current)
        ]

    game = app_commands.Group(name="game", description="Games")

    @game.command(name="start", description="Start a game")
    async def game_start(interaction: discord.Interaction, players: int) -> None:
        await interaction.response.send_message(f"started with {players}")

    tree.add_command(game)
    return client, tree


async def _run_from_env() -> None:
    point_discord_py_at(os.environ["DISCORD_API_BASE"], os.environ["DISCORD_GATEWAY_URL"])
    client, tree = build_client()
    if os.environ.get("SAMPLE_BOT_SYNC") == "1":

        async def setup_hook() -> None:
            await tree.sync()

        client.setup_hook = setup_hook  # type: ignore[method-assign]
    async with client:
        await client.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(_run_from_env())
