"""The blossom matching against brute force on small random graphs, and its duals as a proof."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.core.matching import max_weight_matching


def _best(n: int, weight: dict[tuple[int, int], int]) -> int:
    """The largest total weight of any matching, by trying every one."""

    def best(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        v, rest = left[0], left[1:]
        out = best(rest)  # v unmatched
        for k, u in enumerate(rest):
            if (v, u) in weight:
                out = max(out, weight[(v, u)] + best(rest[:k] + rest[k + 1 :]))
        return out

    return best(tuple(range(n)))


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10), st.data())
def test_the_matching_is_as_heavy_as_the_best_and_its_duals_prove_it(n, data):
    weight = {}
    for i in range(n):
        for j in range(i + 1, n):
            if data.draw(st.booleans()):
                weight[(i, j)] = data.draw(st.integers(1, 20))
    edges = [(i, j, w) for (i, j), w in weight.items()]
    top = data.draw(st.sampled_from([None, 25]))
    mate, duals = max_weight_matching(n, edges, top)
    dual = duals.vertex
    assert all(mate[mate[v]] == v for v in range(n) if mate[v] >= 0)
    assert all((min(v, mate[v]), max(v, mate[v])) in weight for v in range(n) if mate[v] >= 0)
    total = sum(weight[(v, mate[v])] for v in range(n) if mate[v] > v)
    assert total == _best(n, weight)
    # the proof a caller checks: vertex duals non-negative, zero where unmatched
    assert all(d >= 0 for d in dual) and all(dual[v] == 0 for v in range(n) if mate[v] < 0)
    assert all(duals.slack(i, j, w) >= 0 for i, j, w in edges)
    assert all(duals.slack(v, mate[v], weight[(v, mate[v])]) == 0 for v in range(n) if mate[v] > v)


def test_a_blossom_is_needed_for_the_odd_cycle():
    # a triangle 0-1-2 with a tail 2-3: the best takes 0-1 and 2-3
    mate, _dual = max_weight_matching(4, [(0, 1, 6), (1, 2, 10), (0, 2, 5), (2, 3, 7)])
    assert mate == [1, 0, 3, 2]


def _best_perfect(vertices: tuple[int, ...], weight: dict[tuple[int, int], int]) -> int | None:
    """The heaviest perfect matching of these vertices, by trying every one (None: there is none)."""
    if not vertices:
        return 0
    v, rest = vertices[0], vertices[1:]
    out = None
    for k, u in enumerate(rest):
        if (min(v, u), max(v, u)) in weight:
            sub = _best_perfect(rest[:k] + rest[k + 1 :], weight)
            if sub is not None and (out is None or weight[(min(v, u), max(v, u))] + sub > out):
                out = weight[(min(v, u), max(v, u))] + sub
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 5), st.data())
def test_a_changed_matching_completed_again_is_as_heavy_as_the_best(half, data):
    """A complete graph on 2–10 vertices, some edges held back: the matching is solved, then
    changed as the Swiss changes it — edges added (some that would have improved it), the
    weights at a vertex raised, pairs of vertices taken out — and completed from where it
    stood; each time it is perfect, as heavy as the best perfect matching found by trying
    every one, and its slacks prove it (none negative, zero on every matched edge)."""
    from ttools.core.matching import Matching

    n = 2 * half
    weight = {(i, j): 1000 + data.draw(st.integers(0, 30)) for i in range(n) for j in range(i + 1, n)}
    held = {e for e in weight if data.draw(st.booleans()) and e != (0, 1)}
    m = Matching(n, [(i, j, w) for (i, j), w in sorted(weight.items()) if (i, j) not in held], 1100)
    left, graph = list(range(n)), {e: w for e, w in weight.items() if e not in held}
    for _ in range(data.draw(st.integers(1, 4))):
        move = data.draw(st.sampled_from(["add", "raise", "remove"]))
        if move == "add" and held:
            more = sorted(held)[: data.draw(st.integers(1, len(held)))]
            held -= set(more)
            graph.update({e: weight[e] for e in more})
            m.add_edges((i, j, weight[(i, j)]) for i, j in more)
        elif move == "raise":
            v = data.draw(st.sampled_from(left))
            bonus = {u: data.draw(st.integers(0, 40)) for u in left if u != v}
            for u in bonus:
                e = (min(u, v), max(u, v))
                weight[e] += bonus[u]
                if e in graph:
                    graph[e] = weight[e]
            m.reweigh(v, lambda u, v=v: weight[(min(u, v), max(u, v))])
        elif move == "remove" and len(left) > 2:
            a, b = data.draw(st.sampled_from(left)), None
            b = data.draw(st.sampled_from([u for u in left if u != a]))
            left = [u for u in left if u not in (a, b)]
            graph = {e: w for e, w in graph.items() if a not in e and b not in e}
            held = {e for e in held if a not in e and b not in e}
            m.remove([a, b])
        best = _best_perfect(tuple(left), graph)
        if best is None:
            continue  # the edges kept admit no perfect matching: complete() would say so
        m.complete()
        mates = {v: m.mate(v) for v in left}
        assert all(mates[mates[v]] == v and (min(v, mates[v]), max(v, mates[v])) in graph for v in left)
        assert sum(graph[(v, mates[v])] for v in left if v < mates[v]) == best
        assert all(m.slack(i, j, w) >= 0 for (i, j), w in graph.items())
        assert all(m.slack(v, mates[v], graph[(min(v, mates[v]), max(v, mates[v]))]) == 0 for v in left)
