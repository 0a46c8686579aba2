"""The learned channel: labelled questions (``rules_data/questions``) teach the search."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.classifier import TopicClassifier, features, word_start
from bot.rules.evaluate import index_without
from bot.rules.examples import OFF_TOPIC, Example, all_examples, load_examples
from bot.rules.index import RulesIndex
from bot.rules.topics import LANGS, TopicFileError, all_topics
from bot.scoring import all_variants, load_variant

CLASSIC = load_variant("classic")


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


def test_labelled_phrasings_teach_the_next_question() -> None:
    """Words no topic uses ("swoop") point where the questions that used them went."""
    taught = [
        Example(lang="en", text=text, topic="going_out")
        for text in ("can i swoop now", "when am i allowed to swoop", "swoop with one canasta")
    ]
    plain = RulesIndex(all_topics())
    learned = RulesIndex(all_topics(), taught)
    question = "is a swoop allowed with jokers"
    assert plain.ask(question, variant=CLASSIC).ranking[0].id != "going_out"
    assert learned.ask(question, variant=CLASSIC).ranking[0].id == "going_out"


def test_nothing_learned_cannot_make_a_match() -> None:
    """The learned channel reorders what the words reach; small talk stays declined."""
    taught = [Example(lang="en", text="pizza pizza", topic="turn")] * 3
    learned = RulesIndex(all_topics(), taught)
    assert learned.ask("whose turn is it to buy the pizza", variant=CLASSIC).kind == "no_match"


def test_labelled_small_talk_teaches_what_is_small_talk() -> None:
    """Off-topic lines are learned too: chatter worded like them is declined, even when it
    shares a game word ("pile") and no everyday word list knows its own ("coasters")."""
    taught = [
        Example(lang="en", text=text, topic=OFF_TOPIC)
        for text in ("out of coasters again", "who took the coasters", "coasters are in the drawer")
    ]
    question = "pass me that pile of coasters"
    assert RulesIndex(all_topics()).ask(question, variant=CLASSIC).kind != "no_match"
    assert RulesIndex(all_topics(), taught).ask(question, variant=CLASSIC).kind == "no_match"


def test_words_no_rules_question_has_used_make_small_talk() -> None:
    """A pile of bills on the kitchen table uses a game word, but its other words no player has
    used to ask about the rules; the same sentence counts as a question once players have."""
    question = "det ligger en bunke med regninger på kjøkkenbordet"
    taught = [Example(lang="no", text="hvem tar bunken", topic="taking_pile")]
    assert RulesIndex(all_topics(), taught).ask(question, variant=CLASSIC).kind == "no_match"
    taught.append(Example(lang="no", text="regninger på kjøkkenbordet", topic="taking_pile"))
    assert RulesIndex(all_topics(), taught).ask(question, variant=CLASSIC).kind != "no_match"


def test_danish_typed_without_the_special_letters_is_not_new() -> None:
    assert word_start("aabne") == word_start("abne")
    assert word_start("goer") == word_start("gor")
    question = "vi har -200 point hvad skal vi have for at aabne"
    assert RulesIndex.load().ask(question, variant=CLASSIC).topic_ids[0] == "opening_minimum"


def test_evaluation_leaves_the_evaluated_questions_out() -> None:
    some = list(all_examples()[:40])
    index = index_without(some)
    learned = list(all_examples())
    left_out = {(e.lang, e.text) for e in some}
    expected = sum((e.lang, e.text) not in left_out for e in learned)
    assert len(index.search_index.classifier) == expected < len(learned)


@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(["joker", "bunke", "kanasta", "pile", "tre"])),
            st.sampled_from(["a", "b", "c"]),
        ),
        min_size=1,
        max_size=20,
    ),
    st.lists(st.text(min_size=1, max_size=8), max_size=6),
)
def test_posterior_is_a_distribution(labelled, words) -> None:
    classifier = TopicClassifier(labelled)
    posterior = classifier.posterior(words)
    if posterior:
        assert abs(sum(posterior.values()) - 1.0) < 1e-9
        assert set(posterior) == {topic for _, topic in labelled}
    else:
        assert not (features(words) & classifier.vocabulary)


def test_relearning_ranks_as_a_fresh_index_and_leaves_the_shipped_one_alone() -> None:
    """Leaving a set out shares the topics' channels with the shipped index: the ranking must
    be the one a whole new index trained on the same questions gives."""
    kept = all_examples()[::2]
    shipped = RulesIndex.load()
    learned_before = len(shipped.search_index.classifier)
    relearned = shipped.relearned(kept)
    fresh = RulesIndex(all_topics(), kept)
    for example in all_examples()[1::97]:
        ours = relearned.ask(example.text, lang=example.lang, variant=CLASSIC).ranking
        theirs = fresh.ask(example.text, lang=example.lang, variant=CLASSIC).ranking
        assert [h.id for h in ours] == [h.id for h in theirs]
        assert [h.score for h in ours] == pytest.approx([h.score for h in theirs])
    assert len(shipped.search_index.classifier) == learned_before
