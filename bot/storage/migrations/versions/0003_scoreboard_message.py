"""The live scoreboard: which channel message shows a game's standing, and in which language.

``scoreboard_message_id`` is the Discord message the bot keeps editing after every change to the
game; it is stored (not only kept in memory) so that after a restart the bot edits the same
message instead of posting a second one. ``scoreboard_language`` is the language the board was
first posted in, so it does not switch language with whoever made the latest change. Both are
NULL for a game without a board (games from before this revision, or a board never posted).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD/DROP COLUMN on both back ends (SQLite has both since 3.35): no table rebuild,
    # so the partial one-active-game index is left as it is.
    op.add_column("games", sa.Column("scoreboard_message_id", sa.BigInteger(), nullable=True))
    op.add_column("games", sa.Column("scoreboard_language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "scoreboard_language")
    op.drop_column("games", "scoreboard_message_id")
