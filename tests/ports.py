"""A TCP port for a child process (the bot's metrics server, a late PostgreSQL) to listen on later.

The usual trick, binding port 0 and closing the socket, hands back a port the kernel may give
to the very next ``bind(0)`` or outgoing connection of any process. With the suite spread over
pytest-xdist workers, another worker's fake Discord or database connection could take the port
in the seconds before the child binds it, and the test would fail for no fault of the bot.

So these ports come from below the kernel's ephemeral range, which it never hands out by itself,
and each worker (``PYTEST_XDIST_WORKER``: ``gw0``, ``gw1``, ...) draws from a slice of its own,
so two workers never pick the same one. The pick inside the slice is random and checked free,
which keeps two test runs on one machine (other worktrees) apart as well.
"""

from __future__ import annotations

import os
import random
import socket
from pathlib import Path

EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
LINUX_FIRST_EPHEMERAL = 32768
"""Linux's default start of the range, used where the file is missing (below macOS's 49152)."""
LOWEST = 10000
"""Below this the well-known and registered services crowd in."""
SLICE = 500
"""Ports per worker: far more than a worker's tests ask for at once."""


def first_ephemeral_port() -> int:
    """Where the kernel's automatic port numbers start."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return LINUX_FIRST_EPHEMERAL


def worker_index() -> int:
    """This process's xdist worker number; 0 without xdist (or under ``-n 0``)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    digits = name.removeprefix("gw")
    return int(digits) if digits.isdigit() else 0


def worker_ports() -> range:
    """The slice of ports below the ephemeral range that belongs to this worker."""
    top = max(first_ephemeral_port(), LOWEST + SLICE)
    slices = (top - LOWEST) // SLICE
    start = top - (worker_index() % slices + 1) * SLICE
    return range(start, start + SLICE)


def is_free(port: int) -> bool:
    """Whether nothing holds ``port`` on the loopback address right now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A free loopback port from this worker's slice, for a process that binds it later."""
    ports = worker_ports()
    for port in random.SystemRandom().sample(ports, len(ports)):
        if is_free(port):
            return port
    raise RuntimeError(f"no free port in {ports.start}..{ports.stop - 1}")
