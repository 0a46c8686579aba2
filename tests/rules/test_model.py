"""The shipped topic model: current with its training data, loadable with numpy alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from bot.devtools.train_topics import training_docs, training_hash
from bot.rules.examples import OFF_TOPIC
from bot.rules.model import CHAT_FEATURES, TopicModel, model_path, mood, shipped_model
from bot.rules.topics import LANGS, all_topics


def test_the_shipped_model_is_trained_on_the_current_data() -> None:
    """Any change to a labelled question, a topic text or the featurizer needs a new model."""
    assert shipped_model().data_hash == training_hash(training_docs()), (
        "rules_data/model/topics.npz is stale: run `python -m bot.rules.train` "
        "(needs the train extra: pip install -e '.[train]') and commit the new file"
    )


def test_the_model_knows_every_topic_and_small_talk() -> None:
    model = shipped_model()
    assert set(model.classes) == {*all_topics(), OFF_TOPIC}
    assert set(model.langs) == set(LANGS)


def test_probabilities_are_a_distribution() -> None:
    for question in ("hvor mange kort deler vi ut", "", "🂡🂱 ???", "x" * 5000):
        ranking = shipped_model().predict(question).ranking
        assert abs(sum(p for _, p in ranking) - 1.0) < 1e-6
        assert [p for _, p in ranking] == sorted((p for _, p in ranking), reverse=True)


def test_saving_is_byte_for_byte_reproducible(tmp_path: Path) -> None:
    model = shipped_model()
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    model.save(first)
    model.save(second)
    assert first.read_bytes() == second.read_bytes() == model_path().read_bytes()
    again = TopicModel.read(first)
    assert np.array_equal(again.weights, model.weights)
    assert again.classes == model.classes


def test_the_language_head_reads_each_language() -> None:
    model = shipped_model()
    # "hvor mange kort får hver spiller" alone is Danish as well (16 Norwegian and 13 Danish
    # labelled lines hold "kort får hver"): each side of the pair says its language once
    assert (
        model.predict("hvor mange kort får hver spiller egentlig, hva sier reglene").language
        == "no"
    )
    assert (
        model.predict("hvor mange kort får hver spiller egentlig, hvad siger reglerne").language
        == "da"
    )
    assert model.predict("montako korttia jaetaan").language == "fi"
    assert model.predict("how many cards are dealt").language == "en"


def test_the_chat_head_has_a_line_for_each_language() -> None:
    """Declining small talk is learned, with its line per language, on questions held out at
    training time, and shipped in the weights file: every language declines some lines and
    answers others (a line of 0 would decline everything, of 1 nothing)."""
    model = shipped_model()
    assert set(model.chat_lines) == set(LANGS)
    assert all(0.0 < line < 1.0 for line in model.chat_lines.values())
    assert len(model.chat_weights) == CHAT_FEATURES + 1


def test_a_question_of_words_nobody_used_reads_as_less_of_a_rules_question() -> None:
    """The chat head reads how much of a question training knew: a rules question with made-up
    words in place of its topic's words is likelier small talk than the question itself, and
    one with nothing of a question's frame left ("how many ... to each ...", which beginners'
    questions that describe the deal also have) is declined."""
    model = shipped_model()
    plain = model.predict("how many cards are dealt to each player").chat
    made_up = model.predict("how many flurbs are zorgled to each blimp").chat
    assert plain < model.chat_line("en")
    assert plain < made_up
    for nonsense in (
        "what does a blorp count when you squib it",
        "can i take the wuzzle if it has a frag in it",
    ):
        assert model.predict(nonsense).chat > model.chat_line("en")


def test_the_chat_head_reads_how_a_line_is_typed() -> None:
    """A question mark, and an exclamation mark or an emoji, are what the folded words lose:
    the chat head gets each as a number of its own, whatever the language."""
    assert mood("tre røde treere på én runde, hva er de verdt?") == (1.0, 0.0)
    assert mood("kolme punasta kolmosta yhdessä erässä 🔥") == (0.0, 1.0)
    assert mood("3 red threes in one deal, unreal!") == (0.0, 1.0)
    assert mood("frozen pile") == (0.0, 0.0)


def test_the_same_game_words_said_as_a_reaction_are_declined_and_as_a_question_answered() -> None:
    """Chat that uses the game's words ("three red threes tonight 🔥") is declined; the same
    words asking something are answered (sentences written for this test)."""
    model = shipped_model()
    pairs = [
        ("en", "we got three red threes tonight, unreal 🔥",
         "we got three red threes, what are they worth?"),
        ("no", "tre røde treere på oss i kveld, helt sykt 🔥", "tre røde treere, hva er de verdt?"),
        ("da", "tre røde treere til os i aften, vildt 🔥", "tre røde treere, hvad er de værd?"),
        ("fi", "kolme punasta kolmosta meille tänään, ihan sairasta 🔥",
         "kolme punasta kolmosta, paljonko ne on?"),
    ]  # fmt: skip
    for lang, chat, question in pairs:
        assert model.predict(chat).chat >= model.chat_line(lang), chat
        asked = model.predict(question)
        assert asked.chat < model.chat_line(lang), question
        assert asked.ranking[0][0] == "red_threes", question
