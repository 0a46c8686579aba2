"""Topic-title suggestions while the user types (Discord autocomplete: at most 25, within 3 s).

Titles in the user's language are matched on diacritic-folded text, best first: the title starts
with what was typed, a word of it does, it contains it, one of the topic's aliases starts with or
contains it, and finally a fuzzy match for typos. Everything is precomputed, so a call is a scan
of ~25 short strings.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.rules.topics import LANGS, Topic
from bot.talk.text import fold, normalise

MAX_CHOICES = 25
"""Discord's limit on autocomplete choices."""
FUZZY_CUTOFF = 75.0


class Autocomplete:
    def __init__(self, topics: Mapping[str, Topic]) -> None:
        self._entries: dict[str, list[tuple[str, str, str, tuple[str, ...]]]] = {}
        for lang in LANGS:
            entries = []
            for topic in topics.values():
                text = topic.text[lang]  # type: ignore[index]
                aliases = tuple(fold(normalise(a)) for a in text.aliases)
                entries.append((topic.id, text.title[:100], fold(normalise(text.title)), aliases))
            entries.sort(key=lambda e: e[2])
            self._entries[lang] = entries

    def suggest(self, typed: str, lang: str) -> list[tuple[str, str]]:
        """(topic id, title) pairs in ``lang`` for what has been typed so far, best first."""
        entries = self._entries.get(lang, self._entries["en"])
        query = " ".join(fold(normalise(typed[:100])).split())
        if not query:
            return [(tid, title) for tid, title, _, _ in entries[:MAX_CHOICES]]
        ranked: list[tuple[float, str, str]] = []
        for tid, _title, key, aliases in entries:
            rank = self._rank(query, key, aliases)
            if rank > 0:
                ranked.append((rank, key, tid))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        titles = {tid: title for tid, title, _, _ in entries}
        return [(tid, titles[tid]) for _, _, tid in ranked[:MAX_CHOICES]]

    @staticmethod
    def _rank(query: str, key: str, aliases: tuple[str, ...]) -> float:
        if key.startswith(query):
            return 6.0
        if any(word.startswith(query) for word in key.split()):
            return 5.0
        if query in key:
            return 4.0
        if any(a.startswith(query) for a in aliases):
            return 3.0
        if len(query) >= 3 and any(query in a for a in aliases):
            return 2.0
        if len(query) >= 3:
            # Imported on the first fuzzy match, not at start-up: ~3 MiB the bot need not hold
            # before anyone types a topic.
            from rapidfuzz import fuzz

            best = max(
                fuzz.partial_ratio(query, key),
                max((fuzz.partial_ratio(query, a) for a in aliases), default=0.0),
            )
            if best >= FUZZY_CUTOFF:
                return best / 100.0
        return 0.0
