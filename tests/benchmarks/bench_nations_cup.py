"""Benchmark (not a test): time and peak memory of the Nations Cup pipeline.

Run: python tests/benchmarks/bench_nations_cup.py
Prints: `ttools --help` start-up, Day 1 construction for N = 4…26, and `ttools run` end to end
on the 12-team sample (read, rules, write), each with wall time and peak RSS.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "nations-cup-12.xlsx")


def timed_command(args: list[str], repeat: int = 3) -> tuple[float, float]:
    """Best wall time (s) and peak RSS (MB) of a child process."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, check=False, capture_output=True)
        best = min(best, time.perf_counter() - start)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return best, peak_kb / 1024


def main() -> None:
    py = sys.executable
    t, mem = timed_command([py, "-m", "ttools", "--help"])
    print(f"ttools --help:                 {t * 1000:7.1f} ms   peak RSS {mem:6.1f} MB")

    from ttools.competitions.nations_cup.day1 import construction, day1_pairings
    from ttools.competitions.nations_cup.model import team_letters

    construction.cache_clear()
    start = time.perf_counter()
    for n in range(4, 27):
        day1_pairings(team_letters(n), "bench")
    print(f"Day 1 tables for N = 4…26:     {(time.perf_counter() - start) * 1000:7.1f} ms (cold cache)")

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.xlsx")
        t, mem = timed_command([py, "-m", "ttools", "run", SAMPLE, "-o", out, "--json", os.path.join(tmp, "s.json")])
        print(f"ttools run (12-team sample):   {t * 1000:7.1f} ms   peak RSS {mem:6.1f} MB")


if __name__ == "__main__":
    main()
