"""``canasta-bot demo`` works without a token and shows a whole game in the chosen language."""

from __future__ import annotations

import asyncio
import os

from tests.e2e.harness import BOT_COMMAND


async def test_demo_in_danish_shows_the_winner() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.pop("DATABASE_URL", None)
    proc = await asyncio.create_subprocess_exec(
        BOT_COMMAND,
        "demo",
        "--lang",
        "da",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
    text = out.decode()
    assert proc.returncode == 0, text + err.decode()
    assert "/spil start" in text
    assert "== Runde 2 er fortrudt ==" in text
    assert "120 point" in text  # the rules answer, computed for 3135 points
    assert "vandt spillet med 6235 point!" in text
    assert "Traceback" not in text + err.decode()
