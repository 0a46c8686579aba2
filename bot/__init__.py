"""canasta-bot: Canasta scorekeeping and rules answers for Discord."""

__version__ = "0.1.0"
