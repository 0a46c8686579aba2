"""Stored application commands, global and per guild, with Discord's id/version fields."""

from __future__ import annotations

import copy

from .payloads import JSON
from .snowflakes import new_snowflake


class CommandStore:
    """Commands the bot registered, as Discord returns them (ids, versions, defaults)."""

    def __init__(self, application_id: int) -> None:
        self.application_id = application_id
        self.global_commands: dict[int, JSON] = {}
        self.guild_commands: dict[int, dict[int, JSON]] = {}

    def scope(self, guild_id: int | None) -> dict[int, JSON]:
        """Commands of one scope (``None`` = global)."""
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(guild_id, {})

    def _stored(self, body: JSON, guild_id: int | None, command_id: int | None) -> JSON:
        stored = copy.deepcopy(body)
        stored.setdefault("type", 1)
        stored["id"] = str(command_id or new_snowflake())
        stored["application_id"] = str(self.application_id)
        stored["version"] = str(new_snowflake())
        stored.setdefault("description", "" if stored["type"] != 1 else stored.get("description"))
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        stored.setdefault("name_localizations", None)
        stored.setdefault("description_localizations", None)
        if guild_id is None:
            stored.setdefault("dm_permission", True)
            stored.setdefault("contexts", [0, 1, 2])
            stored.setdefault("integration_types", [0])
        else:
            stored["guild_id"] = str(guild_id)
            stored.pop("dm_permission", None)
            stored.setdefault("contexts", None)
            stored.setdefault("integration_types", [0])
        if stored["type"] == 1:
            stored.setdefault("options", [])
        return stored

    def _find_id(self, scope: dict[int, JSON], body: JSON) -> int | None:
        for command_id, existing in scope.items():
            if existing.get("type", 1) == body.get("type", 1) and existing["name"] == body["name"]:
                return command_id
        return None

    def overwrite(self, guild_id: int | None, bodies: list[JSON]) -> list[JSON]:
        """Bulk overwrite: keeps ids of commands whose (type, name) already existed."""
        scope = self.scope(guild_id)
        new: dict[int, JSON] = {}
        for body in bodies:
            command_id = self._find_id(scope, body) or new_snowflake()
            new[command_id] = self._stored(body, guild_id, command_id)
        scope.clear()
        scope.update(new)
        return list(new.values())

    def upsert(self, guild_id: int | None, body: JSON) -> tuple[JSON, bool]:
        """Create or replace one command by (type, name); True when it was created."""
        scope = self.scope(guild_id)
        existing_id = self._find_id(scope, body)
        command_id = existing_id or new_snowflake()
        scope[command_id] = self._stored(body, guild_id, command_id)
        return scope[command_id], existing_id is None

    def find(self, name: str, guild_id: int | None, command_type: int = 1) -> JSON | None:
        """Command a user in ``guild_id`` would see under ``name`` (guild first, then global)."""
        scopes = [self.guild_commands.get(guild_id, {})] if guild_id is not None else []
        scopes.append(self.global_commands)
        for scope in scopes:
            for command in scope.values():
                if command["name"] == name and command.get("type", 1) == command_type:
                    return command
        return None

    def all(self) -> list[JSON]:
        """Every stored command, global ones first."""
        commands = list(self.global_commands.values())
        for scope in self.guild_commands.values():
            commands.extend(scope.values())
        return commands
