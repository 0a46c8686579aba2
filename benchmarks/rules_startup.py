"""Start-up of the rules engine in a fresh process, beside a bare interpreter.

Run: ``.venv/bin/python benchmarks/rules_startup.py [--runs N]``. Each run is a new Python
process that imports ``bot.rules``, calls ``RulesIndex.load()`` (topics validated, the shipped
model read) and answers one question (the lexicon, catalogs and fact index are read on first
use). Printed: the median over the runs of the wall time of ``python -c pass`` and of the whole
process, and inside the process the import, the load and the first answer, in wall and CPU
seconds (CPU is the process's own work, whatever else the machine is running).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_PROBE = """
import json, time
clocks = (time.perf_counter, time.process_time)
t0 = [c() for c in clocks]
from bot.rules import RulesIndex
from bot.scoring import load_variant
t1 = [c() for c in clocks]
index = RulesIndex.load()
t2 = [c() for c in clocks]
index.ask('hvor mange kort får hver spiller', locale='no', variant=load_variant('classic'))
t3 = [c() for c in clocks]
print(json.dumps({name: [b[k] - a[k] for k in (0, 1)] for name, a, b in
                  (('import', t0, t1), ('load', t1, t2), ('first ask', t2, t3))}))
"""


def timed(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    bare = [timed([sys.executable, "-c", "pass"])[0] for _ in range(runs)]
    probes = [timed([sys.executable, "-c", _PROBE]) for _ in range(runs)]
    parts = [json.loads(out) for _, out in probes]
    print(f"load average {os.getloadavg()[0]:.1f}; median of {runs} fresh processes")
    print(f"python -c pass                 wall {statistics.median(bare):6.3f} s")
    print(f"import + load + first ask      wall {statistics.median(t for t, _ in probes):6.3f} s")
    for name in ("import", "load", "first ask"):
        wall = statistics.median(p[name][0] for p in parts)
        cpu = statistics.median(p[name][1] for p in parts)
        print(f"  {name:<28} wall {wall:6.3f} s   cpu {cpu:6.3f} s")


if __name__ == "__main__":
    main()
