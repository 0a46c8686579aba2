"""The bot process: an ``AutoShardedBot`` with minimal intents, cogs loaded in ``setup_hook``.

It never syncs commands on start (Discord limits command creates to 200 a day per server);
``canasta-bot sync`` does that on demand. Errors that escape a command are logged with the
command and ids, and the user gets a short localised apology instead of a traceback.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord_app.cogs import discover_extensions
from bot.discord_app.failures import report_failure, report_stale_command, tell
from bot.discord_app.guarded_state import GuardedConnectionState
from bot.discord_app.language import interaction_language, t
from bot.discord_app.option_checks import ParamSpec, check_options, leaf_options
from bot.discord_app.replies import ANSWERS_ITSELF, announce_undelivered, arm, send
from bot.discord_app.scoreboard import flush_scoreboards
from bot.discord_app.translator import CatalogTranslator
from bot.i18n import has_message
from bot.ops.memory import freeze_start_up_objects, release_free_heap
from bot.ops.metrics import CommandObserver
from bot.storage.engine import Database, DatabaseBusy, commits_in_task

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Guild events only: no message content, no members, no presences."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


STARTED = "canasta_started"
"""``interaction.extras`` key: when the command reached the tree, for its latency."""


def _observe(interaction: discord.Interaction, command: str, outcome: str) -> None:
    client = interaction.client
    observer = getattr(client, "observer", None)
    if isinstance(observer, CommandObserver):
        observer.finished(
            command,
            outcome,
            interaction.extras.get(STARTED),
            guild=interaction.guild_id,
            channel=interaction.channel_id,
            interaction=interaction.id,
        )


@functools.cache
def _param_specs(command: app_commands.Command[Any, ..., Any]) -> tuple[ParamSpec, ...]:
    """What each option of ``command`` may hold; read once per command object."""
    return tuple(
        ParamSpec(
            name=p.display_name,
            type=p.type.value,
            min_value=p.min_value,
            max_value=p.max_value,
            choices=tuple(c.value for c in p.choices),
        )
        for p in command.parameters
    )


def option_label(command: app_commands.Command[Any, ..., Any], name: str, lang: str) -> str:
    """The option's name as the user sees it in Discord (localised like the synced command)."""
    key = f"cmd.{command.qualified_name.replace(' ', '.')}.{name}.name"
    return t(lang, key) if lang != "en" and has_message(key, lang) else name


class CanastaTree(app_commands.CommandTree):
    """The command tree, with option values checked before any command runs and every
    failure routed through ``failures.report_failure``."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Arm the acknowledgement clock for every command and deliver what earlier commands in
        this channel could not (see ``bot.discord_app.replies``); note the start time for the
        command's logged latency; then check the option values before the command runs
        (``option_checks``)."""
        command = interaction.command
        if interaction.type is discord.InteractionType.application_command:
            interaction.extras[STARTED] = CommandObserver.started()
            if command is None or not command.extras.get(ANSWERS_ITSELF):
                db = getattr(interaction.client, "db", None)
                arm(interaction, busy=isinstance(db, Database) and db.is_busy)
            await announce_undelivered(interaction)
        if not isinstance(command, app_commands.Command):
            return True  # unknown commands are refused by discord.py -> on_error
        data = interaction.data or {}
        autocomplete = interaction.type is discord.InteractionType.autocomplete
        resolved = data.get("resolved")
        problem = check_options(
            _param_specs(command),
            leaf_options(data.get("options")),
            focused_ok=autocomplete,
            resolved=resolved if isinstance(resolved, dict) else {},
        )
        if problem is None:
            return True
        if problem.kind == "shape":
            await report_stale_command(interaction, command.qualified_name)
            return False
        log.info(
            "/%s: option %s refused (%s)", command.qualified_name, problem.option, problem.kind
        )
        lang = interaction_language(interaction)
        option = option_label(command, problem.option, lang)
        if problem.kind == "range":
            text = t(lang, "ui.err.option_range", option=option, low=problem.low, high=problem.high)
        else:
            text = t(lang, "ui.err.option_choice", option=option)
        await tell(interaction, text)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(getattr(error, "original", None), DatabaseBusy):
            lang = interaction_language(interaction)
            _observe(interaction, command, "busy")
            log.warning("/%s refused as busy (interaction %s)", command, interaction.id)
            await send(interaction, ephemeral=True, content=t(lang, "error.busy"))
            return
        _observe(interaction, command, "error")
        # Only a transaction that rolled back may be called "nothing saved".
        key = "error.unexpected_after_save" if commits_in_task.get() else "error.unexpected"
        await report_failure(interaction, error, f"command /{command}", apology=key)


class CanastaBot(commands.AutoShardedBot):
    """The bot; an ``AutoShardedBot`` because a plain ``commands.Bot`` cannot run given shards.

    Why: in discord.py 2.7 a plain ``Client`` reads only ``shard_id`` (one shard) and silently
    drops ``shard_ids``, so with ``CANASTA_SHARD_IDS=1`` it identified without a shard and Discord
    treated every process as the whole, unsharded bot. ``AutoShardedClient`` honours
    ``shard_ids`` (several per process, as the README promises), and with no
    ``CANASTA_SHARD_COUNT`` it asks ``GET /gateway/bot`` how many shards to run (the README's
    "automatic"); one shard of one is what a small bot gets. ``tests/e2e/test_sharding.py``
    runs two processes, one shard each.
    """

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            tree_cls=CanastaTree,
            help_command=None,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
        )
        self.settings = settings
        self.db = Database(settings.effective_database_url, **settings.engine_kwargs())
        self.observer = CommandObserver()
        self.dynamic_templates: list[re.Pattern[str]] = []
        """Custom-id patterns of the registered dynamic items: a press matching none of them
        is answered as expired (``cogs/components.py``) instead of being dropped."""

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.dynamic_templates += [item.__discord_ui_compiled_template__ for item in items]

    def _get_state(self, **options: Any) -> GuardedConnectionState:
        """discord.py's hook for the connection state class: ours skips malformed events."""
        return GuardedConnectionState(
            dispatch=self.dispatch,
            handlers=self._handlers,
            hooks=self._hooks,
            http=self.http,
            **options,
        )

    async def close(self) -> None:
        if not isinstance(self.loop, asyncio.AbstractEventLoop):
            # Never logged in (the command-tree tests build a bot and close it): a plain Bot closes
            # fine then, but AutoShardedClient.close needs the event queue login would have made.
            await self._async_setup_hook()
        await flush_scoreboards(self)  # while the gateway, HTTP session and database are open
        await super().close()
        await self.db.dispose()

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        for extension in discover_extensions():
            await self.load_extension(extension)

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: app_commands.Command[Any, Any, Any] | Any
    ) -> None:
        _observe(interaction, command.qualified_name, "ok")

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))
        freeze_start_up_objects()  # a full collection then skips what start-up made
        release_free_heap()  # what start-up freed, which the steady state does not reuse
