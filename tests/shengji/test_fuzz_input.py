"""Whatever staff type in the Seating and Boards cells, processing gives problems, never a
traceback, and never seats a round from rows with errors."""

from __future__ import annotations

import datetime
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.competition import Shengji
from ttools.problems import has_errors
from ttools.workbook.read import Book, SheetData

CELL = st.one_of(
    st.none(),
    st.integers(-300, 300),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        [
            "NS",
            "EW",
            "X",
            "ns",
            "ＮＳ",
            "37",
            "1:7x",
            "5:07",
            "0:01:07",
            "pair",
            "tractor1",
            "throw-pair",
            "=A1",
            "#N/A",
            " ",
            "南北",
            "tractor２",
            "60/40",
            "A+/A-",
            "A=",
            "１００/0",
            "101/0",
            "A+/",
            "12.5",
        ]
    ),
    st.text(max_size=6),
    st.sampled_from([datetime.time(0, 1, 7), datetime.time(1, 7), True]),
)


def _book(seating, boards) -> Book:
    event = [["key", "value"], ["competition", "shengji"], ["seed", "fuzz"], ["boards_per_round", 2]]
    players = [["id", "name"]] + [[i, f"P{i}"] for i in range(1, 10)]
    sheets = {
        "Event": SheetData("Event", event),
        "Players": SheetData("Players", players),
        "Seating": SheetData("Seating", [[c.key for c in S.SEATING.columns]] + seating),
        "Boards": SheetData("Boards", [[c.key for c in S.BOARDS.columns]] + boards),
    }
    return Book("fuzz.xlsx", sheets, list(sheets))


GOOD_SEATING = (
    [[1, 1, "NESW"[i], i + 1] for i in range(4)] + [[1, 2, "NESW"[i], i + 5] for i in range(4)] + [[1, "", "", 9]]
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(CELL, min_size=len(S.BOARDS.columns), max_size=len(S.BOARDS.columns)), max_size=6),
    st.lists(st.lists(CELL, min_size=4, max_size=4), max_size=3),
)
def test_any_cells_give_problems_not_a_traceback(boards, extra_seating):
    outcome = Shengji().process(_book(GOOD_SEATING + extra_seating, boards))
    assert outcome.summary is not None
    if has_errors(outcome.problems):
        assert not any(s["round"] == 2 for s in outcome.summary.get("seating", []))
    with tempfile.TemporaryDirectory() as tmp:
        outcome.writer(str(Path(tmp) / "out.xlsx"))


def test_a_round_or_table_number_far_out_of_range_is_a_problem_not_a_hang():
    # 1e30 is a whole number to Excel; a round that large must not make ttools deal 10^30 rounds
    seating = GOOD_SEATING + [[1e30, 1, "N", 9], [1, 10**9, "N", 9]]
    boards = [[10**12, 1, 1, "NS", 40] + [None] * 7]
    outcome = Shengji().process(_book(seating, boards))
    found = {(p.code, p.cell) for p in outcome.problems}
    assert ("number-too-large", "A11") in found and ("number-out-of-range", "B12") in found
    assert ("number-out-of-range", "A2") in found
    assert {r for r, _b in outcome.results.deals} == {1}
    assert "deals" not in outcome.summary  # round 1 is not played yet: its cards stay private
