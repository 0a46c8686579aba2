"""Rendering of the server-level embeds, without Discord: limits, names, numbers, periods."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discord_app.server_embeds import (
    EMBED_LIMIT,
    PlayerStats,
    history_line,
    leaderboard_embed,
    number,
    period_start,
    person,
    settings_embed,
    stats_embed,
    who_may_change,
)
from bot.games.results import GameSummary, GuildSettingsInfo, Leaderboard, LeaderboardRow

NOW = datetime(2026, 3, 15, 12, 30, tzinfo=UTC)


def row(*users: int, names: tuple[str, ...] = (), rating: float | None = 3.26) -> LeaderboardRow:
    return LeaderboardRow(
        user_ids=users,
        display_names=names or tuple(f"P{u}" for u in users),
        games=4,
        won=3,
        win_rate=0.75,
        rounds=10,
        avg_net_per_round=1234.5,
        best_round=2100,
        canastas=7,
        rating=rating,
    )


def board(rows: list[LeaderboardRow], by: str = "player") -> Leaderboard:
    return Leaderboard(1, by, None, None, None, "wins", tuple(rows))


@pytest.mark.parametrize(
    ("period", "expected"),
    [
        ("period_all", None),
        ("period_month", datetime(2026, 3, 1, tzinfo=UTC)),
        ("period_year", datetime(2026, 1, 1, tzinfo=UTC)),
        ("period_30d", NOW - timedelta(days=30)),
    ],
)
def test_period_start(period: str, expected: datetime | None) -> None:
    assert period_start(period, NOW) == expected


def test_numbers_follow_the_language() -> None:
    assert [number(lang, 1234.5, 1) for lang in ("en", "no", "da", "fi")] == [
        "1,234.5",
        "1\xa0234,5",
        "1.234,5",
        "1\xa0234,5",
    ]


def test_forgotten_players_show_their_anonymous_name_and_others_a_mention() -> None:
    assert person(42, "Alice") == "<@42>"
    assert person(-7, "anonymous-000007") == "anonymous-000007"
    assert person(-7, "a*b_") == "a\\*b\\_"


def test_leaderboard_rows_in_norwegian() -> None:
    embed = leaderboard_embed(
        "no", board([row(5), row(-9, rating=None)]), "period_all", "sort_wins"
    )
    lines = (embed.description or "").splitlines()
    assert lines[0] == "**1.** <@5>"
    assert lines[1] == (
        "spilt 4 · vunnet 3 (75\xa0%) · snitt 1\xa0234,5/runde · beste runde 2\xa0100 · "
        "canastaer 7 · rating 3,3"
    )
    assert lines[2] == "**2.** P-9"
    assert lines[3].endswith("rating –")


def test_a_full_partnership_leaderboard_fits_an_embed() -> None:
    long = "x" * 32
    rows = [row(10**17 + i, 10**17 + i + 1, names=(long, long)) for i in range(40)]
    embed = leaderboard_embed("fi", board(rows, "partnership"), "period_30d", "sort_rating")
    description = embed.description or ""
    assert len(description) <= EMBED_LIMIT
    assert description.count("**") % 2 == 0  # whole lines only
    assert embed.title == "Tulostaulu: parit"


def test_stats_list_partners_without_the_player() -> None:
    stats = PlayerStats(row(5), 1, "3", None, (row(5, 8), row(2, 5)))
    embed = stats_embed("da", "Alice", stats, "cuban")
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Makkere"].splitlines() == [
        "med <@8>: spillet 4 · vundet 3 (75\xa0%)",
        "med <@2>: spillet 4 · vundet 3 (75\xa0%)",
    ]
    assert fields["Rating"] == "–"
    assert embed.footer.text == "Cubansk canasta"


def summary(state: str, winner: int | None = None, draw: bool = False) -> GameSummary:
    return GameSummary(
        id=7,
        channel_id=99,
        variant_id="classic",
        state=state,
        end_reason=None,
        created_at=NOW,
        ended_at=None,
        round_count=3,
        totals=(5120, 4990),
        side_names=("Us", "**Them**"),
        winner_side=winner,
        draw=draw,
    )


@pytest.mark.parametrize(
    ("game", "result"),
    [
        (summary("finished", winner=1), "🏆 \\*\\*Them\\*\\*"),
        (summary("finished", draw=True), "uavgjort"),
        (summary("abandoned"), "avbrutt"),
        (summary("active"), "pågår (runder så langt: 3)"),
    ],
)
def test_history_lines(game: GameSummary, result: str) -> None:
    head, score = history_line("no", game, show_channel=True)
    assert head == f"**#7** · Klassisk (4 spillere, to par) · <t:{int(NOW.timestamp())}:d> · <#99>"
    assert score == f"Us 5\xa0120 – \\*\\*Them\\*\\* 4\xa0990 · {result}"


def test_settings_and_who_may_change_them() -> None:
    plain = GuildSettingsInfo(1, "fi", None, None, None)
    embed = settings_embed("en", plain)
    assert [f.value for f in embed.fields] == [
        "Suomi",
        "none (classic)",
        "none (only Manage Server)",
    ]
    assert who_may_change("en", plain).startswith("Only members with Manage Server may")
    with_role = GuildSettingsInfo(1, "en", "cuban", 77, None)
    assert "<@&77>" in who_may_change("da", with_role)
    assert settings_embed("da", with_role).fields[2].value == "<@&77>"
