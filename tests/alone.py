"""Tests marked ``alone`` run while no other test of the run does, on any xdist worker.

Some end-to-end tests hold the bot to Discord's 3-second acknowledgement under a burst of
hundreds of interactions (``tests/e2e/test_bursts.py``): the fake, the test and the bot process
already fill the build machine's two cores, and a second worker's tests beside them made the
bot miss the deadline (both burst tests failed in the first run on two workers). So the workers
share a reader-writer lock, two files in the run's common temporary directory: every test holds
it shared, a test marked ``alone`` holds it exclusively. ``flock`` lets readers overtake a
waiting writer, so every test passes a gate on its way in and keeps it until it holds the lock:
a writer waiting at the lock keeps the gate, and the other worker stops there after its current
test. Without xdist nothing waits.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

MARKER = "alone"


@contextlib.contextmanager
def _flock(path: Path, operation: int) -> Iterator[None]:
    with path.open("a") as handle:
        fcntl.flock(handle, operation)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def turn(directory: Path, alone: bool) -> Iterator[None]:
    """Hold the run's lock around one test: exclusively if ``alone``, else shared."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    gate, room = directory / "alone.gate", directory / "alone.lock"
    with contextlib.ExitStack() as held:
        with _flock(gate, fcntl.LOCK_EX):
            held.enter_context(_flock(room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH))
        yield  # the gate is let go once the room is held, the room at the end of the test
