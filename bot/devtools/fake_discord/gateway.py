"""The gateway websocket: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME, dispatch.

Speaks Discord's v10 JSON protocol. ``compress=zlib-stream`` in the query is accepted and
ignored: frames go out as uncompressed text, which discord.py 2.7 handles (it only feeds
*binary* frames to its decompressor, see ``DiscordWebSocket.received_message``).
Sessions outlive connections, so a dropped connection can RESUME and get the events it
missed, as on Discord.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .payloads import JSON, guild_payload, member_payload, self_user_payload
from .recorder import GatewayFrame
from .snowflakes import new_token, shard_of

if TYPE_CHECKING:
    from .state import FakeState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    6,
    7,
    8,
    9,
    10,
    11,
)
GUILD_MESSAGES_INTENT = 1 << 9

CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_ALREADY_AUTHENTICATED = 4005
CLOSE_INVALID_SHARD = 4010


BARRIER_BUDGET = 100
"""Heartbeat requests per minute and session. discord.py answers each through its gateway rate
limiter (110 sends a minute); past it, the answer waits out the minute and so does everything the
bot reads from the gateway, interactions included."""


@dataclass
class GatewaySession:
    """A gateway session: survives reconnects, keeps its events for RESUME."""

    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    seq: int = 0
    events: list[JSON] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    connection: int = 0
    ready: bool = False
    resumes: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    heartbeat_waiters: list[asyncio.Future[None]] = field(default_factory=list)
    barrier_times: list[float] = field(default_factory=list)
    """When barriers asked for a heartbeat (loop time), to stay within ``BARRIER_BUDGET``."""


class GatewayHub:
    """Accepts websocket connections and routes dispatches to the right shard's session."""

    def __init__(self, state: FakeState) -> None:
        self.state = state
        self.sessions: dict[str, GatewaySession] = {}
        self.by_shard: dict[int, GatewaySession] = {}
        self.identifies = 0
        self._connections = itertools.count(1)
        self._open: set[web.WebSocketResponse] = set()

    # ----- queries used by the driver -------------------------------------------------
    def shard_session(self, shard_id: int = 0) -> GatewaySession | None:
        """Current session of ``shard_id``."""
        return self.by_shard.get(shard_id)

    def session_for_guild(self, guild_id: int | None) -> GatewaySession | None:
        """The session whose shard receives ``guild_id``'s events (DMs go to shard 0)."""
        any_session = next(iter(self.by_shard.values()), None)
        if any_session is None:
            return None
        shard = 0 if guild_id is None else shard_of(guild_id, any_session.shard_count)
        return self.by_shard.get(shard)

    def all_ready(self) -> bool:
        """Every shard of the latest shard count got READY and its GUILD_CREATEs, and is open."""
        if not self.by_shard:
            return False
        count = next(iter(self.by_shard.values())).shard_count
        sessions = [self.by_shard.get(i) for i in range(count)]
        return all(s is not None and s.ready and s.ws is not None for s in sessions)

    # ----- sending --------------------------------------------------------------------
    async def _send(self, ws: web.WebSocketResponse, connection: int, frame: JSON) -> None:
        self.state.recorder.frames.append(
            GatewayFrame(
                connection, "send", frame["op"], frame.get("t"), frame.get("s"), frame.get("d")
            )
        )
        try:
            await ws.send_str(json.dumps(frame))
        except (ConnectionResetError, RuntimeError):
            log.debug("gateway connection %s went away while sending", connection)
        self.state.changed()

    async def _dispatch_locked(self, session: GatewaySession, event: str, data: JSON) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.ws is not None and not session.ws.closed:
            await self._send(session.ws, session.connection, frame)
        else:
            self.state.changed()

    async def dispatch(self, event: str, data: JSON, guild_id: int | None = None) -> bool:
        """Send a dispatch to the shard owning ``guild_id``; buffered while disconnected.

        Returns False when no bot session exists at all.
        """
        session = self.session_for_guild(guild_id)
        if session is None:
            return False
        async with session.lock:
            await self._dispatch_locked(session, event, data)
        return True

    async def dispatch_message_event(self, event: str, message: JSON) -> None:
        """MESSAGE_CREATE/UPDATE, only to sessions that asked for guild message events."""
        guild_id = int(message["guild_id"]) if message.get("guild_id") else None
        session = self.session_for_guild(guild_id)
        if session is not None and session.intents & GUILD_MESSAGES_INTENT:
            await self.dispatch(event, {k: v for k, v in message.items() if k[0] != "_"}, guild_id)

    # ----- test hooks -----------------------------------------------------------------
    async def drop(self, shard_id: int = 0, code: int = 4000) -> None:
        """Close a shard's connection with a resumable close code (default 4000)."""
        session = self.by_shard.get(shard_id)
        if session is None or session.ws is None:
            raise RuntimeError(f"shard {shard_id} is not connected")
        ws, session.ws = session.ws, None
        await ws.close(code=code, message=b"fake discord: dropped by test")
        self.state.changed()

    async def request_reconnect(self, shard_id: int = 0) -> None:
        """Send op 7 RECONNECT, as Discord does before moving a session."""
        session = self.by_shard.get(shard_id)
        if session is None or session.ws is None:
            raise RuntimeError(f"shard {shard_id} is not connected")
        await self._send(session.ws, session.connection, {"op": RECONNECT, "d": None})

    async def barrier(self, guild_id: int | None, timeout: float = 2.0) -> bool:  # noqa: ASYNC109
        """Request a heartbeat (op 1, as Discord may) and wait for the bot to send it.

        Returns False when the bot is not connected or did not answer in time.
        """
        session = self.session_for_guild(guild_id)
        if session is None or session.ws is None or session.ws.closed:
            return False
        loop = asyncio.get_running_loop()
        now = loop.time()
        session.barrier_times = [t for t in session.barrier_times if now - t < 60.0]
        if len(session.barrier_times) >= BARRIER_BUDGET:
            await asyncio.sleep(0.05)  # a weaker barrier, rather than stall the bot for a minute
            return False
        session.barrier_times.append(now)
        waiter: asyncio.Future[None] = loop.create_future()
        session.heartbeat_waiters.append(waiter)
        await self._send(session.ws, session.connection, {"op": HEARTBEAT, "d": None})
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            return False
        return True

    async def close_all(self) -> None:
        """Close every open websocket (server shutdown)."""
        for ws in list(self._open):
            await ws.close(code=1001, message=b"fake discord: shutting down")

    # ----- the websocket handler ------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for ``GET /gateway`` (websocket upgrade)."""
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        connection = next(self._connections)
        self._open.add(ws)
        session: GatewaySession | None = None
        try:
            hello = {
                "op": HELLO,
                "d": {"heartbeat_interval": self.state.config.heartbeat_interval_ms},
            }
            await self._send(ws, connection, hello)
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    if msg.type is WSMsgType.BINARY:
                        await ws.close(
                            code=CLOSE_DECODE_ERROR, message=b"Error while decoding payload."
                        )
                    break
                try:
                    frame = json.loads(msg.data)
                    op = frame["op"]
                except (ValueError, KeyError, TypeError):
                    await ws.close(
                        code=CLOSE_DECODE_ERROR, message=b"Error while decoding payload."
                    )
                    break
                data = frame.get("d")
                recorded = (
                    {k: v for k, v in data.items() if k != "token"}
                    if isinstance(data, dict)
                    else data
                )
                self.state.recorder.frames.append(
                    GatewayFrame(connection, "recv", op, None, None, recorded)
                )
                self.state.changed()
                session = await self._on_frame(ws, connection, session, op, data)
        finally:
            self._open.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            self.state.changed()
        return ws

    async def _on_frame(
        self,
        ws: web.WebSocketResponse,
        connection: int,
        session: GatewaySession | None,
        op: int,
        data: Any,
    ) -> GatewaySession | None:
        if op == HEARTBEAT:
            await self._send(ws, connection, {"op": HEARTBEAT_ACK, "d": None})
            if session is not None:
                waiters, session.heartbeat_waiters = session.heartbeat_waiters, []
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_result(None)
        elif op == IDENTIFY:
            if session is not None:
                await ws.close(
                    code=CLOSE_ALREADY_AUTHENTICATED, message=b"You sent more than one identify."
                )
                return session
            return await self._identify(ws, connection, data or {})
        elif op == RESUME:
            return await self._resume(ws, connection, data or {})
        elif session is None and op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE, REQUEST_GUILD_MEMBERS):
            await ws.close(code=CLOSE_NOT_AUTHENTICATED, message=b"Not authenticated.")
        elif op == REQUEST_GUILD_MEMBERS and session is not None:
            await self._members_chunk(session, data or {})
        elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            pass  # recorded above; nothing to answer
        else:
            await ws.close(code=CLOSE_UNKNOWN_OPCODE, message=b"Unknown opcode.")
        return session

    async def _identify(
        self, ws: web.WebSocketResponse, connection: int, data: JSON
    ) -> GatewaySession | None:
        if data.get("token") != self.state.config.token or self.state.config.reject_identify:
            await ws.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < shard_count:
            await ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return None
        self.identifies += 1
        session = GatewaySession(
            session_id=new_token()[:32],
            shard_id=shard_id,
            shard_count=shard_count,
            intents=int(data.get("intents") or 0),
            ws=ws,
            connection=connection,
        )
        self.sessions[session.session_id] = session
        self.by_shard[shard_id] = session
        state = self.state
        guilds = [g for g in state.guilds.values() if shard_of(g.id, shard_count) == shard_id]
        ready = {
            "v": 10,
            "user": self_user_payload(state.application.bot_user),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": state.gateway_url,
            "shard": [shard_id, shard_count],
            "application": {"id": str(state.application.id), "flags": state.application.flags},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
            "user_settings": {},
            "auth": {},
            "_trace": ['["fake-discord-gateway",{"micros":0}]'],
        }
        async with session.lock:
            await self._dispatch_locked(session, "READY", ready)
            for guild in guilds:
                await self._dispatch_locked(
                    session, "GUILD_CREATE", guild_payload(guild, state.application)
                )
            session.ready = True
        state.changed()
        return session

    async def _resume(
        self, ws: web.WebSocketResponse, connection: int, data: JSON
    ) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self.state.config.token:
            await ws.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        if session is None or self.by_shard.get(session.shard_id) is not session:
            await self._send(ws, connection, {"op": INVALID_SESSION, "d": False})
            return None
        seq = int(data.get("seq") or 0)
        async with session.lock:
            if session.ws is not None and session.ws is not ws:
                old, session.ws = session.ws, None
                await old.close(code=4009, message=b"Session superseded.")
            session.ws = ws
            session.connection = connection
            for frame in session.events:
                if frame["s"] > seq:
                    await self._send(ws, connection, frame)
            await self._dispatch_locked(
                session, "RESUMED", {"_trace": ['["fake-discord-gateway"]']}
            )
            session.resumes += 1
        self.state.changed()
        return session

    async def _members_chunk(self, session: GatewaySession, data: JSON) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        prefix = str(data.get("query") or "").lower()
        members = [
            member_payload(guild, m)
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(prefix)
        ]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        async with session.lock:
            await self._dispatch_locked(session, "GUILD_MEMBERS_CHUNK", chunk)
