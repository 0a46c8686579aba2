"""One cog per feature; each is a thin layer that turns an interaction into a service call."""

EXTENSIONS: tuple[str, ...] = ("bot.discord_app.cogs.count", "bot.discord_app.cogs.rules")
