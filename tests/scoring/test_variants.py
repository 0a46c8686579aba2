"""Variant files: every shipped variant loads and scores, and a broken file says what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.scoring import UnknownVariantError, VariantFileError, all_variants, load_variant
from bot.scoring import variants as variants_module
from bot.scoring.variants import load_variant_file, parse_variant, rules_data_dir
from tests.scoring.conftest import score

SHIPPED = [
    "classic",
    "cuban",
    "five-player",
    "six-player-pairs",
    "six-player-teams",
    "three-player",
    "two-player",
]
SOURCE_DIR = Path(__file__).resolve().parents[2] / "rules_data" / "variants"
CLASSIC_TEXT = (SOURCE_DIR / "classic.toml").read_text(encoding="utf-8")


def test_every_shipped_variant_is_there() -> None:
    assert sorted(all_variants()) == SHIPPED


@pytest.mark.parametrize(
    ("variant", "players", "sides", "cards", "dealt", "target", "to_go_out"),
    [
        ("classic", 4, 2, 108, 11, 5000, 1),
        ("two-player", 2, 2, 108, 15, 5000, 2),
        ("three-player", 3, 3, 108, 13, 5000, 1),
        ("five-player", 5, 2, 162, 13, 10000, 2),
        ("six-player-pairs", 6, 3, 162, 13, 7500, 2),
        ("six-player-teams", 6, 2, 162, 13, 10000, 2),
        ("cuban", 4, 2, 108, 13, 7500, 1),
    ],
)
def test_variant_numbers_match_the_rules(
    variant: str, players: int, sides: int, cards: int, dealt: int, target: int, to_go_out: int
) -> None:
    v = load_variant(variant)
    assert (v.players, v.sides, v.total_cards, v.cards_dealt, v.target) == (
        players,
        sides,
        cards,
        dealt,
        target,
    )
    assert v.going_out.canastas_needed == to_go_out
    assert sum(v.players_per_side) == players


def test_two_players_draw_two() -> None:
    assert load_variant("two-player").cards_drawn == 2
    assert load_variant("classic").cards_drawn == 1


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_variant_scores_a_plausible_round(variant: str) -> None:
    v = load_variant(variant)
    needed = v.going_out.canastas_needed
    # the side going out: its canastas of sevens, 20 more meld points, one red three
    out = {
        "meld_points": 35 * needed + 20,
        "natural_canastas": needed,
        "red_threes": 1,
        "went_out": "normal",
        "hand_points": 0,
    }
    # the others melded a little and were caught with cards
    others = [{"meld_points": 60, "hand_points": 45}] * (v.sides - 1)
    results = score(v, out, *others)
    # with a canasta the red three counts plus in every variant (no_meld and no_canasta alike)
    assert results[0].net == 35 * needed + 20 + 500 * needed + 100 + 100
    assert all(r.net == 15 for r in results[1:])
    assert [r.total for r in results] == [r.net for r in results]


def test_all_variants_have_names_in_four_languages() -> None:
    for v in all_variants().values():
        assert set(v.names) == {"en", "no", "da", "fi"}
        assert all(v.name(lang) for lang in ("en", "no", "da", "fi"))


def test_name_falls_back_to_english() -> None:
    v = load_variant("cuban")
    assert v.name("sv") == v.name("en") == v.names["en"]
    assert v.name("no") != v.name("en")


def test_opening_table_for_the_rules_texts() -> None:
    assert load_variant("classic").opening_table() == (
        "< 0 → 15 · 0–1495 → 50 · 1500–2995 → 90 · ≥ 3000 → 120"
    )
    assert load_variant("cuban").opening_table().endswith("3000–4995 → 120 · ≥ 5000 → 150")


def test_red_three_tables() -> None:
    assert load_variant("classic").red_three_table() == "1 → 100 · 2 → 200 · 3 → 300 · 4 → 800"
    assert load_variant("cuban").red_three_table() == "1 → 100 · 2 → 300 · 3 → 500 · 4 → 1000"
    assert load_variant("six-player-pairs").red_three_table().endswith("5 → 1000 · 6 → 1200")


def test_numbers_for_classic() -> None:
    n = load_variant("classic").numbers()
    assert n["total_cards"] == 108
    assert n["joker_value"] == 50
    assert n["two_value"] == n["ace_value"] == 20
    assert n["high_card_value"] == 10
    assert n["low_card_value"] == n["black_three_value"] == 5
    assert n["natural_canasta_bonus"] == 500
    assert n["mixed_canasta_bonus"] == 300
    assert n["red_three_value"] == 100
    assert n["red_threes_all"] == 800
    assert n["red_threes_count"] == 4
    assert n["red_three_in_hand_penalty"] == 100
    assert n["going_out_bonus"] == 100
    assert n["concealed_bonus"] == 200
    assert n["opening_below_zero"] == 15
    assert n["target"] == 5000
    assert "wild_canasta_twos" not in n
    assert "black_threes_all_bonus" not in n


def test_numbers_for_cuban() -> None:
    n = load_variant("cuban").numbers()
    assert "concealed_bonus" not in n
    assert (n["wild_canasta_twos"], n["wild_canasta_jokers"], n["wild_canasta_other"]) == (
        4000,
        3000,
        2000,
    )
    assert n["black_threes_all_bonus"] == 100
    assert n["black_three_in_hand_penalty"] == 100
    assert n["red_threes_all"] == 1000
    assert n["target"] == 7500


def test_unknown_variant_lists_the_known_ones() -> None:
    with pytest.raises(UnknownVariantError) as info:
        load_variant("samba")
    assert info.value.variant_id == "samba"
    assert info.value.known == SHIPPED
    assert str(info.value) == "unknown variant 'samba'; known: " + ", ".join(SHIPPED)


# --- broken files ---------------------------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "classic") -> Path:
    path = tmp_path / "variants" / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def broken(tmp_path: Path, text: str, name: str = "classic") -> str:
    path = write(tmp_path, text, name)
    with pytest.raises(VariantFileError) as info:
        load_variant_file(path)
    message = str(info.value)
    assert str(path) in message
    return message


def edit(old: str, new: str) -> str:
    assert old in CLASSIC_TEXT
    return CLASSIC_TEXT.replace(old, new, 1)


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    assert load_variant_file(write(tmp_path, CLASSIC_TEXT)) == load_variant("classic")


def test_wrong_type_names_field_and_expected(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("players = 4", 'players = "four"'))
    assert "players" in message
    assert "integer" in message
    assert "'four'" in message


def test_wrong_type_in_a_table(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("natural_bonus = 500", "natural_bonus = 500.0"))
    assert "canastas.natural_bonus" in message
    assert "integer" in message


def test_missing_field(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("target = 5000\n", ""))
    assert "target" in message
    assert "Field required" in message


def test_unknown_field(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("target = 5000\n", "target = 5000\ncolour = 'red'\n"))
    assert "colour" in message
    assert "Extra inputs are not permitted" in message


def test_negative_bonus(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("mixed_bonus = 300", "mixed_bonus = -300"))
    assert "canastas.mixed_bonus" in message
    assert "greater than or equal to 0" in message


def test_schedule_of_wrong_length(tmp_path: Path) -> None:
    message = broken(
        tmp_path, edit("schedule = [0, 100, 200, 300, 800]", "schedule = [0, 100, 200, 800]")
    )
    assert "red_threes.schedule needs 5 entries" in message


def test_black_three_schedule_of_wrong_length(tmp_path: Path) -> None:
    text = (SOURCE_DIR / "cuban.toml").read_text(encoding="utf-8")
    text = text.replace("melded_schedule = [0, 0, 0, 15, 100]", "melded_schedule = [0, 15, 100]")
    message = broken(tmp_path, text, name="cuban")
    assert "black_threes.melded_schedule needs 5 entries" in message


def test_descending_bands(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("from_score = 1500", "from_score = 3500"))
    assert "opening" in message
    assert "strictly ascending from_score" in message


def test_minimums_going_down(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("minimum = 120", "minimum = 60"))
    assert "opening minimums must not go down" in message


def test_first_band_with_a_start(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("minimum = 15", "from_score = -3000\nminimum = 15"))
    assert "first opening band must have no from_score" in message


def test_unknown_wild_canasta_kind(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("wild = {}", "wild = { sevens = 1000 }"))
    assert "unknown wild-canasta kinds ['sevens']" in message


def test_players_per_side_must_add_up(tmp_path: Path) -> None:
    message = broken(tmp_path, edit("players_per_side = [2, 2]", "players_per_side = [2, 1]"))
    assert "(top level)" in message
    assert "players_per_side" in message


def test_missing_language_name(tmp_path: Path) -> None:
    message = broken(tmp_path, edit('fi = "Klassinen (4 pelaajaa, kaksi paria)"\n', ""))
    assert "names needs en, no, da and fi" in message


def test_more_cards_dealt_than_the_deck_holds(tmp_path: Path) -> None:
    # 4 players x 27 cards = 108: nothing left for the stock and the upcard
    message = broken(tmp_path, edit("cards_dealt = 11", "cards_dealt = 27"))
    assert "cards dealt" in message


def test_id_must_match_file_name(tmp_path: Path) -> None:
    message = broken(tmp_path, CLASSIC_TEXT, name="classic-copy")
    assert "'classic'" in message
    assert "'classic-copy'" in message


def test_bad_toml(tmp_path: Path) -> None:
    message = broken(tmp_path, CLASSIC_TEXT + "\n[names\n")
    assert "not valid TOML" in message


def test_parse_variant_names_its_source() -> None:
    with pytest.raises(VariantFileError) as info:
        parse_variant({"id": "x"}, "my-source")
    assert str(info.value).startswith("my-source: invalid variant file")


def test_rules_data_dir_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, CLASSIC_TEXT.replace('id = "classic"', 'id = "house"', 1), name="house")
    monkeypatch.setenv("CANASTA_RULES_DATA", str(tmp_path))
    assert rules_data_dir() == tmp_path
    assert sorted(all_variants()) == ["house"]
    with pytest.raises(UnknownVariantError) as info:
        load_variant("classic")
    assert info.value.known == ["house"]


def test_broken_file_in_the_data_dir_fails_loading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, CLASSIC_TEXT)
    write(tmp_path, "id = 5\n", name="broken")
    monkeypatch.setenv("CANASTA_RULES_DATA", str(tmp_path))
    with pytest.raises(VariantFileError, match=r"broken\.toml"):
        all_variants()


def test_empty_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_RULES_DATA", str(tmp_path))
    with pytest.raises(VariantFileError, match="no variant files found"):
        all_variants()


def test_packaged_copy_is_used_when_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a wheel puts rules_data at bot/_rules_data next to bot/scoring
    module = tmp_path / "bot" / "scoring" / "variants.py"
    (tmp_path / "bot" / "_rules_data").mkdir(parents=True)
    monkeypatch.delenv("CANASTA_RULES_DATA", raising=False)
    monkeypatch.setattr(variants_module, "__file__", str(module))
    assert rules_data_dir() == tmp_path / "bot" / "_rules_data"


def test_source_tree_is_used_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CANASTA_RULES_DATA", raising=False)
    assert rules_data_dir() == SOURCE_DIR.parent
