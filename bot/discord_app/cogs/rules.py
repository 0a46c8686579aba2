"""/rules: answers from the rules dataset, in the asker's language, for the channel's variant.

Near-ties come back as buttons; the buttons are dynamic items (the topic, language and variant
live in the custom id), so they keep working after the bot restarts.

The rules engine (``bot.rules``: the topics, numpy and the topic model, about 12 MiB resident)
is imported and loaded on the first /rules, autocomplete or button press, in a worker thread,
not at start-up: most of a bot's life is keeping score, and a process that is never asked a
rules question never pays for it (issue 14: memory after READY).
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.channel_context import ChannelContext, channel_context
from bot.discord_app.game_embeds import house_rules_text
from bot.discord_app.language import interaction_language, t
from bot.discord_app.replies import send
from bot.discord_app.views.guarded import GuardedItem
from bot.i18n import translate
from bot.scoring import UnknownVariantError, load_variant

if TYPE_CHECKING:
    from bot.rules import RenderedTopic, RulesAnswer, RulesIndex

LANGUAGE_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str(name), value=value)
    for name, value in (("English", "en"), ("Norsk", "no"), ("Dansk", "da"), ("Suomi", "fi"))
]
EMBED_COLOUR = discord.Colour.dark_green()
DEFAULT_VARIANT = "classic"


SHORT_REST = 280
"""Characters of the rest of the topic shown under a direct answer; the "more" button shows
the whole topic."""


def topic_embed(
    topic: RenderedTopic, computed: tuple[str, ...] = (), body: list[str] | None = None
) -> discord.Embed:
    """The topic as an embed: ``body`` (the direct answer and a shortened rest) instead of the
    whole text when given."""
    parts = [*computed, ""] if computed else []
    parts += body if body is not None else [topic.text]
    if topic.note:
        parts += ["", f"_{topic.note}_"]
    return discord.Embed(
        title=topic.title, description="\n".join(parts)[:4096], colour=EMBED_COLOUR
    )


def with_table_rules(embed: discord.Embed, lang: str, context: ChannelContext) -> discord.Embed:
    """The channel game's house rules under the answer: the topic's numbers are already the
    table's, and this names every rule the table changed, also those no topic text mentions (a
    cap on red threes, a fixed number of rounds)."""
    if context.house_rules:
        embed.add_field(
            name=translate(lang, "ui.rules.at_this_table"),
            value=house_rules_text(lang, context.house_rules),
            inline=False,
        )
    return embed


def shortened(text: str, limit: int = SHORT_REST) -> tuple[str, bool]:
    """``text`` cut after the last whole line within ``limit`` (at least one line), and
    whether anything was cut."""
    kept: list[str] = []
    for line in text.splitlines():
        if kept and len("\n".join([*kept, line])) > limit:
            return "\n".join([*kept, "…"]), True
        kept.append(line)
    return text, False


def direct_answer(answer: RulesAnswer) -> tuple[list[str] | None, bool]:
    """(embed body, whether the rest was shortened): the lead facts first, then the start of
    the rest of the topic; None when the answer has no lead."""
    from bot.rules.answer import answer_body

    if not answer.lead:
        return None, False
    *lead, rest = answer_body(answer)
    short, cut = shortened(rest)
    return [*lead, short], cut


_loaded: RulesIndex | None = None
_loading: asyncio.Lock | None = None


def _load_engine() -> RulesIndex:
    """Blocking: import ``bot.rules``, read the shipped topics and model, and build the fact
    index the first answer would otherwise build on the event loop."""
    from bot.rules import RulesIndex

    index = RulesIndex.load()
    _ = index.facts
    return index


async def rules_engine() -> RulesIndex:
    """The process's rules engine, loaded on first use in a worker thread (0.1-0.3 s once, so
    the event loop keeps serving rounds meanwhile); concurrent first users wait for one load."""
    global _loaded, _loading
    if _loaded is not None:
        return _loaded
    if _loading is None:
        _loading = asyncio.Lock()
    async with _loading:
        if _loaded is None:
            _loaded = await asyncio.to_thread(_load_engine)
    return _loaded


TOPIC_BUTTON_ID = r"rules:(?P<topic>[a-z_]+):(?P<lang>[a-z]{2}):(?P<variant>[a-z0-9-]+)"


class TopicButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TOPIC_BUTTON_ID
):
    """A near-tie choice: pressing it shows that topic, to everyone in the channel."""

    what = "rules topic button"

    def __init__(self, topic: str, lang: str, variant: str, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rules:{topic}:{lang}:{variant}",
            )
        )
        self.topic, self.lang, self.variant = topic, lang, variant

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TopicButton:
        return cls(match["topic"], match["lang"], match["variant"])

    async def press(self, interaction: discord.Interaction) -> None:
        index = await rules_engine()
        from bot.rules import UnknownTopicError  # loaded by now

        db = interaction.client.db  # type: ignore[attr-defined]
        context = await channel_context(db, interaction.guild_id, interaction.channel_id or 0)
        # The button names a shipped variant; when the channel's game plays that variant, its
        # house rules change the numbers, so the whole topic is drawn as the table plays it.
        at_the_table = context.variant.id == self.variant
        if at_the_table:
            variant = context.variant
        else:
            try:
                variant = load_variant(self.variant)
            except UnknownVariantError:
                variant = load_variant(DEFAULT_VARIANT)  # a variant since removed: the usual
        try:
            topic = index.topic(self.topic, self.lang, variant)
        except UnknownTopicError:
            await send(interaction, ephemeral=True, content=topic_gone_text(index, self.lang))
            return
        embed = topic_embed(topic)
        if at_the_table and topic.applies:
            embed = with_table_rules(embed, self.lang, context)
        await send(interaction, embed=embed)


def topic_gone_text(index: RulesIndex, lang: str) -> str:
    """A button for a topic a newer dataset dropped: say so, and list what there is."""
    titles = "\n".join(f"• {title}" for _, title in index.titles(lang))
    return t(lang, "rules.topic_gone", topics=titles)[:1990]


def choice_view(answer: RulesAnswer, variant_id: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for topic in answer.topics:
        view.add_item(TopicButton(topic.id, answer.language, variant_id, topic.title))
    return view


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Ask a rules question in your own words")
    @app_commands.describe(
        question="Your question, e.g. can we take the frozen pile? or we have 1600, what to open?",
        language="Answer in this language instead of your Discord language",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        question: str,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        explicit = language.value if language else None
        index = await rules_engine()
        from bot.rules import format_plain  # loaded by now

        db = self.bot.db  # type: ignore[attr-defined]
        context = await channel_context(db, interaction.guild_id, interaction.channel_id or 0)
        lang = interaction_language(interaction, explicit, context.server_language)
        topic_id = question.removeprefix("topic:")
        if topic_id != question and topic_id in index.topics:
            topic = index.topic(topic_id, lang, context.variant)
            await send(interaction, embed=with_table_rules(topic_embed(topic), lang, context))
            return
        answer = index.ask(question, lang=lang, variant=context.variant)
        if answer.kind == "answer":
            topic = answer.topics[0]
            body, cut = direct_answer(answer)
            embed = topic_embed(topic, answer.computed, body)
            if answer.variant in (None, context.variant.id) and topic.applies:
                embed = with_table_rules(embed, lang, context)
            if cut:
                # the whole topic behind a button; its id carries topic, language and variant
                label = translate(answer.language, "rules.more")
                view = discord.ui.View(timeout=None)
                variant_id = answer.variant or context.variant.id
                view.add_item(TopicButton(topic.id, answer.language, variant_id, label))
                await send(interaction, embed=embed, view=view)
            else:
                await send(interaction, embed=embed)
        elif answer.kind == "choice":
            await send(
                interaction,
                content=format_plain(answer)[:2000],
                # "threes in Cuban" at a classic table: the buttons show Cuban's rules too
                view=choice_view(answer, answer.variant or context.variant.id),
            )
        else:
            await send(interaction, ephemeral=True, content=format_plain(answer)[:2000])

    @rules.autocomplete("question")
    async def question_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = interaction_language(interaction)
        index = await rules_engine()
        return [
            app_commands.Choice(name=title[:100], value=f"topic:{topic_id}")
            for topic_id, title in index.autocomplete(current, lang)[:25]
        ]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TopicButton)
    await bot.add_cog(RulesCog(bot))
