"""What the game service returns: frozen dataclasses, never ORM objects.

ORM objects are tied to a session that is closed by the time a Discord handler renders a reply;
plain values can be rendered, cached and compared in tests without a database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.pending_round import PendingRound


@dataclass(frozen=True)
class PlayerInfo:
    user_id: int
    display_name: str
    side: int
    seat: int


@dataclass(frozen=True)
class SideInfo:
    side: int
    """0-based; people count from 1."""
    name: str
    players: tuple[PlayerInfo, ...]


@dataclass(frozen=True)
class GameInfo:
    id: int
    guild_id: int
    channel_id: int
    variant_id: str
    house_rules: dict[str, Any]
    target: int
    state: str
    """"active", "finished" or "abandoned"."""
    end_reason: str | None
    started_by: int
    created_at: datetime
    ended_at: datetime | None
    first_dealer: int
    winner_side: int | None
    draw: bool
    round_count: int
    totals: tuple[int, ...]
    sides: tuple[SideInfo, ...]

    @property
    def player_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for s in self.sides for p in s.players)

    @property
    def is_quick(self) -> bool:
        """A game without named players: anyone in the channel may record."""
        return not self.player_ids


@dataclass(frozen=True)
class DealerInfo:
    seat: int
    side: int
    player: PlayerInfo | None
    """None in a quick game without players."""


@dataclass(frozen=True)
class SideScore:
    side: int
    net: int
    breakdown: dict[str, int]
    total: int
    next_minimum: int


@dataclass(frozen=True)
class RoundOutcome:
    """The answer to recording a round: enough to post the updated score in one message."""

    game_id: int
    number: int
    results: tuple[SideScore, ...]
    totals: tuple[int, ...]
    next_minimums: tuple[int, ...]
    next_dealer: DealerInfo
    finished: bool
    winner_side: int | None
    draw: bool
    replayed: bool = False
    """True when the same interaction id had already recorded this round (nothing new stored)."""
    game: GameInfo | None = None
    """The game as this round left it (sides, players, totals): what the reply shows, read in
    the same transaction so the command needs no second query."""


@dataclass(frozen=True)
class SideEntryOutcome:
    """One side entered its numbers; ``round`` is set once every side is in and it scored."""

    game_id: int
    side: int
    entered_sides: tuple[int, ...]
    missing_sides: tuple[int, ...]
    round: RoundOutcome | None
    pending: PendingRound | None = None
    """What is in and who is missing while the round waits (None once it scored)."""


@dataclass(frozen=True)
class RoundRow:
    number: int
    components: tuple[dict[str, Any], ...]
    results: tuple[SideScore, ...]
    dealer_seat: int
    recorded_by: int
    created_at: datetime


@dataclass(frozen=True)
class AdjustmentRow:
    """A bonus (+) or penalty (-) for one side, placed after round ``after_round``."""

    id: int
    after_round: int
    side: int
    points: int
    reason: str
    created_by: int
    created_at: datetime
    total: int
    """The side's total just after it (as the sheet stands now)."""


@dataclass(frozen=True)
class ScoreSheet:
    game: GameInfo
    rounds: tuple[RoundRow, ...]
    totals: tuple[int, ...]
    next_minimums: tuple[int, ...]
    next_dealer: DealerInfo
    pending_sides: tuple[int, ...]
    cancelled_round: int | None = None
    """Set by an undo that cleared the entries of this (unscored) round instead of a round."""
    pending: PendingRound | None = None
    """The next round's side entries and player hands so far: who is still missing."""
    adjustments: tuple[AdjustmentRow, ...] = ()
    """Oldest first; each counts after its round and before the next."""
    undone_adjustment: AdjustmentRow | None = None
    """Set by an undo that took back an adjustment (rather than a round)."""


@dataclass(frozen=True)
class AdjustOutcome:
    """The answer to ``/round adjust``: the adjustment and the game as it left it."""

    adjustment: AdjustmentRow
    game: GameInfo
    totals: tuple[int, ...]
    next_minimums: tuple[int, ...]
    finished: bool
    """This adjustment ended the game (a side reached the target)."""
    replayed: bool = False


@dataclass(frozen=True)
class AuditRow:
    id: int
    game_id: int | None
    action: str
    """"start", "record", "enter", "adjust", "undo", "edit", "end", "abandon", "forget",
    "settings"."""
    actor_id: int
    at: datetime
    before: dict[str, Any] | None
    after: dict[str, Any] | None


@dataclass(frozen=True)
class GameSummary:
    id: int
    channel_id: int
    variant_id: str
    state: str
    end_reason: str | None
    created_at: datetime
    ended_at: datetime | None
    round_count: int
    totals: tuple[int, ...]
    side_names: tuple[str, ...]
    winner_side: int | None
    draw: bool


@dataclass(frozen=True)
class LeaderboardRow:
    user_ids: tuple[int, ...]
    """One id for a player, two (ascending) for a partnership."""
    display_names: tuple[str, ...]
    games: int
    won: int
    win_rate: float
    rounds: int
    avg_net_per_round: float
    best_round: int
    canastas: int
    rating: float | None
    """openskill ordinal (mu - 3 sigma) in this server; a partnership shows its mean."""


@dataclass(frozen=True)
class Leaderboard:
    guild_id: int
    by: str
    variant_id: str | None
    since: datetime | None
    until: datetime | None
    sort: str
    rows: tuple[LeaderboardRow, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class RatingInfo:
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class GuildSettingsInfo:
    guild_id: int
    language: str
    default_variant: str | None
    manager_role_id: int | None
    left_at: datetime | None


@dataclass(frozen=True)
class ForgetReport:
    anon_id: int
    """The stable anonymous id that now stands for the user everywhere."""
    rows_changed: int
