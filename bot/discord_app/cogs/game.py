"""/game: start, end, abandon, sheet and history of the channel's game.

Thin: parse the options, call ``bot.games``, render with ``game_embeds``. Refusals (the
service's ``GameError``, the scoring domain's ``ScoringError``, our own option syntax) are
private messages in the user's language; nothing is stored unless the service accepted it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.chart import chart_available, render_totals_png
from bot.discord_app.game_embeds import (
    adjustment_points,
    history_embed,
    sheet_embed,
    start_embed,
)
from bot.discord_app.language import t
from bot.discord_app.replies import defer, send, send_error
from bot.discord_app.scoreboard import board_changed
from bot.discord_app.views.common import REFUSALS, Actor, actor_for, refuse
from bot.discord_app.views.confirm import ConfirmButton, confirm_view
from bot.games import PlayerSpec, SideSpec, game_history, score_sheet, start_game
from bot.games.access import game_variant, seat_sides
from bot.games.errors import NoActiveGame, NotAllowed
from bot.games.results import DealerInfo, GameInfo, ScoreSheet
from bot.scoring import Variant, all_variants

log = logging.getLogger(__name__)

VARIANT_CHOICES = [
    app_commands.Choice(name=variant.names["en"], value=variant_id)
    for variant_id, variant in sorted(all_variants().items())
][:25]
_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&\d+>")
FETCH_TIMEOUT = 1.0


class SideTextError(ValueError):
    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def parse_side_text(text: str, side: int) -> tuple[str | None, list[int]]:
    """``Us: @alice @bob`` -> ("Us", [alice, bob]); the name and the mentions are optional."""
    if _ROLE.search(text):
        raise SideTextError("ui.err.role_mention", side=side)
    ids = [int(m) for m in _MENTION.findall(text)]
    name = _MENTION.sub(" ", text).strip().strip(":,;-").strip()
    return (name or None), ids


_RULE_SEPARATOR = re.compile(r"[\s;]+|,(?=\s*[A-Za-z_]+\s*=)")
"""Rules are split at spaces and semicolons, and at a comma only where the next rule's
``key=`` follows: ``opening=15,0:50,1500:90`` keeps its commas."""


def parse_rules(text: str) -> dict[str, str]:
    """``target=3000 fixed_minimum=120`` -> a dict; the scoring layer checks keys and values."""
    rules: dict[str, str] = {}
    for item in filter(None, _RULE_SEPARATOR.split(re.sub(r",\s+", ",", text))):
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise SideTextError("ui.err.bad_rule_item", item=item)
        rules[key.strip().lower()] = value.strip()
    return rules


async def _display_name(interaction: discord.Interaction, user_id: int) -> str:
    """A player's name for the records; mentions carry no names, so ask Discord (no cache)."""
    if user_id == interaction.user.id:
        return interaction.user.display_name
    if interaction.guild is not None:
        with contextlib.suppress(discord.HTTPException, TimeoutError):
            member = await asyncio.wait_for(interaction.guild.fetch_member(user_id), FETCH_TIMEOUT)
            return member.display_name
    return str(user_id)


async def _side_specs(
    interaction: discord.Interaction, texts: list[str | None]
) -> list[SideSpec] | None:
    """Side specs from the side1..side3 options, or None for the quick-game default."""
    if all(text is None for text in texts):
        return None
    last = max(i for i, text in enumerate(texts) if text is not None)
    parsed = [parse_side_text(texts[i] or "", i + 1) for i in range(last + 1)]
    ids = {uid for _, players in parsed for uid in players}
    names = dict(
        zip(ids, await asyncio.gather(*(_display_name(interaction, u) for u in ids)), strict=True)
    )
    return [
        SideSpec(name=name, players=tuple(PlayerSpec(u, names[u]) for u in players))
        for name, players in parsed
    ]


def _check_player(actor: Actor, sheet: ScoreSheet, action: str) -> None:
    """Refuse a closing prompt early for someone the service would refuse on confirm anyway."""
    players = sheet.game.player_ids
    if players and not actor.is_manager and actor.user_id not in players:
        raise NotAllowed(action=action, who="players_or_managers", players=list(players))


@app_commands.guild_only()
class GameCog(
    commands.GroupCog,
    group_name="game",
    group_description="Start, end and view the game in this channel",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Start a game in this channel")
    @app_commands.describe(
        variant="Which canasta (default: the server's, else classic)",
        side1="First side: a name and/or members, e.g. Us: @alice @bob (empty: quick game)",
        side2="Second side, e.g. Them: @carol @dave",
        side3="Third side (three-sided variants)",
        target="Points to win (house rule target)",
        rules="House rules as key=value, e.g. target=3000 fixed_minimum=120",
        first_dealer="Seat that deals first (1 = first player of side 1)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        variant: app_commands.Choice[str] | None = None,
        side1: str | None = None,
        side2: str | None = None,
        side3: str | None = None,
        target: int | None = None,
        rules: str | None = None,
        first_dealer: int = 1,
    ) -> None:
        actor = await actor_for(interaction)
        try:
            house_rules = parse_rules(rules or "")
            specs = await _side_specs(interaction, [side1, side2, side3])
        except SideTextError as error:
            await send_error(interaction, [t(actor.lang, error.key, **error.params)])
            return
        try:
            game = await start_game(
                actor.db,
                guild_id=actor.guild_id,
                channel_id=actor.channel_id,
                actor_id=actor.user_id,
                variant_id=variant.value if variant else None,
                sides=specs,
                house_rules=house_rules,
                target=target,
                first_dealer=first_dealer - 1,
                interaction_id=actor.interaction_id,
            )
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        played = game_variant(game.variant_id, game.house_rules)
        dealer = _first_dealer(game, played)
        await send(interaction, embed=start_embed(actor.lang, game, played, dealer))
        board_changed(interaction, game.id, lang=actor.lang)

    async def _closing(self, interaction: discord.Interaction, action: str) -> None:
        actor = await actor_for(interaction)
        try:
            sheet = await score_sheet(
                actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id
            )
            if sheet.game.state != "active":
                raise NoActiveGame(channel_id=actor.channel_id)
            _check_player(actor, sheet, action)
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        totals = " · ".join(
            f"{s.name} {total}" for s, total in zip(sheet.game.sides, sheet.totals, strict=False)
        )
        await send(
            interaction,
            content=t(actor.lang, f"ui.confirm.ask_{action}", totals=totals),
            view=confirm_view(actor.lang, action, sheet.game.id, actor.user_id),
        )

    @app_commands.command(name="end", description="End the game now: the highest total wins")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._closing(interaction, "end")

    @app_commands.command(name="abandon", description="Abandon the game: kept, but no winner")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self._closing(interaction, "abandon")

    @app_commands.command(name="sheet", description="The score sheet: every round, totals, chart")
    async def sheet(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        try:
            sheet = await score_sheet(
                actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id
            )
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        variant = game_variant(sheet.game.variant_id, sheet.game.house_rules)
        embed = sheet_embed(actor.lang, sheet, variant)
        if not sheet.rounds or not chart_available():
            await send(interaction, embed=embed)
            return
        await defer(interaction)
        png = await asyncio.to_thread(
            render_totals_png,
            [s.name for s in sheet.game.sides],
            [[s.total for s in r.results] for r in sheet.rounds],
            sheet.game.target,
            variant.name(actor.lang),
            t(actor.lang, "ui.chart.rounds"),
            adjustment_points(sheet),
        )
        embed.set_image(url="attachment://sheet.png")
        await send(
            interaction, embed=embed, file=discord.File(io.BytesIO(png), filename="sheet.png")
        )

    @app_commands.command(name="history", description="Who recorded, undid or edited what, when")
    async def history(self, interaction: discord.Interaction) -> None:
        actor = await actor_for(interaction)
        try:
            sheet = await score_sheet(
                actor.db, guild_id=actor.guild_id, channel_id=actor.channel_id
            )
            rows = await game_history(
                actor.db, guild_id=actor.guild_id, channel_id=None, game_id=sheet.game.id
            )
        except REFUSALS as error:
            await refuse(interaction, actor.lang, error)
            return
        await send(interaction, embed=history_embed(actor.lang, rows, sheet.game))


def _first_dealer(game: GameInfo, variant: Variant) -> DealerInfo:
    """Who deals round 1, as the sheet will show it."""
    seat = game.first_dealer
    player = next((p for s in game.sides for p in s.players if p.seat == seat), None)
    return DealerInfo(seat=seat, side=seat_sides(variant)[seat], player=player)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ConfirmButton)
    await bot.add_cog(GameCog(bot))
