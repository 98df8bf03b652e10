"""Swiss by points: the card-game convention by hand, the issue's minimal case, the engine against
brute force for small fields and against one unsplit matching for fields of 8–64 over 7 rounds
(never more cross-group tables, never a larger points difference), no repeat over 7 rounds,
clubs apart, the Dutch order, every float named with why, and 对手分."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.core.draw import Draw
from ttools.core.pairing import Meetings
from ttools.core.standings import rank
from ttools.core.swiss import (
    ADJACENT,
    BLOCKED,
    DUTCH,
    FIELD,
    GROUP,
    ODD,
    _Field,
    _points_groups,
    more_is_better,
    opponent_score,
    swiss_pairing,
    swiss_round,
)


def _matchings(items: tuple) -> list[list[tuple]]:
    """Every perfect matching of ``items`` (brute force), each as pairs in order of the first."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for k, partner in enumerate(rest):
        for m in _matchings(rest[:k] + rest[k + 1 :]):
            out.append([(first, partner)] + m)
    return out


def _key(m, pos, pts, club, method=ADJACENT, club_first=True):
    """The criteria of a pairing, in the order the engine weighs them (smaller is better). The
    order inside a group: ``adjacent`` the lexicographically first in ranking order (each
    player's partner's rank, read in ranking order), ``dutch`` the smallest sum of squared
    distances from the Dutch partner."""
    groups = {}
    for p in sorted(pos, key=pos.get):
        groups.setdefault(pts.get(p, 0), []).append(p)
    rank_in = {p: k for g in groups.values() for k, p in enumerate(g)}
    clubs = sum(bool(club(a, b)) for a, b in m)
    floats = sum(pts.get(a, 0) != pts.get(b, 0) for a, b in m)
    diff = sum(abs(pts.get(a, 0) - pts.get(b, 0)) for a, b in m)
    order: object = 0
    if method == ADJACENT:
        partner = {a: b for pair in m for a, b in (pair, pair[::-1])}
        order = tuple(pos[partner[p]] for p in sorted(partner, key=pos.get))
    for a, b in m if method == DUTCH else ():
        if pts.get(a, 0) == pts.get(b, 0):
            order += (abs(rank_in[a] - rank_in[b]) - len(groups[pts.get(a, 0)]) // 2) ** 2
        else:
            order += (pos[a] - pos[b]) ** 2
    return (clubs, floats, diff, order) if club_first else (floats, clubs, diff, order)


def _brute_best(order, ok, pts=None, club=lambda a, b: False, method=ADJACENT, club_first=True):
    """The best repeat-free pairing's criteria, found by listing every pairing (None: none exists)."""
    pos = {p: i for i, p in enumerate(order)}
    keys = [
        _key(m, pos, pts or {}, club, method, club_first)
        for m in _matchings(tuple(order))
        if all(ok(a, b) for a, b in m)
    ]
    return min(keys) if keys else None


# ---------------------------------------------------------------------------------------
# By hand


def test_equal_points_meet_adjacent_ranks_and_an_odd_group_floats_its_lowest_pair():
    # ranking 1..6; points 4 4 4 2 2 2. Group {1,2,3}: 1–2, then 3 floats to the top of the
    # next group: 3–4, and 5–6.
    order = [1, 2, 3, 4, 5, 6]
    pts = dict(zip(order, [4, 4, 4, 2, 2, 2]))
    got = swiss_round(order, pts)
    assert (
        got.pairings.pairs == ((1, 2), (3, 4), (5, 6)) and got.pairings.bye is None and got.pairings.relaxation is None
    )
    assert [(f.high, f.low, f.reason, f.group) for f in got.floats] == [(3, 4, ODD, 4)]


def test_one_float_across_two_gaps_keeps_the_middle_group_together():
    # points 4 4 4 2 2 0: floating 3 to 4 and 5 to 6 makes two cross-group tables, 3–6 one
    # (the same points difference, 4): the 2-point group stays together.
    order = [1, 2, 3, 4, 5, 6]
    got = swiss_round(order, dict(zip(order, [4, 4, 4, 2, 2, 0])))
    assert got.pairings.pairs == ((1, 2), (3, 6), (4, 5))
    assert [(f.high, f.low, f.reason) for f in got.floats] == [(3, 6, ODD)]


def test_the_issues_minimal_case_keeps_the_winners_together():
    # 8 pairs after round 1: winners 1, 3, 5, 7 (5 and 7 of one club), losers 2, 4, 6, 8. The
    # winners pair among themselves (1–5, 3–7), the losers too; no table between the groups.
    order = [1, 3, 5, 7, 2, 4, 6, 8]
    pts = {p: 2 if p % 2 else 0 for p in order}
    club = {p: "X" if p in (5, 7) else f"C{p}" for p in order}
    history = [(1, 1, 2), (1, 3, 4), (1, 5, 6), (1, 7, 8)]
    got = swiss_round(order, pts, history, same_club=lambda a, b: club[a] == club[b])
    winners = {pair for pair in got.pairings.pairs if pts[pair[0]] == 2}
    assert winners in ({(1, 5), (3, 7)}, {(1, 7), (3, 5)}) and got.floats == ()
    assert all(pts[a] == pts[b] for a, b in got.pairings.pairs) and got.pairings.relaxation is None


def test_a_group_that_cannot_stay_together_names_its_floats_as_blocked():
    # 1–4 all 2 points, 1 met 2, 3 and 4; 5–8 on 0: 1 must meet a 0-point pair, and so must one
    # of 2–4 (two floats from an even group).
    order = list(range(1, 9))
    pts = {p: 2 if p <= 4 else 0 for p in order}
    got = swiss_round(order, pts, [(1, 1, 2), (2, 1, 3), (3, 1, 4)])
    assert len(got.floats) == 2 and {f.reason for f in got.floats} == {BLOCKED}
    assert any(f.high == 1 for f in got.floats) and all(f.group == 2 for f in got.floats)


def test_inside_a_group_the_lexicographically_first_pairing_in_ranking_order():
    # The spec's rule: six pairs on equal points, 3 has met 4 and 5. 1 takes 2 (the best-ranked
    # partner it may have), then 3 the best-ranked one left it has not met, 6; then 4–5. The
    # smallest sum of squared rank distances would pair 1–3, 2–4, 5–6 instead.
    order = [1, 2, 3, 4, 5, 6]
    got = swiss_round(order, {p: 2 for p in order}, [(1, 3, 4), (2, 3, 5)])
    assert got.pairings.pairs == ((1, 2), (3, 6), (4, 5)) and got.floats == ()


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
    # three of club A among four: one same-club pair is forced whatever the pairing, so adjacent
    # ranks meet (1–2, 3–4); the clash is listed for the pairing sheet.
    assert got.pairs == ((1, 2), (3, 4))
    assert [(r.a, r.b, r.same_club) for r in got.relaxation.repeats] == [(1, 2, True)]


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
@given(st.integers(1, 6), st.data(), st.sampled_from([ADJACENT, DUTCH]), st.sampled_from([FIELD, GROUP]))
def test_the_pairing_is_the_best_by_brute_force(half, data, method, scope):
    """Random points, earlier meetings and clubs on 2–12 players: the engine's pairing is as good
    as the best of every repeat-free pairing on every criterion in turn."""
    n = 2 * half
    order = list(range(n))
    scores = sorted(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), reverse=True)
    pts = dict(zip(order, scores))
    met = data.draw(
        st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda t: t[0] < t[1]), max_size=n * 2)
    )
    clubs = data.draw(st.lists(st.sampled_from("ABC"), min_size=n, max_size=n))
    same = lambda a, b: clubs[a] == clubs[b]  # noqa: E731
    ok = lambda a, b: (min(a, b), max(a, b)) not in met  # noqa: E731
    got = swiss_pairing(
        order, pts, history=[(1, a, b) for a, b in met], same_club=same, method=method, club_scope=scope
    )
    best = _brute_best(order, ok, pts, same, method, scope == FIELD)
    if best is None:
        assert got.relaxation is not None and (got.relaxation.forgave_through or got.relaxation.fewest_repeats)
        return
    assert all(ok(a, b) for a, b in got.pairs)
    assert _key(got.pairs, {p: p for p in order}, pts, same, method, scope == FIELD) == best


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


def _weight_of(field, pairs, weight=None):
    return sum((weight or field.weight)(i, j) for i, j in pairs)


def _unsplit_optimum(field, players=None, weight=None):
    """The whole field (or these players of it) as one maximum-weight matching (no blocks, no
    certificate, every allowed pair an edge), as (pairs, duals); pairs None if not perfect."""
    from ttools.core.matching import max_weight_matching

    weight = weight or field.weight
    players = sorted(range(field.n) if players is None else players)
    at = {p: k for k, p in enumerate(players)}
    edges = [(at[i], at[j], weight(i, j)) for i in players for j in players if i < j and not field.barred(i, j)]
    mate, duals = max_weight_matching(len(players), edges, top=field.top)
    if not all(m >= 0 for m in mate):
        return None, duals
    return [(players[k], players[m]) for k, m in enumerate(mate) if k < m], duals


def _lex_first_by_solving(field):
    """The lexicographically first of the pairings best by the criteria above the order, found
    the slow way: each player in ranking order tries its partners from the best-ranked down,
    and keeps the first one with which the players left still reach the best total (a fresh
    unsplit matching of the players left for each try). A partner whose table has a positive
    reduced cost in the first matching's duals is skipped untried: no optimal pairing uses it."""
    weight = field.weight_above_order
    best, duals = _unsplit_optimum(field, weight=weight)
    if best is None:
        return None
    left, total, out = set(range(field.n)), _weight_of(field, best, weight), []
    for i in range(field.n):
        if i not in left:
            continue
        for j in sorted(left - {i}):
            if j < i or field.barred(i, j) or duals.slack(i, j, weight(i, j)) > 0:
                continue
            rest, _d = _unsplit_optimum(field, left - {i, j}, weight)
            if rest is not None and _weight_of(field, rest, weight) + weight(i, j) == total:
                break
        else:
            raise AssertionError(f"player {i} has no partner in an optimal pairing")
        out.append((i, j))
        left -= {i, j}
        total -= weight(i, j)
    return out


def _play(n, rounds, method, scope, rnd, check):
    """Random results and clubs over ``rounds`` rounds; ``check(order, pts, history, same, got)`` each round."""
    players = list(range(n))
    clubs = {p: rnd.randrange(max(2, n // 4)) for p in players}
    same = lambda a, b: clubs[a] == clubs[b]  # noqa: E731
    pts: Counter = Counter({p: 0 for p in players})
    history: list[tuple[int, int, int]] = []
    byes: Counter = Counter()
    for rnd_no in range(1, rounds + 1):
        order = sorted(players, key=lambda p: (-pts[p], p))
        got = swiss_pairing(order, dict(pts), history, byes, same, method, scope)
        check(order, dict(pts), list(history), same, got)
        for a, b in got.pairs:
            history.append((rnd_no, a, b))
            w = rnd.choice((a, b, a, b, None))
            if w is None:
                pts[a] += 1
                pts[b] += 1
            else:
                pts[w] += 2
        if got.bye is not None:
            byes[got.bye] += 1
            pts[got.bye] += 2


def _field_of(order, pts, history, same, got, method, scope):
    rest = [p for p in order if p != got.bye]
    groups, values, _shown = _points_groups(rest, pts)
    counts = Meetings.of(history)._index_counts(rest, None)
    return rest, _Field(groups, values, counts, lambda i, j: same(rest[i], rest[j]), method, scope == FIELD, False)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(8, 64),
    st.sampled_from([ADJACENT, DUTCH]),
    st.sampled_from([FIELD, GROUP]),
    st.randoms(use_true_random=False),
)
def test_seven_rounds_on_random_fields_are_as_good_as_one_unsplit_matching(n, method, scope, rnd):
    """8–64 players, random clubs and results: each round's pairing (solved in blocks) weighs
    exactly what the whole field solved as one matching weighs, so it has no more cross-group
    tables and no larger points difference (nor more same-club tables) than the optimum; with
    ``adjacent`` it is the lexicographically first of those optima, as a slow search finds it."""

    def check(order, pts, history, same, got):
        if got.relaxation is not None and (got.relaxation.forgave_through or got.relaxation.fewest_repeats):
            return
        rest, field = _field_of(order, pts, history, same, got, method, scope)
        index = {p: i for i, p in enumerate(rest)}
        mine = [(index[a], index[b]) for a, b in got.pairs]
        weight = field.weight_above_order if method == ADJACENT else field.weight
        best, _duals = _unsplit_optimum(field, weight=weight)
        assert best is not None and _weight_of(field, mine, weight) == _weight_of(field, best, weight)
        if method == ADJACENT:
            assert sorted(mine) == _lex_first_by_solving(field)
        crossing = lambda ps: sum(field.group[i] != field.group[j] for i, j in ps)  # noqa: E731
        diff = lambda ps: sum(abs(field.values[field.group[i]] - field.values[field.group[j]]) for i, j in ps)  # noqa: E731
        assert crossing(mine) <= crossing(best) and diff(mine) <= diff(best)

    _play(n, 7, method, scope, rnd, check)


@settings(max_examples=12, deadline=None)
@given(st.integers(8, 12), st.randoms(use_true_random=False))
def test_seven_rounds_on_small_fields_against_brute_force(n, rnd):
    def check(order, pts, history, same, got):
        met = {frozenset((a, b)) for _r, a, b in history}
        rest = [p for p in order if p != got.bye]
        best = _brute_best(rest, lambda a, b: frozenset((a, b)) not in met, pts, same)
        if best is None:
            return
        assert _key(got.pairs, {p: i for i, p in enumerate(rest)}, pts, same) == best

    _play(n, 7, ADJACENT, FIELD, rnd, check)
