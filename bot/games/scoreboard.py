"""What a game's live scoreboard shows, read in one short transaction, and where it is posted.

Why a read of its own rather than the score sheet: the board is refreshed after every change to
a game, and the sheet loads every round. The board needs only the game row (totals, round
count, dealer, the board's message id), its sides and players, the last round (its nets) and
which sides already entered the next round: a handful of indexed rows, the same cost at round
600 as at round 1. The Discord layer reads it once per coalesced edit, never per command.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import bindparam, select, update
from sqlalchemy.engine import Connection

from bot.games.access import dealer_info, game_info, game_variant, side_scores
from bot.games.pending_round import PendingRound, build_pending
from bot.games.recording import game_record
from bot.games.results import DealerInfo, GameInfo, RoundOutcome, SideScore
from bot.scoring import opening_minimum
from bot.storage.engine import Database
from bot.storage.models import Game, PendingEntry, PlayerPart, Round

_GAMES = Game.__table__
_ROUNDS = Round.__table__
_PENDING = PendingEntry.__table__

_GAME = select(_GAMES).where(_GAMES.c.id == bindparam("game_id"))
_LAST_ROUND = select(_ROUNDS.c.number, _ROUNDS.c.results).where(
    _ROUNDS.c.game_id == bindparam("game_id"), _ROUNDS.c.number == bindparam("number")
)
_PARTS = PlayerPart.__table__
_PENDING_ENTRIES = select(
    _PENDING.c.side, _PENDING.c.components, _PENDING.c.entered_by, _PENDING.c.hand_from
).where(_PENDING.c.game_id == bindparam("game_id"))
_PLAYER_PARTS = select(_PARTS.c.user_id, _PARTS.c.hand_points).where(
    _PARTS.c.game_id == bindparam("game_id")
)
_SET_MESSAGE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"))
    .values(
        scoreboard_message_id=bindparam("message_id"),
        scoreboard_language=bindparam("language"),
        scoreboard_pinned=False,  # a new message: not pinned (yet)
    )
)


@dataclass(frozen=True)
class BoardState:
    """A game's standing as the live scoreboard shows it."""

    game: GameInfo
    last_number: int
    """The last recorded round's number (0 before the first round)."""
    last_results: tuple[SideScore, ...]
    """That round's per-side nets and totals; empty before the first round."""
    next_minimums: tuple[int, ...]
    next_dealer: DealerInfo
    pending: PendingRound | None
    """The next round's side entries and player hands so far (None: nothing entered)."""
    message_id: int | None
    """The board's channel message, if one was posted."""
    language: str | None
    """The language the board was first posted in, if it was."""
    pinned: bool = False
    """Whether the bot pinned the board's message (it unpins it when the game ends)."""

    @property
    def entered_sides(self) -> tuple[int, ...]:
        """Sides (0-based) whose entry for the next round is in, waiting for the others."""
        return self.pending.entered_sides if self.pending is not None else ()

    @property
    def missing_sides(self) -> tuple[int, ...]:
        """Sides still to complete (their melded part or a player's hand), once anything of
        the next round was entered (else nothing is pending)."""
        if self.pending is None or not self.pending.started:
            return ()
        return self.pending.missing_sides


def board_after_round(outcome: RoundOutcome) -> BoardState | None:
    """The board as a newly recorded round left it, from the recording's own answer: no read.

    Nothing is pending after a round (recording clears the side entries). None when the answer
    cannot stand for the board: a replayed interaction (an old state), or the round that ended
    the game (the ending is read from the database). The message id and language are not in
    it: the caller knows them from an earlier refresh, or reads the board instead.
    """
    game = outcome.game
    if game is None or outcome.replayed or outcome.finished or game.state != "active":
        return None
    return BoardState(
        game=replace(game, totals=outcome.totals, round_count=outcome.number),
        last_number=outcome.number,
        last_results=outcome.results,
        next_minimums=outcome.next_minimums,
        next_dealer=outcome.next_dealer,
        pending=None,
        message_id=None,
        language=None,
    )


def board_in(connection: Connection, game_id: int) -> BoardState | None:
    """The board of game ``game_id`` (any state), or None if the game is gone."""
    row = connection.execute(_GAME, {"game_id": game_id}).one_or_none()
    if row is None:
        return None
    game = game_record(connection, row)
    variant = game_variant(game.variant_id, game.house_rules)
    last = connection.execute(
        _LAST_ROUND, {"game_id": game_id, "number": game.round_count}
    ).one_or_none()
    info = game_info(game, variant)  # type: ignore[arg-type]
    pending = None
    if game.state == "active":
        entries = connection.execute(_PENDING_ENTRIES, {"game_id": game_id}).all()
        parts = connection.execute(_PLAYER_PARTS, {"game_id": game_id}).all()
        if entries or parts:
            pending = build_pending(info, entries, parts)  # type: ignore[arg-type]
    return BoardState(
        game=info,
        last_number=last.number if last is not None else 0,
        last_results=side_scores(last.results) if last is not None else (),
        next_minimums=tuple(opening_minimum(variant, t) for t in game.totals),
        next_dealer=dealer_info(game, variant, game.round_count),  # type: ignore[arg-type]
        pending=pending,
        message_id=game.scoreboard_message_id,
        language=game.scoreboard_language,
        pinned=bool(game.scoreboard_pinned),
    )


async def read_board(db: Database, game_id: int) -> BoardState | None:
    """One read transaction: the board of game ``game_id``, or None if the game is gone."""
    return await db.read_now(lambda connection: board_in(connection, game_id))


_SET_PINNED = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"))
    .values(scoreboard_pinned=bindparam("pinned"))
)


async def set_board_pinned(db: Database, game_id: int, pinned: bool) -> None:
    """Remember that the bot pinned the board (or took its pin back): one UPDATE of one row."""

    def work(connection: Connection) -> bool:
        connection.execute(_SET_PINNED, {"game_id": game_id, "pinned": pinned})
        return True

    await db.write_now(work)


async def set_board_message(db: Database, game_id: int, message_id: int, language: str) -> None:
    """Remember the board's (new) channel message and its language: one UPDATE of one row."""

    def work(connection: Connection) -> bool:
        connection.execute(
            _SET_MESSAGE, {"game_id": game_id, "message_id": message_id, "language": language}
        )
        return True

    await db.write_now(work)
