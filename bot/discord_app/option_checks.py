"""Checking a command's option values against what the bot can take, before the command runs.

Discord checks types, choices and ranges against the *synced* command, which can be older than
the code (a command changed and not yet synced) and whose integers go up to 2**53. Every
integer option of this bot is a seat, a side, a count, a number of points or a row id, all of
which the database keeps in 32-bit columns; a larger value can mean nothing, and on PostgreSQL
it would fail inside the query instead of being refused. So each option is checked here:
a value of the wrong type or an unknown option means the command's shape changed (answered as
"this command was updated"), an integer out of range or a value outside the choices gets the
ordinary private refusal, and nothing reaches the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


@dataclass(frozen=True)
class ParamSpec:
    """What the code expects of one option (read from discord.py's ``Parameter``)."""

    name: str
    type: int
    min_value: int | float | None = None
    max_value: int | float | None = None
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class OptionProblem:
    """``kind`` is "shape" (the synced command differs from the code), "range" or "choice"."""

    kind: str
    option: str
    low: int | float | None = None
    high: int | float | None = None
    choices: tuple[Any, ...] = ()


def leaf_options(options: Any) -> list[Mapping[str, Any]]:
    """The options of the invoked (sub)command, below any sub-command levels."""
    current = options if isinstance(options, list) else []
    while current and isinstance(current[0], Mapping):
        if current[0].get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            break
        current = current[0].get("options") or []
    return [o for o in current if isinstance(o, Mapping)]


def _type_fits(kind: int, value: Any) -> bool:
    if kind == STRING:
        return isinstance(value, str)
    if kind == INTEGER:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == NUMBER:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == BOOLEAN:
        return isinstance(value, bool)
    return isinstance(value, str | int) and not isinstance(value, bool) and str(value).isdigit()


RESOLVED_IN = {
    USER: ("users",),
    CHANNEL: ("channels",),
    ROLE: ("roles",),
    MENTIONABLE: ("users", "roles"),
    ATTACHMENT: ("attachments",),
}
"""Where Discord puts the object an id option names; an id it did not resolve is not one it
would send (discord.py would hand the command a bare ``Object`` without a name or mention)."""


def _resolved(kind: int, value: Any, resolved: Mapping[str, Any]) -> bool:
    keys = RESOLVED_IN.get(kind)
    if keys is None:
        return True
    return any(
        isinstance(resolved.get(key), Mapping) and str(value) in resolved[key] for key in keys
    )


def check_options(
    params: Sequence[ParamSpec],
    options: Iterable[Mapping[str, Any]],
    focused_ok: bool = False,
    resolved: Mapping[str, Any] | None = None,
) -> OptionProblem | None:
    """The first problem with the given option values, or None when the command can run."""
    known = {p.name: p for p in params}
    for option in options:
        name = str(option.get("name"))
        spec = known.get(name)
        if spec is None or option.get("type") != spec.type:
            return OptionProblem("shape", name)
        value = option.get("value")
        if focused_ok and option.get("focused"):
            continue  # what the user is typing, always a string
        if not _type_fits(spec.type, value) or not _resolved(spec.type, value, resolved or {}):
            return OptionProblem("shape", name)
        if spec.type in (INTEGER, NUMBER):
            low = INT32_MIN if spec.min_value is None else max(spec.min_value, INT32_MIN)
            high = INT32_MAX if spec.max_value is None else min(spec.max_value, INT32_MAX)
            if not low <= value <= high:
                return OptionProblem("range", name, low=low, high=high)
        if spec.choices and value not in spec.choices:
            return OptionProblem("choice", name, choices=spec.choices)
    return None
