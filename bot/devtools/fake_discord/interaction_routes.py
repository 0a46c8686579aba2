"""Interaction callbacks and the interaction webhook (``@original`` and follow-ups).

Enforces Discord's timing rules: the callback must come within ``ack_timeout`` of the
dispatch (else 404 / 10062 Unknown interaction), only once (else 400 / 40060), and the
webhook token works for ``token_lifetime`` after the acknowledgement.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from aiohttp import web

from .faults import FAULT_KEY
from .http_utils import DiscordError, invalid_form_body, json_response, no_content, unknown
from .interactions import (
    ALREADY_ACKNOWLEDGED,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UNKNOWN_INTERACTION,
    UPDATE_MESSAGE,
    Callback,
    InteractionRecord,
)
from .messages import (
    EPHEMERAL,
    LOADING,
    RequestBody,
    apply_edit,
    bot_author,
    build_message,
    cached_body,
    public_message,
    resolve_attachments,
    validate_message_body,
)
from .payloads import JSON, field_error

if TYPE_CHECKING:
    from .state import FakeState

#: Callback types each interaction type may answer with.
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}


_BACKGROUND: set[asyncio.Task[None]] = set()


def _state(request: web.Request) -> FakeState:
    from .rest import STATE

    return request.app[STATE]


def _refuse(
    state: FakeState, record: InteractionRecord | None, error: DiscordError
) -> DiscordError:
    if record is not None:
        record.errors.append((error.status, error.code, error.message))
        state.changed()
    return error


def _interaction_metadata(record: InteractionRecord) -> tuple[JSON, JSON]:
    payload = record.payload
    user = payload.get("member", {}).get("user") or payload.get("user")
    metadata: JSON = {
        "id": str(record.id),
        "type": record.type,
        "user": user,
        "authorizing_integration_owners": payload.get("authorizing_integration_owners", {}),
    }
    legacy: JSON = {
        "id": str(record.id),
        "type": record.type,
        "name": payload.get("data", {}).get("name", ""),
        "user": user,
    }
    if record.source_message is not None:
        metadata["interacted_message_id"] = record.source_message["id"]
    return metadata, legacy


def _new_message(
    state: FakeState, record: InteractionRecord, body: RequestBody, data: JSON, flags: int
) -> JSON:
    metadata, legacy = _interaction_metadata(record)
    app_id = str(state.application.id)
    message = build_message(
        data={**data, "flags": flags},
        attachments=resolve_attachments(state.attachments, record.channel_id, body, []),
        channel_id=record.channel_id,
        guild_id=record.guild_id,
        author=bot_author(state.application.bot_user),
        message_type=20 if record.type == APPLICATION_COMMAND else 0,
        extra={
            "application_id": app_id,
            "webhook_id": app_id,
            "interaction_metadata": metadata,
            "interaction": legacy,
        },
    )
    state.messages[int(message["id"])] = message
    return message


def _check_callback_data(callback_type: int, data: JSON, files: bool) -> JSON:
    errors: JSON = {}
    if callback_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
        errors = validate_message_body(data, require_content=callback_type == 4 and not files)
    elif callback_type == AUTOCOMPLETE_RESULT:
        choices = data.get("choices")
        if not isinstance(choices, list):
            errors["choices"] = field_error("BASE_TYPE_REQUIRED", "This field is required")
        elif len(choices) > 25:
            errors["choices"] = field_error(
                "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        else:
            for index, choice in enumerate(choices):
                name = choice.get("name")
                if not isinstance(name, str) or not 1 <= len(name) <= 100:
                    errors.setdefault("choices", {})[str(index)] = {
                        "name": field_error(
                            "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                        )
                    }
    elif callback_type == MODAL:
        title, custom_id = data.get("title"), data.get("custom_id")
        if not isinstance(title, str) or not 1 <= len(title) <= 45:
            errors["title"] = field_error(
                "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."
            )
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            errors["custom_id"] = field_error(
                "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        components = data.get("components")
        if not isinstance(components, list) or not 1 <= len(components) <= 5:
            errors["components"] = field_error(
                "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
    return {"data": errors} if errors else {}


async def interaction_callback(request: web.Request) -> web.Response:
    """``POST /interactions/{id}/{token}/callback``."""
    state = _state(request)
    record = state.interactions.get(int(request.match_info["interaction_id"]))
    if record is None or record.token != request.match_info["token"]:
        raise unknown("interaction", UNKNOWN_INTERACTION)
    body = await cached_body(request)
    now = state.loop_time
    if record.callback is not None:
        raise _refuse(
            state,
            record,
            DiscordError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."),
        )
    if now > record.deadline:
        record.expired = True
        raise _refuse(state, record, unknown("interaction", UNKNOWN_INTERACTION))
    payload = body.json or {}
    callback_type = payload.get("type")
    data: JSON = payload.get("data") or {}
    allowed = set(_ALLOWED_CALLBACKS.get(record.type, set()))
    if record.source_message is None:
        allowed -= {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
    if callback_type not in allowed:
        raise _refuse(
            state,
            record,
            DiscordError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": field_error(
                        "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is invalid"
                    )
                },
            ),
        )
    if errors := _check_callback_data(callback_type, data, bool(body.files)):
        raise _refuse(state, record, invalid_form_body(errors))

    message: JSON | None = None
    loading = False
    if callback_type == CHANNEL_MESSAGE:
        flags = int(data.get("flags") or 0)
        message = _new_message(state, record, body, data, flags)
        record.original = message
    elif callback_type == DEFERRED_CHANNEL_MESSAGE:
        flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
        message = _new_message(state, record, RequestBody({}), {}, flags)
        message["flags"] = flags
        record.original = message
        loading = True
    elif callback_type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
        source = state.messages.get(int(record.source_message["id"]))  # type: ignore[index]
        message = source if source is not None else record.source_message
        if callback_type == UPDATE_MESSAGE:
            attachments = resolve_attachments(
                state.attachments,
                record.channel_id,
                body,
                message["attachments"],  # type: ignore[index]
            )
            apply_edit(message, data, attachments)  # type: ignore[arg-type]
            record.edits += 1
        record.original = message
    record.callback = Callback(callback_type, data, body.files, now)
    if callback_type not in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
        record.mark_replied(now)
    state.changed()

    announce = callback_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and state.hub is not None
    if message is not None and announce and not message["flags"] & EPHEMERAL:
        event = "MESSAGE_CREATE" if callback_type == CHANNEL_MESSAGE else "MESSAGE_UPDATE"
        await state.hub.dispatch_message_event(event, message)  # type: ignore[union-attr]

    if request.query.get("with_response", "").lower() not in ("1", "true"):
        return await _deliver(request, record, no_content())
    interaction: JSON = {"id": str(record.id), "type": record.type}
    resource: JSON = {"type": callback_type}
    if message is not None and callback_type != DEFERRED_UPDATE_MESSAGE:
        interaction["response_message_id"] = message["id"]
        interaction["response_message_loading"] = loading
        interaction["response_message_ephemeral"] = bool(message["flags"] & EPHEMERAL)
        resource["message"] = public_message(message)
    return await _deliver(
        request, record, json_response({"interaction": interaction, "resource": resource})
    )


async def _deliver(
    request: web.Request, record: InteractionRecord, response: web.Response
) -> web.Response:
    """Write the answer out, then tell waiting tests that the bot was acknowledged.

    The bot reads this HTTP answer and the gateway on different sockets. So that a test
    reacting to the answer (e.g. clicking a button of the new message) cannot overtake
    the bot's own processing of it (discord.py registers the view only once the answer
    is parsed), the fake first asks the bot for a heartbeat over the gateway and waits for
    it: a round trip through the bot's event loop, as a sync barrier.
    """
    state = _state(request)
    if request.get(FAULT_KEY) is not None:
        return response  # applied, but the armed fault answers instead (faults.py)
    await response.prepare(request)
    await response.write_eof()

    async def mark_delivered() -> None:
        if state.hub is not None:
            await state.hub.barrier(record.guild_id)
        if record.callback is not None:
            record.callback.delivered = True
        state.changed()

    task = asyncio.create_task(mark_delivered())
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
    return response


def _webhook_record(request: web.Request) -> InteractionRecord:
    state = _state(request)
    record = state.by_token.get(request.match_info["token"])
    if record is None or int(request.match_info["app_id"]) != state.application.id:
        raise unknown("Webhook", 10015)
    if record.callback is None:
        raise _refuse(state, record, unknown("Webhook", 10015))
    if state.loop_time - record.callback.at > state.config.token_lifetime:
        raise _refuse(state, record, DiscordError(401, 50027, "Invalid Webhook Token"))
    return record


def _target(request: web.Request, record: InteractionRecord) -> JSON:
    raw = request.match_info["message_id"]
    message = record.original if raw == "@original" else record.message(int(raw))
    if message is None or message.get("_deleted"):
        raise _refuse(_state(request), record, unknown("Message", 10008))
    return message


async def get_webhook_message(request: web.Request) -> web.Response:
    record = _webhook_record(request)
    return json_response(public_message(_target(request, record)))


async def edit_webhook_message(request: web.Request) -> web.Response:
    state = _state(request)
    record = _webhook_record(request)
    message = _target(request, record)
    body = await cached_body(request)
    data = body.json or {}
    if errors := validate_message_body(data, require_content=False):
        raise _refuse(state, record, invalid_form_body(errors))
    attachments = resolve_attachments(
        state.attachments, record.channel_id, body, message["attachments"]
    )
    was_loading = bool(message["flags"] & LOADING)
    apply_edit(message, data, attachments)
    if message is record.original:
        record.edits += 1
        record.mark_replied(state.loop_time)
    state.changed()
    if state.hub is not None and not message["flags"] & EPHEMERAL:
        event = "MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE"
        await state.hub.dispatch_message_event(event, message)
    return json_response(public_message(message))


async def delete_webhook_message(request: web.Request) -> web.Response:
    record = _webhook_record(request)
    message = _target(request, record)
    message["_deleted"] = True
    _state(request).changed()
    return no_content()


async def execute_webhook(request: web.Request) -> web.Response:
    """``POST /webhooks/{app}/{token}``: an interaction follow-up."""
    state = _state(request)
    record = _webhook_record(request)
    body = await cached_body(request)
    data = body.json or {}
    if errors := validate_message_body(data, require_content=not body.files):
        raise _refuse(state, record, invalid_form_body(errors))
    original = record.original
    if original is not None and original["flags"] & LOADING:
        # Discord turns the first follow-up after a deferred response into that response.
        attachments = resolve_attachments(state.attachments, record.channel_id, body, [])
        apply_edit(original, data, attachments)
        record.edits += 1
        message = original
    else:
        message = _new_message(state, record, body, data, int(data.get("flags") or 0))
        message["type"] = 0
        record.followups.append(message)
    record.mark_replied(state.loop_time)
    state.changed()
    if state.hub is not None and not message["flags"] & EPHEMERAL:
        await state.hub.dispatch_message_event("MESSAGE_CREATE", message)
    if request.query.get("wait", "").lower() not in ("1", "true"):
        return no_content()
    return json_response(public_message(message))


def add_routes(app: web.Application, api: str) -> None:
    """Register the interaction and webhook routes under ``api``."""
    r = app.router
    r.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", interaction_callback)
    r.add_post(f"{api}/webhooks/{{app_id}}/{{token}}", execute_webhook)
    message = f"{api}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}"
    r.add_get(message, get_webhook_message)
    r.add_patch(message, edit_webhook_message)
    r.add_delete(message, delete_webhook_message)
