"""Shape checks for raw INTERACTION_CREATE payloads, before discord.py builds objects from them.

Why: discord.py trusts the gateway. A payload without ``id`` or ``token``, with a string where
it expects a number, or without the invoking user raises inside its parser (which, unguarded,
ends the shard and with it the process) or later inside a task nobody awaits. Discord never
sends such payloads, so they are not users to answer; they are logged once and skipped, and
every well-formed interaction still gets served. Plain data in, a reason (or None) out: no
``discord`` import, so the checks are cheap and testable on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SNOWFLAKE_MAX = 2**64 - 1
PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CUSTOM_ID_MAX = 100


def is_snowflake(value: Any) -> bool:
    """A Discord id as the gateway sends it: decimal digits in a string (or an int)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 < value <= SNOWFLAKE_MAX
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        return 0 < int(value) <= SNOWFLAKE_MAX
    return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _user_problem(user: Any, where: str) -> str | None:
    if not isinstance(user, Mapping):
        return f"{where} is not an object"
    if not is_snowflake(user.get("id")):
        return f"{where}.id is not a snowflake"
    if not isinstance(user.get("username"), str):
        return f"{where}.username is not a string"
    for key in ("discriminator", "global_name", "avatar"):
        if user.get(key) is not None and not isinstance(user[key], str):
            return f"{where}.{key} is not a string"
    return None


def _who_problem(payload: Mapping[str, Any]) -> str | None:
    """The invoking user: ``member.user`` in a server, ``user`` in a direct message."""
    if payload.get("guild_id") is not None:
        member = payload.get("member")
        if not isinstance(member, Mapping):
            return "member is missing in a server interaction"
        roles = member.get("roles")
        if not isinstance(roles, list) or not all(is_snowflake(r) for r in roles):
            return "member.roles is not a list of snowflakes"
        permissions = member.get("permissions")
        if permissions is not None and not (isinstance(permissions, str) and permissions.isdigit()):
            return "member.permissions is not a number string"
        return _user_problem(member.get("user"), "member.user")
    return _user_problem(payload.get("user"), "user")


def _options_problem(options: Any, depth: int = 0) -> str | None:
    if options is None:
        return None
    if not isinstance(options, list) or depth > 2:
        return "options is not a list"
    for option in options:
        if not isinstance(option, Mapping):
            return "an option is not an object"
        if not isinstance(option.get("name"), str) or not _is_int(option.get("type")):
            return "an option has no name or type"
        if option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if problem := _options_problem(option.get("options"), depth + 1):
                return problem
        elif "value" not in option:
            return f"option {option['name']!r} has no value"
    return None


def _data_problem(kind: int, data: Any, payload: Mapping[str, Any]) -> str | None:
    if kind == PING:
        return None
    if not isinstance(data, Mapping):
        return "data is missing"
    if kind in (COMMAND, AUTOCOMPLETE):
        if not isinstance(data.get("name"), str) or not data["name"]:
            return "data.name is missing"
        if data.get("type", 1) != 1 and not _is_int(data.get("type")):
            return "data.type is not a number"
        if data.get("resolved") is not None and not isinstance(data["resolved"], Mapping):
            return "data.resolved is not an object"
        return _options_problem(data.get("options"))
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not 0 < len(custom_id) <= CUSTOM_ID_MAX:
        return "data.custom_id is missing"
    if kind == COMPONENT:
        if not _is_int(data.get("component_type")):
            return "data.component_type is not a number"
        values = data.get("values")
        if values is not None and not (
            isinstance(values, list) and all(isinstance(v, str) for v in values)
        ):
            return "data.values is not a list of strings"
        if not isinstance(payload.get("message"), Mapping):
            return "message is missing on a component interaction"
        return None
    components = data.get("components")
    if not isinstance(components, list) or not all(isinstance(c, Mapping) for c in components):
        return "data.components is not a list"
    return None


def interaction_problem(payload: Any) -> str | None:
    """Why discord.py could not serve this INTERACTION_CREATE payload, or None if it can."""
    if not isinstance(payload, Mapping):
        return "payload is not an object"
    if not is_snowflake(payload.get("id")):
        return "id is not a snowflake"
    if not is_snowflake(payload.get("application_id")):
        return "application_id is not a snowflake"
    token = payload.get("token")
    if not isinstance(token, str) or not token:
        return "token is missing"
    kind = payload.get("type")
    if not _is_int(kind) or kind not in (PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT):
        return "type is not an interaction type"
    if not _is_int(payload.get("version")):
        return "version is not a number"
    if not _is_int(payload.get("attachment_size_limit")):
        return "attachment_size_limit is not a number"
    for key in ("guild_id", "channel_id"):
        if payload.get(key) is not None and not is_snowflake(payload[key]):
            return f"{key} is not a snowflake"
    if payload.get("channel_id") is None and kind != PING:
        return "channel_id is missing"
    channel = payload.get("channel")
    if channel is not None and not (
        isinstance(channel, Mapping)
        and is_snowflake(channel.get("id"))
        and _is_int(channel.get("type"))
    ):
        return "channel is not a channel object"
    guild = payload.get("guild")
    if guild is not None and not (isinstance(guild, Mapping) and is_snowflake(guild.get("id"))):
        return "guild is not a guild object"
    for key in ("locale", "guild_locale"):
        if payload.get(key) is not None and not isinstance(payload[key], str):
            return f"{key} is not a string"
    if payload.get("app_permissions") is not None and not str(payload["app_permissions"]).isdigit():
        return "app_permissions is not a number string"
    owners = payload.get("authorizing_integration_owners")
    if owners is not None and not (
        isinstance(owners, Mapping)
        and all(str(k).isdigit() and str(v).isdigit() for k, v in owners.items())
    ):
        return "authorizing_integration_owners is not a map of ids"
    if payload.get("context") is not None and not _is_int(payload["context"]):
        return "context is not a number"
    for key in ("entitlements", "entitlement_sku_ids"):
        if payload.get(key) is not None and not isinstance(payload[key], list):
            return f"{key} is not a list"
    if kind != PING and (problem := _who_problem(payload)):
        return problem
    return _data_problem(kind, payload.get("data"), payload)
