"""Multilingual lexical search over the rules topics.

Three channels, measured on a prototype (ARCHITECTURE.md, "Rules search"):

* BM25 over Snowball stems, one index per language, with three fields per topic: aliases (the
  phrasings players use; weighted most, they gave the largest gain), title, and the answer texts
  (every variant's). A question is scored against all four languages and a topic keeps its best.
* Typo correction against the topics' own vocabulary only (rapidfuzz, cutoff 85, words of five
  letters or more, and never a word some language already knows), so "canastra" becomes
  "canasta" but "there" never becomes "three".
* Character 3-5-grams (``ngrams.py``) for compounds, inflections and small typos, over the
  question's words and the game words they stand for (``lexicon.SYNONYMS``: "smide" also
  reaches the aliases as "kaste").

Scores are normalised so they mean the same for any question: BM25 is divided by what the
question's own terms could score at most (a word no topic contains still counts in that
denominator), so "what's the weather like" explains almost nothing and is declined rather than
matched to the least bad topic. The n-gram cosine is already in [0, 1]; the two are summed.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from rapidfuzz import fuzz, process

from bot.rules.bm25 import BM25
from bot.rules.classifier import TopicClassifier, word_start
from bot.rules.examples import OFF_TOPIC, Example
from bot.rules.lexicon import (
    ACTIONS,
    BEYOND,
    CANASTA_RANK_BOOST,
    CANASTA_TOPIC,
    CUBAN_ONLY_DAMP,
    CUES,
    DEFINITION,
    HOUSE_RULES_TOPIC,
    INSTEAD,
    LEMMAS,
    MELD_TOPIC,
    NAMED_VARIANTS,
    PLAY_TO,
    PLAYER_COUNT_BOOST,
    PLAYER_COUNTS,
    RANK_NO_VALUE,
    RANK_VALUE_BOOST,
    RANKS_MELD_BOOST,
    SEQUENCE,
    SEQUENCE_MELD_BOOST,
    SEVEN_OR_MORE,
    SYNONYMS,
    TARGET_BOOST,
    TARGET_TOPIC,
    VALUE_TOPIC,
    VALUE_WORDS,
    WILD_CANASTA_WORD,
    WILD_CARD,
    WILD_ONLY,
    WILD_ONLY_BOOST,
    is_game_word,
    is_specific_game_word,
    is_strong_game_word,
    name_threes,
)
from bot.rules.ngrams import NgramIndex
from bot.rules.ranks import (
    RANK_TERM,
    clear_rank_cache,
    is_number_rank,
    is_rank_word,
    rank_mentions,
    suit_of_rank,
    with_rank_terms,
)
from bot.rules.smalltalk import is_everyday_word, names_other_game, small_talk
from bot.rules.text import (
    ALL_STOPWORDS,
    KEEP,
    content_words,
    fold,
    is_canasta,
    normalise,
    stem,
    stopword_hits,
    tokens,
)
from bot.rules.topics import LANGS, Topic
from bot.scoring import all_variants

LEARNED_WEIGHT = 0.5
"""How much the learned channel (``classifier.py``) adds: its probability for a topic times
this share of the best lexical score. Relative to the best, it reorders topics the question's
words already reach but never lifts a question nothing explains over the decline threshold.
Chosen by leaving each labelled question set out in turn (0.3-0.8 were within a point)."""
MAX_QUESTION_CHARS = 400
"""Longer input is cut: a rules question is a sentence, and this bounds the work per query."""
FIELD_WEIGHTS = {"aliases": 3.0, "title": 2.0, "body": 1.0}
NGRAM_WEIGHT = 0.3
FUZZY_CUTOFF = 85.0
FUZZY_MIN_LENGTH = 5
PREFIX = 5
"""A word sharing its first five letters with a topic word counts as known for coverage
("kuninkaan" / "kuningas", "udlægget" / "udlæg"): inflection, not a foreign subject."""
VARIANT_WORDS: dict[str, tuple[str, ...]] = {"cuban": ("cuba", "kuba", "kuuba")}
"""Folded prefixes that name a variant in a question ("kubansk", "kuubalaisessa")."""
VARIANT_BOOST = 1.2
"""A question that names a variant as context ("red threes in Cuban") is scored without the
name, and topics with rules of their own for that variant are lifted by this factor; otherwise
the variant's overview topic, whose every alias names it, wins every such question."""
OVERVIEW_SHARE = 0.75
"""The named variant's overview topic ("Cuban canasta: what's different") scores at least this
share of the best topic, so a question like "black threes in Cuban" gets the Cuban black-three
rule and "see also" the variant's overview (``answer.SUGGEST_RATIO`` is lower, the tie ratio
higher): the player asking about one Cuban rule often wants the others."""
COUNT_SUBJECT_SHARE = 1.15
"""A question that states how many play and asks nothing a single rule answers ("vi er tre,
hvor mange kort deler vi ut") gets that count's overview first: it states the cards dealt and
the sides for that count in one place, beside what else changes. Above the best by more than
``answer.TIE_RATIO`` allows, so it is answered, not offered beside the deal."""
GENERIC_PREFIXES = (
    *("differ", "forskj", "forskel", "ero", "rule", "regl", "saan", "what", "mik"),
    *("anderl", "annerl", "erila", "other", "andr", "muu"),
    *("fung", "work", "toimi", "how", "hvord", "miten"),
    *("normal", "classic", "klassi", "vanlig", "almind", "tavalli", "regular", "standard"),
    *("version", "variant", "versio", "chang", "endr", "aendr", "muutt", "muuttu"),
    *("play", "spill", "spil", "pela", "first", "forst", "ensimm", "time", "gang", "kerta"),
    *("oikein", "oikeast", "egentl", "faktisk", "actual", "really", "exact", "ihan"),
    *("eri", "tavalla", "versus", "compar", "sammenlig", "verrat", "alone", "alene", "yksin"),
)
"""Words that leave a question about the variant itself ("what's different in Cuban"), folded
(``text.fold``) as the words they are compared with."""
WHOLE_VARIANT_PREFIXES = (
    *("card", "kort", "deal", "uddel", "jaet", "jaka", "jako", "seat", "sidd", "sitt", "istu"),
    *("team", "joukku", "player", "many", "mange", "mang", "mont", "hver", "kulle", "each"),
    *("deck", "pack", "kortstok", "kortspil", "pakkaa", "shuffl", "stokk", "sekoit"),
    *("draw", "drew", "trekk", "traek", "trak", "nost"),
)
WHOLE_VARIANT_WORDS = frozenset(
    {"lag", "hold", "par", "pair", "pairs", "pari", "parit", "dele", "deler", "delt", "ut", "ud"}
    | {"lagene", "laget", "holdene", "holdet", "parene", "parrene", "teams", "joukkueet"}
    | {"far", "faar", "fa", "faa", "get", "gets", "blir", "bliver", "blive", "become", "saa"}
    | {"makker", "makkere", "makkerne", "partner", "partners", "teammate", "teammates"}
    | {"gar", "gaar", "possible", "mulig", "muligt", "voiko", "voiks", "go", "goes", "use", "used"}
    | {"bruke", "brukes", "bruge", "bruges", "kaytetaan", "kaytetty"}
    | {"tur", "turen", "turn", "turns", "vuoro", "vuorolla", "vuorossa", "pick", "picks", "up"}
    | {"vs", "pareja", "pareissa", "joukkueita", "joukkueissa", "sammen", "together", "yhdessa"}
    | {"mann", "mannen", "manden", "kona", "kone", "konen", "wife", "husband", "soster", "bror"}
    | {"brother", "sister", "datter", "datteren", "son", "sonn", "sonnen", "mamma", "pappa"}
    | {"mor", "kaereste", "kaeresten", "kjaereste", "kjaeresten", "vaimo", "mies", "sisko"}
    | {"veli", "aiti", "isa", "friend", "friends", "venn", "venner", "ven", "kaveri"}
)
"""Words of what a variant's overview states and no single rule does: the decks and cards
dealt, the seating and the sides, what is drawn each turn (two players draw two) ("how many
cards each in Cuban", "vi er tre, hvordan blir lagene", "vi er 3, hvem er makker med hvem", "vi
er bare to, hvor mange kort trekker vi hver tur"), and the plain verbs such questions use
("får", "blir", "get"), and who the players are ("min mann og jeg", "me and my sister"). A
question naming a variant with only these and ``GENERIC_PREFIXES`` is about the variant."""
WHOLE_ASK = re.compile(
    r"(?:^| )(?:deal\w*|uddel\w*|dele|deler|deles|delt|jaet\w*|jaka\w*|jako\w*|seat\w*|istu\w*"
    r"|teams?|joukku\w*"
    r"|lag|lagene|hold|holdene|pairs?|parit|partners|decks?|kortstok\w*|kortspil|pakkaa"
    r"|(?:cards?|kort\w*) (?:\w+ ){0,3}(?:each|hver|hvert|kullekin|per|pr|apiece)"
    r"|(?:each|every|hver|kullekin) (?:player|spiller\w*|pelaaja\w*)"
    r"|(?:else|ellers|muuta|muuten|annet|andet|other) (?:\w+ )?(?:differ\w*|anderledes|annerledes"
    r"|eroa|erilai\w*|chang\w*|forskjell\w*|forskel\w*|muuttuu))(?= |$)"
)
"""What only a variant's overview states, said in a question that also asks about a rule ("cuban
how many cards each + what do we play to", "the pile is always frozen in Cuban, what else is
different"): the overview, which answers both. Narrower than
``WHOLE_VARIANT_PREFIXES``: "how many", "cards" or "each one left in hand" may ask about a
rule."""
GAME_NAMES = frozenset({"canasta", "kanasta", "canastan", "kanastan", "canastassa", "kanastassa"})
"""The game's name as said with a variant ("Cuban canasta", "kuubalaisessa canastassa");
"how many canastas" asks about a rule."""
COVERAGE_FLOOR = 0.3
"""Score multiplier when no content word is known; rises linearly to 1 at full coverage."""
NO_GAME_WORD = 0.35
"""Score multiplier for a question without a single word of the game's vocabulary
(``lexicon.is_game_word``): words shared with some alias by accident ("klokken", "joke") are
not enough to answer with a rule."""
NOVEL_SHARE = 0.4
NOVEL_MIN_LENGTH = 4
"""A question of which at least this share of the content words (of four letters or more)
are new, used by no topic's text and by no labelled rules question, is small talk unless it
names something only the game has or a variant: "det ligger en bunke med regninger på
kjøkkenbordet", "who made the salsa?". Players ask about the rules in words earlier players
used; chatter brings its own subjects, which no word list can hold in full. Leaving each
labelled set out in turn (so its own words are new), top-1 lost 0.1 point or none on each
group of sets at 0.4 (0.2-0.3 at 0.3), and blind set 25, run once before this existed with
72.2% of its off-topic lines declined, then declined 80.6% (83.3% at 0.3) with its top-1
unchanged. Danish and Norwegian typed without "å" and "ø" ("aabne", "goer") are read as such
(``classifier.word_start``)."""
LEARNED_CHATTER = 0.5
"""The learned channel is trained on the labelled off-topic lines too, as one more class: a
question it gives at least this probability of being small talk, with no strong game word, is
small talk ("pass me that pile of napkins", "my partner's picking me up at eleven"), whatever
the everyday word lists know. Leaving each labelled set out in turn, off-topic declined rose
96.9 -> 98.1% on the blind-written sets and 90.8 -> 98.0% on the written ones (made of game
words in everyday senses), for 0.1 point of top-1; at 0.3 top-1 lost 0.2 and top-3 0.1."""
SMALL_TALK_DAMP = 0.9
"""Score multiplier for a question whose small talk outweighed its game words (``smalltalk``),
on top of ``NO_GAME_WORD``: "mennään ulos tupakalle?" shares "ulos" with going out and still
is a smoke break. Leaving each labelled set out in turn, off-topic declined on the blind-written
sets rose 97.3 -> 97.7 at 0.9 with rules questions unchanged; at 0.8 and below rules questions
began to be declined."""
COMPOUND_MIN = 7
COMPOUND_PART = 3
"""Compounds of at least seven letters are split into known parts of at least three."""
TRUNCATE = {"fi": 4}
"""Languages whose words also match on their first letters (folded), as an extra term:
Finnish inflection and consonant gradation defeat Snowball ("kakkonen" -> "kakkon", "kakkosta"
-> "kako"), while the first four letters of the word mostly survive ("kakk")."""
LINKING = "se"
EXAMPLE = re.compile(r"\*\*(?:Example|Eksempel|Esimerkki):\*\*[^\n]*")
"""A worked example in an answer, up to the end of its line. Its words are indexed, but the
ranks it happens to use ("three aces ... Q Q Q" in the opening minimum) give no rank term: the
topic is not about those ranks, and the term would pull every rank question towards it."""
"""Linking letters between compound parts ("spillerens", "kasteBunke", "sekakanasta")."""


THOUSANDS = re.compile(r"\b(\d{1,2})k\b")
"""Scores in thousands as players type them: "crossed 5k" is 5000."""
TARGET_STEP = 500
TARGET_MIN = 1000
"""Round numbers from 1000 up may be a game target; other numbers are scores or card counts."""


@functools.cache
def _targets() -> frozenset[int]:
    """The classic game target. The bigger variants' targets (7500, 10000) are also the house
    rules' alternatives for a classic table ("kan vi spille til 10000"), which is the commoner
    question; the search does not know the channel's variant."""
    return frozenset({int(all_variants()["classic"].numbers()["target"])})


def _target_topic(words: list[str], joined: str) -> str | None:
    """The topic a round number in the question points to (see ``lexicon.TARGET_BOOST``):
    a variant's own target said with playing or passing it is the end of the game, any other
    round target said with playing to it is a house rule; None when there is no such number."""
    numbers = {
        int(w)
        for w in words
        if w.isdecimal() and int(w) >= TARGET_MIN and int(w) % TARGET_STEP == 0
    }
    if not numbers:
        return None
    play = PLAY_TO.search(joined) is not None
    if INSTEAD.search(joined) and play:
        return HOUSE_RULES_TOPIC
    if numbers & _targets() and (play or BEYOND.search(joined)):
        return TARGET_TOPIC
    if numbers - _targets() and play:
        return HOUSE_RULES_TOPIC
    return None


WILD_ONLY_TOPIC = "wild_canastas"


def position_of(ids: list[str], topic_id: str) -> int | None:
    """The index of ``topic_id`` in ``ids``, or None when the dataset has no such topic."""
    return ids.index(topic_id) if topic_id in ids else None


class ScoredTopic(NamedTuple):
    """One topic's score for a question: (``lexical`` + NGRAM_WEIGHT * ``ngram``) scaled down
    by the share of the question's words no topic knows (see ``SearchResult.coverage``). A
    named tuple: a question makes some fifty of them, and a frozen dataclass cost a tenth of
    the search to build."""

    id: str
    score: float
    lexical: float
    ngram: float


@dataclass(frozen=True)
class SearchResult:
    hits: tuple[ScoredTopic, ...]
    """Topics with any score, best first."""
    language: str | None
    """The language the question looks written in, or None when nothing says."""
    words: tuple[str, ...]
    """The question's words after normalising and typo correction."""
    coverage: float = 0.0
    """Share of the question's content words some topic knows (1.0 when it has none)."""
    strong: bool = False
    """The question names something only the game has (``lexicon.STRONG_GAME_WORDS``, a card
    rank, a player count): it is never declined outright (``answer.decide``)."""
    game: bool = False
    """The question uses the game's vocabulary at all (``lexicon.is_game_word``, an action
    phrase) and no everyday word of small talk: a weak score then offers the closest topics
    instead of declining (``answer.decide``)."""
    small_talk: bool = False
    """Small talk outweighed the game's words ("did anyone see the new Joker movie? worth
    it?"): the question is declined, and no figure is worked out from its numbers or cards."""
    named_variant: str | None = None
    """The one variant the question names in so many words ("in Cuban", "with 3 players";
    ``lexicon.NAMED_VARIANTS``), or None: the answer is then given for that variant."""


def named_variant(folded: str) -> str | None:
    """The variant id a folded question names, when it names exactly one."""
    named = [variant for variant, pattern in NAMED_VARIANTS if pattern.search(folded)]
    if "six-player-teams" in named:  # "six ... in teams" refines "six players"
        named.remove("six-player-pairs")
    return named[0] if len(named) == 1 else None


def _render_numbers(topic: Topic) -> dict[str, object]:
    variant_id = topic.home_variant or "classic"
    variants = all_variants()
    return dict(variants.get(variant_id, next(iter(variants.values()))).numbers())


class _SafeDict(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return ""


def _body(topic: Topic, lang: str) -> str:
    text = topic.text[lang]  # type: ignore[index]
    numbers = _SafeDict(_render_numbers(topic))
    parts = [text.answer.format_map(numbers)]
    parts += [v.answer.format_map(numbers) for v in text.by_variant.values()]
    parts += [v.answer.format_map(numbers) for v in text.without.values()]
    return "\n".join(parts)


def _body_words(doc: str) -> list[str]:
    """The answer text's words with ``RANK_TERM`` for the ranks it names outside its worked
    examples (``EXAMPLE``); the examples' own words are kept."""
    examples = " ".join(EXAMPLE.findall(doc))
    rest = EXAMPLE.sub(" ", doc)
    plain = [w for w in with_rank_terms(tokens(normalise(examples))) if w != RANK_TERM]
    return with_rank_terms(tokens(normalise(rest))) + plain


class _LanguageIndex:
    """BM25 fields and vocabulary of one language.

    A word becomes a small group of alternative terms: its stem, the stem of the form the texts
    use (``lexicon.LEMMAS``), of the game word players mean by it (``lexicon.SYNONYMS``, in
    questions only) and of the two halves of a compound ("kastebunken" -> "kaste" + "bunken",
    "poistopakka" -> "poisto" + "pakka"), so a question and a topic that name the same thing
    with different word formation still meet. Compounds are split on both sides.
    """

    def __init__(self, lang: str, topics: list[Topic]) -> None:
        self.lang = lang
        self.lemmas = LEMMAS[lang]
        self.synonyms = SYNONYMS[lang]
        texts = [t.text[lang] for t in topics]  # type: ignore[index]
        raw = {
            "aliases": [" . ".join(t.aliases) for t in texts],
            "title": [t.title for t in texts],
            "body": [_body(topic, lang) for topic in topics],
        }
        words = {field: [tokens(normalise(doc)) for doc in docs] for field, docs in raw.items()}
        ranked = [_body_words(doc) for doc in raw["body"]]
        self.surface: set[str] = {w for docs in words.values() for ws in docs for w in ws}
        self.lexicon = frozenset(
            w for w in self.surface if len(w) >= COMPOUND_PART and w not in ALL_STOPWORDS
        )
        self.lexicon_stems = frozenset(stem(w, lang) for w in self.lexicon)
        self._groups = functools.lru_cache(maxsize=16384)(self._groups_uncached)
        self.fields: dict[str, BM25] = {
            field: BM25(
                [
                    self.terms(ranked[n] if field == "body" else ws, query=False)
                    for n, ws in enumerate(docs)
                ]
            )
            for field, docs in words.items()
        }
        self.stems = set().union(*(f.postings.keys() for f in self.fields.values()))
        self.fields_weighted = [(FIELD_WEIGHTS[f], index) for f, index in self.fields.items()]
        self.weight_sum = sum(w for w, _ in self.fields_weighted)
        # every field's weighted contribution of a term to a document, summed once at build: a
        # question then walks one posting list per term instead of one per field
        combined: dict[str, dict[int, float]] = {}
        for weight, index in self.fields_weighted:
            for term, postings in index.postings.items():
                per_doc = combined.setdefault(term, {})
                for doc, contribution in postings:
                    per_doc[doc] = per_doc.get(doc, 0.0) + weight * contribution
        self.combined = {term: tuple(per_doc.items()) for term, per_doc in combined.items()}
        self.ceilings = {
            term: self.weight_sum
            * max(index.max_term_score(term) for _, index in self.fields_weighted)
            for term in self.stems
        }
        # a term no topic knows scores its unseen idf in every field
        self.unknown_ceiling = self.weight_sum * max(
            index.max_term_score("") for _, index in self.fields_weighted
        )

    def _split(self, word: str) -> tuple[str, ...]:
        """The two known halves of a compound, longest known head first; () if none."""
        if len(word) < COMPOUND_MIN or is_canasta(word):
            return ()
        for i in range(len(word) - COMPOUND_PART, COMPOUND_PART - 1, -1):
            head, tail = word[:i], word[i:]
            if head not in self.lexicon:
                continue
            for part in (tail, tail[1:] if tail[0] in LINKING else ""):
                if len(part) >= COMPOUND_PART and (
                    part in self.lexicon
                    or is_canasta(part)
                    or stem(part, self.lang) in self.lexicon_stems
                ):
                    return head, part
        return ()

    def _groups_uncached(self, word: str, query: bool) -> tuple[str, ...]:
        if word == RANK_TERM:
            return (RANK_TERM,)
        lemma = self.lemmas.get(word, word)
        forms = [lemma, *self._split(lemma)]
        if query:
            forms += self.synonyms.get(word, ()) + self.synonyms.get(lemma, ())
        terms = [stem(f, self.lang) for f in forms]
        if self.lang in TRUNCATE and not is_canasta(lemma):
            size = TRUNCATE[self.lang]
            terms += [">" + fold(f)[:size] for f in forms if len(f) > size]
        return tuple(dict.fromkeys(terms))

    def term_groups(self, words: Iterable[str], query: bool = True) -> list[tuple[str, ...]]:
        """Per content word, the alternative terms that stand for it (see the class)."""
        return [self._groups(w, query) for w in content_words(list(words), self.lang)]

    def terms(self, words: Iterable[str], query: bool = True) -> list[str]:
        return [t for group in self.term_groups(words, query) for t in group]

    def score(self, words: list[str]) -> tuple[dict[int, float], float]:
        """Topic -> weighted BM25, and the most the question's terms could score (see module).

        In the ceiling a word counts once, by its best alternative that some topic knows (or
        as unknown when none is), so a synonym adds a way to match, not a way to fall short."""
        groups = self.term_groups(words)
        terms = {t for group in groups for t in group}
        totals: dict[int, float] = {}
        get = totals.get
        for term in terms:
            for doc, s in self.combined.get(term, ()):
                totals[doc] = get(doc, 0.0) + s
        ceiling = 0.0
        for group in dict.fromkeys(groups):
            known = [t for t in group if t in self.stems]
            if not known and group[0].isdecimal():
                continue  # a bare number ("we have 1600") is the computed answer's business
            ceiling += max(self._ceiling(t) for t in (known or group[:1]))
        return totals, ceiling

    def _ceiling(self, term: str) -> float:
        """The most ``term`` can add to a topic's score; precomputed for every known term."""
        return self.ceilings.get(term, self.unknown_ceiling)


class SearchIndex:
    """All topics, all languages; build once per process (see ``RulesIndex.load``)."""

    def __init__(self, topics: Mapping[str, Topic], examples: Iterable[Example] = ()) -> None:
        """``examples`` are the labelled questions the learned channel is trained on."""
        self.ids = list(topics)
        ordered = [topics[i] for i in self.ids]
        self.languages = {lang: _LanguageIndex(lang, ordered) for lang in LANGS}
        self.vocabulary = sorted(
            {w for li in self.languages.values() for w in li.surface if len(w) >= 4}
        )
        docs: list[str] = []
        self.ngram_owner: list[int] = []
        for n, topic in enumerate(ordered):
            for lang in LANGS:
                text = topic.text[lang]  # type: ignore[index]
                for phrase in (text.title, *text.aliases):
                    docs.append(" ".join(content_words(tokens(normalise(phrase)), lang)))
                    self.ngram_owner.append(n)
        self.ngrams = NgramIndex(docs, self.ngram_owner)
        self.variant_topics = {
            v: frozenset(
                n
                for n, t in enumerate(ordered)
                if t.variants == [v] or any(v in t.text[lang].by_variant for lang in t.text)
            )
            for v in VARIANT_WORDS
        }
        self.variant_only = {
            v: frozenset(n for n, t in enumerate(ordered) if t.variants == [v])
            for v in VARIANT_WORDS
        }
        self.wild_only_topic = position_of(self.ids, WILD_ONLY_TOPIC)
        self.prefixes = {fold(w)[:PREFIX] for w in self.vocabulary if len(w) >= PREFIX}
        position = {tid: n for n, tid in enumerate(self.ids)}
        self.position = position
        self.cues = [(position[c.topic], c) for c in CUES if c.topic in position]
        self.value_topic = position.get(VALUE_TOPIC)
        self.synonym_words = frozenset(
            w for table in (*LEMMAS.values(), *SYNONYMS.values()) for w in table
        )
        alternatives: dict[str, list[str]] = {}
        for table in SYNONYMS.values():
            for word, alts in table.items():
                alternatives.setdefault(word, []).extend(alts)
        self.ngram_alternatives = {w: tuple(dict.fromkeys(a)) for w, a in alternatives.items()}
        self._correct = functools.lru_cache(maxsize=16384)(self._correct_uncached)
        self._familiar = functools.lru_cache(maxsize=16384)(self._familiar_uncached)
        self.classifier = self._trained(examples)

    def _trained(self, examples: Iterable[Example]) -> TopicClassifier:
        return TopicClassifier(
            [
                (self._read(e.text)[3], e.topic)
                for e in examples
                if e.topic == OFF_TOPIC or e.topic in self.position
            ],
            chatter=OFF_TOPIC,
        )

    def relearned(self, examples: Iterable[Example]) -> SearchIndex:
        """This index with the learned channel trained on ``examples`` instead. The topics'
        channels and the per-word caches do not depend on the labelled questions, so they are
        shared: leaving each question set out in turn (``evaluate.index_without``) then costs
        a classifier per set, not a whole index."""
        twin = copy.copy(self)
        twin.classifier = self._trained(examples)
        return twin

    def clear_caches(self) -> None:
        """Forget every per-word result (typo corrections, term groups, n-gram dot products,
        stems): what a question costs the first time its words are seen (the benchmark)."""
        self._correct.cache_clear()
        self._familiar.cache_clear()
        self.ngrams._word.cache_clear()
        for li in self.languages.values():
            li._groups.cache_clear()
        stem.cache_clear()
        is_everyday_word.cache_clear()
        names_other_game.cache_clear()
        clear_rank_cache()

    def _known(self, word: str) -> bool:
        if word in ALL_STOPWORDS or word.isdecimal():
            return True
        return any(
            word in li.surface or stem(word, lang) in li.stems
            for lang, li in self.languages.items()
        )

    def _familiar_uncached(self, word: str) -> bool:
        return (
            self._known(word)
            or word in self.synonym_words
            or fold(word)[:PREFIX] in self.prefixes
            or is_rank_word(word)
            or VALUE_WORDS.fullmatch(fold(word)) is not None
        )

    def _cue_factors(
        self, words: list[str]
    ) -> tuple[dict[int, float], bool, tuple[str, frozenset[str]] | None]:
        """Topic -> score multiplier from ``lexicon.CUES`` and from a named rank with or
        without a word of value (``lexicon.RANK_VALUE_BOOST``) and from a game target
        (``_target_topic``), and whether a player count or a target was named: either makes the
        question a rules question. The last item is the player count stated, if one is: its
        topic and the folded words that said it."""
        joined = " ".join(fold(w) for w in words)
        factors: dict[int, float] = {}
        counted = False
        count: tuple[str, frozenset[str]] | None = None
        for doc, cue in self.cues:
            found = cue.pattern.search(joined)
            factors[doc] = factors.get(doc, 1.0) * (cue.boost if found else cue.absent)
            if found and cue.topic in PLAYER_COUNTS:
                count = count or (cue.topic, frozenset(found[0].split()))
            counted = counted or bool(found and (cue.topic in PLAYER_COUNTS or cue.decisive))
        target = _target_topic(words, joined)
        if target in self.position:
            doc = self.position[target]
            factors[doc] = factors.get(doc, 1.0) * TARGET_BOOST
            counted = True
        ranks = rank_mentions(words)
        canasta = self.position.get(CANASTA_TOPIC)
        if ranks and canasta is not None and self._canasta_of_a_rank(words):
            factors[canasta] = factors.get(canasta, 1.0) * CANASTA_RANK_BOOST
            if self.value_topic is not None:  # the cards' own values are not the question
                factors[self.value_topic] = factors.get(self.value_topic, 1.0) * RANK_NO_VALUE
        elif self.value_topic is not None and (ranks or self._wild_card_alone(joined)):
            value = VALUE_WORDS.search(joined) is not None
            factors[self.value_topic] = factors.get(self.value_topic, 1.0) * (
                RANK_VALUE_BOOST if value else RANK_NO_VALUE
            )
            meld = self.position.get(MELD_TOPIC)
            cards = ranks + (WILD_CARD.search(joined) is not None)
            if cards >= 2 and not value and meld is not None:
                boost = SEQUENCE_MELD_BOOST if SEQUENCE.search(joined) else RANKS_MELD_BOOST
                factors[meld] = factors.get(meld, 1.0) * boost
        return factors, counted, count

    @staticmethod
    def _wild_card_alone(joined: str) -> bool:
        """A wild card named, not as a canasta of wild cards only ("seven twos")."""
        return WILD_CARD.search(joined) is not None and WILD_ONLY.search(joined) is None

    @staticmethod
    def _canasta_of_a_rank(words: list[str]) -> bool:
        """Seven or more of one rank named by a word ("9 konger"; not a run such as "9 10
        knekt" or "10 knægt dame"), or a rank named beside "canasta"."""
        if any(map(is_canasta, words)):
            return True
        ranked = [rank_mentions([w]) > 0 for w in words]
        for i in range(len(words) - 1):
            if words[i] not in SEVEN_OR_MORE or words[i + 1].isdecimal() or not ranked[i + 1]:
                continue
            before = i > 0 and (ranked[i - 1] or words[i - 1].isdecimal())
            after = i + 2 < len(words) and ranked[i + 2]
            if not (before or after):
                return True
        return False

    def _correct_uncached(self, word: str) -> str:
        if (
            len(word) < FUZZY_MIN_LENGTH
            or self._known(word)
            or is_rank_word(word)
            or is_everyday_word(word)
        ):
            return word
        match = process.extractOne(
            word, self.vocabulary, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF
        )
        return match[0] if match else word

    def detect_language(self, words: list[str], best: Mapping[str, float]) -> str | None:
        """Stop words and rules words of each language, then the best BM25 match, decide."""
        hits = stopword_hits(words)
        evidence = {
            lang: (
                hits[lang] + sum(w in li.surface for w in content_words(words, lang)),
                best.get(lang, 0.0),
            )
            for lang, li in self.languages.items()
        }
        lang, (count, score) = max(evidence.items(), key=lambda item: item[1])
        return lang if count or score else None

    def _channels(
        self, words: list[str], content: list[str]
    ) -> tuple[dict[int, float], dict[int, float], dict[str, float]]:
        lexical: dict[int, float] = {}
        best_by_lang: dict[str, float] = {}
        for lang, li in self.languages.items():
            totals, ceiling = li.score(words)
            if not totals or ceiling <= 0:
                continue
            best_by_lang[lang] = max(totals.values()) / ceiling
            for doc, s in totals.items():
                lexical[doc] = max(lexical.get(doc, 0.0), s / ceiling)
        ngram: dict[int, float] = {}
        if content:
            alts = self.ngram_alternatives
            # the game words players mean ("smide" -> "kaste") reach the character channel too
            seen = [a for w in content for a in (w, *alts.get(w, ()))]
            ngram = self.ngrams.best_per_owner(" ".join(seen))
        return lexical, ngram, best_by_lang

    def _variant_context(self, content: list[str]) -> str | None:
        """The variant a question names as context ("red threes in Cuban"), if it also asks
        about something else; a question only about the variant keeps its name as subject."""
        named = self._named_with_rest(content)
        if named is None:
            return None
        variant, rest = named
        return variant if self._about_a_rule(rest) else None

    @staticmethod
    def _named_with_rest(content: list[str]) -> tuple[str, list[str]] | None:
        """The one variant a question names by its name, and the question's other words."""
        named = {v for w in content for v, p in VARIANT_WORDS.items() if fold(w).startswith(p)}
        if len(named) != 1:
            return None
        variant = named.pop()
        return variant, [w for w in content if not fold(w).startswith(VARIANT_WORDS[variant])]

    def _whole_variant(self, content: list[str]) -> str | None:
        """The variant a question names together with what only its overview states ("cuban
        how many cards each + what do we play to"), if it does."""
        named = self._named_with_rest(content)
        if named is not None and self._asks_whole(named[1]):
            return named[0]
        return None

    @staticmethod
    def _asks_whole(words: list[str]) -> bool:
        """Whether a question asks something only the variant's overview states (the cards
        dealt, the sides), whatever else it asks: "cuban how many cards each + what do we play
        to" wants the overview, which gives both."""
        return WHOLE_ASK.search(" ".join(fold(w) for w in words)) is not None

    def _novel_share(self, content: list[str]) -> float:
        """Share of the content words that neither a topic's text nor any labelled rules
        question has used (``NOVEL_SHARE``); 0 when nothing has been learned."""
        seen = self.classifier.topic_starts
        if not seen or not content:
            return 0.0
        novel = sum(
            len(w) >= NOVEL_MIN_LENGTH and word_start(fold(w)) not in seen and not self._familiar(w)
            for w in content
        )
        return novel / len(content)

    def _count_context(self, content: list[str], count: tuple[str, frozenset[str]]) -> bool:
        """Whether a question that states how many play ("just the two of us") asks about a
        rule of its own rather than that game as a whole ("how many cards do we get")."""
        _, said = count
        return self._about_a_rule([w for w in content if fold(w) not in said])

    def _about_a_rule(self, words: list[str]) -> bool:
        """Whether, besides the variant's name, a question has a word a rule topic knows that
        is not the name of the game nor one of what every variant's overview states."""
        for w in words:
            folded = fold(w)
            if (
                folded not in GAME_NAMES
                and not folded.startswith(GENERIC_PREFIXES)
                and not folded.startswith(WHOLE_VARIANT_PREFIXES)
                and folded not in WHOLE_VARIANT_WORDS
                and self._familiar(w)
            ):
                return True
        return False

    def _with_learned(
        self, hits: list[ScoredTopic], learned: Mapping[str, float], cues: Mapping[int, float]
    ) -> list[ScoredTopic]:
        """``hits`` with the learned channel added (see ``LEARNED_WEIGHT``), weighed by the
        same cues as the lexical score: what the question says in so many words ("a deuce in
        the pile") still outranks what similar questions were usually about."""
        if not hits or not learned:
            return hits
        scale = LEARNED_WEIGHT * max(h.score for h in hits)

        def added(topic_id: str) -> float:
            return scale * learned.get(topic_id, 0.0) * cues.get(self.position[topic_id], 1.0)

        seen = {h.id for h in hits}
        out = [ScoredTopic(h.id, h.score + added(h.id), h.lexical, h.ngram) for h in hits]
        out += [ScoredTopic(t, added(t), 0.0, 0.0) for t in learned if t not in seen]
        return out

    def _with_overview(
        self, hits: list[ScoredTopic], variant: str, share: float = OVERVIEW_SHARE
    ) -> list[ScoredTopic]:
        """``hits`` with the variant's overview topic lifted to ``share`` of the best."""
        if variant not in self.position:
            return hits
        floor = share * max(h.score for h in hits)
        others = [h for h in hits if h.id != variant]
        own = next((h for h in hits if h.id == variant), ScoredTopic(variant, 0.0, 0.0, 0.0))
        if own.score >= floor:
            return hits
        return [*others, ScoredTopic(variant, floor, own.lexical, own.ngram)]

    def _variant_factors(
        self, typed: list[str], joined: str, variant: str | None
    ) -> dict[int, float]:
        """Topic -> multiplier from the table's variant (``lexicon.CUBAN_ONLY_DAMP``) and from a
        canasta of wild cards only (``lexicon.WILD_ONLY``), which only Cuban has."""
        factors: dict[int, float] = {}
        wild_only = WILD_ONLY.search(joined) is not None and (
            any(map(is_canasta, typed)) or WILD_CANASTA_WORD.search(joined) is not None
        )
        if wild_only and self.wild_only_topic is not None:
            factors[self.wild_only_topic] = WILD_ONLY_BOOST
        if variant is None or wild_only:
            return factors
        for name, prefix in VARIANT_WORDS.items():
            if variant == name or any(fold(w).startswith(prefix) for w in typed):
                continue
            for doc in self.variant_only[name]:
                factors[doc] = factors.get(doc, 1.0) * CUBAN_ONLY_DAMP
        return factors

    def _read(self, question: str) -> tuple[list[str], str, list[str], list[str]]:
        """(tokens as typed, the same folded and joined, the words of the actions found, the
        words every channel uses: typo-corrected, with those action words added)."""
        text = name_threes(DEFINITION.sub(" ", normalise(question[:MAX_QUESTION_CHARS])))
        text = THOUSANDS.sub(lambda m: f"{m[1]}000", text)
        typed = tokens(text)
        joined_typed = " ".join(fold(w) for w in typed)
        # the game's actions as players say them, added in the words the topics use
        actions = [w for pattern, added in ACTIONS if pattern.search(joined_typed) for w in added]
        words = [self._correct(w) for w in typed]
        words += [w for w in dict.fromkeys(actions) if w not in words]
        return typed, joined_typed, actions, words

    def search(self, question: str, variant: str | None = None) -> SearchResult:
        """Rank every topic for ``question``; never raises for any string.

        ``variant`` is the table's variant id when known: topics only another variant has
        (Cuban wild canastas) step back unless the question names that variant."""
        typed, joined_typed, actions, words = self._read(question)
        learned = self.classifier.posterior(words) if len(self.classifier) else {}
        # how much the question reads like labelled small talk; the topics share the rest
        chatty = learned.pop(OFF_TOPIC, 0.0)
        if chatty < 1.0:
            learned = {t: p / (1.0 - chatty) for t, p in learned.items()}
        content = [
            w
            for w in words
            if (w not in ALL_STOPWORDS or w in KEEP["no"]) and not w.isdecimal() and len(w) > 1
        ]
        coverage = sum(self._familiar(w) for w in content) / len(content) if content else 1.0
        factor = COVERAGE_FLOOR + (1.0 - COVERAGE_FLOOR) * coverage
        cues, counted, count = self._cue_factors(words)
        for doc, f in self._variant_factors(typed, joined_typed, variant).items():
            cues[doc] = cues.get(doc, 1.0) * f
        # as typed: a typo correction may be wrong ("tower" -> "toer"), a strong word must not be
        strong = (
            counted or rank_mentions(typed, faces=False) > 0 or any(map(is_strong_game_word, typed))
        )
        game = strong or any(
            is_game_word(w) or is_canasta(w) or w in self.synonym_words for w in content
        )
        prepared_actions = bool(actions)
        specific = strong or prepared_actions or any(map(is_specific_game_word, typed))
        chat = small_talk(typed, joined_typed)
        things = chat == "things" and not (strong or prepared_actions)
        chatter = (
            chat == "game"
            or things
            or (chat == "time" and not specific)
            or (chatty >= LEARNED_CHATTER and not strong)
            or (
                not strong
                and self._novel_share(content) >= NOVEL_SHARE
                and named_variant(joined_typed) is None
            )
        )
        if chatter:
            game = strong = False  # small talk that shares game words ("vant", "går", "tur")
            factor *= SMALL_TALK_DAMP
        # a weak match is offered as a choice only on specific evidence (``answer.decide``)
        offer = game and specific
        if not game:
            factor *= NO_GAME_WORD
        # "cuban how many cards each + what do we play to": the overview, which gives both
        whole = self._whole_variant(words)
        named = None if whole else self._variant_context(content)
        # "how many canastas to go out when we're two": the rule, with the overview beside it
        counted_context = None
        if count is not None and not named and self._count_context(content, count):
            counted_context = count[0]
            doc = self.position[counted_context]
            cues[doc] = cues.get(doc, 1.0) / PLAYER_COUNT_BOOST
        boosted: frozenset[int] = frozenset()
        if named:
            prefix = VARIANT_WORDS[named]
            words = [w for w in words if not fold(w).startswith(prefix)]
            content = [w for w in content if not fold(w).startswith(prefix)]
            boosted = self.variant_topics.get(named, frozenset())
        suits = suit_of_rank(words)
        content = [w for w in content if w not in suits and not is_number_rank(w)]
        lexical, ngram, best_by_lang = self._channels(with_rank_terms(words), content)
        hits = [
            ScoredTopic(
                self.ids[doc],
                factor
                * (VARIANT_BOOST if doc in boosted else 1.0)
                * cues.get(doc, 1.0)
                * (lexical.get(doc, 0.0) + NGRAM_WEIGHT * ngram.get(doc, 0.0)),
                lexical.get(doc, 0.0),
                ngram.get(doc, 0.0),
            )
            for doc in set(lexical) | set(ngram)
        ]
        hits = self._with_learned(hits, learned, cues)
        if hits and (named or counted_context):
            hits = self._with_overview(hits, named or counted_context)
        elif hits and count is not None and not named:
            # "we're three, how many cards each": the game as a whole for that count
            hits = self._with_overview(hits, count[0], COUNT_SUBJECT_SHARE)
        elif hits and whole:
            hits = self._with_overview(hits, whole, COUNT_SUBJECT_SHARE)
        hits.sort(key=lambda h: (-h.score, h.id))
        language = self.detect_language(words, best_by_lang)
        named_here = named_variant(joined_typed)
        return SearchResult(
            tuple(hits), language, tuple(words), coverage, strong, offer, chatter, named_here
        )
