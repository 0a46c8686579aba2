"""The direct answer first: which one or two facts of a topic answer this question.

A topic answers many questions; the player asking "can I discard a joker?" wants the line
that says a discarded wild card freezes the pile before the rest of the frozen-pile rules. The
choice is plain lexical overlap: the question's content words and each fact's, stemmed
(Snowball, ``text.stem``) and with card names read through the lexicon ("jokerit", "jokers"
-> one card), each shared word weighted by its inverse document frequency over every fact of
every topic in that language. No phrase lists: what a fact is about is in its own words.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping

from bot.rules.render import RenderedTopic
from bot.rules.topics import LANGS, Fact, Topic, split_facts
from bot.scoring.vocabulary import vocabulary
from bot.talk.text import fold, function_words, normalise, stem, tokens

RUNNER_UP = 0.75
"""A second fact is led with when it scores at least this fraction of the best."""
MIN_SCORE = 4.0
"""Below this the best fact shares too little with the question: only words common in the
rules ("pile", "cards") or on every line of the topic."""
MAX_LEAD = 2
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
_MARKUP = re.compile(r"[*_]")


WILD = "rank:wild"
WILD_RANKS = frozenset({"joker", "2"})


@functools.cache
def _ranks() -> dict[str, str]:
    """Folded card name -> its term; the lexicon's words for wild cards ("villi", "wild")
    and their forms are one term, which a joker or a two also carries."""
    words = vocabulary()
    out = {fold(word): f"rank:{rank}" for word, rank in words.word_to_rank.items()}
    wild = words.words("wild")
    forms = {form for lang in words.forms.values() for form, base in lang.items() if base in wild}
    out.update(dict.fromkeys((fold(w) for w in wild | forms), WILD))
    return out


def terms(text: str, lang: str) -> frozenset[str]:
    """The content words of ``text`` as stems; a card name is its rank ("rank:joker")."""
    skip = function_words(lang)
    words = [w for w in tokens(normalise(_MARKUP.sub("", text))) if w not in skip]
    ranks = _ranks()
    out = set()
    for word in words:
        term = ranks.get(fold(word)) if not word.isdecimal() and len(word) > 2 else None
        out.add(term or stem(word, lang))
        if term and term.removeprefix("rank:") in WILD_RANKS:
            out.add(WILD)
    return frozenset(out)


@functools.lru_cache(maxsize=8192)
def _fact_terms(text: str, lang: str) -> frozenset[str]:
    """``terms`` of a fact line, remembered: every question reads the same few hundred lines
    (each topic's facts as rendered for a variant) again."""
    return terms(text, lang)


class FactIndex:
    """Document frequencies of stems over every fact of every topic, per language."""

    def __init__(self, topics: Mapping[str, Topic]) -> None:
        self.idf: dict[str, dict[str, float]] = {}
        for lang in LANGS:
            facts = [
                terms(_PLACEHOLDER.sub(" ", fact.text), lang)
                for topic in topics.values()
                for template in _templates(topic, lang)
                for fact in split_facts(template, topic.id)
            ]
            counts = Counter(term for fact in facts for term in fact)
            total = len(facts) or 1
            self.idf[lang] = {t: math.log((1 + total) / (1 + n)) + 1 for t, n in counts.items()}

    def scores(self, question: str, topic: RenderedTopic) -> list[float]:
        """Each fact's score: the idf over all facts of the language times the idf over this
        topic's facts (a word on every line of the topic tells its lines apart no better),
        summed over the words it shares with the question. A bullet's heading is its own
        words too ("What freezes the pile:")."""
        lang = topic.language
        idf = self.idf.get(lang, {})
        asked = terms(question, lang)
        facts = [_fact_terms(f"{fact.heading or ''} {fact.text}", lang) for fact in topic.facts]
        local = Counter(term for words in facts for term in words)
        size = len(facts)
        return [
            sum(idf.get(t, 1.0) * (math.log((1 + size) / (1 + local[t])) + 1) for t in asked & w)
            for w in facts
        ]

    def lead(self, question: str, topic: RenderedTopic) -> tuple[Fact, ...]:
        """The one or two facts of ``topic`` that answer ``question`` best, in the topic's
        order; none when no fact shares enough with it."""
        scored = sorted(
            ((score, place) for place, score in enumerate(self.scores(question, topic))),
            key=lambda item: (-item[0], item[1]),
        )
        if not scored or scored[0][0] < MIN_SCORE:
            return ()
        best = scored[0][0]
        close = [place for score, place in scored if score >= RUNNER_UP * best]
        if len(close) > MAX_LEAD:
            return ()  # the question's words are on many lines: no line answers it first
        chosen = sorted(close)
        return tuple(topic.facts[place] for place in chosen)


def _templates(topic: Topic, lang: str) -> Iterable[str]:
    text = topic.text[lang]  # type: ignore[index]
    yield text.answer
    for override in text.by_variant.values():
        yield override.answer


def rest_of(topic: RenderedTopic, lead: tuple[Fact, ...]) -> str:
    """The topic's text without the lines already led with (headings stay for the rest)."""
    shown = {fact.text for fact in lead}
    kept = [line for line in topic.text.splitlines() if line.strip() not in shown]
    # a heading whose bullets were all led with has nothing left under it
    out: list[str] = []
    for i, line in enumerate(kept):
        heading = line.strip().rstrip("*_").endswith(":") and not line.strip().startswith("- ")
        following = kept[i + 1].strip() if i + 1 < len(kept) else ""
        if heading and not following.startswith("- "):
            continue
        out.append(line)
    return "\n".join(out).strip()
