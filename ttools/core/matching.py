"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm), exact on integers.

A port of Joris van Rantwijk's ``mwmatching.py`` (public domain, 2008; the same code networkx's
``max_weight_matching`` is built on), which follows Z. Galil, "Efficient algorithms for finding
maximum matching in graphs", ACM Computing Surveys 18 (1986) 23–38. O(n³) per call. Its nested
functions became the methods of ``_Solver``; the algorithm, its names and its comments are his.

It starts from a greedy matching of the heaviest edges (see ``_Solver``), which leaves a large
field of near-ideal pairs only a few stages to run. Dual variables are kept doubled (``dual[v]`` is twice the LP dual of v), so integer weights give
integer arithmetic throughout. The duals are returned with the matching: together they prove the
matching optimal, and a caller that solved parts of a graph separately can check the edges
between the parts against them (an edge with ``dual[i] + dual[j] >= 2 * w`` cannot improve it).

``Matching`` (not in the original) keeps a run's whole state so that the graph can be changed and
the matching completed again from where it stood, at the cost of the augmentations the change
needs rather than a new solve (the Swiss's lexicographic order settles a field of a thousand
players that way).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence


class _Solver:
    """The state of one run: vertices 0..n-1, blossoms n..2n-1."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], top: int | None) -> None:
        self.n, self.edges = n, list(edges)
        nedge = len(edges)
        maxweight = max([0, *(w for _i, _j, w in edges)]) if top is None else top
        # endpoint[p] is the vertex of endpoint p; edge k has endpoints 2k and 2k+1
        self.endpoint = [edges[p // 2][p % 2] for p in range(2 * nedge)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]  # remote endpoints of v's edges
        for k, (i, j, _w) in enumerate(edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        self.mate = [-1] * n  # remote endpoint of v's matched edge, or -1
        self.label = [0] * (2 * n)  # 0 free, 1 S (outer), 2 T (inner), top-level blossoms and vertices
        self.labelend = [-1] * (2 * n)  # remote endpoint of the edge through which b got its label
        self.inblossom = list(range(n))  # the top-level blossom of vertex v
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)  # least-slack edge to a different S-blossom
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dual = [maxweight] * n + [0] * n
        self.allowedge = [False] * nedge  # edges known to have zero slack
        self.queue: list[int] = []
        self.gone = [False] * n  # vertices taken out of the graph (see Matching.remove)
        self.lowered: set[int] | None = None  # when a set: the vertices whose dual went down
        # when a dict: each blossom made since, with the scale and its leaves' duals and children then
        self.formed: dict[int, tuple[int, dict[int, tuple[int, int]]]] | None = None
        self.scale = 1
        # A warm start (not in the original): the edges as heavy as the starting duals are tight,
        # so a greedy matching of them, in the order given, keeps every invariant of the
        # algorithm (all duals equal, matched edges tight, no blossom) and saves its stages.
        mate = self.mate
        for k, (i, j, w) in enumerate(edges):
            if w == maxweight and mate[i] == -1 and mate[j] == -1:
                mate[i], mate[j] = 2 * k + 1, 2 * k

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        """The vertices of b, in the order of its children (depth first, without recursion: a
        blossom nested a hundred deep would cost a generator frame per level for each vertex)."""
        n = self.n
        if b < n:
            return [b]
        out, stack = [], [b]
        childs = self.blossomchilds
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                stack.extend(reversed(childs[t] or ()))
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        """Label w (and its top-level blossom) t, reached through endpoint p; a T-blossom's
        base's mate becomes S."""
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            base = self.blossombase[b]
            m = self.mate[base]
            w, t, p = self.endpoint[m], 1, m ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w to find a new blossom's base, or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1  # the root of an alternating tree
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        """Make the blossom with this base, closed by edge k, and relabel and requeue its leaves."""
        v, w, _wt = self.edges[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb, bv, bw = inblossom[base], inblossom[v], inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.blossomchilds[b], self.blossomendps[b] = path, endps
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        record: dict[int, tuple[int, int]] | None = {} if self.formed is not None else None
        for leaf in self.leaves(b):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)  # a former T-vertex becomes an S-vertex
            if record is not None:
                record[leaf] = (self.dual[leaf], inblossom[leaf])
            inblossom[leaf] = b
        if self.formed is not None and record is not None:
            self.formed[b] = (self.scale, record)
        self._blossom_best_edges(b, path)

    def _blossom_best_edges(self, b: int, path: list[int]) -> None:
        """The least-slack edges from the new blossom b to each other S-blossom."""
        inblossom = self.inblossom
        bestedgeto: dict[int, int] = {}
        for bv in path:
            if self.blossombestedges[bv] is None:
                nblists = [[p // 2 for p in self.neighbend[v]] for v in self.leaves(bv)]
            else:
                nblists = [self.blossombestedges[bv] or []]
            for nblist in nblists:
                for k in nblist:
                    i, j, _w = self.edges[k]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (bj not in bestedgeto or self.slack(k) < self.slack(bestedgeto[bj]))
                    ):
                        bestedgeto[bj] = k
            self.blossombestedges[bv] = None
            self.bestedge[bv] = -1
        best = [bestedgeto[x] for x in sorted(bestedgeto)]
        self.blossombestedges[b] = best
        self.bestedge[b] = -1
        for k in best:
            if self.bestedge[b] == -1 or self.slack(k) < self.slack(self.bestedge[b]):
                self.bestedge[b] = k

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Undo blossom b: its children become top-level (recursively at the end of a stage for
        those whose dual is zero); mid-stage, a T-blossom's children are relabelled."""
        childs = self.blossomchilds[b] or []
        for s in childs:
            self.blossomparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for v in self.leaves(s):
                    self.inblossom[v] = s
        if not endstage and self.label[b] == 2:
            self._relabel_expanded(b, childs)
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)

    def _relabel_expanded(self, b: int, childs: list[int]) -> None:
        """Relabel the children of an expanded T-blossom along the even path from its entry
        child to its base; the others become free or keep a T label."""
        endpoint, label, endps = self.endpoint, self.label, self.blossomendps[b] or []
        entrychild = self.inblossom[endpoint[self.labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        p = self.labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            self.assign_label(endpoint[p ^ 1], 2, p)
            self.allowedge[endps[j - endptrick] // 2] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            self.allowedge[p // 2] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        self.labelend[endpoint[p ^ 1]] = self.labelend[bv] = p
        self.bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == 1:  # already labelled S through another path
                j += jstep
                continue
            found = next((v for v in self.leaves(bv) if label[v] != 0), None)
            if found is not None:  # reached from outside the blossom: keep it T
                label[found] = 0
                label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                self.assign_label(found, 2, self.labelend[found])
            j += jstep

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges along the even path from v to b's base; v becomes the base."""
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs, endps = self.blossomchilds[b] or [], self.blossomendps[b] or []
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        endpoint = self.endpoint
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, endpoint[p ^ 1])
            self.mate[endpoint[p]] = p ^ 1
            self.mate[endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]

    def augment_matching(self, k: int) -> None:
        """Augment along the path through edge k between two S-vertices."""
        v, w, _wt = self.edges[k]
        endpoint, inblossom, labelend = self.endpoint, self.inblossom, self.labelend
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break  # reached the root of the tree
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    def scan(self) -> bool:
        """Grow the alternating trees along tight edges from the queued S-vertices; True once a
        matching was augmented."""
        label, inblossom, endpoint = self.label, self.inblossom, self.endpoint
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbend[v]:
                k = p // 2
                w = endpoint[p]
                if inblossom[v] == inblossom[w]:
                    continue
                kslack = 0
                if not self.allowedge[k]:
                    kslack = self.slack(k)
                    if kslack <= 0:
                        self.allowedge[k] = True
                if self.allowedge[k]:
                    if label[inblossom[w]] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif label[inblossom[w]] == 1:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == 0:
                        label[w] = 2
                        self.labelend[w] = p ^ 1
                elif label[inblossom[w]] == 1:
                    b = inblossom[v]
                    if self.bestedge[b] == -1 or kslack < self.slack(self.bestedge[b]):
                        self.bestedge[b] = k
                elif label[w] == 0:
                    if self.bestedge[w] == -1 or kslack < self.slack(self.bestedge[w]):
                        self.bestedge[w] = k
        return False

    def dual_step(self, perfect: bool = False) -> bool:
        """Change the duals by the largest delta that keeps them feasible and act on what became
        tight; False when the stage is over (the free vertices' duals reached zero; ``perfect``:
        no augmenting path can be made, so no perfect matching exists)."""
        n, label, inblossom, dual = self.n, self.label, self.inblossom, self.dual
        delta: float
        deltatype, delta, deltaedge, deltablossom = 1, min(dual[:n]), -1, -1
        if perfect:  # a perfect matching is sought: the duals of free vertices have no floor
            deltatype, delta = -1, float("inf")
        for v in range(n):
            if label[inblossom[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if d < delta:
                    delta, deltatype, deltaedge = d, 2, self.bestedge[v]
        for b in range(2 * n):
            if self.blossomparent[b] == -1 and label[b] == 1 and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2  # even: both ends are S-vertices
                if d < delta:
                    delta, deltatype, deltaedge = d, 3, self.bestedge[b]
        for b in range(n, 2 * n):
            if self.blossombase[b] >= 0 and self.blossomparent[b] == -1 and label[b] == 2 and dual[b] < delta:
                delta, deltatype, deltablossom = dual[b], 4, b
        if deltatype == -1:
            return False
        step = int(delta)  # an int all along: only the perfect search's bound was a float
        lowered = self.lowered
        for v in range(n):
            lab = label[inblossom[v]]
            if lab == 1:
                dual[v] -= step
                if lowered is not None and step:
                    lowered.add(v)
            elif lab == 2:
                dual[v] += step
        for b in range(n, 2 * n):
            if self.blossombase[b] >= 0 and self.blossomparent[b] == -1:
                if label[b] == 1:
                    dual[b] += step
                elif label[b] == 2:
                    dual[b] -= step
        if deltatype == 1:
            return False
        if deltatype in (2, 3):
            self.allowedge[deltaedge] = True
            i, j, _w = self.edges[deltaedge]
            if label[inblossom[i]] == 0:
                i, j = j, i
            self.queue.append(i)
        else:
            self.expand_blossom(deltablossom, False)
        return True

    def stage(self, perfect: bool = False) -> bool:
        """One stage: label every free vertex S and search until an augmentation (True) or none (False)."""
        n = self.n
        self.label[:] = [0] * (2 * n)
        self.bestedge[:] = [-1] * (2 * n)
        self.blossombestedges[n:] = [None] * n
        self.allowedge[:] = [False] * len(self.edges)
        self.queue[:] = []
        for v in range(n):
            if self.mate[v] == -1 and not self.gone[v] and self.label[self.inblossom[v]] == 0:
                self.assign_label(v, 1, -1)
        while True:
            if self.scan():
                break
            if not self.dual_step(perfect):
                return False
        for b in range(n, 2 * n):  # end of stage: expand S-blossoms whose dual is zero
            if self.blossomparent[b] == -1 and self.blossombase[b] >= 0 and self.label[b] == 1 and self.dual[b] == 0:
                self.expand_blossom(b, True)
        return True


class Duals:
    """The duals that prove a matching optimal: ``vertex[v]`` (doubled) and the blossoms left at
    the end with their (doubled) duals. ``slack(i, j, w)`` is an edge's reduced cost, doubled:
    no edge of weight w with a negative slack exists, and an edge that was not in the graph
    cannot improve the matching unless its slack is negative."""

    def __init__(self, solver: _Solver) -> None:
        n = solver.n
        self.vertex = solver.dual[:n]
        self.parent = solver.blossomparent
        self.top = [solver.inblossom[v] for v in range(n)]  # each vertex's outermost blossom (or itself)
        # each blossom's dual plus those of the blossoms around it, and its depth in them
        self.around = [0] * (2 * n)
        self.depth = [0] * (2 * n)
        for b in range(n, 2 * n):
            if solver.blossombase[b] >= 0 and self.parent[b] == -1:
                self._descend(b, solver, 0, 0)

    def _descend(self, b: int, solver: _Solver, above: int, depth: int) -> None:
        stack = [(b, above, depth)]
        while stack:
            b, above, depth = stack.pop()
            self.around[b], self.depth[b] = above + solver.dual[b], depth
            stack.extend((c, self.around[b], depth + 1) for c in solver.blossomchilds[b] or () if c >= solver.n)

    def outer(self, v: int) -> int:
        """The (doubled) dual of v's outermost blossom (0 when v is in none)."""
        t = self.top[v]
        return self.around[t] if t != v else 0

    def shared(self, i: int, j: int) -> int:
        """The (doubled) duals of every blossom holding both i and j."""
        if self.top[i] != self.top[j] or self.top[i] == i:
            return 0
        a, b = self.parent[i], self.parent[j]
        depth, parent = self.depth, self.parent
        while depth[a] > depth[b]:
            a = parent[a]
        while depth[b] > depth[a]:
            b = parent[b]
        while a != b:
            a, b = parent[a], parent[b]
        return self.around[a]

    def slack(self, i: int, j: int, w: int) -> int:
        plain = self.vertex[i] + self.vertex[j] - 2 * w
        return plain if plain >= 0 else plain + 2 * self.shared(i, j)


class Matching:
    """A maximum-weight matching kept with its whole state (duals, blossoms), so that it can be
    changed — edges added, the weights at one vertex raised, vertices taken out — and made
    perfect again from where it stood: each change costs an augmentation or a few, not a solve.

    A change only loosens the proof: a vertex inside a blossom is first freed by dissolving the
    blossoms around it (their duals move onto their vertices, which keeps every edge feasible;
    the matched edge that left a blossom with a positive dual is no longer tight and is
    unmatched); a freed vertex's dual is raised until its edges are feasible again. ``complete``
    then runs the primal-dual stages from the free vertices (with no floor on their duals: a
    perfect matching is sought) until the matching is perfect again, and optimal for the
    weights as they now are. Integers throughout: when the free vertices' duals differ in
    parity, every weight and dual is doubled (``scale``), which halves nothing that was exact."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], top: int | None = None) -> None:
        self._s = s = _Solver(n, edges, top)
        self.scale = 1
        # the blossoms made by the last complete(), as the solver records them
        self.formed: dict[int, tuple[int, dict[int, tuple[int, int]]]] = {}
        self._order: dict[int, dict[tuple[int, int], list[tuple[int, int]]]] = {}
        self._index = {(min(i, j), max(i, j)): k for k, (i, j, _w) in enumerate(edges)}
        s.formed = {}  # every pair's slack starts at 2 * top - 2 * w, not negative
        if n:
            for _ in range(n):
                if not s.stage():
                    break
        self.formed, s.formed = s.formed, None

    # --- reading -------------------------------------------------------------------------

    def mate(self, v: int) -> int:
        m = self._s.mate[v]
        return self._s.endpoint[m] if m >= 0 else -1

    def mates(self) -> list[int]:
        return [self.mate(v) for v in range(self._s.n)]

    def dual(self, v: int) -> int:
        """v's (doubled, scaled) dual."""
        return self._s.dual[v]

    def has_edge(self, i: int, j: int) -> bool:
        return (min(i, j), max(i, j)) in self._index

    def slack(self, i: int, j: int, w: int) -> int:
        """The reduced cost of a pair of weight w (in the edge list or not), doubled and scaled:
        negative where it could improve the matching, zero where an optimal matching may use it."""
        s = self._s
        plain = s.dual[i] + s.dual[j] - 2 * w * self.scale
        if s.inblossom[i] != s.inblossom[j] or s.inblossom[i] == i:
            return plain
        around = set()
        b = s.blossomparent[i]
        while b != -1:
            around.add(b)
            b = s.blossomparent[b]
        shared, b = 0, s.blossomparent[j]
        while b != -1:
            if b in around:
                shared += s.dual[b]
            b = s.blossomparent[b]
        return plain + 2 * shared

    def fresh_pairs(self, v: int, bucket: Callable[[int], int], bounds: Sequence[int]) -> list[tuple[int, int, int]]:
        """The players j whose innermost common blossom with v the last complete() (or the
        first solve) made, and whose duals then summed to less than ``bounds[bucket(j)]`` (a
        doubled weight, unscaled), each as (j, that sum, the scale then). Such a pair has had
        the slack it had then, when the blossom's dual was zero, ever since; the others inside
        a blossom with v kept the slack they had before."""
        s, formed, orders = self._s, self.formed, self._order
        parent = s.blossomparent
        out = []
        b = parent[v]
        while b != -1:
            made = formed.get(b)
            if made is not None:
                scale, record = made
                order = orders.get(b)
                if order is None:
                    order = orders[b] = {}
                    for leaf, (d, c) in record.items():
                        order.setdefault((bucket(leaf), c), []).append((d, leaf))
                    for items in order.values():
                        items.sort()
                dv, child = record[v]
                for (g, c), members in order.items():
                    if c == child:
                        continue  # their innermost common blossom with v is inside that child
                    limit = bounds[g] * scale - dv
                    for d, j in members:
                        if d >= limit:
                            break
                        out.append((j, dv + d, scale))
            b = parent[b]
        return out

    def top(self, v: int) -> int:
        """v's outermost blossom (v itself when it is in none)."""
        return self._s.inblossom[v]

    def add_edges(self, edges: Iterable[tuple[int, int, int]]) -> None:
        """New edges (not in the graph yet); one that would break the proof frees an end."""
        s = self._s
        for i, j, w in edges:
            if s.gone[i] or s.gone[j]:
                raise ValueError(f"edge {i}-{j}: a vertex taken out of the graph")
            k = len(s.edges)
            s.edges.append((i, j, w * self.scale))
            s.endpoint += [i, j]
            s.neighbend[i].append(2 * k + 1)
            s.neighbend[j].append(2 * k)
            s.allowedge.append(False)
            self._index[(min(i, j), max(i, j))] = k
            if self.slack(i, j, w) < 0:
                self._free(i)

    def reweigh(self, v: int, weight: Callable[[int], int]) -> None:
        """Give each edge of v the weight ``weight(other end)``."""
        self._dissolve(v)
        self._unmatch(v)
        s = self._s
        for p in s.neighbend[v]:
            i, j, _w = s.edges[p // 2]
            s.edges[p // 2] = (i, j, weight(s.endpoint[p]) * self.scale)
        self._raise(v)

    def remove(self, vertices: Iterable[int]) -> None:
        """Take vertices out of the graph (their partners become free)."""
        s = self._s
        for v in vertices:
            if s.gone[v]:
                continue
            self._dissolve(v)
            self._unmatch(v)
            for p in s.neighbend[v]:
                s.neighbend[s.endpoint[p]].remove(p ^ 1)
                i, j, _w = s.edges[p // 2]
                del self._index[(min(i, j), max(i, j))]
            s.neighbend[v] = []
            s.gone[v] = True

    def complete(self) -> set[int]:
        """Make the matching perfect again (on the vertices left), optimal for the weights as
        they are; the vertices whose duals went down, the only ones whose pairs outside the edge
        list may now have a negative slack. RuntimeError if the edges admit no perfect matching.

        ``formed`` then holds the blossoms made on the way: a pair inside a blossom keeps its
        slack while the blossom stands (its ends' duals and the blossom's move together), so a
        pair whose innermost common blossom is older than this call kept the slack it had."""
        s = self._s
        lowered: set[int] = set()
        s.lowered, s.formed = lowered, {}
        self.formed, self._order = s.formed, {}
        try:
            while True:
                free = [v for v in range(s.n) if s.mate[v] == -1 and not s.gone[v]]
                if not free:
                    return lowered
                if len({s.dual[v] & 1 for v in free}) > 1:
                    self._rescale()  # the stage halves slacks between free vertices' trees
                if not s.stage(perfect=True):
                    raise RuntimeError("the edges admit no perfect matching")
        finally:
            s.lowered = s.formed = None

    # --- the moves -----------------------------------------------------------------------

    def _unmatch(self, v: int) -> None:
        s = self._s
        m = s.mate[v]
        if m >= 0:
            s.mate[s.endpoint[m]] = -1
            s.mate[v] = -1

    def _dissolve(self, v: int) -> None:
        """Undo every blossom around v, outermost first, so that v stands alone."""
        s = self._s
        while s.inblossom[v] != v:
            b = s.inblossom[v]
            d = s.dual[b]
            if d:
                for leaf in s.leaves(b):
                    s.dual[leaf] += d  # edges inside keep their slack, edges leaving gain d
                s.dual[b] = 0
                self._unmatch(s.blossombase[b])  # its matched edge leaves b: no longer tight
            for c in s.blossomchilds[b] or ():
                s.blossomparent[c] = -1
                for leaf in s.leaves(c):
                    s.inblossom[leaf] = c
            s.label[b] = s.labelend[b] = -1
            s.blossomchilds[b] = s.blossomendps[b] = s.blossombestedges[b] = None
            s.blossombase[b] = -1
            s.bestedge[b] = -1
            s.unusedblossoms.append(b)

    def _raise(self, v: int) -> None:
        """Raise the dual of v (alone, free) until every edge of v is feasible."""
        s = self._s
        need = [2 * s.edges[p // 2][2] - s.dual[s.endpoint[p]] for p in s.neighbend[v]]
        s.dual[v] = max([s.dual[v], *need])

    def _free(self, v: int) -> None:
        self._dissolve(v)
        self._unmatch(v)
        self._raise(v)

    def _rescale(self) -> None:
        s = self._s
        s.edges = [(i, j, 2 * w) for i, j, w in s.edges]
        s.dual = [2 * d for d in s.dual]
        self.scale *= 2
        s.scale = self.scale


def max_weight_matching(
    n: int, edges: Sequence[tuple[int, int, int]], top: int | None = None
) -> tuple[list[int], Duals]:
    """A maximum-weight matching of vertices 0..n-1 on ``edges`` (i, j, integer weight), as
    (mate, duals): ``mate[v]`` is v's partner or -1, ``duals`` the proof (see ``Duals``).
    ``top`` (at least every weight; default the largest) is where every vertex dual starts."""
    solver = _Solver(n, edges, top)
    if n:  # even without edges: the stage brings a single vertex's dual to zero, as the proof needs
        for _ in range(n):
            if not solver.stage():
                break
    mate = [solver.endpoint[m] if m >= 0 else -1 for m in solver.mate]
    return mate, Duals(solver)


__all__ = ["Duals", "Matching", "max_weight_matching"]
