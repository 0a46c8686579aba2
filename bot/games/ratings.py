"""Skill ratings with openskill's Plackett-Luce model: sides are teams, ranked by final totals.

Ratings are per server. A finishing game updates its players incrementally; an edit of a
finished game (or reopening one) replays every finished game of that server in the order they
ended, because a changed result early on changes every rating after it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from bot.games.access import utcnow
from bot.games.results import RatingInfo
from bot.storage.engine import Database
from bot.storage.models import GAME_FINISHED, Game, Rating

if TYPE_CHECKING:
    from openskill.models import PlackettLuce


@functools.cache
def model() -> PlackettLuce:
    """The rating model, imported on the first finished game rather than at start-up: openskill
    (about 1 MiB resident) is needed only when a game ends or ratings are replayed."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate leaderboards sort by (mu - 3 sigma)."""
    return mu - 3 * sigma


def _teams(game: Game) -> list[list[int]] | None:
    teams = [
        [p.user_id for p in sorted(game.players, key=lambda p: p.seat) if p.side == side]
        for side in range(len(game.totals))
    ]
    return teams if all(teams) else None


def _apply(
    ratings: dict[int, tuple[float, float, int]], teams: Sequence[Sequence[int]], totals: list[int]
) -> None:
    rating_model = model()
    model_teams = []
    for team in teams:
        members = []
        for user in team:
            mu, sigma, _ = ratings.get(user, (rating_model.mu, rating_model.sigma, 0))
            members.append(rating_model.rating(mu=mu, sigma=sigma))
        model_teams.append(members)
    rated = rating_model.rate(model_teams, scores=list(totals))
    for team, new in zip(teams, rated, strict=True):
        for user, rating in zip(team, new, strict=True):
            games = ratings.get(user, (0.0, 0.0, 0))[2]
            ratings[user] = (rating.mu, rating.sigma, games + 1)


async def rate_game(session: AsyncSession, game: Game) -> None:
    """Update the ratings of a game's players for its result (a game without players: none)."""
    teams = _teams(game)
    if teams is None:
        return
    users = [u for team in teams for u in team]
    rows = {
        r.user_id: r
        for r in (
            await session.scalars(
                select(Rating).where(Rating.guild_id == game.guild_id, Rating.user_id.in_(users))
            )
        ).all()
    }
    current = {u: (r.mu, r.sigma, r.games) for u, r in rows.items()}
    _apply(current, teams, list(game.totals))
    now = utcnow()
    for user in users:
        mu, sigma, games = current[user]
        row = rows.get(user)
        if row is None:
            session.add(
                Rating(
                    guild_id=game.guild_id,
                    user_id=user,
                    mu=mu,
                    sigma=sigma,
                    games=games,
                    updated_at=now,
                )
            )
        else:
            row.mu, row.sigma, row.games, row.updated_at = mu, sigma, games, now


async def recompute_guild_ratings(session: AsyncSession, guild_id: int) -> None:
    """Replay every finished game of the server, in the order they ended."""
    await session.execute(delete(Rating).where(Rating.guild_id == guild_id))
    games = await session.scalars(
        select(Game)
        .where(Game.guild_id == guild_id, Game.state == GAME_FINISHED)
        .order_by(Game.ended_at, Game.id)
        .options(selectinload(Game.players))
    )
    current: dict[int, tuple[float, float, int]] = {}
    for game in games:
        teams = _teams(game)
        if teams is not None:
            _apply(current, teams, list(game.totals))
    now = utcnow()
    session.add_all(
        Rating(guild_id=guild_id, user_id=u, mu=mu, sigma=sigma, games=n, updated_at=now)
        for u, (mu, sigma, n) in current.items()
    )
    await session.flush()


async def get_ratings(
    db: Database, guild_id: int, user_ids: Sequence[int] | None = None
) -> tuple[RatingInfo, ...]:
    """Ratings in a server, best ordinal first; optionally only for some users."""

    async def work(session: AsyncSession) -> tuple[RatingInfo, ...]:
        query = select(Rating).where(Rating.guild_id == guild_id)
        if user_ids is not None:
            query = query.where(Rating.user_id.in_(list(user_ids)))
        rows = (await session.scalars(query)).all()
        infos = [
            RatingInfo(r.user_id, r.mu, r.sigma, ordinal(r.mu, r.sigma), r.games) for r in rows
        ]
        return tuple(sorted(infos, key=lambda r: (-r.ordinal, r.user_id)))

    return await db.read(work)
