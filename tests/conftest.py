"""Hypothesis profiles for the whole suite, chosen with ``HYPOTHESIS_PROFILE``.

``suite`` (the default) runs 100 examples a property and no per-example deadline: a deadline is
a wall-clock limit, and those fail on a busy machine without the code being wrong (timings live
in ``benchmarks/``). ``thorough`` runs ten times as many examples, for a search for rare cases
outside the test command's time budget. Tests that set no ``max_examples`` of their own follow
the profile; ``tests/scoring/test_properties.py`` scales its slower properties from it.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("suite", max_examples=100, deadline=None)
settings.register_profile("thorough", settings.get_profile("suite"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
