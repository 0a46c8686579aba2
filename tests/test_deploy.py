"""The deployment files hold what deploy/README.md promises (no container engine or systemd runs
here, so the files are read, not run): restart policies, the PostgreSQL healthcheck the bot waits
for, one process by default and two shards as an opt-in profile, a systemd unit that reads the
token from a file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.config import settings_variables

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _scalar(text: str) -> Any:
    text = text.strip()
    if text.startswith("[") or text.startswith('"'):
        return json.loads(text)
    return {} if text == "{}" else text


def read_compose_yaml(text: str) -> dict[str, Any]:
    """Block-style YAML as compose.yaml is written (mappings, "- item" lists, JSON-style flow
    lists and quoted strings); PyYAML is not a dependency, and this is all the file uses."""
    root: dict[str, Any] = {}
    stack: list[tuple[int, Any]] = [(-1, root)]
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    for number, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        body = line.strip()
        if body.startswith("- "):
            parent.append(_scalar(body[2:]))
            continue
        key, _, value = body.partition(":")
        if value.strip():
            parent[key] = _scalar(value)
            continue
        following = lines[number + 1] if number + 1 < len(lines) else ""
        child: Any = [] if following.strip().startswith("- ") else {}
        parent[key] = child
        stack.append((indent, child))
    return root


def read_unit(text: str) -> dict[str, list[tuple[str, str]]]:
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
        else:
            key, _, value = line.partition("=")
            current.append((key, value))
    return sections


def test_compose_restarts_waits_for_a_healthy_database_and_offers_two_shards() -> None:
    compose = read_compose_yaml((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    db = services["db"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    bots = {name: s for name, s in services.items() if name != "db"}
    for name, service in {"db": db, **bots}.items():
        assert service["restart"] == "unless-stopped", name
    for name, service in bots.items():
        assert service["depends_on"]["db"]["condition"] == "service_healthy", name
        assert service["environment"]["DATABASE_URL"].startswith("postgresql://"), name
        assert service["environment"]["DISCORD_TOKEN_FILE"].startswith("/run/secrets/"), name
    default = [name for name, s in bots.items() if "profiles" not in s]
    assert default == ["bot"], "one process unless a profile is asked for"
    sharded = bots["bot-shard-1"]
    assert sharded["profiles"] == ["sharded"]
    assert (
        sharded["environment"]["CANASTA_SHARD_COUNT"],
        sharded["environment"]["CANASTA_SHARD_IDS"],
    ) == ("2", "1")
    assert compose["secrets"]["discord_token"]["file"] == "discord_token"


def test_the_systemd_unit_runs_as_its_user_with_the_token_in_a_file() -> None:
    unit = read_unit((DEPLOY / "canasta-bot.service").read_text(encoding="utf-8"))
    service = dict(unit["Service"])
    environment = [value for key, value in unit["Service"] if key == "Environment"]
    assert service["User"] == "canasta"
    assert service["EnvironmentFile"].startswith("/etc/")
    assert service["WorkingDirectory"] == "/var/lib/canasta-bot"
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == "2"
    assert service["ExecStart"].endswith("canasta-bot run")
    assert any(value.startswith("DISCORD_TOKEN_FILE=") for value in environment)
    assert unit["Install"] == [("WantedBy", "multi-user.target")]


def test_the_example_settings_name_only_real_variables() -> None:
    text = (DEPLOY / "canasta.env.example").read_text(encoding="utf-8")
    named = set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]+)=", text, flags=re.MULTILINE))
    assert named
    assert named <= set(settings_variables())
