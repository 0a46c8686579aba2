"""``python -m bot.rules.train``: retrain the topic model, under its documented name. The tool is
``bot.devtools.train_topics``: it needs the ``train`` extra, and answering never imports it."""

from bot.devtools.train_topics import main

__all__ = ["main"]

if __name__ == "__main__":
    main()
