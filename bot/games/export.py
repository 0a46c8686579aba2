"""Export a game or a server's history as CSV or JSON text, for the Discord layer to attach.

CSV has one row per side per round (spreadsheets like long tables), and one per adjustment
(``kind`` "adjustment", its points as the net, its ``reason``, placed after its round); JSON
nests rounds and adjustments in games and keeps every component and breakdown, so it
round-trips what the database holds.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from bot.games.access import find_game
from bot.games.adjustments import adjustment_rows
from bot.games.errors import BadFormat
from bot.games.results import AdjustmentRow
from bot.scoring import BREAKDOWN_KEYS
from bot.storage.engine import Database
from bot.storage.models import Adjustment, Game, Round

COMPONENT_KEYS = (
    "meld_points",
    "natural_canastas",
    "mixed_canastas",
    "wild_canastas",
    "red_threes",
    "red_threes_in_hand",
    "black_threes_melded",
    "black_threes_in_hand",
    "went_out",
    "hand_points",
)
CSV_COLUMNS = (
    "game_id",
    "variant",
    "state",
    "started_at",
    "ended_at",
    "round",
    "side",
    "side_name",
    "players",
    *COMPONENT_KEYS,
    *(f"points_{k}" for k in BREAKDOWN_KEYS),
    "net",
    "total",
    "recorded_by",
    "kind",
    "reason",
)


Item = tuple[Game, list[Round], tuple[AdjustmentRow, ...]]


def _game_json(
    game: Game, rounds: Sequence[Round], adjusted: Sequence[AdjustmentRow]
) -> dict[str, Any]:
    return {
        "id": game.id,
        "guild_id": str(game.guild_id),
        "channel_id": str(game.channel_id),
        "variant": game.variant_id,
        "house_rules": game.house_rules,
        "state": game.state,
        "end_reason": game.end_reason,
        "started_by": str(game.started_by),
        "started_at": game.created_at.isoformat(),
        "ended_at": game.ended_at.isoformat() if game.ended_at else None,
        "first_dealer": game.first_dealer,
        "winner_side": game.winner_side,
        "draw": game.draw,
        "totals": list(game.totals),
        "sides": [
            {
                "side": s.side,
                "name": s.name,
                "players": [
                    {"user_id": str(p.user_id), "display_name": p.display_name, "seat": p.seat}
                    for p in game.players
                    if p.side == s.side
                ],
            }
            for s in game.sides
        ],
        "rounds": [
            {
                "number": r.number,
                "dealer_seat": r.dealer_seat,
                "recorded_by": str(r.recorded_by),
                "recorded_at": r.created_at.isoformat(),
                "sides": [
                    {"components": c, **res} for c, res in zip(r.components, r.results, strict=True)
                ],
            }
            for r in rounds
        ],
        "adjustments": [
            {
                "after_round": a.after_round,
                "side": a.side,
                "points": a.points,
                "reason": a.reason,
                "total": a.total,
                "given_by": str(a.created_by),
                "given_at": a.created_at.isoformat(),
            }
            for a in adjusted
        ],
    }


def _players(game: Game, side: int) -> str:
    return " ".join(f"{p.display_name}({p.user_id})" for p in game.players if p.side == side)


def _game_cells(game: Game) -> list[Any]:
    return [
        game.id,
        game.variant_id,
        game.state,
        game.created_at.isoformat(),
        game.ended_at.isoformat() if game.ended_at else "",
    ]


def _csv_rows(
    game: Game, rounds: Sequence[Round], adjusted: Sequence[AdjustmentRow]
) -> list[list[Any]]:
    rows = []
    names = {s.side: s.name for s in game.sides}
    by_round: dict[int, list[AdjustmentRow]] = {}
    for a in adjusted:
        by_round.setdefault(a.after_round, []).append(a)
    blank = [""] * (len(COMPONENT_KEYS) + len(BREAKDOWN_KEYS))
    for number in range(len(rounds) + 1):
        if number:
            rows += _round_rows(game, rounds[number - 1], names)
        for a in by_round.get(number, []):
            rows.append(
                [
                    *_game_cells(game),
                    a.after_round,
                    a.side + 1,
                    names.get(a.side, ""),
                    _players(game, a.side),
                    *blank,
                    a.points,
                    a.total,
                    a.created_by,
                    "adjustment",
                    a.reason,
                ]
            )
    return rows


def _round_rows(game: Game, r: Round, names: dict[int, str]) -> list[list[Any]]:
    rows = []
    for side, (comp, res) in enumerate(zip(r.components, r.results, strict=True)):
        values = []
        for key in COMPONENT_KEYS:
            value = comp.get(
                key, {} if key == "wild_canastas" else "no" if key == "went_out" else 0
            )
            values.append(json.dumps(value) if isinstance(value, dict) else value)
        rows.append(
            [
                *_game_cells(game),
                r.number,
                side + 1,
                names.get(side, ""),
                _players(game, side),
                *values,
                *(res["breakdown"].get(k, 0) for k in BREAKDOWN_KEYS),
                res["net"],
                res["total"],
                r.recorded_by,
                "round",
                "",
            ]
        )
    return rows


async def _games_with_rounds(session: AsyncSession, games: Sequence[Game]) -> list[Item]:
    by_game: dict[int, list[Round]] = {g.id: [] for g in games}
    adjustments: dict[int, list[Adjustment]] = {g.id: [] for g in games}
    if games:
        for r in (
            await session.scalars(
                select(Round)
                .where(Round.game_id.in_(list(by_game)))
                .order_by(Round.game_id, Round.number)
            )
        ).all():
            by_game[r.game_id].append(r)
        for a in (
            await session.scalars(
                select(Adjustment)
                .where(Adjustment.game_id.in_(list(by_game)))
                .order_by(Adjustment.game_id, Adjustment.id)
            )
        ).all():
            adjustments[a.game_id].append(a)
    return [
        (
            g,
            by_game[g.id],
            adjustment_rows(
                adjustments[g.id],
                {r.number: [x["total"] for x in r.results] for r in by_game[g.id]},
                len(g.totals),
            ),
        )
        for g in games
    ]


def _render(items: list[Item], fmt: str, single: bool) -> str:
    if fmt == "json":
        games = [_game_json(*item) for item in items]
        return json.dumps(games[0] if single else {"games": games}, indent=2, ensure_ascii=False)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for item in items:
        writer.writerows(_csv_rows(*item))
    return out.getvalue()


def _check_format(fmt: str) -> str:
    fmt = fmt.lower()
    if fmt not in ("csv", "json"):
        raise BadFormat(format=fmt)
    return fmt


async def export_game(db: Database, *, guild_id: int, game_id: int, fmt: str = "csv") -> str:
    """One game of this server, in ``csv`` or ``json``."""
    fmt = _check_format(fmt)

    async def work(session: AsyncSession) -> str:
        game = await find_game(
            session,
            guild_id=guild_id,
            channel_id=None,
            game_id=game_id,
            allow_ended=True,
            allow_abandoned=True,
        )
        return _render(await _games_with_rounds(session, [game]), fmt, single=True)

    return await db.read(work)


async def export_guild(
    db: Database, *, guild_id: int, fmt: str = "csv", channel_id: int | None = None
) -> str:
    """Every game of a server (or one channel), oldest first, in ``csv`` or ``json``."""
    fmt = _check_format(fmt)

    async def work(session: AsyncSession) -> str:
        query = (
            select(Game)
            .where(Game.guild_id == guild_id)
            .order_by(Game.id)
            .options(selectinload(Game.sides), selectinload(Game.players))
        )
        if channel_id is not None:
            query = query.where(Game.channel_id == channel_id)
        games = list((await session.scalars(query)).all())
        return _render(await _games_with_rounds(session, games), fmt, single=False)

    return await db.read(work)
