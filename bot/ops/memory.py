"""Settling memory once start-up is over: the collector and the C heap.

Why: start-up (imports, reading the variants, lexicons and catalogs, the guilds of READY)
leaves about 1 MiB of freed but still resident memory in glibc's heap that the steady state
never reuses; ``malloc_trim(0)`` returns it. Measured with ``benchmarks/bot_profile.py``.
Only glibc has ``malloc_trim``: elsewhere (musl, macOS, Windows) this does nothing.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import sys
from collections.abc import Callable


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


def release_free_heap() -> bool:
    """Return the heap's free pages to the system; False where the C library cannot."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False


_frozen = False


def freeze_start_up_objects() -> bool:
    """Collect once, then move every object alive now (modules, tables, compiled statements,
    the guild cache of READY) out of the collector's reach; False if already done.

    Why: a full collection walks every tracked object, and start-up leaves a few hundred
    thousand of them that live as long as the process. Walking them stalled one command for
    about 80 ms now and then (the slowest ``/round add`` of a run), which also drags its average
    down. Frozen, a full collection walks only what commands made since. Done once per process:
    a later freeze (a second READY after a reconnect) would also pin what commands left behind.
    """
    global _frozen
    if _frozen:
        return False
    gc.collect()
    gc.freeze()
    _frozen = True
    return True
