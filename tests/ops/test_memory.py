"""Handing the heap's free pages back after start-up: a no-op where the C library cannot."""

from __future__ import annotations

import pytest

from bot.ops import memory


def test_release_is_harmless_where_there_is_no_glibc(monkeypatch: pytest.MonkeyPatch) -> None:
    memory._malloc_trim.cache_clear()
    monkeypatch.setattr(memory.sys, "platform", "darwin")
    try:
        assert memory.release_free_heap() is False
    finally:
        memory._malloc_trim.cache_clear()


def test_release_can_be_called_again_and_again() -> None:
    """The bot calls it at every READY (reconnects too): it must never fail or block."""
    results = {memory.release_free_heap() for _ in range(3)}
    assert results <= {True, False}
