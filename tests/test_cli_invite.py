"""`canasta-bot invite`: the link an admin opens to add the bot, and nothing secret printed.

In-process for speed; tests/e2e/test_readme_quickstart.py runs the installed command.
"""

from __future__ import annotations

import base64
from urllib.parse import parse_qs, urlsplit

import pytest

from bot import cli
from bot.discord_app.client import intents

APP_ID = 1234567890123456789
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.s3cr3t-part-xyz"


def _invite(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, token: str
) -> tuple[int, str, str]:
    monkeypatch.delenv("DISCORD_TOKEN_FILE", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    code = cli.main(["invite", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_invite_reads_the_application_id_from_the_token_and_never_prints_the_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _invite(monkeypatch, capsys, token=TOKEN)
    assert code == 0, err
    url = next(line for line in out.splitlines() if line.startswith("https://"))
    query = parse_qs(urlsplit(url).query)
    assert query["client_id"] == [str(APP_ID)]
    assert query["scope"] == ["bot applications.commands"]
    # View Channel 1024 + Send Messages 2048 + Embed Links 16384 + Attach Files 32768.
    assert query["permissions"] == ["52224"]
    assert "privileged intents" in out
    assert "s3cr3t" not in out + err
    assert TOKEN.split(".")[0] not in out


def test_invite_with_a_client_id_and_without_any_id(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _invite(monkeypatch, capsys, "--client-id", "42", token="")
    assert (code, "client_id=42&" in out) == (0, True)
    code, out, err = _invite(monkeypatch, capsys, token="")
    assert (code, out) == (2, "")
    assert "--client-id" in err
    code, out, err = _invite(monkeypatch, capsys, token="not-base64-of-an-id.x.y")
    assert (code, out) == (2, "")
    assert "does not start with an application id" in err


def test_the_bot_asks_for_no_privileged_intent() -> None:
    chosen = intents()
    assert (chosen.members, chosen.presences, chosen.message_content) == (False, False, False)
