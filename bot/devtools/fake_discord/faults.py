"""Discord faults on demand: 429 (with and without ``Via``), 500, and hang-then-drop.

Why: what a player is told when Discord misbehaves is part of the bot's behaviour, and the real
faults cannot be summoned. A test arms a fault for a kind of route (an interaction callback, an
edit of the original response, a follow-up) and the fake answers the next matching calls with
it, exactly as Discord or its Cloudflare front would:

- ``"429"``: a rate limit with ``Via: 1.1 google`` and ``retry_after`` (discord.py waits, retries);
- ``"429_no_via"``: a 429 without ``Via``, Cloudflare's ban page shape (discord.py gives up);
- ``"500"``: an internal server error (discord.py retries after a second or more);
- ``"hang"``: hold the request for ``hang_seconds`` and close the connection without an answer.

``apply=True`` lets the call take effect before the fault is answered (Discord acknowledged the
interaction, but the answer never reached the bot), the nastiest case for "what was stored".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

FAULT_KEY: Any = (
    web.RequestKey("fake_discord_fault", object)
    if hasattr(web, "RequestKey")  # aiohttp >= 3.12 warns about plain string keys
    else "fake_discord_fault"
)
"""Set on a request whose call is applied before the fault: its handler must not answer."""
FAULT_KINDS = ("429", "429_no_via", "500", "hang")
ROUTE_KINDS = ("callback", "edit", "followup", "webhook", "channel_message")


def route_kind(method: str, path: str) -> str | None:
    """Which kind of route a REST call is, for matching armed faults."""
    if "/interactions/" in path and path.endswith("/callback"):
        return "callback"
    if "/webhooks/" in path:
        return "edit" if method == "PATCH" and "/messages/" in path else "followup"
    if path.endswith("/messages") and "/channels/" in path and method == "POST":
        return "channel_message"
    return None


@dataclass
class Fault:
    """One armed fault: ``kind`` for the next ``times`` calls of ``route`` (and ``where``)."""

    route: str
    kind: str
    times: int = 1
    retry_after: float = 0.05
    hang_seconds: float = 1.0
    apply: bool = False
    where: Callable[[str], bool] | None = None
    """Optional filter on the request path (e.g. one interaction's token)."""
    fired: int = 0

    def __post_init__(self) -> None:
        if self.kind not in FAULT_KINDS:
            raise ValueError(f"fault kind {self.kind!r}: one of {FAULT_KINDS}")
        if self.route not in ROUTE_KINDS:
            raise ValueError(f"route {self.route!r}: one of {ROUTE_KINDS}")

    def matches(self, method: str, path: str) -> bool:
        kind = route_kind(method, path)
        route_ok = kind == self.route or (self.route == "webhook" and kind in ("edit", "followup"))
        return route_ok and self.fired < self.times and (self.where is None or self.where(path))


@dataclass
class FaultPlan:
    """The armed faults, consulted by the REST middleware before each call."""

    faults: list[Fault] = field(default_factory=list)

    def arm(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def clear(self) -> None:
        self.faults.clear()

    def take(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.matches(method, path):
                fault.fired += 1
                return fault
        return None


def fault_response(fault: Fault) -> web.Response:
    """The answer Discord (or Cloudflare in front of it) gives for ``fault``."""
    if fault.kind == "500":
        body = {"message": "500: Internal Server Error", "code": 0}
        return web.Response(
            body=json.dumps(body).encode(), status=500, headers={"Content-Type": "application/json"}
        )
    body = {"message": "You are being rate limited.", "retry_after": fault.retry_after}
    headers = {
        "Content-Type": "application/json",
        "Retry-After": str(max(1, round(fault.retry_after))),
        "X-RateLimit-Scope": "user",
    }
    if fault.kind == "429":
        body["global"] = False
        headers["Via"] = "1.1 google"
        return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
    # Cloudflare's answer has no Via header and an HTML body, which discord.py reads as a ban.
    return web.Response(
        body=b"<html><body>error code: 1015</body></html>",
        status=429,
        headers={"Content-Type": "text/html", "Retry-After": headers["Retry-After"]},
    )
