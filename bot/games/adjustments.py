"""``/round adjust``: a bonus or penalty for one side with its reason, and reading them back.

Stored in a table of their own (``Adjustment``), not as a kind of round: the game row's
running totals include every adjustment, so recording a round (``bot.games.recording``, the
hot path) reads nothing new and stays one short transaction; rounds keep meaning dealt hands,
so the deal, a fixed number of rounds and per-round statistics are not disturbed. An
adjustment moves the side's total, hence its opening minimum, and may end the game when it
takes a side to the target (the game's end rule decides, ties included), like a round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import audit, find_game, game_info, game_to_change, game_variant, utcnow
from bot.games.results import AdjustmentRow, AdjustOutcome
from bot.games.sessions import close_game
from bot.scoring import opening_minimum, outcome
from bot.scoring.adjustments import Adjustment as Adjusting
from bot.scoring.adjustments import adjusted, check_adjustment
from bot.storage.engine import Database
from bot.storage.models import END_TARGET, GAME_FINISHED, Adjustment, Game


async def game_adjustments(session: AsyncSession, game_id: int) -> list[Adjustment]:
    """A game's adjustments, oldest first."""
    return list(
        (
            await session.scalars(
                select(Adjustment).where(Adjustment.game_id == game_id).order_by(Adjustment.id)
            )
        ).all()
    )


def for_play(rows: Sequence[Adjustment]) -> list[Adjusting]:
    """The stored adjustments as the scoring domain replays them."""
    return [Adjusting(a.after_round, a.side, a.points) for a in rows]


def adjustment_rows(
    rows: Sequence[Adjustment], after_round: Mapping[int, Sequence[int]], sides: int
) -> tuple[AdjustmentRow, ...]:
    """Each adjustment with its side's total just after it: the totals after its round
    (``after_round``: round number -> totals; zero before the first) plus every adjustment
    since, in the order they were given."""
    out: list[AdjustmentRow] = []
    running: dict[int, list[int]] = {}
    for a in rows:
        totals = running.setdefault(
            a.after_round, list(after_round.get(a.after_round, [0] * sides))
        )
        totals[a.side] += a.points
        out.append(
            AdjustmentRow(
                id=a.id,
                after_round=a.after_round,
                side=a.side,
                points=a.points,
                reason=a.reason,
                created_by=a.created_by,
                created_at=a.created_at,
                total=totals[a.side],
            )
        )
    return tuple(out)


def _row(a: Adjustment, total: int) -> AdjustmentRow:
    return AdjustmentRow(
        a.id, a.after_round, a.side, a.points, a.reason, a.created_by, a.created_at, total
    )


def _adjust_outcome(game: Game, a: Adjustment, replayed: bool) -> AdjustOutcome:
    variant = game_variant(game.variant_id, game.house_rules)
    ended_here = game.state == GAME_FINISHED and game.end_reason == END_TARGET
    return AdjustOutcome(
        adjustment=_row(a, game.totals[a.side]),
        game=game_info(game, variant),
        totals=tuple(game.totals),
        next_minimums=tuple(opening_minimum(variant, t) for t in game.totals),
        finished=ended_here,
        replayed=replayed,
    )


async def _replayed(
    session: AsyncSession, guild_id: int, interaction_id: str | None
) -> AdjustOutcome | None:
    if interaction_id is None:
        return None
    earlier = await session.scalar(
        select(Adjustment).where(Adjustment.interaction_id == interaction_id)
    )
    if earlier is None:
        return None
    game = await find_game(
        session,
        guild_id=guild_id,
        channel_id=None,
        game_id=earlier.game_id,
        allow_ended=True,
        allow_abandoned=True,
    )
    return _adjust_outcome(game, earlier, True)


async def adjust_score(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    side: int,
    points: int,
    reason: str,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> AdjustOutcome:
    """Give ``side`` (0-based) ``points`` (+ bonus, - penalty) with ``reason`` in the channel's
    running game; the same permission as recording a round.

    Refused whole before any write: ``ScoringError`` for the side, the points (a multiple of 5,
    not 0, at most 10,000 either way), the reason (required, at most 200 characters) or a total
    no real game reaches; ``GameError`` for the game or the permission. A retried interaction
    stores nothing and returns the first answer with ``replayed=True``.
    """

    async def work(session: AsyncSession) -> AdjustOutcome:
        earlier = await _replayed(session, guild_id, interaction_id)
        if earlier is not None:
            return earlier
        game = await game_to_change(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            actor_id=actor_id,
            actor_is_manager=actor_is_manager,
            action="adjust",
        )
        variant = game_variant(game.variant_id, game.house_rules)
        cleaned = check_adjustment(variant, side, points, reason, list(game.totals))
        before = list(game.totals)
        row = Adjustment(
            game_id=game.id,
            after_round=game.round_count,
            side=side,
            points=points,
            reason=cleaned,
            created_by=actor_id,
            interaction_id=interaction_id,
            created_at=utcnow(),
        )
        session.add(row)
        game.totals = adjusted(game.totals, side, points)
        await session.flush()
        if outcome(variant, game.totals, game.round_count)[0]:
            await close_game(session, game, variant, END_TARGET)
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="adjust",
            actor_id=actor_id,
            before={"totals": before},
            after={
                "round": game.round_count,
                "side": side,
                "points": points,
                "reason": cleaned,
                "totals": list(game.totals),
            },
        )
        await session.flush()
        return _adjust_outcome(game, row, False)

    return await db.write(work)
