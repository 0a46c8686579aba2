"""The REST API under ``/api/v10``: app/user/gateway info, commands, channels, guilds.

Interaction callbacks and webhook follow-ups live in ``interaction_routes.py``. A
middleware records every call (``fake.recorder.requests``), checks the bot token where
Discord does, and answers unknown routes with Discord's 404 JSON so a test notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import interaction_routes
from .commands_validation import validate_command, validate_commands
from .faults import FAULT_KEY, Fault, fault_response
from .http_utils import UNAUTHORIZED, DiscordError, invalid_form_body, json_response, no_content
from .http_utils import unknown as unknown_error
from .messages import (
    BODY_KEY,
    CHANNEL_PINNED_MESSAGE,
    apply_edit,
    bot_author,
    build_message,
    cached_body,
    public_message,
    resolve_attachments,
    validate_message_body,
)
from .models import (
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from .payloads import (
    JSON,
    application_payload,
    channel_payload,
    member_payload,
    partial_guild_payload,
    self_user_payload,
    user_payload,
)
from .recorder import RecordedRequest
from .snowflakes import iso_now
from .state import FakeState

log = logging.getLogger(__name__)

API = "/api/v10"
STATE: web.AppKey[FakeState] = web.AppKey("fake_discord_state", FakeState)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: Route prefixes reachable without ``Authorization: Bot <token>`` (the token is in the URL).
_NO_AUTH_PREFIXES = (f"{API}/interactions/", f"{API}/webhooks/", "/attachments/", "/gateway")


def state_of(request: web.Request) -> FakeState:
    return request.app[STATE]


async def body_of(request: web.Request) -> JSON | list[JSON] | None:
    """The JSON part of the request body (parsed once, kept for the recorder)."""
    return (await cached_body(request)).json


@web.middleware
async def discord_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Auth check, Discord-shaped errors, 404 for unknown routes, and recording."""
    state = state_of(request)
    known = request.match_info.route.resource is not None
    try:
        authorized = request.headers.get("Authorization") == f"Bot {state.config.token}"
        if not authorized and not request.path.startswith(_NO_AUTH_PREFIXES):
            raise UNAUTHORIZED
        if not known:
            problem = getattr(request.match_info, "http_exception", None)
            if problem is not None and problem.status == 405:
                raise DiscordError(405, 0, "405: Method Not Allowed")
            raise DiscordError(404, 0, "404: Not Found")
        fault = state.faults.take(request.method, request.path)
        if fault is not None:
            return await _answer_with_fault(state, request, handler, fault)
        response = await handler(request)
    except DiscordError as error:
        response = json_response(error.body, error.status)
    if request.path == "/gateway" or request.path.startswith("/attachments/"):
        return response
    body = request.get(BODY_KEY)
    payload = None
    if isinstance(response, web.Response) and isinstance(response.body, bytes) and response.body:
        try:
            payload = json.loads(response.body)
        except ValueError:
            payload = None
    state.recorder.requests.append(
        RecordedRequest(
            method=request.method,
            path=request.path,
            query=dict(request.query),
            body=body.json if body else None,
            files=body.files if body else [],
            status=response.status,
            response=payload,
            known_route=known,
        )
    )
    if not known:
        log.warning("fake discord: unknown route %s %s", request.method, request.path)
    state.changed()
    return response


async def _answer_with_fault(
    state: FakeState, request: web.Request, handler: Handler, fault: Fault
) -> web.StreamResponse:
    """Answer an armed fault instead of the call (or after it, for ``apply``)."""
    body = await cached_body(request)
    status = 0 if fault.kind == "hang" else int(fault.kind[:3])
    if fault.apply:
        request[FAULT_KEY] = fault
        with contextlib.suppress(DiscordError):
            await handler(request)
    state.recorder.requests.append(
        RecordedRequest(
            method=request.method,
            path=request.path,
            query=dict(request.query),
            body=body.json,
            files=body.files,
            status=status,
            response={"fault": fault.kind},
            known_route=True,
        )
    )
    state.changed()
    if fault.kind != "hang":
        return fault_response(fault)
    await asyncio.sleep(fault.hang_seconds)
    if request.transport is not None:
        request.transport.close()
    raise asyncio.CancelledError  # the connection is gone: nothing is written


# ----- users, application, gateway info ------------------------------------------------
async def get_me(request: web.Request) -> web.Response:
    return json_response(self_user_payload(state_of(request).application.bot_user))


async def get_user(request: web.Request) -> web.Response:
    state = state_of(request)
    user = state.users.get(int(request.match_info["user_id"]))
    if user is None:
        raise unknown_error("User", 10013)
    return json_response(user_payload(user))


async def get_application(request: web.Request) -> web.Response:
    return json_response(application_payload(state_of(request).application))


async def get_gateway(request: web.Request) -> web.Response:
    return json_response({"url": state_of(request).gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    state = state_of(request)
    return json_response(
        {
            "url": state.gateway_url,
            "shards": state.config.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }
    )


# ----- application commands ----------------------------------------------------------
def _scope(request: web.Request) -> int | None:
    state = state_of(request)
    if int(request.match_info["app_id"]) != state.application.id:
        raise DiscordError(403, 50001, "Missing Access")
    guild_id = request.match_info.get("guild_id")
    if guild_id is None:
        return None
    if int(guild_id) not in state.guilds:
        raise DiscordError(403, 50001, "Missing Access")
    return int(guild_id)


async def list_commands(request: web.Request) -> web.Response:
    guild_id = _scope(request)
    return json_response(list(state_of(request).commands.scope(guild_id).values()))


async def overwrite_commands(request: web.Request) -> web.Response:
    guild_id = _scope(request)
    bodies = await body_of(request)
    if errors := validate_commands(bodies):
        raise invalid_form_body(errors)
    stored = state_of(request).commands.overwrite(guild_id, bodies)  # type: ignore[arg-type]
    return json_response(stored)


async def create_command(request: web.Request) -> web.Response:
    guild_id = _scope(request)
    body = await body_of(request)
    if errors := validate_command(body):
        raise invalid_form_body(errors)
    stored, created = state_of(request).commands.upsert(guild_id, body)  # type: ignore[arg-type]
    return json_response(stored, 201 if created else 200)


def _command(request: web.Request) -> tuple[int | None, JSON]:
    guild_id = _scope(request)
    scope = state_of(request).commands.scope(guild_id)
    command = scope.get(int(request.match_info["command_id"]))
    if command is None:
        raise unknown_error("application command", 10063)
    return guild_id, command


async def get_command(request: web.Request) -> web.Response:
    return json_response(_command(request)[1])


async def edit_command(request: web.Request) -> web.Response:
    guild_id, command = _command(request)
    body = await body_of(request)
    merged = {**command, **(body or {})}  # type: ignore[dict-item]
    if errors := validate_command(merged):
        raise invalid_form_body(errors)
    scope = state_of(request).commands.scope(guild_id)
    del scope[int(command["id"])]
    stored, _ = state_of(request).commands.upsert(guild_id, merged)
    return json_response(stored)


async def delete_command(request: web.Request) -> web.Response:
    guild_id, command = _command(request)
    del state_of(request).commands.scope(guild_id)[int(command["id"])]
    return no_content()


# ----- guilds and channels -----------------------------------------------------------
async def get_guild(request: web.Request) -> web.Response:
    state = state_of(request)
    guild = state.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        raise unknown_error("Guild", 10004)
    return json_response(partial_guild_payload(guild, state.application))


async def get_member(request: web.Request) -> web.Response:
    state = state_of(request)
    guild = state.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        raise unknown_error("Guild", 10004)
    member = guild.members.get(int(request.match_info["user_id"]))
    if member is None:
        raise unknown_error("Member", 10007)
    return json_response(member_payload(guild, member))


def _channel_of(request: web.Request) -> tuple[int, int]:
    found = state_of(request).channel(int(request.match_info["channel_id"]))
    if found is None:
        raise unknown_error("Channel", 10003)
    guild, channel = found
    return guild.id, channel.id


async def get_channel(request: web.Request) -> web.Response:
    found = state_of(request).channel(int(request.match_info["channel_id"]))
    if found is None:
        raise unknown_error("Channel", 10003)
    return json_response(channel_payload(found[1]))


MAX_PINS = 250
"""Pins a channel may hold (Discord raised it from 50 to 250 with the new pin routes)."""
MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


def _require(request: web.Request, needed: int) -> None:
    """Refuse as Discord does when the bot lacks ``needed`` in the request's channel: 50001
    when it cannot even see the channel, else 50013."""
    state = state_of(request)
    found = state.channel(int(request.match_info["channel_id"]))
    if found is None:
        raise unknown_error("Channel", 10003)
    guild, channel = found
    have = guild.bot_permissions_in(channel, state.application.bot_permissions)
    if not have & VIEW_CHANNEL:
        raise DiscordError(*MISSING_ACCESS)
    if have & needed != needed:
        raise DiscordError(*MISSING_PERMISSIONS)


def _is_own(request: web.Request, message: JSON) -> bool:
    author = message.get("author") or {}
    return str(author.get("id")) == str(state_of(request).application.bot_user.id)


async def create_message(request: web.Request) -> web.Response:
    state = state_of(request)
    guild_id, channel_id = _channel_of(request)
    _require(request, SEND_MESSAGES)
    body = await cached_body(request)
    data = body.json or {}
    if errors := validate_message_body(data, require_content=not body.files):
        raise invalid_form_body(errors)
    attachments = resolve_attachments(state.attachments, channel_id, body, [])
    message_type = 19 if data.get("message_reference") else 0
    extra = {"message_reference": data["message_reference"]} if message_type == 19 else None
    message = build_message(
        data=data,
        attachments=attachments,
        channel_id=channel_id,
        guild_id=guild_id,
        author=bot_author(state.application.bot_user),
        message_type=message_type,
        extra=extra,
    )
    message["flags"] &= ~(1 << 6)  # channel messages cannot be ephemeral
    state.messages[int(message["id"])] = message
    if state.hub is not None:
        await state.hub.dispatch_message_event("MESSAGE_CREATE", message)
    return json_response(message)


def _channel_message(request: web.Request) -> JSON:
    _, channel_id = _channel_of(request)
    message = state_of(request).messages.get(int(request.match_info["message_id"]))
    if message is None or int(message["channel_id"]) != channel_id or message.get("_deleted"):
        raise unknown_error("Message", 10008)
    return message


async def get_message(request: web.Request) -> web.Response:
    return json_response(public_message(_channel_message(request)))


async def edit_message(request: web.Request) -> web.Response:
    state = state_of(request)
    _require(request, 0)
    message = _channel_message(request)
    if not _is_own(request, message):
        raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
    body = await cached_body(request)
    if errors := validate_message_body(body.json or {}, require_content=False):
        raise invalid_form_body(errors)
    attachments = resolve_attachments(
        state.attachments, int(message["channel_id"]), body, message["attachments"]
    )
    apply_edit(message, body.json or {}, attachments)
    if state.hub is not None:
        await state.hub.dispatch_message_event("MESSAGE_UPDATE", message)
    return json_response(public_message(message))


async def delete_message(request: web.Request) -> web.Response:
    _require(request, 0)
    message = _channel_message(request)
    if not _is_own(request, message):
        _require(request, MANAGE_MESSAGES)
    message["_deleted"] = True
    return no_content()


def _pinned(request: web.Request) -> list[JSON]:
    _, channel_id = _channel_of(request)
    return sorted(
        (
            m
            for m in state_of(request).messages.values()
            if int(m["channel_id"]) == channel_id and m.get("pinned") and not m.get("_deleted")
        ),
        key=lambda m: str(m.get("_pinned_at")),
        reverse=True,
    )


async def pin_message(request: web.Request) -> web.Response:
    """PUT .../messages/pins/{id} (and the older .../pins/{id}): needs Pin Messages; pinning a
    pinned message changes nothing; a new pin posts the "pinned a message" system message."""
    state = state_of(request)
    guild_id, channel_id = _channel_of(request)
    _require(request, PIN_MESSAGES)
    message = _channel_message(request)
    if message.get("pinned"):
        return no_content()
    if len(_pinned(request)) >= MAX_PINS:
        raise DiscordError(400, 30003, f"Maximum number of pins reached ({MAX_PINS})")
    message["pinned"] = True
    message["_pinned_at"] = iso_now()
    notice = build_message(
        data={},
        attachments=[],
        channel_id=channel_id,
        guild_id=guild_id,
        author=bot_author(state.application.bot_user),
        message_type=CHANNEL_PINNED_MESSAGE,
        extra={
            "message_reference": {
                "type": 0,
                "message_id": message["id"],
                "channel_id": str(channel_id),
                "guild_id": str(guild_id),
            }
        },
    )
    state.messages[int(notice["id"])] = notice
    if state.hub is not None:
        await state.hub.dispatch_message_event("MESSAGE_UPDATE", message)
        await state.hub.dispatch_message_event("MESSAGE_CREATE", notice)
    return no_content()


async def unpin_message(request: web.Request) -> web.Response:
    _require(request, PIN_MESSAGES)
    message = _channel_message(request)
    message["pinned"] = False
    message.pop("_pinned_at", None)
    return no_content()


async def list_pins(request: web.Request) -> web.Response:
    """GET .../messages/pins: ``{"items": [{"pinned_at", "message"}], "has_more"}``, newest
    first; the older GET .../pins answers a plain list of messages."""
    _require(request, READ_MESSAGE_HISTORY)
    pinned = _pinned(request)
    if request.path.endswith("/messages/pins"):
        items = [{"pinned_at": m["_pinned_at"], "message": public_message(m)} for m in pinned]
        return json_response({"items": items, "has_more": False})
    return json_response([public_message(m) for m in pinned])


async def get_attachment(request: web.Request) -> web.Response:
    data = state_of(request).attachments.data.get(int(request.match_info["attachment_id"]))
    if data is None:
        raise web.HTTPNotFound()
    return web.Response(body=data, content_type="application/octet-stream")


def build_app(state: FakeState) -> web.Application:
    """The aiohttp application serving REST, attachments and the gateway websocket."""
    app = web.Application(middlewares=[discord_middleware], client_max_size=64 * 1024 * 1024)
    app[STATE] = state
    assert state.hub is not None
    r = app.router
    r.add_get("/gateway", state.hub.handle)
    r.add_get("/gateway/", state.hub.handle)
    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", get_attachment)
    r.add_get(f"{API}/users/@me", get_me)
    r.add_get(f"{API}/users/{{user_id:\\d+}}", get_user)
    r.add_get(f"{API}/oauth2/applications/@me", get_application)
    r.add_get(f"{API}/applications/@me", get_application)
    r.add_get(f"{API}/gateway", get_gateway)
    r.add_get(f"{API}/gateway/bot", get_gateway_bot)
    for base in (
        f"{API}/applications/{{app_id}}/commands",
        f"{API}/applications/{{app_id}}/guilds/{{guild_id}}/commands",
    ):
        r.add_get(base, list_commands)
        r.add_put(base, overwrite_commands)
        r.add_post(base, create_command)
        r.add_get(base + "/{command_id}", get_command)
        r.add_patch(base + "/{command_id}", edit_command)
        r.add_delete(base + "/{command_id}", delete_command)
    r.add_get(f"{API}/guilds/{{guild_id}}", get_guild)
    r.add_get(f"{API}/guilds/{{guild_id}}/members/{{user_id}}", get_member)
    r.add_get(f"{API}/channels/{{channel_id}}", get_channel)
    r.add_post(f"{API}/channels/{{channel_id}}/messages", create_message)
    for pins in ("messages/pins", "pins"):
        r.add_get(f"{API}/channels/{{channel_id}}/{pins}", list_pins)
        r.add_put(f"{API}/channels/{{channel_id}}/{pins}/{{message_id}}", pin_message)
        r.add_delete(f"{API}/channels/{{channel_id}}/{pins}/{{message_id}}", unpin_message)
    r.add_get(f"{API}/channels/{{channel_id}}/messages/{{message_id:\\d+}}", get_message)
    r.add_patch(f"{API}/channels/{{channel_id}}/messages/{{message_id:\\d+}}", edit_message)
    r.add_delete(f"{API}/channels/{{channel_id}}/messages/{{message_id:\\d+}}", delete_message)
    interaction_routes.add_routes(app, API)
    return app
