"""Interactive pieces of the game commands: confirm buttons, the round form, shared context.

Kept apart from the cogs so a cog stays a thin parse -> service -> render function, and so the
buttons (dynamic items whose state lives in the custom id) survive a restart of the bot.
"""
