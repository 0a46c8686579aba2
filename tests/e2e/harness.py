"""Running the real bot process (``canasta-bot run``) against the loopback fake Discord.

The bot under test is exactly what users run: a separate process started by the console script,
configured only through the environment (``DISCORD_API_BASE``, ``DISCORD_GATEWAY_URL``,
``DISCORD_TOKEN``, a temporary data directory). Commands reach the fake through
``canasta-bot sync``, as an operator would push them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.devtools.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, SentMessage
from bot.devtools.fake_discord.server import default_guild

BOT_COMMAND = shutil.which("canasta-bot") or str(Path(sys.executable).with_name("canasta-bot"))


class BotProcess:
    """One ``canasta-bot run`` child process; its log is kept for failure reports."""

    def __init__(self, fake: FakeDiscord, data_dir: Path, extra_env: dict[str, str]) -> None:
        self.fake = fake
        self.data_dir = data_dir
        self.log_path = data_dir / "bot.log"
        self.env = {
            **os.environ,
            **fake.env(),
            "CANASTA_DATA_DIR": str(data_dir),
            "CANASTA_LOG_LEVEL": "INFO",
            **extra_env,
        }
        self.env.pop("DATABASE_URL", None) if "DATABASE_URL" not in extra_env else None
        self.process: asyncio.subprocess.Process | None = None

    async def run_cli(self, *args: str) -> tuple[int, str, str]:
        proc = await asyncio.create_subprocess_exec(
            BOT_COMMAND,
            *args,
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), timeout=60)
        return proc.returncode or 0, out.decode(), err.decode()

    async def sync(self) -> None:
        code, out, err = await self.run_cli("sync", "--guild", str(self.fake.guild.id))
        assert code == 0, f"sync failed: {out}{err}"

    async def start(self) -> None:
        identifies = self.fake.identify_count
        log = self.log_path.open("ab")
        self.process = await asyncio.create_subprocess_exec(
            BOT_COMMAND, "run", env=self.env, stdout=log, stderr=log
        )
        log.close()
        await self.fake.wait_for(
            lambda: self.fake.identify_count > identifies and self.fake.is_ready, timeout=60
        )

    async def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(sig)
        try:
            await asyncio.wait_for(self.process.wait(), timeout=20)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def mention(fake: FakeDiscord, name: str) -> str:
    """How a player is named in a command option: ``<@id>`` of the fake's user ``name``."""
    return f"<@{fake.user(name).id}>"


def guild_with_members(*names: str) -> FakeGuild:
    """The fake's default server with more members beside its own (alice, bob, ...)."""
    guild = default_guild()
    for name in names:
        guild.add_member(FakeUser(username=name, global_name=name.title()))
    return guild


@asynccontextmanager
async def running_bot(
    fake: FakeDiscord, data_dir: Path, env: dict[str, str] | None = None
) -> AsyncIterator[BotProcess]:
    """A synced, started bot for a module's tests; afterwards its log must hold no traceback,
    no unretrieved task exception and never the token."""
    process = BotProcess(fake, data_dir, env or {})
    await asyncio.gather(process.sync(), process.start())  # sync is HTTP only: no wait for it
    try:
        yield process
    finally:
        await process.stop()
    log = process.log()
    assert "Traceback" not in log, log
    assert "Task exception was never retrieved" not in log, log
    assert fake.token not in log, "the token must never be logged"


async def wait_until(probe: Any, timeout: float = 10.0) -> Any:  # noqa: ASYNC109
    """Poll ``probe`` (a function, sync or async) until it returns something truthy: for what
    the fake cannot announce, such as a line in the bot's log or a row in its database."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        value = probe()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("condition not met")
        await asyncio.sleep(0.05)


async def run(
    fake: FakeDiscord,
    command: str,
    options: dict[str, Any] | list[dict[str, Any]] | None = None,
    *,
    channel: FakeChannel | None = None,
    user: str = "alice",
    locale: str = "en-US",
) -> SentMessage:
    """Send a slash command as ``user`` and return the answer the player first sees."""
    handle = await fake.slash(
        command, options or {}, user=fake.user(user), channel=channel, locale=locale
    )
    return await handle.response()


def text_of(message: SentMessage) -> str:
    """Everything a player reads in a message: content, titles, descriptions, fields, footers."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        for field in embed.get("fields", []):
            parts += [field["name"], field["value"]]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)
