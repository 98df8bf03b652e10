"""Swiss pairing by points (积分编排) and Buchholz-style tie-breaks, for any competition.

Players are hashable ids given in ranking order (best first), with their points; the functions
return plain records (``Pairings`` of ``ttools.core.pairing``, ``SwissRound``) and never look at
a workbook.

How a round is paired
---------------------
Among every pairing of the field (after the bye) that repeats no earlier match, the one that is
best by these criteria, in this order, is taken — an exact maximum-weight perfect matching
(``ttools.core.matching``), one weight per criterion, each worth more than every later one:

1. the fewest same-club tables (``club_scope`` "field"; with "group" this comes after 2);
2. the fewest tables between two points groups (floats);
3. the smallest total difference of points across tables;
4. the order inside a group: ``adjacent`` (the card-game convention) the lexicographically first
   of those pairings in ranking order: the highest-ranked player meets the best-ranked partner
   the criteria above leave it, then the highest-ranked player left does the same, and so on
   (1–2, 3–4 …; six on equal points where 3 met 4 and 5: 1–2, 3–6, 4–5), so that an odd group
   floats its lowest player and a float meets the best-ranked player it may (``_Lex``);
   ``dutch`` top half against bottom half (1–5, 2–6 … in a group of 8), the smallest sum of
   squared distances from that partner.

Where Dutch pairings tie on all four the matching takes one deterministically (no draw is
needed: the same field gives the same pairing; the lexicographic order leaves no tie). Only when no repeat-free pairing exists at all is a repeat
allowed: the oldest rounds' meetings are forgiven first (never the latest round), then the fewest
repeats are taken, as the Australian draw does.

So that a field of a thousand pairs is paired in seconds, the matching is first solved on a few
pairs per player (its nearest allowed partners in its own group and the next two groups down).
Its dual values then prove the pairing optimal over every allowed pair: each pair not considered
is checked against them (in order of cost, so that the check stops early), and any pair that
could improve the pairing is added and the matching solved again, until none is left. The memory
used grows with the pairs considered, not with n².
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from math import lcm
from typing import Callable, Generic, Hashable, Iterable, Iterator, Mapping, Sequence, TypeVar

from ttools.core.matching import Duals, Matching, max_weight_matching
from ttools.core.pairing import Meetings, Pairings, Relaxation, RepeatedPair, assign_bye

P = TypeVar("P", bound=Hashable)

ADJACENT, DUTCH = "adjacent", "dutch"
METHODS = (ADJACENT, DUTCH)
FIELD, GROUP = "field", "group"  # how far same-club pairs are kept apart
ODD, BLOCKED = "odd", "blocked"  # why a table is between two points groups
NEAR = 6  # partners first considered for each player in its own group
WINDOW = 16  # players settled together once one of them is in doubt (see _Lex)


@dataclass(frozen=True)
class Float(Generic[P]):
    """A table between two points groups: ``high`` (more points) meets ``low``. ``reason`` is
    ``odd`` when a group of an odd number of players had to send or take one, ``blocked`` when
    no pairing keeps ``group`` (the points of the group left) together without a repeat (or,
    with clubs kept apart across the field, a same-club table)."""

    high: P
    low: P
    high_points: object
    low_points: object
    reason: str
    group: object


@dataclass(frozen=True)
class SwissRound(Generic[P]):
    """One Swiss round: the pairings and every table between two points groups, with why."""

    pairings: Pairings[P]
    floats: tuple[Float[P], ...] = ()


# ---------------------------------------------------------------------------------------
# The field as a weighted matching


def _tier_weights(n: int, highest: Sequence[int]) -> list[int]:
    """Multipliers for criteria whose values per table are at most ``highest`` (lowest criterion
    first): each multiplier exceeds the most that all later criteria can add over n/2 tables."""
    tables = max(n // 2, 1)
    out, below = [], 0
    for top in highest:
        k = below + 1
        out.append(k)
        below += tables * top * k
    return out


class _Field:
    """Players 0..n-1 in ranking order, their points groups, who may meet whom and what each
    table costs; the pairs first considered and the check that proves a matching of them optimal."""

    def __init__(
        self,
        groups: list[int],
        values: list[int],
        counts: list[dict[int, int]],
        club: Callable[[int, int], bool],
        method: str,
        club_first: bool,
        repeats_allowed: bool,
    ) -> None:
        n = self.n = len(groups)
        self.group, self.values, self.counts, self.club = groups, values, counts, club
        self.repeats_allowed = repeats_allowed
        self.members: list[list[int]] = [[] for _ in values]
        for i, g in enumerate(groups):
            self.members[g].append(i)
        self.pos = [0] * n
        for m in self.members:
            for k, i in enumerate(m):
                self.pos[i] = k
        self.dutch = method == DUTCH
        spread = max(values) - min(values) if values else 0
        most_met = max((c for row in counts for c in row.values()), default=0) if repeats_allowed else 0
        # criteria, lowest first: order, points difference, then floats and clubs, then repeats
        order_k, diff_k, low_k, high_k, repeat_k = _tier_weights(n, [n * n, spread, 1, 1, most_met])
        self.diff_k, self.repeat_k = diff_k, repeat_k
        self.float_k, self.club_k = (low_k, high_k) if club_first else (high_k, low_k)
        edge_most = n * n + spread * diff_k + low_k + high_k + most_met * repeat_k
        self.top = (n // 2 + 1) * edge_most + 1  # any larger matching outweighs any smaller one

    def barred(self, i: int, j: int) -> bool:
        return not self.repeats_allowed and j in self.counts[i]

    def order_cost(self, i: int, j: int) -> int:
        g = self.group[i]
        if self.dutch and g == self.group[j]:
            return (abs(self.pos[i] - self.pos[j]) - len(self.members[g]) // 2) ** 2
        return (i - j) ** 2

    def groups_cost(self, gi: int, gj: int) -> int:
        return 0 if gi == gj else self.float_k + abs(self.values[gi] - self.values[gj]) * self.diff_k

    def weight(self, i: int, j: int) -> int:
        return self.weight_above_order(i, j) - self.order_cost(i, j)

    def weight_above_order(self, i: int, j: int) -> int:
        """The weight of a table by the criteria above the order inside a group (clubs, floats,
        points difference, repeats)."""
        cost = self.groups_cost(self.group[i], self.group[j])
        if self.club(i, j):
            cost += self.club_k
        if self.repeats_allowed:
            cost += self.counts[i].get(j, 0) * self.repeat_k
        return self.top - cost

    def candidates(self) -> set[tuple[int, int]]:
        """The pairs first considered: each player's nearest allowed partners below it in its own
        group and in the next two groups down (the certificate adds any other pair that matters)."""
        out: set[tuple[int, int]] = set()
        for i in range(self.n):
            gi = self.group[i]
            for g in range(gi, min(gi + 3, len(self.members))):
                room = NEAR if g == gi else NEAR // 2
                for j, _cost in self.partners(i, g):
                    if room == 0:
                        break
                    if not self.barred(i, j):
                        out.add((i, j))
                        room -= 1
        return out

    def partners(self, i: int, g: int) -> Iterator[tuple[int, int]]:
        """The players of group g ranked below i, as (j, order cost), cheapest first."""
        m = self.members[g]
        if self.dutch and g == self.group[i]:
            pi, h = self.pos[i], len(m) // 2
            for step in range(2 * len(m) + 2):
                d = h + (step + 1) // 2 if step % 2 else h - step // 2
                if 1 <= d and pi + d < len(m):
                    yield m[pi + d], (d - h) ** 2
            return
        for j in m[bisect_right(m, i) :]:
            yield j, (j - i) ** 2

    def violations(self, considered: set[tuple[int, int]], duals: Duals) -> list[tuple[int, int]]:
        """The allowed pairs not yet considered whose reduced cost is negative: the only pairs
        that could improve the matching of those considered (none: it is optimal)."""
        dual = duals.vertex
        out = []
        for g, members in enumerate(self.members):
            # the least a member of g adds to a pair's dual sum, by its outermost blossom: a pair
            # inside one blossom also has that blossom's dual
            inside: dict[int, int] = {}
            for j in members:
                t = duals.top[j]
                inside[t] = min(inside.get(t, dual[j]), dual[j])
            two = sorted(inside.items(), key=lambda kv: kv[1])[:2]
            for i in range(self.n):
                t = duals.top[i]
                apart = next((d for b, d in two if b != t), None)
                near = inside[t] + duals.outer(i) * 2 if t in inside else None
                least = min(d for d in (apart, near) if d is not None) + dual[i]
                base = self.top - self.groups_cost(self.group[i], g)
                if 2 * base <= least:
                    continue  # not even the cheapest table with group g could help
                for j, oc in self.partners(i, g):
                    if 2 * (base - oc) <= least:
                        break
                    if (i, j) not in considered and not self.barred(i, j) and duals.slack(i, j, self.weight(i, j)) < 0:
                        out.append((i, j))
        return out


def _optimal_pairing(field: _Field) -> list[tuple[int, int]] | None:
    """The best perfect matching of the field (pairs (i, j), i < j, by i), or None when the
    allowed pairs admit none: solved on the pairs considered, which grow until the duals prove
    that no other pair could do better."""
    considered = field.candidates()
    while True:
        edges = sorted(considered)
        mate, duals = max_weight_matching(field.n, [(i, j, field.weight(i, j)) for i, j in edges])
        more = field.violations(considered, duals)
        if not more:
            break
        considered.update(more)
    if any(m < 0 for m in mate):
        return None
    return [(i, mate[i]) for i in range(field.n) if i < mate[i]]


# ---------------------------------------------------------------------------------------
# The lexicographically first pairing (``adjacent``)


class _Lex:
    """The ``adjacent`` order: among the pairings best by the criteria above it, the
    lexicographically first in ranking order — the highest-ranked player takes the best-ranked
    partner it can have, then the highest-ranked player left does the same, and so on.

    One matching is solved by the criteria above the order (each weight times ``unit``), and
    its duals tell which tables an optimal pairing may use (those of zero reduced cost). Players
    are then settled in ranking order: a player keeps its partner unless a better-ranked
    partner still open has zero reduced cost (a doubt); then the players settled so far leave
    the matching, the player's tables get a bonus (the better the partner's rank, the larger,
    all below one unit) and the matching is made perfect again from where it stood
    (``Matching.complete``): the partner it then has is the best-ranked one the criteria allow.
    Any pair outside the edges considered whose reduced cost went negative is added, so the
    matching stays optimal over every allowed pair.

    A doubt settles a window of the next ``WINDOW`` open players at once: their bonuses are
    powers of ``base`` in ranking order (one rank better for a player outweighs the whole bonus
    of every player after it), so the one completion gives each of them the partner the greedy
    order would. The first matching starts from the squared-distance pairing's tables
    (``_optimal_pairing``), which is close to the lexicographic one and leaves fewer doubts."""

    def __init__(self, field: _Field) -> None:
        self.field, n = field, field.n
        # a window's bonuses: player p of the window (from 0) scores base ** (WINDOW - 1 - p) for
        # each rank its partner is above the last; all of them together stay below one unit
        self.n, self.base = n, n + 2
        self.unit = self.base**WINDOW
        self.bonused: dict[int, int] = {}  # player -> its bonus per rank
        self.state = [0] * n  # 0 open, 1 settled (still in the matching), 2 settled and out
        self.matching: Matching | None = None

    def weight(self, i: int, j: int) -> int:
        w = self.field.weight_above_order(i, j) * self.unit
        for a, b in ((i, j), (j, i)):
            if a in self.bonused:
                w += self.bonused[a] * (self.n - b)
        return w

    def extra(self, v: int) -> int:
        """The most v's bonus adds to a table's doubled weight."""
        return 2 * self.bonused.get(v, 0) * self.n

    def heaviest(self, v: int, g: int) -> int:
        """No table of v with a player of group g weighs more (doubled and scaled: the dual sum
        it must reach), bonuses aside."""
        return self._heaviest[self.field.group[v]][g] * (self.matching.scale if self.matching else 1)

    @cached_property
    def _heaviest(self) -> list[list[int]]:
        field, k = self.field, len(self.field.members)
        return [[2 * (field.top - field.groups_cost(a, b)) * self.unit for b in range(k)] for a in range(k)]

    def solve(self) -> bool:
        """The first matching, optimal over every allowed pair; False if it is not perfect."""
        field = self.field
        near = _optimal_pairing(field)  # the squared-distance order: close to the lexicographic one
        considered = sorted(field.candidates() | set(near or ()))
        first = set(near or ())
        while True:
            edges = sorted(considered, key=lambda e: (e not in first, e))
            m = self.matching = Matching(field.n, [(i, j, self.weight(i, j)) for i, j in edges], field.top * self.unit)
            more = self.negative(range(field.n))
            if not more:
                return all(x >= 0 for x in m.mates())
            considered = sorted(set(considered) | set(more))

    def negative(self, vertices: Iterable[int], fresh: bool = True) -> list[tuple[int, int]]:
        """The allowed pairs of these vertices, outside the edges, whose reduced cost is negative.

        A pair is negative only if its ends' duals fall short of its weight, so each group is
        read in order of the duals, as far as that bound. A pair inside one blossom is read
        only if its innermost common blossom is new (``Matching.formed``; all of them when not
        ``fresh``): an older one kept the pair's slack, which was not negative."""
        m, field, state = self.matching, self.field, self.state
        assert m is not None
        lists = self.by_dual()
        out: set[tuple[int, int]] = set()

        def check(v: int, j: int) -> None:
            if j != v and state[j] != 2 and not field.barred(v, j) and not m.has_edge(v, j):
                if m.slack(v, j, self.weight(v, j)) < 0:
                    out.add((min(v, j), max(v, j)))

        scale = m.scale
        for v in sorted(set(vertices)):
            if state[v] == 2:
                continue
            dv, top = m.dual(v), m.top(v)
            extra = self.extra(v) * scale  # a bonus raises v's tables
            inside = fresh and top != v  # pairs inside v's blossom: read from when they were made
            for t, by_group in lists.items():
                if inside and t == top:
                    continue
                for g, members in enumerate(by_group):
                    bound = self.heaviest(v, g) + extra - dv
                    for dj, j in members:
                        if dj >= bound:
                            break
                        if m.top(j) != top:  # no blossom holds both: the slack is the duals' alone
                            if dv + dj < 2 * self.weight(v, j) * scale and j != v:
                                check(v, j)
                        elif not inside:
                            check(v, j)
            if inside:
                self.negative_inside(v, out)
            for b in self.bonused:  # b's bonus raises its tables above the bounds read so far
                if m.top(b) != top:
                    if dv + m.dual(b) < 2 * self.weight(v, b) * scale and b != v:
                        check(v, b)
                elif dv + m.dual(b) < self.heaviest(v, field.group[b]) + (self.extra(b) + self.extra(v)) * scale:
                    check(v, b)
        return sorted(out)

    def by_dual(self) -> dict[int, list[list[tuple[int, int]]]]:
        """The players still in, by group from the lowest dual: those of each large blossom
        apart (keyed by it), the others together (key -1), so that a player's own blossom,
        whose pairs are read otherwise, is passed over at once."""
        m, field, state = self.matching, self.field, self.state
        assert m is not None
        size: dict[int, int] = {}
        for j in range(self.n):
            if state[j] != 2:
                size[m.top(j)] = size.get(m.top(j), 0) + 1
        groups = len(field.members)
        lists: dict[int, list[list[tuple[int, int]]]] = {-1: [[] for _ in range(groups)]}
        for j in range(self.n):
            if state[j] != 2:
                t = m.top(j)
                key = t if t != j and size[t] >= 32 else -1
                if key not in lists:
                    lists[key] = [[] for _ in range(groups)]
                lists[key][field.group[j]].append((m.dual(j), j))
        for by_group in lists.values():
            for members in by_group:
                members.sort()
        return lists

    def negative_inside(self, v: int, out: set[tuple[int, int]]) -> None:
        """The negative pairs of v whose innermost common blossom the last completion made,
        from the duals the blossom was made with (its own dual zero then)."""
        m, field, state = self.matching, self.field, self.state
        assert m is not None
        extra = self.extra(v)
        heaviest = [h + extra for h in self._heaviest[field.group[v]]]  # doubled, unscaled
        for j, duals, scale in m.fresh_pairs(v, field.group.__getitem__, heaviest):
            if state[j] == 2 or field.barred(v, j) or m.has_edge(v, j):
                continue
            if duals - 2 * self.weight(v, j) * scale < 0:
                out.add((min(v, j), max(v, j)))

    def settle_all(self) -> list[tuple[int, int]]:
        n, m, state = self.n, self.matching, self.state
        assert m is not None
        pairs, settled = [], []
        for i in range(n):
            if state[i]:
                continue
            window = [i]
            if self.doubt(i):
                self.leave(settled)
                settled = []
                window = [v for v in range(i, n) if not state[v]][:WINDOW]
                self.bonused = {v: self.base ** (WINDOW - 1 - p) for p, v in enumerate(window)}
                for v in window:
                    m.reweigh(v, lambda j, v=v: self.weight(v, j))
                self.repair(m.complete() | set(window))
            for v in window:
                if not state[v]:
                    j = m.mate(v)
                    pairs.append((v, j))
                    state[v] = state[j] = 1
                    settled += [v, j]
        return pairs

    def doubt(self, i: int) -> bool:
        """Might an open player ranked between i and its partner be i's partner in an optimal pairing?"""
        m, field, state = self.matching, self.field, self.state
        assert m is not None
        mate, di = m.mate(i), m.dual(i)
        for g in range(field.group[i], field.group[mate] + 1):
            bound = self.heaviest(i, g) + self.extra(i) * m.scale - di
            for j in field.members[g]:
                if j >= mate:
                    break
                if j <= i or state[j] or m.dual(j) > bound or field.barred(i, j):
                    continue
                if m.slack(i, j, self.weight(i, j)) == 0:
                    return True
        return False

    def leave(self, settled: list[int]) -> None:
        """The settled players leave the matching (their partners' partners left too, so
        it is perfect again at the next completion)."""
        m = self.matching
        assert m is not None
        m.remove(settled)
        for v in settled:
            self.state[v] = 2
            self.bonused.pop(v, None)

    def repair(self, lowered: set[int]) -> None:
        """Add every pair whose reduced cost went negative, until none is left."""
        m = self.matching
        assert m is not None
        while True:
            more = self.negative(lowered)
            if not more:
                return
            m.add_edges((i, j, self.weight(i, j)) for i, j in more)
            lowered = m.complete() | {v for pair in more for v in pair}


def _lex_pairing(field: _Field) -> list[tuple[int, int]] | None:
    """The lexicographically first of the best pairings (``_Lex``), or None when none exists.

    The collector is held off meanwhile: the matching makes many short-lived tuples and no
    cycles, and each collection would walk every object of the event around it again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        lex = _Lex(field)
        return sorted(lex.settle_all()) if lex.solve() else None
    finally:
        if collecting:
            gc.enable()


# ---------------------------------------------------------------------------------------
# A round


def _points_groups(rest: Sequence[P], points: Mapping[P, object]) -> tuple[list[int], list[int], list[object]]:
    """Each player's points group (0 = the most points), each group's points as whole numbers
    (scaled by their common denominator, so differences stay exact) and as given."""
    given = [points.get(p) for p in rest]
    exact = [Fraction(v) if v is not None else Fraction(0) for v in given]  # type: ignore[arg-type]
    distinct = sorted(set(exact), reverse=True)
    scale = lcm(*(v.denominator for v in distinct)) if distinct else 1
    index = {v: k for k, v in enumerate(distinct)}
    shown: list[object] = [None] * len(distinct)
    for v, g in zip(exact, given):
        if shown[index[v]] is None:
            shown[index[v]] = g
    return [index[v] for v in exact], [int(v * scale) for v in distinct], shown


def _floats(
    rest: Sequence[P], pairs: list[tuple[int, int]], groups: list[int], shown: list[object]
) -> tuple[Float[P], ...]:
    """Every table between two points groups, with why: a group of an odd size that sends or
    takes exactly one player, or a group that could not be kept together."""
    size = [0] * len(shown)
    ends = [0] * len(shown)
    for g in groups:
        size[g] += 1
    cross = [(i, j) if groups[i] <= groups[j] else (j, i) for i, j in pairs if groups[i] != groups[j]]
    for i, j in cross:
        ends[groups[i]] += 1
        ends[groups[j]] += 1
    out = []
    for i, j in cross:
        hi, lo = groups[i], groups[j]
        odd = [g for g in (hi, lo) if size[g] % 2 and ends[g] == 1]
        reason, group = (ODD, shown[odd[0]]) if odd else (BLOCKED, shown[hi])
        out.append(Float(rest[i], rest[j], shown[hi], shown[lo], reason, group))
    return tuple(out)


def swiss_round(
    order: Sequence[P],
    points: Mapping[P, object] | None = None,
    history: object = (),
    byes_count: Mapping[P, int] | None = None,
    same_club: Callable[[P, P], bool] | None = None,
    method: str = ADJACENT,
    club_scope: str = FIELD,
) -> SwissRound[P]:
    """One Swiss round of ``order`` (ranking, best first), by the criteria of this module.

    ``points`` (the points groups), ``history`` (see ``Meetings.of``; every pairing that stood
    counts), ``byes_count`` (the bye goes to the lowest-ranked player with the fewest byes),
    ``same_club(a, b)`` (kept apart where possible: ``club_scope`` "field" before keeping the
    points groups together, "group" after). Pairs are (higher ranked, lower ranked), in ranking
    order of the first; ``relaxation`` lists same-club pairs that could not be avoided and any
    repeat forced on the round; ``floats`` every table between two points groups."""
    if method not in METHODS:
        raise ValueError(f"unknown Swiss method {method!r}; known: {', '.join(METHODS)}")
    if club_scope not in (FIELD, GROUP):
        raise ValueError(f"unknown club scope {club_scope!r}; known: {FIELD}, {GROUP}")
    bye = assign_bye(order, byes_count)
    rest = [p for p in order if p != bye]
    if not rest:
        return SwissRound(Pairings((), bye))
    meetings = Meetings.of(history)
    groups, values, shown = _points_groups(rest, points or {})
    club = (lambda i, j: bool(same_club(rest[i], rest[j]))) if same_club is not None else (lambda i, j: False)

    def attempt(forgive: int | None, repeats_allowed: bool = False) -> list[tuple[int, int]] | None:
        counts = meetings._index_counts(rest, forgive)
        field = _Field(groups, values, counts, club, method, club_scope == FIELD, repeats_allowed)
        return _lex_pairing(field) if method == ADJACENT else _optimal_pairing(field)

    relaxation: Relaxation | None = None
    pairs = attempt(None)
    if pairs is None:  # no repeat-free pairing: forgive the oldest rounds first (never the latest one)
        for k in meetings.known_rounds(rest)[:-1]:
            pairs = attempt(k)
            if pairs is not None:
                relaxation = Relaxation(forgave_through=k)
                break
    if pairs is None:
        pairs = attempt(None, repeats_allowed=True) or []
        relaxation = Relaxation(fewest_repeats=True)
    clashes = tuple(
        RepeatedPair(rest[i], rest[j], meetings.count(rest[i], rest[j]), club(i, j))
        for i, j in pairs
        if club(i, j) or meetings.count(rest[i], rest[j])
    )
    if clashes or relaxation is not None:
        given = relaxation or Relaxation()
        relaxation = Relaxation(given.forgave_through, given.fewest_repeats, clashes)
    pairings = Pairings(tuple((rest[i], rest[j]) for i, j in pairs), bye, relaxation)
    return SwissRound(pairings, _floats(rest, pairs, groups, shown))


def swiss_pairing(
    order: Sequence[P],
    points: Mapping[P, object] | None = None,
    history: object = (),
    byes_count: Mapping[P, int] | None = None,
    same_club: Callable[[P, P], bool] | None = None,
    method: str = ADJACENT,
    club_scope: str = FIELD,
) -> Pairings[P]:
    """``swiss_round``'s pairings alone."""
    return swiss_round(order, points, history, byes_count, same_club, method, club_scope).pairings


# ---------------------------------------------------------------------------------------
# Tie-breaks


def opponent_score(opponents: Mapping[P, Iterable[P]], points: Mapping[P, object]) -> dict[P, object]:
    """对手分 (Buchholz): for each player, the sum of the current points of every opponent it
    was paired against (listed once per meeting; a bye or an unplayed round lists nobody)."""
    return {p: sum((points.get(o, 0) for o in opps), 0) for p, opps in opponents.items()}  # type: ignore[misc]


def more_is_better(values: Mapping[P, object], default: object = 0) -> Callable[[P], object]:
    """A sort key for ``ttools.core.standings.rank`` (smaller is better) from a "more is better"
    number per player."""
    return lambda p: -values.get(p, default)  # type: ignore[operator]


__all__ = [
    "ADJACENT",
    "BLOCKED",
    "DUTCH",
    "FIELD",
    "GROUP",
    "METHODS",
    "ODD",
    "Float",
    "SwissRound",
    "more_is_better",
    "opponent_score",
    "swiss_pairing",
    "swiss_round",
]
