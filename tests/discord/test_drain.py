"""Stopping waits for every interaction being handled, whoever handles it: a round form submit
runs in an ``on_interaction`` listener, not in the command tree, and used to be cut off by the
closing HTTP session (a traceback in the log, the player's form left "thinking")."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.discord_app.runner import drain

NO_SHARDS: Any = SimpleNamespace(shards={})


async def test_stopping_waits_for_a_form_being_recorded_in_a_listener() -> None:
    finished: list[str] = []

    async def form_submit() -> None:
        await asyncio.sleep(0.2)  # waiting for the database behind the commands in flight
        finished.append("answered")

    task = asyncio.create_task(form_submit(), name="discord.py: on_interaction")
    await drain(NO_SHARDS, timeout=10)
    assert finished == ["answered"]
    assert task.done()


async def test_a_handler_still_running_at_the_deadline_is_cancelled_not_cut_off() -> None:
    reached: list[str] = []

    async def stuck() -> None:
        await asyncio.sleep(60)
        reached.append("went on after the session closed")

    task = asyncio.create_task(stuck(), name="CommandTree-invoker")
    await drain(NO_SHARDS, timeout=0.1)
    assert task.cancelled()
    assert reached == []


async def test_unrelated_tasks_are_not_waited_for() -> None:
    background = asyncio.create_task(asyncio.sleep(60), name="scoreboard-refresh")
    await asyncio.wait_for(drain(NO_SHARDS, timeout=30), 5)
    assert not background.done()
    background.cancel()
