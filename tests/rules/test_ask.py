"""Behaviour of ``RulesIndex.ask``: languages, computed answers, reply kinds, robustness."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.rules import RulesIndex, format_plain, reply_language, run_ask
from bot.rules.numbers import CardAnswer, OpeningAnswer, compute, find_score
from bot.rules.topics import LANGS
from bot.scoring import apply_house_rules, load_variant

INDEX = RulesIndex.load()
CLASSIC = load_variant("classic")
CUBAN = load_variant("cuban")
OPENING = "opening_minimum"


@pytest.mark.parametrize(
    ("question", "lang", "minimum"),
    [
        ("we have 1600, how much do we need to open", "en", 90),
        ("vi har 1600 poeng, hvor mye må vi melde", "no", 90),
        ("vi har 1.600 point, hvor meget skal vi lægge ud", "da", 90),
        ("meillä on 1600 pistettä, paljonko avaukseen", "fi", 90),
        ("we are at -200", "en", 15),
        ("vi står på minus 200, hva er kravet", "no", 15),
        ("opening minimum at 3 200?", "en", 120),
        ("we r at -40 lol how much do we need to get on the table", "en", 15),
    ],
)
def test_opening_minimum_is_computed_first(question: str, lang: str, minimum: int) -> None:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.kind == "answer"
    assert answer.topic_ids == ("opening_minimum",)
    assert f"**{minimum}**" in answer.computed[0]
    assert format_plain(answer).startswith(answer.computed[0])


def test_cuban_opening_from_5000_is_150() -> None:
    answer = INDEX.ask("we have 5000, how much to open?", variant=CUBAN)
    assert "**150**" in answer.computed[0]


def test_house_rule_fixed_minimum_is_used() -> None:
    table = apply_house_rules(CLASSIC, {"fixed_minimum": 120})
    answer = INDEX.ask("we have 200, what do we need to open", lang="en", variant=table)
    assert "**120**" in answer.computed[0]


@pytest.mark.parametrize(
    ("question", "points"),
    [
        ("how much is joker A A K", 100),
        ("hvor mye er joker ess ess konge", 100),
        ("hvor meget er joker es es konge", 100),
        ("paljonko on jokeri ässä ässä kuningas", 100),
        ("how much is an ace worth", 20),
        ("joker A A K 7 7", 110),
        ("kädes jäi A, 9, 5 ja 2, paljonks miinusta", 55),
        ("konge konge 8 4 på hånden da runden sluttede, hvad trækkes fra?", 35),
    ],
)
def test_cards_are_counted(question: str, points: int) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == ("card_values",)
    assert f"**{points}**" in answer.computed[0]


@pytest.mark.parametrize(
    "question",
    [
        "can i put down 3 sevens and a joker",
        "seven twos canasta how much",
        "fire røde treere hvor mange point",
        "what's 2+2",
        "er toerne jokere?",
        "rules for 2 players",
    ],
)
def test_no_card_count_where_cards_are_not_a_hand(question: str) -> None:
    assert not [f for f in compute(question, CLASSIC, None) if isinstance(f, CardAnswer)]


def test_score_parsing() -> None:
    assert find_score("we have 1 600") == 1600
    assert find_score("vi har 1.600") == 1600
    assert find_score("we are at -200") == -200
    assert find_score("miinus 200") == -200
    assert find_score("no numbers") is None


@pytest.mark.parametrize(
    ("question", "score"),
    [("can i use three 2s and a 9 as a meld", None), ("melde 9 10 knekt", None), ("vi har 0", 0)],
)
def test_card_numbers_are_not_scores(question: str, score: int | None) -> None:
    """Scores are multiples of five and more than a card rank; "three 2s" names cards."""
    assert find_score(question) == score
    assert (
        compute("we have 1600 and two canastas, can we go out?", CLASSIC, "going_out", True) == []
    )
    assert compute("vi har 1600", CLASSIC, None) == [OpeningAnswer(1600, 90, False)]


def test_reply_language_order() -> None:
    assert reply_language("fi", "da", "no") == "fi"
    assert reply_language(None, "da", "no") == "da"
    assert reply_language(None, "en-US", "no") == "en"
    assert reply_language(None, "de", "no") == "no"
    assert reply_language(None, None, None) == "en"


def test_locale_beats_detection_for_danish() -> None:
    answer = INDEX.ask("hvor mange kort får man", locale="da", variant=CLASSIC)
    assert answer.language == "da"
    assert answer.topics[0].title == INDEX.topics[answer.topics[0].id].text["da"].title


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("how many cards does each player get", "en"),
        ("mitä punaiset kolmoset tekee", "fi"),
        ("hvordan regner vi poengene etter runden", "no"),
    ],
)
def test_language_is_detected_without_locale(question: str, lang: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).language == lang


@pytest.mark.parametrize(
    "question",
    [
        "what's the weather like",
        "hvem vant VM",
        "mitä kuuluu",
        "",
        "   ",
        "🂡🂱",
        "mennään ulos tupakalle?",
        "vent litt, katten har kastet opp på teppet igjen",
        "did anyone watch the bake off last night, who went out in the final round?",
    ],
)
def test_off_topic_is_declined_with_the_topic_list(question: str) -> None:
    answer = INDEX.ask(question, lang="en", variant=CLASSIC)
    assert answer.kind == "no_match"
    assert len(answer.suggestions) == len(INDEX.topics)
    assert "- " + INDEX.topics["turn"].text["en"].title in format_plain(answer)


def test_topic_for_another_variant_is_marked() -> None:
    answer = INDEX.ask("seven twos canasta bonus", lang="en", variant=CLASSIC)
    assert answer.topic_ids == ("wild_canastas",)
    assert not answer.topics[0].applies
    assert answer.topics[0].note in format_plain(answer)
    assert "4000" in answer.topics[0].text


def test_variant_text_is_rendered_for_cuban() -> None:
    classic = INDEX.topic("red_threes", "en", CLASSIC).text
    cuban = INDEX.topic("red_threes", "en", CUBAN).text
    assert classic != cuban


@pytest.mark.parametrize(
    "question",
    [
        "in cuban, we have 5000, how much to open?",
        "kubansk: vi har 5000 poeng, hva må vi melde?",
        "kuubalaisessa meillä on 5000, paljonko avaukseen",
    ],
)
def test_a_question_naming_cuban_is_answered_with_cubans_numbers(question: str) -> None:
    expected = INDEX.ask("we have 5000, how much to open?", variant=CUBAN).computed[0]
    answer = INDEX.ask(question, lang="en", variant=CLASSIC)
    assert answer.computed[0] == expected
    assert "**150**" in answer.computed[0]
    shown = answer.topics[0]
    assert shown.rendered_for == "cuban"
    assert CUBAN.name("en") in shown.note
    assert CLASSIC.name("en") in shown.note
    assert shown.note in format_plain(answer)


def test_a_rule_asked_for_another_variant_gets_that_variants_text() -> None:
    answer = INDEX.ask("red threes in cuban?", lang="en", variant=CLASSIC)
    assert answer.topic_ids == ("red_threes",)
    assert answer.topics[0].text == INDEX.topic("red_threes", "en", CUBAN).text
    same_table = INDEX.ask("red threes in cuban?", lang="en", variant=CUBAN)
    assert same_table.topics[0].note is None


@pytest.mark.parametrize(
    ("question", "variant_id"),
    [
        ("with 2 players how many cards each", "two-player"),
        ("kolmestaan pelatessa montako korttia jaetaan", "three-player"),
        ("vi er 5 spillere, hvor mange kort får vi", "five-player"),
    ],
)
def test_a_player_count_renders_that_variant_without_a_redundant_note(
    question: str, variant_id: str
) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    shown = answer.topics[0]
    assert shown.rendered_for == variant_id
    assert shown.note is None  # the variant's own overview says what it is


@pytest.mark.parametrize(
    ("question", "topic", "variant_id", "overview"),
    [
        (
            "just the two of us, what do we need to open at 1600",
            "opening_minimum",
            "two-player",
            "two_players",
        ),
        (
            "kolmestaan pelatessa mihin pistemäärään peli päättyy",
            "end_of_game",
            "three-player",
            "three_players",
        ),
        ("red threes in cuban, do we need a canasta first", "red_threes", "cuban", "cuban"),
    ],
)
def test_one_rule_asked_for_a_player_count_is_that_rule_with_the_overview_beside_it(
    question: str, topic: str, variant_id: str, overview: str
) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == (topic,)
    assert overview in dict(answer.suggestions)
    assert (
        answer.topics[0].text == INDEX.topic(topic, answer.language, load_variant(variant_id)).text
    )


@pytest.mark.parametrize(
    ("question", "overview", "variant_id"),
    [
        ("how many cards each in cuban?", "cuban", "cuban"),
        ("vi er bare tre, hvor mange kort deler vi ut", "three_players", "three-player"),
        ("meit on vaan kolme, montako korttia kullekin jaetaan", "three_players", "three-player"),
        ("just the two of us tonight, how does it work", "two_players", "two-player"),
        ("vi er bare to, trekker vi ett eller to kort hver tur", "two_players", "two-player"),
        ("six of us, how many decks do we shuffle", "five_six_players", "six-player-pairs"),
        # what a side needs to go out is part of the variant's make-up (LABELLING.md)
        ("just the two of us, how many canastas before I can go out", "two_players", "two-player"),
        (
            "kolmestaan pelatessa tarvitaanko kaksi kanastaa ulosmenoon",
            "three_players",
            "three-player",
        ),
    ],
)
def test_the_game_as_a_whole_for_a_player_count_is_its_overview(
    question: str, overview: str, variant_id: str
) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == (overview,)
    assert answer.topics[0].rendered_for == variant_id
    assert answer.topics[0].applies


@pytest.mark.parametrize(
    ("question", "variant_id"),
    [
        ("we're 6 players in two teams, what do we play to", "six-player-teams"),
        ("six players in three pairs, what do we play to", "six-player-pairs"),
        ("6 players, what do we play to", "six-player-pairs"),
    ],
)
def test_six_players_are_answered_for_the_way_the_question_plays_them(
    question: str, variant_id: str
) -> None:
    answer = INDEX.ask(question, lang="en", variant=CLASSIC)
    shown = answer.topics[0]
    assert shown.rendered_for == variant_id
    target = load_variant(variant_id).numbers()["target"]
    assert str(target) in shown.text.replace(" ", "").replace(",", "")


@pytest.mark.parametrize(
    "question",
    [
        "me and my partner have 1600, what do we need to open",
        "how much for 2 red threes",
        "trekker man ett eller to kort",
        "vi er to hold, hvem giver først",
    ],
)
def test_words_that_only_look_like_a_variant_keep_the_tables_numbers(question: str) -> None:
    answer = INDEX.ask(question, lang="en", variant=CLASSIC)
    assert all(t.rendered_for == "classic" for t in answer.topics if t.applies)
    assert not any("question names" in (t.note or "") for t in answer.topics)


def test_choice_offers_two_topics() -> None:
    from bot.rules.answer import ScoredTopic, decide

    ranking = (ScoredTopic("a", 0.5), ScoredTopic("b", 0.45))
    assert decide(ranking) == ("choice", ["a", "b"], [])
    ranking = (ScoredTopic("a", 0.9), ScoredTopic("b", 0.02))
    assert decide(ranking) == ("answer", ["a"], [])
    assert decide(ranking, small_talk=True) == ("no_match", [], [])
    assert decide(()) == ("no_match", [], [])


def test_run_ask_plain_text() -> None:
    text = run_ask("hvem gir først", lang="no", variant_id="classic")
    assert text.startswith("**" + INDEX.topics["equipment_deal"].text["no"].title)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300), st.sampled_from([None, *LANGS, "de"]))
@example("¹ ² ³", None)
@example("how much is ¹²³ ٣ ٤", "en")
@example("we have ٣٠٠٠, how much to open", "en")
def test_ask_never_raises(question: str, lang: str | None) -> None:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.language in LANGS
    assert len(answer.topics) <= 2
    assert len(answer.suggestions) <= len(INDEX.topics)
    format_plain(answer)


@pytest.mark.parametrize(
    "question",
    ["x" * 10_000, "canasta " * 2000, "Ωμέγα кириллица 漢字 العربية", "\x00\n\t", "9" * 500],
)
def test_ask_survives_odd_input(question: str) -> None:
    """Timing of such input is measured by benchmarks/rules_odd_input.py, not asserted here."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.language in LANGS


def test_cards_together_with_a_wild_card_are_a_meld_not_a_count() -> None:
    """ "sammen med" is "together with", not "add up"; a rank beside jokers is a meld."""
    answer = INDEX.ask("kan jeg ha tre jokere sammen med to sjuere")
    assert answer.topics[0].id == "melds_wild_cards"
    assert not answer.computed


@pytest.mark.parametrize(
    "question", ["vi har 1700 poeng, hvor mye må vi ha", "we have 1700 what do we need"]
)
def test_asking_what_a_side_needs_at_a_score_is_the_opening_minimum(question: str) -> None:
    """Even when the search leans to another topic: with a score stated, "what do we need"
    is the next meld's minimum."""
    assert compute(question, CLASSIC, "round_scoring", True) == [OpeningAnswer(1700, 90, False)]


def test_what_a_side_needs_to_win_is_not_the_opening_minimum() -> None:
    assert compute("we have 4000, what do we need to win", CLASSIC, "end_of_game", True) == []


@pytest.mark.parametrize(
    ("question", "lang", "verdict"),
    [
        ("we have 1600, is K K K Q Q Q enough to put down", "en", "**30** points short"),
        ("vi står på 2150, er joker joker A A A nok", "no", "nok til å melde"),
        ("kaks kuningasta ja jokeri, riittääks se avaukseen ku meil on 0 pistettä", "fi", "riitt"),
    ],
)
def test_a_hand_and_a_score_get_the_minimum_the_count_and_a_verdict(
    question: str, lang: str, verdict: str
) -> None:
    """The opening topic answers, with the minimum, the hand's points and whether they reach it."""
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.topic_ids == ("opening_minimum",)
    assert len(answer.computed) == 3
    assert verdict in answer.computed[2]


def test_a_spoken_finnish_score_statement_gets_the_minimum() -> None:
    answer = INDEX.ask("ollaan 1600, paljonko tarvii et pääsee pöytään", variant=CLASSIC)
    assert answer.topic_ids == ("opening_minimum",)
    assert "**90**" in answer.computed[0]


def test_our_min_at_a_negative_score() -> None:
    answer = INDEX.ask("we're at -40 lol whats our min now", variant=CLASSIC)
    assert answer.topic_ids == ("opening_minimum",)
    assert "**15**" in answer.computed[0]


@pytest.mark.parametrize(
    ("question", "points"),
    [("left in hand K 7 7 A, how much", 40), ("har igjen K 7 7 joker, hvor mye er det", 70)],
)
def test_digits_in_a_list_of_cards_are_cards(question: str, points: int) -> None:
    """ "K 7 7 A" is four cards, not a king and seven aces."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == ("card_values",)
    assert f"**{points}**" in answer.computed[0]


def test_enough_without_a_score_is_not_a_hand_to_count() -> None:
    """ "Is queen and joker enough" at a frozen pile asks about taking it, not their points."""
    answer = INDEX.ask("pakka on jäässä, riittääks rouva + jokeri", variant=CLASSIC)
    assert answer.computed == ()
    assert answer.ranking[0].id == "frozen_pile"


def test_two_hours_is_not_a_deuce() -> None:
    question = "How many points to end the game? We have been at it for two hours now."
    answer = INDEX.ask(question, lang="en", variant=CLASSIC)
    assert not any(isinstance(f, CardAnswer) for f in compute(question, CLASSIC, None))
    assert "**20**" not in format_plain(answer)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("anyone seen the Joker movie yet, worth it?", "en"),
        ("jeg er helt frossen på fingrene, noen som har et pledd", "no"),
        ("mine fødder er iskolde, fyret virker ikke", "da"),
        ("my hands are frozen, hang on", "en"),
    ],
)
def test_game_words_in_small_talk_get_no_answer_and_no_figure(question: str, lang: str) -> None:
    answer = INDEX.ask(question, lang=lang, variant=CLASSIC)
    assert answer.kind == "no_match"
    assert answer.computed == ()


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        (
            "he opened with 40 but we needed 50, noticed it a round later, penalty?",
            "penalties_and_mistakes",
        ),
        ("we had 2 red threes but never melded anything, do we lose 200?", "red_threes"),
    ],
)
def test_an_opening_word_beside_a_number_that_is_no_score_gets_no_opening_figure(
    question: str, topic: str
) -> None:
    """A meld that fell short, red threes that count against a side, a fixed minimum as a
    house rule: with the search sure of another rule, the number is not the side's score, so
    no "at 40 you need 15" is computed (the topics are labelled data)."""
    assert not any(isinstance(f, OpeningAnswer) for f in compute(question, CLASSIC, topic, True))
    assert any(isinstance(f, OpeningAnswer) for f in compute(question, CLASSIC, OPENING, True))


def test_a_minimum_named_as_a_house_rule_is_no_score_under_any_topic() -> None:
    """ "fast åpningskrav på 120": 120 is the minimum asked about, in a clause about opening,
    never a score to work a minimum from, whichever rule the search finds."""
    question = "farmor vil ha fast åpningskrav på 120 hele kvelden, kjent husregel?"
    for topic in ("house_rules", OPENING):
        assert not any(isinstance(f, OpeningAnswer) for f in compute(question, CLASSIC, topic))


@pytest.mark.parametrize(
    ("question", "minimum"),
    [
        ("playing cuban, our team has 3200, what's the threshold for our first meld", 120),
        ("we have 1600, can we open with the discard pile?", 90),
    ],
)
def test_a_stated_score_still_gets_the_opening_figure(question: str, minimum: int) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.computed
    assert f"**{minimum}**" in answer.computed[0]


@pytest.mark.parametrize(
    ("cards", "best", "shown"),
    [
        ((("3", 2),), 0.9, "black_threes"),  # sure of the rule: the count goes beside it
        ((("3", 2),), 0.5, "card_values"),  # unsure: the card values answer
        ((("K", 1), ("5", 1)), 0.9, "card_values"),  # a hand of several ranks: its value
    ],
)
def test_a_count_goes_beside_a_rule_the_search_is_sure_of(
    cards: tuple[tuple[str, int], ...], best: float, shown: str
) -> None:
    """ "Stuck with two black threes, what do they cost": the black-three rule answers when
    the model is sure of it, with their count first and the card values under "see also"."""
    from bot.rules.answer import ScoredTopic
    from bot.rules.index import Ranking

    hits = (ScoredTopic("black_threes", best), ScoredTopic("round_scoring", 0.01))
    hits += (ScoredTopic("card_values", 0.001),)
    figure = CardAnswer(10, cards)
    kind, topics, also = INDEX.place_figures(
        [figure], Ranking(hits, 0.0, "en"), "answer", ["black_threes"], []
    )
    assert (kind, topics) == ("answer", [shown])
    assert "card_values" in also or shown == "card_values"


def test_a_listed_hand_is_answered_with_the_card_values() -> None:
    answer = INDEX.ask("K Q joker 5 left in my hand, how much do we lose", variant=CLASSIC)
    assert answer.topic_ids == ("card_values",)
    assert "**75**" in answer.computed[0]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Are aces wild in canasta?", "melds_wild_cards"),
        ("How many jokers are there in Canasta?", "equipment_deal"),
        ("Can you discard a 3 in canasta?", "black_threes"),
        ("How many canastas do you need for 4 players?", "going_out"),
    ],
)
def test_short_questions_that_name_the_game_reach_their_topic(question: str, topic: str) -> None:
    """The game's own name in a question must not pull it towards the canasta topics."""
    assert INDEX.ask(question, variant=CLASSIC).topic_ids[0] == topic


@pytest.mark.parametrize("question", ["why is it called canasta", "can you play it online"])
def test_questions_about_the_game_rather_than_its_rules_are_declined(question: str) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind == "no_match"
    assert not answer.computed
