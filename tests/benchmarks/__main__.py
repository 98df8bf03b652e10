"""The benchmark suite: ``ttools run`` on a realistic and a large event of every competition,
beside the read+write floor of the same workbook (not a test; pytest does not collect it).

    python -m tests.benchmarks            # medians of 7 alternating runs (about 4 minutes on 2 cores)
    python -m tests.benchmarks --quick    # one run of each (about a minute)
    python -m tests.benchmarks --quick --only nations-cup    # under a minute

For every case, in the same run and alternating (run, floor, run, floor, …) so that the load of
a shared machine falls on both alike:
  - ``ttools run`` in a fresh child process: median wall time, peak RSS of the child;
  - the floor (tests/benchmarks/floor.py) in a fresh child: reading every input cell with
    python-calamine and writing as many cells as the run's output holds, sheet by sheet as wide
    as the run's, with XlsxWriter in constant_memory mode. The floor writes as many cells as
    ttools, not the same cells: its values are the input's, taken in turn and cycled;
  - the ratios run / floor, and the output cell count (non-empty cells of the run's workbook);
  - the read alone, in this process: ``read_book`` (the safety checks, then python-calamine)
    beside python-calamine reading the same cells, alternating, medians ("read x").
Then ``ttools --help``, ``ttools check`` on samples/nations-cup-12.xlsx and the Australian Draw
for 500 and 2,000 players (in process: the draw of the next round after simulated rounds), and
the PDF figures (bench_pdf.py): every sample's PDF, and Scrabble 500 x 30 and Shengji 400 x 30
printed by ttools beside LibreOffice when it is installed.
The peak RSS is the child's own (VmHWM read as it exits, measure.py), not the largest child so
far nor the driver's, whose peak a child's ru_maxrss inherits.
ttools is byte-compiled first (into the ignored __pycache__ folders), as an installed copy is:
the libraries of the floor were compiled when they were installed, and a run that compiles its
own sources (PYTHONDONTWRITEBYTECODE set, a fresh checkout) pays 0.1-0.2 s more.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Callable

from . import events

ROOT = events.ROOT
HERE = os.path.dirname(os.path.abspath(__file__))
FLOOR = os.path.join(HERE, "floor.py")
MEASURE = os.path.join(HERE, "measure.py")
LARGE_TARGET = 1.5  # time and memory of a large case, as ratios to its floor
READ_TARGET = 1.5  # read_book beside python-calamine's own read


@dataclass
class Case:
    competition: str
    label: str
    large: bool
    make: Callable[[str], str]
    time_target: float = LARGE_TARGET
    mem_target: float = LARGE_TARGET


CASES = [
    Case("nations-cup", "12 teams, full event", False, lambda p: events.sample("nations-cup-12.xlsx", p)),
    Case("nations-cup", "26 teams, full event", True, lambda p: events.nations_cup(26, p), 1.2, 1.2),
    Case("scrabble", "150 players x 24 rounds", False, lambda p: events.scrabble(150, 24, p)),
    Case("scrabble", "500 players x 30 rounds", True, lambda p: events.scrabble(500, 30, p)),
    Case("scrabble", "2,000 players x 30 rounds", True, lambda p: events.scrabble(2000, 30, p), mem_target=1.3),
    Case("shengji", "30 players (sample)", False, lambda p: events.sample("shengji-30.xlsx", p)),
    Case("shengji", "400 players x 30 boards", True, lambda p: events.shengji(p)),
    Case("shengji", "1,000 players x 30 boards", True, lambda p: events.shengji(p, 1000), mem_target=1.3),
    Case("shuangsheng", "24 pairs (sample)", False, lambda p: events.sample("shuangsheng-24.xlsx", p)),
    Case("shuangsheng", "256 pairs x 9 rounds", True, lambda p: events.shuangsheng(256, 9, p)),
    Case("shuangsheng", "1,024 pairs x 9 rounds", True, lambda p: events.shuangsheng(1024, 9, p)),
]


def child(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB) and exit code of one fresh child process (started and
    measured by measure.py)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        [sys.executable, MEASURE, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    got = json.loads(done.stdout)
    if got["code"] not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({got['code']}):\n{got['stderr']}")
    return got["wall"], got["rss_mb"], got["code"]


def output_shape(path: str) -> list[tuple[int, int]]:
    """[(non-empty cells, columns)] per sheet of a written workbook."""
    from python_calamine import CalamineWorkbook

    wb = CalamineWorkbook.from_path(path)
    shape = []
    for name in wb.sheet_names:
        rows = wb.get_sheet_by_name(name).to_python()
        cells = sum(1 for row in rows for v in row if v != "")
        shape.append((cells, max((len(r) for r in rows), default=0)))
    return shape


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def bench_case(case: Case, tmp: str, repeat: int) -> dict:
    src = os.path.join(tmp, f"{case.competition}-{len(os.listdir(tmp))}.xlsx")
    t = time.perf_counter()
    case.make(src)
    made = time.perf_counter() - t
    out = src + ".out.xlsx"
    run = [sys.executable, "-m", "ttools", "run", src, "-o", out]
    child(run)  # warm the file cache; gives the output shape
    shape = output_shape(out)
    floor = [sys.executable, FLOOR, src, src + ".floor.xlsx", json.dumps(shape)]
    runs, floors = [], []
    for _ in range(repeat):
        runs.append(child(run))
        floors.append(child(floor))
    r_t, r_m = median([x[0] for x in runs]), median([x[1] for x in runs])
    f_t, f_m = median([x[0] for x in floors]), median([x[1] for x in floors])
    read_s, calamine_s = read_times(src, max(repeat, 3))
    return {
        "competition": case.competition,
        "case": case.label,
        "large": case.large,
        "run_s": r_t,
        "run_mb": r_m,
        "floor_s": f_t,
        "floor_mb": f_m,
        "time_ratio": r_t / f_t,
        "mem_ratio": r_m / f_m,
        "cells": sum(c for c, _ in shape),
        "exit": runs[-1][2],
        "generated_s": made,
        "read_s": read_s,
        "calamine_s": calamine_s,
        "read_ratio": read_s / calamine_s,
        "targets": (case.time_target, case.mem_target),
    }


def read_times(path: str, repeat: int) -> tuple[float, float]:
    """Median seconds of ``read_book`` and of python-calamine reading every cell, alternating."""
    from python_calamine import CalamineWorkbook

    from ttools.workbook.read import read_book

    def calamine() -> None:
        wb = CalamineWorkbook.from_path(path)
        for name in wb.sheet_names:
            wb.get_sheet_by_name(name).to_python(skip_empty_area=True)
        wb.close()

    ours, theirs = [], []
    for _ in range(repeat):
        for fn, times in ((lambda: read_book(path), ours), (calamine, theirs)):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
    return median(ours), median(theirs)


def print_table(rows: list[dict], header: bool = True) -> None:
    head = (
        f"{'competition':<12} {'case':<26} {'run s':>6} {'floor s':>7} {'x':>5}   {'run MB':>6} {'floor MB':>8} "
        f"{'x':>5}   {'cells':>8} {'read x':>6}"
    )
    if header:
        print(head)
        print("-" * len(head))
    for r in rows:
        mark = ""
        if r["large"]:
            time_target, mem_target = r["targets"]
            over = [f"time > {time_target}x"] if r["time_ratio"] > time_target else []
            over += [f"memory > {mem_target}x"] if r["mem_ratio"] > mem_target else []
            over += [f"read > {READ_TARGET}x"] if r["read_ratio"] > READ_TARGET else []
            mark = "  ok" if not over else "  OVER: " + ", ".join(over)
        print(
            f"{r['competition']:<12} {r['case']:<26} {r['run_s']:6.2f} {r['floor_s']:7.2f} {r['time_ratio']:5.2f}   "
            f"{r['run_mb']:6.0f} {r['floor_mb']:8.0f} {r['mem_ratio']:5.2f}   {r['cells']:8,} {r['read_ratio']:6.2f}{mark}",
            flush=True,
        )


def other_figures(repeat: int, draws: bool) -> None:
    py = sys.executable
    helps = [child([py, "-m", "ttools", "--help"]) for _ in range(repeat)]
    print(
        f"ttools --help: {median([h[0] for h in helps]) * 1000:.0f} ms, peak RSS {median([h[1] for h in helps]):.0f} MB"
    )
    sample = os.path.join(ROOT, "samples", "nations-cup-12.xlsx")
    checks = [child([py, "-m", "ttools", "check", sample]) for _ in range(repeat)]
    t = median([c[0] for c in checks])
    print(
        f"ttools check samples/nations-cup-12.xlsx: {t:.3f} s (target < 0.15: {'ok' if t < 0.15 else 'OVER'}), "
        f"peak RSS {median([c[1] for c in checks]):.0f} MB",
        flush=True,
    )
    if not draws:
        return
    from ttools.core.pairing import australian_draw

    from .bench_scrabble_pairing import simulate

    for n, rounds in ((500, 30), (2000, 12)):
        order, games, _ = simulate(n, rounds, seed=31)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            australian_draw(order, games)
            times.append(time.perf_counter() - start)
        print(
            f"Australian Draw, {n:,} players after {rounds} rounds: {median(times) * 1000:.0f} ms (in process)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.benchmarks", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one run of each instead of the medians of 7")
    ap.add_argument("--repeat", type=int, help="alternating repetitions per case")
    ap.add_argument("--only", action="append", help="a competition (repeatable); others are skipped")
    ap.add_argument("--case", action="append", help="only the cases whose label holds this text (repeatable)")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--no-draws", action="store_true", help="skip the Australian Draw timings")
    ap.add_argument("--no-pdf", action="store_true", help="skip the PDF timings (bench_pdf.py)")
    args = ap.parse_args(argv)
    repeat = args.repeat or (1 if args.quick else 7)
    cases = [c for c in CASES if not args.only or c.competition in args.only]
    cases = [c for c in cases if not args.case or any(text in c.label for text in args.case)]
    print(
        f"ttools benchmarks: median of {repeat} alternating runs; floor = calamine read + XlsxWriter "
        f"(constant_memory) write of as many cells as the run writes (the input's values, cycled: as many "
        f"cells, not the same cells); x = run / floor; large cases aim at <= {LARGE_TARGET}x (or their own "
        f"targets); read x = read_book / calamine's own read (aim <= {READ_TARGET}x)",
        flush=True,
    )
    import compileall

    compileall.compile_dir(os.path.join(ROOT, "ttools"), quiet=1)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            rows.append(bench_case(case, tmp, repeat))
            print_table(rows[-1:], header=len(rows) == 1)
    print()
    other_figures(repeat, draws=not args.no_draws)
    if not args.no_pdf and not args.only:
        from .bench_pdf import pdf_figures

        print()
        rows += pdf_figures(repeat)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
