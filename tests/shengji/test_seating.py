"""Seating: round 1 at random, the snake by the ranking, sit-outs spread over the field."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.shengji.seating import first_round, seat_round, sit_outs, snake_individual, snake_pairs
from ttools.core.draw import Draw


def test_snake_for_16_players():
    order = [f"r{i}" for i in range(1, 17)]  # r1 is ranked 1st
    seats = {(s.table, s.seat): s.player for s in snake_individual(order, 2)}
    # table 1: ranks 1–4 in N, E, S, W order (1st and 3rd partner against 2nd and 4th)
    assert [seats[(1, d)] for d in "NESW"] == ["r1", "r2", "r3", "r4"]
    # table 2: ranks 5–8 in reverse: W 5, S 6, E 7, N 8
    assert [seats[(2, d)] for d in "WSEN"] == ["r5", "r6", "r7", "r8"]
    assert [seats[(3, d)] for d in "NESW"] == ["r9", "r10", "r11", "r12"]
    assert [seats[(4, d)] for d in "WSEN"] == ["r13", "r14", "r15", "r16"]


def test_snake_for_pairs_alternates_the_better_pairs_direction():
    members = {p: (f"{p}a", f"{p}b") for p in "ABCD"}
    seats = {(s.table, s.seat): s.player for s in snake_pairs(list("ABCD"), members, 2)}
    assert (seats[(1, "N")], seats[(1, "S")], seats[(1, "E")], seats[(1, "W")]) == ("Aa", "Ab", "Ba", "Bb")
    assert (seats[(2, "E")], seats[(2, "W")], seats[(2, "N")], seats[(2, "S")]) == ("Ca", "Cb", "Da", "Db")


def test_sit_outs_are_the_lowest_ranked_of_those_who_sat_out_least():
    order = list("ABCDEFG")
    assert sit_outs(order, 3, {}) == ["G", "F", "E"]
    assert sit_outs(order, 3, {"G": 1, "F": 1}) == ["E", "D", "C"]
    assert sit_outs(order, 3, {p: 1 for p in "CDEFG"}) == ["B", "A", "G"]


def test_round_one_is_seeded():
    ids = [str(i) for i in range(1, 22)]
    assert first_round(ids, "s") == first_round(list(reversed(ids)), "s")
    assert first_round(ids, "s") != first_round(ids, "t")


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 400), st.integers(2, 6), st.text(min_size=1, max_size=6))
def test_everyone_seated_once_per_round_and_sit_outs_spread(n, rounds, seed):
    ids = [str(i) for i in range(1, n + 1)]
    sat = Counter()
    seats = first_round(ids, seed)
    for rnd in range(1, rounds + 1):
        if rnd > 1:
            order = Draw(seed, f"test-ranking/{rnd}").shuffled(ids)  # any ranking at all
            seats = seat_round(order, rnd, sat)
        assert sorted(s.player for s in seats) == sorted(ids)  # everyone once
        tables = Counter(s.table for s in seats if s.table is not None)
        assert set(tables.values()) == {4} and sorted(tables) == list(range(1, n // 4 + 1))
        assert {(s.table, s.seat) for s in seats if s.table} == {(t, d) for t in tables for d in "NESW"}
        out = [s.player for s in seats if s.table is None]
        assert len(out) == n % 4
        sat.update(out)
        # no one sits out twice while another has not: counts never differ by more than one
        counts = [sat.get(p, 0) for p in ids]
        assert max(counts) - min(counts) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 200), st.integers(2, 5), st.text(min_size=1, max_size=6))
def test_pairs_sit_together_every_round_and_sit_outs_spread(pairs, rounds, seed):
    members = {f"P{k}": (f"P{k}a", f"P{k}b") for k in range(1, pairs + 1)}
    partner = {a: b for a, b in members.values()} | {b: a for a, b in members.values()}
    sat = Counter()
    seats = first_round(list(members), seed, members)
    for rnd in range(1, rounds + 1):
        if rnd > 1:
            seats = seat_round(Draw(seed, f"test-ranking/{rnd}").shuffled(list(members)), rnd, sat, members)
        assert sorted(s.player for s in seats) == sorted(p for ps in members.values() for p in ps)
        at = {(s.table, s.seat): s.player for s in seats if s.table}
        for t in {s.table for s in seats if s.table}:
            assert partner[at[(t, "N")]] == at[(t, "S")] and partner[at[(t, "E")]] == at[(t, "W")]
        out = {s.player[:-1] for s in seats if s.table is None}
        assert len(out) == pairs % 2
        sat.update(out)
        counts = [sat.get(p, 0) for p in members]
        assert max(counts) - min(counts) <= 1
