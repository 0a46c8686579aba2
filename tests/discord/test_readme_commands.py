"""The README's command reference matches the commands the bot syncs, in both directions."""

from __future__ import annotations

import re
from pathlib import Path

from discord import app_commands

from bot.config import Settings
from bot.discord_app.client import CanastaBot
from bot.i18n import has_message, translate
from bot.rules.topics import all_topics

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


def _as_shown(qualified_name: str, lang: str) -> str:
    """A command's name as a Discord client in ``lang`` shows it: each part translated where
    the ``discord`` catalog translates it (``/regler``), else the English name."""
    parts = qualified_name.split()
    shown = []
    for n in range(1, len(parts) + 1):
        key = f"cmd.{'.'.join(parts[:n])}.name"
        shown.append(translate(lang, key) if has_message(key, lang) else parts[n - 1])
    return " ".join(shown)


async def test_rules_answers_name_only_commands_the_bot_has_as_each_language_shows_them() -> None:
    """A player told to type `/undo` when the command is `/round undo`, or `/rules` in a
    Norwegian client that shows `/regler`, finds nothing."""
    synced = await synced_commands()
    for topic in all_topics().values():
        for lang, text in topic.text.items():
            shown = {_as_shown(name, lang) for name in synced}
            answers = [text.answer, *(v.answer for v in text.by_variant.values())]
            for answer in answers:
                for named in re.findall(r"`/([^`]+)`", answer):
                    assert named in shown, f"{topic.id}/{lang}: /{named} is not a command"
