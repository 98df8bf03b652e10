"""Pairing a round: Australian draw, king of the hill, random, round robin, byes and starts.

Players are any hashable ids, given in standings order (best first); the functions return
plain ``Pairings`` records and never look at a workbook. The reference implementation of
these methods in Scrabble is TSH (John Chew's tournament shell); where this module follows or
departs from it, the comment says so.

How the Australian draw is found quickly
----------------------------------------
The Australian draw (澳洲式瑞士制) is the lexicographically first repeat-free pairing in
standings order: 1 takes the highest-ranked opponent not yet met, then the highest player
left does the same, backing up only when a later player could not be paired. TSH finds it by
depth-first search over ordered preference lists (``TSH::Player::ResolvePairings``, which
memoises dead ends but is exponential when the field is nearly exhausted, and above 12
players reorders the search by fewest choices, which can change the result). Here every
choice is tested with matching theory instead (Edmonds' blossom algorithm): a choice is kept
iff the players left can still all be paired, so nothing is ever undone and the result is
exactly the lexicographically first pairing. One maximum matching of the players left is kept
up to date: a choice usually agrees with it or costs one augmenting-path search from the two
players it sets free; when that fails, one Gallai–Edmonds pass decides every possible partner
of the player at once.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Callable, Generic, Hashable, Iterable, Iterator, Mapping, Sequence, TypeVar

from ttools.core.draw import Draw
from ttools.problems import NOWHERE, Problem, Where, define, warning

P = TypeVar("P", bound=Hashable)

DRAW_FORGAVE_ROUNDS = define(
    "draw-forgave-rounds",
    "No pairing without repeats existed; meetings in rounds up to {through} were forgiven.",
    "無法編出不重複對手的組合；已豁免第 {through} 回合或以前的對賽紀錄。",
    "无法编出不重复对手的组合；已豁免第 {through} 回合或以前的对赛纪录。",
)
DRAW_FEWEST_REPEATS = define(
    "draw-fewest-repeats",
    "No pairing without repeats existed even after forgiving earlier rounds; "
    "this pairing has the fewest repeats ({count}).",
    "即使豁免較早回合仍無法避免重複對手；此組合的重複對賽最少（{count} 場）。",
    "即使豁免较早回合仍无法避免重复对手；此组合的重复对赛最少（{count} 场）。",
)
DRAW_REPEAT = define(
    "draw-repeat",
    "{a} and {b} meet again (met {meetings} time(s) before).",
    "{a} 與 {b} 再次對賽（之前已對賽 {meetings} 次）。",
    "{a} 与 {b} 再次对赛（之前已对赛 {meetings} 次）。",
)
DRAW_SAME_CLUB = define(
    "draw-same-club",
    "{a} and {b} are from the same club but had to be paired.",
    "{a} 與 {b} 同屬一會，但無法避開。",
    "{a} 与 {b} 同属一会，但无法避开。",
)


# ---------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True)
class RepeatedPair(Generic[P]):
    """A pair the draw had to put together although the rules wanted them apart."""

    a: P
    b: P
    meetings: int  # times they met before this round (all rounds counted)
    same_club: bool = False


@dataclass(frozen=True)
class Relaxation(Generic[P]):
    """What the draw had to give up, for the pairing sheet to print.

    ``forgave_through``: meetings in rounds up to and including this one were ignored.
    ``fewest_repeats``: no repeat-free draw existed at all; the draw minimises the number of
    pairs over the allowance. ``repeats`` lists every pair that is over it (or same-club).
    """

    forgave_through: int | None = None
    fewest_repeats: bool = False
    repeats: tuple[RepeatedPair[P], ...] = ()

    def problems(self, where: Where = NOWHERE, label: Callable[[P], str] = str) -> list[Problem]:
        out: list[Problem] = []
        if self.fewest_repeats:
            out.append(warning(DRAW_FEWEST_REPEATS, where, count=len(self.repeats)))
        elif self.forgave_through is not None:
            out.append(warning(DRAW_FORGAVE_ROUNDS, where, through=self.forgave_through))
        for r in self.repeats:
            if r.meetings:
                out.append(warning(DRAW_REPEAT, where, a=label(r.a), b=label(r.b), meetings=r.meetings))
            if r.same_club:
                out.append(warning(DRAW_SAME_CLUB, where, a=label(r.a), b=label(r.b)))
        return out


@dataclass(frozen=True)
class Pairings(Generic[P]):
    """One round's pairings. In a drawn round ``pairs`` are (higher ranked, lower ranked) in
    standings order; in a round robin they are (starts, replies)."""

    pairs: tuple[tuple[P, P], ...]
    bye: P | None = None
    relaxation: Relaxation[P] | None = None

    def players(self) -> list[P]:
        out = [p for pair in self.pairs for p in pair]
        if self.bye is not None:
            out.append(self.bye)
        return out


# ---------------------------------------------------------------------------------------
# History of meetings


class Meetings:
    """Who met whom, and in which rounds (round ``None`` = not known).

    Built from ``(round, a, b)`` triples of games actually played (a forfeit is not a
    meeting: TSH's ForfeitLOSS command unpairs the two players, so they have not met).
    """

    def __init__(self, games: Iterable[tuple[int | None, Hashable, Hashable]] = ()) -> None:
        # player -> opponent -> the rounds they met in, one tuple shared by both directions (no
        # set per pair: an event of 500 players x 30 rounds holds 7,500 pairs)
        self._met: dict[Hashable, dict[Hashable, tuple[int | None, ...]]] = {}
        self._count: Callable[[Hashable, Hashable], int] | None = None
        for rnd, a, b in games:
            self._add(a, b, (rnd,))

    def _add(self, a: Hashable, b: Hashable, rounds: tuple[int | None, ...]) -> None:
        """Record that a and b met in ``rounds`` (besides any meetings known already)."""
        row = self._met.get(a)
        if row is None:
            row = self._met[a] = {}
        known = row.get(b)
        row[b] = rounds = rounds if known is None else known + rounds
        self._met.setdefault(b, {})[a] = rounds

    @classmethod
    def of(cls, history: object) -> "Meetings":
        """Accepts ``Meetings``, ``(round, a, b)`` triples, a mapping pair -> count or -> rounds,
        or a callable ``met(a, b) -> int`` (counts without rounds cannot be forgiven)."""
        if isinstance(history, Meetings):
            return history
        if history is None:
            return cls()
        if isinstance(history, Mapping):
            m = cls()
            for key, value in history.items():
                pair = tuple(frozenset(key))
                m._add(pair[0], pair[-1], (None,) * value if isinstance(value, int) else tuple(value))
            return m
        if callable(history):
            m = cls()
            m._count = history  # type: ignore[assignment]
            return m
        return cls(history)  # type: ignore[arg-type]

    def count(self, a: Hashable, b: Hashable, forgive_through: int | None = None) -> int:
        if self._count is not None:
            return int(self._count(a, b))
        rounds = self._met.get(a, {}).get(b, ())
        if forgive_through is None:
            return len(rounds)
        return sum(1 for r in rounds if r is None or r > forgive_through)

    def beyond(self, allowance: int) -> "Meetings":
        """The meetings over an allowance of ``allowance`` repeats: each pair's oldest
        ``allowance`` meetings left out (unknown rounds counted oldest), so a pairing that may
        put two players together who met up to that many times sees no meeting between them,
        and a pair over it keeps its latest rounds (forgiving the oldest still works)."""
        if allowance <= 0:
            return self
        out = Meetings()
        if self._count is not None:
            count = self._count
            out._count = lambda a, b: max(0, int(count(a, b)) - allowance)
            return out
        for a, row in self._met.items():
            for b, rounds in row.items():
                if b in out._met.get(a, {}):
                    continue  # the pair is stored both ways; once is enough
                kept = tuple(sorted(rounds, key=lambda r: (r is not None, r or 0)))[allowance:]
                if kept:
                    out._add(a, b, kept)
        return out

    def known_rounds(self, players: Iterable[Hashable]) -> list[int]:
        """Distinct dated rounds in which two of ``players`` met, oldest first."""
        field = set(players)
        out: set[int] = set()
        for a in field:
            for b, rounds in self._met.get(a, {}).items():
                if b != a and b in field:
                    out.update(r for r in rounds if r is not None)
        return sorted(out)

    def _counts_in_order(self, order: Sequence[Hashable], forgive_through: int | None) -> Iterable[dict[int, int]]:
        """``_index_counts``, made one player at a time: a graph built in one pass never holds them all."""
        if self._count is not None:
            return self._index_counts(order, forgive_through)
        index = {p: i for i, p in enumerate(order)}
        return (self._counts_of(a, i, index, forgive_through) if index[a] == i else {} for i, a in enumerate(order))

    def _counts_of(
        self, a: Hashable, i: int, index: Mapping[Hashable, int], forgive_through: int | None
    ) -> dict[int, int]:
        """How often ``a`` (at ``i``) met each player of ``index``, by index (never-met left out)."""
        mine: dict[int, int] = {}
        for b, rounds in self._met.get(a, {}).items():
            j = index.get(b)
            if j is None or j == i:
                continue
            c = len(rounds) if forgive_through is None else sum(1 for r in rounds if r is None or r > forgive_through)
            if c:
                mine[j] = c
        return mine

    def _index_counts(self, order: Sequence[Hashable], forgive_through: int | None) -> list[dict[int, int]]:
        n = len(order)
        counts: list[dict[int, int]] = [{} for _ in range(n)]
        if self._count is not None:
            for i in range(n):
                for j in range(i + 1, n):
                    c = int(self._count(order[i], order[j]))
                    if c:
                        counts[i][j] = counts[j][i] = c
            return counts
        index = {p: i for i, p in enumerate(order)}
        for a, i in index.items():
            counts[i] = self._counts_of(a, i, index, forgive_through)
        return counts


# ---------------------------------------------------------------------------------------
# Byes and starts


def assign_bye(order: Sequence[P], byes_count: Mapping[P, int] | None = None) -> P | None:
    """The bye (輪空) of an odd field: the lowest-ranked player among those with the fewest byes."""
    if len(order) % 2 == 0:
        return None
    counts = byes_count or {}
    fewest = min(counts.get(p, 0) for p in order)
    return next(p for p in reversed(order) if counts.get(p, 0) == fewest)


def assign_starts(pairs: Iterable[tuple[P, P]], firsts_count: Mapping[P, int], draw: Draw) -> list[tuple[P, P]]:
    """Order each pair as (starts, replies) (先手/後手): the player who has started fewer games
    starts; equal counts are drawn. The draw is consumed once per tied pair, in pair order."""
    out: list[tuple[P, P]] = []
    for a, b in pairs:
        fa, fb = firsts_count.get(a, 0), firsts_count.get(b, 0)
        if fa < fb or (fa == fb and draw.below(2) == 0):
            out.append((a, b))
        else:
            out.append((b, a))
    return out


# ---------------------------------------------------------------------------------------
# Simple methods


def king_of_the_hill(order: Sequence[P], byes_count: Mapping[P, int] | None = None) -> Pairings[P]:
    """King of the hill: 1v2, 3v4, … by the current standings, no adjustment even for repeats."""
    bye = assign_bye(order, byes_count)
    rest = [p for p in order if p != bye]
    return Pairings(tuple((rest[i], rest[i + 1]) for i in range(0, len(rest), 2)), bye)


def top_half_vs_bottom_half(order: Sequence[P], byes_count: Mapping[P, int] | None = None) -> Pairings[P]:
    """Round 1 of an Australian-draw event: 1 plays n/2+1, 2 plays n/2+2, … (by rating or seed)."""
    bye = assign_bye(order, byes_count)
    rest = [p for p in order if p != bye]
    half = len(rest) // 2
    return Pairings(tuple((rest[i], rest[i + half]) for i in range(half)), bye)


def round_robin(players: Sequence[P], double: bool = False) -> list[Pairings[P]]:
    """Round robin (循環賽) by the FIDE Berger tables; pairs are (starts, replies).

    Berger tables (FIDE Handbook C.05 Annex 1; e.g. 6 players: 1-6 2-5 3-4 / 6-4 5-3 1-2 /
    2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1). With m seats (players, plus a bye seat when
    odd, which is the highest number), round r (0-based) puts seat m against seat
    (r·m/2 mod (m−1)) + 1, who starts in odd-numbered rounds; on table t ≥ 2 seat
    ((t−1 + r·m/2) mod (m−1)) + 1 starts against seat ((m−t + r·m/2) mod (m−1)) + 1.
    A double round robin repeats the cycle with starts swapped; as FIDE recommends, the last
    two rounds of the first cycle are exchanged so nobody starts three times running at the
    turn.
    """
    if len(players) < 2:
        return []
    seats: list[P | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    m = len(seats)
    cycle: list[list[tuple[P | None, P | None]]] = []
    for r in range(m - 1):
        off = r * (m // 2)
        p1 = off % (m - 1) + 1
        tables = [(p1, m) if r % 2 == 0 else (m, p1)]
        for t in range(2, m // 2 + 1):
            tables.append(((t - 1 + off) % (m - 1) + 1, (m - t + off) % (m - 1) + 1))
        cycle.append([(seats[a - 1], seats[b - 1]) for a, b in tables])
    if double:
        if len(cycle) >= 2:
            cycle[-2], cycle[-1] = cycle[-1], cycle[-2]
        cycle = cycle + [[(b, a) for a, b in rnd] for rnd in cycle]
    out: list[Pairings[P]] = []
    for rnd in cycle:
        pairs = []
        bye = None
        for a, b in rnd:
            if a is None:
                bye = b
            elif b is None:
                bye = a
            else:
                pairs.append((a, b))
        out.append(Pairings(tuple(pairs), bye))
    return out


def fontes_groups(n: int, size: int) -> list[list[int]]:
    """InitFontes groups (TSH's ``InitFontes``: the first rounds of a Fontes Swiss played as
    round robins in groups of a theoretically even strength): seats 0..n-1 (seeded order, best
    first) dealt into G = n // size groups, seat k into group k mod G, so each group holds one
    player of each size-th of the field. As liwords' ``getInitialFontesPairings`` does, the r
    seats left over when size does not divide n go to the last group, spread over the field (at
    n // (r+1), then every n // r seats). A field smaller than one group is one group."""
    count = n // size
    if count < 2:
        return [list(range(n))]
    left = n - count * size
    extra: set[int] = set()
    if left:
        offset, spacing = n // (left + 1), n // left
        extra = {offset + k * spacing for k in range(left)}
    groups: list[list[int]] = [[] for _ in range(count)]
    g = 0
    for i in range(n):
        if i in extra:
            groups[-1].append(i)
        else:
            groups[g].append(i)
            g = (g + 1) % count
    return groups


# ---------------------------------------------------------------------------------------
# Maximum matching in a general graph (Edmonds' blossom algorithm)
#
# Vertices are 0..n-1; ``adj[v]`` lists v's neighbours; ``alive[v]`` False removes v.
# ``mate[v]`` is v's partner or -1. This is the textbook BFS formulation with blossom
# contraction through a ``base`` array (O(V^3) overall, O(V·E)-ish per search in practice).


def _lca(a: int, b: int, base: list[int], mate: list[int], parent: list[int]) -> int:
    """The base of the blossom closed by edge a–b, or -1 if a and b lie in different trees."""
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == -1:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        if mate[b] == -1:
            return -1
        b = parent[mate[b]]


def _mark_path(
    v: int, b: int, child: int, base: list[int], mate: list[int], parent: list[int], blossom: set[int]
) -> None:
    while base[v] != b:
        blossom.add(base[v])
        blossom.add(base[mate[v]])
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def _contract(
    v: int,
    to: int,
    cur: int,
    base: list[int],
    mate: list[int],
    parent: list[int],
    used: list[bool],
    queue: list[int],
    tree: list[int],
) -> None:
    blossom: set[int] = set()
    _mark_path(v, cur, to, base, mate, parent, blossom)
    _mark_path(to, cur, v, base, mate, parent, blossom)
    for i in tree:  # only touched vertices can lie in the blossom
        if base[i] in blossom:
            base[i] = cur
            if not used[i]:
                used[i] = True
                queue.append(i)


def _augment(
    root: int, adj: list[list[int]], mate: list[int], alive: list[bool], failed_tree: list[int] | None = None
) -> bool:
    """Search an augmenting path from exposed ``root``; apply it and return True if found.
    On failure the vertices of the (Hungarian) tree are added to ``failed_tree``."""
    # Neighbours are tried from the bottom of the standings up: a path through low-ranked
    # players leaves the top of the (lexicographic) greedy matching as it was, so the
    # lexicographic pass rarely has to search at all.
    # A free neighbour is the shortest path of all, and in a roomy field the usual one.
    for to in reversed(adj[root]):
        if alive[to] and mate[to] == -1 and to != root:
            mate[root], mate[to] = to, root
            return True
    n = len(mate)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]
    tree = [root]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in reversed(adj[v]):
            if not alive[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                _contract(v, to, _lca(v, to, base, mate, parent), base, mate, parent, used, queue, tree)
            elif parent[to] == -1:
                parent[to] = v
                tree.append(to)
                if mate[to] == -1:
                    while to != -1:
                        pv = parent[to]
                        nxt = mate[pv]
                        mate[to] = pv
                        mate[pv] = to
                        to = nxt
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
                tree.append(mate[to])
    if failed_tree is not None:
        failed_tree.extend(tree)
    return False


def _even_vertices(adj: list[list[int]], mate: list[int], alive: list[bool]) -> list[bool]:
    """Gallai–Edmonds D: the players some maximum matching leaves unpaired, i.e. the even
    vertices of the alternating forest grown from every unpaired player. ``mate`` must be a
    maximum matching of the alive vertices (so no edge joins two different trees)."""
    n = len(mate)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    queue = [v for v in range(n) if alive[v] and mate[v] == -1]
    for v in queue:
        used[v] = True
    tree = list(queue)
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adj[v]:
            if not alive[to] or base[v] == base[to] or mate[v] == to:
                continue
            if mate[to] == -1 or parent[mate[to]] != -1:
                cur = _lca(v, to, base, mate, parent)
                if cur == -1:  # pragma: no cover - an augmenting path: mate was not maximum
                    raise AssertionError("matching is not maximum")
                _contract(v, to, cur, base, mate, parent, used, queue, tree)
            elif parent[to] == -1:
                parent[to] = v
                tree.append(to)
                used[mate[to]] = True
                queue.append(mate[to])
                tree.append(mate[to])
    return used


class _Row:
    """The neighbours of one vertex in a ``_Sparse`` graph, ascending (or descending with
    ``reversed``), generated on demand: searches mostly stop at the first few. A vertex that
    may meet few others (a big club kept apart) keeps its short list instead."""

    __slots__ = ("n", "out", "listed")

    def __init__(self, n: int, out: set[int]) -> None:
        self.n, self.out = n, out
        self.listed: list[int] | None = [j for j in range(n) if j not in out] if 4 * len(out) > n else None

    def __iter__(self) -> Iterator[int]:
        if self.listed is not None:
            return iter(self.listed)
        out = self.out
        return (j for j in range(self.n) if j not in out)

    def __reversed__(self) -> Iterator[int]:
        if self.listed is not None:
            return reversed(self.listed)
        out = self.out
        return (j for j in range(self.n - 1, -1, -1) if j not in out)

    def from_(self, start: int) -> Iterator[int]:
        if self.listed is not None:
            return iter(self.listed[bisect_left(self.listed, start) :])
        out = self.out
        return (j for j in range(start, self.n) if j not in out)


class _Sparse:
    """A draw's graph by its complement: everybody may meet everybody except ``blocked[v]``
    (v itself, past opponents over the allowance, club mates), a few per player. Nothing of
    size n² is built; ``adj[v]`` is a ``_Row``."""

    __slots__ = ("n", "blocked", "rows")

    def __init__(self, n: int, blocked: list[set[int]]) -> None:
        self.n, self.blocked = n, blocked
        self.rows: list[_Row | None] = [None] * n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, v: int) -> _Row:
        row = self.rows[v]
        if row is None:
            row = self.rows[v] = _Row(self.n, self.blocked[v])
        return row


def _maximum_matching(adj: list[list[int]] | _Sparse, alive: list[bool]) -> list[int]:
    n = len(adj)
    mate = [-1] * n
    # Greedy in index order first: in a roomy field it is already perfect, and then it is
    # also exactly the lexicographically first pairing. (A vertex below v still unpaired found
    # nobody free, v included, so it cannot be v's neighbour: v's partner lies above v.)
    for v in range(n):
        if alive[v] and mate[v] == -1:
            for w in adj[v].from_(v + 1) if isinstance(adj, _Sparse) else adj[v]:
                if alive[w] and mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break
    # One pass suffices: a vertex with no augmenting path never gains one later, and the
    # tree of a failed search (a Hungarian tree) takes no part in any later augmenting path,
    # so it is set aside for the rest of the pass (Edmonds).
    searching = list(alive)
    for v in range(n):
        if searching[v] and mate[v] == -1:
            failed: list[int] = []
            if not _augment(v, adj, mate, searching, failed):
                for w in failed:
                    searching[w] = False
    return mate


def _lexicographic_matching(
    adj: list[list[int]], blocked: list[set[int]], allow_bad: bool
) -> list[tuple[int, int]] | None:
    """The lexicographically first pairing of 0..n-1 (n even) using edges of ``adj`` only
    ("good" pairs; ``blocked[i]`` is the complement of ``adj[i]``), or None if there is none;
    with ``allow_bad``, the lexicographically first of those using the fewest other ("bad")
    pairs.

    Lexicographic: vertex 0 gets the lowest partner that still allows an optimal completion,
    then the lowest vertex left, and so on. With M a maximum matching of the good graph on the
    vertices S left (size ν), the fewest bad pairs for S is |S|/2 − ν, because leftover
    vertices can always be paired with each other by bad pairs. Pairing (i, j) keeps the
    optimum iff the rest has a good matching of ν − 1 (good pair) or ν (bad pair).
    """
    n = len(adj)
    alive = [True] * n
    mate = _maximum_matching(adj, alive)
    nu = sum(1 for v in mate if v != -1) // 2
    bad_left = n // 2 - nu
    if bad_left and not allow_bad:
        return None
    pairs: list[tuple[int, int]] = []
    for i in range(n):
        if alive[i]:
            nu, bad_left = _pair_next(i, adj, blocked, mate, alive, nu, bad_left, pairs)
    return pairs


def _pair_next(
    i: int,
    adj: list[list[int]],
    blocked: list[set[int]],
    mate: list[int],
    alive: list[bool],
    nu: int,
    bad_left: int,
    pairs: list[tuple[int, int]],
) -> tuple[int, int]:
    """Give i its partner; returns the new (ν, bad pairs still needed).

    M is a maximum matching of the good graph G on the players left. First i is taken out:
    only its partner a can then start an augmenting path, so one search tells whether some
    optimal matching leaves i out (ν(G − i) = ν, "i missable"; never when M is perfect).
    Then a partner j keeps the optimum iff ν(G − i − j) is ν − 1 for a good pair or ν for a
    bad one (possible only when i is missable and bad pairs are still needed). The first
    candidate is tried directly, again with at most one search (from j's partner). If it
    fails, a single Gallai–Edmonds pass decides every other candidate at once: with D' the
    players some maximum matching of G − i leaves out, a good j must lie outside D' when i is
    missable and inside it otherwise, and a bad j inside it.
    """
    n = len(adj)
    alive[i] = False
    a = mate[i]
    nu_i = nu
    if a != -1:
        mate[a] = mate[i] = -1
        if not bad_left or not _augment(a, adj, mate, alive):
            nu_i = nu - 1
    missable = nu_i == nu

    def allowed(j: int) -> bool:
        return alive[j] and (j not in blocked[i] or (missable and bad_left > 0))

    def take(j: int) -> bool:
        """Pair i with j if that keeps the optimum (M updated); else leave M as it was."""
        target = nu - 1 if j not in blocked[i] else nu
        alive[j] = False
        size = nu_i
        b = mate[j]
        if b != -1:
            mate[b] = mate[j] = -1
            size -= 1
            if size < target and _augment(b, adj, mate, alive):
                size += 1
        if size == target:
            pairs.append((i, j))
            return True
        alive[j] = True
        return False

    first = next((j for j in range(i + 1, n) if allowed(j)), None)
    if first is None:  # pragma: no cover - some partner always keeps the optimum
        raise AssertionError("no partner found")
    saved = mate[:]
    if take(first):
        return nu - (first not in blocked[i]), bad_left - (first in blocked[i])
    mate[:] = saved
    even = _even_vertices(adj, mate, alive)
    for j in range(first + 1, n):
        if allowed(j) and ((even[j] != missable) if j not in blocked[i] else even[j]):
            break
    else:  # pragma: no cover - the optimum always has a completion
        raise AssertionError("no partner found")
    if not take(j):  # pragma: no cover - guaranteed by the Gallai–Edmonds decomposition
        raise AssertionError("lost the optimum")
    return nu - (j not in blocked[i]), bad_left - (j in blocked[i])


# ---------------------------------------------------------------------------------------
# The drawn methods


def _graph(
    n: int, counts: Iterable[dict[int, int]], club: list[set[int]], allowance: int
) -> tuple[_Sparse, list[set[int]]]:
    """Who may be drawn against whom: the graph (by its complement) and the complements.
    ``counts``: each player's meetings by index, in order (read once)."""
    blocked: list[set[int]] = []
    for i, ci in zip(range(n), counts):
        out = {j for j, c in ci.items() if c > allowance}
        # A same-club pair counts as one meeting more, never forgiven by round.
        out.update(j for j in club[i] if ci.get(j, 0) + 1 > allowance)
        out.add(i)
        blocked.append(out)
    return _Sparse(n, blocked), blocked


def _draw(
    order: Sequence[P], meetings: Meetings, allowance: int, forbidden: Callable[[P, P], bool] | None
) -> Pairings[P]:
    """Lexicographically first draw of an even field, relaxing as the rules say when needed."""
    n = len(order)
    club: list[set[int]] = [set() for _ in range(n)]
    if forbidden is not None:
        for i in range(n):
            for j in range(i + 1, n):
                if forbidden(order[i], order[j]):
                    club[i].add(j)
                    club[j].add(i)

    def finish(pairs: list[tuple[int, int]], relaxation: Relaxation | None) -> Pairings[P]:
        if relaxation is not None:
            full = meetings._index_counts(order, None)
            repeats = tuple(
                RepeatedPair(order[i], order[j], full[i].get(j, 0), j in club[i])
                for i, j in pairs
                if full[i].get(j, 0) + (j in club[i]) > allowance
            )
            relaxation = Relaxation(relaxation.forgave_through, relaxation.fewest_repeats, repeats)
        return Pairings(tuple((order[i], order[j]) for i, j in pairs), None, relaxation)

    strict = _lexicographic_matching(
        *_graph(n, meetings._counts_in_order(order, None), club, allowance), allow_bad=False
    )
    if strict is not None:
        return finish(strict, None)

    # Forgive the oldest rounds' meetings, one round more at a time (binary search: forgiving
    # more only adds pairs). The latest round is never forgiven, so nobody is drawn straight
    # back against last round's opponent while any other draw exists.
    rounds = meetings.known_rounds(order)[:-1]

    def attempt(k: int) -> list[tuple[int, int]] | None:
        counts = meetings._counts_in_order(order, rounds[k])
        return _lexicographic_matching(*_graph(n, counts, club, allowance), allow_bad=False)

    if rounds and _has_perfect(n, meetings._counts_in_order(order, rounds[-1]), club, allowance):
        lo, hi = 0, len(rounds) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if _has_perfect(n, meetings._counts_in_order(order, rounds[mid]), club, allowance):
                hi = mid
            else:
                lo = mid + 1
        return finish(attempt(lo) or [], Relaxation(forgave_through=rounds[lo]))

    fewest = _lexicographic_matching(
        *_graph(n, meetings._counts_in_order(order, None), club, allowance), allow_bad=True
    )
    return finish(fewest or [], Relaxation(fewest_repeats=True))


def _has_perfect(n: int, counts: Iterable[dict[int, int]], club: list[set[int]], allowance: int) -> bool:
    adj, _ = _graph(n, counts, club, allowance)
    mate = _maximum_matching(adj, [True] * n)
    return all(v != -1 for v in mate)


def australian_draw(
    order: Sequence[P],
    history: object = (),
    repeats_allowed: int = 0,
    byes_count: Mapping[P, int] | None = None,
    forbidden: Callable[[P, P], bool] | None = None,
) -> Pairings[P]:
    """Australian draw (澳洲式瑞士制) of ``order`` (current standings, best first).

    ``history``: see ``Meetings.of``. ``repeats_allowed``: a pair may be drawn if it met at
    most this many times (TSH's "repeats" argument: 0 = no repeats). ``forbidden(a, b)``:
    pairs to keep apart (same club), treated like one meeting more. An odd field first gives
    the bye (``assign_bye``). When no draw meets the rules, the oldest rounds' meetings are
    forgiven first, then the draw with the fewest pairs over the allowance is taken; the
    returned ``relaxation`` says which.
    """
    bye = assign_bye(order, byes_count)
    rest = [p for p in order if p != bye]
    drawn = _draw(rest, Meetings.of(history), repeats_allowed, forbidden)
    return Pairings(drawn.pairs, bye, drawn.relaxation)


def random_pairing(
    players: Sequence[P],
    history: object,
    draw: Draw,
    repeats_allowed: int = 0,
    byes_count: Mapping[P, int] | None = None,
    forbidden: Callable[[P, P], bool] | None = None,
) -> Pairings[P]:
    """Random pairing (電腦隨機) without repeats: the bye as usual (``players`` in standings
    order), then the Australian draw of a seeded shuffle of the rest, so the same relaxations
    apply when a repeat-free pairing does not exist. Pairs are in shuffled order; who starts
    is for ``assign_starts``."""
    bye = assign_bye(players, byes_count)
    rest = draw.shuffled([p for p in players if p != bye])
    drawn = _draw(rest, Meetings.of(history), repeats_allowed, forbidden)
    return Pairings(drawn.pairs, bye, drawn.relaxation)


def lexicographic_first(
    order: Sequence[P], allowed: Callable[[P, P], bool], fewest_bad: bool = False
) -> list[tuple[P, P]] | None:
    """The engine alone, for other competitions: the lexicographically first pairing of an
    even ``order`` using allowed pairs only (None if there is none), or with ``fewest_bad``
    the lexicographically first among those using the fewest disallowed pairs.
    ``allowed`` must be symmetric."""
    n = len(order)
    adj = [[j for j in range(n) if j != i and allowed(order[i], order[j])] for i in range(n)]
    blocked = [set(range(n)).difference(a) for a in adj]
    pairs = _lexicographic_matching(adj, blocked, allow_bad=fewest_bad)
    return None if pairs is None else [(order[i], order[j]) for i, j in pairs]


__all__ = [
    "Meetings",
    "Pairings",
    "Relaxation",
    "RepeatedPair",
    "assign_bye",
    "assign_starts",
    "australian_draw",
    "fontes_groups",
    "king_of_the_hill",
    "lexicographic_first",
    "random_pairing",
    "round_robin",
    "top_half_vs_bottom_half",
]
