"""Adjustments: a bonus or penalty for one side with its reason (``/round adjust``).

A table of its own, not a kind of round: the game's running totals include every adjustment,
so recording a round never reads this table, and rounds keep meaning dealt hands.

Revision ID: 0005
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "adjustments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("after_round", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("interaction_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_adjustments_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_adjustments")),
        sa.UniqueConstraint("interaction_id", name=op.f("uq_adjustments_interaction_id")),
    )
    op.create_index("ix_adjustments_game_id_id", "adjustments", ["game_id", "id"], unique=False)
    op.create_index(op.f("ix_adjustments_created_by"), "adjustments", ["created_by"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_adjustments_created_by"), table_name="adjustments")
    op.drop_index("ix_adjustments_game_id_id", table_name="adjustments")
    op.drop_table("adjustments")
