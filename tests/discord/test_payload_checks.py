"""The shape checks that keep one malformed gateway payload from stopping the bot, and the option
checks that turn impossible values into refusals (no discord.py needed: plain data)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.discord_app.option_checks import INTEGER, STRING, USER, ParamSpec, check_options
from bot.discord_app.payload_checks import interaction_problem

GOOD: dict[str, Any] = {
    "id": "1577290661911199783",
    "application_id": "1577290555484930051",
    "type": 2,
    "token": "aW50ZXJhY3Rpb24.abc",
    "version": 1,
    "attachment_size_limit": 26214400,
    "guild_id": "1577290555484930050",
    "channel_id": "1577290555484930052",
    "channel": {"id": "1577290555484930052", "type": 0},
    "locale": "en-US",
    "member": {
        "roles": [],
        "permissions": "8",
        "user": {"id": "1577290555484930053", "username": "alice", "discriminator": "0"},
    },
    "data": {
        "id": "1",
        "name": "rules",
        "type": 1,
        "options": [{"name": "q", "type": 3, "value": "x"}],
    },
}


def changed(path: str, value: Any) -> dict[str, Any]:
    payload = copy.deepcopy(GOOD)
    node = payload
    *parents, leaf = path.split(".")
    for part in parents:
        node = node[part]
    if value is None:
        node.pop(leaf)
    else:
        node[leaf] = value
    return payload


def test_a_well_formed_interaction_passes() -> None:
    assert interaction_problem(GOOD) is None
    direct = {k: v for k, v in GOOD.items() if k not in ("guild_id", "member")}
    assert interaction_problem({**direct, "user": GOOD["member"]["user"]}) is None


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("id", None),
        ("id", "12ab"),
        ("id", str(2**64)),
        ("token", None),
        ("token", 5),
        ("type", None),
        ("type", "2"),
        ("type", True),
        ("type", 9),
        ("data", None),
        ("data", []),
        ("data.name", None),
        ("data.options", {"q": 1}),
        ("data.options", [{"type": 3, "value": "x"}]),
        ("application_id", None),
        ("guild_id", "guild"),
        ("channel_id", None),
        ("member", None),
        ("member.user.id", None),
        ("member.roles", "admin"),
        ("version", None),
        ("attachment_size_limit", "big"),
        ("locale", 7),
    ],
)
def test_each_malformed_shape_is_named(path: str, value: Any) -> None:
    assert interaction_problem(changed(path, value))


def test_components_and_forms_need_their_own_fields() -> None:
    press = {**GOOD, "type": 3, "data": {"custom_id": "a", "component_type": 2}}
    assert interaction_problem(press) == "message is missing on a component interaction"
    assert interaction_problem({**press, "message": {"id": "1"}}) is None
    form = {**GOOD, "type": 5, "data": {"custom_id": "roundform:1:1:ab", "components": "x"}}
    assert interaction_problem(form) == "data.components is not a list"
    assert interaction_problem(None) == "payload is not an object"


PARAMS = (
    ParamSpec("meld", INTEGER),
    ParamSpec("game", INTEGER, min_value=1),
    ParamSpec("period", STRING, choices=("all", "month")),
    ParamSpec("player", USER),
)


@pytest.mark.parametrize(
    ("option", "kind"),
    [
        ({"name": "meld", "type": INTEGER, "value": 3_000_000_000}, "range"),
        ({"name": "meld", "type": INTEGER, "value": -(2**31) - 1}, "range"),
        ({"name": "game", "type": INTEGER, "value": 0}, "range"),
        ({"name": "period", "type": STRING, "value": "forever"}, "choice"),
        ({"name": "meld", "type": INTEGER, "value": "12"}, "shape"),
        ({"name": "meld", "type": INTEGER, "value": True}, "shape"),
        ({"name": "meld", "type": STRING, "value": "12"}, "shape"),
        ({"name": "side9", "type": STRING, "value": "x"}, "shape"),
        ({"name": "player", "type": USER, "value": "42"}, "shape"),  # not in resolved
    ],
)
def test_option_values_a_command_cannot_use_are_caught(option: dict[str, Any], kind: str) -> None:
    problem = check_options(PARAMS, [option])
    assert problem is not None
    assert (problem.kind, problem.option) == (kind, option["name"])


def test_usable_option_values_pass() -> None:
    options = [
        {"name": "meld", "type": INTEGER, "value": 2**31 - 1},
        {"name": "game", "type": INTEGER, "value": 1},
        {"name": "period", "type": STRING, "value": "month"},
        {"name": "player", "type": USER, "value": "42"},
    ]
    assert check_options(PARAMS, options, resolved={"users": {"42": {}}}) is None
