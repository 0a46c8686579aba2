"""What a rules question gets back, how the kind of reply is chosen, and its plain-text form.

The thresholds turn the topic model's calibrated probabilities (``model.py``) into a behaviour
players can trust: answer when one topic is clearly ahead, offer a choice when the model is
unsure or two are nearly tied (the Discord layer shows buttons), and say "I don't know" with the
list of topics rather than guess when nothing explains the question or it is small talk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from bot.i18n import translate
from bot.rules.facts import rest_of
from bot.rules.render import RenderedTopic
from bot.rules.topics import Fact

Kind = Literal["answer", "choice", "no_match"]


class ScoredTopic(NamedTuple):
    """One topic and the model's probability that it answers the question."""

    id: str
    score: float


DECLINE = 0.15
"""Below this probability for the best topic the question is declined with the list of topics:
nothing the model learned explains it."""
CONFIDENT = 0.45
"""Below this (and above ``DECLINE``) the two likeliest topics are offered as a choice."""
TIE_RATIO = 0.6
"""The runner-up within this fraction of the best: let the user choose between the two."""
SUGGEST = 0.08
"""Runners-up at least this probable are offered as "see also"."""
MAX_SUGGESTIONS = 3


@dataclass(frozen=True)
class RulesAnswer:
    """The reply to a rules question.

    * ``answer``: ``topics`` holds one topic; ``suggestions`` may name close runners-up.
    * ``choice``: ``topics`` holds the two nearly tied topics, best first (shown as buttons).
    * ``no_match``: ``topics`` is empty; ``suggestions`` lists every topic (id, title).

    ``computed`` holds sentences worked out from the question's numbers or cards (first line
    of the reply); ``ranking`` the search scores, best first, for logging and evaluation.
    """

    kind: Kind
    language: str
    question: str
    topics: tuple[RenderedTopic, ...] = ()
    computed: tuple[str, ...] = ()
    suggestions: tuple[tuple[str, str], ...] = ()
    ranking: tuple[ScoredTopic, ...] = field(default=(), repr=False)
    variant: str | None = None
    """The variant the reply was given for: the table's, or the one the question named."""
    lead: tuple[Fact, ...] = ()
    """The one or two facts of the answer's topic that answer this question (``facts.py``):
    shown first under the title, then the rest of the topic."""

    @property
    def topic_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.topics)


def decide(
    ranking: tuple[ScoredTopic, ...], *, small_talk: bool = False
) -> tuple[Kind, list[str], list[str]]:
    """(kind, topic ids to show, topic ids to suggest) from the model's probabilities.

    Small talk (the chat head's say, ``model.py``), or a best topic below ``DECLINE``, is
    declined; a best topic the model is unsure of, or one nearly tied with the next, becomes a
    choice."""
    if not ranking or ranking[0].score < DECLINE or small_talk:
        return "no_match", [], []
    best = ranking[0]
    if len(ranking) > 1 and (best.score < CONFIDENT or ranking[1].score >= TIE_RATIO * best.score):
        return "choice", [best.id, ranking[1].id], []
    runners_up = ranking[1 : 1 + MAX_SUGGESTIONS]
    return "answer", [best.id], [hit.id for hit in runners_up if hit.score >= SUGGEST]


def format_plain(answer: RulesAnswer) -> str:
    """The reply exactly as the bot shows it, as plain text (Discord markdown kept)."""
    lang = answer.language
    lines: list[str] = []
    if answer.computed:
        lines += [*answer.computed, ""]
    if answer.kind == "answer":
        topic = answer.topics[0]
        lines += [f"**{topic.title}**", *answer_body(answer)]
        if topic.note:
            lines += ["", f"_{topic.note}_"]
        if answer.suggestions:
            titles = " · ".join(title for _, title in answer.suggestions)
            lines += ["", translate(lang, "rules.see_also", topics=titles)]
    elif answer.kind == "choice":
        lines.append(translate(lang, "rules.choice"))
        lines += [f"{n}. {t.title}" for n, t in enumerate(answer.topics, 1)]
    else:
        lines.append(translate(lang, "rules.no_match"))
        lines += [f"- {title}" for _, title in answer.suggestions]
    return "\n".join(lines).strip()


def answer_body(answer: RulesAnswer) -> list[str]:
    """The answer's topic text with the direct answer first: the lead facts, a blank line,
    then the rest of the topic (everything when there is no lead)."""
    topic = answer.topics[0]
    if not answer.lead:
        return [topic.text]
    return [*(fact.lead for fact in answer.lead), "", rest_of(topic, answer.lead)]
