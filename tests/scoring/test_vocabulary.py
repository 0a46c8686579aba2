"""The lexicon files: one source of player words, validated with errors people can act on."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.scoring.variants import rules_data_dir
from bot.scoring.vocabulary import (
    LexiconFileError,
    lexicon_hash,
    load_vocabulary,
    vocabulary,
)

SHIPPED = rules_data_dir() / "lexicon"


def test_shipped_forms_table_is_fresh() -> None:
    """Edit a lexicon file, regenerate: python -m bot.devtools.lexicon_forms."""
    assert vocabulary().forms_hash == lexicon_hash(SHIPPED)


@pytest.mark.parametrize(
    ("word", "rank"),
    [
        ("kuningasta", "K"),  # Finnish partitive, from the lemmatizer
        ("jokerit", "joker"),
        ("kakkosta", "2"),
        ("essene", "A"),
        ("kings", "K"),
        ("kongerne", "K"),
        ("tre", "3"),  # number words name their rank
    ],
)
def test_card_names_and_their_forms(word: str, rank: str) -> None:
    assert vocabulary().word_to_rank[word] == rank


@pytest.mark.parametrize(
    ("word", "value"),
    [("kahden", 2), ("kolmea", 3), ("tyve", 20), ("hundred", 100), ("åtte", 8), ("nelja", 4)],
)
def test_number_words_and_their_forms(word: str, value: int) -> None:
    assert vocabulary().number_words[word] == value


def test_word_lists_span_the_languages() -> None:
    assert {"a", "en", "yksi"} <= vocabulary().words("one")
    assert vocabulary().base("fi", "kuninkaan") == "kuningas"
    assert vocabulary().base("fi", "hei") == "hei"


def _copy(tmp_path: Path, with_forms: bool = True) -> Path:
    target = tmp_path / "lexicon"
    shutil.copytree(SHIPPED, target)
    if not with_forms:
        (target / "forms.json").unlink()
    return target


def test_without_a_forms_table_only_listed_words_are_known(tmp_path: Path) -> None:
    words = load_vocabulary(_copy(tmp_path, with_forms=False))
    assert words.word_to_rank["kuningas"] == "K"
    assert "kuningasta" not in words.word_to_rank
    assert "kahden" not in words.number_words


def _break(tmp_path: Path, lang: str, old: str, new: str) -> str:
    directory = _copy(tmp_path)
    path = directory / f"{lang}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LexiconFileError) as info:
        load_vocabulary(directory)
    return str(info.value)


@pytest.mark.parametrize(
    ("lang", "old", "new", "expected"),
    [
        ("en", 'K = ["king",', 'K = ["King",', "cards.K.0"),
        ("da", 'K = ["konge"', 'X = ["konge"', "unknown ['X'], missing ['K']"),
        ("fi", '3 = ["kolme"]', "", "missing ['3']"),
        ("no", "1 = [", "one = [", "keys must be whole numbers"),
        ("fi", '2 = ["kahestaan"', 'two = ["kahestaan"', "players.alone"),
        ("en", 'language = "en"', 'language = "fi"', "must match the file name"),
        ("en", "[round]", "[round]\nextra = []", "round.extra"),
        ("da", "[numbers]", "[numbers", "not valid TOML"),
    ],
)
def test_a_bad_file_names_itself_and_the_field(
    tmp_path: Path, lang: str, old: str, new: str, expected: str
) -> None:
    message = _break(tmp_path, lang, old, new)
    assert f"{lang}.toml" in message
    assert expected in message
