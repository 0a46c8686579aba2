"""Run a standalone fake Discord: ``python -m bot.devtools.fake_discord [--port N]``.

Prints the REST base, gateway URL and token to export for a bot started by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from .server import FakeDiscord


async def _serve(port: int, token: str, ack_timeout: float) -> None:
    async with FakeDiscord(token, port=port, ack_timeout=ack_timeout) as fake:
        for key, value in fake.env().items():
            print(f"export {key}={value}", flush=True)
        print(
            f"# guild {fake.guild.name} ({fake.guild.id}), channel #{fake.channel.name}", flush=True
        )
        print("# Ctrl+C to stop", flush=True)
        await asyncio.Event().wait()


def main() -> None:
    """Parse arguments and serve until interrupted."""
    parser = argparse.ArgumentParser(description="Loopback fake of the Discord API and gateway.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = any free)")
    parser.add_argument("--token", default="fake-bot-token", help="bot token the fake accepts")
    parser.add_argument("--ack-timeout", type=float, default=3.0, help="seconds to acknowledge")
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args.port, args.token, args.ack_timeout))


if __name__ == "__main__":
    main()
