"""Starting, ending and abandoning games, and the bookkeeping when a game closes or reopens."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import (
    audit,
    find_game,
    game_info,
    game_to_change,
    game_variant,
    seat_sides,
    utcnow,
)
from bot.games.errors import (
    BadFirstDealer,
    BadSideName,
    GameAlreadyRunning,
    NoRounds,
    PlayerOnTwoSides,
    WrongPlayerCount,
    WrongSideCount,
)
from bot.games.pending_round import clear_pending
from bot.games.ratings import rate_game, recompute_guild_ratings
from bot.games.results import GameInfo
from bot.games.stats import refresh_game_stats
from bot.scoring import Variant, outcome
from bot.storage.engine import Database
from bot.storage.models import (
    END_ABANDONED,
    END_DECLARED,
    GAME_ABANDONED,
    GAME_ACTIVE,
    GAME_FINISHED,
    AuditEntry,
    Game,
    GamePlayer,
    GameSide,
    GuildSettings,
)

DEFAULT_VARIANT = "classic"
SIDE_NAME_MAX = 64
DISPLAY_NAME_MAX = 100


@dataclass(frozen=True)
class PlayerSpec:
    user_id: int
    display_name: str


@dataclass(frozen=True)
class SideSpec:
    """A side at start: an optional name and its players (none at all for a quick game)."""

    name: str | None = None
    players: Sequence[PlayerSpec] = field(default_factory=tuple)


async def active_game_error(session: AsyncSession, channel_id: int) -> GameAlreadyRunning | None:
    running = await session.scalar(
        select(Game).where(Game.channel_id == channel_id, Game.state == GAME_ACTIVE)
    )
    if running is None:
        return None
    return GameAlreadyRunning(
        game_id=running.id,
        started_by=running.started_by,
        variant=running.variant_id,
        started_at=running.created_at,
        channel_id=channel_id,
    )


def _check_sides(variant: Variant, sides: Sequence[SideSpec]) -> list[str]:
    if len(sides) != variant.sides:
        raise WrongSideCount(variant=variant.id, expected=variant.sides, got=len(sides))
    quick = all(not s.players for s in sides)
    seen: set[int] = set()
    for index, (spec, expected) in enumerate(zip(sides, variant.players_per_side, strict=True)):
        if not quick and len(spec.players) != expected:
            raise WrongPlayerCount(side=index + 1, expected=expected, got=len(spec.players))
        for player in spec.players:
            if player.user_id in seen:
                raise PlayerOnTwoSides(user_id=player.user_id)
            seen.add(player.user_id)
    names = [(spec.name or "").strip() or chr(ord("A") + index) for index, spec in enumerate(sides)]
    if any(len(n) > SIDE_NAME_MAX for n in names) or len({n.casefold() for n in names}) != len(
        names
    ):
        raise BadSideName(max_length=SIDE_NAME_MAX)
    return names


async def start_game(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    variant_id: str | None = None,
    sides: Sequence[SideSpec] | None = None,
    house_rules: Mapping[str, Any] | None = None,
    target: int | None = None,
    first_dealer: int = 0,
    interaction_id: str | None = None,
) -> GameInfo:
    """Start a game in a channel; refused while another game runs there.

    ``variant_id`` defaults to the server's default variant, else classic. ``sides`` defaults to
    a quick game with sides "A", "B" (and "C") and no players. ``target`` is a shortcut for the
    ``target`` house rule. ``first_dealer`` is a 0-based seat. House rules are validated by the
    scoring domain (``ScoringError`` on a bad key or value).
    """
    rules = dict(house_rules or {})
    if target is not None:
        rules["target"] = target

    async def work(session: AsyncSession) -> GameInfo:
        replayed = await replayed_game(session, guild_id, interaction_id)
        if replayed is not None:
            return game_info(replayed)
        chosen = variant_id
        if chosen is None:
            settings = await session.get(GuildSettings, guild_id)
            chosen = (settings.default_variant if settings else None) or DEFAULT_VARIANT
        variant = game_variant(chosen, rules)
        specs = list(sides) if sides is not None else [SideSpec() for _ in range(variant.sides)]
        names = _check_sides(variant, specs)
        if not 0 <= first_dealer < variant.players:
            raise BadFirstDealer(given=first_dealer + 1, players=variant.players)
        running = await active_game_error(session, channel_id)
        if running is not None:
            raise running
        now = utcnow()
        game = Game(
            guild_id=guild_id,
            channel_id=channel_id,
            variant_id=chosen,
            house_rules=rules,
            state=GAME_ACTIVE,
            started_by=actor_id,
            created_at=now,
            first_dealer=first_dealer,
            draw=False,
            round_count=0,
            totals=[0] * variant.sides,
        )
        game.sides = [GameSide(side=i, name=name) for i, name in enumerate(names)]
        seats = seat_sides(variant)
        queues = [list(spec.players) for spec in specs]
        players = []
        for seat, side in enumerate(seats):
            if queues[side]:
                spec = queues[side].pop(0)
                players.append(
                    GamePlayer(
                        side=side,
                        seat=seat,
                        user_id=spec.user_id,
                        display_name=spec.display_name[:DISPLAY_NAME_MAX],
                    )
                )
        game.players = players
        session.add(game)
        await session.flush()
        info = game_info(game, variant)
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="start",
            actor_id=actor_id,
            after=_game_snapshot(info),
            interaction_id=interaction_id,
            at=now,
        )
        return info

    return await db.write(work)


def _game_snapshot(info: GameInfo) -> dict[str, Any]:
    return {
        "variant": info.variant_id,
        "house_rules": info.house_rules,
        "sides": [
            {"name": s.name, "players": [[p.user_id, p.display_name] for p in s.players]}
            for s in info.sides
        ],
        "first_dealer": info.first_dealer,
    }


def state_snapshot(game: Game) -> dict[str, Any]:
    return {
        "state": game.state,
        "end_reason": game.end_reason,
        "totals": list(game.totals),
        "winner_side": game.winner_side,
        "draw": game.draw,
        "rounds": game.round_count,
    }


async def close_game(
    session: AsyncSession, game: Game, variant: Variant, reason: str, *, declared: bool = False
) -> None:
    """Finish ``game`` at its totals: winner (or draw), end time, stats, ratings.

    Declared ends pick the highest total even below the target, and call equal leaders a draw.
    """
    totals = list(game.totals)
    if declared:
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        winner, draw = (leaders[0], False) if len(leaders) == 1 else (None, True)
    else:
        _, winner, draw = outcome(variant, totals, game.round_count)
    game.state = GAME_FINISHED
    game.end_reason = reason
    game.winner_side = winner
    game.draw = draw
    game.ended_at = game.ended_at or utcnow()
    await clear_pending(session, game.id)
    await session.flush()
    await refresh_game_stats(session, game)
    await rate_game(session, game)


async def reopen_game(session: AsyncSession, game: Game) -> None:
    """A finished game an edit or undo took below the target: active again, stats withdrawn."""
    running = await active_game_error(session, game.channel_id)
    if running is not None and running.params["game_id"] != game.id:
        raise running
    game.state = GAME_ACTIVE
    game.end_reason = None
    game.winner_side = None
    game.draw = False
    game.ended_at = None
    await session.flush()
    await refresh_game_stats(session, game)
    await recompute_guild_ratings(session, game.guild_id)


CloseStep = Callable[[AsyncSession, Game], Awaitable[Variant | None]]


async def _closing_command(
    db: Database,
    action: str,
    step: CloseStep,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    actor_is_manager: bool,
    game_id: int | None,
    interaction_id: str | None,
) -> GameInfo:
    """End or abandon: the shared lookup, permission check, idempotency and audit row."""

    async def work(session: AsyncSession) -> GameInfo:
        replayed = await replayed_game(session, guild_id, interaction_id)
        if replayed is not None:
            return game_info(replayed)
        game = await game_to_change(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            actor_id=actor_id,
            actor_is_manager=actor_is_manager,
            action=action,
        )
        before = state_snapshot(game)
        variant = await step(session, game)
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action=action,
            actor_id=actor_id,
            before=before,
            after=state_snapshot(game),
            interaction_id=interaction_id,
        )
        await session.flush()
        return game_info(game, variant) if variant is not None else game_info(game)

    return await db.write(work)


async def _declare_end(session: AsyncSession, game: Game) -> Variant:
    if game.round_count == 0:
        raise NoRounds(game_id=game.id)
    variant = game_variant(game.variant_id, game.house_rules)
    await close_game(session, game, variant, END_DECLARED, declared=True)
    return variant


async def _abandon(session: AsyncSession, game: Game) -> None:
    game.state = GAME_ABANDONED
    game.end_reason = END_ABANDONED
    game.ended_at = utcnow()
    await clear_pending(session, game.id)


async def end_game(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> GameInfo:
    """Declare the channel's game finished at the current totals (highest total wins)."""
    return await _closing_command(
        db,
        "end",
        _declare_end,
        guild_id=guild_id,
        channel_id=channel_id,
        actor_id=actor_id,
        actor_is_manager=actor_is_manager,
        game_id=game_id,
        interaction_id=interaction_id,
    )


async def abandon_game(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> GameInfo:
    """Abandon the channel's game: kept for the record, but no winner, stats or ratings."""
    return await _closing_command(
        db,
        "abandon",
        _abandon,
        guild_id=guild_id,
        channel_id=channel_id,
        actor_id=actor_id,
        actor_is_manager=actor_is_manager,
        game_id=game_id,
        interaction_id=interaction_id,
    )


async def replayed_game(
    session: AsyncSession, guild_id: int, interaction_id: str | None
) -> Game | None:
    """The game an earlier run of this same interaction changed, if it already ran.

    Discord retries an interaction the bot was slow to acknowledge; the retry must change
    nothing and get the same answer.
    """
    if interaction_id is None:
        return None
    game_id = await session.scalar(
        select(AuditEntry.game_id).where(AuditEntry.interaction_id == interaction_id)
    )
    if game_id is None:
        return None
    return await find_game(
        session,
        guild_id=guild_id,
        channel_id=None,
        game_id=game_id,
        allow_ended=True,
        allow_abandoned=True,
    )
