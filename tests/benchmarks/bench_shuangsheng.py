"""Timings of a Shuangsheng pairs event through `ttools run` (run directly; not a test).

    python tests/benchmarks/bench_shuangsheng.py [--pairs 256] [--rounds 9]

The workbook is generated as staff would have it before the last round: 256 pairs of 16 clubs
after 8 Swiss rounds (every pairing made by ttools' own compute from the rounds before, results
simulated from a seeded draw), deal-by-deal sheets at tables 1–8 of every round, a suspension.
`--swiss` times the Swiss engine alone on 256 and 1,024 pairs of 16 clubs over 7 rounds of
random results (targets: 0.5 s and 5 s a round) with the peak memory of its slowest round.
Printed otherwise: the pairing of the last round alone (the Swiss engine on the workbook's standings and
history; target < 1 s), then `ttools run` end to end in a subprocess beside its floor — reading
the same workbook and writing it back with no rules applied — with the peak memory of each.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ttools.competitions.shuangsheng.competition import write_input_workbook  # noqa: E402
from ttools.competitions.shuangsheng.compute import compute  # noqa: E402
from ttools.competitions.shuangsheng.load import EventData, Pair, Sanction, load  # noqa: E402
from ttools.competitions.shuangsheng.rules import Slip  # noqa: E402
from ttools.core.draw import Draw  # noqa: E402
from ttools.core.swiss import swiss_pairing  # noqa: E402
from ttools.core.upgrade import LEVELS  # noqa: E402
from ttools.problems import Where  # noqa: E402
from ttools.workbook.read import read_book  # noqa: E402

KEYS = ("round", "table", "pair1", "pair2", "level1", "level2", "first_past_a", "forfeit", "declarer")
SEED = "bench-2011"


def event(n: int, played: int):
    """Pairs, Results rows and Deals rows of ``n`` pairs after ``played`` rounds."""
    data = EventData(seed=SEED, rounds=played + 1)
    data.pairs = {str(i): Pair(str(i), f"Pair {i}", club=f"Club {i % 16}") for i in range(1, n + 1)}
    data.sanctions = [Sanction("7", "suspend", 3, 1, "late")]
    draw = Draw(SEED, "bench/results")
    results, deals = [], []
    for _ in range(played):
        res = compute(data, [])
        nr = res.new_round
        assert nr is not None, res.waiting
        for tb in nr.tables:
            where = {k: Where("Results", f"{chr(65 + i)}{len(data.slips) + 2}") for i, k in enumerate(KEYS)}
            row = {"round": nr.round, "table": tb.table or "", "pair1": tb.pair1, "pair2": tb.pair2 or ""}
            if tb.pair2 is None:
                slip = Slip(nr.round, None, tb.pair1, None, where=where)
            elif tb.table <= 8:  # a deal sheet: four deals, the last one passes the deal back and forth
                captured = [5 * draw.below(24) for _ in range(4)]
                deals += [
                    {
                        "round": nr.round,
                        "table": tb.table,
                        "deal": d + 1,
                        "captured": c,
                        **({"declarer": 1} if d == 0 else {}),
                    }
                    for d, c in enumerate(captured)
                ]
                slip = Slip(nr.round, tb.table, tb.pair1, tb.pair2, "K", "K", where=where)  # for the simulation only
            else:
                l1, l2 = LEVELS[draw.below(13)], LEVELS[draw.below(13)]
                row.update(level1=l1, level2=l2)
                slip = Slip(nr.round, tb.table, tb.pair1, tb.pair2, l1, l2, where=where)
            results.append(row)
            data.slip_rows.append(len(data.slips))
            data.slips.append(slip)
    pairs = [{"id": p.id, "name": p.name, "club": p.club} for p in data.pairs.values()]
    discipline = [{"pair": "7", "kind": "suspend", "from_round": 3, "rounds": 1, "reason": "late"}]
    return pairs, results, deals, discipline


WRAP = (
    "import atexit, resource, runpy, sys; "
    "atexit.register(lambda: print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)); "
    "sys.argv = sys.argv[1:]; "
    "runpy.run_module('ttools', run_name='__main__') if sys.argv[0] == '-m' and sys.argv.pop(0) else runpy.run_path(sys.argv[0], run_name='__main__')"
)


def _child(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of a Python child running ``args`` (a script, or -m ttools …)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAP, *args], check=False, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr}")
    rss = next(
        (int(line.split()[1]) / 1024 for line in done.stderr.splitlines() if line.startswith("RSS ")), float("nan")
    )
    return wall, rss


FLOOR = """
import sys
from ttools.competitions.shuangsheng.competition import Shuangsheng
from ttools.competitions.shuangsheng.load import load
from ttools.workbook.read import read_book
book = read_book(sys.argv[1])
data, problems = load(book)
Shuangsheng().write(sys.argv[2], data, None, [], data.lang, source_hash="")
"""


def swiss_at_scale(n: int, rounds: int = 7, seed: int = 3) -> tuple[float, float]:
    """The slowest round's pairing (seconds) of ``n`` pairs over ``rounds`` random rounds, and
    its peak memory (MiB, measured on a second run under tracemalloc)."""
    import random
    import tracemalloc
    from collections import Counter

    from ttools.core.swiss import swiss_round

    rnd = random.Random(seed)
    players = list(range(n))
    pts: Counter = Counter({p: 0 for p in players})
    history: list[tuple[int, int, int]] = []
    byes: Counter = Counter()
    worst, peak = 0.0, 0.0
    for r in range(1, rounds + 1):
        order = sorted(players, key=lambda p: (-pts[p], rnd.random()))
        args = (order, dict(pts), history, byes, lambda a, b: a % 16 == b % 16)
        t = time.perf_counter()
        got = swiss_round(*args).pairings
        spent = time.perf_counter() - t
        if spent > worst:
            tracemalloc.start()
            swiss_round(*args)
            worst, peak = spent, tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
        for a, b in got.pairs:
            history.append((r, a, b))
            w = rnd.choice((a, b, a, b, None))
            for p in (a, b) if w is None else (w,):
                pts[p] += 1 if w is None else 2
        if got.bye is not None:
            byes[got.bye] += 1
            pts[got.bye] += 2
    return worst, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--swiss", action="store_true", help="time the Swiss engine alone on 256 and 1,024 pairs")
    args = parser.parse_args()
    if args.swiss:
        for n, target in ((256, 0.5), (1024, 5.0)):
            worst, peak = swiss_at_scale(n)
            print(
                f"Swiss, {n} pairs x 7 rounds: slowest round {worst:.2f} s (target {target} s: "
                f"{'ok' if worst <= target else 'over'}), its peak memory {peak:.1f} MiB"
            )
        return 0
    n, last = args.pairs, args.rounds
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        pairs, results, deals, discipline = event(n, last - 1)
        path = os.path.join(tmp, "event.xlsx")
        write_input_workbook(
            path,
            pairs,
            {"Results": results, "Deals": deals, "Discipline": discipline},
            event={"seed": SEED, "name": "Bench Pairs", "rounds": last},
        )
        print(
            f"{n} pairs after {last - 1} rounds ({len(results)} slips, {len(deals)} deals): generated in {time.perf_counter() - t:.1f} s"
        )

        data, problems = load(read_book(path))
        res = compute(data, problems)
        assert res.new_round is not None and not [p for p in problems if p.severity == "error"], res.waiting
        order = [p for p in res.order]
        points = {p: res.records[p].points for p in order}
        history = [(r.round, r.pair1, r.pair2) for r in res.results if r.pair2 is not None]
        byes = {p: res.records[p].byes for p in order}
        club = {pid: p.club for pid, p in data.pairs.items()}
        timings = []
        for _ in range(5):
            t = time.perf_counter()
            drawn = swiss_pairing(order, points, history, byes, lambda a, b: club[a] == club[b])
            timings.append(time.perf_counter() - t)
        print(
            f"pairing of round {last} alone: {min(timings):.3f} s (best of 5; target < 1 s); "
            f"{len(drawn.pairs)} tables, relaxation: {drawn.relaxation is not None}"
        )

        out = os.path.join(tmp, "event.out.xlsx")
        run_wall, run_rss = _child(["-m", "ttools", "run", path, "-o", out])
        floor_path = os.path.join(tmp, "floor.py")
        Path(floor_path).write_text(FLOOR, encoding="utf-8")
        floor_wall, floor_rss = _child([floor_path, path, os.path.join(tmp, "floor.xlsx")])
        print(f"ttools run, end to end:        {run_wall:6.2f} s  (peak RSS {run_rss:.0f} MB)")
        print(f"floor, read + write back only: {floor_wall:6.2f} s  (peak RSS {floor_rss:.0f} MB)")
        print(f"rules, standings, pairing and reports: {run_wall - floor_wall:+.2f} s over the floor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
