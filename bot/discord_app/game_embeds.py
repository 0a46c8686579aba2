"""Embeds for the game commands: a new game, a round's result, the score sheet, the history.

Why a module of its own: the same pieces (a side with its players, the next dealer, the winner
line) appear in several replies and must read the same everywhere; and the demo prints these
embeds as text, so they hold everything a player needs (no information only in colours).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord_app.errors import discord_time, mention
from bot.discord_app.language import t
from bot.discord_app.parts_text import parts_audit_summary, waiting_text
from bot.games.results import (
    AdjustmentRow,
    AdjustOutcome,
    AuditRow,
    DealerInfo,
    GameInfo,
    RoundOutcome,
    ScoreSheet,
    SideInfo,
    SideScore,
)
from bot.games.round_text import format_round_text
from bot.games.scoreboard import BoardState
from bot.scoring import BREAKDOWN_KEYS, HOUSE_RULES, Variant

COLOUR = discord.Colour.dark_green()
WIN_COLOUR = discord.Colour.gold()
MAX_DESCRIPTION = 4000


def players_text(side: SideInfo) -> str:
    return " ".join(mention(p.user_id) for p in side.players)


def side_line(side: SideInfo) -> str:
    """``**Us** <@1> <@2>``: the name in bold, then the players as mentions."""
    players = players_text(side)
    return f"**{side.name}** {players}".strip()


def dealer_text(lang: str, dealer: DealerInfo, game: GameInfo) -> str:
    """A mention when the seat has a player, else the side's name and the seat number."""
    if dealer.player is not None:
        return mention(dealer.player.user_id)
    return t(lang, "ui.dealer_seat", side=game.sides[dealer.side].name, seat=dealer.seat + 1)


def command_hint(lang: str, *path: str) -> str:
    """``/runde legg`` in Norwegian: commands named as the user sees them in their client."""
    names = []
    for depth in range(1, len(path) + 1):
        names.append(t(lang, f"cmd.{'.'.join(path[:depth])}.name"))
    return "/" + " ".join(names)


def house_rules_text(lang: str, rules: Mapping[str, Any]) -> str:
    """One line per house rule in the order the scoring applies them: what it sets, in the
    player's words, and the ``key=value`` that was typed (so it can be typed again)."""
    order = {key: i for i, key in enumerate(HOUSE_RULES)}
    lines = [
        f"{t(lang, f'ui.house_rule.{key}', value=value)} (`{key}={value}`)"
        for key, value in sorted(rules.items(), key=lambda kv: order.get(kv[0], len(order)))
    ]
    return "\n".join(lines)[:1024]


def start_embed(lang: str, game: GameInfo, variant: Variant, dealer: DealerInfo) -> discord.Embed:
    """The new game: sides, seats, variant, target, opening minimums, who deals first."""
    embed = discord.Embed(
        title=t(lang, "ui.start.title", variant=variant.name(lang)), colour=COLOUR
    )
    lines = [side_line(side) for side in game.sides]
    if game.is_quick:
        lines.append(t(lang, "ui.start.quick"))
    embed.description = "\n".join(lines)
    embed.add_field(name=t(lang, "ui.start.target"), value=str(game.target), inline=True)
    embed.add_field(name=t(lang, "ui.start.minimums"), value=variant.opening_table(), inline=True)
    embed.add_field(
        name=t(lang, "ui.start.first_dealer"), value=dealer_text(lang, dealer, game), inline=True
    )
    if game.house_rules:
        embed.add_field(
            name=t(lang, "ui.start.house_rules"),
            value=house_rules_text(lang, game.house_rules),
            inline=False,
        )
    embed.add_field(
        name=t(lang, "ui.start.how_title"),
        value=t(
            lang,
            "ui.start.how",
            add=command_hint(lang, "round", "add"),
            side=command_hint(lang, "round", "side"),
            form=command_hint(lang, "round", "form"),
            hand=command_hint(lang, "round", "hand"),
            example=t(lang, "ui.example"),
        ),
        inline=False,
    )
    embed.set_footer(text=t(lang, "ui.game_number", id=game.id))
    return embed


def _side_result(
    lang: str, score: SideScore, variant: Variant | None, finished: bool = False
) -> list[str]:
    lines = []
    for key in BREAKDOWN_KEYS:
        value = score.breakdown.get(key, 0)
        shown_anyway = key == "meld" or (
            key == "black_threes"
            and variant is not None
            and variant.black_threes.scored_separately
            and value
        )
        if value or shown_anyway:
            lines.append(f"{t(lang, f'ui.part.{key}')}: {value}")
    lines.append(f"**{t(lang, 'ui.net')}: {score.net}**")
    lines.append(f"{t(lang, 'ui.total')}: **{score.total}**")
    if not finished:
        lines.append(t(lang, "ui.next_minimum", points=score.next_minimum))
    return lines


def winner_line(
    lang: str, game: GameInfo, winner: int | None, draw: bool, totals: Sequence[int]
) -> str | None:
    """The announcement: which side won and with how many points, or a draw."""
    if draw:
        return t(lang, "ui.draw", points=max(totals) if totals else 0)
    if winner is None:
        return None
    return t(lang, "ui.winner", side=side_line(game.sides[winner]), points=totals[winner])


def round_embed(
    lang: str,
    outcome: RoundOutcome,
    game: GameInfo,
    variant: Variant | None = None,
) -> discord.Embed:
    """One round: each side's breakdown and net, the totals, next minimums, the next dealer,
    and the winner when this round ended the game."""
    embed = discord.Embed(title=t(lang, "ui.round.title", number=outcome.number), colour=COLOUR)
    for side, score in zip(game.sides, outcome.results, strict=False):
        value = "\n".join(
            [players_text(side), *_side_result(lang, score, variant, outcome.finished)]
        ).strip()
        embed.add_field(name=side.name, value=value[:1024], inline=True)
    lines: list[str] = []
    announced = None
    if outcome.finished:
        announced = winner_line(lang, game, outcome.winner_side, outcome.draw, outcome.totals)
    if announced:
        lines.append(announced)
        embed.colour = WIN_COLOUR
    else:
        lines.append(t(lang, "ui.next_dealer", dealer=dealer_text(lang, outcome.next_dealer, game)))
    embed.description = "\n".join(lines)
    return embed


def signed(points: int) -> str:
    """``+50`` / ``−100``: an adjustment always shows its sign (a true minus sign)."""
    return f"+{points}" if points > 0 else f"−{-points}"


def adjust_embed(lang: str, outcome: AdjustOutcome, variant: Variant) -> discord.Embed:
    """An adjustment given: the side, the points and the reason, then every total, the next
    minimums, and the winner when it ended the game."""
    game, a = outcome.game, outcome.adjustment
    embed = discord.Embed(
        title=t(lang, "ui.adjust.title", side=game.sides[a.side].name, points=signed(a.points)),
        colour=COLOUR,
    )
    lines = [t(lang, "ui.adjust.reason", reason=a.reason)]
    announced = None
    if outcome.finished:
        announced = winner_line(lang, game, game.winner_side, game.draw, outcome.totals)
    if announced:
        lines.append(announced)
        embed.colour = WIN_COLOUR
    embed.description = "\n".join(lines)
    for side, total, minimum in zip(
        game.sides, outcome.totals, outcome.next_minimums, strict=False
    ):
        value = [players_text(side), f"{t(lang, 'ui.total')}: **{total}**"]
        if not outcome.finished:
            value.append(t(lang, "ui.next_minimum", points=minimum))
        embed.add_field(name=side.name, value="\n".join(v for v in value if v), inline=True)
    embed.set_footer(text=t(lang, "ui.game_number", id=game.id))
    return embed


def _cell(text: str, width: int) -> str:
    return text[:width].rjust(width)


def _adjustment_line(a: AdjustmentRow, sides: int, width: int) -> str:
    cells = [
        _cell(f"{signed(a.points):>6} {a.total:>6}" if i == a.side else "", width)
        for i in range(sides)
    ]
    return "  ±" + "".join(cells)


def sheet_table(lang: str, sheet: ScoreSheet, width: int = 13) -> str:
    """The rounds as a monospace table: per side the round's net and the running total; an
    adjustment is a row marked ± under the round it follows, with its side's points and total."""
    names = [s.name for s in sheet.game.sides]
    head = "  #" + "".join(_cell(n, width) for n in names)
    sub = "   " + "".join(
        _cell(f"{t(lang, 'ui.net_short')} {t(lang, 'ui.total_short')}", width) for _ in names
    )
    after: dict[int, list[AdjustmentRow]] = {}
    for a in sheet.adjustments:
        after.setdefault(a.after_round, []).append(a)
    rows = [_adjustment_line(a, len(names), width) for a in after.get(0, [])]
    for r in sheet.rounds:
        rows.append(
            f"{r.number:>3}" + "".join(_cell(f"{s.net:>6} {s.total:>6}", width) for s in r.results)
        )
        rows += [_adjustment_line(a, len(names), width) for a in after.get(r.number, [])]
    kept = rows
    body = "\n".join([head, sub, *kept])
    while len(body) > MAX_DESCRIPTION - 200 and len(kept) > 1:
        kept = kept[1:]
        body = "\n".join([head, sub, "  …", *kept])
    return f"```\n{body}\n```"


def sheet_embed(
    lang: str, sheet: ScoreSheet, variant: Variant, title: str | None = None
) -> discord.Embed:
    """The whole game so far; also used after an undo or an edit, with its own title."""
    game = sheet.game
    embed = discord.Embed(
        title=title or t(lang, "ui.sheet.title", variant=variant.name(lang), id=game.id),
        colour=COLOUR,
    )
    parts = []
    if sheet.rounds or sheet.adjustments:
        parts.append(sheet_table(lang, sheet))
    else:
        parts.append(t(lang, "ui.sheet.no_rounds"))
    if game.state == "finished":
        parts.append(winner_line(lang, game, game.winner_side, game.draw, game.totals) or "")
    elif game.state == "abandoned":
        parts.append(t(lang, "ui.abandoned"))
    embed.description = "\n".join(p for p in parts if p)[:MAX_DESCRIPTION]
    for side, total, minimum in zip(game.sides, sheet.totals, sheet.next_minimums, strict=False):
        value = "\n".join(
            x
            for x in (
                players_text(side),
                f"{t(lang, 'ui.total')}: **{total}**",
                t(lang, "ui.next_minimum", points=minimum) if game.state == "active" else "",
            )
            if x
        )
        embed.add_field(name=side.name, value=value, inline=True)
    if sheet.adjustments:
        embed.add_field(
            name=t(lang, "ui.sheet.adjustments_title"),
            value=adjustments_text(lang, sheet),
            inline=False,
        )
    if game.state == "active":
        embed.add_field(
            name=t(lang, "ui.next_dealer_title"),
            value=dealer_text(lang, sheet.next_dealer, game),
            inline=False,
        )
        if sheet.pending_sides:
            waiting = ", ".join(game.sides[s].name for s in sheet.pending_sides)
            embed.add_field(
                name=t(lang, "ui.sheet.pending_title"),
                value=t(lang, "ui.sheet.pending", sides=waiting),
                inline=False,
            )
        if sheet.pending is not None and sheet.pending.uses_parts:
            embed.add_field(
                name=t(lang, "ui.sheet.waiting_title"),
                value=waiting_text(lang, sheet.pending),
                inline=False,
            )
    embed.set_footer(text=t(lang, "ui.sheet.footer", target=game.target, id=game.id))
    return embed


def adjustment_points(sheet: ScoreSheet) -> list[tuple[float, list[int]]]:
    """For the chart: each adjustment at a position between its round and the next, with every
    side's total just after it."""
    after_round = {r.number: [s.total for s in r.results] for r in sheet.rounds}
    groups: dict[int, list[AdjustmentRow]] = {}
    for a in sheet.adjustments:
        groups.setdefault(a.after_round, []).append(a)
    points = []
    for number, group in groups.items():
        totals = list(after_round.get(number, [0] * len(sheet.game.sides)))
        for k, a in enumerate(group, start=1):
            totals[a.side] += a.points
            points.append((number + k / (len(group) + 1), list(totals)))
    return points


def adjustments_text(lang: str, sheet: ScoreSheet, limit: int = 1024) -> str:
    """One line per adjustment, newest kept when they do not all fit: after which round, the
    side, the points, the reason and who gave it."""
    lines = [
        t(
            lang,
            "ui.sheet.adjustment",
            round=a.after_round,
            side=sheet.game.sides[a.side].name,
            points=signed(a.points),
            reason=a.reason,
            by=mention(a.created_by),
        )
        for a in sheet.adjustments
    ]
    kept = lines
    while len("\n".join(kept)) > limit and len(kept) > 1:
        kept = kept[1:]
    return "\n".join(kept)[:limit]


def _board_side(lang: str, board: BoardState, side: SideInfo) -> str:
    game = board.game
    lines = [players_text(side), f"{t(lang, 'ui.total')}: **{game.totals[side.side]}**"]
    if board.last_results:
        lines.append(t(lang, "ui.board.last_net", net=board.last_results[side.side].net))
    if game.state == "active":
        lines.append(t(lang, "ui.next_minimum", points=board.next_minimums[side.side]))
    return "\n".join(x for x in lines if x)


def scoreboard_embed(lang: str, board: BoardState, variant: Variant) -> discord.Embed:
    """The live scoreboard: per side the total, the last round's net and the opening minimum
    it needs next; whose deal it is; which sides entered the next round and who is missing;
    the winner once the game is over. Read at a glance, so nothing per round beyond the last."""
    game = board.game
    embed = discord.Embed(
        title=t(lang, "ui.board.title", variant=variant.name(lang)), colour=COLOUR
    )
    if game.state == "finished":
        embed.colour = WIN_COLOUR
        status = winner_line(lang, game, game.winner_side, game.draw, game.totals)
    elif game.state == "abandoned":
        status = t(lang, "ui.abandoned")
    elif board.last_number:
        status = t(lang, "ui.board.after_round", number=board.last_number)
    else:
        status = t(lang, "ui.sheet.no_rounds")
    embed.description = status or ""
    for side in game.sides:
        embed.add_field(name=side.name, value=_board_side(lang, board, side)[:1024], inline=True)
    if game.state == "active":
        embed.add_field(
            name=t(lang, "ui.next_dealer_title"),
            value=dealer_text(lang, board.next_dealer, game),
            inline=False,
        )
    if board.missing_sides:
        names = game.sides
        embed.add_field(
            name=t(lang, "ui.board.waiting_title", number=game.round_count + 1),
            value=t(
                lang,
                "ui.board.waiting",
                entered=", ".join(names[s].name for s in board.entered_sides),
                missing=waiting_text(lang, board.pending) if board.pending else "",
            )[:1024],
            inline=False,
        )
    embed.set_footer(text=t(lang, "ui.sheet.footer", target=game.target, id=game.id))
    return embed


def closed_embed(lang: str, game: GameInfo) -> discord.Embed:
    """After /game end or /game abandon was confirmed."""
    if game.state == "abandoned":
        title, colour = t(lang, "ui.closed.abandoned"), COLOUR
        line = None
    else:
        title, colour = t(lang, "ui.closed.finished"), WIN_COLOUR
        line = winner_line(lang, game, game.winner_side, game.draw, game.totals)
    totals = "\n".join(
        f"{side_line(side)}: **{total}**"
        for side, total in zip(game.sides, game.totals, strict=False)
    )
    embed = discord.Embed(title=title, colour=colour)
    embed.description = "\n".join(x for x in (line, totals) if x)
    return embed


def _audit_summary(lang: str, row: AuditRow, game: GameInfo) -> str:
    before, after = row.before or {}, row.after or {}
    names = [s.name for s in game.sides]

    def totals(data: dict[str, Any]) -> str:
        values = data.get("totals") or []
        return " · ".join(f"{n} {v}" for n, v in zip(names, values, strict=False))

    match row.action:
        case "record":
            lines = " | ".join(
                f"{n}: {format_round_text(c)}"
                for n, c in zip(names, after.get("components") or [], strict=False)
            )
            return t(
                lang,
                "ui.history.record",
                round=after.get("round", "?"),
                lines=lines,
                totals=totals(after),
            )
        case "enter":
            side = after.get("side", 0)
            name = names[side] if isinstance(side, int) and side < len(names) else "?"
            key = "ui.history.correct" if before else "ui.history.enter"
            line = format_round_text(after.get("components") or {})
            text = t(lang, key, side=name, line=line)
            if after.get("hand_from") == "players":
                text += " " + t(lang, "ui.history.hands_by_players")
            return text
        case "hand" | "cancel":
            return parts_audit_summary(lang, row, game)
        case "adjust":
            side = after.get("side", 0)
            return t(
                lang,
                "ui.history.adjust",
                side=names[side] if isinstance(side, int) and side < len(names) else "?",
                points=signed(int(after.get("points", 0))),
                reason=after.get("reason", ""),
                totals=totals(after),
            )
        case "undo" if before.get("adjustment"):
            undone = before["adjustment"]
            side = undone.get("side", 0)
            return t(
                lang,
                "ui.history.undo_adjust",
                side=names[side] if isinstance(side, int) and side < len(names) else "?",
                points=signed(int(undone.get("points", 0))),
                reason=undone.get("reason", ""),
                totals=totals(after),
            )
        case "undo":
            return t(lang, "ui.history.undo", round=before.get("round", "?"), totals=totals(after))
        case "edit":
            return t(
                lang,
                "ui.history.edit",
                round=after.get("round", before.get("round", "?")),
                totals=totals(after),
            )
        case "start" | "end" | "abandon":
            return t(lang, f"ui.history.{row.action}", totals=totals(after))
        case _:
            return row.action


def history_embed(lang: str, rows: Sequence[AuditRow], game: GameInfo) -> discord.Embed:
    """The audit trail, newest last; older entries are dropped to fit one embed."""
    lines = [
        f"{discord_time(row.at)} {mention(row.actor_id)} {_audit_summary(lang, row, game)}"
        for row in rows
    ]
    kept = lines
    while len("\n".join(kept)) > MAX_DESCRIPTION and len(kept) > 1:
        kept = kept[1:]
    embed = discord.Embed(
        title=t(lang, "ui.history.title", id=game.id),
        description="\n".join(kept) or "—",
        colour=COLOUR,
    )
    return embed
