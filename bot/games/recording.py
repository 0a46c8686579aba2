"""The command players use most, recording a round, as one short transaction of Core statements.

Why a path of its own: a round is recorded dozens of times a game, and through the ORM and
aiosqlite it cost about 17 ms of CPU and 13 statements, most of it object bookkeeping and
thread hand-offs rather than work. Here the statements are built once at import, run on a plain
``Connection`` (on SQLite in one hand-off to the writer thread, see
``Database.write_now``), and the work does not depend on how many rounds were played: find and
lock the game, read its sides and players, insert the round and its audit row, update the
running totals.

Rounds that need more than that take the general path in ``bot.games.rounds``: a retried
interaction (replay its outcome), pending side entries (clear them), a round that ends the game
(ratings and statistics), a game named by id. ``record_in`` returns None for those before
writing anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, exists, insert, or_, select, update
from sqlalchemy.engine import Connection

from bot.games.access import check_allowed, check_game, dealer_info, game_info, game_variant, utcnow
from bot.games.results import GameInfo, RoundOutcome, SideScore
from bot.scoring import SideRound, Variant, dealer_for_round, outcome, parse_sides, score_round
from bot.storage.models import (
    GAME_ACTIVE,
    AuditEntry,
    Game,
    GamePlayer,
    GameSide,
    PendingEntry,
    PlayerPart,
    Round,
)

_GAMES = Game.__table__
_SIDES = GameSide.__table__
_PLAYERS = GamePlayer.__table__
_ROUNDS = Round.__table__

_RECORDED = (
    select(_ROUNDS.c.id)
    .where(_ROUNDS.c.interaction_id == bindparam("interaction_id"))
    .scalar_subquery()
)
_PENDING = or_(
    exists().where(PendingEntry.__table__.c.game_id == _GAMES.c.id),
    exists().where(PlayerPart.__table__.c.game_id == _GAMES.c.id),
)
"""Side entries or player parts wait for the next round: the general path clears them."""

_ACTIVE_GAME = select(_GAMES).where(
    _GAMES.c.channel_id == bindparam("channel_id"), _GAMES.c.state == GAME_ACTIVE
)
_LOCK_ACTIVE_GAME = (
    select(_GAMES, _RECORDED.label("recorded"), _PENDING.label("has_pending"))
    .where(_GAMES.c.channel_id == bindparam("channel_id"), _GAMES.c.state == GAME_ACTIVE)
    .with_for_update(of=_GAMES)
)
_SIDES_OF = (
    select(_SIDES.c.side, _SIDES.c.name)
    .where(_SIDES.c.game_id == bindparam("game_id"))
    .order_by(_SIDES.c.side)
)
_PLAYERS_OF = (
    select(_PLAYERS.c.user_id, _PLAYERS.c.display_name, _PLAYERS.c.side, _PLAYERS.c.seat)
    .where(_PLAYERS.c.game_id == bindparam("game_id"))
    .order_by(_PLAYERS.c.seat)
)
_INSERT_ROUND = insert(_ROUNDS)
_INSERT_AUDIT = insert(AuditEntry.__table__)
_UPDATE_TOTALS = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"))
    .values(round_count=bindparam("round_count"), totals=bindparam("totals"))
)

_GAME_FIELDS = tuple(field.name for field in _GAMES.columns)


@dataclass(frozen=True)
class GameRecord:
    """A game as plain rows: what the checks and result builders in ``access`` read."""

    id: int
    guild_id: int
    channel_id: int
    variant_id: str
    house_rules: dict[str, Any]
    state: str
    started_by: int
    created_at: Any
    ended_at: Any
    first_dealer: int
    end_reason: str | None
    winner_side: int | None
    draw: bool
    round_count: int
    totals: list[int]
    scoreboard_message_id: int | None
    scoreboard_language: str | None
    scoreboard_pinned: bool
    sides: tuple[Any, ...]
    players: tuple[Any, ...]


def game_record(connection: Connection, row: Any) -> GameRecord:
    params = {"game_id": row.id}
    return GameRecord(
        **{name: getattr(row, name) for name in _GAME_FIELDS},
        sides=tuple(connection.execute(_SIDES_OF, params).all()),
        players=tuple(connection.execute(_PLAYERS_OF, params).all()),
    )


def active_game_in(connection: Connection, *, guild_id: int, channel_id: int) -> GameInfo | None:
    """The channel's running game (sides and players, no rounds), or None."""
    row = connection.execute(_ACTIVE_GAME, {"channel_id": channel_id}).one_or_none()
    if row is None:
        return None
    game = game_record(connection, row)
    check_game(game, guild_id=guild_id, channel_id=channel_id)  # type: ignore[arg-type]
    return game_info(game)  # type: ignore[arg-type]


def record_in(
    connection: Connection,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    actor_is_manager: bool,
    interaction_id: str | None,
    sides: Any,
) -> RoundOutcome | None:
    """Record the channel's next round, or None (nothing written) when the general path must.

    ``sides`` is a sequence of side inputs or a function of (GameInfo, Variant) returning one.
    Refusals (``GameError``, ``ScoringError``, whatever ``sides`` raises) propagate before any
    write.
    """
    row = connection.execute(
        _LOCK_ACTIVE_GAME, {"channel_id": channel_id, "interaction_id": interaction_id}
    ).one_or_none()
    if row is None or row.recorded is not None or row.has_pending:
        return None
    game = game_record(connection, row)
    check_game(game, guild_id=guild_id, channel_id=channel_id)  # type: ignore[arg-type]
    check_allowed(game, actor_id, actor_is_manager, "record")  # type: ignore[arg-type]
    variant = game_variant(game.variant_id, game.house_rules)
    given = sides(game_info(game, variant), variant) if callable(sides) else sides  # type: ignore[arg-type]
    parsed = parse_sides(given)
    results = score_round(variant, parsed, list(game.totals))
    totals = [r.total for r in results]
    number = game.round_count + 1
    if outcome(variant, totals, number)[0]:
        return None  # the game ends here: ratings and statistics belong to the general path
    _write(connection, game, variant, parsed, results, actor_id, interaction_id, number)
    after = dataclasses.replace(game, round_count=number, totals=totals)
    scores = tuple(
        SideScore(i, r.net, dict(r.breakdown), r.total, r.next_minimum)
        for i, r in enumerate(results)
    )
    return RoundOutcome(
        game_id=game.id,
        number=number,
        results=scores,
        totals=tuple(totals),
        next_minimums=tuple(r.next_minimum for r in results),
        next_dealer=dealer_info(after, variant, number),  # type: ignore[arg-type]
        finished=False,
        winner_side=None,
        draw=False,
        game=game_info(after, variant),  # type: ignore[arg-type]
    )


def _write(
    connection: Connection,
    game: GameRecord,
    variant: Variant,
    parsed: Sequence[SideRound],
    results: Sequence[Any],
    actor_id: int,
    interaction_id: str | None,
    number: int,
) -> None:
    now = utcnow()
    components = [dump_side(s) for s in parsed]
    totals = [r.total for r in results]
    connection.execute(
        _INSERT_ROUND,
        {
            "game_id": game.id,
            "number": number,
            "components": components,
            "results": [result_json(r) for r in results],
            "dealer_seat": dealer_for_round(variant, number - 1, game.first_dealer),
            "recorded_by": actor_id,
            "interaction_id": interaction_id,
            "created_at": now,
        },
    )
    connection.execute(
        _UPDATE_TOTALS, {"game_id": game.id, "round_count": number, "totals": totals}
    )
    connection.execute(
        _INSERT_AUDIT,
        {
            "guild_id": game.guild_id,
            "game_id": game.id,
            "action": "record",
            "actor_id": actor_id,
            "at": now,
            "after": {"round": number, "components": components, "totals": totals},
        },
    )


def dump_side(side: SideRound) -> dict[str, Any]:
    """A side's components as stored: only what differs from the defaults."""
    return side.model_dump(mode="json", exclude_defaults=True)


def result_json(result: Any) -> dict[str, Any]:
    """A side's scored result as stored in a round."""
    return {
        "net": result.net,
        "breakdown": dict(result.breakdown),
        "total": result.total,
        "next_minimum": result.next_minimum,
    }
