"""``FakeDiscord``: the loopback server plus the driver API tests and demos use.

Why: the bot is a plain discord.py client; to test it end to end without Discord it
needs something that speaks Discord's REST and gateway protocols on 127.0.0.1 and lets a
test play the user ("run /score", "click that button") and inspect what the bot sent.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from types import TracebackType
from typing import Any

from aiohttp import web

from .faults import Fault
from .gateway import GatewayHub, GatewaySession
from .interaction_payloads import (
    OptionBuilder,
    Where,
    base_payload,
    command_data,
    component_data,
    modal_submit_data,
)
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    InteractionHandle,
    InteractionRecord,
    SentMessage,
)
from .messages import public_message
from .models import MANAGE_GUILD, FakeApplication, FakeChannel, FakeGuild, FakeUser
from .payloads import JSON
from .recorder import RecordedRequest, Recorder
from .rest import API, build_app
from .state import FakeConfig, FakeState

_DEFAULT: Any = object()


def default_guild() -> FakeGuild:
    """A small world: one guild, #general, an owner with Manage Server and a plain member."""
    alice = FakeUser(username="alice", global_name="Alice")
    bob = FakeUser(username="bob", global_name="Bob")
    guild = FakeGuild(name="Canasta Club", preferred_locale="en-US", owner_id=alice.id)
    guild.add_channel("general")
    guild.add_member(alice, permissions=MANAGE_GUILD)
    guild.add_member(bob)
    return guild


class FakeDiscord:
    """A fake Discord on 127.0.0.1 that an unmodified discord.py bot can connect to.

    Use ``async with FakeDiscord() as fake:``, point the bot at ``fake.api_base`` and
    ``fake.gateway_url`` (``bot.discord_app.endpoints.point_discord_py_at`` or
    ``fake.point_discord_py()``) and start it with ``fake.token``.
    """

    def __init__(
        self,
        token: str = "fake-bot-token",
        *,
        guilds: list[FakeGuild] | None = None,
        application: FakeApplication | None = None,
        ack_timeout: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41_250,
        shard_count: int = 1,
        wait_timeout: float = 10.0,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        config = FakeConfig(
            token=token,
            ack_timeout=ack_timeout,
            token_lifetime=token_lifetime,
            heartbeat_interval_ms=heartbeat_interval_ms,
            shard_count=shard_count,
            wait_timeout=wait_timeout,
        )
        self.state = FakeState(config, application or FakeApplication())
        self.state.hub = GatewayHub(self.state)
        for guild in guilds if guilds is not None else [default_guild()]:
            self.state.add_guild(guild)
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None
        self._timers: list[asyncio.TimerHandle] = []

    # ----- lifecycle --------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        """Bind a free port on 127.0.0.1 and serve."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self._host, self._port))
        self._port = sock.getsockname()[1]
        base = f"http://{self._host}:{self._port}"
        self.state.api_base = base + API
        self.state.gateway_url = f"ws://{self._host}:{self._port}/gateway"
        self.state.attachments.base_url = base
        self._runner = web.AppRunner(build_app(self.state), access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        """Close bot connections and the server."""
        for timer in self._timers:
            timer.cancel()
        if self._runner is not None:
            assert self.state.hub is not None
            await self.state.hub.close_all()
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    # ----- where the bot connects ----------------------------------------------------------
    @property
    def token(self) -> str:
        return self.state.config.token

    @property
    def api_base(self) -> str:
        """REST base, e.g. ``http://127.0.0.1:PORT/api/v10``."""
        return self.state.api_base

    @property
    def gateway_url(self) -> str:
        """Gateway websocket, e.g. ``ws://127.0.0.1:PORT/gateway``."""
        return self.state.gateway_url

    def env(self) -> dict[str, str]:
        """Environment variables for a bot in another process."""
        return {
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "DISCORD_TOKEN": self.token,
        }

    def point_discord_py(self) -> None:
        """Point discord.py in *this* process at the fake."""
        from bot.discord_app.endpoints import point_discord_py_at

        point_discord_py_at(self.api_base, self.gateway_url)

    # ----- world ----------------------------------------------------------------------------
    @property
    def application(self) -> FakeApplication:
        return self.state.application

    @property
    def guilds(self) -> list[FakeGuild]:
        return list(self.state.guilds.values())

    @property
    def guild(self) -> FakeGuild:
        """The first guild (the default one unless ``guilds=`` was given)."""
        return self.guilds[0]

    @property
    def channel(self) -> FakeChannel:
        """The first channel of the first guild."""
        return self.guild.channels[0]

    def add_guild(self, guild: FakeGuild) -> FakeGuild:
        """Add a guild (before the bot connects; later ones are not announced)."""
        return self.state.add_guild(guild)

    def user(self, name: str) -> FakeUser:
        """A known user by username."""
        for user in self.state.users.values():
            if user.username == name:
                return user
        raise KeyError(name)

    @property
    def ack_timeout(self) -> float:
        return self.state.config.ack_timeout

    @ack_timeout.setter
    def ack_timeout(self, value: float) -> None:
        self.state.config.ack_timeout = value

    @property
    def token_lifetime(self) -> float:
        return self.state.config.token_lifetime

    @token_lifetime.setter
    def token_lifetime(self, value: float) -> None:
        self.state.config.token_lifetime = value

    # ----- Discord faults -------------------------------------------------------------------
    def inject_fault(
        self,
        route: str,
        kind: str,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        hang_seconds: float = 1.0,
        apply: bool = False,
        where: Callable[[str], bool] | None = None,
    ) -> Fault:
        """Answer the next ``times`` calls of ``route`` ("callback", "edit", "followup",
        "webhook", "channel_message") with ``kind`` ("429", "429_no_via", "500", "hang");
        see ``faults.py``. Returns the armed fault (``.fired`` counts its uses)."""
        return self.state.faults.arm(
            Fault(route, kind, times, retry_after, hang_seconds, apply, where)
        )

    def clear_faults(self) -> None:
        self.state.faults.clear()

    # ----- what the bot did -----------------------------------------------------------------
    @property
    def failed_interactions(self) -> list[InteractionRecord]:
        """Interactions not acknowledged within the 3 s: the user saw "interaction failed"."""
        return [r for r in self.state.interactions.values() if r.expired]

    def interaction_counts(self) -> dict[str, int]:
        """How the dispatched interactions fared: acknowledged in time, failed, pending."""
        records = list(self.state.interactions.values())
        acknowledged = sum(1 for r in records if r.callback is not None)
        failed = sum(1 for r in records if r.expired)
        return {
            "dispatched": len(records),
            "acknowledged": acknowledged,
            "failed": failed,
            "pending": len(records) - acknowledged - failed,
        }

    @property
    def recorder(self) -> Recorder:
        return self.state.recorder

    @property
    def requests(self) -> list[RecordedRequest]:
        return self.state.recorder.requests

    @property
    def unknown_routes(self) -> list[RecordedRequest]:
        return self.state.recorder.unknown_routes

    def commands(self, guild: FakeGuild | int | None = None) -> list[JSON]:
        """Commands the bot registered (global, or for ``guild``)."""
        guild_id = guild.id if isinstance(guild, FakeGuild) else guild
        return list(self.state.commands.scope(guild_id).values())

    def channel_messages(self, channel: FakeChannel | int | None = None) -> list[SentMessage]:
        """Non-interaction messages the bot posted in ``channel`` (default: first channel)."""
        channel_id = channel.id if isinstance(channel, FakeChannel) else channel or self.channel.id
        return [
            SentMessage(m, self.state.attachments)
            for m in self.state.messages.values()
            if int(m["channel_id"]) == channel_id and "interaction_metadata" not in m
        ]

    async def wait_for(self, probe: Callable[[], Any], timeout: float | None = None) -> Any:  # noqa: ASYNC109
        """Wait until ``probe()`` returns something truthy (re-checked on every change)."""
        return await self.state.notifier.wait_for(probe, timeout or self.state.config.wait_timeout)

    async def wait_for_request(
        self,
        predicate: Callable[[RecordedRequest], bool],
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> RecordedRequest:
        """Wait for a REST call matching ``predicate``."""
        return await self.wait_for(
            lambda: next((r for r in self.requests if predicate(r)), None), timeout
        )

    async def wait_for_channel_message(
        self,
        channel: FakeChannel | int | None = None,
        count: int = 1,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> list[SentMessage]:
        """Wait until the bot posted ``count`` messages in ``channel``."""
        return await self.wait_for(
            lambda: (m := self.channel_messages(channel)) and len(m) >= count and m, timeout
        )

    # ----- gateway state and hooks ----------------------------------------------------------
    @property
    def _hub(self) -> GatewayHub:
        assert self.state.hub is not None
        return self.state.hub

    def session(self, shard_id: int = 0) -> GatewaySession | None:
        return self._hub.shard_session(shard_id)

    @property
    def is_connected(self) -> bool:
        """A bot holds an open, identified gateway connection (shard 0)."""
        session = self.session()
        return session is not None and session.ws is not None and not session.ws.closed

    @property
    def is_ready(self) -> bool:
        """Every shard got READY and all its GUILD_CREATEs and is connected."""
        return self._hub.all_ready()

    @property
    def identify_count(self) -> int:
        return self._hub.identifies

    async def wait_until_ready(self, timeout: float | None = None) -> None:  # noqa: ASYNC109
        """Wait until the bot identified and the fake sent READY + GUILD_CREATEs."""
        await self.wait_for(self._hub.all_ready, timeout)

    async def drop_connection(self, shard_id: int = 0, code: int = 4000) -> None:
        """Close the bot's websocket with a resumable code, as a network blip would."""
        await self._hub.drop(shard_id, code)

    async def request_reconnect(self, shard_id: int = 0) -> None:
        """Send op 7 RECONNECT: the bot must reconnect and RESUME."""
        await self._hub.request_reconnect(shard_id)

    async def wait_for_resume(
        self,
        shard_id: int = 0,
        count: int = 1,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> None:
        """Wait until the shard's session has been RESUMEd ``count`` times and is connected."""

        def probe() -> bool:
            session = self.session(shard_id)
            return bool(session and session.resumes >= count and session.ws is not None)

        await self.wait_for(probe, timeout)

    async def dispatch(self, event: str, data: JSON, guild_id: int | None = None) -> None:
        """Send any gateway event to the bot."""
        if not await self._hub.dispatch(event, data, guild_id):
            raise RuntimeError("no bot has identified with the fake yet")

    # ----- driving interactions -------------------------------------------------------------
    def _where(
        self,
        user: FakeUser | int | None,
        guild: Any,
        channel: FakeChannel | int | None,
        locale: str | None,
    ) -> Where:
        guild = self.guild if guild is _DEFAULT else guild
        if isinstance(guild, int):
            guild = self.state.guilds[guild]
        if user is None:
            members = [m.user for m in guild.members.values()] if guild else []
            user = members[0] if members else next(iter(self.state.users.values()))
        elif isinstance(user, int):
            user = self.state.users[user]
        if guild is not None:
            channel = (
                guild.channel(channel if isinstance(channel, int) else None)
                if not isinstance(channel, FakeChannel)
                else channel
            )
            app_permissions = guild.bot_permissions_in(channel, self.application.bot_permissions)
        else:
            channel = channel if isinstance(channel, FakeChannel) else None
            app_permissions = self.application.bot_permissions
        return Where(user, guild, channel, locale or user.locale, app_permissions)

    async def _send_interaction(
        self, payload: JSON, where: Where, source_message: JSON | None = None
    ) -> InteractionHandle:
        loop = asyncio.get_running_loop()
        now = loop.time()
        record = InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            payload=payload,
            guild_id=where.guild.id if where.guild else None,
            channel_id=int(payload["channel_id"]),
            dispatched_at=now,
            deadline=now + self.ack_timeout,
            source_message=source_message,
        )
        self.state.interactions[record.id] = record
        self.state.by_token[record.token] = record
        self._timers.append(loop.call_at(record.deadline, self._expire, record))
        await self.dispatch("INTERACTION_CREATE", payload, record.guild_id)
        return InteractionHandle(
            record, self.state.notifier, self.state.attachments, self.state.config.wait_timeout
        )

    def _expire(self, record: InteractionRecord) -> None:
        if record.callback is None:
            record.expired = True
            self.state.changed()

    def _command(self, command: str, where: Where) -> tuple[JSON, list[str]]:
        name, *path = command.split()
        found = self.state.commands.find(name, where.guild.id if where.guild else None)
        if found is None:
            raise LookupError(f"/{name} is not registered with the fake (did the bot sync?)")
        return found, path

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | list[JSON] | None = None,
        *,
        user: FakeUser | int | None = None,
        guild: FakeGuild | int | None = _DEFAULT,
        channel: FakeChannel | int | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Run a slash command as ``user``: ``await fake.slash("game start", {"players": 4})``.

        Options are given by name; user/member options take a ``FakeUser`` (or id),
        attachments ``(filename, bytes)``. ``guild=None`` runs it in a DM with the bot.
        """
        where = self._where(user, guild, channel, locale)
        definition, path = self._command(command, where)
        builder = OptionBuilder(where, self.state.users, self.state.attachments)
        payload = base_payload(self.application.id, APPLICATION_COMMAND, where)
        payload["data"] = command_data(definition, path, options or {}, builder, None)
        return await self._send_interaction(payload, where)

    async def autocomplete(
        self,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        user: FakeUser | int | None = None,
        guild: FakeGuild | int | None = _DEFAULT,
        channel: FakeChannel | int | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """The user is typing into option ``focused``; ``await handle.choices()`` for results."""
        where = self._where(user, guild, channel, locale)
        definition, path = self._command(command, where)
        builder = OptionBuilder(where, self.state.users, self.state.attachments, autocomplete=True)
        payload = base_payload(self.application.id, AUTOCOMPLETE, where)
        payload["data"] = command_data(definition, path, options, builder, focused)
        return await self._send_interaction(payload, where)

    def _message(self, message: SentMessage | JSON | int) -> JSON:
        if isinstance(message, SentMessage):
            return message.raw
        if isinstance(message, int):
            return self.state.messages[message]
        return message

    def _where_of_message(
        self, message: JSON, user: FakeUser | int | None, locale: str | None
    ) -> Where:
        found = self.state.channel(int(message["channel_id"]))
        if found is None:
            return self._where(user, None, None, locale)
        guild, channel = found
        return self._where(user, guild, channel, locale)

    async def click(
        self,
        message: SentMessage | JSON | int,
        custom_id: str,
        *,
        user: FakeUser | int | None = None,
        values: list[str] | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Press a button (or pick ``values`` in a select) on a message the bot sent."""
        raw = self._message(message)
        where = self._where_of_message(raw, user, locale)
        payload = base_payload(self.application.id, MESSAGE_COMPONENT, where)
        payload["data"] = component_data(raw, custom_id, values)
        payload["message"] = public_message(raw)
        return await self._send_interaction(payload, where, source_message=raw)

    async def submit_modal(
        self,
        source: InteractionHandle | str,
        values: dict[str, Any],
        *,
        user: FakeUser | int | None = None,
        guild: FakeGuild | int | None = _DEFAULT,
        channel: FakeChannel | int | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Fill in and submit a modal: ``source`` is the handle that got the modal, or a custom_id.

        With a handle, the modal's layout, user, place and message are reused, as in Discord.
        """
        modal: JSON | None = None
        source_message: JSON | None = None
        if isinstance(source, InteractionHandle):
            callback = source.record.callback
            if callback is None or callback.type != MODAL:
                raise ValueError("that interaction was not answered with a modal (await .modal())")
            modal = callback.data
            custom_id = str(modal["custom_id"]) if modal else ""
            source_message = source.record.source_message
            original = source.payload
            if user is None:
                user = int((original.get("member", {}).get("user") or original["user"])["id"])
            if guild is _DEFAULT and original.get("guild_id") is None:
                guild = None
            if channel is None and original.get("guild_id") is not None:
                channel = int(original["channel_id"])
            locale = locale or original.get("locale")
        else:
            custom_id = source
        where = self._where(user, guild, channel, locale)
        payload = base_payload(self.application.id, MODAL_SUBMIT, where)
        payload["data"] = modal_submit_data(modal, custom_id, values)
        if source_message is not None:
            payload["message"] = public_message(source_message)
        return await self._send_interaction(payload, where, source_message=source_message)
