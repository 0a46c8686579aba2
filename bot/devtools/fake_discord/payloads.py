"""JSON payloads shaped after ``discord/types/*.py`` (user, member, role, channel, guild, app).

Every object is complete (all required keys present, snowflakes as strings) because
discord.py indexes many keys directly and a missing one surfaces as a ``KeyError`` deep
inside the client rather than as a clear test failure.
"""

from __future__ import annotations

from typing import Any

from .models import FakeApplication, FakeChannel, FakeGuild, FakeMember, FakeUser
from .snowflakes import iso_now

JSON = dict[str, Any]


def user_payload(user: FakeUser) -> JSON:
    """``types.user.User``."""
    return {
        "id": str(user.id),
        "username": user.username,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
        "collectibles": None,
    }


def self_user_payload(user: FakeUser) -> JSON:
    """``GET /users/@me`` for the bot: the user plus the private fields."""
    return {
        **user_payload(user),
        "mfa_enabled": False,
        "locale": user.locale,
        "verified": True,
        "email": None,
        "premium_type": 0,
    }


def member_payload(
    guild: FakeGuild, member: FakeMember, *, with_user: bool = True, permissions: bool = False
) -> JSON:
    """``types.member.Member``; ``permissions`` adds the string interactions carry."""
    data: JSON = {
        "roles": [str(member.role_id)] if member.role_id else [],
        "joined_at": iso_now(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "premium_since": None,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(member.user)
    if permissions:
        data["permissions"] = str(guild.permissions_of(member.user.id))
    return data


def role_payload(
    role_id: int, name: str, permissions: int, position: int, *, managed: bool = False
) -> JSON:
    """``types.role.Role``."""
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def guild_roles(guild: FakeGuild) -> list[JSON]:
    """@everyone (id = guild id) plus one role per member with extra permissions."""
    roles = [role_payload(guild.id, "@everyone", guild.everyone_permissions, 0)]
    for position, member in enumerate(guild.members.values(), start=1):
        if member.role_id:
            name = f"{member.user.username}-role"
            roles.append(role_payload(member.role_id, name, member.permissions, position))
    return roles


def channel_payload(channel: FakeChannel) -> JSON:
    """``types.channel.TextChannel``."""
    return {
        "id": str(channel.id),
        "type": 0,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": channel.topic,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "default_auto_archive_duration": 1440,
        "flags": 0,
    }


def interaction_channel_payload(channel: FakeChannel, permissions: int) -> JSON:
    """Channel object embedded in interactions: the channel plus resolved ``permissions``."""
    return {**channel_payload(channel), "permissions": str(permissions)}


def guild_payload(guild: FakeGuild, application: FakeApplication) -> JSON:
    """Complete ``GUILD_CREATE`` payload (``types.guild.Guild`` plus gateway-only fields)."""
    bot_member = FakeMember(user=application.bot_user)
    members = [member_payload(guild, m) for m in guild.members.values()]
    members.append(member_payload(guild, bot_member))
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "icon_hash": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(guild.owner_id),
        "region": "deprecated",
        "afk_channel_id": None,
        "afk_timeout": 300,
        "widget_enabled": False,
        "widget_channel_id": None,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": guild_roles(guild),
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "nsfw_level": 0,
        "application_id": None,
        "system_channel_id": str(guild.channels[0].id) if guild.channels else None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": guild.preferred_locale,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw": False,
        "incidents_data": None,
        "joined_at": iso_now(),
        "large": False,
        "unavailable": False,
        "member_count": len(members),
        "voice_states": [],
        "members": members,
        "channels": [channel_payload(c) for c in guild.channels],
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
        "lazy": True,
    }


def partial_guild_payload(guild: FakeGuild, application: FakeApplication) -> JSON:
    """``GET /guilds/{id}`` answer: the guild without gateway-only fields."""
    data = guild_payload(guild, application)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
        data.pop(key, None)
    return data


def application_payload(application: FakeApplication) -> JSON:
    """``types.appinfo.AppInfo`` for ``GET /oauth2/applications/@me``."""
    return {
        "id": str(application.id),
        "name": application.name,
        "icon": None,
        "description": "A fake application served by bot.devtools.fake_discord.",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": application.flags,
        "owner": user_payload(application.owner),
        "team": None,
        "bot": user_payload(application.bot_user),
        "rpc_origins": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}, "1": {}},
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
    }


def error_body(code: int, message: str, errors: JSON | None = None) -> JSON:
    """Discord's JSON error body."""
    body: JSON = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body


def field_error(code: str, message: str) -> JSON:
    """One leaf of Discord's nested ``errors`` tree."""
    return {"_errors": [{"code": code, "message": message}]}
