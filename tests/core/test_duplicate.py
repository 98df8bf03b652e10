"""Duplicate comparison (matchpoints, Neuberg): the bridge scorer's mathematics, on the
rulebook's and the bridge literature's own numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttools.core.duplicate import compare, matchpoints, mean, neuberg


def test_bridge_matchpoint_example():
    # 90, 0, −50, −50 on one board:
    #   90 beats 3 results:           2×3         = 6
    #    0 beats 2, equals none:      2×2         = 4
    #  −50 beats none, equals 1:      2×0 + 1×1   = 1  (twice)
    # rate = MP ÷ 2(n−1) = MP ÷ 6: 6/6 = 100%, 4/6 = 66.67%, 1/6 = 16.67%, 16.67%
    assert matchpoints([90, 0, -50, -50]) == [6, 4, 1, 1]
    rates = [c.rate for c in compare([90, 0, -50, -50])]
    assert rates == [Fraction(1), Fraction(2, 3), Fraction(1, 6), Fraction(1, 6)]
    assert [round(float(r) * 100, 2) for r in rates] == [100.0, 66.67, 16.67, 16.67]


def test_a_group_of_one_scores_fifty_percent():
    assert [(c.mp, c.top, c.rate) for c in compare([2])] == [(0, 0, Fraction(1, 2))]
    # with Neuberg against 7 due: (0 + 1) × 7/1 − 1 = 6 of 2×6 = 12: 50% again
    (only,) = compare([2], expected=7, use_neuberg=True)
    assert (only.mp, only.top, only.rate) == (6, 12, Fraction(1, 2))


def test_neuberg_board_played_six_times_where_seven_were_due():
    # Scores +3, +2, +1, +1, 0, −2 (6 results, 7 due). Raw MP on 6 results (top 2×5 = 10):
    #   +3: 2×5 = 10;  +2: 2×4 = 8;  +1: 2×2 + 1 = 5 (twice);  0: 2×1 = 2;  −2: 0
    # Neuberg F = (M + 1) × 7/6 − 1, top 2×6 = 12:
    #   +3: 11×7/6 − 1 = 71/6 = 11.83 → 98.61%;   +2: 9×7/6 − 1 = 19/2 = 9.5 → 79.17%
    #   +1: 6×7/6 − 1 = 6 → 50%;   0: 3×7/6 − 1 = 5/2 → 20.83%;   −2: 7/6 − 1 = 1/6 → 1.39%
    scores = [3, 2, 1, 1, 0, -2]
    assert matchpoints(scores) == [10, 8, 5, 5, 2, 0]
    out = compare(scores, expected=7, use_neuberg=True)
    assert [c.mp for c in out] == [Fraction(71, 6), Fraction(19, 2), 6, 6, Fraction(5, 2), Fraction(1, 6)]
    assert {c.top for c in out} == {12}
    assert [round(float(c.rate) * 100, 2) for c in out] == [98.61, 79.17, 50.0, 50.0, 20.83, 1.39]
    # off: compared among the 6 actual results only, top 10
    assert [c.rate for c in compare(scores, expected=7)] == [
        1,
        Fraction(8, 10),
        Fraction(5, 10),
        Fraction(5, 10),
        Fraction(2, 10),
        0,
    ]


def test_neuberg_matches_the_ebu_example():
    # a sole top among 10 results of 11 due: 19 × 1.1 − 1 = 19.9 of 20
    assert neuberg(18, 10, 11) == Fraction(199, 10)
    with pytest.raises(ValueError):
        neuberg(2, 5, 4)


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=40), st.integers(0, 10))
def test_rates_average_fifty_percent_with_or_without_neuberg(scores, extra):
    # every pair of results shares 2 units, so the mean rate of a group is exactly ½; Neuberg
    # keeps it: Σ F = Σ (M + 1) E/A − A = A(E − 1), a mean of ½ of the top 2(E − 1)
    n = len(scores)
    for out in (compare(scores), compare(scores, expected=n + extra, use_neuberg=True)):
        assert sum(c.rate for c in out) / n == Fraction(1, 2)
        assert all(0 <= c.rate <= 1 for c in out)
    better = compare(scores)
    for a, ca in zip(scores, better):
        for b, cb in zip(scores, better):
            assert (a > b) == (ca.mp > cb.mp) or a == b


def test_mean_rate():
    assert mean([Fraction(1), Fraction(1, 2)]) == Fraction(3, 4)
    assert mean([]) is None


@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=500), min_size=1, max_size=60))
def test_mean_over_a_common_denominator_is_the_plain_mean(rates):
    assert mean(rates) == sum(rates, Fraction(0)) / len(rates)
    assert mean([int(r) for r in rates]) == Fraction(sum(int(r) for r in rates), len(rates))


def test_whole_matchpoints_are_ints_and_equal_rates_are_shared():
    out = compare([3, 3, 1, 0])
    assert [c.mp for c in out] == [5, 5, 2, 0] and all(type(c.mp) is int for c in out)
    assert out[0].rate is out[1].rate == Fraction(5, 6)
