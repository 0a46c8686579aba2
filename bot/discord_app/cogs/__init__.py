"""One cog per feature; each is a thin layer that turns an interaction into a service call.

Every module in this package with a ``setup`` function is an extension, loaded in name order,
so adding a feature is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil


def discover_extensions() -> tuple[str, ...]:
    found = []
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        name = f"{__name__}.{module.name}"
        if not module.ispkg and hasattr(importlib.import_module(name), "setup"):
            found.append(name)
    return tuple(found)
