"""Pairing methods: the rulebook's example, Berger tables, and the Australian draw against a
brute-force lexicographic search."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.core.draw import Draw
from ttools.core.pairing import (
    Meetings,
    Relaxation,
    RepeatedPair,
    assign_bye,
    assign_starts,
    australian_draw,
    king_of_the_hill,
    lexicographic_first,
    random_pairing,
    round_robin,
    top_half_vs_bottom_half,
)

SEED_STANDINGS = ["Chan Hok Hei", "Wong Siu Ki", "Wong Wai Ho", "Cheung Siu Kwan", "Lee Kwan Yee", "Ho Ka Wai"]


# ---------------------------------------------------------------------------------------
# The rulebook's example (組合對手原則)


def test_seed_example_australian_draw_avoids_the_repeat():
    history = [(1, "Chan Hok Hei", "Wong Siu Ki")]
    drawn = australian_draw(SEED_STANDINGS, history)
    assert drawn.pairs == (
        ("Chan Hok Hei", "Wong Wai Ho"),
        ("Wong Siu Ki", "Cheung Siu Kwan"),
        ("Lee Kwan Yee", "Ho Ka Wai"),
    )
    assert drawn.bye is None and drawn.relaxation is None


def test_seed_example_king_of_the_hill_makes_no_adjustment():
    assert king_of_the_hill(SEED_STANDINGS).pairs == (
        ("Chan Hok Hei", "Wong Siu Ki"),
        ("Wong Wai Ho", "Cheung Siu Kwan"),
        ("Lee Kwan Yee", "Ho Ka Wai"),
    )


# ---------------------------------------------------------------------------------------
# Round robin: FIDE Berger tables


def test_berger_table_for_six_players_matches_fide():
    rounds = round_robin([1, 2, 3, 4, 5, 6])
    assert [r.pairs for r in rounds] == [
        ((1, 6), (2, 5), (3, 4)),
        ((6, 4), (5, 3), (1, 2)),
        ((2, 6), (3, 1), (4, 5)),
        ((6, 5), (1, 4), (2, 3)),
        ((3, 6), (4, 2), (5, 1)),
    ]


def test_berger_table_for_eight_players_matches_fide_round_two_and_seven():
    rounds = round_robin(list(range(1, 9)))
    assert rounds[1].pairs == ((8, 5), (6, 4), (7, 3), (1, 2))
    assert rounds[6].pairs == ((4, 8), (5, 3), (6, 2), (7, 1))


def test_odd_round_robin_gives_the_highest_number_as_bye():
    rounds = round_robin([1, 2, 3, 4, 5])
    assert rounds[0].pairs == ((2, 5), (3, 4)) and rounds[0].bye == 1
    assert sorted(r.bye for r in rounds) == [1, 2, 3, 4, 5]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=17), st.booleans())
def test_round_robin_everyone_meets_everyone_exactly_once_per_cycle(n, double):
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players, double=double)
    cycles = 2 if double else 1
    assert len(rounds) == cycles * (n - 1 + n % 2)
    met: Counter = Counter()
    starts: Counter = Counter()
    for r in rounds:
        seen = r.players()
        assert sorted(seen) == sorted(players)  # everyone exactly once, or the bye
        for a, b in r.pairs:
            met[frozenset((a, b))] += 1
            starts[(a, b)] += 1
    assert set(met) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(met.values()) == {cycles}
    if double:  # the second meeting swaps who starts
        for a, b in itertools.combinations(players, 2):
            assert starts[(a, b)] == starts[(b, a)] == 1


def test_double_round_robin_exchanges_the_last_two_rounds_of_the_first_cycle():
    single = round_robin([1, 2, 3, 4])
    double = round_robin([1, 2, 3, 4], double=True)
    assert double[:3] == [single[0], single[2], single[1]]
    assert [r.pairs for r in double[3:]] == [tuple((b, a) for a, b in r.pairs) for r in double[:3]]


# ---------------------------------------------------------------------------------------
# Byes, starts, simple methods


def test_bye_goes_to_lowest_ranked_among_fewest_byes():
    order = ["a", "b", "c", "d", "e"]
    assert assign_bye(order) == "e"
    assert assign_bye(order, {"e": 1}) == "d"
    assert assign_bye(order, {"e": 1, "d": 1, "c": 2, "b": 1}) == "a"
    assert assign_bye(order[:4]) is None


def test_fewer_starts_goes_first_and_equal_is_drawn():
    draw = Draw(1, "starts")
    assert assign_starts([("a", "b")], {"a": 3, "b": 2}, draw) == [("b", "a")]
    assert assign_starts([("a", "b")], {"a": 1, "b": 2}, draw) == [("a", "b")]
    drawn = {tuple(assign_starts([("a", "b")], {}, Draw(seed, "starts"))[0]) for seed in range(20)}
    assert drawn == {("a", "b"), ("b", "a")}
    again = [assign_starts([("a", "b"), ("c", "d")], {}, Draw(7, "r3")) for _ in range(2)]
    assert again[0] == again[1]


def test_king_of_the_hill_with_odd_field_pairs_the_rest_in_order():
    drawn = king_of_the_hill(["a", "b", "c", "d", "e"], {"e": 1})
    assert drawn.bye == "d"
    assert drawn.pairs == (("a", "b"), ("c", "e"))


def test_round_one_top_half_plays_bottom_half():
    drawn = top_half_vs_bottom_half(list("abcdefg"))
    assert drawn.bye == "g"
    assert drawn.pairs == (("a", "d"), ("b", "e"), ("c", "f"))


def test_meetings_from_mapping_and_callable():
    m = Meetings.of({("a", "b"): 2, frozenset(("a", "c")): [3]})
    assert m.count("b", "a") == 2 and m.count("a", "c") == 1 and m.count("b", "c") == 0
    assert m.count("a", "c", forgive_through=3) == 0
    assert m.count("a", "b", forgive_through=9) == 2  # undated meetings are never forgiven
    f = Meetings.of(lambda x, y: 1 if {x, y} == {"a", "b"} else 0)
    assert australian_draw(["a", "b", "c", "d"], f).pairs == (("a", "c"), ("b", "d"))


# ---------------------------------------------------------------------------------------
# Relaxations


def test_forgives_the_oldest_round_first():
    history = [(1, "a", "b"), (1, "c", "d"), (2, "a", "c"), (2, "b", "d"), (3, "a", "d"), (3, "b", "c")]
    drawn = australian_draw(["a", "b", "c", "d"], history)
    assert drawn.pairs == (("a", "b"), ("c", "d"))
    assert drawn.relaxation is not None
    assert drawn.relaxation.forgave_through == 1 and not drawn.relaxation.fewest_repeats
    assert drawn.relaxation.repeats == (RepeatedPair("a", "b", 1), RepeatedPair("c", "d", 1))
    codes = [p.code for p in drawn.relaxation.problems()]
    assert codes == ["draw-forgave-rounds", "draw-repeat", "draw-repeat"]


def test_the_latest_round_is_not_forgiven_while_fewest_repeats_does_better():
    # Only two players: they must meet again; that is the fewest repeats possible.
    drawn = australian_draw(["a", "b"], [(1, "a", "b"), (2, "a", "b")])
    assert drawn.pairs == (("a", "b"),)
    assert drawn.relaxation == Relaxation(None, True, (RepeatedPair("a", "b", 2),))


def test_repeats_allowed_lets_a_pair_meet_again():
    history = [(1, "a", "b")]
    assert australian_draw(["a", "b", "c", "d"], history, repeats_allowed=1).pairs == (("a", "b"), ("c", "d"))


def test_same_club_players_are_kept_apart_like_a_repeat():
    club = {"a": "X", "b": "X", "c": "Y", "d": "Y"}
    same = lambda x, y: club[x] == club[y]  # noqa: E731
    assert australian_draw(["a", "b", "c", "d"], (), forbidden=same).pairs == (("a", "c"), ("b", "d"))


def test_same_club_that_cannot_be_avoided_is_reported():
    club = {"a": "X", "b": "X", "c": "X", "d": "Y"}
    same = lambda x, y: club[x] == club[y]  # noqa: E731
    drawn = australian_draw(["a", "b", "c", "d"], (), forbidden=same)
    assert drawn.pairs == (("a", "b"), ("c", "d"))
    assert drawn.relaxation is not None and drawn.relaxation.fewest_repeats
    assert drawn.relaxation.repeats == (RepeatedPair("a", "b", 0, True),)
    assert [p.code for p in drawn.relaxation.problems()] == ["draw-fewest-repeats", "draw-same-club"]


def test_australian_draw_gives_the_bye_first():
    drawn = australian_draw(["a", "b", "c"], [(1, "a", "b")], byes_count={"c": 1})
    assert drawn.bye == "b" and drawn.pairs == (("a", "c"),)


def test_random_pairing_is_reproducible_and_repeat_free():
    players = [f"p{i}" for i in range(10)]
    history = [(1, f"p{i}", f"p{i + 1}") for i in range(0, 10, 2)]
    one = random_pairing(players, history, Draw(42, "A/r2"))
    two = random_pairing(players, history, Draw(42, "A/r2"))
    assert one == two and one.relaxation is None
    assert all(frozenset(p) not in {frozenset((a, b)) for _, a, b in history} for p in one.pairs)
    others = {random_pairing(players, history, Draw(s, "A/r2")).pairs for s in range(5)}
    assert len(others) > 1


# ---------------------------------------------------------------------------------------
# Against brute force


def _lex_first_brute(order, bad, allow_bad):
    """Enumerate pairings in lexicographic order (first unpaired player, partners in order);
    return the first with the fewest bad pairs (or the first with none)."""
    best = None

    def rec(left, acc, cost):
        nonlocal best
        if best is not None and (cost > best[0] or (not allow_bad and best[0] == 0)):
            return
        if not left:
            if best is None or cost < best[0]:
                best = (cost, list(acc))
            return
        i = left[0]
        for j in left[1:]:
            c = bad(i, j)
            if c and not allow_bad:
                continue
            acc.append((i, j))
            rec([x for x in left if x not in (i, j)], acc, cost + c)
            acc.pop()

    rec(list(order), [], 0)
    return None if best is None else best[1]


def _brute_australian_draw(order, triples, allowance, forbidden):
    def over(forgive):
        def bad(a, b):
            met = sum(1 for r, x, y in triples if {x, y} == {a, b} and (forgive is None or r > forgive))
            return int(met + (1 if forbidden(a, b) else 0) > allowance)

        return bad

    strict = _lex_first_brute(order, over(None), False)
    if strict is not None:
        return strict, None, False
    field = set(order)
    rounds = sorted({r for r, x, y in triples if x in field and y in field})[:-1]
    for k in rounds:
        found = _lex_first_brute(order, over(k), False)
        if found is not None:
            return found, k, False
    return _lex_first_brute(order, over(None), True), None, True


@st.composite
def events(draw):
    n = draw(st.integers(min_value=2, max_value=12))
    players = [f"p{i:02d}" for i in range(n)]
    triples = []
    for rnd in range(1, draw(st.integers(min_value=0, max_value=n + 2)) + 1):
        perm = draw(st.permutations(players))
        for k in range(0, n - 1, 2):
            if draw(st.integers(min_value=0, max_value=9)):  # now and then a game is missing
                triples.append((rnd, perm[k], perm[k + 1]))
    order = draw(st.permutations(players))
    clubs = draw(st.lists(st.sampled_from("XYZ-"), min_size=n, max_size=n))
    allowance = draw(st.sampled_from([0, 0, 0, 1]))
    return list(order), triples, dict(zip(players, clubs)), allowance


@settings(max_examples=150, deadline=None)
@given(events(), st.booleans())
def test_australian_draw_equals_brute_force_lexicographic_search(event, with_clubs):
    order, triples, club, allowance = event
    forbidden = (lambda a, b: club[a] == club[b] != "-") if with_clubs else (lambda a, b: False)
    drawn = australian_draw(order, triples, allowance, forbidden=forbidden if with_clubs else None)
    rest = [p for p in order if p != drawn.bye]
    assert drawn.bye == (order[-1] if len(order) % 2 else None)
    expected, forgave, fewest = _brute_australian_draw(rest, triples, allowance, forbidden)
    assert [tuple(p) for p in drawn.pairs] == [tuple(p) for p in expected]
    if drawn.relaxation is None:
        assert forgave is None and not fewest
        met = Counter(frozenset((a, b)) for _, a, b in triples)
        for a, b in drawn.pairs:  # no repeat beyond the allowance (a same-club pair counts one)
            assert met[frozenset((a, b))] + (with_clubs and forbidden(a, b)) <= allowance
    else:
        assert drawn.relaxation.forgave_through == forgave
        assert drawn.relaxation.fewest_repeats == fewest
    assert sorted(drawn.players()) == sorted(order)  # everyone once, or the bye


@settings(max_examples=60, deadline=None)
@given(events(), st.integers(0, 10**6))
def test_random_pairing_uses_everyone_once_and_repeats_only_when_it_says_so(event, seed):
    order, triples, _, allowance = event
    drawn = random_pairing(order, triples, Draw(seed, "r"), allowance)
    assert sorted(drawn.players()) == sorted(order)
    assert drawn.bye == (order[-1] if len(order) % 2 else None)
    met = Counter(frozenset((a, b)) for _, a, b in triples)
    over = [p for p in drawn.pairs if met[frozenset(p)] > allowance]
    if drawn.relaxation is None:
        assert over == []
    else:
        assert {frozenset((r.a, r.b)) for r in drawn.relaxation.repeats} == {frozenset(p) for p in over}


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=6).map(lambda k: 2 * k), st.data())
def test_engine_matches_brute_force_on_arbitrary_graphs(n, data):
    edges = data.draw(st.sets(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0)))))
    allowed = {frozenset(e) for e in edges if e[0] != e[1]}
    ok = lambda a, b: frozenset((a, b)) in allowed  # noqa: E731
    for fewest in (False, True):
        got = lexicographic_first(list(range(n)), ok, fewest_bad=fewest)
        want = _lex_first_brute(list(range(n)), lambda a, b: int(not ok(a, b)), fewest)
        assert got == want


@pytest.mark.parametrize("n", [40, 120])
def test_exhausted_round_robin_field_finds_the_only_draw_left(n):
    # After all but the last round of a round robin each player has one opponent left.
    rounds = round_robin([f"p{i}" for i in range(n)])
    triples = [(r + 1, a, b) for r, rnd in enumerate(rounds[:-1]) for a, b in rnd.pairs]
    order = Draw(n, "standings").shuffled(sorted({p for _, a, b in triples for p in (a, b)}))
    drawn = australian_draw(order, triples)
    assert drawn.relaxation is None
    assert {frozenset(p) for p in drawn.pairs} == {frozenset(p) for p in rounds[-1].pairs}
