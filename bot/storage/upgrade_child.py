"""The child process ``bot.storage.migrate.upgrade_in_child`` starts: migrate, then exit.

Reads ``{"url": ..., "engine_kwargs": {...}}`` as JSON on standard input and upgrades that
database to the newest revision. On failure it writes one line saying what went wrong (the
driver's first line, not a traceback: the parent shows it as a start-up error) and exits 1.
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.storage.migrate import upgrade


def main() -> int:
    request = json.loads(sys.stdin.read())
    try:
        asyncio.run(upgrade(request["url"], **request.get("engine_kwargs", {})))
    except Exception as error:  # the parent turns this line into its own error
        inner = getattr(error, "orig", None) or error
        lines = str(inner).strip().splitlines()
        print(lines[0] if lines else type(inner).__name__, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
