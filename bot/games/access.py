"""Shared plumbing for the services: find and lock a game, check who may act, convert to results.

Every command that changes a game goes through ``lock_game``: ``SELECT ... FOR UPDATE`` on the
game row (PostgreSQL) inside a transaction that SQLite starts with ``BEGIN IMMEDIATE`` (see
``bot.storage.engine``), so commands for one game run one after another across processes.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import exists, null, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload, selectinload

from bot.games.errors import (
    GameFinished,
    GameNotFound,
    NoActiveGame,
    NotAllowed,
    NotInGuild,
    UnknownVariant,
    WrongChannel,
)
from bot.games.results import (
    DealerInfo,
    GameInfo,
    PlayerInfo,
    SideInfo,
    SideScore,
)
from bot.scoring import (
    UnknownVariantError,
    Variant,
    apply_house_rules,
    dealer_for_round,
    load_variant,
)
from bot.storage.models import (
    GAME_ACTIVE,
    GAME_FINISHED,
    AuditEntry,
    Game,
    PendingEntry,
    PlayerPart,
    Round,
)


def utcnow() -> datetime:
    return datetime.now(UTC)


@functools.lru_cache(maxsize=256)
def _variant_cached(variant_id: str, rules_json: str) -> Variant:
    return apply_house_rules(load_variant(variant_id), json.loads(rules_json))


def game_variant(variant_id: str, house_rules: Mapping[str, Any]) -> Variant:
    """The variant as this game plays it; cached because every round needs it."""
    try:
        return _variant_cached(variant_id, json.dumps(dict(house_rules), sort_keys=True))
    except UnknownVariantError as error:
        raise UnknownVariant(variant=variant_id, known=", ".join(error.known)) from None


def seat_sides(variant: Variant) -> list[int]:
    """The side of each seat round the table: sides alternate, as partners sit opposite."""
    order: list[int] = []
    for position in range(max(variant.players_per_side)):
        for side, count in enumerate(variant.players_per_side):
            if position < count:
                order.append(side)
    return order


def _game_query(*conditions: Any, lock: bool) -> Any:
    query = (
        select(Game)
        .where(*conditions)
        .options(selectinload(Game.sides), selectinload(Game.players))
    )
    if lock:
        query = query.with_for_update(of=Game)
    return query.execution_options(populate_existing=True)


async def find_game(
    session: AsyncSession,
    *,
    guild_id: int,
    channel_id: int | None,
    game_id: int | None = None,
    lock: bool = False,
    allow_ended: bool = False,
    allow_abandoned: bool = False,
    latest_if_none_active: bool = False,
) -> Game:
    """The game a command is about: ``game_id`` if given, else the channel's active game.

    ``latest_if_none_active`` lets undo/edit reach the channel's last finished game (a round
    entered wrongly can end a game). Checks, in order: exists, same server, same channel, state.
    """
    if game_id is not None:
        game = (
            await session.execute(_game_query(Game.id == game_id, lock=lock))
        ).scalar_one_or_none()
        if game is None:
            raise GameNotFound(game_id=game_id)
    else:
        if channel_id is None:
            raise NoActiveGame(channel_id=None)
        game = (
            await session.execute(
                _game_query(Game.channel_id == channel_id, Game.state == GAME_ACTIVE, lock=lock)
            )
        ).scalar_one_or_none()
        if game is None and latest_if_none_active:
            latest = await session.scalar(
                select(Game.id)
                .where(Game.channel_id == channel_id)
                .order_by(Game.id.desc())
                .limit(1)
            )
            if latest is not None:
                candidate = (
                    await session.execute(_game_query(Game.id == latest, lock=lock))
                ).scalar_one()
                if candidate.state == GAME_FINISHED:
                    game = candidate
        if game is None:
            raise NoActiveGame(channel_id=channel_id)
    return check_game(
        game,
        guild_id=guild_id,
        channel_id=channel_id,
        allow_ended=allow_ended,
        allow_abandoned=allow_abandoned,
    )


async def game_to_change(
    session: AsyncSession,
    *,
    guild_id: int,
    channel_id: int,
    game_id: int | None,
    actor_id: int,
    actor_is_manager: bool,
    action: str,
    reach_finished: bool = False,
) -> Game:
    """The game a changing command is about, locked, after checking the actor may ``action``.

    ``reach_finished`` lets undo and edit act on the channel's just-finished game.
    """
    game = await find_game(
        session,
        guild_id=guild_id,
        channel_id=channel_id,
        game_id=game_id,
        lock=True,
        allow_ended=reach_finished,
        latest_if_none_active=reach_finished,
    )
    check_allowed(game, actor_id, actor_is_manager, action)
    return game


def check_game(
    game: Game,
    *,
    guild_id: int,
    channel_id: int | None,
    allow_ended: bool = False,
    allow_abandoned: bool = False,
) -> Game:
    """``game`` if a command in this server and channel may act on it in its state."""
    if game.guild_id != guild_id:
        raise NotInGuild(game_id=game.id, guild_id=guild_id)
    if channel_id is not None and game.channel_id != channel_id:
        raise WrongChannel(game_id=game.id, game_channel_id=game.channel_id, channel_id=channel_id)
    if game.state == GAME_ACTIVE or (allow_ended and game.state == GAME_FINISHED):
        return game
    if not allow_abandoned:
        raise GameFinished(game_id=game.id, state=game.state)
    return game


@dataclass(frozen=True)
class RoundTarget:
    """The locked game a new round goes to, and what the same statement found out about it."""

    game: Game
    recorded: bool
    """This interaction already recorded a round (of this or another game): replay it."""
    has_pending: bool
    """Sides or players have entered numbers for the next round (side-by-side entry)."""


async def lock_for_round(
    session: AsyncSession,
    *,
    guild_id: int,
    channel_id: int,
    game_id: int | None,
    interaction_id: str | None,
) -> RoundTarget:
    """``find_game(..., lock=True)`` for recording a round, in one round trip.

    The game row (locked), its sides and players, whether ``interaction_id`` already recorded a
    round and whether pending side entries exist come from a single SELECT (the reply names the
    sides, so loading them here saves the command a second query). Refuses like ``find_game``.
    """
    recorded: Any = null()
    if interaction_id is not None:
        recorded = select(Round.id).where(Round.interaction_id == interaction_id).scalar_subquery()
    pending = or_(
        exists().where(PendingEntry.game_id == Game.id),
        exists().where(PlayerPart.game_id == Game.id),
    )
    where = (
        [Game.id == game_id]
        if game_id is not None
        else [Game.channel_id == channel_id, Game.state == GAME_ACTIVE]
    )
    query = (
        select(Game, recorded.label("recorded"), pending.label("has_pending"))
        .where(*where)
        .options(joinedload(Game.players), joinedload(Game.sides))
        .with_for_update(of=Game)
        .execution_options(populate_existing=True)
    )
    row = (await session.execute(query)).unique().one_or_none()
    if row is None:
        if game_id is not None:
            raise GameNotFound(game_id=game_id)
        raise NoActiveGame(channel_id=channel_id)
    game, recorded_id, has_pending = row
    check_game(game, guild_id=guild_id, channel_id=channel_id)
    return RoundTarget(game, recorded_id is not None, bool(has_pending))


def check_allowed(
    game: Game,
    actor_id: int,
    actor_is_manager: bool,
    action: str,
    side: int | None = None,
) -> None:
    """Players and managers may change a game; in a quick game without players, anyone may.

    With ``side``, only that side's players (and managers) may: side-by-side entry.
    """
    if actor_is_manager or not game.players:
        return
    if side is None:
        allowed = [p.user_id for p in game.players]
        who = "players_or_managers"
    else:
        allowed = [p.user_id for p in game.players if p.side == side]
        who = "side_or_managers"
    if actor_id not in allowed:
        raise NotAllowed(action=action, who=who, players=allowed)


def game_info(game: Game, variant: Variant | None = None) -> GameInfo:
    variant = variant or game_variant(game.variant_id, game.house_rules)
    players = [PlayerInfo(p.user_id, p.display_name, p.side, p.seat) for p in game.players]
    sides = tuple(
        SideInfo(s.side, s.name, tuple(p for p in players if p.side == s.side))
        for s in sorted(game.sides, key=lambda s: s.side)
    )
    return GameInfo(
        id=game.id,
        guild_id=game.guild_id,
        channel_id=game.channel_id,
        variant_id=game.variant_id,
        house_rules=dict(game.house_rules),
        target=variant.target,
        state=game.state,
        end_reason=game.end_reason,
        started_by=game.started_by,
        created_at=game.created_at,
        ended_at=game.ended_at,
        first_dealer=game.first_dealer,
        winner_side=game.winner_side,
        draw=game.draw,
        round_count=game.round_count,
        totals=tuple(game.totals),
        sides=sides,
    )


def dealer_info(game: Game, variant: Variant, rounds_played: int) -> DealerInfo:
    seat = dealer_for_round(variant, rounds_played, game.first_dealer)
    player = next((p for p in game.players if p.seat == seat), None)
    return DealerInfo(
        seat=seat,
        side=seat_sides(variant)[seat],
        player=PlayerInfo(player.user_id, player.display_name, player.side, player.seat)
        if player
        else None,
    )


def side_scores(results: Sequence[Mapping[str, Any]]) -> tuple[SideScore, ...]:
    return tuple(
        SideScore(i, r["net"], dict(r["breakdown"]), r["total"], r["next_minimum"])
        for i, r in enumerate(results)
    )


def audit(
    session: AsyncSession,
    *,
    guild_id: int,
    game_id: int | None,
    action: str,
    actor_id: int,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    interaction_id: str | None = None,
    at: datetime | None = None,
) -> None:
    session.add(
        AuditEntry(
            guild_id=guild_id,
            game_id=game_id,
            action=action,
            actor_id=actor_id,
            at=at or utcnow(),
            before=before,
            after=after,
            interaction_id=interaction_id,
        )
    )
