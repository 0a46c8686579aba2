"""Typed refusals of the game service, shaped like scoring's ``Problem`` for localisation.

Each error has a ``code`` (the Discord layer renders the catalog message ``game.<code>``) and
``params`` (the numbers and ids the message names). ``str()`` gives a plain English sentence for
logs and the command line. Validation of round numbers is not here: it propagates as
``bot.scoring.ScoringError`` with its own problem codes.
"""

from __future__ import annotations

from typing import Any, ClassVar


class GameError(Exception):
    """Base of every refusal; ``code`` and ``params`` are what a front end needs."""

    code: ClassVar[str] = "game_error"
    template: ClassVar[str] = "the game service refused the command"

    def __init__(self, **params: Any) -> None:
        super().__init__(self.code)
        self.params: dict[str, Any] = params

    def __str__(self) -> str:
        try:
            return self.template.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return f"{self.code}: {self.params}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.params!r})"


class NoActiveGame(GameError):
    code = "no_active_game"
    template = "there is no game running in channel {channel_id}; start one first"


class GameNotFound(GameError):
    code = "game_not_found"
    template = "there is no game number {game_id}"


class GameAlreadyRunning(GameError):
    code = "game_already_running"
    template = (
        "game {game_id} ({variant}) started by {started_by} at {started_at:%Y-%m-%d %H:%M} UTC "
        "is still running in this channel; end or abandon it first"
    )


class NotAllowed(GameError):
    code = "not_allowed"
    template = "only {who} may {action} in this game"
    # params: action, who ("players_or_managers" | "side_or_managers" | "managers"),
    # players (user ids allowed besides managers)

    def __str__(self) -> str:
        who = {
            "players_or_managers": "its players or a server manager",
            "side_or_managers": "that side's players or a server manager",
            "managers": "a server manager",
        }.get(self.params.get("who", ""), "its players or a server manager")
        return f"only {who} may {self.params.get('action', 'do that')} in this game"


class RoundNotFound(GameError):
    code = "round_not_found"
    template = "game {game_id} has no round {number} (it has {rounds} rounds)"


class NoRounds(GameError):
    code = "no_rounds"
    template = "game {game_id} has no rounds yet"


class WrongChannel(GameError):
    code = "wrong_channel"
    template = "game {game_id} is played in channel {game_channel_id}, not in this channel"


class NotInGuild(GameError):
    code = "not_in_guild"
    template = "game {game_id} belongs to another server"


class GameFinished(GameError):
    code = "game_finished"
    template = "game {game_id} is {state}; it takes no more changes of that kind"


class SideAlreadyEntered(GameError):
    code = "side_already_entered"
    template = "side {side} already entered its numbers for this round; correct them instead"
    # params: side (1-based, as people count), entered_by


class UnknownVariant(GameError):
    code = "unknown_variant"
    template = "unknown variant {variant!r}; known: {known}"


class WrongSideCount(GameError):
    code = "wrong_side_count"
    template = "{variant} is played by {expected} sides, not {got}"


class WrongPlayerCount(GameError):
    code = "wrong_player_count"
    template = "side {side} needs {expected} players (or none for a quick game), not {got}"


class PlayerOnTwoSides(GameError):
    code = "player_on_two_sides"
    template = "player {user_id} cannot play on two sides"


class BadFirstDealer(GameError):
    code = "bad_first_dealer"
    template = "the first dealer must be a seat from 1 to {players}, not {given}"


class BadSide(GameError):
    code = "bad_side"
    template = "there is no side {side}; this game has sides 1 to {sides}"


class BadSideName(GameError):
    code = "bad_side_name"
    template = "side names must be 1 to {max_length} characters and different from each other"


class BadLanguage(GameError):
    code = "bad_language"
    template = "unknown language {language!r}; choose one of {allowed}"


class BadPeriod(GameError):
    code = "bad_period"
    template = "the period must start before it ends"


class BadFormat(GameError):
    code = "bad_format"
    template = "unknown export format {format!r}; choose csv or json"


class NotAPlayer(GameError):
    code = "not_a_player"
    template = "only the players of game {game_id} enter their own hand; they are {players}"
    # params: game_id, players (user ids; empty in a quick game without players)


class PartAlreadyEntered(GameError):
    code = "part_already_entered"
    template = "you already entered {points} in hand for round {number}; correct it instead"


class SideHandEntered(GameError):
    code = "side_hand_entered"
    template = (
        "{side}'s hand total ({points}) was already entered by {entered_by} for the whole side"
    )


class HandTwice(GameError):
    code = "hand_twice"
    template = "give the side's hand points or leave them to each player, not both"
