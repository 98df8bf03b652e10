"""Timings of the Australian draw on large and exhausted fields (run directly; not a test).

    python tests/benchmarks/bench_scrabble_pairing.py

Scenarios:
  1. 500 players after 30 rounds: history simulated round by round (each round itself an
     Australian draw of the standings, results drawn from ratings) -> the draw for round 31.
  2. 40 players after 38 rounds of their round robin: exactly one repeat-free draw is left.
  3. 40 players after a complete round robin (39 rounds): every pair has met -> relaxation.
  4. 20 players after a complete double round robin (38 rounds): every pair met twice ->
     relaxation forgiving all but the latest rounds.
  5. 40 players after 38 simulated rounds, clubs kept apart, one club holding 24 of the 40:
     no draw can keep clubs apart -> the fewest-repeats relaxation.
  6. Scenario 1's field with one club holding 60% of the 500 kept apart: the fewest-repeats
     relaxation at full size (the slowest path there is).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ttools.core.pairing import australian_draw, round_robin  # noqa: E402


def timed(fn, repeat=3):
    best = float("inf")
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def simulate(n, rounds, seed):
    """Standings and history after ``rounds`` rounds of Australian draws with simulated games."""
    rng = random.Random(seed)
    rating = {p: rng.gauss(1500, 300) for p in range(n)}
    wins = {p: 0 for p in range(n)}
    spread = {p: 0 for p in range(n)}
    games = []
    slowest = 0.0
    for r in range(1, rounds + 1):
        order = sorted(range(n), key=lambda p: (-wins[p], -spread[p], -rating[p]))
        t = time.perf_counter()
        drawn = australian_draw(order, games)
        slowest = max(slowest, time.perf_counter() - t)
        if drawn.bye is not None:
            wins[drawn.bye] += 1
            spread[drawn.bye] += 50
        for a, b in drawn.pairs:
            games.append((r, a, b))
            margin = int(abs(rng.gauss(0, 90))) + 1
            w, l = (a, b) if rating[a] - rating[b] + rng.gauss(0, 400) > 0 else (b, a)
            wins[w] += 1
            spread[w] += margin
            spread[l] -= margin
    order = sorted(range(n), key=lambda p: (-wins[p], -spread[p], -rating[p]))
    return order, games, slowest


def describe(drawn):
    rel = drawn.relaxation
    if rel is None:
        return "no relaxation"
    if rel.fewest_repeats:
        return f"fewest repeats: {len(rel.repeats)} pair(s) over the allowance"
    return f"forgave rounds up to {rel.forgave_through}; {len(rel.repeats)} repeat pair(s)"


def main():
    print("Australian draw timings (best of 3, seconds)")

    order, games, slowest = simulate(500, 30, seed=31)
    t, drawn = timed(lambda: australian_draw(order, games))
    print(
        f"1. 500 players, round 31 after 30 rounds: {t:.3f}  ({describe(drawn)}; "
        f"slowest of rounds 1-30 while simulating: {slowest:.3f})"
    )

    players = [f"p{i:02d}" for i in range(40)]
    rr = round_robin(players)
    hist = [(r + 1, a, b) for r, rnd in enumerate(rr[:38]) for a, b in rnd.pairs]
    shuffled = random.Random(2).sample(players, 40)
    t, drawn = timed(lambda: australian_draw(shuffled, hist))
    forced = {frozenset(p) for p in rr[38].pairs} == {frozenset(p) for p in drawn.pairs}
    print(
        f"2. 40 players after 38 round-robin rounds: {t:.3f}  ({describe(drawn)}; found the only draw left: {forced})"
    )

    hist = [(r + 1, a, b) for r, rnd in enumerate(rr) for a, b in rnd.pairs]
    t, drawn = timed(lambda: australian_draw(shuffled, hist))
    print(f"3. 40 players after a full round robin (39 rounds): {t:.3f}  ({describe(drawn)})")

    twenty = players[:20]
    drr = round_robin(twenty, double=True)
    hist = [(r + 1, a, b) for r, rnd in enumerate(drr) for a, b in rnd.pairs]
    t, drawn = timed(lambda: australian_draw(random.Random(3).sample(twenty, 20), hist))
    print(f"4. 20 players after a double round robin (38 rounds): {t:.3f}  ({describe(drawn)})")

    order, games, _ = simulate(40, 38, seed=5)
    club = {p: (0 if p < 24 else 1 + p % 3) for p in range(40)}
    t, drawn = timed(lambda: australian_draw(order, games, forbidden=lambda a, b: club[a] == club[b]))
    print(f"5. 40 players after 38 rounds, clubs kept apart: {t:.3f}  ({describe(drawn)})")

    order, games, _ = simulate(500, 30, seed=31)
    club = {p: (0 if p % 5 < 3 else 1 + p % 7) for p in range(500)}
    t, drawn = timed(lambda: australian_draw(order, games, forbidden=lambda a, b: club[a] == club[b]), 1)
    print(f"6. 500 players after 30 rounds, a club of 300 kept apart: {t:.3f}  ({describe(drawn)})")


if __name__ == "__main__":
    main()
