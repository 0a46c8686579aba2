"""``canasta-bot demo``: the real bot against the built-in loopback Discord, no token needed.

Why: someone who just installed the package should see what the bot does in a minute, without
creating a Discord application. This starts a ``FakeDiscord`` in-process, runs the unmodified
bot as a child process (``python -m bot.cli run``, exactly as in production, pointed at the fake
through ``DISCORD_API_BASE``/``DISCORD_GATEWAY_URL``) with a temporary database, syncs the
commands, plays a short scripted game (start, autocomplete, rounds, a mistake undone with a word
of why, side-by-side entry, a rules question with a computed figure, the end confirmed with a
button, the score sheet with its chart, the leaderboard) and prints what the players would see,
in the chosen language. With ``--out DIR`` it also writes the chart and ``transcript.html``
(plus one page per step), drawn from the messages the fake stored, not written by hand.

Every round is one that can happen: the meld and hand points of both sides fit in the 1,180
card points of two decks and four jokers (``tests/devtools/test_demo_rounds.py`` checks it).
"""

from __future__ import annotations

import asyncio
import copy
import os
import re
import signal
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.devtools.fake_discord import FakeDiscord, FakeGuild, FakeUser, SentMessage
from bot.devtools.fake_discord.models import MANAGE_GUILD
from bot.devtools.transcript_html import People, Step, render_page
from bot.i18n import has_message, translate

LOCALES = {"en": "en-US", "no": "no", "da": "da", "fi": "fi"}
PLAYERS = {
    "en": ("Alice", "Bob", "Carol", "Dave"),
    "no": ("Kari", "Ola", "Ingrid", "Per"),
    "da": ("Mette", "Jens", "Sofie", "Lars"),
    "fi": ("Aino", "Eero", "Liisa", "Matti"),
}
TEAMS = {
    "en": ("North", "South"),
    "no": ("Nord", "Sør"),
    "da": ("Nord", "Syd"),
    "fi": ("Pohjoinen", "Etelä"),
}
OPENING_QUESTION = {
    "en": "we have 2590 points, how much do we need to open?",
    "no": "vi har 2590 poeng, hvor mye må vi melde for å åpne?",
    "da": "vi har 2590 point, hvor meget skal vi melde ud med?",
    "fi": "meillä on 2590 pistettä, paljonko avaukseen tarvitaan?",
}
OUT = {"en": "out", "no": "ut", "da": "ud", "fi": "ulos"}
"""Going out, as players type it: the compact line takes every language's word."""

ROUNDS: tuple[tuple[str, str], ...] = (
    ("700 2n 1m 2r {out}", "300 1r 35h"),  # North 2300, South 365
    ("250 1r 60h", "600 1n 1m 1r {out}"),  # North 290, South 1600 (first typed swapped)
    ("800 2n 1m 1r {out}", "250 1r 40h"),  # North 2300, South 310: 4890 to 2275
)
"""The demo's rounds as (North, South) compact lines; ``{out}`` is the language's word."""
TYPO = "2500 1r 40h"
"""South's round 3 line with one zero too many: more than the decks hold, refused privately."""
READY_TIMEOUT = 60.0
_MENTION = re.compile(r"<@!?(\d+)>")
_TIME = re.compile(r"<t:(\d+):[a-zA-Z]>")


def _world(lang: str) -> tuple[FakeGuild, list[FakeUser]]:
    users = [
        FakeUser(username=name.lower(), global_name=name, locale=LOCALES[lang])
        for name in PLAYERS[lang]
    ]
    guild = FakeGuild(name="Canasta Club", preferred_locale=LOCALES[lang], owner_id=users[0].id)
    guild.add_channel("canasta")
    for index, user in enumerate(users):
        guild.add_member(user, permissions=MANAGE_GUILD if index == 0 else 0)
    return guild, users


class Transcript:
    """Prints commands and replies as plain text, mentions shown as @names."""

    def __init__(self, out: TextIO, users: Iterable[FakeUser], lang: str) -> None:
        self.out = out
        self.lang = lang
        self.names = {str(u.id): u.global_name or u.username for u in users}

    def _plain(self, text: str) -> str:
        text = _MENTION.sub(lambda m: "@" + self.names.get(m.group(1), m.group(1)), text)
        text = _TIME.sub("", text)
        return text.replace("**", "").replace("```", "").strip("\n")

    def _command(self, command: str) -> str:
        """The command as the user types it in their language (/runde legg_inn ...)."""
        parts = command.split()
        shown = []
        for depth in range(1, len(parts) + 1):
            key = f"cmd.{'.'.join(parts[:depth])}.name"
            shown.append(translate(self.lang, key) if has_message(key, self.lang) else parts[-1])
        return "/" + " ".join(shown)

    def _option(self, command: str, name: str) -> str:
        key = f"cmd.{command.replace(' ', '.')}.{name}.name"
        return translate(self.lang, key) if has_message(key, self.lang) else name

    def said(self, who: FakeUser, command: str, options: dict[str, Any]) -> None:
        shown = " ".join(
            f"{self._option(command, k)}:{self._plain(str(v))}" for k, v in options.items()
        )
        print(f"\n> {who.global_name}: {self._command(command)} {shown}".rstrip(), file=self.out)

    def clicked(self, who: FakeUser, label: str) -> None:
        print(f"\n> {who.global_name} [{label}]", file=self.out)

    def note(self, who: FakeUser, text: str) -> None:
        print(f"\n> {who.global_name}: {text}", file=self.out)

    def suggestions(self, who: FakeUser, command: str, options: dict[str, Any], names: list[str]):
        shown = " ".join(f"{self._option(command, k)}:{v}" for k, v in options.items())
        typing = translate(self.lang, "ui.demo.typing")
        print(f"\n> {who.global_name} ({typing}): {self._command(command)} {shown}", file=self.out)
        for name in names:
            print(f"    · {name}", file=self.out)

    def message(self, message: SentMessage) -> None:
        lines: list[str] = []
        if message.ephemeral:
            lines.append("(" + translate(self.lang, "ui.demo.only_you") + ")")
        if message.content:
            lines.append(self._plain(message.content))
        for embed in message.embeds:
            if embed.get("title"):
                lines.append(f"== {self._plain(embed['title'])} ==")
            if embed.get("description"):
                lines.append(self._plain(embed["description"]))
            for field in embed.get("fields", []):
                value = self._plain(field["value"]).replace("\n", "\n    ")
                lines.append(f"  {self._plain(field['name'])}:\n    {value}")
            if embed.get("footer", {}).get("text"):
                lines.append(f"  ({self._plain(embed['footer']['text'])})")
            if embed.get("image"):
                lines.append("  [" + translate(self.lang, "ui.demo.chart") + "]")
        buttons = [
            c.get("label", "")
            for row in message.components
            for c in row.get("components", [])
            if c.get("type") == 2
        ]
        if buttons:
            lines.append("  " + "  ".join(f"[ {b} ]" for b in buttons))
        print("\n".join(f"  {line}" for line in "\n".join(lines).splitlines()), file=self.out)


class Demo:
    """One scripted game; ``play`` drives the fake as the four players would.

    Every step is kept (the bot's message as the fake stored it at that moment) so the HTML
    transcript can draw it afterwards.
    """

    def __init__(self, fake: FakeDiscord, users: list[FakeUser], lang: str, out: TextIO) -> None:
        self.fake, self.users, self.lang = fake, users, lang
        self.transcript = Transcript(out, users, lang)
        self.steps: list[Step] = []
        self.files: dict[str, bytes] = {}

    def _keep(self, step: Step, message: SentMessage | None) -> None:
        if message is not None:
            step.message = copy.deepcopy(message.raw)
            for attachment in message.attachments:
                name = attachment["filename"]
                self.files[name] = message.attachment_data(name)
                step.images[name] = name
        self.steps.append(step)

    def _shown_options(self, command: str, options: dict[str, Any]) -> list[tuple[str, str]]:
        return [(self.transcript._option(command, k), str(v)) for k, v in options.items()]

    async def slash(self, who: int, command: str, options: dict[str, Any]) -> SentMessage:
        user = self.users[who]
        self.transcript.said(user, command, options)
        handle = await self.fake.slash(command, options, user=user, locale=LOCALES[self.lang])
        message = await handle.response()
        self.transcript.message(message)
        shown = self.transcript._command(command)
        self._keep(Step(user.id, "slash", shown, self._shown_options(command, options)), message)
        return message

    async def click(self, who: int, message: SentMessage, index: int) -> SentMessage:
        user = self.users[who]
        button = [c for row in message.components for c in row.get("components", [])][index]
        self.transcript.clicked(user, button.get("label", ""))
        handle = await self.fake.click(
            message, button["custom_id"], user=user, locale=LOCALES[self.lang]
        )
        reply = await handle.response()
        self.transcript.message(reply)
        self._keep(Step(user.id, "click", text=button.get("label", "")), reply)
        return reply

    async def typing(self, who: int, command: str, options: dict[str, Any], focused: str) -> None:
        user = self.users[who]
        handle = await self.fake.autocomplete(
            command, options, focused, user=user, locale=LOCALES[self.lang]
        )
        choices = await handle.choices()
        self.transcript.suggestions(user, command, options, [c["name"] for c in choices])
        shown = self.transcript._command(command)
        step = Step(user.id, "autocomplete", shown, self._shown_options(command, options))
        step.choices = choices
        self._keep(step, None)

    def say(self, who: int, key: str) -> None:
        user = self.users[who]
        text = translate(self.lang, key)
        self.transcript.note(user, text)
        self._keep(Step(user.id, "note", text=text), None)

    async def play(self) -> None:
        u = [f"<@{user.id}>" for user in self.users]
        north, south = TEAMS[self.lang]
        out = OUT[self.lang]
        first, second, third = (tuple(line.format(out=out) for line in r) for r in ROUNDS)
        await self.slash(
            0,
            "game start",
            {"side1": f"{north}: {u[0]} {u[2]}", "side2": f"{south}: {u[1]} {u[3]}"},
        )
        await self.typing(0, "round add", {"side1": first[0]}, "side1")
        await self.slash(0, "round add", {"side1": first[0], "side2": first[1]})
        # Round 2 typed the wrong way round, noticed, undone and entered again.
        await self.slash(1, "round add", {"side1": second[1], "side2": second[0]})
        self.say(1, "ui.demo.why_undo")
        await self.slash(1, "round undo", {})
        await self.slash(1, "round add", {"side1": second[0], "side2": second[1]})
        await self.slash(2, "rules", {"question": OPENING_QUESTION[self.lang]})
        # Round 3 entered side by side, each team its own numbers; a slip of the finger first.
        await self.slash(3, "round side", {"line": TYPO})
        await self.slash(3, "round side", {"line": third[1]})
        await self.slash(2, "round side", {"line": third[0]})
        self.say(0, "ui.demo.why_end")
        prompt = await self.slash(0, "game end", {})
        await self.click(0, prompt, 0)
        await self.slash(3, "game sheet", {})
        await self.slash(1, "leaderboard", {})

    def write(
        self,
        directory: Path,
        guild_name: str,
        scenes: Mapping[str, Sequence[int]] | None = None,
    ) -> list[Path]:
        """The chart, ``transcript.html``, ``step-NN.html`` (one step each) and one page per
        scene (``NAME.html``, the steps it lists) in ``directory``."""
        directory.mkdir(parents=True, exist_ok=True)
        names = {user.id: user.global_name or user.username for user in self.users}
        app = self.fake.application
        people = People(
            names,
            app.id,
            "Canasta",
            only_you=translate(self.lang, "ui.demo.only_you").capitalize(),
            dismiss=translate(self.lang, "ui.demo.dismiss"),
            used=translate(self.lang, "ui.demo.used"),
        )
        written = []
        for name, data in self.files.items():
            (directory / name).write_bytes(data)
            written.append(directory / name)
        title = f"{translate(self.lang, 'ui.demo.channel')} · {guild_name}"
        page = directory / "transcript.html"
        page.write_text(render_page(self.steps, people, title, self.lang), encoding="utf-8")
        written.append(page)
        for number, step in enumerate(self.steps, 1):
            single = directory / f"step-{number:02d}.html"
            single.write_text(render_page([step], people, title, self.lang), encoding="utf-8")
            written.append(single)
        for name, indices in (scenes or {}).items():
            scene = directory / f"{name}.html"
            chosen = [self.steps[i] for i in indices]
            scene.write_text(render_page(chosen, people, title, self.lang), encoding="utf-8")
            written.append(scene)
        return written


async def _run(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=READY_TIMEOUT)
    return proc.returncode or 0, out.decode(errors="replace")


async def run_demo(
    lang: str,
    out: TextIO,
    out_dir: Path | None = None,
    scenes: Mapping[str, Sequence[int]] | None = None,
) -> int:
    """Play the demo game; 0 on success, 1 (with the bot's log) if the bot failed.

    With ``out_dir`` the chart and the HTML transcript are written there too.
    """
    guild, users = _world(lang)
    with tempfile.TemporaryDirectory(prefix="canasta-demo-") as tmp:
        log_path = Path(tmp) / "bot.log"
        async with FakeDiscord(guilds=[guild], wait_timeout=30) as fake:
            env = {
                **os.environ,
                **fake.env(),
                "CANASTA_DATA_DIR": tmp,
                "CANASTA_LOG_LEVEL": "WARNING",
            }
            env.pop("DATABASE_URL", None)
            code, output = await _run(["sync", "--guild", str(guild.id)], env)
            if code != 0:
                print(f"canasta-bot demo: sync failed:\n{output}", file=out)
                return 1
            print(translate(lang, "ui.demo.intro"), file=out)
            with log_path.open("ab") as log:
                bot = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot.cli", "run", env=env, stdout=log, stderr=log
                )
            try:
                await fake.wait_until_ready(timeout=READY_TIMEOUT)
                demo = Demo(fake, users, lang, out)
                await demo.play()
                if out_dir is not None:
                    demo.write(out_dir, guild.name, scenes)
                    print(f"\n{out_dir / 'transcript.html'}", file=out)
            except TimeoutError:
                print("canasta-bot demo: the bot did not answer in time; its log:", file=out)
                print(log_path.read_text(errors="replace"), file=out)
                return 1
            finally:
                if bot.returncode is None:
                    bot.send_signal(signal.SIGTERM)
                    try:
                        await asyncio.wait_for(bot.wait(), timeout=20)
                    except TimeoutError:
                        bot.kill()
                        await bot.wait()
    return 0
