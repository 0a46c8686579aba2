"""Operations: start-up checks, the run lock, backups, command logs and metrics.

Nothing here imports ``discord``: the Discord side (``bot.discord_app``) calls in with plain
values, so these pieces are tested without a bot.
"""
