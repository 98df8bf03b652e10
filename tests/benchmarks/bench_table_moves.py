"""Benchmark (not a test): time of one piece of Day 2 table-breaking advice, per field size.

Run: python tests/benchmarks/bench_table_moves.py
Prints, for 11, 16, 20 and 26 teams, the slowest and the mean time of ``advise`` over a
simulated MTT (players bust one or two at a time, the moves are made, repeat to one player).
"""

from __future__ import annotations

import random
import time

from ttools.competitions.nations_cup import balance as b
from ttools.competitions.nations_cup.day2 import plan_tables, seat_draw
from ttools.competitions.nations_cup.model import Rules, team_letters, team_of

SEATS = Rules().table_seats


def one_tournament(teams: int, seed: str) -> list[float]:
    lineup = {t: [f"{t}{n}" for n in (1, 2, 3)] for t in team_letters(teams)}
    tables, _ = plan_tables(3 * teams, None, SEATS, {})
    rows = [b.SeatState(s.table, s.seat, s.player) for s in seat_draw(lineup, tables, seed, "nlh")]
    rng = random.Random(seed)
    times = []
    while sum(not s.out for s in rows) > 1:
        live = [s.player for s in rows if not s.out]
        busted = set(rng.sample(live, 2 if len(live) > 3 and rng.random() < 0.15 else 1))
        rows = [b.SeatState(s.table, s.seat, s.player, s.out or s.player in busted) for s in rows]
        start = time.perf_counter()
        advice = b.advise(rows, team_of, SEATS, seed, "nlh", tables=tables)
        times.append(time.perf_counter() - start)
        rows = b.apply_moves(rows, advice.moves)
    return times


def main() -> None:
    print("teams  advice calls  mean ms  slowest ms")
    for teams in (11, 16, 20, 26):
        times = [t for run in range(5) for t in one_tournament(teams, f"bench-{teams}-{run}")]
        print(f"{teams:5d}  {len(times):12d}  {1000 * sum(times) / len(times):7.1f}  {1000 * max(times):10.1f}")


if __name__ == "__main__":
    main()
