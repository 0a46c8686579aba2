"""What a rules question gets back, how the kind of reply is chosen, and its plain-text form.

The thresholds turn scores into a behaviour players can trust: answer when one topic is clearly
ahead, offer a choice when two are nearly tied (the Discord layer shows buttons), and say
"I don't know" with the list of topics rather than guess when nothing explains the question.
They were set on the evaluation set in ``tests/rules/questions.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.i18n import translate
from bot.rules.facts import rest_of
from bot.rules.render import RenderedTopic
from bot.rules.search import ScoredTopic
from bot.rules.topics import Fact

Kind = Literal["answer", "choice", "no_match"]

MIN_SCORE = 0.20
"""Below this the best topic explains too little of the question: decline. Lowered from 0.22
once small talk had evidence of its own (``smalltalk.py``): leaving each labelled set out in
turn, rules questions with the right topic in the top three rose by 0.1-0.4 points and
off-topic chat declined fell by 0.7 on the blind-written sets and not at all on the written
ones (at 0.18 the trade was 0.2-0.7 against 1.4)."""
TIE_RATIO = 0.90
"""The runner-up within this fraction of the best: let the user choose between the two."""
GAME_FLOOR = 0.06
"""A question in the game's vocabulary whose best score is below ``MIN_SCORE`` but above this is
offered the two closest topics: a player who asks "can i throw 2 cards away at the end of my
go" is asking a rules question, even when no topic explains most of its words."""
SUGGEST_RATIO = 0.70
"""Other topics within this fraction of the best are offered as "did you mean"."""
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
    ranking: tuple[ScoredTopic, ...], strong: bool = False, game: bool = False
) -> tuple[Kind, list[str], list[str]]:
    """(kind, topic ids to show, topic ids to suggest) from the ranked scores.

    A weak best score is declined, unless the question is ``strong`` (it names the game's own
    vocabulary, see ``SearchResult.strong``): a player who asks about jokers or eights is
    asking a rules question, and the two closest topics serve them better than the full list.
    So does a question in the game's vocabulary (``game``) that scores at least ``GAME_FLOOR``.
    """
    if not ranking:
        return "no_match", [], []
    if ranking[0].score < MIN_SCORE:
        wanted = strong or (game and ranking[0].score >= GAME_FLOOR)
        if not wanted or len(ranking) < 2:
            return "no_match", [], []
        return "choice", [ranking[0].id, ranking[1].id], []
    best = ranking[0]
    if len(ranking) > 1 and ranking[1].score >= TIE_RATIO * best.score:
        return "choice", [best.id, ranking[1].id], []
    runners_up = ranking[1 : 1 + MAX_SUGGESTIONS]
    suggested = [hit.id for hit in runners_up if hit.score >= SUGGEST_RATIO * best.score]
    return "answer", [best.id], suggested


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
