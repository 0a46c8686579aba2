"""The search's general means: game vocabulary, compounds, word forms, off-topic gating."""

from __future__ import annotations

import pytest

from bot.rules import RulesIndex
from bot.rules.lexicon import DEFINITION, is_game_word, name_threes
from bot.rules.ranks import RANK_TERM, rank_mentions, suit_of_rank, with_rank_terms
from bot.rules.search import GENERIC_PREFIXES, WHOLE_VARIANT_PREFIXES, WHOLE_VARIANT_WORDS
from bot.rules.text import fold, normalise, tokens
from bot.scoring import load_variant

INDEX = RulesIndex.load()
SEARCH = INDEX.search_index
CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    "word", ["kortteja", "jokerit", "bunkerne", "kanastaksi", "ut", "esset", "arvoltaan", "gir"]
)
def test_game_words_in_any_inflection(word: str) -> None:
    assert is_game_word(word)


@pytest.mark.parametrize("word", ["joke", "klokken", "utrolig", "kello", "weather", "2"])
def test_words_outside_the_game(word: str) -> None:
    assert not is_game_word(word)


@pytest.mark.parametrize(
    "question", ["hvad er klokken", "tell me a joke", "what's 2+2", "paljonko kello on"]
)
def test_questions_without_a_game_word_are_declined(question: str) -> None:
    """Regression: these shared a word with some alias ("med klokken", clockwise) and were
    answered with a rule."""
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("lang", "word", "parts"),
    [
        ("no", "kastebunken", ("kaste", "bunken")),
        ("fi", "poistopakka", ("poisto", "pakka")),
    ],
)
def test_compounds_split_into_known_parts(lang: str, word: str, parts: tuple[str, str]) -> None:
    assert SEARCH.languages[lang]._split(word) == parts


def test_short_words_and_canasta_are_not_split() -> None:
    fi = SEARCH.languages["fi"]
    assert fi._split("sarjassa") == ()
    assert fi._split("kanastaksi") == ()


def test_finnish_gradation_forms_share_a_term() -> None:
    """Snowball gives "kakkonen" -> "kakkon" but "kakkosta" -> "kako"; the lemma table and
    the four-letter prefix term bring them together."""
    fi = SEARCH.languages["fi"]
    assert set(fi.terms(["kakkosta"])) & set(fi.terms(["kakkonen"]))
    assert set(fi.terms(["pakan"])) & set(fi.terms(["pakka"]))


def test_synonyms_are_added_not_replacing() -> None:
    en = SEARCH.languages["en"]
    terms = en.terms(["dirty"])
    assert en.terms(["mixed"])[0] in terms
    assert en.terms(["dirty"], query=False) == ["dirti"]


def test_a_word_with_synonyms_counts_once_in_the_ceiling() -> None:
    """The word counts once in what the question could score, by its best known term."""
    en = SEARCH.languages["en"]
    _, with_synonym = en.score(["dirty"])
    alone = [en._ceiling(t) for t in en.terms(["dirty"]) if t in en.stems]
    assert len(alone) >= 2
    assert with_synonym == pytest.approx(max(alone))


@pytest.mark.parametrize(
    "question",
    ["what counts as a canasta", "hvad tæller som en canasta", "mikä lasketaan kanastaksi"],
)
def test_definition_phrasing_is_not_about_scoring(question: str) -> None:
    assert DEFINITION.search(normalise(question))
    assert SEARCH.search(question).hits[0].id == "canastas"


def test_clear_caches_gives_the_same_ranking() -> None:
    question = "kan jeg ta kastebunken med en joker"
    before = SEARCH.search(question).hits[:3]
    SEARCH.clear_caches()
    assert SEARCH.search(question).hits[:3] == before


@pytest.mark.parametrize(
    ("question", "ranks"),
    [
        ("må man lave en række 4 5 6", 3),
        ("ottere giver hvor mange point", 1),
        ("what do 8s count", 1),
        ("en 7'er", 1),
        ("a 7 of spades", 1),
        ("paljonko kasit on", 1),
        ("4 jokers", 0),
        ("there are 6 of us", 0),
        ("we have 1600", 0),
        ("points for a 4 left in hand", 1),
        ("in a 4 player game", 0),
    ],
)
def test_rank_mentions(question: str, ranks: int) -> None:
    """Digits count as ranks only in a run, with a rank suffix or a suit; named ranks always."""
    assert rank_mentions(tokens(normalise(question))) == ranks


def test_a_rank_digit_becomes_the_rank_term_and_its_suit_is_dropped() -> None:
    words = tokens(normalise("can i do a run like 5 6 7 of hearts"))
    assert with_rank_terms(words)[-3:] == [RANK_TERM] * 3
    assert suit_of_rank(words) == {"of", "hearts"}


def test_card_values_and_melds_gather_the_rank_term() -> None:
    body = SEARCH.languages["da"].fields["body"]
    holders = {SEARCH.ids[doc] for doc, _ in body.postings[RANK_TERM]}
    assert {"card_values", "melds_wild_cards"} <= holders


@pytest.mark.parametrize(
    "question", ["jokeren tæller hvor meget når den ligger på bordet", "ottere giver hvor mange"]
)
def test_a_question_with_strong_game_words_is_not_declined(question: str) -> None:
    """It may be unclear which topic, but it is a rules question: offer the closest two."""
    assert SEARCH.search(question).strong
    assert INDEX.ask(question, variant=CLASSIC).kind != "no_match"


@pytest.mark.parametrize(
    "question", ["how tall is the eiffel tower", "hvor gammel er kongen", "is it a king size bed"]
)
def test_everyday_words_are_not_strong(question: str) -> None:
    """ "tower" is typo-corrected to "toer" (a two), but strength is judged on what was typed."""
    assert not SEARCH.search(question).strong


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("me and my wife only", "two_players"),
        ("vi er kun to", "two_players"),
        ("kahdestaan pelatessa", "two_players"),
        ("tre spillere", "three_players"),
        ("vi er seks", "five_six_players"),
        ("3 ppl how many cards each", "three_players"),
        ("ollaa viis tyyppii, miten jaetaa tiimit", "five_six_players"),
        ("vi vil gerne spille, bare os to", "two_players"),
    ],
)
def test_player_count_phrases_lift_their_topic(question: str, topic: str) -> None:
    factors, counted, count = SEARCH._cue_factors(tokens(normalise(question)))
    assert counted
    assert factors[SEARCH.ids.index(topic)] > 1.0
    assert count is not None
    assert count[0] == topic


def test_a_card_count_is_not_a_player_count() -> None:
    factors, counted, count = SEARCH._cue_factors(
        tokens(normalise("trekker man ett eller to kort"))
    )
    assert not counted
    assert count is None
    assert factors[SEARCH.ids.index("two_players")] < 1.0


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("fik en rød tre fra bunken", "fik en rød treer fra bunken"),
        ("got a red 3", "got a red three"),
        ("musta 3 päällä", "musta kolmonen päällä"),
        ("tre røde kort", "tre røde kort"),
        ("vi har 2 rode 3 ute", "vi har 2 rode treer ute"),
    ],
)
def test_a_colour_before_a_three_names_the_card(text: str, named: str) -> None:
    assert name_threes(text) == named


def test_a_rank_with_a_word_of_value_lifts_card_values_and_without_one_lowers_it() -> None:
    values = SEARCH.ids.index("card_values")
    worth, *_ = SEARCH._cue_factors(tokens(normalise("hvor mye er sjuere verdt")))
    meld, *_ = SEARCH._cue_factors(tokens(normalise("kan jeg melde sjuere med en joker")))
    assert worth[values] > 1.0 > meld[values]


def test_normal_play_compared_with_a_variant_is_about_the_variant() -> None:
    """ "normal" is classic play: the variant named beside it stays the subject."""
    assert SEARCH.search("cuban rules vs normal?").hits[0].id == "cuban"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("can we play to 3000 instead", "house_rules"),
        ("kan vi spille til 10000", "house_rules"),
        ("begge hold over 5000 i samme runde", "end_of_game"),
    ],
)
def test_a_round_target_points_to_the_end_of_the_game_or_house_rules(
    question: str, topic: str
) -> None:
    """The classic target is the end of the game; another target to play to is a house rule."""
    assert SEARCH.search(question).hits[0].id == topic


def test_a_score_is_not_a_target() -> None:
    assert SEARCH.search("we have 3000 what do we need to open").hits[0].id == "opening_minimum"


def test_worked_examples_give_no_rank_term() -> None:
    """The opening-minimum example names aces and queens; rank questions are not about it."""
    body = SEARCH.languages["en"].fields["body"]
    holders = {SEARCH.ids[doc] for doc, _ in body.postings[RANK_TERM]}
    assert "opening_minimum" not in holders


def test_a_rank_noun_is_not_typo_corrected() -> None:
    """ "kasit" (eights) must not become "kast" (discard)."""
    result = SEARCH.search("kasit paljonko ne on")
    assert "kasit" in result.words
    assert result.hits[0].id == "card_values"


def test_a_run_of_named_ranks_is_about_melds() -> None:
    """ "run" beside ranks asks about runs (melds), not the stock running out."""
    assert SEARCH.search("is a run like 8 9 10 allowed").hits[0].id == "melds_wild_cards"
    assert SEARCH.search("what if the stock runs out").hits[0].id == "stock_exhausted"


def test_playing_a_variant_for_the_first_time_is_about_the_variant() -> None:
    assert SEARCH.search("new to the cuban version, what changes?").hits[0].id == "cuban"


def test_a_book_is_not_a_game_word() -> None:
    """ "kirja" (book) shares its first letters with "kirjata" (to record a score)."""
    assert not is_game_word("kirjaa")


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("the discard pile has a deuce in it, can we still pick it up", "frozen_pile"),
        ("can i take the pile with a joker and a 7", "taking_pile"),
    ],
)
def test_a_wild_card_in_the_pile_is_about_the_frozen_pile(question: str, topic: str) -> None:
    """A wild card *in* the pile froze it; one in the hand is an ordinary way to take it."""
    assert SEARCH.search(question).hits[0].id == topic


def test_going_out_without_a_word_of_asking_is_not_about_the_partner() -> None:
    assert SEARCH.search("do we need a canasta before we go out").hits[0].id == "going_out"
    assert SEARCH.search("do i have to ask my partner first").hits[0].id == "asking_partner"


def test_a_named_black_three_is_the_subject() -> None:
    assert SEARCH.search("a black three was discarded, can i pick up the pile").hits[0].id == (
        "black_threes"
    )


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("we legger ut tre damer", "melde"),
        ("can i chuck my last card", "discard"),
        ("heitänkö kortin pois", "poistaa"),
        ("who takes the heap", "pile"),
        ("is it the same minimum every first meld", "opening"),
    ],
)
def test_action_phrases_add_the_topics_words(question: str, added: str) -> None:
    """The game's actions as players say them reach the words the topic texts use."""
    assert added in SEARCH.search(question).words


@pytest.mark.parametrize(
    "question", ["can i chuck a card when my go ends", "hvor mye trengs for å legge ned nå"]
)
def test_a_weak_question_in_game_words_gets_a_choice(question: str) -> None:
    """A question with the game's actions or words but a low score is offered the closest
    topics instead of the full list."""
    assert INDEX.ask(question, variant=CLASSIC).kind != "no_match"


@pytest.mark.parametrize("question", ["når går toget", "hvem vant i går", "bussen kommer snart"])
def test_everyday_questions_are_declined(question: str) -> None:
    """Everyday words are not corrected into game words ("bussen" -> "bonussen") and generic
    game words ("vant") do not turn a weak match into a choice."""
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    "question",
    [
        "whose turn is it to buy the pizza",
        "hvis tur er det til at hente øl",
        "kenen vuoro on hakea pizzat",
        "does a flush beat a straight in poker",
        "koska pelataan seuraavan kerran",
    ],
)
def test_game_night_chores_and_other_games_are_small_talk(question: str) -> None:
    """A turn to fetch the beer is not a turn in the game, whatever form the word takes."""
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("can i take the discard pile while we wait for pizza", "taking_pile"),
        ("vi spiller cubansk i kveld, hva er forskjellig", "cuban"),
        ("is it clockwise or counter clockwise", "turn"),
    ],
)
def test_rules_questions_with_everyday_words_are_still_answered(question: str, topic: str) -> None:
    """A game word that only Canasta has, or a day said beside a specific game word, keeps a
    question a rules question; "clockwise" is not the clock."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


def test_cuban_only_topics_step_back_at_a_classic_table() -> None:
    question = "kan toere brukes som joker"
    classic = INDEX.ask(question, variant=CLASSIC)
    assert classic.ranking[0].id == "melds_wild_cards"
    ids = [h.id for h in INDEX.ask(question, variant=load_variant("cuban")).ranking[:3]]
    assert "wild_canastas" in ids


def test_a_canasta_of_wild_cards_only_is_cuban_wild_canastas() -> None:
    answer = INDEX.ask("a canasta made of only jokers, what is it worth", variant=CLASSIC)
    assert answer.ranking[0].id == "wild_canastas"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how high do we play up to", "end_of_game"),
        ("kan vi endre målet", "house_rules"),
        ("do you draw 1 or 2 each time", "turn"),
        ("how many twos can a set have", "melds_wild_cards"),
        ("vi bare er tre, hvordan spiller vi", "three_players"),
        ("når er det en ren canasta", "canastas"),
    ],
)
def test_general_cues(question: str, topic: str) -> None:
    """Cues for whole concepts (playing up to a score, changing the target, how many cards a
    turn draws, wild cards in a meld, word order of a player count, "when is it a X")."""
    assert INDEX.ask(question, variant=CLASSIC).ranking[0].id == topic


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("meitä on kaks, miten pelataan", "two_players"),
        ("meitä on kuus, miten pelataan", "five_six_players"),
        ("seittemän kakkosen kanasta", "wild_canastas"),
    ],
)
def test_spoken_finnish_numbers(question: str, topic: str) -> None:
    """Spoken forms ("kaks", "kuus", "seittemän") and "meitä on N" count as the written ones."""
    assert INDEX.ask(question, variant=CLASSIC).ranking[0].id == topic


def test_a_rule_asked_about_in_cuban_also_offers_the_cuban_overview() -> None:
    """The Cuban rule comes first; "see also" names what else Cuban changes."""
    answer = INDEX.ask("what do black threes do in cuban", lang="en", variant=CLASSIC)
    assert answer.topic_ids == ("black_threes",)
    assert "cuban" in [topic_id for topic_id, _ in answer.suggestions]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("do we play clockwise", "turn"),
        ("spiller vi mot klokka", "turn"),
        ("pelataanko vastapäivään", "turn"),
        ("hvad sker der hvis vi står lige", "end_of_game"),
        ("what if we are tied at the end", "end_of_game"),
        ("må jeg smide mit sidste kort når jeg går ud", "going_out"),
        ("we have 9 kings down, is that one canasta", "canastas"),
        ("vi har 8 esser på bordet, er det stadig en kanasta", "canastas"),
        ("hvor mange kortstokker trenger vi når vi er fire", "equipment_deal"),
        ("he put a joker on the discards, what now", "frozen_pile"),
        ("vi spiller cubansk, hvad er anderledes", "cuban"),
    ],
)
def test_concepts_named_in_everyday_words(question: str, topic: str) -> None:
    """Direction of play, a tie, going out beside a discard, seven or more of a rank."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


def test_another_card_game_is_small_talk_even_with_ranks() -> None:
    assert INDEX.ask("how do you play crazy eights", variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("can i meld ♣3", "black three"),
        ("3♦ on the table", "red three"),
        ("a 3 of spades", "black three"),
        ("må jeg lægge spar 3 ud", "sort treer"),
        ("saako patakolmosen laittaa", "musta kolmosen"),
        ("seven of hearts", None),
    ],
)
def test_a_three_named_by_its_suit_gets_its_colour(text: str, named: str | None) -> None:
    result = name_threes(normalise(text))
    if named is None:
        assert result == normalise(text)
    else:
        assert named in result


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("what rules do people usually agree on at home", "house_rules"),
        ("can our score go into minus", "round_scoring"),
        ("what happens when someone empties their hand", "going_out"),
        ("both on 5080, now what", "end_of_game"),
        ("is throwing a ♠3 a good block", "black_threes"),
    ],
)
def test_more_concepts_in_everyday_words(question: str, topic: str) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


@pytest.mark.parametrize(
    "question",
    [
        "my screen froze, can you hear me",
        "going out for a smoke, back in 5",
        "my hand hurts, doctor?",
    ],
)
def test_screens_smokes_and_aches_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("we have not melded anything, can we take the pile", "frozen_pile"),
        ("kan en joker bruges i stedet for en konge", "melds_wild_cards"),
        ("both sides passed 5k this hand, who wins", "end_of_game"),
        ("what do i do when it's my go", "turn"),
        ("can i discard my last card without a canasta", "going_out"),
    ],
)
def test_situations_described_without_the_rule_name(question: str, topic: str) -> None:
    """Not having melded beside the pile, a wild card in place of a rank, a score in
    thousands, one's own turn, the last card."""
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


@pytest.mark.parametrize(
    "question",
    ["shall we go out to eat after this", "kenen vuoro on tiskata", "hvem har set min lader"],
)
def test_eating_out_chores_and_chargers_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


def test_a_walk_through_the_count_is_not_a_walk() -> None:
    """Only unambiguous everyday words count: "walk me through the counting" is a rules question."""
    assert INDEX.ask("hand is over, walk me through counting up", variant=CLASSIC).kind != (
        "no_match"
    )


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("kings and 2s, 10 or 20?", "card_values"),
        ("paljon kakkonen on pisteitä", "card_values"),
        ("does play go left or right", "turn"),
        ("eka kertaa pelaan, mitä teen ku on mun vuoro", "turn"),
    ],
)
def test_values_offered_as_a_choice_and_first_games(question: str, topic: str) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


@pytest.mark.parametrize(
    "question", ["turn the music down please", "kan noen lukke vinduet, hendene fryser"]
)
def test_music_and_windows_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how does cuban canasta work", "cuban"),
        ("he opened below the minimum and we only just noticed", "penalties_and_mistakes"),
        ("hvad giver det at komme af med alle kortene", "going_out"),
        ("mikä on raja ekalle laskulle", "opening_minimum"),
    ],
)
def test_a_variant_asked_about_whole_mistakes_noticed_late_and_first_melds(
    question: str, topic: str
) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert answer.ranking[0].id == topic


def test_two_teams_is_not_two_players() -> None:
    answer = INDEX.ask("hvordan sidder vi når vi er to hold", variant=CLASSIC)
    assert "two_players" not in [hit.id for hit in answer.ranking[:2]]


@pytest.mark.parametrize(
    "question", ["kan noen skru opp varmen", "hvem sin tur er det å vaske opp", "its cold in here"]
)
def test_heating_and_washing_up_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("bare meg og kona i kveld, hvor mange kort får vi?", "two_players"),
        ("playing with just my gf, how many cards each", "two_players"),
        ("my aunt plays that you always need 120 to start, is that legit", "house_rules"),
        ("som husregel, kan vi kreve to canastaer for å gå ut", "house_rules"),
        ("the rulebook says 13 cards each, the bot says 11, which one is right", "disagreements"),
        ("first card turned up to start the pile was a joker, what now", "equipment_deal"),
        ("them 5400 us 5250, game over or keep going", "end_of_game"),
        ("closed hand going out bonus how much", "concealed"),
        ("which way does play go", "turn"),
        ("Hvor mye får vi for sju like kort helt uten jokere?", "canastas"),
        ("Hvad giver det at blive af med alle sine kort først?", "going_out"),
        ("drew the last card from the stock, can I still meld", "stock_exhausted"),
        ("when opening with the pile, do the cards under the top one count", "opening_minimum"),
    ],
)
def test_situation_phrases_point_to_their_topic(question: str, topic: str) -> None:
    """Phrases that describe a situation without the topic's own words (a couple at the table,
    a family's custom, a book that says otherwise, the first upcard) still reach the topic."""
    answer = INDEX.ask(question, variant=load_variant("classic"))
    assert answer.topic_ids[0] == topic, answer.ranking[:3]


@pytest.mark.parametrize(
    "question",
    ["Kasper er sådan en joker haha", "my laptop froze again brb", "the stock market, ugh"],
)
def test_game_words_in_an_everyday_sense_are_declined(question: str) -> None:
    assert INDEX.ask(question, variant=load_variant("classic")).kind == "no_match"


def test_a_joker_in_a_rules_question_is_still_the_card() -> None:
    answer = INDEX.ask("is a joker worth 50", variant=load_variant("classic"))
    assert answer.topic_ids == ("card_values",)


@pytest.mark.parametrize(
    "question",
    [
        "what was the score in the arsenal game",
        "did u see the kings game last night? what was the score",
        "Jokerit voitti eilen, näittekö?",
    ],
)
def test_last_nights_match_is_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


def test_the_score_of_our_own_game_is_still_a_rules_question() -> None:
    assert INDEX.ask("what is the score in the canasta game", variant=CLASSIC).kind != "no_match"


@pytest.mark.parametrize(
    "question",
    [
        "Jeg fryser sånn, noen som vet hvor pleddet ble av?",
        "Mul jäätyy tää kone koko ajan, kuuluuks mut?",
        "Veikko on kyllä varsinainen jokeri, aina vitsailemassa",
        "Hvem har tur til at tage kage med næste gang?",
        "Må bare melde fra til naboen at vi bråker litt i kveld",
        "how do you play crazy eights",
    ],
)
def test_freezing_people_cake_and_neighbours_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


def test_crazy_alone_is_not_crazy_eights() -> None:
    question = (
        "Ella says in Cuban a canasta of seven twos is worth 4000. Sounds crazy, is that true?"
    )
    assert INDEX.ask(question, variant=CLASSIC).topic_ids == ("wild_canastas",)


def test_a_pile_that_freezes_is_still_the_frozen_pile() -> None:
    answer = INDEX.ask("bunken fryser når det ligger en toer der", variant=CLASSIC)
    assert answer.topic_ids == ("frozen_pile",)


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Vi blir seks i kveld, hvordan deler vi oss i lag?", "five_six_players"),
        ("hvordan afslutter man en runde?", "going_out"),
        ("saako sarjassa olla eri maita", "melds_wild_cards"),
    ],
)
def test_a_coming_count_how_rounds_end_and_suits_in_melds(question: str, topic: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).ranking[0].id == topic


@pytest.mark.parametrize(
    "question",
    [
        "Can we turn the volume down a bit? There's an echo",
        "Have to deal with a work email real quick, sorry",
        "Det var en god deal på taco på Rema i dag",
        "Kan jeg melde afbud til næste uge? Vi skal til konfirmation",
        "Jäädytin loput lihat pakkaseen",
    ],
)
def test_game_words_in_everyday_phrases_are_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("what if we turn up a wild card at the start", "equipment_deal"),
        ("den joker som ligger øverst, fryser den bunken?", "frozen_pile"),
        ("how do we deal with a red three turned up at the start", "red_threes"),
    ],
)
def test_the_same_words_in_rules_questions_still_answer(question: str, topic: str) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.kind != "no_match"
    assert topic in [t.id for t in answer.ranking[:2]]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("in uno you draw one per turn, is it always just one card from the deck here?", "turn"),
        ("i bridge sitter makkerne rett overfor hverandre, er det sånn her og?", "equipment_deal"),
        ("bridgessä parit istuu vastakkain, miten täällä istutaan?", "equipment_deal"),
    ],
)
def test_another_card_game_compared_with_this_one_is_a_rules_question(
    question: str, topic: str
) -> None:
    answer = INDEX.ask(question, variant=CLASSIC)
    assert answer.topic_ids == (topic,)


@pytest.mark.parametrize(
    "question", ["skal vi spille poker etterpå?", "anyone up for bridge after this?"]
)
def test_another_card_game_alone_is_still_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


def test_a_question_about_our_own_rules_tonight_is_a_rules_question() -> None:
    answer = INDEX.ask("vi vil ha noen egne regler i kveld, hva pleier folk å endre på?")
    assert answer.topic_ids == ("house_rules",)


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("mikä se kuubalainen canasta oikein on", "cuban"),
        ("Hvordan skal vi sidde, når vi er fire, to mod to?", "equipment_deal"),
        (
            "onks jokeri villi niinku pokerissa? montako saa olla yhdessa sarjassa",
            "melds_wild_cards",
        ),
    ],
)
def test_fillers_two_against_two_and_spoken_comparisons(question: str, topic: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).topic_ids == (topic,)


@pytest.mark.parametrize(
    "question",
    ["that joker Pete still owes me a tenner", "se on kyl aikamoinen jokeri tuo Pekka"],
)
def test_a_person_called_a_joker_is_small_talk(question: str) -> None:
    assert INDEX.ask(question, variant=CLASSIC).kind == "no_match"


def test_the_variant_word_lists_are_folded_like_the_words_they_meet() -> None:
    """They are compared with folded words: "ændrer" arrives as "aendrer", so an unfolded
    "ændr" would never match and "cubansk, hvad ændrer sig" would not be about the variant."""
    for word in (*GENERIC_PREFIXES, *WHOLE_VARIANT_PREFIXES, *WHOLE_VARIANT_WORDS):
        assert fold(word) == word, word
