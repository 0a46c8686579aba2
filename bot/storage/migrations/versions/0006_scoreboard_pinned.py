"""Whether the bot pinned a game's live scoreboard, so it unpins it when the game ends.

Only a pin the bot made is taken back: a board a player pinned by hand (or one the bot had no
permission to pin) stays as it is. FALSE for every game from before this revision: their boards
were pinned, if at all, without a record of it, and are left alone.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN with a constant default on both back ends: no table rebuild.
    op.add_column(
        "games",
        sa.Column("scoreboard_pinned", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    op.drop_column("games", "scoreboard_pinned")
