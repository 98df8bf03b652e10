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
from itertools import combinations
from typing import Callable, Mapping, Sequence

from ttools.core.draw import Draw

SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Seat:
    round: int
    table: int | None  # None: sits out this round
    seat: str | None  # N E S W; None for a sit-out
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
        block = order[4 * t : 4 * t + 4]
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
        seats += [
            Seat(round_, t + 1, "N", n),
            Seat(round_, t + 1, "E", e),
            Seat(round_, t + 1, "S", s),
            Seat(round_, t + 1, "W", w),
        ]
    return seats


def seat_round(
    order: Sequence[str],
    round_: int,
    sat_out: Mapping[str, int],
    members: Mapping[str, tuple[str, str]] | None = None,
    arrange: Callable[[list[str]], list[str]] | None = None,
) -> list[Seat]:
    """One round by the snake: ``order`` holds players (individual) or pairs (``members``
    given), best first. Sit-outs first, then the rest by the snake (rearranged first by
    ``arrange``, e.g. to avoid repeats); sit-outs are listed last with no table."""
    per_table = 4 if members is None else 2
    out = sit_outs(order, len(order) % per_table, sat_out)
    playing = [u for u in order if u not in set(out)]
    if arrange is not None:
        playing = arrange(playing)
    seats = snake_individual(playing, round_) if members is None else snake_pairs(playing, members, round_)
    for u in out:
        for p in (u,) if members is None else members[u]:
            seats.append(Seat(round_, None, None, p))
    return seats


def first_round(units: Sequence[str], seed: str, members: Mapping[str, tuple[str, str]] | None = None) -> list[Seat]:
    """Round 1: the field in a seeded random order (stage ``seating/r1``), then seated as the
    snake would seat that order; the units drawn last sit out."""
    order = Draw(seed, "seating/r1").shuffled(sorted(units))
    return seat_round(order, 1, {}, members)


# ---- A movement that avoids repeats (avoid_repeats) ------------------------------------------------------
# The rulebook's snake meets the same players again and again in a small or uneven field; bridge
# movements avoid such repeats. The snake order is kept as far as possible: the fewest repeats
# first, then the least moving of units from their snake places (the sum of the moves).

EXACT_UNITS = 8  # up to this many units every arrangement is searched: the optimum is found
WINDOW = 8  # beyond, the best unit left and others of the next 8 in snake order take a table
NODE_BUDGET = 600  # and the search stops after this many tables tried (the best found so far kept)


@dataclass(frozen=True)
class History:
    """Who has partnered whom and who has shared a table, over the rounds seated so far (units:
    players, or in the pairs format pairs)."""

    partnered: frozenset[frozenset[str]]
    met: frozenset[frozenset[str]]


def history_of(tables: Sequence[Mapping[str, str]], pair_of: Mapping[str, str] | None = None) -> History:
    """The History of earlier rounds' tables (seat -> player); ``pair_of`` maps players to their pair."""
    partnered, met = set(), set()
    for seats in tables:
        unit = {s: (pair_of.get(p, p) if pair_of else p) for s, p in seats.items()}
        for a, b in (("N", "S"), ("E", "W")):
            if a in unit and b in unit and unit[a] != unit[b]:
                partnered.add(frozenset((unit[a], unit[b])))
        units = sorted(set(unit.values()))
        met.update(frozenset((x, y)) for i, x in enumerate(units) for y in units[i + 1 :])
    return History(frozenset(partnered), frozenset(met))


def block_repeats(block: Sequence[str], history: History, mode: str) -> list[tuple[str, str, str]]:
    """The repeats of one table's units in seating order (individual: partners are the 1st and 3rd
    and the 2nd and 4th; pairs: the two pairs): (kind, a, b), kind 'partners' or 'met'."""
    out = []
    if len(block) == 4:
        partners = ((block[0], block[2]), (block[1], block[3]))
        for a, b in partners:
            if frozenset((a, b)) in history.partnered:
                out.append(("partners", a, b))
        if mode == "partners+opponents":
            for a, b in ((block[0], block[1]), (block[0], block[3]), (block[2], block[1]), (block[2], block[3])):
                if frozenset((a, b)) in history.met:
                    out.append(("met", a, b))
            for a, b in partners:
                if frozenset((a, b)) in history.met and frozenset((a, b)) not in history.partnered:
                    out.append(("met", a, b))
    elif mode == "partners+opponents" and frozenset(block) in history.met:
        out.append(("met", block[0], block[1]))
    return out


def _arrangements(units: Sequence[str]) -> list[tuple[str, ...]]:
    """A table's seating orders that differ in who partners whom, the snake's first."""
    if len(units) == 2:
        return [tuple(units)]
    a, b, c, d = units
    return [(a, b, c, d), (a, c, b, d), (a, b, d, c)]


def avoid_repeats(order: Sequence[str], history: History, mode: str, per_table: int = 4) -> list[str]:
    """``order`` (best first, filling whole tables: ``per_table`` 4 players or 2 pairs) rearranged
    so the snake of it has the fewest repeats, moving units as little as possible from their snake
    places; the plain order when the snake repeats nothing (or ``mode`` is 'off')."""
    return _Search(list(order), history, mode, per_table).best()


class _Search:
    """Branch and bound over the tables in turn: fewest repeats, then the least displacement."""

    def __init__(self, order: list[str], history: History, mode: str, per_table: int = 4):
        self.order, self.history, self.mode = order, history, mode
        self.per_table = per_table
        self.position = {u: i for i, u in enumerate(order)}
        self.nodes = 0
        plain = sum(
            len(block_repeats(order[i : i + per_table], history, mode)) for i in range(0, len(order), per_table)
        )
        self.found: tuple[int, int, list[str]] = (plain, 0, list(order))

    def best(self) -> list[str]:
        if self.found[0] and self.mode != "off":
            self._descend(self.order, [], 0, 0)
        return self.found[2]

    def _candidates(self, remaining: list[str], base: int) -> list[tuple[int, int, tuple[str, ...]]]:
        if len(self.order) <= EXACT_UNITS:
            choices = combinations(remaining, self.per_table)
        else:  # the best unit left takes this table: the snake's order, with partners and opponents from the window
            head = remaining[0]
            choices = ((head,) + rest for rest in combinations(remaining[1:WINDOW], self.per_table - 1))
        out = []
        for chosen in choices:
            for block in _arrangements(chosen):
                moved = sum(abs(self.position[u] - (base + k)) for k, u in enumerate(block))
                out.append((len(block_repeats(block, self.history, self.mode)), moved, block))
        out.sort(key=lambda c: (c[0], c[1]))
        return out

    def _descend(self, remaining: list[str], placed: list[str], repeats: int, moved: int) -> None:
        best_repeats, best_moved, _ = self.found
        if repeats > best_repeats or (repeats == best_repeats and moved >= best_moved):
            return
        if not remaining:
            self.found = (repeats, moved, placed)
            return
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            return
        for r, m, block in self._candidates(remaining, len(placed)):
            taken = set(block)
            self._descend([u for u in remaining if u not in taken], placed + list(block), repeats + r, moved + m)
            if self.found[0] == 0 and self.found[1] == 0:
                return
