"""Leaderboard, ratings replay, exports, forgetting a user, server settings and purge."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.games import (
    edit_round,
    export_game,
    export_guild,
    forget_user,
    game_history,
    get_ratings,
    get_settings,
    guilds_with_data,
    leaderboard,
    mark_guild_joined,
    mark_guild_left,
    past_games,
    purge_left_guilds,
    record_round,
    score_sheet,
    set_settings,
)
from bot.games.leaderboard import split_period
from tests.games.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    OTHER_CHANNEL,
    OTHER_GUILD,
    OUT,
    STUCK,
    small_round,
    start_teams,
)


async def _finished_game(db, channel=CHANNEL, flip=False):
    game = await start_teams(db, channel=channel, target=1500)
    sides = [dict(STUCK), dict(OUT)] if flip else small_round()
    for _ in range(2):
        await record_round(db, guild_id=GUILD, channel_id=channel, actor_id=ALICE, sides=sides)
    return game


async def test_leaderboard_players_pairs_and_periods(db):
    await _finished_game(db)
    await _finished_game(db, channel=OTHER_CHANNEL, flip=True)
    await _finished_game(db)
    board = await leaderboard(db, guild_id=GUILD)
    top = board.rows[0]
    assert top.user_ids in {(ALICE,), (BOB,)}
    assert (top.games, top.won, top.rounds, top.best_round) == (3, 2, 6, 900)
    assert top.canastas == 4
    assert top.avg_net_per_round == pytest.approx((900 * 4 + 50 * 2) / 6)
    assert top.display_names in {("Alice",), ("Bob",)}
    pairs = await leaderboard(db, guild_id=GUILD, by="partnership", sort="rating")
    assert [r.user_ids for r in pairs.rows] == [(ALICE, BOB), (CAROL, DAVE)]
    assert pairs.rows[0].rating > pairs.rows[1].rating
    now = datetime.now(UTC)
    assert len((await leaderboard(db, guild_id=GUILD, since=now - timedelta(days=1))).rows) == 4
    assert (await leaderboard(db, guild_id=GUILD, until=now - timedelta(days=1))).rows == ()
    assert (await leaderboard(db, guild_id=GUILD, variant_id="cuban")).rows == ()


def test_period_split_into_months_and_edges():
    since = datetime(2024, 1, 15, tzinfo=UTC)
    until = datetime(2024, 4, 2, tzinfo=UTC)
    months, edges = split_period(since, until)
    assert months == (202402, 202404)
    assert edges == [
        (since, datetime(2024, 2, 1, tzinfo=UTC)),
        (datetime(2024, 4, 1, tzinfo=UTC), until),
    ]
    assert split_period(None, None) == ((None, None), [])
    inside = split_period(since, datetime(2024, 1, 20, tzinfo=UTC))
    assert inside[0] is None


async def test_edit_of_finished_game_replays_ratings_and_stats(db):
    await _finished_game(db)
    before = {r.user_id: r.mu for r in await get_ratings(db, GUILD)}
    # Flip both rounds: now the other side wins; ratings replay, stats follow.
    for number in (1, 2):
        sheet = await edit_round(
            db,
            guild_id=GUILD,
            channel_id=CHANNEL,
            actor_id=ALICE,
            number=number,
            sides={0: STUCK, 1: OUT},
        )
    assert sheet.game.winner_side == 1
    after = {r.user_id: r.mu for r in await get_ratings(db, GUILD)}
    assert after[CAROL] > before[CAROL]
    assert after[ALICE] < before[ALICE]
    board = await leaderboard(db, guild_id=GUILD, sort="wins")
    assert set(board.rows[0].user_ids) <= {CAROL, DAVE}
    assert board.rows[0].won == 1


async def test_exports(db):
    game = await _finished_game(db)
    text = await export_game(db, guild_id=GUILD, game_id=game.id, fmt="csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 4
    assert rows[0]["net"] == "900"
    assert rows[-1]["total"] == "100"
    data = json.loads(await export_game(db, guild_id=GUILD, game_id=game.id, fmt="json"))
    assert data["totals"] == [1800, 100]
    assert data["rounds"][0]["sides"][0]["breakdown"]["canastas"] == 500
    everything = json.loads(await export_guild(db, guild_id=GUILD, fmt="json"))
    assert [g["id"] for g in everything["games"]] == [game.id]


async def _add_settings_audit(db, guild_id, before, after):
    """A server-level (settings) audit row whose snapshots name users, written directly."""
    from bot.storage.models import AuditEntry

    async def work(session):
        session.add(
            AuditEntry(
                guild_id=guild_id,
                game_id=None,
                action="settings",
                actor_id=BOB,
                at=datetime.now(UTC),
                before=before,
                after=after,
            )
        )

    await db.write(work)


async def _settings_audit(db):
    from sqlalchemy import select

    from bot.storage.models import AuditEntry

    async def work(session):
        rows = await session.scalars(select(AuditEntry).where(AuditEntry.game_id.is_(None)))
        return [(e.guild_id, e.action, e.actor_id, e.before, e.after) for e in rows]

    return await db.read(work)


async def test_forget_user_keeps_scores_for_others(db):
    game = await _finished_game(db)
    await set_settings(db, GUILD, actor_id=ALICE, language="fi")
    # Settings snapshots may name users (say, managers by user id), in any server; 110 and
    # "1100" only contain ALICE's digits and must stay as they are.
    await _add_settings_audit(
        db, GUILD, {"managers": [ALICE, BOB], "limit": 110}, {"managers": [str(ALICE)]}
    )
    await _add_settings_audit(db, 3003, None, {"managers": [BOB, ALICE], "note": "1100"})
    report = await forget_user(db, ALICE)
    assert report.anon_id < 0
    sheet = await score_sheet(db, guild_id=GUILD, channel_id=CHANNEL)
    ids = sheet.game.player_ids
    assert ALICE not in ids
    assert report.anon_id in ids
    assert sheet.totals == (1800, 100)
    assert all(r.recorded_by == report.anon_id for r in sheet.rounds)
    assert ALICE not in {r.user_id for r in await get_ratings(db, GUILD)}
    history = await game_history(db, guild_id=GUILD, channel_id=CHANNEL)
    audit_text = json.dumps([(h.actor_id, h.before, h.after) for h in history])
    # whole numbers only: the random anonymous id may contain ALICE's digits
    assert not re.search(rf"(?<![\d.]){ALICE}(?![\d.])", audit_text)
    board = await leaderboard(db, guild_id=GUILD)
    assert ALICE not in {u for r in board.rows for u in r.user_ids}
    assert report.anon_id in {u for r in board.rows for u in r.user_ids}
    exported = await export_game(db, guild_id=GUILD, game_id=game.id, fmt="json")
    assert f'"{ALICE}"' not in exported
    server_level = await _settings_audit(db)
    assert not re.search(rf"(?<![\d.]){ALICE}(?![\d.])", json.dumps(server_level))
    assert {"managers": [report.anon_id, BOB], "limit": 110} in [e[3] for e in server_level]
    assert {"managers": [str(report.anon_id)]} in [e[4] for e in server_level]
    assert {"managers": [BOB, report.anon_id], "note": "1100"} in [e[4] for e in server_level]
    assert [e[2] for e in server_level if e[1] == "settings"].count(report.anon_id) == 1


async def test_settings_and_purge(db):
    assert (await get_settings(db, GUILD)).language == "en"
    info = await set_settings(
        db, GUILD, actor_id=ALICE, language="fi", default_variant="cuban", manager_role_id=42
    )
    assert (info.language, info.default_variant, info.manager_role_id) == ("fi", "cuban", 42)
    await _finished_game(db)
    now = datetime.now(UTC)
    await mark_guild_left(db, GUILD, now - timedelta(days=10))
    assert await purge_left_guilds(db, now, grace_days=30) == ()
    await mark_guild_joined(db, GUILD)
    assert (await get_settings(db, GUILD)).left_at is None
    await mark_guild_left(db, GUILD, now - timedelta(days=40))
    assert await purge_left_guilds(db, now, grace_days=30) == (GUILD,)
    assert await past_games(db, guild_id=GUILD) == ()
    assert (await get_settings(db, GUILD)).language == "en"


async def test_servers_with_data_are_those_with_settings_or_games_not_marked_left(db):
    """What start-up compares with the servers Discord lists, to find those that removed the
    bot while it was offline."""
    assert await guilds_with_data(db) == frozenset()
    await start_teams(db)
    await set_settings(db, OTHER_GUILD, actor_id=ALICE, language="da")
    assert await guilds_with_data(db) == {GUILD, OTHER_GUILD}
    await mark_guild_left(db, OTHER_GUILD)
    assert await guilds_with_data(db) == {GUILD}
    await mark_guild_left(db, GUILD)
    assert await guilds_with_data(db) == frozenset()
