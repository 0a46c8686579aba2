"""Interaction bookkeeping (deadlines, acknowledgement, responses) and the test-facing handle.

Discord gives a bot 3 seconds to acknowledge an interaction and then 15 minutes of
follow-ups on its token. The fake keeps one ``InteractionRecord`` per dispatched
interaction to enforce exactly that, and hands tests an ``InteractionHandle`` whose
methods wait (event-driven, with a timeout) for what the bot does with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import EPHEMERAL, LOADING, UploadedFile
from .payloads import JSON

if TYPE_CHECKING:
    from .messages import AttachmentStore
    from .notifier import Notifier

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Interaction callback types
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060


def walk_components(components: list[Any]) -> Iterator[JSON]:
    """Every component in a (nested) component list, depth first."""
    for component in components or []:
        if not isinstance(component, dict):
            continue
        yield component
        for key in ("components", "items"):
            yield from walk_components(component.get(key) or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk_components([component[key]])


class SentMessage:
    """Read-only view of a message the bot sent; reflects later edits of the same message."""

    def __init__(self, raw: JSON, attachments: AttachmentStore) -> None:
        self.raw = raw
        self._attachments = attachments

    def __repr__(self) -> str:
        return f"<SentMessage id={self.id} content={self.content!r} flags={self.flags}>"

    @property
    def id(self) -> int:
        return int(self.raw["id"])

    @property
    def channel_id(self) -> int:
        return int(self.raw["channel_id"])

    @property
    def content(self) -> str:
        return str(self.raw.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.raw.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.raw.get("components") or [])

    @property
    def attachments(self) -> list[JSON]:
        return list(self.raw.get("attachments") or [])

    @property
    def flags(self) -> int:
        return int(self.raw.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        """True when only the invoking user sees it (flags & 64)."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while it is a deferred "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def deleted(self) -> bool:
        return bool(self.raw.get("_deleted"))

    @property
    def custom_ids(self) -> list[str]:
        """custom_id of every component, in order (buttons, selects, ...)."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> JSON:
        """The component with ``custom_id``."""
        for component in walk_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        raise KeyError(f"no component {custom_id!r} in message {self.id}: {self.custom_ids}")

    def attachment_data(self, filename: str) -> bytes:
        """Bytes of the attachment called ``filename``."""
        for attachment in self.attachments:
            if attachment["filename"] == filename:
                return self._attachments.data[int(attachment["id"])]
        raise KeyError(f"no attachment {filename!r} in message {self.id}")


@dataclass
class Callback:
    """The bot's acknowledgement of an interaction."""

    type: int
    data: JSON | None
    files: list[UploadedFile]
    at: float
    #: True once the HTTP answer reached the bot; handles wait for it so a test cannot
    #: click a button before discord.py has registered the view for that message.
    delivered: bool = False


@dataclass
class InteractionRecord:
    """Server-side state of one dispatched interaction."""

    id: int
    token: str
    type: int
    payload: JSON
    guild_id: int | None
    channel_id: int
    dispatched_at: float
    deadline: float
    source_message: JSON | None = None
    callback: Callback | None = None
    original: JSON | None = None
    followups: list[JSON] = field(default_factory=list)
    errors: list[tuple[int, int, str]] = field(default_factory=list)
    expired: bool = False
    edits: int = 0
    #: Loop time when the user first saw the bot's answer: a message, a modal or autocomplete
    #: choices, or, after a deferral, the edit or follow-up that replaced "thinking...".
    replied_at: float | None = None
    #: Set together with ``replied_at``; one waiter per interaction, so a benchmark with
    #: thousands in flight does not re-check every pending interaction on every change.
    replied: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def mark_replied(self, now: float) -> None:
        """Record the first visible answer (later edits do not move it)."""
        if self.replied_at is None:
            self.replied_at = now
            self.replied.set()

    def message(self, message_id: int) -> JSON | None:
        """The original or a follow-up with ``message_id``."""
        for message in [self.original, *self.followups]:
            if message is not None and int(message["id"]) == message_id:
                return message
        return None


class InteractionHandle:
    """What a test gets back from ``fake.slash()`` / ``click()`` / ``submit_modal()`` / ...

    Every ``async`` method waits for the bot (no fixed sleeps) and raises
    ``TimeoutError`` when it does not happen within ``timeout`` seconds.
    """

    def __init__(
        self,
        record: InteractionRecord,
        notifier: Notifier,
        attachments: AttachmentStore,
        default_timeout: float,
    ) -> None:
        self.record = record
        self._notifier = notifier
        self._attachments = attachments
        self._timeout = default_timeout

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self.record.type} ack={self.callback_type}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def payload(self) -> JSON:
        """The INTERACTION_CREATE payload the fake dispatched."""
        return self.record.payload

    @property
    def callback_type(self) -> int | None:
        """How the bot acknowledged (4, 5, 6, 7, 8 or 9), or None so far."""
        return self.record.callback.type if self.record.callback else None

    @property
    def errors(self) -> list[tuple[int, int, str]]:
        """(HTTP status, Discord code, message) of every refused call on this interaction."""
        return list(self.record.errors)

    def _wrap(self, raw: JSON | None) -> SentMessage | None:
        return SentMessage(raw, self._attachments) if raw is not None else None

    async def _wait(self, probe: Any, timeout: float | None, what: str) -> Any:  # noqa: ASYNC109
        return await self._notifier.wait_for(probe, timeout or self._timeout, what)

    async def acknowledged(self, timeout: float | None = None) -> Callback:  # noqa: ASYNC109
        """Wait for the bot's interaction callback."""
        return await self._wait(self._delivered, timeout, f"ack of {self.id}")

    def _delivered(self) -> Callback | None:
        callback = self.record.callback
        return callback if callback is not None and callback.delivered else None

    async def response(self, timeout: float | None = None) -> SentMessage:  # noqa: ASYNC109
        """Wait for the original response in its final form (after a defer, the edit)."""

        def probe() -> SentMessage | None:
            original = self.record.original
            if not self._delivered() or original is None or original.get("flags", 0) & LOADING:
                return None
            callback = self.record.callback
            if callback and callback.type == DEFERRED_UPDATE_MESSAGE and not self.record.edits:
                return None
            return self._wrap(original)

        return await self._wait(probe, timeout, f"response to {self.id}")

    async def reply(self, timeout: float | None = None) -> SentMessage | None:  # noqa: ASYNC109
        """Wait for the first answer the user sees, and return its message.

        Unlike ``response()`` this counts a deferral followed by an edit of ``@original`` or by
        a follow-up, and it does not wait for the HTTP answer to reach the bot; the time is
        ``record.replied_at`` (``reply_seconds`` from dispatch). Returns None when the answer
        was a modal or autocomplete choices. Raises ``TimeoutError`` like the other waits.
        """
        limit = timeout or self._timeout
        try:
            async with asyncio.timeout(limit):
                await self.record.replied.wait()
        except TimeoutError:
            raise TimeoutError(
                f"fake discord: timed out after {limit}s waiting for a reply to {self.id}"
            ) from None
        original = self.record.original
        if original is not None and not original.get("flags", 0) & LOADING:
            return self._wrap(original)
        return self._wrap(self.record.followups[-1]) if self.record.followups else None

    @property
    def reply_seconds(self) -> float | None:
        """Seconds from dispatching the interaction to the first visible answer, or None."""
        replied_at = self.record.replied_at
        return None if replied_at is None else replied_at - self.record.dispatched_at

    async def followups(self, count: int = 1, timeout: float | None = None) -> list[SentMessage]:  # noqa: ASYNC109
        """Wait until the bot sent at least ``count`` follow-ups; return all of them."""

        def probe() -> list[SentMessage] | None:
            if len(self.record.followups) < count:
                return None
            return [SentMessage(m, self._attachments) for m in self.record.followups]

        return await self._wait(probe, timeout, f"{count} follow-ups to {self.id}")

    async def modal(self, timeout: float | None = None) -> JSON:  # noqa: ASYNC109
        """Wait for a modal (callback type 9) and return its data."""

        def probe() -> JSON | None:
            callback = self._delivered()
            return callback.data if callback and callback.type == MODAL else None

        return await self._wait(probe, timeout, f"modal for {self.id}")

    async def choices(self, timeout: float | None = None) -> list[JSON]:  # noqa: ASYNC109
        """Wait for autocomplete results (callback type 8) and return the choices."""

        def probe() -> list[JSON] | None:
            callback = self._delivered()
            if callback and callback.type == AUTOCOMPLETE_RESULT:
                return [*(callback.data or {}).get("choices", [])] or [{"_empty": True}]
            return None

        result = await self._wait(probe, timeout, f"autocomplete choices for {self.id}")
        return [c for c in result if "_empty" not in c]

    async def expired(self, timeout: float | None = None) -> bool:  # noqa: ASYNC109
        """Wait until the 3-second acknowledgement window closed without an ack."""
        return await self._wait(lambda: self.record.expired, timeout, f"expiry of {self.id}")

    async def error(
        self,
        code: int | None = None,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> tuple[int, int, str]:
        """Wait for the fake to refuse a call on this interaction (optionally with ``code``)."""

        def probe() -> tuple[int, int, str] | None:
            for error in self.record.errors:
                if code is None or error[1] == code:
                    return error
            return None

        return await self._wait(probe, timeout, f"error {code} on {self.id}")
