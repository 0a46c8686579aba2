"""A leaderboard longer than one name query takes still names everyone.

SQLite allows 500 terms in one compound SELECT, so names are looked up in chunks; the chunk is
made small here so the test stays fast while crossing several chunk boundaries."""

from __future__ import annotations

import importlib

import pytest

from bot.games import PlayerSpec, SideSpec, leaderboard, record_round, start_game
from bot.storage.engine import Database

# bot.games re-exports the function under the module's name, so fetch the module itself.
leaderboard_module = importlib.import_module("bot.games.leaderboard")
GUILD = 91
GAMES = 16
STUCK = {"meld_points": 100, "hand_points": 50}
OUT_TWO = {"meld_points": 300, "natural_canastas": 2, "went_out": "normal"}


async def test_a_leaderboard_across_name_chunks_names_everyone(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leaderboard_module, "NAME_LOOKUP_CHUNK", 5)
    for game in range(GAMES):
        loser, winner = 1000 + game, 5000 + game
        sides = [
            SideSpec("L", [PlayerSpec(loser, f"L{game}")]),
            SideSpec("W", [PlayerSpec(winner, f"W{game}")]),
        ]
        await start_game(
            db,
            guild_id=GUILD,
            channel_id=game + 1,
            actor_id=loser,
            variant_id="two-player",
            sides=sides,
            target=500,
        )
        await record_round(
            db, guild_id=GUILD, channel_id=game + 1, actor_id=loser, sides=[STUCK, OUT_TWO]
        )
    board = await leaderboard(db, guild_id=GUILD, limit=2 * GAMES)
    assert len(board.rows) == 2 * GAMES
    names = {name for row in board.rows for name in row.display_names}
    assert names == {f"L{g}" for g in range(GAMES)} | {f"W{g}" for g in range(GAMES)}
    assert all(row.won == 1 for row in board.rows[:GAMES])
