"""Structured problems with a round or a game setting.

The scoring module never writes user-facing sentences: it reports a code, the side and field
concerned and the numbers involved, so each front end (CLI, Discord) can render the message in
the user's language from the catalogs in ``bot/i18n``. ``ScoringError`` is the only exception
type validation raises, whatever the input.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input; ``code`` names the catalog message ``problem.<code>``."""

    code: str
    side: int | None = None
    field: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict)

    def message_params(self) -> dict[str, Any]:
        """Parameters for the catalog message, with the side numbered from 1 as people count."""
        out = dict(self.params)
        if self.side is not None:
            out.setdefault("side", self.side + 1)
        if self.field is not None:
            out.setdefault("field", self.field)
        return out


class ScoringError(ValueError):
    """Input that cannot be scored; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.code for p in problems))
        self.problems = problems
