"""/stats on a big server: the player is found without asking the service for more rows than
its one-query name lookup can take, and a player ranked below the scan gets an honest answer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.cogs.stats import PLAYERS_SCANNED, BeyondScan, player_stats
from bot.storage.engine import Database
from bot.storage.migrate import upgrade
from tests.seeding import finished_two_player_games

GUILD = 77
GAMES = PLAYERS_SCANNED // 2 + 10
"""Two players a game, the second always wins: winners rank 1.., losers below them all."""


@pytest.fixture
async def crowded(tmp_path: Path) -> AsyncIterator[Database]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'stats.sqlite3'}"
    await upgrade(url)
    db = Database(url)
    await finished_two_player_games(db, GUILD, GAMES)
    yield db
    await db.dispose()


async def test_stats_on_a_server_with_more_players_than_one_scan(crowded: Database) -> None:
    winner = await player_stats(crowded, GUILD, 5000, None)
    assert winner is not None
    assert (winner.row.games, winner.row.won, winner.players) == (1, 1, f"{PLAYERS_SCANNED}+")
    assert winner.rating is not None

    first_loser = await player_stats(crowded, GUILD, 1000, None)
    assert first_loser is not None
    assert first_loser.rank == GAMES + 1

    with pytest.raises(BeyondScan):
        await player_stats(crowded, GUILD, 1000 + GAMES - 1, None)
    assert await player_stats(crowded, GUILD, 424242, None) is None
    assert await player_stats(crowded, GUILD, 5000, "classic") is None
