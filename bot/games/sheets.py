"""Read-only views: the score sheet of a game, its audit trail, and past games."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import (
    dealer_info,
    find_game,
    game_info,
    game_variant,
    side_scores,
)
from bot.games.adjustments import adjustment_rows, game_adjustments
from bot.games.errors import NoActiveGame
from bot.games.pending_round import build_pending, pending_rows
from bot.games.recording import active_game_in
from bot.games.results import AuditRow, GameInfo, GameSummary, RoundRow, ScoreSheet
from bot.scoring import opening_minimum
from bot.storage.engine import Database
from bot.storage.models import AuditEntry, Game, GameSide, Round


async def build_sheet(session: AsyncSession, game: Game) -> ScoreSheet:
    variant = game_variant(game.variant_id, game.house_rules)
    rounds = (
        await session.scalars(select(Round).where(Round.game_id == game.id).order_by(Round.number))
    ).all()
    entries, parts = await pending_rows(session, game.id)
    info = game_info(game, variant)
    pending = build_pending(info, entries, parts)
    rows = tuple(
        RoundRow(
            number=r.number,
            components=tuple(dict(c) for c in r.components),
            results=side_scores(r.results),
            dealer_seat=r.dealer_seat,
            recorded_by=r.recorded_by,
            created_at=r.created_at,
        )
        for r in rounds
    )
    totals = tuple(game.totals)
    adjustments = adjustment_rows(
        await game_adjustments(session, game.id),
        {r.number: [s.total for s in r.results] for r in rows},
        len(totals),
    )
    return ScoreSheet(
        game=info,
        rounds=rows,
        totals=totals,
        next_minimums=tuple(opening_minimum(variant, t) for t in totals),
        next_dealer=dealer_info(game, variant, game.round_count),
        pending_sides=pending.entered_sides,
        pending=pending,
        adjustments=adjustments,
    )


async def active_game(db: Database, *, guild_id: int, channel_id: int) -> GameInfo:
    """The channel's running game with its sides and players, never its rounds.

    One SELECT on the one-active-game-per-channel index: what a command needs to read its input
    (the variant, the sides) costs the same at round 600 as at round 1. ``NoActiveGame`` if
    the channel has none; a game of another server is refused like any other lookup.
    """

    game = await db.read_now(
        lambda connection: active_game_in(connection, guild_id=guild_id, channel_id=channel_id)
    )
    if game is None:
        raise NoActiveGame(channel_id=channel_id)
    return game


async def score_sheet(
    db: Database, *, guild_id: int, channel_id: int | None, game_id: int | None = None
) -> ScoreSheet:
    """The channel's current game (else its last finished one), or game ``game_id``."""

    async def work(session: AsyncSession) -> ScoreSheet:
        game = await find_game(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            allow_ended=True,
            allow_abandoned=game_id is not None,
            latest_if_none_active=True,
        )
        return await build_sheet(session, game)

    return await db.read(work)


async def game_history(
    db: Database, *, guild_id: int, channel_id: int | None, game_id: int | None = None
) -> tuple[AuditRow, ...]:
    """Every change to a game, oldest first: who did what, when, before and after."""

    async def work(session: AsyncSession) -> tuple[AuditRow, ...]:
        game = await find_game(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            allow_ended=True,
            allow_abandoned=game_id is not None,
            latest_if_none_active=True,
        )
        entries = (
            await session.scalars(
                select(AuditEntry).where(AuditEntry.game_id == game.id).order_by(AuditEntry.id)
            )
        ).all()
        return tuple(
            AuditRow(e.id, e.game_id, e.action, e.actor_id, e.at, e.before, e.after)
            for e in entries
        )

    return await db.read(work)


async def past_games(
    db: Database,
    *,
    guild_id: int,
    channel_id: int | None = None,
    limit: int = 25,
    before_id: int | None = None,
) -> tuple[GameSummary, ...]:
    """Games of a server (or one channel), newest first; page with ``before_id``."""

    async def work(session: AsyncSession) -> tuple[GameSummary, ...]:
        query = select(Game).where(Game.guild_id == guild_id)
        if channel_id is not None:
            query = query.where(Game.channel_id == channel_id)
        if before_id is not None:
            query = query.where(Game.id < before_id)
        games = (await session.scalars(query.order_by(Game.id.desc()).limit(limit))).all()
        names: dict[int, list[str]] = {}
        if games:
            for side in (
                await session.scalars(
                    select(GameSide)
                    .where(GameSide.game_id.in_([g.id for g in games]))
                    .order_by(GameSide.game_id, GameSide.side)
                )
            ).all():
                names.setdefault(side.game_id, []).append(side.name)
        return tuple(
            GameSummary(
                id=g.id,
                channel_id=g.channel_id,
                variant_id=g.variant_id,
                state=g.state,
                end_reason=g.end_reason,
                created_at=g.created_at,
                ended_at=g.ended_at,
                round_count=g.round_count,
                totals=tuple(g.totals),
                side_names=tuple(names.get(g.id, [])),
                winner_side=g.winner_side,
                draw=g.draw,
            )
            for g in games
        )

    return await db.read(work)
