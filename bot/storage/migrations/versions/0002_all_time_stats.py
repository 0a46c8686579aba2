"""All-time leaderboard roll-up (total_stats) and a covering index on monthly_stats.

``total_stats`` holds ``monthly_stats`` summed over all months per server, variant and player or
pair, so the all-time leaderboard reads one row per player or pair instead of one per month. It
is filled here from the existing ``monthly_stats`` rows; from then on the game service keeps it in
step in the same transaction as every change to a finished game.

``ix_monthly_stats_by_user`` replaces ``ix_monthly_stats_guild_id_month``: it covers the period
leaderboard (an index-only scan in GROUP BY order) and the per-player refresh of the totals.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MEASURES = "games, won, rounds, net, best_round, canastas"


def upgrade() -> None:
    op.create_table(
        "total_stats",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("variant_id", sa.String(length=32), nullable=False),
        sa.Column("user_a", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_b", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("best_round", sa.Integer(), nullable=False),
        sa.Column("canastas", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint(
            "guild_id", "variant_id", "user_a", "user_b", name=op.f("pk_total_stats")
        ),
    )
    op.execute(
        f"INSERT INTO total_stats (guild_id, variant_id, user_a, user_b, {MEASURES}) "
        "SELECT guild_id, variant_id, user_a, user_b, sum(games), sum(won), sum(rounds), "
        "sum(net), max(best_round), sum(canastas) FROM monthly_stats "
        "GROUP BY guild_id, variant_id, user_a, user_b"
    )
    op.drop_index("ix_monthly_stats_guild_id_month", table_name="monthly_stats")
    op.create_index(
        "ix_monthly_stats_by_user",
        "monthly_stats",
        ["guild_id", "user_b", "user_a", "variant_id", "month", *MEASURES.split(", ")],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_monthly_stats_by_user", table_name="monthly_stats")
    op.create_index(
        "ix_monthly_stats_guild_id_month", "monthly_stats", ["guild_id", "month"], unique=False
    )
    op.drop_table("total_stats")
