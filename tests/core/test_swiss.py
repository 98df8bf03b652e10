"""Swiss by points: the card-game convention by hand, the engine against brute force for small
fields, no repeat over 7 rounds for 8–64 players, clubs apart, the Dutch order, and 对手分."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.core.draw import Draw
from ttools.core.pairing import lexicographic_first
from ttools.core.standings import rank
from ttools.core.swiss import ADJACENT, DUTCH, GROUP, more_is_better, opponent_score, swiss_pairing


def _matchings(items: tuple) -> list[list[tuple]]:
    """Every perfect matching of ``items`` (brute force), each as pairs in order of the first."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for k, partner in enumerate(rest):
        for m in _matchings(rest[:k] + rest[k + 1:]):
            out.append([(first, partner)] + m)
    return out


def _brute_first(order, ok, club=lambda a, b: False):
    """The repeat-free pairing with the fewest same-club pairs, then lexicographically first by
    rank positions — found by listing every pairing."""
    pos = {p: i for i, p in enumerate(order)}
    best = None
    for m in _matchings(tuple(order)):
        if not all(ok(a, b) for a, b in m):
            continue
        key = (sum(club(a, b) for a, b in m), [pos[b] for _a, b in m])
        if best is None or key < best[0]:
            best = (key, m)
    return None if best is None else best[1]


# ---------------------------------------------------------------------------------------
# By hand


def test_equal_points_meet_adjacent_ranks_and_an_odd_group_floats_its_lowest_pair():
    # ranking 1..6; points 4 4 4 2 2 0. Group {1,2,3}: 1–2, then 3 floats to the top of the
    # next group {4,5}: 3–4, and 5 floats to 6.
    order = [1, 2, 3, 4, 5, 6]
    pts = dict(zip(order, [4, 4, 4, 2, 2, 0]))
    got = swiss_pairing(order, pts)
    assert got.pairs == ((1, 2), (3, 4), (5, 6)) and got.bye is None and got.relaxation is None


def test_a_repeat_is_avoided_inside_the_group():
    # 1 met 2 in round 1: 1 takes 3 (next in rank), 2 takes 4.
    got = swiss_pairing([1, 2, 3, 4], {1: 2, 2: 2, 3: 2, 4: 2}, history=[(1, 1, 2), (1, 3, 4)])
    assert got.pairs == ((1, 3), (2, 4))


def test_the_feasibility_check_looks_ahead_where_a_greedy_pass_fails():
    # Greedy: 1–2, then 3 and 4 have met: stuck. The only repeat-free pairing is 1–3, 2–4.
    got = swiss_pairing([1, 2, 3, 4], history=[(1, 3, 4), (2, 1, 4)])
    assert got.pairs == ((1, 3), (2, 4)) and got.relaxation is None


def test_bye_to_the_lowest_ranked_pair_that_has_not_had_one():
    got = swiss_pairing([1, 2, 3, 4, 5], byes_count={5: 1})
    assert got.bye == 4 and got.pairs == ((1, 2), (3, 5))


def test_same_club_apart_even_across_groups():
    # 1 and 2 are of one club: 1 takes 3; 2 takes 4.
    club = {1: "A", 2: "A", 3: "B", 4: "C"}
    got = swiss_pairing([1, 2, 3, 4], same_club=lambda a, b: club[a] == club[b])
    assert got.pairs == ((1, 3), (2, 4)) and got.relaxation is None


def test_same_club_only_when_unavoidable_and_reported():
    club = {1: "A", 2: "A", 3: "A", 4: "B"}
    got = swiss_pairing([1, 2, 3, 4], same_club=lambda a, b: club[a] == club[b])
    # three of club A among four: one same-club pair is forced. 1 prefers 4 (other club), and
    # 2–3 follow; the clash is listed for the pairing sheet.
    assert got.pairs == ((1, 4), (2, 3))
    assert [(r.a, r.b, r.same_club) for r in got.relaxation.repeats] == [(2, 3, True)]


def test_club_scope_group_keeps_the_points_groups_together():
    # 1 and 2 (4 points) are of one club; 3 and 4 have 2 points.
    pts = {1: 4, 2: 4, 3: 2, 4: 2}
    club = {1: "A", 2: "A", 3: "B", 4: "C"}
    same = lambda a, b: club[a] == club[b]  # noqa: E731
    # field: clubs apart whenever possible, so both leaders meet a 2-point pair
    assert swiss_pairing([1, 2, 3, 4], pts, same_club=same).pairs == ((1, 3), (2, 4))
    # group: another club is only preferred inside the points group; 1 and 2 are alone in theirs
    got = swiss_pairing([1, 2, 3, 4], pts, same_club=same, club_scope=GROUP)
    assert got.pairs == ((1, 2), (3, 4)) and [(r.a, r.b) for r in got.relaxation.repeats] == [(1, 2)]
    # group, with another club in the group: 1 takes 3 (another club, same points) before 2
    pts = {1: 4, 2: 4, 3: 4, 4: 2}
    assert swiss_pairing([1, 2, 3, 4], pts, same_club=same, club_scope=GROUP).pairs == ((1, 3), (2, 4))
    with pytest.raises(ValueError):
        swiss_pairing([1, 2], club_scope="region")


def test_dutch_top_half_against_bottom_half_within_a_group():
    order = list(range(1, 9))
    got = swiss_pairing(order, {p: 0 for p in order}, method=DUTCH)
    assert got.pairs == ((1, 5), (2, 6), (3, 7), (4, 8))
    # an odd group of five: 1–3, 2–4, and 5 floats to the next group's top (6)
    pts = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 0, 7: 0, 8: 0}
    assert swiss_pairing(order, pts, method=DUTCH).pairs == ((1, 3), (2, 4), (5, 6), (7, 8))


def test_no_repeat_free_pairing_forgives_the_oldest_round():
    # four players after three rounds have all met: round 1's meetings are forgiven.
    history = [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4), (3, 1, 4), (3, 2, 3)]
    got = swiss_pairing([1, 2, 3, 4], history=history)
    assert got.pairs == ((1, 2), (3, 4))
    assert got.relaxation.forgave_through == 1 and {(r.a, r.b) for r in got.relaxation.repeats} == {(1, 2), (3, 4)}


def test_unknown_method_is_refused():
    with pytest.raises(ValueError):
        swiss_pairing([1, 2], method="monrad")


def test_opponent_score_is_the_sum_of_opponents_points():
    # A met B and C; B met A; C met A; D had a bye. Points A 4, B 2, C 0, D 2.
    # 对手分: A = 2 + 0 = 2; B = 4; C = 4; D = 0 (nobody met).
    pts = {"A": 4, "B": 2, "C": 0, "D": 2}
    opp = opponent_score({"A": ["B", "C"], "B": ["A"], "C": ["A"], "D": []}, pts)
    assert opp == {"A": 2, "B": 4, "C": 4, "D": 0}
    ranked = rank(list(pts), [more_is_better(pts), more_is_better(opp)], label=str)
    assert [r.item for r in ranked] == ["A", "B", "D", "C"]
    assert [r.decided_by for r in ranked] == [None, 0, 1, 0]


# ---------------------------------------------------------------------------------------
# Against brute force


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), st.data())
def test_adjacent_is_the_lexicographically_first_repeat_free_pairing(half, data):
    n = 2 * half
    order = list(range(n))
    met = data.draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda t: t[0] < t[1]), max_size=n * 2))
    clubs = data.draw(st.lists(st.sampled_from("ABC"), min_size=n, max_size=n))
    same = lambda a, b: clubs[a] == clubs[b]  # noqa: E731
    ok = lambda a, b: (min(a, b), max(a, b)) not in met  # noqa: E731
    got = swiss_pairing(order, history=[(1, a, b) for a, b in met])
    expected = _brute_first(order, ok)
    if expected is None:
        assert got.relaxation is not None
    else:
        assert list(got.pairs) == [tuple(p) for p in expected] == lexicographic_first(order, ok)
        assert got.relaxation is None
    with_clubs = swiss_pairing(order, history=[(1, a, b) for a, b in met], same_club=same)
    if expected is not None:
        assert all(ok(a, b) for a, b in with_clubs.pairs)
        best = _brute_first(order, ok, same)
        clashes = sum(same(a, b) for a, b in with_clubs.pairs)
        if sum(same(a, b) for a, b in best) == 0:
            # a club-free repeat-free pairing exists: it is found, and it is the first one
            assert clashes == 0 and list(with_clubs.pairs) == [tuple(p) for p in best]


@lru_cache(maxsize=None)
def _exists(mask: int, n: int, blocked: frozenset) -> bool:
    """Is there a repeat-free pairing of the players in ``mask`` (bit set)? Memoised search."""
    if mask == 0:
        return True
    i = (mask & -mask).bit_length() - 1
    rest = mask & ~(1 << i)
    for j in range(i + 1, n):
        if rest >> j & 1 and (i, j) not in blocked and _exists(rest & ~(1 << j), n, blocked):
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 64), st.sampled_from([ADJACENT, DUTCH]), st.randoms(use_true_random=False))
def test_seven_rounds_never_repeat_when_a_repeat_free_pairing_exists(n, method, rnd):
    """Random results for 7 rounds. Every round each player plays once or has the bye. Small
    fields are checked against an exhaustive search; from 22 players on, a repeat-free pairing
    always exists (the unmet graph of the n−1 ≥ 21 players left has minimum degree
    ≥ n − 2 − 7 ≥ (n−1)/2, so by Dirac's theorem it has a Hamiltonian cycle, hence a perfect
    matching), so none may be relaxed."""
    players = list(range(n))
    pts = Counter({p: 0 for p in players})
    history: list[tuple[int, int, int]] = []
    byes: Counter = Counter()
    for rnd_no in range(1, 8):
        order = sorted(players, key=lambda p: (-pts[p], p))
        got = swiss_pairing(order, dict(pts), history, byes, method=method)
        seen = [p for pair in got.pairs for p in pair] + ([got.bye] if got.bye is not None else [])
        assert sorted(seen) == players
        if got.bye is not None:
            assert byes[got.bye] == min(byes[p] for p in players)
        met = {frozenset((a, b)) for _r, a, b in history}
        repeats = [pair for pair in got.pairs if frozenset(pair) in met]
        if got.relaxation is None or not got.relaxation.repeats:
            assert repeats == []
        else:
            field = [p for p in order if p != got.bye]
            idx = {p: i for i, p in enumerate(field)}
            blocked = frozenset(tuple(sorted((idx[a], idx[b]))) for _r, a, b in history if a in idx and b in idx)
            assert n - 1 <= 20 and not _exists((1 << len(field)) - 1, len(field), blocked)
        for a, b in got.pairs:
            history.append((rnd_no, a, b))
            w = rnd.choice((a, b, None))
            if w is None:
                pts[a] += 1
                pts[b] += 1
            else:
                pts[w] += 2
        if got.bye is not None:
            byes[got.bye] += 1
            pts[got.bye] += 2


def test_round_one_order_comes_from_the_seed():
    order = Draw("s", "round1").shuffled(list(range(10)))
    assert swiss_pairing(order).pairs == tuple(zip(order[::2], order[1::2]))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.data())
def test_the_engine_takes_the_first_feasible_choice_along_any_preference_lists(half, data):
    """The matching-based engine against an exhaustive search: each player, lowest first, takes
    the first player of its (arbitrary) preference list that leaves a completable field."""
    from ttools.core.swiss import _first_feasible

    n = 2 * half
    allowed = [set() for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if data.draw(st.booleans()):
                allowed[i].add(j)
                allowed[j].add(i)
    ranks = [data.draw(st.permutations(range(n))) for _ in range(n)]

    def prefer(i, alive):
        return sorted((j for j in range(n) if alive[j] and j != i), key=lambda j: ranks[i][j])

    blocked = frozenset((i, j) for i in range(n) for j in range(i + 1, n) if j not in allowed[i])

    def brute() -> list[tuple[int, int]] | None:
        left = (1 << n) - 1
        if not _exists(left, n, blocked):
            return None
        pairs = []
        while left:
            i = (left & -left).bit_length() - 1
            alive = [bool(left >> k & 1) for k in range(n)]
            for j in prefer(i, alive):
                if j in allowed[i] and _exists(left & ~(1 << i) & ~(1 << j), n, blocked):
                    pairs.append((i, j))
                    left &= ~(1 << i) & ~(1 << j)
                    break
        return pairs

    assert _first_feasible(n, allowed, prefer) == brute()
