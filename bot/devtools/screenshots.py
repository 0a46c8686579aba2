"""``python -m bot.devtools.screenshots --out docs/img``: the README's pictures, regenerated.

Why: screenshots drawn by hand go stale the day a message changes. This plays the demo (the
real bot against the loopback fake Discord), writes its Discord-looking HTML transcript, and
renders chosen scenes to PNG with headless Chromium (Debian's ``chromium`` package:
``apt-get install -y chromium``). Each picture is cropped to its content and stored with a
palette so it stays small.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SCENES: dict[str, tuple[int, ...]] = {
    "01-start": (0, 1),
    "02-round": (2,),
    "03-correction": (3, 4, 5),
    "04-rules": (7,),
    "05-side-by-side": (8, 9, 10),
    "06-end-button": (11, 12, 13),
    "07-sheet": (14,),
    "08-leaderboard": (15,),
}
"""Picture name -> demo steps it shows (0-based, in the order ``Demo.play`` makes them)."""
WIDTH = 900
TALL = 3000
BACKGROUND = (0x31, 0x33, 0x38)
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def render_png(browser: str, page: Path, target: Path) -> None:
    """Screenshot ``page`` in a tall window, then crop the empty channel below the content."""
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="canasta-shot-") as profile:
        raw = Path(profile) / "shot.png"
        subprocess.run(
            [
                browser,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={raw}",
                f"--window-size={WIDTH},{TALL}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        image = Image.open(raw).convert("RGB")
    bottom = _content_bottom(image)
    image = image.crop((0, 0, WIDTH, min(image.height, bottom + 16)))
    buffer = io.BytesIO()
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(buffer, "PNG", optimize=True)
    target.write_bytes(buffer.getvalue())


def _content_bottom(image: object) -> int:
    """The last row that is not plain channel background."""
    import numpy as np

    pixels = np.asarray(image)
    differs = np.abs(pixels.astype(int) - np.array(BACKGROUND)).sum(axis=2) > 12
    rows = np.nonzero(differs.any(axis=1))[0]
    return int(rows[-1]) if len(rows) else pixels.shape[0]


async def _play(lang: str, html_dir: Path) -> int:
    from bot.devtools.demo import run_demo

    log = io.StringIO()
    code = await run_demo(lang, log, html_dir, SCENES)
    (html_dir / "demo.txt").write_text(log.getvalue(), encoding="utf-8")
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img"), help="where the PNGs go")
    parser.add_argument("--lang", choices=("en", "no", "da", "fi"), default="en")
    args = parser.parse_args(argv)
    browser = find_chromium()
    if browser is None:
        print("screenshots: no chromium found (apt-get install -y chromium)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="canasta-pictures-") as tmp:
        html_dir = Path(tmp)
        if asyncio.run(_play(args.lang, html_dir)) != 0:
            print((html_dir / "demo.txt").read_text(encoding="utf-8"), file=sys.stderr)
            return 1
        for name in SCENES:
            target = args.out / f"{name}.png"
            render_png(browser, html_dir / f"{name}.html", target)
            print(f"{target} {target.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
