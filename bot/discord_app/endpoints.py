"""Where discord.py sends its REST calls and opens its gateway websocket.

Why this exists: the bot must be testable and demoable end to end without reaching
Discord (CI and developer machines have no route to it). discord.py has no public
setting for its API base or gateway URL, so this module rewrites the two class-level
attributes discord.py 2.7 reads them from:

* ``discord.http.Route.BASE`` - prefix of every REST call, including interaction
  callbacks and webhook follow-ups (``discord.webhook.async_`` imports the same
  ``Route`` class);
* ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` - the websocket a plain
  ``Client`` connects to first, and the one it falls back to after an
  INVALID_SESSION.

Everything else follows from those two: ``AutoShardedClient`` asks
``GET /gateway/bot`` (under ``Route.BASE``) for its URL, and RESUMEs go to the
``resume_gateway_url`` that the server put in READY. Pointing the base at a fake
Discord therefore keeps an unmodified client on the fake for its whole life.
"""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"


def point_discord_py_at(
    api_base: str | None = DISCORD_API_BASE,
    gateway_url: str | None = DISCORD_GATEWAY_URL,
) -> None:
    """Make every discord.py client in this process use ``api_base`` and ``gateway_url``.

    ``None`` leaves the corresponding setting as it is. Call it before ``Client.start``;
    call it with no arguments to go back to Discord's real endpoints.
    """
    if api_base is not None:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def current_endpoints() -> tuple[str, str]:
    """Return the REST base and gateway URL discord.py will use right now."""
    return discord.http.Route.BASE, str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
