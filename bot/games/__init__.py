"""Use cases of the score keeper: start, record, undo, edit, end, leaderboards, exports, privacy.

Plain async functions taking a ``bot.storage.Database`` and ids; they return frozen dataclasses
from ``bot.games.results`` and refuse with ``bot.games.errors.GameError`` subclasses (or
``bot.scoring.ScoringError`` for numbers that cannot be scored). No Discord imports here.
"""

from bot.games.adjustments import adjust_score
from bot.games.errors import GameError
from bot.games.export import export_game, export_guild
from bot.games.leaderboard import leaderboard
from bot.games.pending_round import pending_round
from bot.games.player_parts import enter_hand
from bot.games.privacy import forget_user
from bot.games.ratings import get_ratings
from bot.games.rounds import edit_round, enter_side, record_round, undo_round
from bot.games.sessions import PlayerSpec, SideSpec, abandon_game, end_game, start_game
from bot.games.settings import (
    UNSET,
    delete_guild_data,
    get_settings,
    guilds_marked_left,
    guilds_with_data,
    mark_guild_joined,
    mark_guild_left,
    purge_left_guilds,
    set_settings,
)
from bot.games.sheets import active_game, game_history, past_games, score_sheet

__all__ = [
    "UNSET",
    "GameError",
    "PlayerSpec",
    "SideSpec",
    "abandon_game",
    "active_game",
    "adjust_score",
    "delete_guild_data",
    "edit_round",
    "end_game",
    "enter_hand",
    "enter_side",
    "export_game",
    "export_guild",
    "forget_user",
    "game_history",
    "get_ratings",
    "get_settings",
    "guilds_marked_left",
    "guilds_with_data",
    "leaderboard",
    "mark_guild_joined",
    "mark_guild_left",
    "past_games",
    "pending_round",
    "purge_left_guilds",
    "record_round",
    "score_sheet",
    "set_settings",
    "start_game",
    "undo_round",
]
