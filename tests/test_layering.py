"""The layering rule from ARCHITECTURE.md, checked on the source: imports point downwards only.

Nothing below the Discord layer imports ``discord``; the pure domain imports no database code.
A violation here is how game logic starts leaking into places that cannot be tested alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parent.parent / "bot"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def files_under(*packages: str) -> list[Path]:
    return [p for package in packages for p in sorted((BOT / package).rglob("*.py"))]


def roots(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize(
    "path", files_under("scoring", "rules", "games", "storage", "i18n"), ids=str
)
def test_nothing_below_the_discord_layer_imports_discord(path: Path) -> None:
    assert "discord" not in roots(imported_modules(path))


@pytest.mark.parametrize("path", files_under("scoring", "rules"), ids=str)
def test_pure_domain_imports_no_database_or_discord_code(path: Path) -> None:
    modules = imported_modules(path)
    assert not roots(modules) & {"sqlalchemy", "alembic", "aiosqlite", "asyncpg", "discord"}
    assert not {m for m in modules if m.startswith(("bot.storage", "bot.games", "bot.discord"))}


@pytest.mark.parametrize("path", files_under("games", "storage"), ids=str)
def test_services_do_not_reach_up_into_the_discord_layer(path: Path) -> None:
    assert not {m for m in imported_modules(path) if m.startswith("bot.discord_app")}
