"""The README's command reference matches the commands the bot syncs, in both directions."""

from __future__ import annotations

import re
from pathlib import Path

from discord import app_commands

from bot.config import Settings
from bot.discord_app.client import CanastaBot

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_commands() -> set[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Discord commands", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `/")]
    names: set[str] = set()
    for row in rows:
        first_cell = row.split("|")[1]
        names.update(re.findall(r"`/([a-z_]+(?: [a-z_]+)?)`", first_cell))
    return names


async def synced_commands() -> set[str]:
    bot = CanastaBot(Settings(discord_token="unused"))
    await bot.setup_hook()
    names: set[str] = set()
    for command in bot.tree.get_commands():
        if isinstance(command, app_commands.Group):
            names.update(sub.qualified_name for sub in command.walk_commands())
        else:
            names.add(command.qualified_name)
    await bot.close()
    return names


async def test_readme_lists_exactly_the_synced_commands() -> None:
    assert readme_commands() == await synced_commands()
