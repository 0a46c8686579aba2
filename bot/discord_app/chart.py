"""The score sheet's chart: every side's running total over the rounds, as a PNG.

matplotlib is slow to import, so it is imported inside the render function, with the Agg backend
(no display), and the function is meant to run in a worker thread (``asyncio.to_thread``) so a
chart never stalls the event loop. Where matplotlib is missing the sheet is sent without a chart.
"""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Sequence


def chart_available() -> bool:
    """Whether charts can be drawn, without paying for the import on the event loop."""
    return importlib.util.find_spec("matplotlib") is not None


def render_totals_png(
    side_names: Sequence[str],
    totals_by_round: Sequence[Sequence[int]],
    target: int,
    title: str,
    round_label: str,
    adjustments: Sequence[tuple[float, Sequence[int]]] = (),
) -> bytes:
    """Line chart of the running totals (round 0 at zero), with the target as a dashed line.

    ``adjustments`` are (position, totals after it) between rounds (e.g. 2.5 after round 2):
    the lines pass through them and they are marked with a diamond, so a jump that no round
    explains shows where it came from. Blocking (matplotlib): call it with
    ``asyncio.to_thread``.
    """
    import matplotlib

    matplotlib.use("Agg", force=True)
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 3.6), dpi=100)
    axes = figure.add_subplot()
    rounds = list(range(len(totals_by_round) + 1))
    points = sorted(
        [(float(x), row) for x, row in enumerate([[0] * len(side_names), *totals_by_round])]
        + [(x, row) for x, row in adjustments]
    )
    for index, name in enumerate(side_names):
        (line,) = axes.plot([x for x, _ in points], [row[index] for _, row in points], label=name)
        axes.plot(
            rounds, [0, *(row[index] for row in totals_by_round)], "o", color=line.get_color()
        )
        if adjustments:
            axes.plot(
                [x for x, _ in adjustments],
                [row[index] for _, row in adjustments],
                "D",
                color=line.get_color(),
            )
    axes.axhline(target, linestyle="--", linewidth=1, color="grey")
    axes.set_title(title)
    axes.set_xlabel(round_label)
    axes.set_xticks(rounds)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
