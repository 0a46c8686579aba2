"""``RulesIndex``: the rules dataset, the topic model and autocomplete, loaded once per process.

The one object the front ends (Discord cogs, CLI) talk to; see ``bot/rules/__init__`` for the
API. It ranks the topics with the shipped model (nothing is built or trained at start-up), picks
the reply language, adds computed figures and decides between an answer, a choice between two
topics and an honest "no match".
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.i18n import language_for_discord_locale, translate
from bot.rules.answer import MAX_SUGGESTIONS, Kind, RulesAnswer, ScoredTopic, decide, format_plain
from bot.rules.autocomplete import Autocomplete
from bot.rules.examples import OFF_TOPIC
from bot.rules.facts import FactIndex
from bot.rules.features import words
from bot.rules.model import TopicModel, shipped_model
from bot.rules.numbers import (
    CARD_VALUES_TOPIC,
    OPENING_TOPIC,
    CardAnswer,
    Computed,
    OpeningAnswer,
    RoundUnsure,
    ScoreUnknown,
    ScoreUnsure,
    compute,
)
from bot.rules.render import RenderedTopic, render_topic
from bot.rules.topics import ALL_VARIANTS, LANGS, Topic, all_topics
from bot.scoring import Variant, all_variants, load_variant
from bot.scoring.cards import card_value
from bot.talk.number_words import spell_digits
from bot.talk.round_talk import RoundAnswer
from bot.talk.variant_words import DEFAULT_VARIANT, named_variant

RENDER_CACHE = 4096
"""Renderings kept at most (25 topics x 4 languages x the variants in use); emptied when full."""
OTHER_VARIANT_DAMP = 0.5
"""A topic only another variant for as many players has (Cuban wild canastas at a classic
table) keeps this share of its probability unless the question names that variant: at a
classic table "seven twos" is a meld question, at a Cuban one a wild canasta. Topics for other
player counts are not damped: a question about them says so in words the model reads."""
HAND_RANKS = 2
SURE = 0.8
"""The topic model's probability at which it is sure of a rule: below it, cards of one rank
named in the question ("en joker") are answered with the card values."""
CARD_CLOSE = 0.5
CARD_CLOSE_RANKS = 5
"""A hand of several ranks counted in the question ("left in hand K 7 7 A, how much") is
answered with the card values. Cards of one rank are too, unless the search is sure of another
rule and ranks the card values nowhere near it (below half the best score or outside the top
five): "stuck with two black threes, how much do they cost us" gets the black-three rule, and
"teller toeren som joker" the wild-card rule, with the count beside it. Leaving each labelled
set out in turn, 0.3-0.7 and the top 2-5 were within 0.1 point of each other; always answering
with the card values measured 0.1-0.4 points lower on each group of sets."""


class UnknownTopicError(KeyError):
    """No topic with that id (e.g. a stale button); carries the known ids."""


@dataclass(frozen=True)
class Ranking:
    hits: tuple[ScoredTopic, ...]
    """Every topic, most probable first (small talk left out: see ``off_topic``)."""
    off_topic: float
    language: str | None
    """The language the question reads as, or None when nothing in it is known."""
    chat: float = 0.0
    """The chat head's probability that the question is small talk (``model.py``)."""

    @property
    def small_talk(self) -> bool:
        """Small talk is likelier than any topic: no figure is worked out from its numbers."""
        return not self.hits or self.off_topic >= self.hits[0].score


def reply_language(lang: str | None, locale: str | None, detected: str | None) -> str:
    """What the user asked for, else their Discord locale, else the question's own language.

    The locale beats detection on purpose: Norwegian and Danish share most words, so a Danish
    user's question that reads as Norwegian must still be answered in Danish."""
    for candidate in (lang, locale):
        chosen = language_for_discord_locale(candidate)
        if chosen in LANGS:
            return chosen
    return detected if detected in LANGS else "en"


class RulesIndex:
    def __init__(self, topics: Mapping[str, Topic], model: TopicModel | None = None) -> None:
        """``model``: the topic model to rank with (the shipped one unless given, e.g. one
        trained without an evaluation set: ``bot.rules.evaluate``)."""
        self.topics = dict(topics)
        self.model = model or shipped_model()
        self.completions = Autocomplete(self.topics)
        self.overviews = {v: tid for tid, t in topics.items() if t.overview for v in t.variants}
        self.by_title = {
            tuple(words(tx.title)): tid for tid, t in topics.items() for tx in t.text.values()
        }
        players = {vid: v.players for vid, v in all_variants().items()}
        self.foreign = {
            table: frozenset(
                tid
                for tid, t in topics.items()
                if t.home_variant
                and table not in t.variants
                and any(players[v] == count for v in t.variants)
            )
            for table, count in players.items()
        }
        self._rendered_topics: dict[tuple[str, str, int], tuple[Variant, RenderedTopic]] = {}

    @functools.cached_property
    def facts(self) -> FactIndex:
        """Built on the first answer, not at start-up (about 0.06 s)."""
        return FactIndex(self.topics)

    @classmethod
    def load(cls) -> RulesIndex:
        """The shipped dataset and model; read on first use, then shared by the process."""
        return _shipped()

    def rank(self, question: str, variant: str) -> Ranking:
        """Every topic's probability for ``question`` asked about ``variant`` (the one the
        question names, else the table's): a topic only another variant has steps back
        (``OTHER_VARIANT_DAMP``), and a title picked from autocomplete is that topic."""
        probs, off_topic, language, chat = self._predict(question)
        spelled = spell_digits(question)
        if spelled != question and off_topic >= max(probs.values(), default=0.0):
            # "vi har to tusind ni hundrede og femoghalvfems, hvad er kravet" reads as chat
            # only for its number words; with them in digits it reads as the players' "2995"
            again = self._predict(spelled)
            if again[1] < max(again[0].values(), default=0.0):
                probs, off_topic, language, chat = again
        for tid in self.foreign.get(variant, ()):
            probs[tid] *= OTHER_VARIANT_DAMP
        titled = self.by_title.get(tuple(words(question)))
        if titled:
            probs, off_topic, chat = {t: float(t == titled) for t in probs}, 0.0, 0.0
        hits = sorted((ScoredTopic(t, p) for t, p in probs.items()), key=lambda h: (-h.score, h.id))
        return Ranking(tuple(hits), off_topic, language, chat)

    def _predict(self, question: str) -> tuple[dict[str, float], float, str | None, float]:
        """(each topic's probability, small talk's, the question's language, the chat
        head's probability)."""
        prediction = self.model.predict(question)
        probs = dict(prediction.ranking)
        return probs, probs.pop(OFF_TOPIC, 0.0), prediction.language, prediction.chat

    def topic(self, topic_id: str, lang: str, variant: Variant) -> RenderedTopic:
        """The topic rendered for ``variant``; kept per variant object, since a rendering
        costs about a tenth of a whole question and a table asks about the same topics."""
        try:
            topic = self.topics[topic_id]
        except KeyError:
            raise UnknownTopicError(topic_id) from None
        lang = lang if lang in LANGS else "en"
        key = (topic_id, lang, id(variant))
        cached = self._rendered_topics.get(key)
        if cached is not None and cached[0] is variant:
            return cached[1]
        rendered = render_topic(topic, lang, variant)
        if len(self._rendered_topics) >= RENDER_CACHE:
            self._rendered_topics.clear()
        # the variant is held with its rendering, so its id cannot be reused while cached
        self._rendered_topics[key] = (variant, rendered)
        return rendered

    def titles(self, lang: str) -> list[tuple[str, str]]:
        """Every topic as (id, title) in ``lang``, in dataset order."""
        lang = lang if lang in LANGS else "en"
        return [(tid, t.text[lang].title) for tid, t in self.topics.items()]  # type: ignore[index]

    def autocomplete(self, prefix: str, lang: str) -> list[tuple[str, str]]:
        return self.completions.suggest(prefix, lang if lang in LANGS else "en")

    def ask(
        self,
        question: str,
        *,
        lang: str | None = None,
        locale: str | None = None,
        variant: Variant | None = None,
    ) -> RulesAnswer:
        """Answer a free-text question in any of the four languages; never raises."""
        table = variant or load_variant(DEFAULT_VARIANT)
        # "how much to open in Cuban" at a classic table wants Cuban's numbers, not the table's
        asked = named_variant(question, table)
        variant = load_variant(asked) if asked and asked != table.id else table
        ranking = self.rank(question, variant.id)
        language = reply_language(lang, locale, ranking.language)
        chat = ranking.chat >= self.model.chat_line(language)
        kind, shown, suggested = decide(ranking.hits, small_talk=chat)
        overview = self.overviews.get(asked or "")
        if kind == "answer" and overview and overview not in shown:
            # "red threes in Cuban": the rule for Cuban, and Cuban's overview beside it
            suggested = [overview, *(t for t in suggested if t != overview)][:MAX_SUGGESTIONS]
        top = ranking.hits[0].id if ranking.hits else None
        # a variant's overview on top ("playing Cuban, we have 3200, what's the threshold")
        # is no sign the question is about something other than its number
        sure_of_other = kind == "answer" and top not in self.overviews.values()
        # "the new Joker movie, worth it?" is small talk, not the value of a joker
        langs = (language, ranking.language or language)  # the words of either account
        figures = (
            [] if ranking.small_talk else compute(question, variant, top, sure_of_other, langs)
        )
        if figures:
            kind, shown, suggested = self.place_figures(figures, ranking, kind, shown, suggested)
        if kind == "no_match":
            suggestions = tuple(self.titles(language))
        else:
            suggestions = tuple(
                (t, self.topics[t].text[language].title)  # type: ignore[index]
                for t in suggested
            )
        topics = tuple(self._rendered(t, language, variant, table) for t in shown)
        # the direct answer first; a computed figure is already the answer to its question
        lead = self.facts.lead(question, topics[0]) if kind == "answer" and not figures else ()
        return RulesAnswer(
            kind=kind,
            language=language,
            question=question,
            topics=topics,
            lead=lead,
            computed=figure_lines(figures, language, variant),
            suggestions=suggestions,
            ranking=ranking.hits,
            variant=variant.id,
        )

    def place_figures(
        self,
        figures: list[Computed],
        ranking: Ranking,
        kind: Kind,
        shown: list[str],
        suggested: list[str],
    ) -> tuple[Kind, list[str], list[str]]:
        """The topic a computed figure belongs to answers the question (the opening minimum,
        the card values, the round's scoring), except cards of one rank beside a rule the
        search is sure of ("stuck with two black threes, what do they cost"): that rule
        answers, the count beside it and the card values under "see also" (``CARD_CLOSE``)."""
        hits = ranking.hits
        best = hits[0].score
        close = any(
            h.id == CARD_VALUES_TOPIC and h.score >= CARD_CLOSE * best
            for h in hits[:CARD_CLOSE_RANKS]
        )
        sure = kind == "answer" and hits[0].id != CARD_VALUES_TOPIC and best >= SURE and not close
        forced = [
            _topic_for(f)
            for f in figures
            if not (sure and isinstance(f, CardAnswer) and len(f.cards) < HAND_RANKS)
        ]
        forced = [t for t in forced if t in self.topics]
        if not forced:
            also = [*suggested, CARD_VALUES_TOPIC] if sure else suggested
            return kind, shown, list(dict.fromkeys(also))[:MAX_SUGGESTIONS]
        others = [t for t in (*forced[1:], *suggested) if t != forced[0]]
        return "answer", forced[:1], list(dict.fromkeys(others))[:MAX_SUGGESTIONS]

    def _rendered(
        self, topic_id: str, lang: str, variant: Variant, table: Variant
    ) -> RenderedTopic:
        """The topic for ``variant``. When that is the variant the question named rather than
        the table's, the reply says so: unless the topic is that variant's own (its overview,
        Cuban wild canastas), or already notes that it is another variant's rule."""
        rendered = self.topic(topic_id, lang, variant)
        if variant is table or rendered.note or rendered.variants != (ALL_VARIANTS,):
            return rendered
        note = translate(
            lang, "rules.asked_variant", variant=variant.name(lang), table=table.name(lang)
        )
        return replace(rendered, note=note)


def _topic_for(figure: Computed) -> str:
    if isinstance(figure, RoundAnswer | RoundUnsure):
        return "round_scoring"
    return CARD_VALUES_TOPIC if isinstance(figure, CardAnswer) else OPENING_TOPIC


def figure_lines(figures: list[Computed], lang: str, variant: Variant) -> tuple[str, ...]:
    """The computed figures as sentences, first in the reply. With a score and a hand both in
    the question ("we have 1600, is K K K Q Q Q enough to put down") a last line says whether
    the hand reaches the minimum: the question players ask."""
    lines = [_sentence(f, lang, variant) for f in figures]
    opening = next((f for f in figures if isinstance(f, OpeningAnswer)), None)
    cards = next((f for f in figures if isinstance(f, CardAnswer)), None)
    if opening and cards and not cards.unsure:
        missing = opening.minimum - cards.points
        key = "rules.computed.short" if missing > 0 else "rules.computed.enough"
        lines.append(translate(lang, key, missing=missing))
    return tuple(lines)


def _sentence(figure: Computed, lang: str, variant: Variant) -> str:
    """One figure; a reader that is unsure says what it read and asks, with no figure as fact."""
    if isinstance(figure, OpeningAnswer):
        key = "rules.computed.opening_fixed" if figure.fixed else "rules.computed.opening"
        if figure.theirs and not figure.fixed:
            key = "rules.computed.opening_theirs"
        return translate(
            lang, key, score=figure.score, minimum=figure.minimum, variant=variant.name(lang)
        )
    if isinstance(figure, ScoreUnknown):
        return translate(lang, "rules.computed.score_unknown", number=figure.placed)
    if isinstance(figure, ScoreUnsure):
        return translate(lang, f"rules.computed.score_{figure.why}", number=figure.score)
    if isinstance(figure, RoundUnsure):
        return translate(
            lang,
            "rules.computed.round_words",
            parts=_round_parts(figure.answer, lang),
            net=figure.answer.net,
            words=figure.words,
        )
    if isinstance(figure, RoundAnswer):
        parts = _round_parts(figure, lang)
        key = "rules.computed.round_unsure" if figure.unplaced else "rules.computed.round"
        numbers = ", ".join(map(str, figure.unplaced))
        return translate(lang, key, parts=parts, net=figure.net, numbers=numbers)
    joker = translate(lang, "rules.card.joker")

    def name(rank: str) -> str:
        return joker if rank == "joker" else rank

    sure = not (figure.ambiguous or figure.unread)
    if figure.how_many and sure:
        # "firere og femmere": no count said, so each card's value, not a made-up sum
        each = ", ".join(f"{name(rank)} = {card_value(variant, rank)}" for rank, _ in figure.cards)
        return translate(lang, "rules.computed.cards_each", each=each)
    cards = " + ".join(name(rank) for rank, n in figure.cards for _ in range(n))
    said = (
        ("cards_apart", figure.apart),  # "jack jack queen, after that seven seven seven"
        ("cards_left_out", figure.left_out),  # "one red three down": a bonus, no card's points
        ("cards_colour", figure.colourless),  # "two threes": red is no card, black five points
    )
    key, words = next(((k, w) for k, w in said if w and sure), ("", figure.ambiguous))
    key = key or (
        "cards_ambiguous" if figure.ambiguous else "cards_unsure" if figure.unread else "cards"
    )
    return translate(
        lang,
        f"rules.computed.{key}",
        cards=cards,
        points=figure.points,
        words=words,
        word=figure.unread,
    )


def _round_parts(figure: RoundAnswer, lang: str) -> str:
    """ "Table 380 + Canastas 500 − Hand 45": the parts of a round as read."""
    first, *rest = figure.parts
    parts = f"{translate(lang, f'ui.part.{first[0]}')} {first[1]}"
    for key, value in rest:
        sign = "+" if value >= 0 else "−"
        parts += f" {sign} {translate(lang, f'ui.part.{key}')} {abs(value)}"
    return parts


@functools.cache
def _shipped() -> RulesIndex:
    return RulesIndex(all_topics())


def run_ask(question: str, lang: str | None = None, variant_id: str | None = None) -> str:
    """``canasta-bot ask "QUESTION" [--lang ..] [--variant ..]``: the reply as plain text.

    Raises ``bot.scoring.UnknownVariantError`` for an unknown variant id (the CLI reports it)."""
    variant = load_variant(variant_id or DEFAULT_VARIANT)
    return format_plain(RulesIndex.load().ask(question, lang=lang, variant=variant))
