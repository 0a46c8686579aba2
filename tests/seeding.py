"""Filling a server with finished games through the real service, for read-side tests."""

from __future__ import annotations

from bot.games import PlayerSpec, SideSpec, record_round, start_game
from bot.storage.engine import Database

STUCK = {"meld_points": 100, "hand_points": 50}
OUT_TWO = {"meld_points": 300, "natural_canastas": 2, "went_out": "normal"}


async def finished_two_player_games(db: Database, guild_id: int, games: int) -> None:
    """``games`` one-round games, each in its own channel: player ``1000+n`` loses to
    ``5000+n`` (display names ``L<n>`` and ``W<n>``), so every player has exactly one game."""
    for game in range(games):
        loser, winner = 1000 + game, 5000 + game
        sides = [
            SideSpec("L", [PlayerSpec(loser, f"L{game}")]),
            SideSpec("W", [PlayerSpec(winner, f"W{game}")]),
        ]
        await start_game(
            db,
            guild_id=guild_id,
            channel_id=game + 1,
            actor_id=loser,
            variant_id="two-player",
            sides=sides,
            target=500,
        )
        await record_round(
            db, guild_id=guild_id, channel_id=game + 1, actor_id=loser, sides=[STUCK, OUT_TWO]
        )
