"""The round being entered in parts: what each side has in, and who is still missing.

A side's numbers for the next round can come in pieces: whoever keeps the side's sheet enters
the melded part (``/round side``, a ``PendingEntry``) and each player enters the card points
left in their own hand (``/round hand``, a ``PlayerPart``). This module reads those pieces into
one plain value, ``PendingRound``, that says per side what is in, whose hand is still missing
and whether the side is complete, and assembles a complete side's components for scoring.
The replies use it now; a live scoreboard can call ``pending_round`` for the same answer.

The rules, in one place:

- A side waits for its players' hands when its keeper said so (``hand_from == "players"``) or,
  while the keeper has not given a hand total, as soon as one of its players entered a part.
- A keeper's own hand total (``hand_from == "side"``) completes the side on its own, as before.
- Exactly one player goes out. On a side that went out, the one player without a part is that
  player (hand 0) once every other player has entered a hand above 0: nobody has to type 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import find_game, game_info
from bot.games.results import GameInfo, PlayerInfo
from bot.storage.engine import Database
from bot.storage.models import AuditEntry, Game, PendingEntry, PlayerPart

HAND_FROM_SIDE = "side"
"""The keeper's entry holds the side's hand total."""
HAND_FROM_PLAYERS = "players"
"""The side's hand points are the sum of its players' own parts."""


@dataclass(frozen=True)
class HandPart:
    """One player's hand points, as they entered them."""

    player: PlayerInfo
    hand_points: int


@dataclass(frozen=True)
class SidePending:
    """One side's pieces of the round being entered."""

    side: int
    name: str
    entered_by: int | None
    """Who entered the melded part (the side's sheet keeper); None while it is missing."""
    components: dict[str, Any] | None
    """The melded part as entered (``SideRound`` fields); None while it is missing."""
    hands_by_players: bool
    parts: tuple[HandPart, ...]
    missing_players: tuple[PlayerInfo, ...]
    """Players whose hand is still needed (empty unless ``hands_by_players``)."""

    @property
    def keeper_in(self) -> bool:
        return self.components is not None

    @property
    def complete(self) -> bool:
        return self.keeper_in and not self.missing_players

    @property
    def started(self) -> bool:
        return self.keeper_in or bool(self.parts)

    @property
    def parts_total(self) -> int:
        return sum(p.hand_points for p in self.parts)

    def side_round(self) -> dict[str, Any]:
        """The side's components for scoring: the keeper's part plus the players' hands."""
        out = dict(self.components or {})
        if self.hands_by_players:
            out["hand_points"] = self.parts_total
        return out


@dataclass(frozen=True)
class PendingRound:
    """Every side's pieces of round ``number`` of game ``game_id``."""

    game_id: int
    number: int
    sides: tuple[SidePending, ...]

    @property
    def started(self) -> bool:
        return any(s.started for s in self.sides)

    @property
    def complete(self) -> bool:
        return all(s.complete for s in self.sides)

    @property
    def missing_sides(self) -> tuple[int, ...]:
        """Sides that are not complete yet (their melded part or a hand is missing)."""
        return tuple(s.side for s in self.sides if not s.complete)

    @property
    def entered_sides(self) -> tuple[int, ...]:
        """Sides whose melded part is in."""
        return tuple(s.side for s in self.sides if s.keeper_in)

    @property
    def uses_parts(self) -> bool:
        return any(s.hands_by_players for s in self.sides)


def _went_out(components: Mapping[str, Any] | None) -> bool:
    return bool(components) and components.get("went_out", "no") != "no"  # type: ignore[union-attr]


def side_pending(
    side: int,
    name: str,
    players: Sequence[PlayerInfo],
    entry: tuple[dict[str, Any], int, str | None] | None,
    hands: Mapping[int, int],
) -> SidePending:
    """One side's state from its keeper's ``entry`` (components, entered_by, hand_from) and
    its players' ``hands`` (user id -> points). Pure: the rules of the module docstring."""
    parts = tuple(HandPart(p, hands[p.user_id]) for p in players if p.user_id in hands)
    components, entered_by, hand_from = entry if entry is not None else (None, None, None)
    by_players = hand_from == HAND_FROM_PLAYERS or (hand_from is None and bool(parts))
    missing: tuple[PlayerInfo, ...] = ()
    if by_players:
        missing = tuple(p for p in players if p.user_id not in hands)
        went_out_unsaid = len(missing) == 1 and all(p.hand_points > 0 for p in parts)
        if went_out_unsaid and _went_out(components):
            missing = ()
    return SidePending(side, name, entered_by, components, by_players, parts, missing)


def build_pending(
    game: GameInfo, entries: Sequence[PendingEntry], parts: Sequence[PlayerPart]
) -> PendingRound:
    by_side = {e.side: (dict(e.components), e.entered_by, e.hand_from) for e in entries}
    hands = {p.user_id: p.hand_points for p in parts}
    return PendingRound(
        game_id=game.id,
        number=game.round_count + 1,
        sides=tuple(
            side_pending(s.side, s.name, s.players, by_side.get(s.side), hands) for s in game.sides
        ),
    )


async def pending_rows(
    session: AsyncSession, game_id: int
) -> tuple[list[PendingEntry], list[PlayerPart]]:
    entries = (
        await session.scalars(select(PendingEntry).where(PendingEntry.game_id == game_id))
    ).all()
    parts = (await session.scalars(select(PlayerPart).where(PlayerPart.game_id == game_id))).all()
    return list(entries), list(parts)


async def load_pending(session: AsyncSession, game: Game) -> PendingRound:
    entries, parts = await pending_rows(session, game.id)
    return build_pending(game_info(game), entries, parts)


async def entry_by_interaction(
    session: AsyncSession, interaction_id: str | None
) -> AuditEntry | None:
    """The audit row of a side entry or hand this interaction already stored, if any: a retry
    (Discord resends an interaction the bot was slow to answer) stores nothing again, even
    after the round it was part of has scored and its pieces are gone."""
    if interaction_id is None:
        return None
    return await session.scalar(
        select(AuditEntry).where(AuditEntry.interaction_id == interaction_id)
    )


async def clear_pending(session: AsyncSession, game_id: int) -> int:
    """Delete every side entry and player part of the round being entered; returns how many."""
    cleared = 0
    for model in (PendingEntry, PlayerPart):
        result = await session.execute(delete(model).where(model.game_id == game_id))
        cleared += result.rowcount or 0  # type: ignore[attr-defined]
    return cleared


async def pending_round(
    db: Database, *, guild_id: int, channel_id: int | None, game_id: int | None = None
) -> PendingRound:
    """Per side of the channel's running game (or game ``game_id``): what is in for the next
    round and who is still missing. Read-only; for replies and the live scoreboard."""

    async def work(session: AsyncSession) -> PendingRound:
        game = await find_game(session, guild_id=guild_id, channel_id=channel_id, game_id=game_id)
        return await load_pending(session, game)

    return await db.read(work)
