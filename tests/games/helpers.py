"""Small round and game builders shared by the game tests."""

from __future__ import annotations

from typing import Any

from bot.games import PlayerSpec, SideSpec, start_game
from bot.games.results import GameInfo
from bot.storage import Database

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 5001
OTHER_CHANNEL = 5002
ALICE, BOB, CAROL, DAVE, EVE = 11, 12, 13, 14, 99

OUT: dict[str, Any] = {"meld_points": 300, "natural_canastas": 1, "went_out": "normal"}
"""Goes out with one natural canasta: 300 + 500 + 100 = 900 in classic."""
STUCK: dict[str, Any] = {"meld_points": 100, "hand_points": 50}
"""Melded 100, caught with 50: net 50."""


def small_round() -> list[dict[str, Any]]:
    return [dict(OUT), dict(STUCK)]


async def start_teams(db: Database, channel: int = CHANNEL, **kwargs: Any) -> GameInfo:
    sides = [
        SideSpec("Us", [PlayerSpec(ALICE, "Alice"), PlayerSpec(BOB, "Bob")]),
        SideSpec("Them", [PlayerSpec(CAROL, "Carol"), PlayerSpec(DAVE, "Dave")]),
    ]
    kwargs.setdefault("variant_id", "classic")
    return await start_game(
        db, guild_id=GUILD, channel_id=channel, actor_id=ALICE, sides=sides, **kwargs
    )


async def snapshot(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, to check that a refused command changed nothing."""
    from sqlalchemy import select

    from bot.storage.models import Base

    async def work(session: Any) -> dict[str, list[tuple[Any, ...]]]:
        out = {}
        for table in Base.metadata.sorted_tables:
            rows = (await session.execute(select(table))).all()
            out[table.name] = sorted(tuple(map(repr, r)) for r in rows)
        return out

    return await db.read(work)
