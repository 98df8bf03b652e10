"""Times on the result slip: seconds, m:ss and the ways a slip writes them; anything else refused."""

from __future__ import annotations

import datetime

import pytest

from ttools.competitions.shengji.load import parse_time


@pytest.mark.parametrize(
    "typed, seconds",
    [
        (95, 95),
        ("95", 95),
        (95.0, 95),
        ("1:35", 95),
        ("１：３５", 95),
        ("0:01:35", 95),
        ("12:05", 725),
        ("5分07秒", 307),
        ("5分", 300),
        ("307秒", 307),
        ("5′07″", 307),
        ("5'07\"", 307),
        (" 5:07 ", 307),
        (datetime.time(0, 5, 7), 307),
        (datetime.timedelta(minutes=5, seconds=7), 307),
    ],
)
def test_times_read(typed, seconds):
    assert parse_time(typed) == seconds


@pytest.mark.parametrize("typed", ["1:7x", "1:7", "1:60", "abc", "5分70秒", "-5", "1.5", 1.5, "1:2:3:4", "", "分"])
def test_not_times(typed):
    with pytest.raises(ValueError):
        parse_time(typed)


def test_an_excel_time_of_an_hour_or_more_is_ambiguous():
    # 1:07 typed into a number cell is stored by Excel as 1 hour 7 minutes: which was meant is unknown
    with pytest.raises(OverflowError):
        parse_time(datetime.time(1, 7))
