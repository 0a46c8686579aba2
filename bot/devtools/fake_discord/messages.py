"""Messages the bot creates: request-body parsing (JSON or multipart) and message payloads.

Why a module of its own: interaction responses, webhook follow-ups and plain channel
messages all turn the same bot-sent body (``content``, ``embeds``, ``components``,
``attachments`` + uploaded ``files[n]``) into the same Discord message object.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .payloads import JSON, field_error, user_payload
from .snowflakes import iso_now, new_snowflake

CHANNEL_PINNED_MESSAGE = 6
"""Message type of the system notice "<bot> pinned a message to this channel"."""
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


@dataclass
class UploadedFile:
    """A file the bot uploaded in a multipart request."""

    field_name: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class RequestBody:
    """A bot request body: the JSON part plus any uploaded files."""

    json: Any
    files: list[UploadedFile] = field(default_factory=list)


#: Where a handler keeps the parsed body so the recording middleware can log it.
BODY_KEY: Any = (
    web.RequestKey("fake_discord_body", RequestBody) if hasattr(web, "RequestKey") else "body"
)


async def cached_body(request: web.Request) -> RequestBody:
    """Parse the request body once per request and keep it for the recorder."""
    if BODY_KEY not in request:
        request[BODY_KEY] = await read_body(request)
    return request[BODY_KEY]


async def read_body(request: web.Request) -> RequestBody:
    """Parse JSON, ``multipart/form-data`` (``payload_json`` + ``files[n]``) or an empty body."""
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        payload: Any = None
        files: list[UploadedFile] = []
        async for part in reader:
            if part is None:  # pragma: no cover - defensive
                break
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                data = await part.read()  # type: ignore[union-attr]
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(UploadedFile(name, part.filename or name, content_type, bytes(data)))
        return RequestBody(payload, files)
    raw = await request.read()
    return RequestBody(json.loads(raw) if raw else None)


def validate_message_body(data: JSON, *, require_content: bool) -> JSON:
    """Discord's basic checks on a message body; returns an ``errors`` tree."""
    errors: JSON = {}
    content = data.get("content")
    if content is not None and len(str(content)) > 2000:
        errors["content"] = field_error("BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    if len(data.get("embeds") or []) > 10:
        errors["embeds"] = field_error("BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    if len(data.get("components") or []) > 40:
        errors["components"] = field_error("BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in length.")
    if require_content and not any(
        data.get(k)
        for k in ("content", "embeds", "components", "attachments", "poll", "sticker_ids")
    ):
        errors["_errors"] = [{"code": "MESSAGE_EMPTY", "message": "Cannot send an empty message"}]
    return errors


class AttachmentStore:
    """Keeps uploaded bytes so tests (and GET /attachments/...) can read them back."""

    def __init__(self) -> None:
        self.base_url = ""
        self.data: dict[int, bytes] = {}

    def add(self, channel_id: int, upload: UploadedFile, meta: JSON) -> JSON:
        """Store ``upload`` and return its ``types.message.Attachment`` object."""
        attachment_id = new_snowflake()
        self.data[attachment_id] = upload.data
        filename = str(meta.get("filename") or upload.filename)
        url = f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
        attachment: JSON = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            "content_type": upload.content_type,
            "spoiler": filename.startswith("SPOILER_"),
            "flags": 0,
        }
        if meta.get("description"):
            attachment["description"] = meta["description"]
        return attachment


def _number_components(components: list[Any], counter: list[int]) -> list[Any]:
    """Give every component a numeric ``id`` as Discord does, keeping ids the bot chose."""
    numbered = []
    for component in components:
        if isinstance(component, dict):
            component = dict(component)
            counter[0] += 1
            component.setdefault("id", counter[0])
            for key in ("components", "items"):
                if isinstance(component.get(key), list):
                    component[key] = _number_components(component[key], counter)
            for key in ("accessory", "component"):
                if isinstance(component.get(key), dict):
                    component[key] = _number_components([component[key]], counter)[0]
        numbered.append(component)
    return numbered


def _normalise_embeds(embeds: list[Any]) -> list[Any]:
    return [{"type": "rich", **e} if isinstance(e, dict) else e for e in embeds]


def resolve_attachments(
    store: AttachmentStore,
    channel_id: int,
    body: RequestBody,
    existing: list[JSON],
) -> list[JSON]:
    """Work out a message's attachments after a create or edit.

    ``attachments`` in the JSON lists what to keep (existing ids) and describes new
    uploads (``id`` = upload index); uploads not described are appended, as Discord does.
    """
    data = body.json or {}
    uploads = {index: upload for index, upload in enumerate(body.files)}
    by_field = {upload.field_name: upload for upload in body.files}
    result: list[JSON] = []
    used: set[int] = set()
    described = data.get("attachments")
    if described is None:
        result = list(existing)
    else:
        known = {a["id"]: a for a in existing}
        for meta in described:
            raw_id = str(meta.get("id"))
            if raw_id in known:
                result.append(known[raw_id])
                continue
            upload = by_field.get(f"files[{raw_id}]")
            if upload is None and raw_id.isdigit():
                upload = uploads.get(int(raw_id))
            if upload is not None:
                used.add(id(upload))
                result.append(store.add(channel_id, upload, meta))
    for upload in body.files:
        if id(upload) not in used:
            result.append(store.add(channel_id, upload, {}))
    return result


def build_message(
    *,
    data: JSON,
    attachments: list[JSON],
    channel_id: int,
    guild_id: int | None,
    author: JSON,
    message_type: int = 0,
    extra: JSON | None = None,
) -> JSON:
    """A complete ``types.message.Message`` for something the bot sent."""
    flags = int(data.get("flags") or 0) & SETTABLE_FLAGS
    message: JSON = {
        "id": str(new_snowflake()),
        "channel_id": str(channel_id),
        "author": author,
        "content": str(data.get("content") or ""),
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": bool(data.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": _normalise_embeds(data.get("embeds") or []),
        "pinned": False,
        "type": message_type,
        "flags": flags,
        "components": _number_components(data.get("components") or [], [0]),
        "reactions": [],
    }
    if guild_id is not None:
        message["guild_id"] = str(guild_id)
    if data.get("poll"):
        message["poll"] = data["poll"]
    if extra:
        message.update(extra)
    return message


def apply_edit(message: JSON, data: JSON, attachments: list[JSON]) -> None:
    """Apply a PATCH body to a stored message in place."""
    for key in ("content", "poll"):
        if key in data:
            message[key] = data[key] if data[key] is not None else ""
    if "embeds" in data:
        message["embeds"] = _normalise_embeds(data["embeds"] or [])
    if "components" in data:
        message["components"] = _number_components(data["components"] or [], [0])
    if "flags" in data and data["flags"] is not None:
        keep = int(message.get("flags", 0)) & EPHEMERAL
        message["flags"] = keep | (int(data["flags"]) & SETTABLE_FLAGS)
    message["flags"] = int(message.get("flags", 0)) & ~LOADING
    message["attachments"] = attachments
    message["edited_timestamp"] = iso_now()


def bot_author(bot_user: Any) -> JSON:
    """The author object of messages the bot sends."""
    return user_payload(bot_user)


def public_message(message: JSON) -> JSON:
    """A stored message without the fake's private ``_``-keys (e.g. ``_deleted``)."""
    return {k: v for k, v in message.items() if not k.startswith("_")}
