"""A leaderboard longer than one name query takes still names everyone.

SQLite allows 500 terms in one compound SELECT, so names are looked up in chunks; the chunk is
made small here so the test stays fast while crossing several chunk boundaries."""

from __future__ import annotations

import importlib

import pytest

from bot.games import leaderboard
from bot.storage.engine import Database
from tests.seeding import finished_two_player_games

# bot.games re-exports the function under the module's name, so fetch the module itself.
leaderboard_module = importlib.import_module("bot.games.leaderboard")
GUILD = 91
GAMES = 16


async def test_a_leaderboard_across_name_chunks_names_everyone(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leaderboard_module, "NAME_LOOKUP_CHUNK", 5)
    await finished_two_player_games(db, GUILD, GAMES)
    board = await leaderboard(db, guild_id=GUILD, limit=2 * GAMES)
    assert len(board.rows) == 2 * GAMES
    names = {name for row in board.rows for name in row.display_names}
    assert names == {f"L{g}" for g in range(GAMES)} | {f"W{g}" for g in range(GAMES)}
    assert all(row.won == 1 for row in board.rows[:GAMES])
