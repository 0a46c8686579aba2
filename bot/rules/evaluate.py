"""``python -m bot.rules.evaluate``: the accuracy table, under its documented name. The tool is
``bot.devtools.rules_evaluate``: it measures the rules engine, and answering never uses it."""

from bot.devtools.rules_evaluate import index_without, left_out, load_questions, main, table

__all__ = ["index_without", "left_out", "load_questions", "main", "table"]

if __name__ == "__main__":
    main()
