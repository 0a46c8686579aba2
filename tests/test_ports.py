"""The ports the tests hand to child processes: never one the kernel or another worker hands out."""

from __future__ import annotations

import pytest

from tests import ports


def test_each_worker_draws_from_its_own_slice_below_the_kernels_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slices = []
    for name in ("gw0", "gw1", "gw2", "gw3"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", name)
        slices.append(set(ports.worker_ports()))
    assert all(s.isdisjoint(t) for i, s in enumerate(slices) for t in slices[i + 1 :])
    assert max(max(s) for s in slices) < ports.first_ephemeral_port()
    assert min(min(s) for s in slices) >= ports.LOWEST


def test_without_xdist_the_first_slice_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    without = ports.worker_ports()
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    assert ports.worker_ports() == without


def test_a_port_handed_out_is_free_and_from_the_workers_slice() -> None:
    port = ports.free_port()
    assert port in ports.worker_ports()
    assert ports.is_free(port)
