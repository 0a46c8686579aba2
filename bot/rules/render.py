"""Turning a topic into text for one language and one table's variant.

Numbers are never written into the rules texts: they are ``{placeholders}`` filled from the
variant (with the table's house rules), so the rules answer and the score sheet always agree.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bot.i18n import translate
from bot.rules.topics import REMOVABLE_NUMBERS, Fact, Topic, split_facts
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
    note: str | None = None
    """Set when the topic does not apply to the table's variant, saying so in ``language``."""
    facts: tuple[Fact, ...] = ()
    """The rendered answer split into facts (``topics.split_facts``), for the direct answer."""


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (for the completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Numbers(dict[str, object]):
    """Variant numbers that never raise. A number the table's house rules removed is handled by
    the topic's ``without`` text (``template_for``); should a template still name one, it falls
    back to the shipped variant's value, else ``?``. The completeness test guarantees that the
    shipped variants, and tables without a concealed bonus, render without falling back."""

    def __missing__(self, key: str) -> str:
        return "?"


@functools.lru_cache(maxsize=1024)
def _names(template: str) -> frozenset[str]:
    return frozenset(placeholders(template))


def template_for(
    topic: Topic, lang: str, variant_id: str, missing: Collection[str] = frozenset()
) -> str:
    """The text to render: the variant's own wording if it has one, and, when the table lacks a
    number that wording names (``missing``, e.g. no concealed bonus by house rule), the topic's
    text for tables without it."""
    text = topic.text[lang]  # type: ignore[index]
    override = text.by_variant.get(variant_id)
    template = override.answer if override else text.answer
    for name in sorted(_names(template) & set(missing)):
        without = text.without.get(name)
        if without:
            return without.answer
    return template


EXAMPLE_MELD_POINTS = 90
"""What the opening-minimum topic's worked example lays down: three aces and three queens."""
EXAMPLE_HEADROOM = 100
"""How far into its band the worked example's score sits (1600 in the band from 1500)."""


def opening_example(variant: Variant) -> dict[str, int]:
    """The numbers of the opening-minimum topic's worked example at this table: a score before
    the round and the minimum it needs, taken from the band with the highest minimum the
    example's cards still reach. A table whose every minimum from a score of 0 up is beyond
    them has no such example (the ``opening_example_total`` placeholder is missing, so the
    topic's text without it is used)."""
    opening = variant.opening
    if opening.fixed is not None:
        if opening.fixed > EXAMPLE_MELD_POINTS:
            return {}
        return {"opening_example_total": 1600, "opening_example_minimum": opening.fixed}
    bands = opening.bands
    best: tuple[int, int] | None = None
    for i, band in enumerate(bands):
        if band.from_score is None or band.from_score < 0:
            continue
        if band.minimum > EXAMPLE_MELD_POINTS:
            break
        upper = bands[i + 1].from_score if i + 1 < len(bands) else None
        total = band.from_score + EXAMPLE_HEADROOM
        if upper is not None and total >= upper:
            total = band.from_score
        best = (total, band.minimum)
    if best is None:
        return {}
    return {"opening_example_total": best[0], "opening_example_minimum": best[1]}


@functools.cache
def _shipped_variants() -> Mapping[str, Variant]:
    """The shipped variants, looked up once: ``all_variants`` resolves the data directory on
    every call, which cost more than the rest of a render."""
    return all_variants()


def render_topic(topic: Topic, lang: str, variant: Variant) -> RenderedTopic:
    """The topic in ``lang`` for ``variant``; see ``RenderedTopic.applies``."""
    variants = _shipped_variants()
    applies = topic.applies_to(variant.id)
    numbers_from = variant if applies else variants[topic.home_variant or variant.id]
    shipped = variants.get(numbers_from.id, numbers_from)
    own = {**numbers_from.numbers(), **opening_example(numbers_from)}
    numbers = _Numbers({**shipped.numbers(), **own})
    template = template_for(topic, lang, numbers_from.id, REMOVABLE_NUMBERS - own.keys())
    text = template.format_map(numbers).strip()
    wording = numbers_from.id if numbers_from.id in topic.text[lang].by_variant else "default"  # type: ignore[index]
    note = None
    if not applies:
        names = ", ".join(variants[v].name(lang) for v in topic.variants)
        note = translate(lang, "rules.not_this_variant", variant=variant.name(lang), variants=names)
    return RenderedTopic(
        id=topic.id,
        language=lang,
        title=topic.text[lang].title,  # type: ignore[index]
        text=text,
        applies=applies,
        rendered_for=numbers_from.id,
        variants=tuple(topic.variants),
        note=note,
        facts=split_facts(text, f"{topic.id}.{wording}"),
    )
