"""What the bot knows about a channel before answering: its game's variant and the server's
language setting. Read-only, so a slow or failing lookup never blocks a rules answer."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from bot.games import GameError, active_game, get_settings
from bot.games.access import game_variant
from bot.scoring import Variant, load_variant
from bot.storage.engine import Database

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChannelContext:
    variant: Variant
    server_language: str | None
    house_rules: dict[str, Any] = field(default_factory=dict)
    """The running game's house rules as typed (empty without a game): answers name them."""


async def channel_context(db: Database, guild_id: int | None, channel_id: int) -> ChannelContext:
    """The active game's variant (with house rules), else the server default, else classic."""
    if guild_id is None:
        return ChannelContext(load_variant("classic"), None)
    settings = await get_settings(db, guild_id)
    try:
        game = await active_game(db, guild_id=guild_id, channel_id=channel_id)
    except GameError:
        game = None
    if game is not None:
        variant = game_variant(game.variant_id, game.house_rules)
        return ChannelContext(variant, settings.language, dict(game.house_rules))
    variant = load_variant(settings.default_variant or "classic")
    return ChannelContext(variant, settings.language)
