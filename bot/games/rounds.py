"""Recording, entering side by side, undoing and editing rounds.

Totals are never trusted from the past: recording adds to the game's stored running totals
(which every edit and undo rewrites from ``play``), and an edit replays every round so each
later total, minimum and the game's state follow from the rounds alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import (
    audit,
    check_allowed,
    dealer_info,
    find_game,
    game_info,
    game_to_change,
    game_variant,
    lock_for_round,
    side_scores,
    utcnow,
)
from bot.games.adjustments import for_play, game_adjustments
from bot.games.errors import BadSide, GameError, NoRounds, RoundNotFound, SideAlreadyEntered
from bot.games.ratings import recompute_guild_ratings
from bot.games.recording import dump_side as _dump
from bot.games.recording import record_in
from bot.games.recording import result_json as _result_json
from bot.games.results import (
    AdjustmentRow,
    GameInfo,
    RoundOutcome,
    ScoreSheet,
    SideEntryOutcome,
)
from bot.games.sessions import close_game, reopen_game, replayed_game, state_snapshot
from bot.games.sheets import build_sheet
from bot.games.stats import refresh_game_stats
from bot.scoring import (
    ScoringError,
    SideRound,
    Variant,
    dealer_for_round,
    outcome,
    parse_side,
    parse_sides,
    play,
    score_round,
    validate_round,
)
from bot.scoring.adjustments import adjusted
from bot.storage.engine import Database
from bot.storage.models import (
    END_DECLARED,
    END_TARGET,
    GAME_FINISHED,
    Adjustment,
    Game,
    PendingEntry,
    Round,
)

SideInput = Mapping[str, Any] | SideRound
"""One side's components: a ``SideRound`` or its fields as a mapping (JSON, a form)."""

SidesForGame = Callable[[GameInfo, Variant], Sequence[SideInput]]
"""Reads every side's components once the game is known (compact lines need the game's variant
and sides); raising refuses the command before anything is written."""


def round_outcome(game: Game, variant: Variant, rnd: Round, replayed: bool) -> RoundOutcome:
    """The outcome of ``rnd`` as it stands: the same answer for a retried interaction."""
    results = side_scores(rnd.results)
    ended_here = (
        game.state == GAME_FINISHED
        and game.end_reason == END_TARGET
        and game.round_count == rnd.number
    )
    return RoundOutcome(
        game_id=game.id,
        number=rnd.number,
        results=results,
        totals=tuple(r.total for r in results),
        next_minimums=tuple(r.next_minimum for r in results),
        next_dealer=dealer_info(game, variant, rnd.number),
        finished=ended_here,
        winner_side=game.winner_side if ended_here else None,
        draw=game.draw if ended_here else False,
        replayed=replayed,
        game=game_info(game, variant),
    )


async def _round_by_interaction(
    session: AsyncSession, guild_id: int, interaction_id: str | None
) -> RoundOutcome | None:
    if interaction_id is None:
        return None
    rnd = await session.scalar(select(Round).where(Round.interaction_id == interaction_id))
    if rnd is None:
        return None
    game = await find_game(
        session,
        guild_id=guild_id,
        channel_id=None,
        game_id=rnd.game_id,
        allow_ended=True,
        allow_abandoned=True,
    )
    return round_outcome(game, game_variant(game.variant_id, game.house_rules), rnd, True)


async def _append_round(
    session: AsyncSession,
    game: Game,
    variant: Variant,
    sides: Sequence[SideRound],
    actor_id: int,
    interaction_id: str | None,
    has_pending: bool = True,
) -> RoundOutcome:
    """Score and store the next round: one flush writes the round, the game and the audit row.

    The running totals come from the game row (kept in step by every edit and undo), so only
    this round is scored, never the whole game again. ``has_pending=False`` (the caller knows
    there are no side entries waiting) saves the DELETE of pending entries.
    """
    results = score_round(variant, sides, list(game.totals))
    if has_pending:
        await session.execute(delete(PendingEntry).where(PendingEntry.game_id == game.id))
    number = game.round_count + 1
    rnd = Round(
        game_id=game.id,
        number=number,
        components=[_dump(s) for s in sides],
        results=[_result_json(r) for r in results],
        dealer_seat=dealer_for_round(variant, number - 1, game.first_dealer),
        recorded_by=actor_id,
        interaction_id=interaction_id,
        created_at=utcnow(),
    )
    session.add(rnd)
    game.round_count = number
    game.totals = [r.total for r in results]
    finished, _, _ = outcome(variant, game.totals, number)
    if finished:
        await session.flush()
        await close_game(session, game, variant, END_TARGET)
    audit(
        session,
        guild_id=game.guild_id,
        game_id=game.id,
        action="record",
        actor_id=actor_id,
        after={"round": number, "components": rnd.components, "totals": list(game.totals)},
    )
    await session.flush()
    return round_outcome(game, variant, rnd, False)


async def record_round(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    sides: Sequence[SideInput] | SidesForGame,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> RoundOutcome:
    """Record a round with every side's components at once; validated across sides.

    A round in the channel's running game takes the short path of ``bot.games.recording``: one
    transaction of a few Core statements whose cost does not grow with the rounds already
    played. The rest (a replayed interaction, pending side entries, the round that ends the
    game, a game named by id) runs below through the ORM. ``sides`` may be a function of the
    game for input that can only be read once the game is known (see ``SidesForGame``).

    Raises ``ScoringError`` for numbers that cannot be scored (nothing is stored), a
    ``GameError`` for a refused command. A retry with the same ``interaction_id`` stores
    nothing and returns the original outcome with ``replayed=True``.
    """

    if game_id is None:
        quick = await db.write_now(
            lambda connection: record_in(
                connection,
                guild_id=guild_id,
                channel_id=channel_id,
                actor_id=actor_id,
                actor_is_manager=actor_is_manager,
                interaction_id=interaction_id,
                sides=sides,
            )
        )
        if quick is not None:
            return quick

    async def work(session: AsyncSession) -> RoundOutcome:
        # One SELECT locks the game and says whether this interaction already recorded a round
        # and whether side entries are pending. The retry check runs on its own only when the
        # lookup refuses (the round this interaction recorded may have finished the game) or
        # that SELECT saw a recorded round.
        try:
            target = await lock_for_round(
                session,
                guild_id=guild_id,
                channel_id=channel_id,
                game_id=game_id,
                interaction_id=interaction_id,
            )
        except GameError:
            earlier = await _round_by_interaction(session, guild_id, interaction_id)
            if earlier is not None:
                return earlier
            raise
        if target.recorded:
            earlier = await _round_by_interaction(session, guild_id, interaction_id)
            if earlier is not None:
                return earlier
        game = target.game
        check_allowed(game, actor_id, actor_is_manager, "record")
        variant = game_variant(game.variant_id, game.house_rules)
        given = sides(game_info(game, variant), variant) if callable(sides) else sides
        parsed = parse_sides(given)
        # SQLite: BEGIN IMMEDIATE held the write lock before that SELECT, so "no pending
        # entries" is still true. PostgreSQL: the SELECT's snapshot may predate an entry
        # committed while it waited for the row lock, so the DELETE always runs there.
        has_pending = target.has_pending or session.get_bind().dialect.name != "sqlite"
        return await _append_round(
            session, game, variant, parsed, actor_id, interaction_id, has_pending
        )

    return await db.write(work)


@dataclass(frozen=True)
class _EntryResult:
    outcome: SideEntryOutcome
    error: ScoringError | None = None


def _side_only_problems(variant: Variant, side: int, parsed: SideRound) -> None:
    """Reject a side's own mistakes (negative, not a multiple of 5) before storing it."""
    sides = [SideRound() for _ in range(variant.sides)]
    sides[side] = parsed
    try:
        validate_round(variant, sides, [0] * variant.sides)
    except ScoringError as error:
        own = [p for p in error.problems if p.side == side]
        if own:
            raise ScoringError(own) from None


async def enter_side(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    side: int,
    components: SideInput,
    actor_is_manager: bool = False,
    correct: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> SideEntryOutcome:
    """One side enters its own numbers for the next round (``side`` is 0-based).

    The entry waits as pending until every side is in; then the round is validated across sides
    and scored. If that fails, the entries stay pending and ``ScoringError`` says what is wrong;
    a side corrects its entry by entering again with ``correct=True`` (without it, a second
    entry is refused with ``side_already_entered``).
    """

    async def work(session: AsyncSession) -> _EntryResult:
        earlier = await _round_by_interaction(session, guild_id, interaction_id)
        if earlier is not None:
            return _EntryResult(
                SideEntryOutcome(
                    earlier.game_id, side, tuple(range(len(earlier.totals))), (), earlier
                )
            )
        game = await find_game(
            session, guild_id=guild_id, channel_id=channel_id, game_id=game_id, lock=True
        )
        sides_count = len(game.totals)
        if not 0 <= side < sides_count:
            raise BadSide(side=side + 1, sides=sides_count)
        check_allowed(game, actor_id, actor_is_manager, "record", side=side)
        variant = game_variant(game.variant_id, game.house_rules)
        parsed = parse_side(components, side)
        _side_only_problems(variant, side, parsed)
        pending = {
            p.side: p
            for p in (
                await session.scalars(select(PendingEntry).where(PendingEntry.game_id == game.id))
            ).all()
        }
        mine = pending.get(side)
        if mine is not None and mine.interaction_id == interaction_id and interaction_id:
            return _EntryResult(_entry_outcome(game, side, pending, None))
        if mine is not None and not correct:
            raise SideAlreadyEntered(side=side + 1, entered_by=mine.entered_by)
        before = dict(mine.components) if mine is not None else None
        if mine is None:
            mine = PendingEntry(game_id=game.id, side=side)
            session.add(mine)
            pending[side] = mine
        mine.components = _dump(parsed)
        mine.entered_by = actor_id
        mine.interaction_id = interaction_id
        mine.created_at = utcnow()
        await session.flush()
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="enter",
            actor_id=actor_id,
            before={"side": side, "components": before} if before is not None else None,
            after={"side": side, "components": mine.components},
        )
        if len(pending) < sides_count:
            return _EntryResult(_entry_outcome(game, side, pending, None))
        full = [parse_side(pending[i].components, i) for i in range(sides_count)]
        try:
            # score_round validates before anything is written, so on failure the pending
            # entries (already flushed) are all this transaction commits.
            done = await _append_round(session, game, variant, full, actor_id, None)
        except ScoringError as error:
            return _EntryResult(_entry_outcome(game, side, pending, None), error)
        return _EntryResult(_entry_outcome(game, side, {}, done))

    result = await db.write(work)
    if result.error is not None:
        raise result.error
    return result.outcome


def _entry_outcome(
    game: Game, side: int, pending: Mapping[int, PendingEntry], done: RoundOutcome | None
) -> SideEntryOutcome:
    entered = tuple(range(len(game.totals))) if done is not None else tuple(sorted(pending))
    missing = tuple(i for i in range(len(game.totals)) if i not in entered)
    return SideEntryOutcome(game.id, side, entered, missing, done)


async def undo_round(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> ScoreSheet:
    """Take back the last change to the channel's game: an adjustment given after the last
    round if there is one (the newest first), else the last round; on the channel's last game
    too if that change finished it (the game is then active again)."""

    async def work(session: AsyncSession) -> ScoreSheet:
        replayed = await replayed_game(session, guild_id, interaction_id)
        if replayed is not None:
            return await build_sheet(session, replayed)
        game = await game_to_change(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            actor_id=actor_id,
            actor_is_manager=actor_is_manager,
            action="undo",
            reach_finished=True,
        )
        before = state_snapshot(game)
        undone = await _undo_adjustment(session, game)
        if undone is None:
            before.update(await _undo_last_round(session, game))
        else:
            before["adjustment"] = {
                "side": undone.side,
                "points": undone.points,
                "reason": undone.reason,
            }
        await session.flush()
        if game.state == GAME_FINISHED:
            await reopen_game(session, game)
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="undo",
            actor_id=actor_id,
            before=before,
            after=state_snapshot(game),
            interaction_id=interaction_id,
        )
        await session.flush()
        sheet = await build_sheet(session, game)
        if undone is None:
            return sheet
        return replace(sheet, undone_adjustment=_undone_row(undone, game))

    return await db.write(work)


async def _undo_adjustment(session: AsyncSession, game: Game) -> Adjustment | None:
    """Remove the newest adjustment given since the last round, if any."""
    last = await session.scalar(
        select(Adjustment)
        .where(Adjustment.game_id == game.id, Adjustment.after_round == game.round_count)
        .order_by(Adjustment.id.desc())
        .limit(1)
    )
    if last is None:
        return None
    await session.delete(last)
    game.totals = adjusted(game.totals, last.side, -last.points)
    return last


async def _undo_last_round(session: AsyncSession, game: Game) -> dict[str, Any]:
    """Remove the last round; the totals go back to what they were just before it (each
    round's stored total is the total before it plus its net, adjustments included)."""
    if game.round_count == 0:
        raise NoRounds(game_id=game.id)
    last = await session.scalar(
        select(Round).where(Round.game_id == game.id, Round.number == game.round_count)
    )
    assert last is not None
    removed = {"round": last.number, "components": last.components, "results": last.results}
    await session.delete(last)
    game.round_count = last.number - 1
    game.totals = [r["total"] - r["net"] for r in last.results]
    return removed


def _undone_row(a: Adjustment, game: Game) -> AdjustmentRow:
    return AdjustmentRow(
        a.id,
        a.after_round,
        a.side,
        a.points,
        a.reason,
        a.created_by,
        a.created_at,
        game.totals[a.side],
    )


async def edit_round(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    number: int,
    sides: Mapping[int, SideInput],
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> ScoreSheet:
    """Replace some or all sides' components of round ``number`` (``sides``: 0-based side ->
    components) and recompute every later round.

    Refused whole (``ScoringError`` naming the round) if any round no longer scores, including
    a round after the one where the game would now end. The game's state follows the rounds: an
    edit can finish it or reopen it; a finished game's stats and the server's ratings are
    recomputed.
    """

    async def work(session: AsyncSession) -> ScoreSheet:
        replayed = await replayed_game(session, guild_id, interaction_id)
        if replayed is not None:
            return await build_sheet(session, replayed)
        game = await game_to_change(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            actor_id=actor_id,
            actor_is_manager=actor_is_manager,
            action="edit",
            reach_finished=True,
        )
        sides_count = len(game.totals)
        for index in sides:
            if not isinstance(index, int) or not 0 <= index < sides_count:
                raise BadSide(
                    side=index + 1 if isinstance(index, int) else index, sides=sides_count
                )
        rounds = list(
            (
                await session.scalars(
                    select(Round).where(Round.game_id == game.id).order_by(Round.number)
                )
            ).all()
        )
        if not 1 <= number <= len(rounds):
            raise RoundNotFound(game_id=game.id, number=number, rounds=len(rounds))
        variant = game_variant(game.variant_id, game.house_rules)
        target = rounds[number - 1]
        replaced = {i: parse_side(raw, i) for i, raw in sides.items()}
        parsed = [[parse_side(c, i) for i, c in enumerate(r.components)] for r in rounds]
        parsed[number - 1] = [replaced.get(i, s) for i, s in enumerate(parsed[number - 1])]
        adjustments = for_play(await game_adjustments(session, game.id))
        progress = play(variant, parsed, game.first_dealer, adjustments)
        before = {
            **state_snapshot(game),
            "round": number,
            "components": target.components,
            "results": target.results,
        }
        target.components = [_dump(s) for s in parsed[number - 1]]
        for rnd, results in zip(rounds, progress.rounds, strict=True):
            rnd.results = [_result_json(r) for r in results]
        game.totals = list(progress.totals)
        await session.flush()
        await _follow_state(session, game, variant, progress.finished)
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="edit",
            actor_id=actor_id,
            before=before,
            after={
                **state_snapshot(game),
                "round": number,
                "components": target.components,
                "results": target.results,
            },
            interaction_id=interaction_id,
        )
        await session.flush()
        return await build_sheet(session, game)

    return await db.write(work)


async def _follow_state(
    session: AsyncSession, game: Game, variant: Variant, reached_target: bool
) -> None:
    """After an edit: finish, reopen, or re-decide the winner, and refresh stats/ratings."""
    if game.state != GAME_FINISHED:
        if reached_target:
            await close_game(session, game, variant, END_TARGET)
        return
    if game.end_reason == END_DECLARED or reached_target:
        totals = list(game.totals)
        if game.end_reason == END_DECLARED:
            best = max(totals)
            leaders = [i for i, t in enumerate(totals) if t == best]
            game.winner_side, game.draw = (leaders[0], False) if len(leaders) == 1 else (None, True)
        else:
            _, game.winner_side, game.draw = outcome(variant, totals, game.round_count)
        await session.flush()
        await refresh_game_stats(session, game)
        await recompute_guild_ratings(session, game.guild_id)
        return
    await reopen_game(session, game)
