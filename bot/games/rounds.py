"""Recording, entering side by side, undoing and editing rounds.

Totals are never trusted from the past: recording adds to the game's stored running totals
(which every edit and undo rewrites from ``play``), and an edit replays every round so each
later total, minimum and the game's state follow from the rounds alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
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
from bot.games.errors import (
    BadSide,
    GameError,
    HandTwice,
    NoRounds,
    RoundNotFound,
    SideAlreadyEntered,
)
from bot.games.pending_round import (
    HAND_FROM_PLAYERS,
    HAND_FROM_SIDE,
    PendingRound,
    build_pending,
    clear_pending,
    entry_by_interaction,
    load_pending,
    pending_rows,
)
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


async def round_by_interaction(
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
    parts: Sequence[Mapping[str, int]] = (),
) -> RoundOutcome:
    """Score and store the next round: one flush writes the round, the game and the audit row.

    The running totals come from the game row (kept in step by every edit and undo), so only
    this round is scored, never the whole game again. ``has_pending=False`` (the caller knows
    there are no side entries or player parts waiting) saves their DELETE. ``parts`` (each
    player's hand, when a side's hand came from its players) goes into the audit row.
    """
    results = score_round(variant, sides, list(game.totals))
    if has_pending:
        await clear_pending(session, game.id)
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
        after={
            "round": number,
            "components": rnd.components,
            "totals": list(game.totals),
            **({"parts": [dict(p) for p in parts]} if parts else {}),
        },
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
            earlier = await round_by_interaction(session, guild_id, interaction_id)
            if earlier is not None:
                return earlier
            raise
        if target.recorded:
            earlier = await round_by_interaction(session, guild_id, interaction_id)
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


def side_only_problems(variant: Variant, side: int, parsed: SideRound) -> None:
    """Reject a side's own mistakes (negative, not a multiple of 5) before storing it."""
    sides = [SideRound() for _ in range(variant.sides)]
    sides[side] = parsed
    try:
        validate_round(variant, sides, [0] * variant.sides)
    except ScoringError as error:
        own = [p for p in error.problems if p.side == side]
        if own:
            raise ScoringError(own) from None


async def score_if_complete(
    session: AsyncSession,
    game: Game,
    variant: Variant,
    pending: PendingRound,
    actor_id: int,
    interaction_id: str | None,
) -> tuple[RoundOutcome | None, ScoringError | None]:
    """Score the round once every side (and every hand it waits for) is in.

    On a problem across sides the pieces (already flushed) stay pending and the error is
    returned for the caller to raise after the transaction commits them.
    """
    if not pending.complete:
        return None, None
    full = [parse_side(s.side_round(), s.side) for s in pending.sides]
    parts = [
        {"side": s.side, "player": p.player.user_id, "hand_points": p.hand_points}
        for s in pending.sides
        if s.hands_by_players
        for p in s.parts
    ]
    try:
        # score_round validates before anything is written, so on failure the pending
        # pieces (already flushed) are all this transaction commits.
        done = await _append_round(
            session, game, variant, full, actor_id, interaction_id, parts=parts
        )
    except ScoringError as error:
        return None, error
    return done, None


def _hand_from(
    components: SideInput, parsed: SideRound, asked: bool | None, side_has_parts: bool
) -> str | None:
    """Where this side's hand points come from, as the keeper's entry says (see
    ``bot.games.pending_round``): asked for, given as a number, or left open."""
    if asked is not None:
        if asked and parsed.hand_points:
            raise HandTwice()
        return HAND_FROM_PLAYERS if asked else HAND_FROM_SIDE
    given = (
        "hand_points" in components
        if isinstance(components, Mapping)
        else "hand_points" in parsed.model_fields_set
    )
    if given:
        return HAND_FROM_SIDE
    return HAND_FROM_PLAYERS if side_has_parts else None


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
    hands_by_players: bool | None = None,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> SideEntryOutcome:
    """One side enters its own numbers for the next round (``side`` is 0-based).

    The entry waits as pending until every side is in; then the round is validated across sides
    and scored. If that fails, the entries stay pending and ``ScoringError`` says what is wrong;
    a side corrects its entry by entering again with ``correct=True`` (without it, a second
    entry is refused with ``side_already_entered``).

    ``hands_by_players=True``: the entry is the side's melded part and each of its players
    enters their own hand (``bot.games.player_parts``); ``False``: the entry's hand points are
    the side's; None: the side's, unless the entry gives none and a player already entered a
    hand. The round scores once every side and every awaited hand is in.
    """

    async def work(session: AsyncSession) -> _EntryResult:
        earlier = await round_by_interaction(session, guild_id, interaction_id)
        if earlier is not None:
            return _EntryResult(
                SideEntryOutcome(
                    earlier.game_id, side, tuple(range(len(earlier.totals))), (), earlier
                )
            )
        stored = await entry_by_interaction(session, interaction_id)
        game = await find_game(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=stored.game_id if stored is not None else game_id,
            lock=True,
            allow_ended=stored is not None,
        )
        sides_count = len(game.totals)
        if not 0 <= side < sides_count:
            raise BadSide(side=side + 1, sides=sides_count)
        check_allowed(game, actor_id, actor_is_manager, "record", side=side)
        variant = game_variant(game.variant_id, game.house_rules)
        parsed = parse_side(components, side)
        entries, parts = await pending_rows(session, game.id)
        info = game_info(game, variant)
        if stored is not None:
            return _EntryResult(_entry_outcome(game, side, build_pending(info, entries, parts)))
        mine = next((e for e in entries if e.side == side), None)
        if mine is not None and not correct:
            raise SideAlreadyEntered(side=side + 1, entered_by=mine.entered_by)
        side_parts = [p for p in parts if p.side == side]
        hand_from = _hand_from(components, parsed, hands_by_players, bool(side_parts))
        before = dict(mine.components) if mine is not None else None
        if mine is None:
            mine = PendingEntry(game_id=game.id, side=side)
            session.add(mine)
            entries.append(mine)
        mine.components = _dump(parsed)
        mine.hand_from = hand_from
        mine.entered_by = actor_id
        mine.interaction_id = interaction_id
        mine.created_at = utcnow()
        pending = build_pending(info, entries, parts)
        side_only_problems(variant, side, parse_side(pending.sides[side].side_round(), side))
        await session.flush()
        after: dict[str, Any] = {"side": side, "components": mine.components}
        if hand_from == HAND_FROM_PLAYERS:
            after["hand_from"] = HAND_FROM_PLAYERS
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="enter",
            actor_id=actor_id,
            before={"side": side, "components": before} if before is not None else None,
            after=after,
            interaction_id=interaction_id,
        )
        done, error = await score_if_complete(
            session, game, variant, pending, actor_id, interaction_id
        )
        if done is not None:
            return _EntryResult(_entry_outcome(game, side, pending, done))
        return _EntryResult(_entry_outcome(game, side, pending), error)

    result = await db.write(work)
    if result.error is not None:
        raise result.error
    return result.outcome


def _entry_outcome(
    game: Game, side: int, pending: PendingRound, done: RoundOutcome | None = None
) -> SideEntryOutcome:
    if done is not None:
        return SideEntryOutcome(game.id, side, tuple(range(len(game.totals))), (), done)
    return SideEntryOutcome(
        game.id, side, pending.entered_sides, pending.missing_sides, None, pending
    )


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
    """Take back the last change to the channel's game: while a round is being entered, what
    was entered for it (side entries, player hands); else an adjustment given after the last
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
        if game.state != GAME_FINISHED:
            pending = await load_pending(session, game)
            if pending.started:
                return await _cancel_pending(session, game, pending, actor_id, interaction_id)
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


async def _cancel_pending(
    session: AsyncSession,
    game: Game,
    pending: PendingRound,
    actor_id: int,
    interaction_id: str | None,
) -> ScoreSheet:
    """Undo while a round is being entered: clear its side entries and player parts (the
    round that was being entered is what the table most recently did), score nothing."""
    await clear_pending(session, game.id)
    audit(
        session,
        guild_id=game.guild_id,
        game_id=game.id,
        action="cancel",
        actor_id=actor_id,
        before={
            "round": pending.number,
            "entries": {str(s.side): s.components for s in pending.sides if s.keeper_in},
            "parts": [
                {"side": s.side, "player": p.player.user_id, "hand_points": p.hand_points}
                for s in pending.sides
                for p in s.parts
            ],
        },
        after={"round": pending.number, "totals": list(game.totals)},
        interaction_id=interaction_id,
    )
    await session.flush()
    sheet = await build_sheet(session, game)
    return replace(sheet, cancelled_round=pending.number)


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
