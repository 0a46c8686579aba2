"""Every bad input is a typed error, and the database is exactly as it was."""

from __future__ import annotations

import pytest

from bot.games import (
    PlayerSpec,
    SideSpec,
    edit_round,
    end_game,
    enter_side,
    record_round,
    set_settings,
    start_game,
    undo_round,
)
from bot.games.errors import (
    BadFirstDealer,
    BadLanguage,
    BadSide,
    GameError,
    GameNotFound,
    NoActiveGame,
    NoRounds,
    NotAllowed,
    NotInGuild,
    PlayerOnTwoSides,
    RoundNotFound,
    UnknownVariant,
    WrongChannel,
    WrongPlayerCount,
    WrongSideCount,
)
from bot.scoring import ScoringError
from tests.games.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    EVE,
    GUILD,
    OTHER_CHANNEL,
    OTHER_GUILD,
    small_round,
    snapshot,
    start_teams,
)

R = small_round()


def _bad_calls(game_id: int):
    common = {"guild_id": GUILD, "channel_id": CHANNEL}
    return [
        (
            NoActiveGame,
            record_round,
            {**common, "channel_id": OTHER_CHANNEL, "actor_id": ALICE, "sides": R},
        ),
        (GameNotFound, record_round, {**common, "actor_id": ALICE, "sides": R, "game_id": 999}),
        (
            WrongChannel,
            record_round,
            {
                **common,
                "channel_id": OTHER_CHANNEL,
                "actor_id": ALICE,
                "sides": R,
                "game_id": game_id,
            },
        ),
        (
            NotInGuild,
            record_round,
            {**common, "guild_id": OTHER_GUILD, "actor_id": ALICE, "sides": R},
        ),
        (NotAllowed, record_round, {**common, "actor_id": EVE, "sides": R}),
        (
            ScoringError,
            record_round,
            {**common, "actor_id": ALICE, "sides": [{"meld_points": -5}, {}]},
        ),
        (ScoringError, record_round, {**common, "actor_id": ALICE, "sides": [{"bogus": 1}, {}]}),
        (ScoringError, record_round, {**common, "actor_id": ALICE, "sides": [{}]}),
        (RoundNotFound, edit_round, {**common, "actor_id": ALICE, "number": 5, "sides": {0: {}}}),
        (BadSide, edit_round, {**common, "actor_id": ALICE, "number": 1, "sides": {4: {}}}),
        (NotAllowed, edit_round, {**common, "actor_id": EVE, "number": 1, "sides": {0: {}}}),
        (
            ScoringError,
            edit_round,
            {**common, "actor_id": ALICE, "number": 1, "sides": {0: {"hand_points": -10}}},
        ),
        (NotAllowed, undo_round, {**common, "actor_id": EVE}),
        (NotAllowed, end_game, {**common, "actor_id": EVE}),
        (NotAllowed, enter_side, {**common, "actor_id": CAROL, "side": 0, "components": {}}),
        (BadSide, enter_side, {**common, "actor_id": ALICE, "side": 2, "components": {}}),
        (
            ScoringError,
            enter_side,
            {**common, "actor_id": ALICE, "side": 0, "components": {"meld_points": -5}},
        ),
        (
            ScoringError,
            enter_side,
            {**common, "actor_id": ALICE, "side": 0, "components": {"meld_points": 7}},
        ),
        (
            WrongSideCount,
            start_game,
            {**common, "channel_id": OTHER_CHANNEL, "actor_id": ALICE, "sides": [SideSpec("x")]},
        ),
        (
            WrongPlayerCount,
            start_game,
            {
                **common,
                "channel_id": OTHER_CHANNEL,
                "actor_id": ALICE,
                "sides": [SideSpec("x", [PlayerSpec(1, "a")]), SideSpec("y")],
            },
        ),
        (
            PlayerOnTwoSides,
            start_game,
            {
                **common,
                "channel_id": OTHER_CHANNEL,
                "actor_id": ALICE,
                "variant_id": "two-player",
                "sides": [SideSpec("x", [PlayerSpec(1, "a")]), SideSpec("y", [PlayerSpec(1, "a")])],
            },
        ),
        (
            UnknownVariant,
            start_game,
            {**common, "channel_id": OTHER_CHANNEL, "actor_id": ALICE, "variant_id": "poker"},
        ),
        (
            BadFirstDealer,
            start_game,
            {**common, "channel_id": OTHER_CHANNEL, "actor_id": ALICE, "first_dealer": 4},
        ),
        (
            ScoringError,
            start_game,
            {
                **common,
                "channel_id": OTHER_CHANNEL,
                "actor_id": ALICE,
                "house_rules": {"target": -1},
            },
        ),
    ]


async def test_refusals_change_nothing(db):
    game = await start_teams(db)
    await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=BOB, sides=R)
    before = await snapshot(db)
    for error_type, call, kwargs in _bad_calls(game.id):
        with pytest.raises(error_type) as caught:
            await call(db, **kwargs)
        if isinstance(caught.value, GameError):
            assert caught.value.code
            assert str(caught.value)
        assert await snapshot(db) == before, (call.__name__, kwargs)
    with pytest.raises(BadLanguage):
        await set_settings(db, GUILD, actor_id=ALICE, language="xx")
    with pytest.raises(UnknownVariant):
        await set_settings(db, GUILD, actor_id=ALICE, default_variant="poker")
    assert await snapshot(db) == before


async def test_not_allowed_names_who_may(db):
    await start_teams(db)
    with pytest.raises(NotAllowed) as caught:
        await record_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=EVE, sides=R)
    assert caught.value.params["who"] == "players_or_managers"
    assert set(caught.value.params["players"]) == {11, 12, 13, 14}
    # A manager may, though not a player.
    await record_round(
        db, guild_id=GUILD, channel_id=CHANNEL, actor_id=EVE, actor_is_manager=True, sides=R
    )


async def test_undo_and_end_without_rounds(db):
    await start_teams(db)
    before = await snapshot(db)
    with pytest.raises(NoRounds):
        await undo_round(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE)
    with pytest.raises(NoRounds):
        await end_game(db, guild_id=GUILD, channel_id=CHANNEL, actor_id=ALICE)
    assert await snapshot(db) == before
