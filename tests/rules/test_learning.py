"""Labelled questions (``rules_data/questions``): valid, and what the topic model learns from."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools.train_topics import question_docs, topic_docs, training_docs, with_game_name
from bot.rules.examples import OFF_TOPIC, all_examples, load_examples
from bot.rules.topics import LANGS, TopicFileError, all_topics
from bot.scoring import all_variants


def test_every_labelled_question_names_a_topic_and_a_variant() -> None:
    examples = all_examples()
    assert {e.topic for e in examples} <= set(all_topics()) | {OFF_TOPIC}
    assert {e.variant for e in examples} <= set(all_variants())
    for lang in LANGS:
        assert sum(e.lang == lang and e.topic != OFF_TOPIC for e in examples) >= 400, lang


def test_a_broken_question_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[[q]]\nlang = "sv"\ntext = "hej"\ntopic = "turn"\n', encoding="utf-8")
    with pytest.raises(TopicFileError) as error:
        load_examples(path)
    assert str(path) in str(error.value)
    assert "q.0.lang" in str(error.value)


def test_the_model_learns_every_question_and_every_topic_text() -> None:
    docs = training_docs()
    named = with_game_name(question_docs())
    assert len(docs) == len(all_examples()) + len(named) + len(topic_docs())
    # small talk too: the game's name does not make a line a rules question
    assert OFF_TOPIC in {d.label for d in named}
    assert not {d.label for d in named} & {"canastas", "wild_canastas"}
    for topic in all_topics().values():
        for lang, text in topic.text.items():
            assert (text.title, topic.id, lang, "topics") in docs
    assert all("{" not in d.text for d in docs if d.group == "topics"), "placeholders"
