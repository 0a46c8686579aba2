"""Event-driven waiting on the fake's state, so tests never sleep for a fixed time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class Notifier:
    """Wakes every waiter whenever the fake's state changes; waiters re-check a predicate.

    One notifier covers all state (REST calls, gateway frames, interaction callbacks),
    which keeps waiting simple: ``await notifier.wait_for(lambda: something_or_None)``.
    """

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        """Signal that something changed."""
        event, self._event = self._event, asyncio.Event()
        event.set()

    async def wait_for(self, probe: Callable[[], T | None], timeout: float, what: str = "") -> T:  # noqa: ASYNC109
        """Return ``probe()`` as soon as it is truthy; raise ``TimeoutError`` after ``timeout``."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    event = self._event
                    value = probe()
                    if value:
                        return value
                    await event.wait()
        except TimeoutError:
            raise TimeoutError(
                f"fake discord: timed out after {timeout}s waiting for {what or probe}"
            ) from None
