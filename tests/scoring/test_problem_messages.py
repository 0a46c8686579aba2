"""Every problem the scoring code and the CLI can raise has a message in all four languages,
and the parameters the code passes fill every placeholder of every translation."""

from __future__ import annotations

import io
import re
import string
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli
from bot.i18n import LANGUAGES, has_message, translate
from bot.i18n.problems import render_problem
from bot.scoring import (
    Problem,
    ScoringError,
    apply_house_rules,
    load_variant,
    parse_cards,
    parse_overrides,
    parse_sides,
    play,
)
from bot.scoring.adjustments import Adjustment, check_adjustment
from tests.scoring.conftest import OUT_ROUND, STAY_ROUND, score

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "bot" / "scoring").glob("*.py")), ROOT / "bot" / "cli.py"]
CODE_PATTERNS = (re.compile(r'Problem\(\s*"([a-z0-9_]+)"'), re.compile(r'\bcode = "([a-z0-9_]+)"'))
CLASSIC = load_variant("classic")
OUT = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}


def raised_codes() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for pattern in CODE_PATTERNS:
            found.update(pattern.findall(text))
    return found


def cli_problems(monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str) -> list[Problem]:
    caught: list[Problem] = []

    def collect(lang: str, problems: list[Problem]) -> list[str]:
        caught.extend(problems)
        return []

    monkeypatch.setattr(cli, "render_problems", collect)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert cli.main(["score", *args]) == 2
    return caught


def errors(action: Callable[[], object]) -> list[Problem]:
    with pytest.raises(ScoringError) as info:
        action()
    return info.value.problems


def all_problems(monkeypatch: pytest.MonkeyPatch) -> list[Problem]:
    """At least one real instance of every problem code, made the way users would hit it."""
    cuban = load_variant("cuban")
    found = [
        *cli_problems(monkeypatch, [], "{"),
        *cli_problems(monkeypatch, ["--variant", "samba"], "{}"),
        *cli_problems(monkeypatch, ["--rule", "target"], "{}"),
        *cli_problems(monkeypatch, [], '{"sides": [{}, {}], "note": 1}'),
        *cli_problems(monkeypatch, [], '{"sides": [{}, {}], "round": 0}'),
        *errors(lambda: parse_overrides({"target": "x", "nope": 1})),
        *errors(lambda: parse_overrides({"tie": "coin", "natural_bonus": 7})),
        *errors(lambda: parse_overrides({"opening": "0:90,1500:50"})),
        *errors(lambda: apply_house_rules(CLASSIC, {"cards_dealt": 30})),
        *errors(lambda: parse_sides("x")),
        *errors(lambda: parse_sides([5, {"x": 1, "went_out": "y", "meld_points": 1.5}])),
        *errors(lambda: score("classic", {"meld_points": -5}, {})),
        *errors(lambda: score("classic", {"meld_points": 3_000_000_000}, {})),
        *errors(lambda: score("classic", {"meld_points": 7}, {"black_threes_melded": 3})),
        *errors(lambda: score("classic", {"wild_canastas": {"twos": 1}}, {})),
        *errors(lambda: score(cuban, {"meld_points": 140, "wild_canastas": {"aces": 1}}, {})),
        *errors(lambda: score("classic", {"natural_canastas": 1}, {})),
        *errors(lambda: score(cuban, {**OUT, "black_threes_melded": 2}, {})),
        *errors(lambda: score(cuban, {"black_threes_melded": 3}, {})),
        *errors(lambda: score("two-player", OUT, {})),
        *errors(lambda: score(cuban, {**OUT, "went_out": "concealed"}, {})),
        *errors(lambda: score("three-player", {**OUT, "hand_points": 5}, {}, {})),
        *errors(lambda: score("classic", {**OUT, "red_threes": 3}, {**OUT, "red_threes": 2})),
        *errors(
            lambda: score(cuban, {**OUT, "black_threes_melded": 4}, {"black_threes_in_hand": 1})
        ),
        *errors(lambda: score(cuban, {"meld_points": 280, "wild_canastas": {"twos": 2}}, {})),
        *errors(
            lambda: score(
                "classic",
                {"meld_points": 210, "natural_canastas": 6},
                {"meld_points": 210, "natural_canastas": 6},
            )
        ),
        *errors(lambda: score("classic", {}, totals=[0])),
        *errors(lambda: score("classic", {}, {}, totals=[0.5, 0])),
        *errors(lambda: play(CLASSIC, [parse_sides([OUT_ROUND, STAY_ROUND])] * 4)),
        *errors(lambda: score("classic", {"meld_points": 99999995}, {})),
        *errors(lambda: score("classic", {"meld_points": 800}, {"meld_points": 800})),
        *errors(lambda: score("classic", {"meld_points": 100}, {}, totals=[49950, 0])),
        *errors(lambda: play(CLASSIC, [parse_sides([{"meld_points": 3}, {}])])),
        *errors(lambda: check_adjustment(CLASSIC, 2, 0, "", [0, 0])),
        *errors(lambda: check_adjustment(CLASSIC, 0, 52, "x" * 201, [0, 0])),
        *errors(
            lambda: play(
                apply_house_rules(CLASSIC, {"rounds": 1}),
                [parse_sides([OUT_ROUND, STAY_ROUND])],
                adjustments=[Adjustment(1, 0, 50)],
            )
        ),
        *errors(lambda: parse_cards("A 3♥ banana")),
        *errors(lambda: parse_cards("")),
    ]
    return found


def test_every_raised_code_has_an_example_here(monkeypatch: pytest.MonkeyPatch) -> None:
    codes = raised_codes()
    assert len(codes) > 30  # the grep found the codes, not nothing
    assert {p.code for p in all_problems(monkeypatch)} == codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_message_in_every_language(lang: str) -> None:
    missing = sorted(c for c in raised_codes() if not has_message(f"problem.{c}", lang))
    assert missing == []
    assert has_message("problem.in_round", lang)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_filled_by_the_params(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for problem in all_problems(monkeypatch):
        params = problem.message_params()
        message = translate(lang, f"problem.{problem.code}")  # unformatted: no params
        assert placeholders(message) <= set(params), (problem, message)
        line = render_problem(lang, problem)
        assert "{" not in line
        assert line.strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_round_number_prefixes_a_problem_in_a_game(lang: str) -> None:
    assert placeholders(translate(lang, "problem.in_round")) == {"round", "message"}
    empty = parse_sides([{}, {}])
    bad = parse_sides([{"meld_points": 5}, {"hand_points": 7}])
    [problem] = errors(lambda: play(CLASSIC, [empty, empty, bad]))
    assert problem.params["round"] == 3
    inner = render_problem(lang, Problem(problem.code, problem.side, problem.field))
    assert "3" not in inner
    line = render_problem(lang, problem)
    assert "3" in line
    assert inner in line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_a_house_rule_refuses_is_explained_in_the_players_language(lang: str) -> None:
    """Regression: the allowed range came in English inside every language's sentence."""
    problems = errors(lambda: parse_overrides({"target": 3, "natural_bonus": 502}))
    lines = [render_problem(lang, p) for p in problems]
    assert "1000000" in lines[0]  # target: 5 to 1000000
    assert "5" in lines[1].split("100000")[-1]  # a canasta bonus: up to 100000, in steps of 5
    if lang != "en":
        assert not any("whole number" in line or "multiple of" in line for line in lines)
