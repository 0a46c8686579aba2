"""Initial schema: settings, games, sides, players, rounds, pending entries, audit, ratings, stats.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "forgotten_users",
        sa.Column("anon_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("forgotten_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("anon_id", name=op.f("pk_forgotten_users")),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("variant_id", sa.String(length=32), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("started_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("end_reason", sa.String(length=16), nullable=True),
        sa.Column("winner_side", sa.Integer(), nullable=True),
        sa.Column("draw", sa.Boolean(), nullable=False),
        sa.Column("round_count", sa.Integer(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("ix_games_channel_id_id", "games", ["channel_id", "id"], unique=False)
    op.create_index("ix_games_guild_id_ended_at", "games", ["guild_id", "ended_at"], unique=False)
    op.create_index(
        "uq_games_one_active_per_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text("state = 'active'"),
        postgresql_where=sa.text("state = 'active'"),
    )

    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("default_variant", sa.String(length=32), nullable=True),
        sa.Column("manager_role_id", sa.BigInteger(), nullable=True),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )
    op.create_index(op.f("ix_guild_settings_left_at"), "guild_settings", ["left_at"], unique=False)

    op.create_table(
        "monthly_stats",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("variant_id", sa.String(length=32), nullable=False),
        sa.Column("month", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_a", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_b", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("best_round", sa.Integer(), nullable=False),
        sa.Column("canastas", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint(
            "guild_id", "variant_id", "month", "user_a", "user_b", name=op.f("pk_monthly_stats")
        ),
    )
    op.create_index(
        "ix_monthly_stats_guild_id_month", "monthly_stats", ["guild_id", "month"], unique=False
    )

    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id", name=op.f("pk_ratings")),
    )
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("interaction_id", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_audit_entries_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_entries")),
        sa.UniqueConstraint("interaction_id", name=op.f("uq_audit_entries_interaction_id")),
    )
    op.create_index(op.f("ix_audit_entries_actor_id"), "audit_entries", ["actor_id"], unique=False)
    op.create_index("ix_audit_entries_game_id_id", "audit_entries", ["game_id", "id"], unique=False)
    op.create_index(
        "ix_audit_entries_guild_id_id", "audit_entries", ["guild_id", "id"], unique=False
    )

    op.create_table(
        "game_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_game_players_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_players")),
        sa.UniqueConstraint("game_id", "seat", name=op.f("uq_game_players_game_id_seat")),
        sa.UniqueConstraint("game_id", "user_id", name=op.f("uq_game_players_game_id_user_id")),
    )
    op.create_index("ix_game_players_user_id_id", "game_players", ["user_id", "id"], unique=False)

    op.create_table(
        "game_sides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_sides_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_sides")),
        sa.UniqueConstraint("game_id", "side", name=op.f("uq_game_sides_game_id_side")),
    )
    op.create_table(
        "game_stats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_a", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_b", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("variant_id", sa.String(length=32), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("month", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("best_round", sa.Integer(), nullable=False),
        sa.Column("canastas", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_stats_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "user_a", "user_b", name=op.f("pk_game_stats")),
    )
    op.create_index(
        "ix_game_stats_guild_id_ended_at", "game_stats", ["guild_id", "ended_at"], unique=False
    )
    op.create_index(
        "ix_game_stats_roll_up",
        "game_stats",
        ["guild_id", "variant_id", "month", "user_a", "user_b"],
        unique=False,
    )
    op.create_index("ix_game_stats_user_a", "game_stats", ["user_a"], unique=False)
    op.create_index("ix_game_stats_user_b", "game_stats", ["user_b"], unique=False)

    op.create_table(
        "pending_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("components", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.BigInteger(), nullable=False),
        sa.Column("interaction_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_pending_entries_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_entries")),
        sa.UniqueConstraint("game_id", "side", name=op.f("uq_pending_entries_game_id_side")),
        sa.UniqueConstraint("interaction_id", name=op.f("uq_pending_entries_interaction_id")),
    )
    op.create_index(
        op.f("ix_pending_entries_entered_by"), "pending_entries", ["entered_by"], unique=False
    )

    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("components", sa.JSON(), nullable=False),
        sa.Column("results", sa.JSON(), nullable=False),
        sa.Column("dealer_seat", sa.Integer(), nullable=False),
        sa.Column("recorded_by", sa.BigInteger(), nullable=False),
        sa.Column("interaction_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_rounds_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("game_id", "number", name=op.f("uq_rounds_game_id_number")),
        sa.UniqueConstraint("interaction_id", name=op.f("uq_rounds_interaction_id")),
    )
    op.create_index(op.f("ix_rounds_recorded_by"), "rounds", ["recorded_by"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_rounds_recorded_by"), table_name="rounds")

    op.drop_table("rounds")
    op.drop_index(op.f("ix_pending_entries_entered_by"), table_name="pending_entries")

    op.drop_table("pending_entries")
    op.drop_index("ix_game_stats_user_b", table_name="game_stats")
    op.drop_index("ix_game_stats_user_a", table_name="game_stats")
    op.drop_index("ix_game_stats_roll_up", table_name="game_stats")
    op.drop_index("ix_game_stats_guild_id_ended_at", table_name="game_stats")

    op.drop_table("game_stats")
    op.drop_table("game_sides")
    op.drop_index("ix_game_players_user_id_id", table_name="game_players")

    op.drop_table("game_players")
    op.drop_index("ix_audit_entries_guild_id_id", table_name="audit_entries")
    op.drop_index("ix_audit_entries_game_id_id", table_name="audit_entries")
    op.drop_index(op.f("ix_audit_entries_actor_id"), table_name="audit_entries")

    op.drop_table("audit_entries")
    op.drop_table("ratings")
    op.drop_index("ix_monthly_stats_guild_id_month", table_name="monthly_stats")

    op.drop_table("monthly_stats")
    op.drop_index(op.f("ix_guild_settings_left_at"), table_name="guild_settings")

    op.drop_table("guild_settings")
    op.drop_index(
        "uq_games_one_active_per_channel",
        table_name="games",
        sqlite_where=sa.text("state = 'active'"),
        postgresql_where=sa.text("state = 'active'"),
    )
    op.drop_index("ix_games_guild_id_ended_at", table_name="games")
    op.drop_index("ix_games_channel_id_id", table_name="games")

    op.drop_table("games")
    op.drop_table("forgotten_users")
