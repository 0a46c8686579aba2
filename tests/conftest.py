"""Suite-wide settings: Hypothesis profiles, and where coverage is measured.

Hypothesis profiles, chosen with ``HYPOTHESIS_PROFILE``: ``suite`` (the default) runs 100
examples a property and no per-example deadline: a deadline is a wall-clock limit, and those fail
on a busy machine without the code being wrong (timings live in ``benchmarks/``). ``thorough``
runs ten times as many examples, for a search for rare cases outside the test command's time
budget. Tests that set no ``max_examples`` of their own follow the profile;
``tests/scoring/test_properties.py`` scales its slower properties from it.

Coverage: ``pytest --cov`` gates the scoring domain (``bot/scoring``) at full branch coverage by
its own tests, ``tests/scoring``. Tracing the other tests too measured nothing more and cost CPU:
Python calls the tracer on every function call, measured file or not (the leaderboard tests took
5.8 s of CPU without coverage, 8.7 s with it). So coverage is paused outside ``tests/scoring``
(test modules are still imported with it on, so the domain's import-time lines count).

Tests marked ``alone`` wait until no other xdist worker runs a test, and hold the others off
while they run (``tests/alone.py``).
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import settings

from tests import alone

settings.register_profile("suite", max_examples=100, deadline=None)
settings.register_profile("thorough", settings.get_profile("suite"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

MEASURED = Path(__file__).parent / "scoring"
"""Tests run with coverage on: those of the domain the coverage gate is about."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{alone.MARKER}: runs while no other test runs on any xdist worker (tests/alone.py)",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator:
    """Set-up, call and tear-down of a test, on its turn (``tests/alone.py``), and outside
    ``MEASURED`` with coverage paused."""
    shared = item.config._tmp_path_factory.getbasetemp().parent  # type: ignore[attr-defined]
    with alone.turn(shared, item.get_closest_marker(alone.MARKER) is not None):
        return (yield from _coverage_paused_outside_measured(item))


def _coverage_paused_outside_measured(item: pytest.Item) -> Generator:
    try:
        from coverage import Coverage
    except ImportError:  # pragma: no cover - coverage comes with the test extra
        return (yield)
    cov = Coverage.current()
    if cov is None or item.path.is_relative_to(MEASURED):
        return (yield)
    cov.stop()
    try:
        return (yield)
    finally:
        cov.start()
