"""The live scoreboard: one message per game in its channel, edited after every change.

For whoever adds a command that changes a game: after the change is stored, call

    board_changed(interaction, game_id, lang=actor.lang)

That is all. It returns at once (nothing is awaited, nothing can fail the command): the board is
refreshed off the command's path, a moment later, by a task per game.

Why coalesced: a burst of changes (a round, an undo, a correction, twenty rounds typed in a row)
would otherwise be one message edit each, and Discord rate-limits edits per channel. A change
starts a short wait; changes during the wait join it; when the game has been quiet for
``QUIET_SECONDS`` (or ``MAX_WAIT_SECONDS`` after the first change, so a long burst still shows
progress) the state is read once (``bot.games.scoreboard.read_board``: a handful of rows,
whatever the length of the game) and the message is edited once with it. Refreshes of one game
never overlap: a change during an edit starts the next wait when the edit is done.

Where the message lives: its id is stored on the game (``games.scoreboard_message_id``), so a
restarted bot edits the same message. The first change of a game posts it (and pins it when the
bot may pin in that channel: ``app_permissions`` of the interaction, as Discord computed them);
if it was deleted (404 on edit), the next change of a running game posts a new one. A failed
edit (an HTTP error, a rate limit discord.py gave up on, a missing permission, a busy database)
is logged with the game, channel and message, and the next change tries again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import aiohttp
import discord
from sqlalchemy.exc import SQLAlchemyError

from bot.discord_app.game_embeds import scoreboard_embed
from bot.games.access import game_variant
from bot.games.scoreboard import BoardState, read_board, set_board_message
from bot.storage.engine import Database, DatabaseBusy

log = logging.getLogger(__name__)

QUIET_SECONDS = 0.4
"""A refresh waits until its game had no change for this long..."""
MAX_WAIT_SECONDS = 2.0
"""...but never longer than this after the first change it collects."""
CALL_TIMEOUT_SECONDS = 10.0
"""One Discord call of a refresh; discord.py may sleep through a rate limit inside it."""
FLUSH_SECONDS = 3.0
"""On shutdown, how long waiting refreshes may take to go out before the bot closes."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Coalescer(Generic[K, V]):
    """Per key, one waiting task that runs ``work`` with the latest value it was poked with.

    ``poke`` never blocks and never raises. ``work`` runs at most once at a time per key; a
    poke while it runs schedules one more run afterwards. Exceptions from ``work`` are logged
    (it should handle its own) and do not stop later runs.
    """

    def __init__(
        self,
        work: Callable[[V], Awaitable[None]],
        *,
        quiet: float = QUIET_SECONDS,
        max_wait: float = MAX_WAIT_SECONDS,
    ) -> None:
        self.work = work
        self.quiet, self.max_wait = quiet, max_wait
        self._latest: dict[K, V] = {}
        self._last_poke: dict[K, float] = {}
        self._tasks: dict[K, asyncio.Task[None]] = {}
        self._hurry = asyncio.Event()

    def poke(self, key: K, value: V) -> None:
        """Note that ``key`` changed; ``value`` replaces what earlier pokes left waiting."""
        self._latest[key] = value
        self._last_poke[key] = asyncio.get_running_loop().time()
        if key not in self._tasks:
            self._start(key)

    def _start(self, key: K) -> None:
        task = asyncio.get_running_loop().create_task(self._run(key), name=f"scoreboard-{key}")
        self._tasks[key] = task

    async def _run(self, key: K) -> None:
        loop = asyncio.get_running_loop()
        first = loop.time()
        try:
            while not self._hurry.is_set():
                due = min(self._last_poke[key] + self.quiet, first + self.max_wait)
                if due <= loop.time():
                    break
                hurry = asyncio.ensure_future(self._hurry.wait())
                try:
                    await asyncio.wait({hurry}, timeout=due - loop.time())
                finally:
                    hurry.cancel()
            value = self._latest.pop(key)
            try:
                await self.work(value)
            except Exception:
                log.exception("scoreboard refresh for %s failed", key)
        finally:
            del self._tasks[key]
            if key in self._latest:
                self._start(key)  # changed while the refresh ran: one more, with the latest
            else:
                self._last_poke.pop(key, None)

    @property
    def waiting(self) -> int:
        """Keys with a refresh waiting or running."""
        return len(self._tasks)

    async def settled(self) -> None:
        """Until no refresh waits or runs (a refresh that ends may start one more)."""
        while self._tasks:
            await asyncio.wait(set(self._tasks.values()))

    async def flush(self, timeout: float) -> None:  # noqa: ASYNC109
        """Run every waiting refresh now and wait up to ``timeout`` for them (shutdown)."""
        self._hurry.set()
        deadline = asyncio.get_running_loop().time() + timeout
        while self._tasks:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                log.warning("scoreboard: %d refreshes not done at shutdown", len(self._tasks))
                for task in list(self._tasks.values()):
                    task.cancel()
                return
            await asyncio.wait(set(self._tasks.values()), timeout=left)


@dataclass(frozen=True)
class BoardRequest:
    """What a refresh needs beside the database: where, in which language, may it pin."""

    game_id: int
    lang: str
    can_pin: bool


_FAILURES = (
    discord.HTTPException,
    aiohttp.ClientError,
    TimeoutError,
    DatabaseBusy,
    SQLAlchemyError,
)
"""What a refresh may meet and only logs: Discord or the network refusing, a busy database."""


class Scoreboards:
    """The boards of one bot process."""

    def __init__(self, client: discord.Client, db: Database) -> None:
        self.client = client
        self.db = db
        self.coalescer: Coalescer[int, BoardRequest] = Coalescer(self.refresh)

    def changed(self, request: BoardRequest) -> None:
        self.coalescer.poke(request.game_id, request)

    async def refresh(self, request: BoardRequest) -> None:
        """Read the game once and bring its board up to date; failures are logged only."""
        board: BoardState | None = None
        try:
            board = await read_board(self.db, request.game_id)
            if board is None:
                return
            await self._show(board, request)
        except _FAILURES as error:
            game = board.game if board is not None else None
            log.warning(
                "scoreboard of game %s (channel %s, message %s) not updated: %s",
                request.game_id,
                game.channel_id if game is not None else "?",
                board.message_id if board is not None else "?",
                _describe(error),
            )

    async def _show(self, board: BoardState, request: BoardRequest) -> None:
        game = board.game
        lang = board.language or request.lang
        embed = scoreboard_embed(lang, board, game_variant(game.variant_id, game.house_rules))
        channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        if board.message_id is not None:
            try:
                await asyncio.wait_for(
                    channel.get_partial_message(board.message_id).edit(embed=embed),
                    CALL_TIMEOUT_SECONDS,
                )
                return
            except discord.NotFound:
                log.info(
                    "scoreboard message %s of game %s is gone", board.message_id, request.game_id
                )
        if game.state != "active":
            return  # an ended game's board is not posted again: its last reply says it all
        message = await asyncio.wait_for(channel.send(embed=embed), CALL_TIMEOUT_SECONDS)
        await set_board_message(self.db, game.id, message.id, lang)
        if request.can_pin:
            try:
                await asyncio.wait_for(message.pin(), CALL_TIMEOUT_SECONDS)
            except _FAILURES as error:
                log.warning(
                    "scoreboard message %s of game %s (channel %s) not pinned: %s",
                    message.id,
                    game.id,
                    game.channel_id,
                    _describe(error),
                )


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status} (code {error.code}) {error.text}".strip()
    return repr(error)


def may_pin(interaction: discord.Interaction) -> bool:
    """Whether the bot may pin in the interaction's channel, from the permissions Discord sent
    with it (``app_permissions``: the bot's, in that channel, overwrites included). Pinning has
    its own permission since 2026; before, Manage Messages carried it."""
    permissions = interaction.app_permissions
    return bool(getattr(permissions, "pin_messages", False) or permissions.manage_messages)


def scoreboards(client: discord.Client) -> Scoreboards | None:
    """The process's boards (made on first use), or None for a client without a database."""
    boards = getattr(client, "scoreboards", None)
    if isinstance(boards, Scoreboards):
        return boards
    db = getattr(client, "db", None)
    if not isinstance(db, Database):
        return None
    boards = Scoreboards(client, db)
    client.scoreboards = boards  # type: ignore[attr-defined]
    return boards


def board_changed(interaction: discord.Interaction, game_id: int, *, lang: str) -> None:
    """Game ``game_id`` changed (stored and committed): refresh its board soon.

    ``lang`` is the acting player's language; the board keeps the language it was first posted
    in, so this only matters for its first post. Never raises, never waits.
    """
    boards = scoreboards(interaction.client)
    if boards is None:
        return
    try:
        boards.changed(BoardRequest(game_id, lang, may_pin(interaction)))
    except Exception:  # a board must never cost a player their answer
        log.exception("scoreboard of game %s not scheduled", game_id)


async def flush_scoreboards(client: Any, timeout: float = FLUSH_SECONDS) -> None:  # noqa: ASYNC109
    """On shutdown, before the database closes: send what is waiting, within ``timeout``."""
    boards = getattr(client, "scoreboards", None)
    if isinstance(boards, Scoreboards):
        await boards.coalescer.flush(timeout)
