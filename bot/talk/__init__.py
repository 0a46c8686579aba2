"""Reading what players type: folded text and tokens, numbers said in words, and whole rounds
said aloud. ``/rules`` (a round described in a question) and ``/round say`` (a round to record)
both read through this package, so there is one reader and one vocabulary behind both
commands; it sits below ``bot.rules`` and ``bot.games`` and imports neither."""
