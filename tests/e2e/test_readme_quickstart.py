"""The README's quick start, line by line, reaches a bot that answers ``/game start``.

The install is what CI already did; the quick start's shell block is read from the README and
each line is run as written, against the loopback fake Discord: the token line gets a token the
fake accepts (whose first part is the application id, as real tokens), ``ID`` the fake
server's id. A line this test does not know fails it, so the README cannot drift from it.
"""

from __future__ import annotations

import base64
import re
import shlex
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from bot.devtools.fake_discord import FakeApplication, FakeDiscord
from tests.e2e.harness import BotProcess

README = Path(__file__).resolve().parents[2] / "README.md"


def quick_start_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the quick start has a shell block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


async def test_the_readme_quick_start_reaches_a_bot_that_answers(tmp_path: Path) -> None:
    lines = quick_start_lines()
    assert [shlex.split(line)[0] for line in lines] == ["export", *[".venv/bin/canasta-bot"] * 3]
    application = FakeApplication()
    token = base64.b64encode(str(application.id).encode()).decode().rstrip("=") + ".Gq.fake"
    async with FakeDiscord(token=token, application=application, wait_timeout=20) as fake:
        process = BotProcess(fake, tmp_path, {})
        process.env = {k: v for k, v in process.env.items() if k != "DISCORD_TOKEN"}
        ran: list[str] = []
        try:
            for line in lines:
                words = shlex.split(line)
                if words[0] == "export":
                    name, _, _value = words[1].partition("=")
                    assert name == "DISCORD_TOKEN"
                    process.env[name] = token
                    continue
                args = [fake.guild.id if w == "ID" else w for w in words[1:]]
                args = [str(a) for a in args]
                ran.append(args[0])
                if args == ["run"]:
                    await process.start()
                    continue
                code, out, err = await process.run_cli(*args)
                assert code == 0, out + err
                assert token not in out + err
                if args[0] == "invite":
                    url = next(w for w in out.split() if w.startswith("https://"))
                    assert parse_qs(urlsplit(url).query)["client_id"] == [str(application.id)]
            assert ran == ["invite", "sync", "run"]
            handle = await fake.slash("game start", {})
            answer = await handle.response()
            assert not answer.ephemeral
            assert answer.embeds[0]["title"].startswith("New game")
        finally:
            await process.stop()
        assert "Traceback" not in process.log()
        assert token not in process.log()
