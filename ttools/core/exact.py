"""Exact arithmetic for anything a rulebook rounds: fractions in, decimals as printed out."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Mapping, TypeVar

K = TypeVar("K")


def round_half_up(value: Fraction, places: int = 2) -> Decimal:
    """Round half up at the (places+1)-th decimal (四捨五入), exactly; negatives symmetric."""
    scale = 10**places
    scaled = abs(value) * scale
    n = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    if value < 0:
        n = -n
    return Decimal(n).scaleb(-places)


def round_half_up_float(value: Fraction | int, places: int = 2, times: int = 1) -> float:
    """``float(round_half_up(value * times, places))`` in integer arithmetic alone (no Fraction
    or Decimal made): for the many cells of a report."""
    num, den = value.numerator, value.denominator
    n = (abs(num) * times * 2 * 10**places + den) // (2 * den)
    return (-n if num < 0 else n) / 10**places


def largest_remainder(values: Mapping[K, Fraction], places: int = 2) -> dict[K, Decimal]:
    """Round so that the rounded values add up to the rounded sum (Hamilton's method).

    Each value is floored to ``places`` decimals; the units left over go to the largest
    remainders, ties to the earlier key in the mapping's order.
    """
    scale = 10**places
    total = sum(values.values(), Fraction(0)) * scale
    target = round_half_up(total / scale, places) * scale
    floors = {k: (v * scale).numerator // (v * scale).denominator for k, v in values.items()}
    left = int(target) - sum(floors.values())
    order = sorted(values, key=lambda k: -((values[k] * scale) - floors[k]))
    # sorted() is stable: ties keep the mapping's order
    for k in order[: max(left, 0)]:
        floors[k] += 1
    return {k: Decimal(n).scaleb(-places) for k, n in floors.items()}
