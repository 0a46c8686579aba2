"""/history and /export: past games of this channel or server, and their rounds as a file.

Exports are deferred first (a whole server's history can take longer than Discord's 3-second
window to read) and sent only to the person who asked: a download is personal, and a private
reply also keeps any refusal private.
"""

from __future__ import annotations

import gzip
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.errors import render_refusal
from bot.discord_app.language import t
from bot.discord_app.replies import defer, send, send_error
from bot.discord_app.server_embeds import choices, history_embed, server_context
from bot.games import GameError, export_game, export_guild, past_games, score_sheet
from bot.games.errors import NoActiveGame
from bot.storage.engine import Database

SHOWN = 10
"""Games listed by /history: two lines each, the newest first."""
FORMATS = {"format_csv": "csv", "format_json": "json"}


def export_file(text: str, stem: str, fmt: str, size_limit: int) -> discord.File:
    """The export as an attachment, gzip-compressed when it is over the upload limit."""
    data = text.encode("utf-8")
    filename = f"{stem}.{fmt}"
    if len(data) > size_limit:
        data, filename = gzip.compress(data), filename + ".gz"
    return discord.File(io.BytesIO(data), filename=filename)


class HistoryCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def db(self) -> Database:
        return self.bot.db  # type: ignore[attr-defined,no-any-return]

    @app_commands.command(name="history", description="Past games in this channel")
    @app_commands.guild_only()
    @app_commands.describe(server="Show games from the whole server, not only this channel")
    async def history(self, interaction: discord.Interaction, server: bool = False) -> None:
        lang = (await server_context(self.db, interaction)).lang
        games = await past_games(
            self.db,
            guild_id=interaction.guild_id or 0,
            channel_id=None if server else interaction.channel_id,
            limit=SHOWN,
        )
        if not games:
            if server:
                text = t(lang, "history.empty.server")
            else:
                text = t(lang, "history.empty.channel", option=t(lang, "cmd.history.server.name"))
            await send(interaction, ephemeral=True, content=text)
            return
        export = "/" + t(lang, "cmd.export.name")
        await send(interaction, embed=history_embed(lang, games, server, export))

    @app_commands.command(name="export", description="Download a game or all games as a file")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Game number from /history (default: this channel's current or last game)",
        server="Every game of this server instead of one game",
        format="File format (default: CSV, opens in any spreadsheet)",
    )
    @app_commands.choices(format=choices(list(FORMATS)))
    async def export(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        server: bool = False,
        format: app_commands.Choice[str] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        lang = (await server_context(self.db, interaction)).lang
        guild_id = interaction.guild_id or 0
        fmt = FORMATS[format.value] if format else "csv"
        try:
            if server:
                text = await export_guild(self.db, guild_id=guild_id, fmt=fmt)
                stem, message = f"canasta-server-{guild_id}", t(lang, "export.server")
            else:
                if game is None:
                    sheet = await score_sheet(
                        self.db, guild_id=guild_id, channel_id=interaction.channel_id
                    )
                    game = sheet.game.id
                text = await export_game(self.db, guild_id=guild_id, game_id=game, fmt=fmt)
                stem, message = f"canasta-game-{game}", t(lang, "export.game", game=game)
        except NoActiveGame:
            history = "/" + t(lang, "cmd.history.name")
            option = t(lang, "cmd.export.server.name")
            await send_error(
                interaction, [t(lang, "export.no_game", history=history, option=option)]
            )
            return
        except GameError as error:
            await send_error(interaction, render_refusal(lang, error))
            return
        limit = interaction.filesize_limit
        await send(
            interaction,
            ephemeral=True,
            content=message,
            file=export_file(text, stem, fmt, limit),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HistoryCog(bot))
