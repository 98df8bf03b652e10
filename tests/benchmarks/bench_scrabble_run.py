"""Timings of a Scrabble event workbook through `ttools run` (run directly; not a test).

    python tests/benchmarks/bench_scrabble_run.py

Two workbooks are generated, as staff would have them after many rounds:
  1. one division of 500 players after 30 rounds (round 1 by rating, then Australian Draws,
     results simulated from ratings), Rounds listing round 31 as an Australian Draw;
  2. one division of 40 players after 38 rounds of a double round robin, round 39 an
     Australian Draw keeping clubs apart: the 20 pairs that have not met are all same-club
     pairs, so no draw meets the rules and it relaxes (forgives the oldest rounds; the
     pairing sheet says so).
For each: the Australian Draw alone (the engine on the workbook's standings and history), then
`ttools run` end to end in a subprocess: wall time and peak memory (RSS) of the child.
Targets: 500 x 30: draw < 0.5 s, run < 3 s and < 400 MB; 40 x 38: run < 2 s.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ttools.competitions.scrabble.competition import write_input_workbook
from ttools.competitions.scrabble.compute import compute
from ttools.competitions.scrabble.load import load
from ttools.competitions.scrabble.standings import meetings, standings
from ttools.core import pairing as PA
from ttools.core.draw import Draw
from ttools.workbook.read import read_book


def _play(rng, rating, a, b):
    """A simulated slip for a v b (a starts)."""
    margin = int(abs(rng.gauss(0, 90))) + 1
    base = rng.randint(330, 420)
    a_wins = rating[a] - rating[b] + rng.gauss(0, 400) > 0
    return (base + margin, base) if a_wins else (base, base + margin)


def swiss_event(n: int, rounds: int, seed: int):
    """Players and slips of n players after ``rounds`` Australian Draws (round 1 by rating)."""
    rng = random.Random(seed)
    ids = [str(i) for i in range(1, n + 1)]
    rating = {p: int(rng.gauss(1500, 300)) for p in ids}
    ids.sort(key=lambda p: -rating[p])
    wins = {p: 0.0 for p in ids}
    spread = {p: 0 for p in ids}
    history, results = [], []
    for r in range(1, rounds + 1):
        order = sorted(ids, key=lambda p: (-wins[p], -spread[p], -rating[p]))
        drawn = PA.top_half_vs_bottom_half(order) if r == 1 else PA.australian_draw(order, history)
        for t, (a, b) in enumerate(drawn.pairs, start=1):
            s1, s2 = _play(rng, rating, a, b)
            results.append({"round": r, "table": t, "player1": a, "score1": s1, "player2": b, "score2": s2})
            history.append((r, a, b))
            wins[a] += (s1 > s2) + 0.5 * (s1 == s2)
            wins[b] += (s2 > s1) + 0.5 * (s1 == s2)
            spread[a] += s1 - s2
            spread[b] += s2 - s1
        if drawn.bye is not None:
            results.append({"round": r, "player1": drawn.bye, "score1": 50})
            wins[drawn.bye] += 1
            spread[drawn.bye] += 50
    players = [{"id": p, "name": f"Player {p}", "rating": rating[p], "club": "", "division": "A"} for p in ids]
    rounds_rows = [{"round": r, "method": "ad"} for r in range(1, rounds + 2)]
    return players, rounds_rows, results


def round_robin_event(n: int, rounds: int, seed: int):
    """Players and slips of n players after ``rounds`` rounds of a double round robin."""
    rng = random.Random(seed)
    ids = [str(i) for i in range(1, n + 1)]
    rating = {p: 2000 - 10 * int(p) for p in ids}
    schedule = PA.round_robin(ids, double=True)
    results = []
    for r in range(1, rounds + 1):
        for t, (a, b) in enumerate(schedule[r - 1].pairs, start=1):
            s1, s2 = _play(rng, rating, a, b)
            results.append({"round": r, "table": t, "player1": a, "score1": s1, "player2": b, "score2": s2})
    # Clubs so that every pair still to meet is a same-club pair: keeping clubs apart then
    # leaves no repeat-free draw, and the draw must relax.
    clubs = ("North", "South", "East", "West")
    club = {}
    for k, (a, b) in enumerate(schedule[rounds].pairs):
        club[a] = club[b] = clubs[k % 4]
    players = [
        {"id": p, "name": f"Player {p}", "rating": rating[p], "club": club.get(p, ""), "division": "A"} for p in ids
    ]
    rounds_rows = [{"round": r, "method": "rr"} for r in range(1, rounds + 1)]
    rounds_rows.append({"round": rounds + 1, "method": "ad", "avoid_club": 1})
    return players, rounds_rows, results


def draw_alone(path: str):
    """The Australian Draw of the next round on the workbook's own standings and history."""
    data, problems = load(read_book(path))
    res = compute(data, problems)
    div = res.divisions["A"]
    spec = data.rounds[div.last_round + 1]
    ranked = standings(div.players, div.outcomes, lot=Draw(data.seed, "scrabble/A/lot"), through_round=spec.based_on)
    order = [x.item.id for x in ranked]
    history = meetings(div.outcomes)
    clubs = {p.id: p.club for p in div.players}
    forbidden = (lambda a, b: clubs[a] == clubs[b]) if spec.avoid_club else None
    best, drawn = float("inf"), None
    for _ in range(3):
        t = time.perf_counter()
        drawn = PA.australian_draw(order, history, spec.repeats, forbidden=forbidden)
        best = min(best, time.perf_counter() - t)
    return best, drawn


def run_end_to_end(path: str) -> tuple[float, float, int]:
    """`ttools run` in a child process: wall seconds, peak RSS in MB of that child, exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "ttools", "run", path, "-o", path + ".out.xlsx"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    wall = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if proc.returncode not in (0, 1):
        print(proc.stderr)
    # ru_maxrss is the largest child so far (KB on Linux); each scenario's child is the largest yet
    return wall, max(peak, before) / 1024, proc.returncode


def describe(drawn) -> str:
    rel = drawn.relaxation
    if rel is None:
        return "no relaxation needed"
    if rel.fewest_repeats:
        return f"relaxed: fewest repeats, {len(rel.repeats)} pair(s) over the allowance"
    return f"relaxed: forgave rounds up to {rel.forgave_through}, {len(rel.repeats)} repeat(s)"


def verdict(value: float, limit: float) -> str:
    return "ok" if value < limit else "OVER"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        print("Scrabble workbook benchmarks (2-core targets)")
        path = os.path.join(tmp, "swiss-500x30.xlsx")
        t = time.perf_counter()
        players, rounds, results = swiss_event(500, 30, seed=31)
        write_input_workbook(
            path,
            players,
            {"Rounds": rounds, "Results": results},
            event={"seed": "bench", "name": "Bench 500"},
            lang="en",
        )
        print(f"  generated 500 players x 30 rounds ({len(results)} slips) in {time.perf_counter() - t:.1f} s")
        seconds, drawn = draw_alone(path)
        print(
            f"1. 500 x 30, Australian Draw for round 31 alone: {seconds:.3f} s (target < 0.5: {verdict(seconds, 0.5)}; {describe(drawn)})"
        )
        wall, mb, code = run_end_to_end(path)
        print(
            f"   ttools run end to end: {wall:.2f} s (target < 3: {verdict(wall, 3)}), peak RSS {mb:.0f} MB "
            f"(target < 400: {verdict(mb, 400)}), exit {code}"
        )

        path = os.path.join(tmp, "rr-40x38.xlsx")
        players, rounds, results = round_robin_event(40, 38, seed=7)
        write_input_workbook(
            path,
            players,
            {"Rounds": rounds, "Results": results},
            event={"seed": "bench", "name": "Bench 40"},
            rules={"round_robin": "double"},
            lang="en",
        )
        seconds, drawn = draw_alone(path)
        print(
            f"2. 40 x 38 (double round robin, clubs kept apart), Australian Draw for round 39 alone: {seconds:.3f} s ({describe(drawn)})"
        )
        wall, mb, code = run_end_to_end(path)
        print(
            f"   ttools run end to end: {wall:.2f} s (target < 2: {verdict(wall, 2)}), peak RSS {mb:.0f} MB, exit {code}"
        )


if __name__ == "__main__":
    main()
