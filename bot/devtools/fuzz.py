"""A seeded fuzzer that plays many users at once against a bot connected to the fake Discord.

Why: the bot must answer every interaction Discord can deliver, and survive the ones it cannot,
whatever the options hold. ``InteractionFuzzer`` reads the commands the bot synced and sends,
from one ``random.Random(seed)``, slash commands with option values drawn from good, odd and
hostile pools (lines that score, garbage, 6,000-character strings, integers past 2**53, values
outside the choices, the wrong type), autocompletes, presses on whatever buttons the bot has sent,
form submits (real forms and made-up ids), and malformed INTERACTION_CREATE envelopes. Every
deliverable interaction is then waited for; ``FuzzReport`` counts what was answered.

Used by the end-to-end suite (a few hundred, ``tests/e2e/test_resilience.py``) and by
``benchmarks/fuzz_interactions.py`` (10,000).
"""

from __future__ import annotations

import asyncio
import copy
import random
from dataclasses import dataclass, field
from typing import Any

from .fake_discord import FakeChannel, FakeDiscord, FakeUser, InteractionHandle
from .fake_discord.interaction_payloads import OptionBuilder, Where, base_payload, command_data
from .fake_discord.interactions import walk_components

LINES = [
    "420 1n 1m 2r out 70h",
    "2400 2n 1m 2r out",
    "300 1r 85h",
    "-",
    "100",
    "900 1n 1r out",
    "150 1r 40h",
    "500 1n ud",
    "120 1r 30h",
    "meld:joker,A,A,K 1n",
    "hand:K,7,7",
    "1w2 1wj 1w 2600 1n 2r 3b out 1bh 1rh",
]
STRINGS = [
    "",
    " ",
    "Us",
    "Them: <@1>",
    "<@&5>",
    "@everyone",
    "target=3000 fixed_minimum=120",
    "target=abc",
    "cards_dealt=99999999999999999999",
    "how many points for a joker?",
    "we have 1600, what do we need?",
    "topic:red_threes",
    "topic:nonexistent",
    "joker A A K 7 7 2",
    "3♥ banana",
    "9" * 60,
    "x" * 6000,
    "ü𝔘\u200b\x00%s{0}{}{{",
    "'; DROP TABLE games; --",
    "\n\n\n",
]
INTEGERS = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    -1,
    -5,
    100,
    5000,
    2**31 - 1,
    2**31,
    2**53,
    2**53 + 1,
    2**63,
    10**30,
]
LOCALES = ["en-US", "en-GB", "no", "da", "fi", "de", "sv-SE"]
STRUCTURAL_KEYS = [
    "id",
    "token",
    "type",
    "data",
    "application_id",
    "channel_id",
    "guild_id",
    "member",
    "version",
    "attachment_size_limit",
]
WRONG_VALUES: list[Any] = [None, "", "abc", -1, 0, 1.5, [], {}, True, "9" * 30, {"id": None}]


@dataclass
class FuzzReport:
    """What happened to the interactions sent: the figures the issue asks for."""

    sent: int = 0
    malformed: int = 0
    acknowledged: int = 0
    unanswered: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items()))
        return (
            f"deliverable {self.sent}: acknowledged {self.acknowledged}, "
            f"unanswered {len(self.unanswered)}; malformed envelopes {self.malformed} ({kinds})"
        )


class InteractionFuzzer:
    """Sends seeded random interactions at ``fake``, ``concurrency`` at a time."""

    def __init__(
        self,
        fake: FakeDiscord,
        seed: int,
        channels: list[FakeChannel],
        users: list[FakeUser],
        *,
        ack_wait: float = 10.0,
    ) -> None:
        self.fake = fake
        self.rng = random.Random(seed)
        self.channels = channels
        self.users = users
        self.ack_wait = ack_wait
        self.report = FuzzReport()
        guild_id = fake.guild.id
        self.commands = [*fake.commands(guild_id), *fake.commands(None)]
        self.forms: list[InteractionHandle] = []

    # ----- values ------------------------------------------------------------------------------
    def _value(self, option: dict[str, Any], builder: OptionBuilder) -> Any:
        rng = self.rng
        kind = option["type"]
        choices = option.get("choices") or []
        if choices and rng.random() < 0.8:
            return rng.choice(choices)["value"]
        if rng.random() < 0.04:  # the wrong type: an older or newer shape of the command
            return rng.choice([True, "12", 7, 2.5, None])
        if kind == 3:
            pool = LINES if option["name"].startswith(("side", "line")) else STRINGS
            return rng.choice(pool if rng.random() < 0.7 else LINES + STRINGS)
        if kind == 4:
            return rng.choice(INTEGERS) if rng.random() < 0.6 else rng.randint(-(10**6), 10**6)
        if kind == 10:
            return rng.choice([0.5, -1.0, 1e300, float(2**60), 3])
        if kind == 5:
            return rng.random() < 0.5
        if kind in (6, 9):
            return builder._resolve_user(rng.choice(self.users))
        if kind == 7:
            return builder._resolve_channel(rng.choice(self.channels))
        if kind == 8:
            if builder.where.guild is None:
                return str(rng.randint(1, 2**63))  # a role from nowhere, as in a direct message
            return builder._resolve_role(self.fake.guild.id)
        return rng.choice(STRINGS)

    def _options(
        self, definitions: list[dict[str, Any]], builder: OptionBuilder, focused: str | None
    ) -> list[dict[str, Any]]:
        options = []
        for definition in definitions:
            wanted = definition.get("required") or self.rng.random() < 0.4
            if definition["name"] == focused or (wanted and self.rng.random() < 0.97):
                option = {
                    "name": definition["name"],
                    "type": definition["type"],
                    "value": self._value(definition, builder),
                }
                if definition["name"] == focused:
                    option["value"] = self.rng.choice(STRINGS + LINES)[:100]
                    option["focused"] = True
                options.append(option)
        return options

    # ----- interactions ------------------------------------------------------------------------
    def _where(self) -> Where:
        user = self.rng.choice(self.users)
        if self.rng.random() < 0.05:
            return self.fake._where(user, None, None, self.rng.choice(LOCALES))
        channel = self.rng.choice(self.channels)
        return self.fake._where(user, self.fake.guild, channel, self.rng.choice(LOCALES))

    def _pick_command(self, autocomplete: bool) -> tuple[dict[str, Any], list[str], list[Any]]:
        """A command, the sub-command path and its option definitions (with an autocompleted
        option when ``autocomplete``; a few tries, then whatever came last)."""
        rng = self.rng
        for _ in range(20):
            command = rng.choice(self.commands)
            path: list[str] = []
            definitions = command.get("options") or []
            while definitions and definitions[0].get("type") in (1, 2):
                sub = rng.choice(definitions)
                path.append(sub["name"])
                definitions = sub.get("options") or []
            if not autocomplete or any(d.get("autocomplete") for d in definitions):
                break
        return command, path, definitions

    def _command_payload(self, autocomplete: bool) -> dict[str, Any] | None:
        rng = self.rng
        command, path, definitions = self._pick_command(autocomplete)
        focusable = [d["name"] for d in definitions if d.get("autocomplete")]
        if autocomplete and not focusable:
            return None
        focused = rng.choice(focusable) if autocomplete else None
        where = self._where()
        builder = OptionBuilder(where, self.fake.state.users, self.fake.state.attachments)
        payload = base_payload(self.fake.application.id, 4 if autocomplete else 2, where)
        options = self._options(definitions, builder, focused)
        payload["data"] = command_data(command, path, options, builder, focused)
        if builder.resolved:
            payload["data"]["resolved"] = builder.resolved
        payload["_where"] = where
        return payload

    async def _send(self, payload: dict[str, Any]) -> InteractionHandle:
        where = payload.pop("_where")
        return await self.fake._send_interaction(payload, where)

    def _malformed(self) -> dict[str, Any] | None:
        payload = self._command_payload(autocomplete=False)
        if payload is None:
            return None
        payload.pop("_where")
        payload = copy.deepcopy(payload)
        key = self.rng.choice(STRUCTURAL_KEYS)
        if self.rng.random() < 0.5 or key not in payload:
            payload.pop(key, None)
        else:
            wrong = self.rng.choice(WRONG_VALUES)
            payload[key] = wrong if wrong != payload[key] else None
        return payload

    async def one(self) -> None:
        """Send one random interaction and wait for the bot's acknowledgement."""
        roll = self.rng.random()
        handle: InteractionHandle | None = None
        kind = "slash"
        if roll < 0.06:
            payload = self._malformed()
            if payload is not None:
                self.report.malformed += 1
                self.report.kinds["malformed"] = self.report.kinds.get("malformed", 0) + 1
                await self.fake.dispatch("INTERACTION_CREATE", payload, self.fake.guild.id)
            return
        if roll < 0.16:
            kind = "autocomplete"
            payload = self._command_payload(autocomplete=True)
            handle = await self._send(payload) if payload else None
        elif roll < 0.30:
            kind = "click"
            handle = await self._click()
        elif roll < 0.38:
            kind = "form"
            handle = await self._submit()
        elif roll < 0.58:
            kind = "play"
            handle = await self._play()
        else:
            payload = self._command_payload(autocomplete=False)
            handle = await self._send(payload) if payload else None
        if handle is None:
            return
        self.report.sent += 1
        self.report.kinds[kind] = self.report.kinds.get(kind, 0) + 1
        try:
            callback = await handle.acknowledged(timeout=self.ack_wait)
        except TimeoutError:
            data = handle.payload.get("data") or {}
            self.report.unanswered.append(
                f"{kind} {data.get('name') or data.get('custom_id')} {data.get('options')}"[:300]
            )
            return
        self.report.acknowledged += 1
        if callback.type == 9 and len(self.forms) < 50:
            self.forms.append(handle)

    async def _play(self) -> InteractionHandle:
        """A well-formed step of a game, so the fuzz also reaches deep into running games."""
        rng = self.rng
        channel = rng.choice(self.channels)
        user = rng.choice(self.users)
        step = rng.choice(["start", "add", "add", "add", "side", "form", "sheet", "end", "undo"])
        names = {"start": "game start", "add": "round add", "side": "round side"}
        options: dict[str, Any] = {}
        if step == "start":
            players = [f"<@{u.id}>" for u in rng.sample(self.users, 4)]
            options = {"side1": f"Us: {players[0]} {players[1]}", "side2": f"Them: {players[2]}"}
            options["side2"] += f" {players[3]}"
            if rng.random() < 0.5:
                options = {}
        elif step == "add":
            options = {"side1": rng.choice(LINES), "side2": rng.choice(LINES)}
        elif step == "side":
            options = {"side": rng.choice([1, 2]), "line": rng.choice(LINES)}
        command = (
            names.get(step)
            or {
                "form": "round form",
                "sheet": "game sheet",
                "end": "game end",
                "undo": "round undo",
            }[step]
        )
        return await self.fake.slash(
            command, options, user=user, channel=channel, locale=rng.choice(LOCALES)
        )

    async def _click(self) -> InteractionHandle | None:
        messages = [
            m
            for m in list(self.fake.state.messages.values())[-200:]
            if m.get("components") and not m.get("_deleted")
        ]
        if not messages:
            return None
        message = self.rng.choice(messages)
        ids = [c["custom_id"] for c in walk_components(message["components"]) if "custom_id" in c]
        if not ids:
            return None
        return await self.fake.click(
            message,
            self.rng.choice(ids),
            user=self.rng.choice(self.users),
            locale=self.rng.choice(LOCALES),
        )

    async def _submit(self) -> InteractionHandle:
        rng = self.rng
        values = {f"side{i}": rng.choice(LINES + STRINGS[:12])[:200] for i in (1, 2, 3)}
        if self.forms and rng.random() < 0.7:
            source = rng.choice(self.forms)
            modal = source.record.callback.data if source.record.callback else {}
            inputs = {
                c.get("custom_id")
                for row in (modal or {}).get("components", [])
                for c in row.get("components", [row])
            }
            return await self.fake.submit_modal(
                source, {k: v for k, v in values.items() if k in inputs}
            )
        custom_id = rng.choice(
            [
                f"roundform:{rng.randint(1, 50)}:{rng.randint(1, 9)}:ab12",
                "roundform:1",
                "roundform:99999999999999999999:1:zz",
                "settings_modal",
                "x" * 100,
            ]
        )
        channel = rng.choice(self.channels)
        return await self.fake.submit_modal(
            custom_id, values, user=rng.choice(self.users), channel=channel
        )

    async def run(self, count: int, concurrency: int = 8) -> FuzzReport:
        """``count`` interactions, ``concurrency`` in flight; returns the report."""
        remaining = count

        async def worker() -> None:
            nonlocal remaining
            while remaining > 0:
                remaining -= 1
                await self.one()

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return self.report
