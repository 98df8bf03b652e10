"""A brute-force referee for table breaking and balancing: the fewest moves that leave the
tables within 1, and the fewest same-team seats such moves can give, found by trying them all.

Deliberately naive (enumeration with a bound), so that it shares nothing with the flow
formulation in ``balance.py`` that it checks.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from ttools.competitions.nations_cup.model import team_of


def tables_now(rows) -> dict[int, list[str]]:
    at: dict[int, list[str]] = {}
    for s in rows:
        if not s.out:
            at.setdefault(s.table, []).append(s.player)
    return at


def targets(at: dict[int, list[str]], remaining: list[int]):
    """Every way of giving the remaining tables sizes within 1 that seat everyone."""
    total = sum(len(v) for v in at.values())
    q, r = divmod(total, len(remaining))
    for extra in combinations(remaining, r):
        yield {t: q + (t in extra) for t in remaining}


def fewest_moves(at: dict[int, list[str]], broken: list[int], remaining: list[int]) -> int:
    fixed = sum(len(at[t]) for t in broken)
    return fixed + min(sum(max(0, len(at[t]) - tg[t]) for t in remaining) for tg in targets(at, remaining))


def fewest_clashes(
    at: dict[int, list[str]], broken: list[int], remaining: list[int], budget: int = 400_000
) -> int | None:
    """The fewest movers sitting with a team-mate over every minimal set of moves (None: too many to try)."""
    best_moves = fewest_moves(at, broken, remaining)
    fixed = [p for t in broken for p in at[t]]
    best = [None]
    tried = [0]
    for tg in targets(at, remaining):
        out = {t: len(at[t]) - tg[t] for t in remaining if len(at[t]) > tg[t]}
        if len(fixed) + sum(out.values()) != best_moves:
            continue
        take = {t: tg[t] - len(at[t]) for t in remaining if len(at[t]) < tg[t]}
        for picks in product(*(combinations(at[t], n) for t, n in sorted(out.items()))):
            movers = fixed + [p for pick in picks for p in pick]
            present = {d: Counter(team_of(p) for p in at[d]) for d in take}

            def place(i: int, cost: int, room: dict[int, int]) -> None:
                tried[0] += 1
                if tried[0] > budget:
                    raise TimeoutError
                if best[0] is not None and cost >= best[0]:
                    return
                if i == len(movers):
                    best[0] = cost
                    return
                team = team_of(movers[i])
                for d in sorted(room):
                    if room[d]:
                        extra = 1 if present[d][team] else 0
                        room[d] -= 1
                        present[d][team] += 1
                        place(i + 1, cost + extra, room)
                        present[d][team] -= 1
                        room[d] += 1

            try:
                place(0, 0, dict(take))
            except TimeoutError:
                return None
            if best[0] == 0:
                return 0
    return best[0]
