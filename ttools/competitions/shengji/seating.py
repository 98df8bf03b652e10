"""Seating of a round (分方位): round 1 seeded at random, every later round the snake by the
current ranking (瑞士移位法, Swiss movement), with sit-outs (輪空) for a field that does not fill
its tables. Pure functions: ids in, seats out.

Snake: ranks 1–4 take table 1 in N, E, S, W order, ranks 5–8 table 2 in reverse (W, S, E, N),
and so on, so 1st and 3rd partner against 2nd and 4th and each direction gets a spread of ranks.
In the pairs format a table takes two pairs: odd tables the better pair North–South, even
tables East–West.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ttools.core.draw import Draw

SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Seat:
    round: int
    table: int | None          # None: sits out this round
    seat: str | None           # N E S W; None for a sit-out
    player: str


def sit_outs(order: Sequence[str], count: int, sat_out: Mapping[str, int]) -> list[str]:
    """The ``count`` units that sit out: those with the fewest sit-outs so far, the lowest ranked
    of them first (``order`` is best first). No one sits out twice while another has not."""
    if count <= 0:
        return []
    position = {u: i for i, u in enumerate(order)}
    ranked = sorted(order, key=lambda u: (sat_out.get(u, 0), -position[u]))
    return ranked[:count]


def snake_individual(order: Sequence[str], round_: int) -> list[Seat]:
    """Seats for ``order`` (best first, a multiple of 4): table t holds ranks 4t−3 … 4t, in
    N, E, S, W order on odd tables and W, S, E, N on even ones."""
    if len(order) % 4:
        raise ValueError(f"{len(order)} players do not fill tables of four")
    seats = []
    for t in range(len(order) // 4):
        block = order[4 * t:4 * t + 4]
        directions = SEATS if t % 2 == 0 else SEATS[::-1]
        seats += [Seat(round_, t + 1, d, p) for d, p in zip(directions, block)]
    return seats


def snake_pairs(order: Sequence[str], members: Mapping[str, tuple[str, str]], round_: int) -> list[Seat]:
    """Seats for pairs ``order`` (best first, an even number): table t holds pair ranks 2t−1
    and 2t; on odd tables the better pair sits North–South, on even tables East–West. The
    pair's first member takes N (or E), the second S (or W)."""
    if len(order) % 2:
        raise ValueError(f"{len(order)} pairs do not fill tables of two pairs")
    seats = []
    for t in range(len(order) // 2):
        better, worse = order[2 * t], order[2 * t + 1]
        ns, ew = (better, worse) if t % 2 == 0 else (worse, better)
        (n, s), (e, w) = members[ns], members[ew]
        seats += [Seat(round_, t + 1, "N", n), Seat(round_, t + 1, "E", e), Seat(round_, t + 1, "S", s),
                  Seat(round_, t + 1, "W", w)]
    return seats


def seat_round(order: Sequence[str], round_: int, sat_out: Mapping[str, int],
               members: Mapping[str, tuple[str, str]] | None = None) -> list[Seat]:
    """One round by the snake: ``order`` holds players (individual) or pairs (``members``
    given), best first. Sit-outs first, then the rest by the snake; sit-outs are listed last
    with no table."""
    per_table = 4 if members is None else 2
    out = sit_outs(order, len(order) % per_table, sat_out)
    playing = [u for u in order if u not in set(out)]
    seats = snake_individual(playing, round_) if members is None else snake_pairs(playing, members, round_)
    for u in out:
        for p in ((u,) if members is None else members[u]):
            seats.append(Seat(round_, None, None, p))
    return seats


def first_round(units: Sequence[str], seed: str, members: Mapping[str, tuple[str, str]] | None = None) -> list[Seat]:
    """Round 1: the field in a seeded random order (stage ``seating/r1``), then seated as the
    snake would seat that order; the units drawn last sit out."""
    order = Draw(seed, "seating/r1").shuffled(sorted(units))
    return seat_round(order, 1, {}, members)
