"""Giving the C heap's free pages back to the system once start-up is over.

Why: start-up (imports, reading the variants, lexicons and catalogs, the guilds of READY)
leaves about 1 MiB of freed but still resident memory in glibc's heap that the steady state
never reuses; ``malloc_trim(0)`` returns it. Measured with ``benchmarks/bot_profile.py``.
Only glibc has ``malloc_trim``: elsewhere (musl, macOS, Windows) this does nothing.
"""

from __future__ import annotations

import ctypes
import functools
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
