"""What the server-level commands show: leaderboard, statistics, history and settings embeds.

Rendering lives here, apart from the cogs, so it can be unit-tested without a Discord
connection and the cogs stay a thin "interaction in, service call, reply out" layer. Numbers are
formatted the way each language writes them (``60 %`` and ``12,3`` in Norwegian, Danish and
Finnish), names are Discord mentions (they never ping inside an embed) except for forgotten
users, who only have their anonymous name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import discord
from babel.numbers import format_decimal, format_percent
from discord import app_commands

from bot.discord_app.language import interaction_language, t
from bot.games import get_settings
from bot.games.results import (
    GameSummary,
    GuildSettingsInfo,
    Leaderboard,
    LeaderboardRow,
    RatingInfo,
)
from bot.scoring import load_variant
from bot.scoring.variants import all_variants
from bot.storage.engine import Database

COLOUR = discord.Colour.dark_gold()
EMBED_LIMIT = 4096
_BABEL_LOCALE = {"en": "en", "no": "nb", "da": "da", "fi": "fi"}

PERIODS = ("period_all", "period_month", "period_year", "period_30d")
SORTS = {
    "sort_wins": "wins",
    "sort_win_rate": "win_rate",
    "sort_rating": "rating",
    "sort_avg_net": "avg_net",
}
BY = {"lb_player": "player", "lb_partnership": "partnership"}


def choices(values: Sequence[str]) -> list[app_commands.Choice[str]]:
    """Choices whose names the translator localises from ``choice.<value>``."""
    return [
        app_commands.Choice(name=app_commands.locale_str(value), value=value) for value in values
    ]


def variant_choices() -> list[app_commands.Choice[str]]:
    """Every shipped variant (at most 25, Discord's limit), named in English by default."""
    return [
        app_commands.Choice(name=app_commands.locale_str(v.name("en")[:100]), value=v.id)
        for v in sorted(all_variants().values(), key=lambda v: v.id)
    ][:25]


@dataclass(frozen=True)
class ServerContext:
    """The server's settings and the language to answer in (None settings in a DM)."""

    lang: str
    settings: GuildSettingsInfo | None


async def server_context(db: Database, interaction: discord.Interaction) -> ServerContext:
    """Interaction locale first, then the server's language setting, then its Discord locale."""
    settings = await get_settings(db, interaction.guild_id) if interaction.guild_id else None
    lang = interaction_language(interaction, server=settings.language if settings else None)
    return ServerContext(lang, settings)


def period_start(period: str, now: datetime) -> datetime | None:
    """The start of a named period ending now (UTC), or None for all time."""
    now = now.astimezone(UTC)
    match period:
        case "period_month":
            return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        case "period_year":
            return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        case "period_30d":
            return now - timedelta(days=30)
        case _:
            return None


# ----- numbers and names ---------------------------------------------------------------------
def number(lang: str, value: float, decimals: int = 0) -> str:
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, pattern, locale=_BABEL_LOCALE.get(lang, "en"))


def percent(lang: str, rate: float) -> str:
    return format_percent(rate, locale=_BABEL_LOCALE.get(lang, "en"))


def rating_text(lang: str, rating: float | None) -> str:
    return "–" if rating is None else number(lang, rating, 1)


def person(user_id: int, display_name: str) -> str:
    """A mention for a Discord user; a forgotten user (negative id) keeps the anonymous name."""
    return f"<@{user_id}>" if user_id > 0 else discord.utils.escape_markdown(display_name)


def row_names(row: LeaderboardRow) -> str:
    names = row.display_names or tuple(str(u) for u in row.user_ids)
    return " & ".join(person(u, n) for u, n in zip(row.user_ids, names, strict=True))


def variant_name(lang: str, variant_id: str | None) -> str:
    if variant_id is None:
        return t(lang, "server.all_variants")
    try:
        return load_variant(variant_id).name(lang)
    except KeyError:
        return variant_id


def _fit(lines: list[str], limit: int = EMBED_LIMIT) -> str:
    """Join lines, dropping whole lines from the end so the text fits an embed."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


# ----- leaderboard ---------------------------------------------------------------------------
def stat_line(lang: str, row: LeaderboardRow) -> str:
    return t(
        lang,
        "leaderboard.row",
        games=row.games,
        won=row.won,
        rate=percent(lang, row.win_rate),
        avg=number(lang, row.avg_net_per_round, 1),
        best=number(lang, row.best_round),
        canastas=row.canastas,
        rating=rating_text(lang, row.rating),
    )


def leaderboard_embed(lang: str, board: Leaderboard, period: str, sort: str) -> discord.Embed:
    lines = []
    for rank, row in enumerate(board.rows, start=1):
        lines += [f"**{rank}.** {row_names(row)}", stat_line(lang, row)]
    title_key = (
        "leaderboard.title.partnership" if board.by == "partnership" else "leaderboard.title"
    )
    embed = discord.Embed(title=t(lang, title_key), description=_fit(lines), colour=COLOUR)
    embed.set_footer(
        text=t(
            lang,
            "leaderboard.footer",
            variant=variant_name(lang, board.variant_id),
            period=t(lang, f"choice.{period}"),
            sort=t(lang, f"choice.{sort}"),
        )
    )
    return embed


# ----- a player's statistics -----------------------------------------------------------------
@dataclass(frozen=True)
class PlayerStats:
    """One player's row of the server leaderboard plus what only a profile shows."""

    row: LeaderboardRow
    rank: int
    players: str
    """How many players were ranked ("12", or "500+" when the list was cut)."""
    rating: RatingInfo | None
    partners: tuple[LeaderboardRow, ...]


def stats_embed(lang: str, name: str, stats: PlayerStats, variant_id: str | None) -> discord.Embed:
    row = stats.row
    embed = discord.Embed(
        title=t(lang, "stats.title", name=name),
        description=t(lang, "stats.rank", rank=stats.rank, players=stats.players),
        colour=COLOUR,
    )
    fields = [
        ("stats.played", str(row.games)),
        ("stats.won", str(row.won)),
        ("stats.win_rate", percent(lang, row.win_rate)),
        ("stats.avg", number(lang, row.avg_net_per_round, 1)),
        ("stats.best", number(lang, row.best_round)),
        ("stats.canastas", str(row.canastas)),
    ]
    if stats.rating is not None:
        rating = t(
            lang,
            "stats.rating_value",
            ordinal=number(lang, stats.rating.ordinal, 1),
            mu=number(lang, stats.rating.mu, 1),
            sigma=number(lang, stats.rating.sigma, 1),
        )
    else:
        rating = "–"
    fields.append(("stats.rating", rating))
    for key, value in fields:
        embed.add_field(name=t(lang, key), value=value, inline=True)
    if stats.partners:
        me = row.user_ids[0]
        lines = []
        for pair in stats.partners:
            other = [
                person(u, n)
                for u, n in zip(pair.user_ids, pair.display_names, strict=True)
                if u != me
            ]
            lines.append(
                t(
                    lang,
                    "stats.partner_row",
                    partner=other[0] if other else "?",
                    games=pair.games,
                    won=pair.won,
                    rate=percent(lang, pair.win_rate),
                )
            )
        embed.add_field(name=t(lang, "stats.partners"), value=_fit(lines, 1024), inline=False)
    embed.set_footer(text=variant_name(lang, variant_id))
    return embed


# ----- history -------------------------------------------------------------------------------
def _result(lang: str, game: GameSummary) -> str:
    if game.state == "abandoned":
        return t(lang, "history.abandoned")
    if game.state == "active":
        return t(lang, "history.running", rounds=game.round_count)
    if game.draw:
        return t(lang, "history.draw")
    if game.winner_side is not None and game.winner_side < len(game.side_names):
        name = discord.utils.escape_markdown(game.side_names[game.winner_side])
        return t(lang, "history.winner", side=name)
    return t(lang, "history.finished")


def history_line(lang: str, game: GameSummary, show_channel: bool) -> list[str]:
    when = f"<t:{int((game.ended_at or game.created_at).timestamp())}:d>"
    head = f"**#{game.id}** · {variant_name(lang, game.variant_id)} · {when}"
    if show_channel:
        head += f" · <#{game.channel_id}>"
    names = [discord.utils.escape_markdown(n) for n in game.side_names]
    score = " – ".join(
        f"{name} {number(lang, total)}" for name, total in zip(names, game.totals, strict=False)
    )
    return [head, f"{score} · {_result(lang, game)}"]


def history_embed(
    lang: str, games: Sequence[GameSummary], whole_server: bool, export_command: str
) -> discord.Embed:
    lines: list[str] = []
    for game in games:
        lines += history_line(lang, game, whole_server)
    key = "history.title.server" if whole_server else "history.title.channel"
    embed = discord.Embed(title=t(lang, key), description=_fit(lines), colour=COLOUR)
    embed.set_footer(text=t(lang, "history.footer", export=export_command))
    return embed


# ----- settings ------------------------------------------------------------------------------
def settings_embed(lang: str, settings: GuildSettingsInfo) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "settings.title"), colour=COLOUR)
    embed.add_field(name=t(lang, "settings.language"), value=t(lang, f"choice.{settings.language}"))
    variant = (
        variant_name(lang, settings.default_variant)
        if settings.default_variant
        else t(lang, "settings.no_default_variant")
    )
    embed.add_field(name=t(lang, "settings.default_variant"), value=variant)
    role = (
        f"<@&{settings.manager_role_id}>"
        if settings.manager_role_id
        else t(lang, "settings.no_manager_role")
    )
    embed.add_field(name=t(lang, "settings.manager_role"), value=role)
    embed.set_footer(text=t(lang, "settings.who_may_change"))
    return embed


def who_may_change(lang: str, settings: GuildSettingsInfo) -> str:
    """The refusal for a member who may not change settings, naming who may."""
    if settings.manager_role_id:
        return t(lang, "settings.refused.role", role=f"<@&{settings.manager_role_id}>")
    return t(lang, "settings.refused")
