"""Rules questions: the topic dataset, a learned topic model and computed answers (pure Python).

No Discord and no database here; the topics and the shipped model are read once per process.

Public API::

    from bot.rules import RulesIndex, format_plain, run_ask

    index = RulesIndex.load()                       # read once, cached for the process
    answer = index.ask(question, lang=None, locale="da", variant=variant)
    answer.kind, .topics, .lead, .computed, .suggestions   # see ``RulesAnswer``
    format_plain(answer) -> str                     # the reply as the bot shows it, plain text
    index.topic(topic_id, lang, variant) -> RenderedTopic   # e.g. after a button press
    index.autocomplete(typed, lang) -> list[(topic_id, title)]  # at most 25, best first
    index.titles(lang) -> list[(topic_id, title)]
    run_ask(question, lang=None, variant_id=None) -> str     # for ``canasta-bot ask``

``variant`` is the channel's ``bot.scoring.Variant`` with its house rules already applied
(``apply_house_rules``); rule texts and computed figures use its numbers. A topic that belongs to
other variants (e.g. Cuban wild canastas at a classic table) is still answered, rendered with its
own variant's numbers, with ``applies=False`` and a ``note`` saying so.

Player words (numbers, cards, variant names, function words) are the lexicon's
(``rules_data/lexicon``, ``bot.scoring.vocabulary``); ``index`` is the facade over the rest.
"""

from bot.rules.answer import RulesAnswer, format_plain
from bot.rules.index import RulesIndex, UnknownTopicError, reply_language, run_ask
from bot.rules.render import RenderedTopic
from bot.rules.topics import LANGS, Topic, TopicFileError, all_topics

__all__ = [
    "LANGS",
    "RenderedTopic",
    "RulesAnswer",
    "RulesIndex",
    "Topic",
    "TopicFileError",
    "UnknownTopicError",
    "all_topics",
    "format_plain",
    "reply_language",
    "run_ask",
]
