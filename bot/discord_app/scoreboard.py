"""The live scoreboard: one message per game in its channel, edited after every change.

For whoever adds a command that changes a game: after the change is stored, call

    board_changed(interaction, game_id, lang=actor.lang)

That is all. It returns at once (nothing is awaited, nothing can fail the command): the board is
refreshed off the command's path, a moment later, by a task per game. A command that holds the
game's new standing anyway (recording a round) passes it as ``state=`` (see
``bot.games.scoreboard.board_after_round``), which spares the refresh its read.

Why coalesced: a burst of changes (a round, an undo, a correction, twenty rounds typed in a row)
would otherwise be one message edit each, and Discord rate-limits edits per channel. A change
starts a short wait; changes during the wait join it; when the game has been quiet for
``QUIET_SECONDS`` (or ``MAX_WAIT_SECONDS`` after the first change, so a long burst still shows
progress) the message is edited once with the latest state. That state is the one the last
recorded round brought along when every change of the wait was a round (the common case: no
read at all), else it is read once (``bot.games.scoreboard.read_board``: a handful of rows,
whatever the length of the game). Refreshes of one game never overlap: a change during an edit
starts the next wait when the edit is done.

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
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

import aiohttp
import discord
from sqlalchemy.exc import SQLAlchemyError

from bot.discord_app.game_embeds import scoreboard_embed
from bot.games.access import game_variant
from bot.games.scoreboard import BoardState, read_board, set_board_message, set_board_pinned
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
_NOTHING: Any = object()


class Coalescer(Generic[K, V]):
    """Per key, one refresh that runs ``work`` with the latest value it was poked with.

    ``poke`` never blocks and never raises; while a key waits it costs one timer, no task.
    ``work`` runs at most once at a time per key; a poke while it runs opens the next wait,
    which starts when the run is done. Exceptions from ``work`` are logged (it should handle its
    own) and do not stop later runs.
    """

    def __init__(
        self,
        work: Callable[[V], Awaitable[None]],
        *,
        quiet: float = QUIET_SECONDS,
        max_wait: float = MAX_WAIT_SECONDS,
        merge: Callable[[V, V], V] | None = None,
    ) -> None:
        self.work = work
        self.merge = merge
        """How a poke's value joins the one waiting (default: it replaces it)."""
        self.quiet, self.max_wait = quiet, max_wait
        self._latest: dict[K, V] = {}
        self._first_poke: dict[K, float] = {}
        self._last_poke: dict[K, float] = {}
        self._timers: dict[K, asyncio.TimerHandle] = {}
        self._running: dict[K, asyncio.Task[None]] = {}
        self._hurry = False
        self._idle = asyncio.Event()
        self._idle.set()

    def poke(self, key: K, value: V) -> None:
        """Note that ``key`` changed; ``value`` replaces (or merges with) what is waiting."""
        now = asyncio.get_running_loop().time()
        waiting = self._latest.get(key, _NOTHING)
        if waiting is _NOTHING:
            self._first_poke[key] = now
        elif self.merge is not None:
            value = self.merge(waiting, value)
        self._latest[key] = value
        self._last_poke[key] = now
        if key not in self._timers and key not in self._running:
            self._arm(key, 0.0 if self._hurry else self.quiet)

    def _arm(self, key: K, delay: float) -> None:
        self._idle.clear()
        self._timers[key] = asyncio.get_running_loop().call_later(delay, self._due, key)

    def _due(self, key: K) -> None:
        """The timer fired: wait on if a later poke moved the quiet point, else run."""
        del self._timers[key]
        left = self._quiet_point(key)
        if left > 0 and not self._hurry:
            self._arm(key, left)
            return
        value = self._latest.pop(key)
        task = asyncio.get_running_loop().create_task(self._run(key, value))
        self._running[key] = task

    async def _run(self, key: K, value: V) -> None:
        try:
            await self.work(value)
        except Exception:
            log.exception("scoreboard refresh for %s failed", key)
        finally:
            del self._running[key]
            if key in self._latest:  # changed while the refresh ran: one more, with the latest
                self._arm(key, 0.0 if self._hurry else self._quiet_point(key))
            else:
                self._first_poke.pop(key, None)
                self._last_poke.pop(key, None)
                if not self._timers and not self._running:
                    self._idle.set()

    def _quiet_point(self, key: K) -> float:
        """Seconds until ``key`` has been quiet long enough, or waited long enough."""
        due = min(self._last_poke[key] + self.quiet, self._first_poke[key] + self.max_wait)
        return max(0.0, due - asyncio.get_running_loop().time())

    @property
    def waiting(self) -> int:
        """Keys with a refresh waiting or running."""
        return len(self._timers) + len(self._running)

    async def settled(self) -> None:
        """Until no refresh waits or runs."""
        await self._idle.wait()

    async def flush(self, timeout: float) -> None:  # noqa: ASYNC109
        """Run every waiting refresh now and wait up to ``timeout`` for them (shutdown)."""
        self._hurry = True
        for key, timer in list(self._timers.items()):
            timer.cancel()
            del self._timers[key]
            self._arm(key, 0.0)
        try:
            await asyncio.wait_for(self.settled(), timeout)
        except TimeoutError:
            log.warning("scoreboard: %d refreshes not done at shutdown", self.waiting)
            for task in list(self._running.values()):
                task.cancel()


@dataclass(frozen=True)
class BoardRequest:
    """What a refresh needs beside the database: which game, in which language (for a first
    post), whether it may pin, and the new standing if the change brought it along."""

    game_id: int
    lang: str
    can_pin: bool
    state: BoardState | None = None


def merge_requests(waiting: BoardRequest, new: BoardRequest) -> BoardRequest:
    """Changes that join one refresh: the standing they brought is usable only if every one of
    them brought one (rounds only); then the furthest round is the latest whatever order the
    handlers ran in. Any other change (undo, edit, entry, end) makes the refresh read."""
    state = None
    if waiting.state is not None and new.state is not None:
        state = max(waiting.state, new.state, key=lambda s: s.last_number)
    return replace(new, state=state)


@dataclass(frozen=True)
class _Shown:
    """What this process last put on a game's board."""

    message_id: int
    language: str
    last_number: int


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
        self.coalescer: Coalescer[int, BoardRequest] = Coalescer(self.refresh, merge=merge_requests)
        self.shown: dict[int, _Shown] = {}
        """Running games whose board this process showed: message, language, last round."""
        self.reads = 0
        """Refreshes that had to read the game (for tests and the curious)."""

    def changed(self, request: BoardRequest) -> None:
        self.coalescer.poke(request.game_id, request)

    async def _board(self, request: BoardRequest) -> BoardState | None:
        """The standing a round brought along, if it is newer than what the board shows and
        the board's message is known; else the game read once."""
        shown = self.shown.get(request.game_id)
        state = request.state
        if state is not None and shown is not None and state.last_number > shown.last_number:
            return replace(state, message_id=shown.message_id, language=shown.language)
        self.reads += 1
        return await read_board(self.db, request.game_id)

    async def refresh(self, request: BoardRequest) -> None:
        """Bring the game's board up to date (one edit, at most one read); failures are
        logged only."""
        board: BoardState | None = None
        try:
            board = await self._board(request)
            if board is None:
                return
            await self._show(board, request)
        except _FAILURES as error:
            self.shown.pop(request.game_id, None)  # read afresh next time
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
                async with asyncio.timeout(CALL_TIMEOUT_SECONDS):  # no extra task per edit
                    await channel.get_partial_message(board.message_id).edit(embed=embed)
                self._remember(board, board.message_id, lang)
                if game.state != "active" and board.pinned:
                    await self._unpin(channel, board)
                return
            except discord.NotFound:
                log.info(
                    "scoreboard message %s of game %s is gone", board.message_id, request.game_id
                )
                self.shown.pop(game.id, None)
        if game.state != "active":
            return  # an ended game's board is not posted again: its last reply says it all
        message = await asyncio.wait_for(channel.send(embed=embed), CALL_TIMEOUT_SECONDS)
        await set_board_message(self.db, game.id, message.id, lang)
        self._remember(board, message.id, lang)
        if request.can_pin:
            try:
                await asyncio.wait_for(message.pin(), CALL_TIMEOUT_SECONDS)
                await set_board_pinned(self.db, game.id, True)
            except _FAILURES as error:
                log.warning(
                    "scoreboard message %s of game %s (channel %s) not pinned: %s",
                    message.id,
                    game.id,
                    game.channel_id,
                    _describe(error),
                )

    async def _unpin(self, channel: discord.PartialMessageable, board: BoardState) -> None:
        """The game is over: its final board stays as the record, no longer pinned over the
        channel's next game. Only a pin the bot made is taken back (``board.pinned``)."""
        assert board.message_id is not None
        try:
            await asyncio.wait_for(
                channel.get_partial_message(board.message_id).unpin(), CALL_TIMEOUT_SECONDS
            )
        except discord.NotFound:
            pass  # unpinned by hand, or the message is gone: nothing left to take back
        except _FAILURES as error:
            log.warning(
                "scoreboard message %s of finished game %s (channel %s) not unpinned: %s",
                board.message_id,
                board.game.id,
                board.game.channel_id,
                _describe(error),
            )
            return  # the game's next refresh tries again
        await set_board_pinned(self.db, board.game.id, False)

    def _remember(self, board: BoardState, message_id: int, lang: str) -> None:
        if board.game.state == "active":
            self.shown[board.game.id] = _Shown(message_id, lang, board.last_number)
        else:
            self.shown.pop(board.game.id, None)  # an ended game changes rarely: read then


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status} (code {error.code}) {error.text}".strip()
    return repr(error)


def may_pin(interaction: discord.Interaction) -> bool:
    """Whether the bot may pin in the interaction's channel, from the permissions Discord sent
    with it (``app_permissions``: the bot's, in that channel, overwrites included). Pinning has
    its own permission since 2026: Manage Messages no longer carries it."""
    return interaction.app_permissions.pin_messages


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


def board_changed(
    interaction: discord.Interaction,
    game_id: int,
    *,
    lang: str,
    state: BoardState | None = None,
) -> None:
    """Game ``game_id`` changed (stored and committed): refresh its board soon.

    ``lang`` is the acting player's language; the board keeps the language it was first posted
    in, so this only matters for its first post. ``state``: the game's standing right after
    this change, if the command has it (``board_after_round``); without it the refresh reads
    the game. Never raises, never waits.
    """
    boards = scoreboards(interaction.client)
    if boards is None:
        return
    try:
        boards.changed(BoardRequest(game_id, lang, may_pin(interaction), state))
    except Exception:  # a board must never cost a player their answer
        log.exception("scoreboard of game %s not scheduled", game_id)


async def flush_scoreboards(client: Any, timeout: float = FLUSH_SECONDS) -> None:  # noqa: ASYNC109
    """On shutdown, before the database closes: send what is waiting, within ``timeout``."""
    boards = getattr(client, "scoreboards", None)
    if isinstance(boards, Scoreboards):
        await boards.coalescer.flush(timeout)
