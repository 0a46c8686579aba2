"""discord.py's connection state with every gateway event parser guarded.

Why: discord.py runs an event's parser inside the shard's read loop, so one exception there (a
malformed INTERACTION_CREATE without ``id``, a GUILD_CREATE with a string where a number goes)
ends the shard and ``AutoShardedClient.start`` raises: the whole bot stops for everyone because
of one event. Here each parser runs behind a guard that logs the event at WARNING (one line, no
traceback: the payload is the problem, not our code) and skips it. INTERACTION_CREATE is also
checked before discord.py builds objects from it (``payload_checks``), since some of its flaws
only blow up later inside a task nobody awaits; and an interaction id seen moments ago (Discord
delivering the same interaction twice) is skipped, so it is neither handled twice nor answered
twice (which Discord would refuse with 40060).

The hook is ``CanastaBot._get_state``, the subclass hook discord.py itself uses to pick the
state class for ``AutoShardedClient``; nothing in the library is patched.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from discord.shard import AutoShardedConnectionState

from bot.discord_app.payload_checks import interaction_problem

log = logging.getLogger(__name__)

RECENT_INTERACTIONS = 4096
"""How many interaction ids are remembered to recognise a duplicate delivery."""


class GuardedConnectionState(AutoShardedConnectionState):  # type: ignore[type-arg]
    """``AutoShardedConnectionState`` whose parsers never let one event end the process."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recent_interactions: OrderedDict[str, None] = OrderedDict()
        self.skipped_events = 0
        for event, parser in list(self.parsers.items()):
            self.parsers[event] = self._guarded(event, parser)

    def _guarded(self, event: str, parser: Callable[[Any], None]) -> Callable[[Any], None]:
        def guarded(data: Any) -> None:
            try:
                parser(data)
            except Exception as error:  # one bad event must not end the shard
                self.skipped_events += 1
                log.warning(
                    "skipped a malformed %s event: %s: %s",
                    event,
                    type(error).__name__,
                    str(error)[:200],
                )

        return guarded

    def parse_interaction_create(self, data: Any) -> None:
        problem = interaction_problem(data)
        if problem is not None:
            self.skipped_events += 1
            log.warning("skipped a malformed INTERACTION_CREATE: %s", problem)
            return
        key = str(data["id"])
        if key in self._recent_interactions:
            log.info("interaction %s was delivered twice; the second delivery is ignored", key)
            return
        self._recent_interactions[key] = None
        if len(self._recent_interactions) > RECENT_INTERACTIONS:
            self._recent_interactions.popitem(last=False)
        super().parse_interaction_create(data)
