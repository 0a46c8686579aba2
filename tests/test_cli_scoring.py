"""`canasta-bot score` and `canasta-bot variants`: JSON in, JSON out, one line per problem."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import cli

SEED_000 = {
    "meld_points": 420,
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "red_threes": 2,
    "went_out": "normal",
    "hand_points": 70,
}
VARIANTS = [
    "classic",
    "cuban",
    "five-player",
    "six-player-pairs",
    "six-player-teams",
    "three-player",
    "two-player",
]


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    stdin: str | dict[str, Any] = "",
) -> tuple[int, str, list[str]]:
    text = stdin if isinstance(stdin, str) else json.dumps(stdin)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = cli.main(args)
    out, err = capsys.readouterr()
    return status, out, err.splitlines()


def ok(monkeypatch, capsys, args: list[str], payload: dict[str, Any]) -> dict[str, Any]:
    status, out, err = run(monkeypatch, capsys, ["score", *args], payload)
    assert (status, err) == (0, [])
    assert out.endswith("\n")
    return json.loads(out)


def invalid(monkeypatch, capsys, args: list[str], stdin: Any) -> list[str]:
    status, out, err = run(monkeypatch, capsys, ["score", *args], stdin)
    assert status == 2
    assert out == ""
    assert err
    return err


def test_valid_round(monkeypatch, capsys) -> None:
    result = ok(monkeypatch, capsys, [], {"sides": [SEED_000, {"meld_points": 60}]})
    assert result == {
        "sides": [
            {
                "net": 1450,
                "breakdown": {
                    "meld": 420,
                    "canastas": 800,
                    "red_threes": 200,
                    "black_threes": 0,
                    "going_out": 100,
                    "hand": -70,
                },
                "total": 1450,
                "next_minimum": 50,
            },
            {
                "net": 60,
                "breakdown": {
                    "meld": 60,
                    "canastas": 0,
                    "red_threes": 0,
                    "black_threes": 0,
                    "going_out": 0,
                    "hand": 0,
                },
                "total": 60,
                "next_minimum": 50,
            },
        ],
        "finished": False,
        "winner": None,
    }


def test_totals_before_and_a_winner(monkeypatch, capsys) -> None:
    payload = {"sides": [{"meld_points": 60}, SEED_000], "totals_before": [4900, 3600]}
    result = ok(monkeypatch, capsys, [], payload)
    assert [s["total"] for s in result["sides"]] == [4960, 5050]
    assert [s["next_minimum"] for s in result["sides"]] == [120, 120]
    assert (result["finished"], result["winner"]) == (True, 1)


def test_rule_target(monkeypatch, capsys) -> None:
    payload = {"sides": [SEED_000, {}], "totals_before": [1600, 0]}
    assert ok(monkeypatch, capsys, [], payload)["finished"] is False
    result = ok(monkeypatch, capsys, ["--rule", "target=3000"], payload)
    assert result["sides"][0]["total"] == 3050
    assert (result["finished"], result["winner"]) == (True, 0)


def test_several_rules(monkeypatch, capsys) -> None:
    payload = {"sides": [{"meld_points": 500}, {"meld_points": 500}]}
    args = ["--rule", "target=500", "--rule", " tie = draw "]
    result = ok(monkeypatch, capsys, args, payload)
    assert (result["finished"], result["winner"]) == (True, None)


@pytest.mark.parametrize(
    ("rule", "side", "part", "points"),
    [
        ("natural_bonus=600", 0, "canastas", 900),
        ("mixed_bonus=250", 0, "canastas", 750),
        ("going_out_bonus=300", 0, "going_out", 300),
        ("red_three=150", 0, "red_threes", 300),
        ("red_three_penalty_cap=400", 1, "red_threes", -400),
    ],
)
def test_table_house_rules_change_the_score(monkeypatch, capsys, rule, side, part, points) -> None:
    payload = {"sides": [{**SEED_000, "red_threes": 2}, {"red_threes": 2}]}
    if side:
        payload = {"sides": [{**SEED_000, "red_threes": 0}, {"red_threes": 4}]}
    result = ok(monkeypatch, capsys, ["--rule", rule], payload)
    assert result["sides"][side]["breakdown"][part] == points


def test_opening_table_rule_sets_the_next_minimum(monkeypatch, capsys) -> None:
    payload = {"sides": [SEED_000, {}], "totals_before": [0, -100]}
    result = ok(monkeypatch, capsys, ["--rule", "opening=15,0:50,1000:75"], payload)
    assert [s["next_minimum"] for s in result["sides"]] == [75, 15]


def test_fixed_rounds_end_the_game_after_the_last_round(monkeypatch, capsys) -> None:
    payload = {"sides": [SEED_000, {"meld_points": 50}], "round": 3}
    assert ok(monkeypatch, capsys, ["--rule", "rounds=4"], payload)["finished"] is False
    result = ok(monkeypatch, capsys, ["--rule", "rounds=3"], payload)
    assert (result["finished"], result["winner"]) == (True, 0)
    assert (
        ok(monkeypatch, capsys, ["--rule", "rounds=3"], {**payload, "round": None})["finished"]
        is False
    )


@pytest.mark.parametrize("number", [0, "3", True, 1.5])
def test_a_bad_round_number_is_refused(monkeypatch, capsys, number) -> None:
    payload = {"sides": [SEED_000, {}], "round": number}
    [line] = invalid(monkeypatch, capsys, ["--rule", "rounds=3"], payload)
    assert "round" in line


def test_cuban_wild_canastas(monkeypatch, capsys) -> None:
    side = {"meld_points": 140, "wild_canastas": {"twos": 1}, "red_threes": 1, "went_out": "normal"}
    result = ok(monkeypatch, capsys, ["--variant", "cuban"], {"sides": [side, {}]})
    first = result["sides"][0]
    assert first["breakdown"]["canastas"] == 4000
    assert first["net"] == 140 + 4000 + 100 + 100


def test_three_player_needs_three_totals(monkeypatch, capsys) -> None:
    result = ok(monkeypatch, capsys, ["--variant", "three-player"], {"sides": [{}, {}, {}]})
    assert len(result["sides"]) == 3


def test_bad_json(monkeypatch, capsys) -> None:
    [line] = invalid(monkeypatch, capsys, [], "{sides: [")
    assert line.startswith("The input is not valid JSON: ")


def test_unknown_variant(monkeypatch, capsys) -> None:
    [line] = invalid(monkeypatch, capsys, ["--variant", "samba"], {"sides": [{}, {}]})
    assert line == f"Unknown variant “samba”; choose one of: {', '.join(VARIANTS)}."


@pytest.mark.parametrize(
    ("rule", "line"),
    [
        (
            "target=abc",
            "House rule target: “abc” is not allowed; use a whole number from 5 to 1000000.",
        ),
        ("tie=coin", "House rule tie: “coin” is not allowed; use play_on | draw."),
        ("target", "House rule target: “target” is not allowed; use KEY=VALUE."),
        ("=5", "House rule =5: “=5” is not allowed; use KEY=VALUE."),
    ],
)
def test_bad_rule(monkeypatch, capsys, rule: str, line: str) -> None:
    assert invalid(monkeypatch, capsys, ["--rule", rule], {"sides": [{}, {}]}) == [line]


def test_unknown_rule(monkeypatch, capsys) -> None:
    [line] = invalid(monkeypatch, capsys, ["--rule", "samba=1"], {"sides": [{}, {}]})
    assert line.startswith("Unknown house rule “samba”; known: target, fixed_minimum, ")


def test_bad_sides_one_line_per_problem(monkeypatch, capsys) -> None:
    payload = {"sides": [{"meld_points": -5}, {"hand_points": 7}]}
    assert invalid(monkeypatch, capsys, [], payload) == [
        "Side 1, meld points: cannot be negative.",
        "Side 2, points left in hand: must be a multiple of 5 "
        "(every card is worth 5, 10, 20 or 50).",
    ]


def test_fields_that_cannot_be_read_one_line_each(monkeypatch, capsys) -> None:
    payload = {"sides": [{"meld_points": "ten"}, {"colour": 1, "went_out": "yes"}]}
    assert invalid(monkeypatch, capsys, [], payload) == [
        "Side 1, meld points: must be a whole number.",
        "Side 2: “went out” must be no, normal or concealed.",
        "Side 2: unknown field “colour”.",
    ]


def test_round_problems_are_all_reported(monkeypatch, capsys) -> None:
    out = {"meld_points": 35, "natural_canastas": 1, "went_out": "normal"}
    lines = invalid(monkeypatch, capsys, [], {"sides": [out, {**out, "red_threes": 5}]})
    assert lines == [
        "Only one side can go out in a round (sides 1, 2 say they did).",
        "5 red threes in all, but the decks hold only 4.",
    ]


@pytest.mark.parametrize(
    ("payload", "line"),
    [
        ([], "The round needs a list of sides."),
        ({}, "The round needs a list of sides."),
        ({"sides": "two"}, "The round needs a list of sides."),
        (
            {"sides": [{}, 5]},
            "Side 2: give the side's numbers as fields (meld_points, hand_points, ...).",
        ),
        (
            {"sides": [{}, {}], "totals_before": 5},
            "The totals before the round must be whole numbers.",
        ),
        (
            {"sides": [{}, {}], "totals_before": [0, 0.5]},
            "The totals before the round must be whole numbers.",
        ),
        ({"sides": [{}]}, "This variant is played by 2 sides, but the round has 1."),
        (
            {"sides": [{}, {}], "note": "x"},
            "Unknown field “note” in the input; use sides and totals_before.",
        ),
    ],
)
def test_bad_payloads(monkeypatch, capsys, payload: Any, line: str) -> None:
    assert invalid(monkeypatch, capsys, [], json.dumps(payload)) == [line]


@pytest.mark.parametrize(
    ("lang", "negative", "variant"),
    [
        ("no", "Lag 1, meldte poeng: kan ikke være under null.", "Ukjent variant «samba»"),
        ("da", "Hold 1, meldte point: kan ikke være under nul.", "Ukendt variant »samba«"),
        (
            "fi",
            "Joukkue 1, pöytäpisteet: arvo ei voi olla negatiivinen.",
            "Tuntematon muunnelma ”samba”",
        ),
    ],
)
def test_localised_lines(monkeypatch, capsys, lang: str, negative: str, variant: str) -> None:
    payload = {"sides": [{"meld_points": -5}, {}]}
    assert invalid(monkeypatch, capsys, ["--lang", lang], payload) == [negative]
    [line] = invalid(monkeypatch, capsys, ["--lang", lang, "--variant", "samba"], payload)
    assert line.startswith(variant)


def test_variants_lists_every_variant(monkeypatch, capsys) -> None:
    status, out, err = run(monkeypatch, capsys, ["variants"])
    assert (status, err) == (0, [])
    ids = [line.split()[0] for line in out.splitlines() if not line.startswith(" ")]
    assert ids == VARIANTS
    assert "Cuban canasta" in out
    assert "108 cards, 11 dealt, target 5000" in out
    assert "red threes 1 → 100 · 2 → 300 · 3 → 500 · 4 → 1000" in out


def test_variants_in_finnish(monkeypatch, capsys) -> None:
    _, out, _ = run(monkeypatch, capsys, ["variants", "--lang", "fi"])
    assert "Kuubalainen canasta" in out
    assert "4 pelaajaa, 2 joukkuetta, 108 korttia, jaetaan 11, tavoite 5000" in out


@pytest.mark.parametrize("lang", ["no", "da", "fi"])
def test_variants_detail_lines_are_translated(monkeypatch, capsys, lang: str) -> None:
    _, out, _ = run(monkeypatch, capsys, ["variants", "--lang", lang])
    details = " ".join(line for line in out.splitlines() if line.startswith(" "))
    for english in ("players", "sides", "cards", "dealt", "target", "to go out", "opening"):
        assert english not in details
    _, english_out, _ = run(monkeypatch, capsys, ["variants"])
    assert "2 canastas to go out" in english_out  # two players: counted, not "canasta(s)"


def test_broken_pipe_is_quiet(monkeypatch) -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert cli.main(["variants"]) == 0


def canasta_bot() -> list[str]:
    script = Path(sys.executable).with_name("canasta-bot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]


def test_real_process_scores_a_round() -> None:
    payload = json.dumps({"sides": [SEED_000, {}], "totals_before": [150, 0]})
    done = subprocess.run(
        [*canasta_bot(), "score"], input=payload, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")
    result = json.loads(done.stdout)
    assert result["sides"][0]["total"] == 1600
    assert result["sides"][0]["next_minimum"] == 90


def test_real_process_refuses_bad_input() -> None:
    done = subprocess.run(
        [*canasta_bot(), "score", "--lang", "da"],
        input="not json",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Input er ikke gyldig JSON: ")
    assert len(done.stderr.splitlines()) == 1


def test_score_help_describes_every_input_field(capsys) -> None:
    from bot.scoring.round import SideRound

    with pytest.raises(SystemExit):
        cli.main(["score", "--help"])
    shown = capsys.readouterr().out
    for name in [*SideRound.model_fields, "totals_before", "sides", "round"]:
        assert f"{name} " in shown or f'"{name}"' in shown, name


def test_ask_answers_with_the_tables_house_rules(monkeypatch, capsys) -> None:
    args = ["ask", "how much is a natural canasta worth?", "--lang", "en"]
    status, out, _ = run(monkeypatch, capsys, [*args, "--rule", "natural_bonus=600"])
    assert status == 0
    assert "**+600**" in out
    status, out, _ = run(monkeypatch, capsys, args)
    assert "**+500**" in out
    opening = ["ask", "we have 1600, what do we need?", "--rule", "opening=15,0:50,1000:75"]
    status, out, _ = run(monkeypatch, capsys, opening)
    assert "**75**" in out


def test_ask_refuses_a_bad_house_rule(monkeypatch, capsys) -> None:
    args = ["ask", "how much is a natural canasta worth?", "--rule", "natural_bonus=7"]
    status, out, err = run(monkeypatch, capsys, args)
    assert (status, out) == (2, "")
    assert "natural_bonus" in err[0]
