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
