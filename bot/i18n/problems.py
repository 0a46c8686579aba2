"""Rendering structured problems (from scoring, house rules, the card counter) as sentences."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.i18n.catalog import has_message, translate


class ProblemLike(Protocol):
    code: str

    def message_params(self) -> dict[str, object]: ...


def render_problem(lang: str, problem: ProblemLike) -> str:
    """One problem as a sentence in ``lang``, prefixed with its round where it has one."""
    params = problem.message_params()
    field = params.get("field")
    if isinstance(field, str) and has_message(f"field.{field}", lang):
        params["field"] = translate(lang, f"field.{field}")
    text = translate(lang, f"problem.{problem.code}", **params)
    if "round" in params and problem.code != "game_already_finished":
        text = translate(lang, "problem.in_round", round=params["round"], message=text)
    return text


def render_problems(lang: str, problems: Iterable[ProblemLike]) -> list[str]:
    return [render_problem(lang, p) for p in problems]
