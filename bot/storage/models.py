"""The ORM schema: every table the bot stores, typed, in one place.

Alembic migrations are written against this module and a test checks that the migrated schema
equals this metadata exactly on SQLite and PostgreSQL, so the two can never drift apart.
Discord ids are snowflakes up to 2**63, hence BIGINT everywhere a user, guild, channel or role id
is kept. Forgotten users get a negative anonymous id, which no snowflake can collide with.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Deterministic constraint names, so migrations can refer to them on both back ends."""

GAME_ACTIVE = "active"
GAME_FINISHED = "finished"
GAME_ABANDONED = "abandoned"
END_TARGET = "target"
END_DECLARED = "declared"
END_ABANDONED = "abandoned"


class UtcDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both back ends.

    SQLite has no time zones and hands back naive datetimes; without this, comparing a stored
    time with ``datetime.now(UTC)`` would fail on SQLite only.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: pass an aware (UTC) datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


ACTIVE_ONLY = "state = 'active'"
ONE_ACTIVE_PER_CHANNEL = Index(
    "uq_games_one_active_per_channel", "channel_id", unique=True, sqlite_where=text(ACTIVE_ONLY)
)
"""One active game per channel: a partial unique index on SQLite and PostgreSQL alike. Its
PostgreSQL condition is added by ``use_postgresql`` (see there)."""


def use_postgresql() -> None:
    """Give the PostgreSQL dialect its copy of the partial indexes' conditions.

    Why not ``postgresql_where=`` in the ``Index`` itself: SQLAlchemy checks a dialect keyword
    by importing that dialect, so the option alone loaded the PostgreSQL dialect (about 2 MiB
    resident, ``benchmarks/import_rss.py``) into every SQLite process. Called wherever a
    PostgreSQL engine is made (``bot.storage.engine.create_engine``, the migrations' env);
    idempotent. The migrations state both conditions themselves.
    """
    ONE_ACTIVE_PER_CHANNEL.dialect_options["postgresql"]["where"] = text(ACTIVE_ONLY)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads this class attribute
        int: Integer,
        datetime: UtcDateTime(),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class GuildSettings(Base):
    """Per-server settings; ``left_at`` starts the grace period after the bot leaves."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language: Mapped[str] = mapped_column(String(8), default="en")
    default_variant: Mapped[str | None] = mapped_column(String(32))
    manager_role_id: Mapped[int | None] = mapped_column(BigInteger)
    left_at: Mapped[datetime | None] = mapped_column(index=True)
    updated_at: Mapped[datetime]


class Game(Base):
    """One game at one table (channel); scores are always recomputed from its rounds."""

    __tablename__ = "games"
    __table_args__ = (
        # One active game per channel, on SQLite and PostgreSQL alike (both have partial indexes).
        ONE_ACTIVE_PER_CHANNEL,
        Index("ix_games_guild_id_ended_at", "guild_id", "ended_at"),
        Index("ix_games_channel_id_id", "channel_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    variant_id: Mapped[str] = mapped_column(String(32))
    house_rules: Mapped[dict[str, Any]]
    state: Mapped[str] = mapped_column(String(16), default=GAME_ACTIVE)
    started_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]
    first_dealer: Mapped[int] = mapped_column(default=0)
    end_reason: Mapped[str | None] = mapped_column(String(16))
    """How it ended: "target" (reached by a round), "declared" (ended at the current totals) or
    "abandoned"; an edit re-decides "target" games from the rounds but keeps "declared" ones."""
    winner_side: Mapped[int | None]
    draw: Mapped[bool] = mapped_column(Boolean, default=False)
    round_count: Mapped[int] = mapped_column(default=0)
    """Denormalised so listing past games needs no join over rounds."""
    totals: Mapped[list[Any]]
    """Running totals after the last round, per side; kept in step with the rounds."""
    scoreboard_message_id: Mapped[int | None] = mapped_column(BigInteger)
    """The channel message that shows the game's live standing, edited after every change;
    None until the bot first posted it. Replaced when the message was deleted."""
    scoreboard_language: Mapped[str | None] = mapped_column(String(8))
    """The language the scoreboard was first posted in: it keeps it whoever changes the game."""
    scoreboard_pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the bot pinned the scoreboard: it unpins it (and only then) when the game ends."""

    sides: Mapped[list[GameSide]] = relationship(
        back_populates="game", order_by="GameSide.side", cascade="all, delete-orphan"
    )
    players: Mapped[list[GamePlayer]] = relationship(
        back_populates="game", order_by="GamePlayer.seat", cascade="all, delete-orphan"
    )


class GameSide(Base):
    """A side (team or single player) in seat order: side 0 is the first side named at start."""

    __tablename__ = "game_sides"
    __table_args__ = (UniqueConstraint("game_id", "side"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    side: Mapped[int]
    name: Mapped[str] = mapped_column(String(64))

    game: Mapped[Game] = relationship(back_populates="sides")


class GamePlayer(Base):
    """A player at the table with the display name they had when the game started."""

    __tablename__ = "game_players"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id"),
        UniqueConstraint("game_id", "seat"),
        Index("ix_game_players_user_id_id", "user_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    side: Mapped[int]
    seat: Mapped[int]
    """Seat round the table (0-based); the deal passes from seat to seat."""
    user_id: Mapped[int] = mapped_column(BigInteger)
    display_name: Mapped[str] = mapped_column(String(100))

    game: Mapped[Game] = relationship(back_populates="players")


class Round(Base):
    """One scored round: what each side entered and what it scored, as of when it was scored."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]
    components: Mapped[list[Any]]
    """Per side, the ``SideRound`` fields as entered."""
    results: Mapped[list[Any]]
    """Per side: net, breakdown, total, next_minimum (recomputed when an earlier round changes)."""
    dealer_seat: Mapped[int]
    recorded_by: Mapped[int] = mapped_column(BigInteger, index=True)
    interaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The Discord interaction that recorded it: a retried command finds it and records nothing."""
    created_at: Mapped[datetime]


class Adjustment(Base):
    """A bonus or penalty for one side outside a round's scoring, with its reason.

    A table of its own rather than a kind of round: recording a round (the hot path) reads the
    game's running totals, which already include every adjustment, so it never needs to look
    here; and rounds keep meaning dealt hands (the deal, a fixed number of rounds, per-round
    statistics count only those).
    """

    __tablename__ = "adjustments"
    __table_args__ = (Index("ix_adjustments_game_id_id", "game_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    after_round: Mapped[int]
    """Rounds played when it was given: it counts after that round and before the next."""
    side: Mapped[int]
    points: Mapped[int]
    reason: Mapped[str] = mapped_column(String(200))
    created_by: Mapped[int] = mapped_column(BigInteger, index=True)
    interaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime]


class PendingEntry(Base):
    """One side's numbers for the next round while the other sides have not entered theirs."""

    __tablename__ = "pending_entries"
    __table_args__ = (UniqueConstraint("game_id", "side"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    side: Mapped[int]
    components: Mapped[dict[str, Any]]
    entered_by: Mapped[int] = mapped_column(BigInteger, index=True)
    interaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime]
    hand_from: Mapped[str | None] = mapped_column(String(8))
    """Where the side's hand points come from: "side" (this entry's own total), "players"
    (each player's ``PlayerPart``) or None (not said: a player's part switches it to "players")."""


class PlayerPart(Base):
    """One player's own part of their side's next round: the card points left in their hand.

    In a game played at a distance each player counts their own hand; the side's hand points
    are the sum of its players' parts. Cleared with the side entries when the round is scored,
    undone, ended or abandoned.
    """

    __tablename__ = "player_parts"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    side: Mapped[int]
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    hand_points: Mapped[int]
    interaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The Discord interaction that entered it: a retried command stores nothing new."""
    created_at: Mapped[datetime]


class AuditEntry(Base):
    """Who changed what and when, with the state before and after, for disputes and undo."""

    __tablename__ = "audit_entries"
    __table_args__ = (
        Index("ix_audit_entries_game_id_id", "game_id", "id"),
        Index("ix_audit_entries_guild_id_id", "guild_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(16))
    actor_id: Mapped[int] = mapped_column(BigInteger, index=True)
    at: Mapped[datetime]
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    interaction_id: Mapped[str | None] = mapped_column(String(64), unique=True)


class Rating(Base):
    """A player's openskill rating within one server (mu, sigma; ordinal = mu - 3 sigma)."""

    __tablename__ = "ratings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime]


class GameStat(Base):
    """Per finished game, per player (``user_b`` = 0) and per partnership (``user_a < user_b``).

    Written when a game finishes and rewritten when it is edited, so the leaderboard never has
    to replay rounds. ``month`` (yyyymm) ties a row to its ``MonthlyStat`` roll-up.
    """

    __tablename__ = "game_stats"
    __table_args__ = (
        Index("ix_game_stats_guild_id_ended_at", "guild_id", "ended_at"),
        Index("ix_game_stats_roll_up", "guild_id", "variant_id", "month", "user_a", "user_b"),
        Index("ix_game_stats_user_a", "user_a"),
        Index("ix_game_stats_user_b", "user_b"),
    )

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    user_a: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_b: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    variant_id: Mapped[str] = mapped_column(String(32))
    ended_at: Mapped[datetime]
    month: Mapped[int]
    side: Mapped[int]
    won: Mapped[int]
    rounds: Mapped[int]
    net: Mapped[int] = mapped_column(BigInteger)
    best_round: Mapped[int]
    canastas: Mapped[int]


class MonthlyStat(Base):
    """``GameStat`` summed per server, variant, calendar month and player or pair.

    The leaderboard reads whole months from here and only the partial months at the edges of a
    period from ``game_stats``, which keeps it in the millisecond range at 100,000 games.
    """

    __tablename__ = "monthly_stats"
    __table_args__ = (
        # Covering, players before pairs, each player's or pair's months together: a period's
        # leaderboard is one scan of the index in GROUP BY order (no table look-ups, no sort),
        # and refreshing one player's or pair's all-time total is an index seek.
        Index(
            "ix_monthly_stats_by_user",
            "guild_id",
            "user_b",
            "user_a",
            "variant_id",
            "month",
            "games",
            "won",
            "rounds",
            "net",
            "best_round",
            "canastas",
        ),
    )

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    variant_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    month: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_a: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_b: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    games: Mapped[int]
    won: Mapped[int]
    rounds: Mapped[int]
    net: Mapped[int] = mapped_column(BigInteger)
    best_round: Mapped[int]
    canastas: Mapped[int]


class TotalStat(Base):
    """``MonthlyStat`` summed over all months: the all-time leaderboard reads only this.

    One row per server, variant and player (``user_b`` = 0) or pair, recomputed from
    ``monthly_stats`` for the keys a game touches, in the transaction that changes the game.
    """

    __tablename__ = "total_stats"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    variant_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_a: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_b: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    games: Mapped[int]
    won: Mapped[int]
    rounds: Mapped[int]
    net: Mapped[int] = mapped_column(BigInteger)
    best_round: Mapped[int]
    canastas: Mapped[int]


class ForgottenUser(Base):
    """The anonymous ids handed out; the original user id is deliberately not stored."""

    __tablename__ = "forgotten_users"

    anon_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    forgotten_at: Mapped[datetime]
