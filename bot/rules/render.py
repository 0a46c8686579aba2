"""Turning a topic into text for one language and one table's variant.

Numbers are never written into the rules texts: they are ``{placeholders}`` filled from the
variant (with the table's house rules), so the rules answer and the score sheet always agree.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from bot.i18n import translate
from bot.rules.topics import Topic
from bot.scoring import Variant, all_variants


@dataclass(frozen=True)
class RenderedTopic:
    """A topic as shown to a user.

    ``applies`` is False when the topic belongs to other variants (e.g. wild canastas at a classic
    table): it is still answered, rendered with the numbers of the variant it belongs to
    (``rendered_for``), and the reply says so.
    """

    id: str
    language: str
    title: str
    text: str
    applies: bool
    rendered_for: str
    variants: tuple[str, ...]
    related: tuple[str, ...]
    note: str | None = None
    """Set when the topic does not apply to the table's variant, saying so in ``language``."""


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (for the completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Numbers(dict[str, object]):
    """Variant numbers that never raise: a number a house rule removed falls back to the
    shipped variant's value (e.g. a concealed bonus switched off), else ``?``. The completeness
    test guarantees the shipped variants render without falling back."""

    def __init__(self, own: dict[str, object], fallback: dict[str, object]) -> None:
        super().__init__({**fallback, **own})

    def __missing__(self, key: str) -> str:
        return "?"


def template_for(topic: Topic, lang: str, variant_id: str) -> str:
    text = topic.text[lang]  # type: ignore[index]
    override = text.by_variant.get(variant_id)
    return override.answer if override else text.answer


def render_topic(topic: Topic, lang: str, variant: Variant) -> RenderedTopic:
    """The topic in ``lang`` for ``variant``; see ``RenderedTopic.applies``."""
    applies = topic.applies_to(variant.id)
    numbers_from = variant if applies else all_variants()[topic.home_variant or variant.id]
    shipped = all_variants().get(numbers_from.id, numbers_from)
    numbers = _Numbers(dict(numbers_from.numbers()), dict(shipped.numbers()))
    template = template_for(topic, lang, numbers_from.id)
    note = None
    if not applies:
        names = ", ".join(all_variants()[v].name(lang) for v in topic.variants)
        note = translate(lang, "rules.not_this_variant", variant=variant.name(lang), variants=names)
    return RenderedTopic(
        id=topic.id,
        language=lang,
        title=topic.text[lang].title,  # type: ignore[index]
        text=template.format_map(numbers).strip(),
        applies=applies,
        rendered_for=numbers_from.id,
        variants=tuple(topic.variants),
        related=tuple(topic.related),
        note=note,
    )
