"""``canasta-bot demo`` works without a token, shows a whole game in the chosen language and,
with ``--out``, draws it as a Discord channel from the messages the fake stored."""

from __future__ import annotations

import asyncio
import html
import os
import re
from pathlib import Path

from tests.e2e.harness import BOT_COMMAND


async def test_demo_in_danish_shows_the_winner_and_writes_the_transcript(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.pop("DATABASE_URL", None)
    out_dir = tmp_path / "demo"
    proc = await asyncio.create_subprocess_exec(
        BOT_COMMAND,
        "demo",
        "--lang",
        "da",
        "--out",
        str(out_dir),
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
    text = out.decode()
    assert proc.returncode == 0, text + err.decode()
    assert "/spil start" in text
    assert "== Runde 2 er fortrudt ==" in text
    assert "90 point" in text  # the rules answer, computed for 2590 points
    assert "vandt spillet med 4890 point!" in text
    assert "Traceback" not in text + err.decode()

    page = (out_dir / "transcript.html").read_text(encoding="utf-8")
    titles = re.findall(r"^  == (.+) ==$", text, re.M)
    assert len(titles) >= 10
    for title in titles:  # every embed title the players saw
        assert html.escape(title, quote=False) in page, title
    for label in re.findall(r"\[ ([^\]]+) \]", text):  # every button
        assert f">{html.escape(label, quote=False)}</span>" in page, label
    assert "Kun du kan se dette" in page  # a private reply, marked as Discord marks it
    assert 'class="popup"' in page  # the autocomplete list
    assert "border-left-color:#" in page
    assert (out_dir / "sheet.png").read_bytes().startswith(b"\x89PNG")
    assert 'src="sheet.png"' in page
