"""avoid_repeats: never more repeats than the best arrangement found by brute force on small
fields, the plain snake whenever it repeats nothing, and over 7 rounds of 8–64 players everyone
seated once a round with no more repeats than the plain snake would have."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.shengji.seating import (
    History,
    _arrangements,
    avoid_repeats,
    block_repeats,
    history_of,
    snake_individual,
    snake_pairs,
)

MODES = ("partners", "partners+opponents")


def repeats(order, history: History, mode: str, per_table: int = 4) -> int:
    return sum(len(block_repeats(order[i : i + per_table], history, mode)) for i in range(0, len(order), per_table))


def brute_force(units, history: History, mode: str, per_table: int) -> int:
    """The fewest repeats of any seating of ``units``: every split into tables, every partnership."""
    if not units:
        return 0
    head, rest = units[0], units[1:]
    best = None
    for others in combinations(rest, per_table - 1):
        left = [u for u in rest if u not in others]
        here = min(len(block_repeats(b, history, mode)) for b in _arrangements((head,) + others))
        total = here + brute_force(left, history, mode, per_table)
        best = total if best is None else min(best, total)
    return best


def random_history(rng: random.Random, units: list[str], rounds: int, per_table: int) -> History:
    tables = []
    for _ in range(rounds):
        order = units[:]
        rng.shuffle(order)
        for i in range(0, len(order), per_table):
            block = order[i : i + per_table]
            if per_table == 4:
                tables.append(dict(zip("NESW", block)))
            else:
                tables.append({"N": block[0], "S": block[0], "E": block[1], "W": block[1]})
    return history_of(tables)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 4), mode=st.sampled_from(MODES))
def test_eight_players_never_more_repeats_than_brute_force(seed, rounds, mode):
    rng = random.Random(seed)
    players = [str(i) for i in range(1, 9)]
    history = random_history(rng, players, rounds, 4)
    order = players[:]
    rng.shuffle(order)
    got = avoid_repeats(order, history, mode)
    assert sorted(got) == sorted(order)
    assert repeats(got, history, mode) == brute_force(order, history, mode, 4)
    if repeats(order, history, mode) == 0:
        assert got == order  # nothing threatens: the plain snake


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 5))
def test_eight_pairs_never_more_repeats_than_brute_force(seed, rounds):
    rng = random.Random(seed)
    pairs = [f"P{i}" for i in range(1, 9)]
    history = random_history(rng, pairs, rounds, 2)
    order = pairs[:]
    rng.shuffle(order)
    got = avoid_repeats(order, history, "partners+opponents", per_table=2)
    assert sorted(got) == sorted(order)
    assert repeats(got, history, "partners+opponents", 2) == brute_force(order, history, "partners+opponents", 2)
    if repeats(order, history, "partners+opponents", 2) == 0:
        assert got == order
    # partners are fixed in the pairs format: only meeting again is a repeat
    assert avoid_repeats(order, history, "partners", per_table=2) == order


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(MODES))
def test_the_plain_snake_when_no_repeat_threatens(seed, mode):
    rng = random.Random(seed)
    players = [str(i) for i in range(1, 17)]
    order = players[:]
    rng.shuffle(order)
    # the history holds only tables of players the snake keeps apart: nothing it seats repeats
    tables = [order[i : i + 4] for i in range(0, 16, 4)]
    apart = [dict(zip("NESW", [tables[0][k], tables[1][k], tables[2][k], tables[3][k]])) for k in range(4)]
    history = history_of(apart)
    assert repeats(order, history, mode) == 0
    assert avoid_repeats(order, history, mode) == order


def _seven_rounds(n: int, seed: int, mode: str) -> None:
    rng = random.Random(seed)
    players = [str(i) for i in range(1, n + 1)]
    tables: list[dict[str, str]] = []
    for rnd in range(1, 8):
        order = players[:]
        rng.shuffle(order)  # a ranking after the round
        order = order[: n - n % 4]
        history = history_of(tables)
        got = avoid_repeats(order, history, mode)
        assert sorted(got) == sorted(order)
        assert repeats(got, history, mode) <= repeats(order, history, mode)
        if n == 8:
            assert repeats(got, history, mode) == brute_force(order, history, mode, 4)
        seats = snake_individual(got, rnd)
        assert len({s.player for s in seats}) == len(order)
        by_table: dict[int, dict[str, str]] = {}
        for s in seats:
            by_table.setdefault(s.table, {})[s.seat] = s.player
        tables += by_table.values()


@settings(max_examples=12, deadline=None)
@given(n=st.integers(8, 64), seed=st.integers(0, 10**6), mode=st.sampled_from(MODES))
def test_seven_rounds_of_8_to_64_players(n, seed, mode):
    _seven_rounds(n, seed, mode)


def test_repeats_go_where_the_plain_snake_repeated():
    # 8 players who partnered 1-3 and 2-4 in round 1: the same snake would partner them again
    history = history_of([dict(zip("NESW", "1234")), dict(zip("NESW", "5678"))])
    order = list("12345678")
    assert repeats(order, history, "partners") == 4
    got = avoid_repeats(order, history, "partners")
    assert repeats(got, history, "partners") == 0
    assert got[:4] == ["1", "2", "4", "3"] or sorted(got[:4]) == ["1", "2", "3", "4"]  # the snake's tables kept
    seats = snake_pairs(["A", "B"], {"A": ("1", "2"), "B": ("3", "4")}, 2)
    assert [s.seat for s in seats] == ["N", "E", "S", "W"]
