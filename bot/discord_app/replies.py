"""Sending replies that respect Discord's acknowledgement rules, and that always arrive.

Discord wants a first answer within 3 s and exactly one. Two things broke that before: a busy
moment (a queue of writes, a slow database) made a command answer late, so the player saw
"This interaction failed" for a round that *was* stored; and a failed HTTP call surfaced as an
exception, so the player was told "nothing was saved" after the commit.

So every application command gets an ``Acknowledger`` when it starts (``arm``): it defers at
once when the database is busy with other commands (it would have to queue), else when it has
not answered by ``DEFER_AFTER_SECONDS``; the answer then edits in. A command that meets a free
database answers in a few milliseconds with one HTTP call, as before. Every reply goes through
``send``, which holds the acknowledger's lock (so a deferral and an answer can never both be
sent), retries a failed delivery with back-off, and, when the interaction can no longer be
answered, posts a public outcome in the channel instead. What could not be posted either is
kept and announced with the next command in that channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

DEFER_AFTER_SECONDS = 0.5
"""A command that has not answered by then defers: far inside Discord's 3 s, and rarely hit
(a round takes a few milliseconds when nothing queues)."""

FIRST_ANSWER_WINDOW_SECONDS = 2.7
"""After this, counted from receipt, an interaction can no longer be acknowledged."""

FOLLOWUP_RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Back-off between attempts to deliver an answer after the acknowledgement (token lives 15 min)."""

CALL_TIMEOUT_SECONDS = 5.0
"""One HTTP call that hangs longer than this counts as failed (aiohttp would wait 5 minutes)."""

ALREADY_ACKNOWLEDGED = 40060

ANSWERS_ITSELF = "answers_itself"
"""Command ``extras`` key: the command's first answer is a form (a modal), which cannot follow a
deferral, so the acknowledgement clock is not armed for it."""


@dataclass
class Acknowledger:
    """The state of one interaction's answer: who answered, and when it arrived."""

    interaction: discord.Interaction
    received: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    deferred_ephemeral: bool | None = None
    """None until deferred; then whether the "thinking" message is private."""
    defer_unsure: bool = False
    """A deferral whose HTTP answer never came: Discord may have taken it, and then it, not
    the answer sent after it, is the acknowledgement (the answer must edit in)."""

    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


def _loop_time() -> float:
    return asyncio.get_running_loop().time()


def acknowledger(interaction: discord.Interaction) -> Acknowledger:
    """This interaction's acknowledger (created without a timer if ``arm`` never ran)."""
    current = interaction.extras.get("ack")
    if not isinstance(current, Acknowledger):
        current = Acknowledger(interaction, _loop_time())
        interaction.extras["ack"] = current
    return current


def arm(
    interaction: discord.Interaction,
    *,
    defer_after: float = DEFER_AFTER_SECONDS,
    ephemeral: bool = False,
    busy: bool = False,
    update: bool = False,
) -> Acknowledger:
    """Start the clock for ``interaction``: it defers by itself if no answer came in time, and
    at once when ``busy`` (the command would queue for the database), so the acknowledgement
    never waits on other players' commands. ``update``: a button press whose answer replaces
    the message it sits on (``update_message``); its deferral shows no "thinking" message."""
    ack = acknowledger(interaction)
    ack.cancel_timer()
    if busy:
        defer_after = 0.0

    def fire() -> None:
        task = asyncio.ensure_future(defer(interaction, ephemeral=ephemeral, update=update))
        _background.add(task)
        task.add_done_callback(_background.discard)

    ack.timer = asyncio.get_running_loop().call_later(defer_after, fire)
    return ack


_background: set[asyncio.Future[Any]] = set()


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = False, update: bool = False
) -> None:
    """Acknowledge now (a "thinking" message; for ``update``, a silent deferred update of the
    pressed message) unless an answer already went out."""
    ack = acknowledger(interaction)
    async with ack.lock:
        ack.cancel_timer()
        if interaction.response.is_done():
            return
        # A deferred update has no "thinking" message of its own: nothing to replace later.
        shown = None if update else ephemeral
        try:
            await asyncio.wait_for(
                interaction.response.defer()
                if update
                else interaction.response.defer(ephemeral=ephemeral, thinking=True),
                timeout=_first_answer_left(ack),
            )
            ack.deferred_ephemeral = shown
        except discord.HTTPException as error:
            if error.code == ALREADY_ACKNOWLEDGED:
                ack.deferred_ephemeral = shown
                return
            log.warning("could not defer interaction %s: %s", interaction.id, error)
        except (TimeoutError, aiohttp.ClientError) as error:
            ack.defer_unsure, ack.deferred_ephemeral = True, shown
            log.warning("could not defer interaction %s: %r", interaction.id, error)


def _first_answer_left(ack: Acknowledger) -> float:
    return max(0.05, FIRST_ANSWER_WINDOW_SECONDS - (_loop_time() - ack.received))


async def send(interaction: discord.Interaction, *, ephemeral: bool = False, **kwargs: Any) -> bool:
    """Answer, or edit in the answer after a deferral; True once the player can see it.

    Never raises for a delivery problem: it retries, then posts a public answer in the channel,
    then keeps it for the next command there. A private answer that cannot be delivered is
    dropped with a warning (it is a refusal or a private view: nothing was stored for it).
    """
    ack = acknowledger(interaction)
    async with ack.lock:
        ack.cancel_timer()
        if not interaction.response.is_done():
            if await _first_answer(ack, ephemeral, kwargs):
                return True
        elif await _follow_up(ack, ephemeral, kwargs):
            return True
    if ephemeral:
        log.warning(
            "a private reply to interaction %s could not be delivered (channel %s)",
            interaction.id,
            interaction.channel_id,
        )
        return False
    return await post_in_channel(interaction, kwargs)


async def update_message(interaction: discord.Interaction, **kwargs: Any) -> bool:
    """Replace the message a pressed button sits on (a confirm prompt becomes its outcome),
    before or after the clock's deferral; True once the player can see it. Like ``send`` it
    never raises for a delivery problem: what cannot replace the prompt is posted in the
    channel instead, since it reports something done."""
    ack = acknowledger(interaction)
    async with ack.lock:
        ack.cancel_timer()
        if not interaction.response.is_done():
            try:
                await asyncio.wait_for(
                    interaction.response.edit_message(**kwargs), timeout=_first_answer_left(ack)
                )
                return True
            except discord.HTTPException as error:
                if error.code == ALREADY_ACKNOWLEDGED:
                    return True
                log.warning("Discord refused the update for %s: %s", interaction.id, error)
            except (TimeoutError, aiohttp.ClientError) as error:
                log.warning(
                    "interaction %s could not be updated in time: %r", interaction.id, error
                )
        else:
            for delay in (0.0, *FOLLOWUP_RETRY_DELAYS):
                if delay:
                    await asyncio.sleep(delay)
                if await _attempt(interaction.edit_original_response(**kwargs)):
                    return True
    return await post_in_channel(interaction, kwargs)


async def _first_answer(ack: Acknowledger, ephemeral: bool, kwargs: dict[str, Any]) -> bool:
    interaction = ack.interaction
    tried = False  # an attempt of this answer that may have got through
    while True:
        try:
            # a timeout scope rather than wait_for: no extra task on every command's answer
            async with asyncio.timeout(_first_answer_left(ack)):
                await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
            return True
        except discord.HTTPException as error:
            if error.code == ALREADY_ACKNOWLEDGED:
                if ack.defer_unsure and not tried:
                    # The deferral whose answer was lost got through: the answer edits it in.
                    return await _follow_up(ack, ephemeral, kwargs)
                # An earlier attempt got through although its answer was lost on the way back.
                return True
            if 400 <= error.status < 500 and error.status != 429:
                log.warning("Discord refused the answer to %s: %s", interaction.id, error)
                return False
            problem: object = error
        except (TimeoutError, aiohttp.ClientError) as error:
            problem, tried = error, True
        if _first_answer_left(ack) <= 0.25:
            log.warning("interaction %s could not be answered in time: %r", interaction.id, problem)
            return False
        await asyncio.sleep(0.1)


async def _follow_up(ack: Acknowledger, ephemeral: bool, kwargs: dict[str, Any]) -> bool:
    interaction = ack.interaction
    if ack.deferred_ephemeral is False and ephemeral:
        # The public "thinking" message would become the refusal for everyone to read: remove
        # it and answer privately instead.
        await _attempt(interaction.delete_original_response())
    for delay in (0.0, *FOLLOWUP_RETRY_DELAYS):
        if delay:
            await asyncio.sleep(delay)
        if await _attempt(interaction.followup.send(ephemeral=ephemeral, **kwargs)):
            return True
    return False


async def _attempt(call: Any) -> bool:
    """One HTTP call, bounded in time; False (logged) when it fails for a reason worth a retry."""
    try:
        await asyncio.wait_for(call, timeout=CALL_TIMEOUT_SECONDS)
        return True
    except discord.NotFound:
        return False
    except discord.HTTPException as error:
        log.info("Discord call failed (%s %s), will retry", error.status, error.code)
        return False
    except (TimeoutError, aiohttp.ClientError) as error:
        log.info("Discord call failed (%r), will retry", error)
        return False


undelivered: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
"""Per channel: public answers that neither the interaction nor the channel took."""


async def post_in_channel(interaction: discord.Interaction, kwargs: dict[str, Any]) -> bool:
    """Post the answer as a plain channel message, naming the player it answers."""
    channel_id = interaction.channel_id
    if channel_id is None:
        return False
    payload = {k: v for k, v in kwargs.items() if k in ("content", "embed", "embeds")}
    mention = f"<@{interaction.user.id}>"
    payload["content"] = f"{mention} {payload.get('content') or ''}".strip()
    channel = interaction.client.get_partial_messageable(channel_id)
    for delay in (0.0, *FOLLOWUP_RETRY_DELAYS):
        if delay:
            await asyncio.sleep(delay)
        if await _attempt(
            channel.send(**payload, allowed_mentions=discord.AllowedMentions(users=True))
        ):
            log.info("answer to interaction %s posted in the channel instead", interaction.id)
            return True
    log.warning(
        "answer to interaction %s kept for the next command in channel %s",
        interaction.id,
        channel_id,
    )
    undelivered[channel_id].append(payload)
    return False


async def announce_undelivered(interaction: discord.Interaction) -> None:
    """Post what earlier commands in this channel could not deliver (oldest first)."""
    channel_id = interaction.channel_id
    if channel_id is None or not undelivered.get(channel_id):
        return
    pending = undelivered.pop(channel_id)
    channel = interaction.client.get_partial_messageable(channel_id)
    for index, payload in enumerate(pending):
        if not await _attempt(
            channel.send(**payload, allowed_mentions=discord.AllowedMentions(users=True))
        ):
            undelivered[channel_id][:0] = pending[index:]
            return


async def send_error(interaction: discord.Interaction, lines: list[str]) -> None:
    """A refusal or validation error: ephemeral, one line per problem."""
    text = "\n".join(f"• {line}" for line in lines) if len(lines) > 1 else lines[0]
    await send(interaction, ephemeral=True, content=text[:2000])
