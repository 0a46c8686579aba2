"""`canasta-bot invite`: the link an admin opens to add the bot, and nothing secret printed."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from bot.discord_app.client import intents

BOT = str(Path(sys.executable).with_name("canasta-bot"))
APP_ID = 1234567890123456789
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.s3cr3t-part-xyz"


def _invite(*args: str, token: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    if token is not None:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [BOT, "invite", *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_invite_reads_the_application_id_from_the_token_and_never_prints_the_token() -> None:
    done = _invite(token=TOKEN)
    assert done.returncode == 0, done.stderr
    url = next(line for line in done.stdout.splitlines() if line.startswith("https://"))
    query = parse_qs(urlsplit(url).query)
    assert query["client_id"] == [str(APP_ID)]
    assert query["scope"] == ["bot applications.commands"]
    # View Channel 1024 + Send Messages 2048 + Embed Links 16384 + Attach Files 32768.
    assert query["permissions"] == ["52224"]
    assert "privileged intents" in done.stdout
    assert "s3cr3t" not in done.stdout + done.stderr
    assert TOKEN.split(".")[0] not in done.stdout.replace(str(APP_ID), "")


def test_invite_with_a_client_id_and_without_any_id() -> None:
    given = _invite("--client-id", "42", token=None)
    assert "client_id=42&" in given.stdout
    missing = _invite(token=None)
    assert missing.returncode == 2
    assert "--client-id" in missing.stderr
    assert "Traceback" not in missing.stderr
    assert missing.stdout == ""


def test_the_bot_asks_for_no_privileged_intent() -> None:
    chosen = intents()
    assert (chosen.members, chosen.presences, chosen.message_content) == (False, False, False)
