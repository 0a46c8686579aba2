"""Each player's own part of a side's round: ``player_parts`` and ``pending_entries.hand_from``.

A side's numbers can be entered in parts: whoever keeps the side's sheet enters the melded part
(``pending_entries``), and each player enters the card points left in their own hand
(``player_parts``, one row per player and game while the round is pending). ``hand_from`` says
whether the side's hand points are the sheet keeper's own total or the sum of the players'
parts. Existing pending entries keep their meaning (NULL: the keeper's numbers are the side's).

Revision ID: 0004
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_parts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("hand_points", sa.Integer(), nullable=False),
        sa.Column("interaction_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_player_parts_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_parts")),
        sa.UniqueConstraint("game_id", "user_id", name=op.f("uq_player_parts_game_id_user_id")),
        sa.UniqueConstraint("interaction_id", name=op.f("uq_player_parts_interaction_id")),
    )
    op.create_index(op.f("ix_player_parts_user_id"), "player_parts", ["user_id"], unique=False)
    op.add_column("pending_entries", sa.Column("hand_from", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pending_entries") as batch:
        batch.drop_column("hand_from")
    op.drop_index(op.f("ix_player_parts_user_id"), table_name="player_parts")
    op.drop_table("player_parts")
