"""Swiss pairing by points (积分编排) and Buchholz-style tie-breaks, for any competition.

Players are hashable ids given in ranking order (best first), with their points; the functions
return the plain ``Pairings`` records of ``ttools.core.pairing`` and never look at a workbook.

How a round is paired
---------------------
Each player, from the top of the ranking down, takes the first opponent of its preference list
that still lets everybody left be paired (a maximum-matching feasibility check, so a
repeat-free pairing is always found when one exists, and nothing is ever undone):

- ``adjacent`` (the card-game convention): the preference list is the ranking itself, so
  within a points group 1 meets 2, 3 meets 4, … — the lexicographically first repeat-free
  pairing in ranking order. An odd group's lowest player meets the top of the next group.
- ``dutch``: within the player's points group, top half against bottom half (1–5, 2–6, 3–7,
  4–8 in a group of 8); then the players of the lower groups in ranking order.

Priorities: never a repeat (only relaxed when no repeat-free pairing exists at all: then the
oldest rounds' meetings are forgiven, then the fewest repeats are taken, as the Australian
draw does); same club apart wherever a repeat-free pairing allows it (or, with ``club_scope``
"group", only preferred within each points group); then the order above.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Mapping, Sequence, TypeVar

from ttools.core.pairing import (
    Meetings,
    Pairings,
    Relaxation,
    RepeatedPair,
    _augment,
    _maximum_matching,
    assign_bye,
    lexicographic_first,
)

P = TypeVar("P", bound=Hashable)

ADJACENT, DUTCH = "adjacent", "dutch"
METHODS = (ADJACENT, DUTCH)
FIELD, GROUP = "field", "group"       # how far same-club pairs are kept apart


# ---------------------------------------------------------------------------------------
# The engine: first feasible choice along preference lists


class _Allowed:
    """The players 0..n-1 that player i may meet: all but i and ``barred`` (those it met, or of
    its club). Held as the few barred rather than the many allowed: a set of every allowed
    opponent per player costs n² entries (8 MB at 256 pairs) for a test of membership."""

    __slots__ = ("i", "n", "barred")

    def __init__(self, i: int, n: int, barred: set[int]):
        self.i, self.n, self.barred = i, n, barred

    def __contains__(self, j: object) -> bool:
        return j != self.i and j not in self.barred

    def __iter__(self):
        i, barred = self.i, self.barred
        return (j for j in range(self.n) if j != i and j not in barred)

    def __sub__(self, other: set[int]) -> "_Allowed":
        return _Allowed(self.i, self.n, self.barred | other)


class _Field:
    """A maximum matching of the players still unpaired, kept up to date as pairs are fixed."""

    def __init__(self, adj: list[list[int]]):
        self.adj = adj
        self.alive = [True] * len(adj)
        self.mate = _maximum_matching(adj, self.alive)

    def perfect(self) -> bool:
        return all(m != -1 for m, a in zip(self.mate, self.alive) if a)

    def take(self, i: int, j: int) -> bool:
        """Fix i–j if the others can still all be paired (the matching stays perfect)."""
        mate, alive = self.mate, self.alive
        a, b = mate[i], mate[j]
        alive[i] = alive[j] = False
        if a == j:
            return True
        mate[a] = mate[b] = -1
        mate[i] = mate[j] = -1
        if _augment(a, self.adj, mate, alive):
            return True
        alive[i] = alive[j] = True
        mate[i], mate[a], mate[j], mate[b] = a, i, b, j
        return False


def _first_feasible(n: int, allowed: Sequence[_Allowed], prefer: Callable[[int, list[bool]], Iterable[int]]
                    ) -> list[tuple[int, int]] | None:
    """Pair 0..n-1 (n even): the lowest unpaired player takes the first player of
    ``prefer(i, alive)`` in ``allowed[i]`` that keeps a perfect pairing of the rest. None when
    no perfect pairing on ``allowed`` exists."""
    adj = [sorted(a) for a in allowed]
    field = _Field(adj)
    if not field.perfect():
        return None
    pairs: list[tuple[int, int]] = []
    for i in range(n):
        if not field.alive[i]:
            continue
        for j in prefer(i, field.alive):
            if j in allowed[i] and field.alive[j] and j != i and field.take(i, j):
                pairs.append((i, j))
                break
        else:  # pragma: no cover - a perfect matching always leaves i some partner
            raise AssertionError("no partner keeps the pairing perfect")
    return pairs


def _preference(method: str, groups: list[int], club: list[set[int]], club_scope: str = "field"
                ) -> Callable[[int, list[bool]], list[int]]:
    """The preference list of player i among those still unpaired: the method's order, with
    same-club players after all others (``club_scope`` "field"), or after the others of their
    points group only ("group")."""
    n = len(groups)

    def order(i: int, alive: list[bool]) -> list[int]:
        left = [j for j in range(i + 1, n) if alive[j]]
        if method == DUTCH:
            group = [j for j in left if groups[j] == groups[i]]
            half = (len(group) + 1) // 2          # i is the first of the group's top half
            head = group[half - 1:] + group[:half - 1][::-1] if group else []
            others = [j for j in left if groups[j] != groups[i]]
            left = head + others
        if club[i] and club_scope == GROUP:
            out: list[int] = []
            for g in dict.fromkeys(groups[j] for j in left):      # groups in the order they come
                members = [j for j in left if groups[j] == g]
                out += [j for j in members if j not in club[i]] + [j for j in members if j in club[i]]
            left = out
        elif club[i]:
            left = [j for j in left if j not in club[i]] + [j for j in left if j in club[i]]
        return left

    return order


def swiss_pairing(
    order: Sequence[P],
    points: Mapping[P, object] | None = None,
    history: object = (),
    byes_count: Mapping[P, int] | None = None,
    same_club: Callable[[P, P], bool] | None = None,
    method: str = ADJACENT,
    club_scope: str = FIELD,
) -> Pairings[P]:
    """One Swiss round of ``order`` (ranking, best first).

    ``points`` (score groups; needed for ``dutch``), ``history`` (see ``Meetings.of``; every
    pairing that stood counts), ``byes_count`` (the bye goes to the lowest-ranked player with
    the fewest byes), ``same_club(a, b)`` (kept apart where possible). Pairs are (higher
    ranked, lower ranked); ``relaxation`` lists same-club pairs that could not be avoided and
    any repeat forced on the round. ``club_scope``: "field" keeps clubs apart whenever any
    repeat-free pairing allows it, even if a pair must then meet another points group; "group"
    only prefers another club within each points group.
    """
    if method not in METHODS:
        raise ValueError(f"unknown Swiss method {method!r}; known: {', '.join(METHODS)}")
    if club_scope not in (FIELD, GROUP):
        raise ValueError(f"unknown club scope {club_scope!r}; known: {FIELD}, {GROUP}")
    bye = assign_bye(order, byes_count)
    rest = [p for p in order if p != bye]
    n = len(rest)
    if n == 0:
        return Pairings((), bye)
    meetings = Meetings.of(history)
    pts = points or {}
    group_of: dict[object, int] = {}
    groups = [group_of.setdefault(pts.get(p), len(group_of)) for p in rest]
    club = [set() for _ in range(n)]
    if same_club is not None:
        for i in range(n):
            for j in range(i + 1, n):
                if same_club(rest[i], rest[j]):
                    club[i].add(j)
                    club[j].add(i)
    counts = meetings._index_counts(rest, None)

    def unmet(forgive: int | None = None) -> list[_Allowed]:
        c = counts if forgive is None else meetings._index_counts(rest, forgive)
        return [_Allowed(i, n, {j for j, k in c[i].items() if k}) for i in range(n)]

    prefer = _preference(method, groups, club, club_scope)

    def done(pairs: list[tuple[int, int]], relaxation: Relaxation | None) -> Pairings[P]:
        clashes = tuple(RepeatedPair(rest[i], rest[j], counts[i].get(j, 0), j in club[i])
                        for i, j in pairs if j in club[i] or counts[i].get(j))
        if clashes and relaxation is None:
            relaxation = Relaxation()
        if relaxation is not None:
            relaxation = Relaxation(relaxation.forgave_through, relaxation.fewest_repeats, clashes)
        return Pairings(tuple((rest[i], rest[j]) for i, j in pairs), bye, relaxation)

    free = unmet()
    if club_scope == FIELD:
        strict = _first_feasible(n, [free[i] - club[i] for i in range(n)], prefer)
        if strict is not None:
            return done(strict, None)
    relaxed = _first_feasible(n, free, prefer)
    if relaxed is not None:
        return done(relaxed, None)

    # No repeat-free pairing at all: forgive the oldest rounds first (never the latest one).
    rounds = meetings.known_rounds(rest)[:-1]
    feasible = [k for k in range(len(rounds)) if _first_feasible_exists(unmet(rounds[k]))]
    if feasible:
        k = feasible[0]
        pairs = _first_feasible(n, unmet(rounds[k]), prefer)
        assert pairs is not None
        return done(pairs, Relaxation(forgave_through=rounds[k]))
    fewest = lexicographic_first(list(range(n)), lambda a, b: b in free[a], fewest_bad=True)
    return done(list(fewest or []), Relaxation(fewest_repeats=True))


def _first_feasible_exists(allowed: Sequence[_Allowed]) -> bool:
    return _Field([sorted(a) for a in allowed]).perfect()


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


__all__ = ["ADJACENT", "DUTCH", "FIELD", "GROUP", "METHODS", "more_is_better", "opponent_score", "swiss_pairing"]
