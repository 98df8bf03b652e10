"""The ranking: mean rate, then the time tie-break, then a lot flagged for the chief referee."""

from __future__ import annotations

from fractions import Fraction

from ttools.competitions.shengji.ranking import Record, standings, time_tiebreak
from ttools.core.draw import Draw


def test_time_tiebreak_for_a_player_with_six_boards():
    # 6 boards: 300, 250, 410, 275, 190, 330 s. Drop the longest (410) and the shortest (190):
    # (300 + 250 + 275 + 330) / 4 = 1155 / 4 = 288.75 s
    assert time_tiebreak([300, 250, 410, 275, 190, 330]) == Fraction(1155, 4)
    # "two and two": drop 410, 330 and 190, 250: (300 + 275) / 2 = 287.5 s
    assert time_tiebreak([300, 250, 410, 275, 190, 330], drop=2) == Fraction(575, 2)
    # too few boards to drop any: all of them
    assert time_tiebreak([100, 200]) == 150
    assert time_tiebreak([]) is None


def _rec(pid, rates, time=None):
    r = Record(pid, [Fraction(x) for x in rates])
    r.time = None if time is None else Fraction(time)
    return r


def test_rank_by_rate_then_time_then_lot():
    recs = [
        _rec("A", ["1/2"], 300),
        _rec("B", ["3/4"], 500),
        _rec("C", ["1/2"], 280),
        _rec("D", ["1/2"], 300),
        _rec("E", []),
    ]
    ranked = standings(recs, ("time", "lot"), Draw("seed", "lot"))
    assert [x.item.id for x in ranked][:2] == ["B", "C"]
    assert {x.item.id for x in ranked[2:4]} == {"A", "D"} and all(x.by_lot for x in ranked[2:4])
    assert [x.rank for x in ranked] == [1, 2, 3, 4, 5]
    assert ranked[-1].item.id == "E" and not ranked[-1].by_lot  # no board: last, no lot
    # without lots, A and D share 3rd
    ranked = standings(recs, ("time",), None)
    assert [x.rank for x in ranked] == [1, 2, 3, 3, 5]


def test_the_same_ranking_whatever_the_input_order():
    recs = [_rec(p, ["1/2"], 300) for p in "ABCDEF"]
    a = [x.item.id for x in standings(recs, ("time", "lot"), Draw("s", "lot"))]
    b = [x.item.id for x in standings(recs[::-1], ("time", "lot"), Draw("s", "lot"))]
    assert a == b


def test_with_printed_ranking_rates_that_print_the_same_are_equal_and_time_decides():
    # 58.4133% and 58.414% both print 58.41%: equal on rate, so the time (200 s before 300 s) decides
    a = _rec("A", ["584133/1000000"], 300)
    b = _rec("B", ["58414/100000"], 200)
    ranked = standings([a, b], ("time", "lot"), Draw("s", "lot"), rate_ranking="printed")
    assert [x.item.id for x in ranked] == ["B", "A"] and ranked[1].decided_by == 1  # by time


def test_player_19_ranks_above_player_6_by_the_exact_rate():
    # 9/23 = 39.1304 % and 601/1536 = 39.1276 % both print 39.13; player 6 was faster. By the
    # exact mean (the default) 19 is above, decided by the rate; ranked as printed, time decides.
    p19 = _rec("19", ["9/23"], 300)
    p6 = _rec("6", ["601/1536"], 200)
    ranked = standings([p6, p19], ("time", "lot"), Draw("s", "lot"))
    assert [x.item.id for x in ranked] == ["19", "6"] and ranked[1].decided_by == 0
    ranked = standings([p6, p19], ("time", "lot"), Draw("s", "lot"), rate_ranking="printed")
    assert [x.item.id for x in ranked] == ["6", "19"] and ranked[1].decided_by == 1
