"""Duplicate comparison of results on one board (matchpoints), the same mathematics as a bridge
scorer's: each result is compared with every other result of the same comparison group.
Pure functions on exact numbers, no I/O.

Scale: 2 units for each worse result, 1 for each equal, 0 for each better (the European
"2 per beat" scale), so a top on n results is 2(n − 1) and the rate is MP ÷ 2(n − 1).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Sequence

HALF = Fraction(1, 2)


def matchpoints(scores: Sequence[Fraction | int]) -> list[int]:
    """The matchpoints of each score among ``scores``: 2 per worse score, 1 per equal one
    (itself excluded). 90, 0, −50, −50 -> 6, 4, 1, 1."""
    ordered = sorted(scores)
    out = []
    for s in scores:
        worse = bisect_left(ordered, s)
        equal = bisect_right(ordered, s) - worse - 1
        out.append(2 * worse + equal)
    return out


def neuberg(mp: Fraction | int, actual: int, expected: int) -> Fraction:
    """Neuberg's adjustment of ``mp`` scored among ``actual`` results to a board that should have
    had ``expected`` results: F = (M + 1) × E / A − 1, M and F on the 2-per-beat scale (tops
    2(A − 1) and 2(E − 1)). Formula as given by the English Bridge Union (M. Bavin, "The Neuberg
    formula", EBU Laws & Ethics articles): each actual result stands for E/A results, so a sole
    top among 10 of 11 scores is 19 × 1.1 − 1 = 19.9 of 20."""
    if actual < 1 or expected < actual:
        raise ValueError(f"Neuberg needs 1 ≤ actual ≤ expected (got {actual} of {expected})")
    return (Fraction(mp) + 1) * expected / actual - 1


@dataclass(frozen=True, slots=True)
class Compared:
    """One result's comparison: its matchpoints (Neuberg-adjusted where used; a whole number is
    kept as an ``int``), the top they are out of, and the rate MP ÷ top (½ for a group of one)."""

    mp: Fraction | int
    top: int
    rate: Fraction


def compare(scores: Sequence[Fraction | int], expected: int | None = None, use_neuberg: bool = False) -> list[Compared]:
    """Compare each of ``scores`` (one comparison group) with the others. With ``use_neuberg``
    and fewer scores than ``expected``, the matchpoints are scaled to ``expected`` results.
    A group of one scores 50% (its top is 0; with Neuberg it gets E − 1 of 2(E − 1), the same)."""
    n = len(scores)
    if n == 0:
        return []
    expected = n if expected is None else expected
    if expected < n:
        raise ValueError(f"{n} results where at most {expected} are due")
    raw = matchpoints(scores)
    if use_neuberg and expected > n:
        top = 2 * (expected - 1)
        return [Compared(m, top, m / top) for m in (neuberg(r, n, expected) for r in raw)]
    top = 2 * (n - 1)
    if top == 0:
        return [Compared(0, 0, HALF)]
    # one rate per distinct matchpoint count: a board of many tables has few distinct counts
    rates: dict[int, Fraction] = {}
    out = []
    for r in raw:
        rate = rates.get(r)
        if rate is None:
            rate = rates[r] = Fraction(r, top)
        out.append(Compared(r, top, rate))
    return out


def mean(rates: Sequence[Fraction]) -> Fraction | None:
    """The mean board rate (平均得分率) over the boards played; None when there are none."""
    if not rates:
        return None
    # summed over one common denominator: a single Fraction made, not one per addition
    den = lcm(*{r.denominator for r in rates})
    num = sum(r.numerator * (den // r.denominator) for r in rates)
    return Fraction(num, den * len(rates))
