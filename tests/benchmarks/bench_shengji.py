"""Timings of a Shengji duplicate workbook through `ttools run` (run directly; not a test).

    python tests/benchmarks/bench_shengji.py

The workbook: 400 players after 5 rounds of 6 boards (30 boards each, 100 tables, 3,000 board
rows with times), seated by the engine (round 1 at random, then the snake on a simulated
ranking) and the rows simulated as in samples/make_shengji_sample.py; round 6 is still to come,
so `run` also ranks everyone, seats round 6 and deals its boards.

Printed beside each other:
  - the read+write floor: reading the workbook (calamine) and writing the same input back
    (XlsxWriter), which any run pays;
  - load + compute alone (in process): checks, scores, comparisons, ranking, the snake;
  - `ttools run` end to end in a child process: wall time and peak memory (RSS).
Targets (2 cores): run < 15 s and < 500 MB. The run writes about 280,000 report cells (the score
sheet and the travellers list every table of every board, the player cards every player's
every board) where the floor writes the 45,000 input cells, so it is several times the floor:
the ratio is printed to follow it, not held to a target.
"""

from __future__ import annotations

import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ttools.competitions.shengji.competition import write_input_workbook
from ttools.competitions.shengji.compute import compute
from ttools.competitions.shengji.load import load
from ttools.competitions.shengji.seating import first_round, seat_round
from ttools.core.draw import Draw
from ttools.workbook.read import read_book

PLAYERS, ROUNDS, BOARDS = 400, 5, 6
SEED = "bench"


def _simulate():
    spec = importlib.util.spec_from_file_location("make_shengji_sample", ROOT / "samples" / "make_shengji_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.simulate


def event(players: int = PLAYERS):
    """Players, Seating rows and Boards rows of ``players`` players after ROUNDS rounds of BOARDS boards."""
    simulate = _simulate()
    ids = [str(i) for i in range(1, players + 1)]
    seating, boards, sat = [], [], {}
    for rnd in range(1, ROUNDS + 1):
        seats = first_round(ids, SEED) if rnd == 1 else seat_round(Draw(SEED, f"bench/{rnd}").shuffled(ids), rnd, sat)
        for s in seats:
            seating.append({"round": rnd, "table": s.table or "", "seat": s.seat or "", "player": s.player})
            if s.table is None:
                sat[s.player] = sat.get(s.player, 0) + 1
        for table in sorted({s.table for s in seats if s.table}):
            for board in range(1, BOARDS + 1):
                boards.append({"round": rnd, "table": table, "board": board, **simulate(SEED, rnd, table, board)})
    players = [{"id": i, "name": f"Player {i}"} for i in ids]
    return players, seating, boards


def best_of(fn, n=3) -> float:
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def run_end_to_end(path: str) -> tuple[float, float, int]:
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "ttools", "run", path, "-o", path + ".out.xlsx"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    wall = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if proc.returncode not in (0, 1):
        print(proc.stderr)
    return wall, peak, proc.returncode


def verdict(value: float, limit: float) -> str:
    return "ok" if value < limit else "OVER"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "shengji-400x30.xlsx")
        t = time.perf_counter()
        players, seating, boards = event()
        event_settings = {"seed": SEED, "name": "Bench 400", "boards_per_round": BOARDS, "rounds": ROUNDS + 1}
        write_input_workbook(path, players, {"Seating": seating, "Boards": boards}, event=event_settings, lang="en")
        print("Shengji workbook benchmark (2-core targets)")
        print(
            f"  generated {PLAYERS} players x {ROUNDS * BOARDS} boards ({len(boards)} board rows) in {time.perf_counter() - t:.1f} s"
        )

        read = best_of(lambda: read_book(path))
        copy = os.path.join(tmp, "copy.xlsx")
        write = best_of(
            lambda: write_input_workbook(
                copy, players, {"Seating": seating, "Boards": boards}, event=event_settings, lang="en"
            )
        )
        floor = read + write
        print(f"  read+write floor: read {read:.2f} s + write {write:.2f} s = {floor:.2f} s")

        book = read_book(path)

        def engine():
            data, problems = load(book)
            res = compute(data, problems)
            assert res.new_round == ROUNDS + 1, problems[:3]

        print(
            f"  load + compute (checks, scores, matchpoints, ranking, round {ROUNDS + 1} seated): {best_of(engine):.2f} s"
        )

        wall, mb, code = run_end_to_end(path)
        print(
            f"  ttools run end to end: {wall:.2f} s (target < 15: {verdict(wall, 15)}; {wall / floor:.1f}x the floor), "
            f"peak RSS {mb:.0f} MB (target < 500: {verdict(mb, 500)}), exit {code}"
        )


if __name__ == "__main__":
    main()
