"""INTERACTION_CREATE payloads built the way Discord builds them for discord.py 2.7.

Complete objects (member with permissions, channel with permissions, locale and
guild_locale, app_permissions, entitlements, authorizing_integration_owners, context,
attachment_size_limit) and ``data`` that ``CommandTree._from_interaction`` resolves:
the stored command's id, ``guild_id`` for guild commands, nested sub-command options and
``resolved`` users/members/channels/roles/attachments for snowflake options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .interactions import walk_components
from .messages import AttachmentStore, UploadedFile
from .models import FakeChannel, FakeGuild, FakeMember, FakeUser
from .payloads import (
    JSON,
    guild_roles,
    interaction_channel_payload,
    member_payload,
    user_payload,
)
from .snowflakes import new_snowflake, new_token

ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)


@dataclass
class Where:
    """Who invokes an interaction, where, in which language."""

    user: FakeUser
    guild: FakeGuild | None
    channel: FakeChannel | None
    locale: str
    app_permissions: int


def base_payload(application_id: int, interaction_type: int, where: Where) -> JSON:
    """Fields every interaction carries."""
    payload: JSON = {
        "id": str(new_snowflake()),
        "application_id": str(application_id),
        "type": interaction_type,
        "token": new_token("aW50ZXJhY3Rpb24."),
        "version": 1,
        "locale": where.locale,
        "app_permissions": str(where.app_permissions),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    guild, channel, user = where.guild, where.channel, where.user
    if guild is not None and channel is not None:
        member = guild.members.get(user.id) or FakeMember(user=user)
        permissions = guild.permissions_of(user.id)
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            guild_locale=guild.preferred_locale,
            channel_id=str(channel.id),
            channel=interaction_channel_payload(channel, permissions),
            member=member_payload(guild, member, permissions=True),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        dm_id = new_snowflake() if channel is None else channel.id
        payload.update(
            channel_id=str(dm_id),
            channel={
                "id": str(dm_id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [user_payload(user)],
            },
            user=user_payload(user),
            authorizing_integration_owners={"0": "0"},
            context=1,
        )
    return payload


def _find_subcommand(options: list[JSON], name: str, kinds: tuple[int, ...]) -> JSON:
    for option in options:
        if option.get("name") == name and option.get("type") in kinds:
            return option
    raise LookupError(f"no sub-command {name!r}; have {[o.get('name') for o in options]}")


class OptionBuilder:
    """Turns ``{"player": some_user, "points": 5}`` into Discord's option list + resolved."""

    def __init__(
        self,
        where: Where,
        users: dict[int, FakeUser],
        attachments: AttachmentStore,
        *,
        autocomplete: bool = False,
    ) -> None:
        self.where = where
        self.users = users
        self.attachments = attachments
        self.autocomplete = autocomplete
        self.resolved: dict[str, dict[str, JSON]] = {}

    def _resolve_user(self, value: Any) -> str:
        if isinstance(value, FakeMember):
            value = value.user
        user = value if isinstance(value, FakeUser) else self.users.get(int(value))
        if user is None:
            raise LookupError(f"unknown user {value!r}: add it to the fake first")
        self.resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
        guild = self.where.guild
        if guild is not None and user.id in guild.members:
            member = member_payload(
                guild, guild.members[user.id], with_user=False, permissions=True
            )
            self.resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)

    def _resolve_channel(self, value: Any) -> str:
        guild = self.where.guild
        channel = value if isinstance(value, FakeChannel) else None
        if channel is None and guild is not None:
            channel = guild.channel(int(value))
        if channel is None:
            raise LookupError(f"unknown channel {value!r}")
        permissions = guild.permissions_of(self.where.user.id) if guild else 0
        data = interaction_channel_payload(channel, permissions)
        self.resolved.setdefault("channels", {})[str(channel.id)] = data
        return str(channel.id)

    def _resolve_role(self, value: Any) -> str:
        guild = self.where.guild
        roles = {r["id"]: r for r in guild_roles(guild)} if guild else {}
        role = roles.get(str(int(value)))
        if role is None:
            raise LookupError(f"unknown role {value!r}")
        self.resolved.setdefault("roles", {})[role["id"]] = role
        return role["id"]

    def _resolve_attachment(self, value: Any) -> str:
        if isinstance(value, bytes):
            value = ("file.bin", value)
        filename, data, *rest = value
        content_type = rest[0] if rest else "application/octet-stream"
        channel_id = self.where.channel.id if self.where.channel else 0
        upload = UploadedFile("files[0]", filename, content_type, data)
        attachment = self.attachments.add(channel_id, upload, {"filename": filename})
        attachment["ephemeral"] = True
        self.resolved.setdefault("attachments", {})[attachment["id"]] = attachment
        return attachment["id"]

    def value(self, definition: JSON, raw: Any, focused: bool) -> Any:
        """Discord's wire value for one option (checks choices like the client does)."""
        option_type = definition["type"]
        if focused:
            return str(raw)  # what the user typed so far
        if option_type == STRING:
            value: Any = str(raw)
        elif option_type == INTEGER:
            value = int(raw)
        elif option_type == NUMBER:
            value = float(raw)
        elif option_type == BOOLEAN:
            value = bool(raw)
        elif option_type == USER:
            return self._resolve_user(raw)
        elif option_type == CHANNEL:
            return self._resolve_channel(raw)
        elif option_type == ROLE:
            return self._resolve_role(raw)
        elif option_type == MENTIONABLE:
            if isinstance(raw, FakeUser | FakeMember) or int(raw) in self.users:
                return self._resolve_user(raw)
            return self._resolve_role(raw)
        elif option_type == ATTACHMENT:
            return self._resolve_attachment(raw)
        else:
            raise ValueError(f"unsupported option type {option_type}")
        choices = definition.get("choices")
        if choices and not self.autocomplete and value not in [c["value"] for c in choices]:
            raise ValueError(
                f"{definition['name']}={value!r} is not one of the choices "
                f"{[c['value'] for c in choices]}; a Discord user could not send it"
            )
        return value

    def build(
        self, definitions: list[JSON], given: dict[str, Any], focused: str | None
    ) -> list[JSON]:
        """Option list for one (sub)command level."""
        known = {d["name"]: d for d in definitions}
        unknown_names = set(given) - set(known)
        if unknown_names:
            raise LookupError(
                f"unknown options {sorted(unknown_names)}; command has {sorted(known)}"
            )
        options: list[JSON] = []
        for definition in definitions:
            name = definition["name"]
            if name not in given:
                if definition.get("required") and not self.autocomplete:
                    raise ValueError(f"required option {name!r} missing")
                continue
            is_focused = self.autocomplete and name == focused
            option: JSON = {
                "name": name,
                "type": definition["type"],
                "value": self.value(definition, given[name], is_focused),
            }
            if is_focused:
                option["focused"] = True
            options.append(option)
        if self.autocomplete and not any(o.get("focused") for o in options):
            raise ValueError(f"focused option {focused!r} must be one of the given options")
        return options


def command_data(
    command: JSON,
    path: list[str],
    given: dict[str, Any] | list[JSON],
    builder: OptionBuilder,
    focused: str | None,
) -> JSON:
    """``data`` of an application-command (or autocomplete) interaction."""
    definitions: list[JSON] = command.get("options") or []
    chain: list[JSON] = []
    for depth, name in enumerate(path):
        kinds = (SUB_COMMAND, SUB_COMMAND_GROUP) if depth < len(path) - 1 else (SUB_COMMAND,)
        sub = _find_subcommand(definitions, name, kinds)
        chain.append(sub)
        definitions = sub.get("options") or []
    if any(d.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in definitions):
        raise LookupError(
            f"{command['name']} needs a sub-command: pass 'command=\"{command['name']} <sub>\"'"
        )
    # A list is raw Discord-shaped options, passed through as they are.
    options = given if isinstance(given, list) else builder.build(definitions, given, focused)
    for sub in reversed(chain):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    data: JSON = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
    if options:
        data["options"] = options
    if builder.resolved:
        data["resolved"] = builder.resolved
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    return data


def component_data(message: JSON, custom_id: str, values: list[str] | None) -> JSON:
    """``data`` of a component interaction on ``message``."""
    for component in walk_components(message.get("components") or []):
        if component.get("custom_id") == custom_id:
            data: JSON = {"custom_id": custom_id, "component_type": component["type"]}
            if component["type"] in (3, 5, 6, 7, 8):
                data["values"] = list(values or [])
            return data
    raise LookupError(f"no component with custom_id {custom_id!r} on message {message['id']}")


def modal_submit_data(modal: JSON | None, custom_id: str, values: dict[str, Any]) -> JSON:
    """``data`` of a modal submission, mirroring the modal's layout (rows or labels)."""
    remaining = dict(values)

    def answer(component: JSON) -> JSON | None:
        kind = component.get("type")
        cid = component.get("custom_id")
        if kind == 4:
            value = remaining.pop(cid, None)
            if value is None and component.get("required", True):
                raise ValueError(f"required text input {cid!r} not filled in")
            return {"type": 4, "id": component.get("id", 0), "custom_id": cid, "value": value or ""}
        if kind in (3, 5, 6, 7, 8, 19, 22):
            chosen = remaining.pop(cid, [])
            chosen = [chosen] if isinstance(chosen, str) else list(chosen)
            return {"type": kind, "id": component.get("id", 0), "custom_id": cid, "values": chosen}
        if kind in (21, 23):
            return {
                "type": kind,
                "id": component.get("id", 0),
                "custom_id": cid,
                "value": remaining.pop(cid, None if kind == 21 else False),
            }
        return None

    rows: list[JSON] = []
    if modal is not None:
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                inner = [a for c in top.get("components") or [] if (a := answer(c))]
                rows.append({"type": 1, "id": top.get("id", 0), "components": inner})
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                inner_answer = answer(top["component"])
                if inner_answer:
                    rows.append({"type": 18, "id": top.get("id", 0), "component": inner_answer})
            elif top.get("type") == 10:
                rows.append({"type": 10, "id": top.get("id", 0), "content": top.get("content", "")})
    for cid, value in remaining.items():
        rows.append({"type": 1, "components": [{"type": 4, "custom_id": cid, "value": str(value)}]})
    return {"custom_id": custom_id, "components": rows}
