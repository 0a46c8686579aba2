"""What ``hot_path.py`` measures and how it prints it: the figures, one table and the issue's bars.

Kept apart from the driver so the figures' definitions (what counts as a reply, how a
percentile treats an interaction that was never answered) are in one short place.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

LATE = 3.0
"""A reply later than this (s) is one that Discord's users would have seen fail."""


@dataclass(frozen=True)
class Sizes:
    """How much each phase runs; ``QUICK`` is a smoke run."""

    games: int = 50
    one_in_flight: int = 300
    fifty_in_flight: int = 1000
    rate: float = 100.0
    seconds: float = 10.0
    long_game: int = 600
    rules: int = 300
    total_rounds: int = 5000
    many_guilds: int = 10_000
    drain_cap: float = 90.0

    @property
    def window(self) -> int:
        """Rounds at each end of the long game whose medians are compared (20 of 600)."""
        return max(5, self.long_game // 30)


QUICK = Sizes(
    one_in_flight=40,
    fifty_in_flight=100,
    seconds=2.0,
    long_game=60,
    rules=40,
    total_rounds=600,
    many_guilds=1000,
    drain_cap=20.0,
)


def quantile(samples: list[float], q: float) -> float:
    """Nearest-rank quantile; ``inf`` samples (never answered) sort last."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * q) - 1))]


def median_ms(samples: list[float]) -> float:
    finite = [x for x in samples if math.isfinite(x)]
    return statistics.median(finite) * 1000 if finite else math.nan


@dataclass
class Phase:
    """One measured phase: latencies (s, ``inf`` = never answered), wall time and CPU."""

    latencies: list[float] = field(default_factory=list)
    wall: float = math.nan
    cpu: float = math.nan
    fake_cpu: float = math.nan
    private: int = 0
    late: int = 0
    slip: float = 0.0

    @property
    def unanswered(self) -> int:
        return sum(1 for x in self.latencies if not math.isfinite(x))

    @property
    def rate(self) -> float:
        """Answered commands per second of wall time."""
        return (len(self.latencies) - self.unanswered) / self.wall if self.wall else math.nan

    def ms(self, q: float) -> float:
        return quantile(self.latencies, q) * 1000

    def per_command_ms(self, seconds: float) -> float:
        return seconds * 1000 / len(self.latencies) if self.latencies else math.nan

    @property
    def cpu_ms(self) -> float:
        return self.per_command_ms(self.cpu)


@dataclass
class Startup:
    """Seconds from spawning the process; RSS (MiB) right after the first reply."""

    ready: float = math.nan
    first_reply: float = math.nan
    rss: float = math.nan

    @property
    def to_first_reply(self) -> float:
        """READY to the first answered command."""
        return self.first_reply - self.ready


@dataclass
class Report:
    """Everything measured for one bot in one configuration."""

    startup: Startup = field(default_factory=Startup)
    first_rules: float = math.nan
    rss_rules: float = math.nan
    phases: dict[str, Phase] = field(default_factory=dict)
    rss_end: float = math.nan
    peak: float = math.nan
    rounds: int = 0
    errors: list[str] = field(default_factory=list)
    failed: str = ""


# ----- formatting ----------------------------------------------------------------------------
def ms(value: float) -> str:
    if math.isnan(value):
        return "–"
    if math.isinf(value):
        return "never"
    return f"{value:.2f} ms" if value < 100 else f"{value:,.0f} ms"


def num(value: float, unit: str = "", digits: int = 0) -> str:
    return "–" if math.isnan(value) else f"{value:,.{digits}f}{unit}"


def mib(value: float) -> str:
    return num(value, " MiB", 1)


def sec(value: float) -> str:
    return num(value, " s", 2)


def ratio(ours: float, bare: float) -> str:
    """canasta-bot / bare bot: ``0.09`` for rates, ``18x`` for costs."""
    if not all(math.isfinite(x) for x in (ours, bare)) or not bare:
        return ""
    value = ours / bare
    if value < 1:
        return f"{value:.2f}"
    return f"{value:.1f}x" if value < 10 else f"{value:.0f}x"


def p50_p99(phase: Phase) -> str:
    return f"{ms(phase.ms(0.5))} / {ms(phase.ms(0.99))}"


Row = tuple[str, str, str, str]


def row(figure: str, ours: float, bare: float, show: Callable[[float], str]) -> Row:
    """One figure for both bots, shown with ``show``, and their ratio."""
    return figure, show(ours), show(bare), ratio(ours, bare)


def latency_row(figure: str, ours: Phase, bare: Phase) -> Row:
    return figure, p50_p99(ours), p50_p99(bare), ratio(ours.ms(0.5), bare.ms(0.5))


def table(rows: list[Row]) -> str:
    lines = ["| figure | canasta-bot | bare bot | ratio |", "|---|---|---|---|"]
    return "\n".join(lines + [f"| {' | '.join(row)} |" for row in rows])


def phase_rows(label: str, ours: Report, bare: Report, sizes: Sizes, db: str) -> list[Row]:
    """Throughput, latency and CPU of the closed and open loops (SQLite or PostgreSQL)."""
    rows: list[Row] = []
    for key, what in (("one", "1 in flight"), ("fifty", f"{sizes.games} games, all in flight")):
        o, b = ours.phases.get(key), bare.phases.get(key)
        if o is None or b is None:
            continue
        rows += [
            row(f"{label}`/round add`, {what}, commands/s", o.rate, b.rate, num),
            latency_row(f"{label}`/round add`, {what}, p50 / p99", o, b),
            row(f"{label}bot CPU per command, {what}", o.cpu_ms, b.cpu_ms, ms),
        ]
        if o.unanswered or o.private:
            rows.append(
                (
                    f"{label}{what}: never answered / private replies",
                    f"{o.unanswered} / {o.private}",
                    f"{b.unanswered} / {b.private}",
                    "",
                )
            )
    o, b = ours.phases.get("open"), bare.phases.get("open")
    if o is not None and b is not None:
        what = f"open loop {sizes.rate:g} commands/s for {sizes.seconds:g} s"
        rows += [
            (f"{label}{what}, p50 / p99", p50_p99(o), p50_p99(b), ratio(o.ms(0.99), b.ms(0.99))),
            (
                f"{label}{what}: replies later than 3 s / never answered ({db})",
                f"{o.late} / {o.unanswered} of {len(o.latencies):,}",
                f"{b.late} / {b.unanswered} of {len(b.latencies):,}",
                "",
            ),
            (
                f"{label}{what}: private replies (refusals, busy)",
                str(o.private),
                str(b.private),
                "",
            ),
            row(f"{label}bot CPU per command, open loop", o.cpu_ms, b.cpu_ms, ms),
        ]
    return rows


def long_game(report: Report) -> tuple[float, float]:
    """p50 (ms) of a new game's first rounds and of the long game's last rounds.

    The ``ends`` phase alternates them (long game first), so both see the same machine load.
    """
    phase = report.phases.get("ends")
    if phase is None:
        return math.nan, math.nan
    return median_ms(phase.latencies[1::2]), median_ms(phase.latencies[0::2])


def report_rows(
    ours: Report, bare: Report, sizes: Sizes, many: dict[str, list[Startup]]
) -> list[Row]:
    """The issue's table, SQLite part."""
    rows = phase_rows("", ours, bare, sizes, "SQLite")
    if "ends" in ours.phases:
        first, last = long_game(ours)
        n, w = sizes.long_game, sizes.window
        rows.append(
            (
                f"`/round add` p50 at round 1 / at round {n} of one game (rounds 1–{w} of a"
                f" new game / {n - w + 1}–{n}, alternating)",
                f"{ms(first)} / {ms(last)} ({last / first:.2f}x)",
                "",
                "",
            )
        )
    o, b = ours.phases.get("rules"), bare.phases.get("rules")
    if o is not None and b is not None:
        rows += [
            latency_row("`/rules`, 1 in flight, p50 / p99", o, b),
            row("bot CPU per command, `/rules`", o.cpu_ms, b.cpu_ms, ms),
        ]
    s, t = ours.startup, bare.startup
    g = f"{sizes.many_guilds:,} guilds"
    rows.append(row("RSS after READY and the first reply, 1 guild", s.rss, t.rss, mib))
    rows.append(row("RSS after the first `/rules` too", ours.rss_rules, bare.rss_rules, mib))
    mine, theirs = many.get("ours"), many.get("bare")
    if mine and theirs:
        rss = f"RSS after READY and the first reply, {g} (restart)"
        rows.append(row(rss, mine[-1].rss, theirs[-1].rss, mib))
    rows += [
        (
            f"RSS after {ours.rounds:,} `/round add` (bare: as many commands) / peak",
            f"{mib(ours.rss_end)} / {mib(ours.peak)}",
            f"{mib(bare.rss_end)} / {mib(bare.peak)}",
            ratio(ours.rss_end, bare.rss_end),
        ),
        row("process start to READY, 1 guild", s.ready, t.ready, sec),
        row("process start to first reply, 1 guild", s.first_reply, t.first_reply, sec),
        ("READY to first reply, 1 guild", sec(s.to_first_reply), sec(t.to_first_reply), ""),
        (
            "first `/rules` after start-up, latency",
            ms(ours.first_rules * 1000),
            ms(bare.first_rules * 1000),
            "",
        ),
    ]
    if mine and theirs:
        a, z, m = mine[0], mine[-1], theirs[-1]
        rows += [
            (
                f"process start to READY, {g} (first start / restart)",
                f"{sec(a.ready)} / {sec(z.ready)}",
                sec(m.ready),
                ratio(z.ready, m.ready),
            ),
            (
                f"process start to first reply, {g} (first start / restart)",
                f"{sec(a.first_reply)} / {sec(z.first_reply)}",
                sec(m.first_reply),
                ratio(z.first_reply, m.first_reply),
            ),
            (
                f"READY to first reply, {g} (restart)",
                sec(z.to_first_reply),
                sec(m.to_first_reply),
                "",
            ),
        ]
    return rows


def bars(
    ours: Report,
    bare: Report,
    pg: Report | None,
    sizes: Sizes,
    many: dict[str, list[Startup]],
) -> list[str]:
    """The issue's bars, each met or not met; ``–`` when this run did not measure it."""
    out: list[tuple[str, bool | None, str]] = []
    o, b = ours.phases.get("one"), bare.phases.get("one")
    if o is not None and b is not None:
        share = o.rate / b.rate
        out.append(
            (
                "`/round add` at 1 in flight: at least 0.3 of the bare bot's commands/s",
                share >= 0.3,
                f"{share:.2f}",
            )
        )
        out.append(
            (
                "`/round add` at 1 in flight: bot CPU at most 3 ms per command",
                o.cpu_ms <= 3,
                ms(o.cpu_ms),
            )
        )
    for db, report in (("SQLite", ours), ("PostgreSQL", pg)):
        bar = f"open loop {sizes.rate:g}/s: no reply later than 3 s on {db}"
        phase = report.phases.get("open") if report else None
        if phase is None:
            out.append((bar, None, "not measured"))
        else:
            failed = phase.late + phase.unanswered
            out.append(
                (
                    bar,
                    failed == 0,
                    f"{phase.late} late, {phase.unanswered} never answered"
                    f" of {len(phase.latencies):,}",
                )
            )
    if (phase := ours.phases.get("open")) is not None:
        out.append(
            (
                f"open loop {sizes.rate:g}/s: p99 under 50 ms on SQLite",
                phase.ms(0.99) < 50,
                ms(phase.ms(0.99)),
            )
        )
    if "ends" in ours.phases:
        first, last = long_game(ours)
        out.append(
            (
                f"round {sizes.long_game} within 15% of round 1 (p50)",
                last <= 1.15 * first,
                f"{last / first:.2f}x",
            )
        )
    if (phase := ours.phases.get("rules")) is not None:
        out.append(("`/rules` p99 under 5 ms end to end", phase.ms(0.99) < 5, ms(phase.ms(0.99))))
    s, t = ours.startup, bare.startup
    out.append(
        ("RSS at most 1.5x the bare bot, 1 guild", s.rss <= 1.5 * t.rss, f"{s.rss / t.rss:.2f}x")
    )
    out.append(
        ("first reply within 1 s of READY, 1 guild", s.to_first_reply <= 1, sec(s.to_first_reply))
    )
    g = f"{sizes.many_guilds:,} guilds"
    if many.get("ours") and many.get("bare"):
        z, m = many["ours"][-1], many["bare"][-1]
        out.append(
            (f"RSS at most 1.5x the bare bot, {g}", z.rss <= 1.5 * m.rss, f"{z.rss / m.rss:.2f}x")
        )
        out.append(
            (f"first reply within 1 s of READY, {g}", z.to_first_reply <= 1, sec(z.to_first_reply))
        )
    else:
        out.append((f"RSS at most 1.5x the bare bot, {g}", None, "not measured"))
    verdict = {True: "met", False: "NOT met", None: "–"}
    return [f"- {text}: **{verdict[ok]}** ({value})" for text, ok, value in out]


def details(name: str, report: Report) -> Iterable[str]:
    """Every phase's figures, and what the bot logged as failing."""
    failed = f"; FAILED: {report.failed}" if report.failed else ""
    yield f"{name}: {report.rounds:,} /round add sent{failed}"
    for key, p in report.phases.items():
        slip = f"  late {p.late}  schedule slip {p.slip * 1000:.1f} ms" if key == "open" else ""
        yield (
            f"  {key:6} n={len(p.latencies):5}  {num(p.rate, '/s', 1):>9}"
            f"  p50 {ms(p.ms(0.5)):>9}  p99 {ms(p.ms(0.99)):>9}  max {ms(p.ms(1.0)):>9}"
            f"  bot CPU {ms(p.cpu_ms):>9}/cmd  fake CPU {ms(p.per_command_ms(p.fake_cpu)):>9}/cmd"
            f"  never {p.unanswered}  private {p.private}{slip}"
        )
    for line in report.errors[:5]:
        yield f"  bot log: {line}"
