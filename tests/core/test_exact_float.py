"""The integer-only rounding used for report cells gives exactly float(round_half_up(...))."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ttools.core.exact import round_half_up, round_half_up_float


@given(
    st.fractions(max_denominator=10**6, min_value=-(10**6), max_value=10**6),
    st.sampled_from([1, 100]),
    st.integers(min_value=0, max_value=4),
)
def test_same_as_the_decimal_rounding(value, times, places):
    assert round_half_up_float(value, places, times) == float(round_half_up(value * times, places))


def test_halves_go_up_and_negatives_are_symmetric():
    assert round_half_up_float(Fraction(1, 200)) == 0.01
    assert round_half_up_float(Fraction(-1, 200)) == -0.01
    assert round_half_up_float(Fraction(2, 3), 2, times=100) == 66.67
    assert round_half_up_float(7) == 7.0
