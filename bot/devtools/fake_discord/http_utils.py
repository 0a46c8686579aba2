"""JSON responses exactly as Discord sends them, and the error helpers the routes share.

discord.py decodes a body as JSON only when ``Content-Type`` is exactly
``application/json`` (no ``; charset=...``), so responses are built by hand here.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .payloads import JSON, error_body


class DiscordError(Exception):
    """Raised by route handlers; the middleware turns it into Discord's error JSON."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    @property
    def body(self) -> JSON:
        return error_body(self.code, self.message, self.errors)


def json_response(data: Any, status: int = 200) -> web.Response:
    """A response with ``Content-Type: application/json`` and nothing else."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    """204 No Content, as Discord answers deletes and ``wait=false`` webhooks."""
    return web.Response(status=204)


def invalid_form_body(errors: JSON) -> DiscordError:
    """HTTP 400 / code 50035, with the nested ``errors`` tree."""
    return DiscordError(400, 50035, "Invalid Form Body", errors)


def unknown(what: str, code: int) -> DiscordError:
    """HTTP 404 for an unknown object (``Unknown Message`` 10008, ...)."""
    return DiscordError(404, code, f"Unknown {what}")


UNAUTHORIZED = DiscordError(401, 0, "401: Unauthorized")
