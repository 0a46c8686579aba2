"""A log of everything the bot did against the fake, for assertions in tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .messages import UploadedFile


@dataclass
class RecordedRequest:
    """One REST call the bot made and what the fake answered."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[UploadedFile]
    status: int
    response: Any
    known_route: bool
    at: float = field(default_factory=time.monotonic)

    @property
    def error_code(self) -> int | None:
        """Discord's JSON error ``code`` when the fake answered with an error."""
        if self.status >= 400 and isinstance(self.response, dict):
            return self.response.get("code")
        return None


@dataclass
class GatewayFrame:
    """One websocket frame; ``direction`` is ``"recv"`` (from the bot) or ``"send"``."""

    connection: int
    direction: str
    op: int
    t: str | None
    s: int | None
    d: Any
    at: float = field(default_factory=time.monotonic)


class Recorder:
    """Appends requests and gateway frames; the fake's notifier wakes waiters."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.frames: list[GatewayFrame] = []

    @property
    def unknown_routes(self) -> list[RecordedRequest]:
        """Requests to routes the fake does not implement (answered 404)."""
        return [r for r in self.requests if not r.known_route]

    @property
    def errors(self) -> list[RecordedRequest]:
        """Requests the fake refused (status >= 400)."""
        return [r for r in self.requests if r.status >= 400]

    def received_ops(self, op: int) -> list[GatewayFrame]:
        """Frames with opcode ``op`` that the bot sent."""
        return [f for f in self.frames if f.direction == "recv" and f.op == op]

    def sent_events(self, name: str) -> list[GatewayFrame]:
        """Dispatches named ``name`` that the fake sent."""
        return [f for f in self.frames if f.direction == "send" and f.t == name]
