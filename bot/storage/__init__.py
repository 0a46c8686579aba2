"""Persistence: ORM models, the engine and session factory, and schema migrations.

Nothing here knows about Discord; the game services in ``bot.games`` are the only callers.
"""

from bot.storage.engine import Database, create_engine, is_sqlite
from bot.storage.migrate import alembic_config, current_revision, upgrade
from bot.storage.models import Base

__all__ = [
    "Base",
    "Database",
    "alembic_config",
    "create_engine",
    "current_revision",
    "is_sqlite",
    "upgrade",
]
