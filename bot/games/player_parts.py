"""Each player enters the card points left in their own hand (``/round hand``).

In a game played at a distance nobody can count a partner's hand. The side's sheet keeper
enters the melded part with ``/round side`` and every player enters their own hand here; the
side's hand points are the sum (see ``bot.games.pending_round`` for when a side is complete).
A part is checked on its own and with the side's other pieces before anything is stored, and
the round is scored in the same transaction as the piece that completes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from bot.games.access import audit, find_game, game_info, game_variant, utcnow
from bot.games.errors import NotAPlayer, PartAlreadyEntered, SideHandEntered
from bot.games.pending_round import (
    HAND_FROM_PLAYERS,
    HAND_FROM_SIDE,
    PendingRound,
    build_pending,
    entry_by_interaction,
    pending_rows,
)
from bot.games.results import PlayerInfo, RoundOutcome
from bot.games.rounds import round_by_interaction, score_if_complete, side_only_problems
from bot.scoring import ScoringError, SideRound, parse_side
from bot.storage.engine import Database
from bot.storage.models import PlayerPart


@dataclass(frozen=True)
class HandOutcome:
    """A player's hand is in; ``round`` is set when it completed the round and it scored."""

    game_id: int
    player: PlayerInfo | None
    """Who entered (None only when replaying a round this interaction already scored)."""
    hand_points: int
    corrected: int | None
    """The points this replaced (a correction), else None."""
    pending: PendingRound | None
    """What is in and who is missing while the round waits (None once it scored)."""
    round: RoundOutcome | None
    replayed: bool = False
    """A retried interaction: nothing was stored, this is the state as it stands."""


@dataclass(frozen=True)
class _Result:
    outcome: HandOutcome
    error: ScoringError | None = None


async def enter_hand(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: int,
    hand_points: int,
    correct: bool = False,
    actor_is_manager: bool = False,
    game_id: int | None = None,
    interaction_id: str | None = None,
) -> HandOutcome:
    """The acting player's hand points for the round being entered.

    Refused: a user who is not a player of the game (``NotAPlayer``, also in a quick game
    without players), a second entry without ``correct`` (``PartAlreadyEntered``), a side whose
    keeper already gave the side's own hand total (``SideHandEntered``), points that are not a
    multiple of 5 or more than the side's cards can hold (``ScoringError``). A retry with the
    same ``interaction_id`` stores nothing and answers as the first time did.
    """
    del actor_is_manager  # a manager enters a side's total with /round side, not others' hands

    async def work(session: AsyncSession) -> _Result:
        earlier = await round_by_interaction(session, guild_id, interaction_id)
        if earlier is not None:
            return _Result(HandOutcome(earlier.game_id, None, hand_points, None, None, earlier))
        stored = await entry_by_interaction(session, interaction_id)
        game = await find_game(
            session,
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=stored.game_id if stored is not None else game_id,
            lock=True,
            allow_ended=stored is not None,
        )
        info = game_info(game)
        player = next((p for s in info.sides for p in s.players if p.user_id == actor_id), None)
        if player is None:
            raise NotAPlayer(game_id=game.id, players=list(info.player_ids))
        variant = game_variant(game.variant_id, game.house_rules)
        entries, parts = await pending_rows(session, game.id)
        if stored is not None:
            pending = build_pending(info, entries, parts)
            points = (stored.after or {}).get("hand_points", hand_points)
            return _Result(HandOutcome(game.id, player, points, None, pending, None, True))
        mine = next((p for p in parts if p.user_id == actor_id), None)
        number = game.round_count + 1
        if mine is not None and not correct:
            raise PartAlreadyEntered(points=mine.hand_points, number=number)
        keeper = next((e for e in entries if e.side == player.side), None)
        if keeper is not None and keeper.hand_from == HAND_FROM_SIDE:
            raise SideHandEntered(
                side=info.sides[player.side].name,
                points=keeper.components.get("hand_points", 0),
                entered_by=keeper.entered_by,
            )
        side_only_problems(variant, player.side, SideRound(hand_points=hand_points))
        corrected = mine.hand_points if mine is not None else None
        if mine is None:
            mine = PlayerPart(game_id=game.id, side=player.side, user_id=actor_id)
            session.add(mine)
            parts.append(mine)
        mine.hand_points = hand_points
        mine.interaction_id = interaction_id
        mine.created_at = utcnow()
        if keeper is not None:
            keeper.hand_from = HAND_FROM_PLAYERS
        pending = build_pending(info, entries, parts)
        whole = pending.sides[player.side].side_round()
        side_only_problems(variant, player.side, parse_side(whole, player.side))
        await session.flush()
        audit(
            session,
            guild_id=guild_id,
            game_id=game.id,
            action="hand",
            actor_id=actor_id,
            before=None if corrected is None else {"side": player.side, "hand_points": corrected},
            after={"side": player.side, "player": actor_id, "hand_points": hand_points},
            interaction_id=interaction_id,
        )
        done, error = await score_if_complete(
            session, game, variant, pending, actor_id, interaction_id
        )
        outcome = HandOutcome(
            game.id, player, hand_points, corrected, None if done else pending, done
        )
        return _Result(outcome, error)

    result = await db.write(work)
    if result.error is not None:
        raise result.error
    return result.outcome
