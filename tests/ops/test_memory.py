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


def test_start_up_objects_are_frozen_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full collection must not walk what start-up made; a second READY freezes nothing more
    (it would pin what commands left behind)."""
    import gc

    monkeypatch.setattr(memory, "_frozen", False)
    try:
        assert memory.freeze_start_up_objects() is True
        frozen = gc.get_freeze_count()
        assert frozen > 0
        made_later = [object() for _ in range(10)]
        assert memory.freeze_start_up_objects() is False
        assert gc.get_freeze_count() == frozen
        del made_later
    finally:
        gc.unfreeze()
