"""What keeps a large Shengji event lean: the shortcuts give what the general paths give (times,
whole numbers, printed rates), input rows kept as shared-key tuples read like the dicts they
replace, report rows made as they are read, and the JSON summary built only when asked for."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttools.competitions.shengji import report as R
from ttools.competitions.shengji.load import RowPacker, TypedRow, parse_time
from ttools.competitions.shengji.ranking import hundredths
from ttools.core.exact import round_half_up
from ttools.workbook.read import read_book

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "shengji-30.xlsx"


@given(st.integers(0, 10**6))
def test_seconds_as_numbers_read_as_their_text_does(seconds):
    assert parse_time(seconds) == parse_time(float(seconds)) == parse_time(str(seconds)) == seconds


@given(st.integers(0, 999), st.integers(0, 59))
def test_m_ss_reads_as_the_general_path_does(minutes, seconds):
    text = f"{minutes}:{seconds:02d}"
    # surrounding spaces take the general path (clean, normalise, the three patterns)
    assert parse_time(text) == parse_time(f" {text} ") == minutes * 60 + seconds


@given(st.integers(0, 400), st.integers(1, 400))
def test_printed_rate_shortcuts_agree_with_the_exact_rounding(mp, top):
    mp = min(mp, top)
    rate = Fraction(mp, top)
    assert hundredths(rate) == round_half_up(rate * 100, 2) * 100
    seat = type("Seat", (), {"mp": mp, "top": top, "rate": rate})()
    assert R.seat_percent(seat) == R.percent(rate)
    assert R.two(mp) == R.two(Fraction(mp)) == mp


def test_a_neuberg_or_lone_result_takes_the_rate_itself():
    neuberg = type("Seat", (), {"mp": Fraction(71, 6), "top": 12, "rate": Fraction(71, 72)})()
    alone = type("Seat", (), {"mp": 0, "top": 0, "rate": Fraction(1, 2)})()
    assert R.seat_percent(neuberg) == R.percent(Fraction(71, 72)) == 98.61
    assert R.seat_percent(alone) == 50.0


def test_whole_seconds_print_as_before():
    assert [R.clock(s) for s in (0, 5, 65, 600, 3599)] == ["0:00", "0:05", "1:05", "10:00", "59:59"]
    assert R.clock(Fraction(131, 2)) == "1:05.50"


def test_typed_rows_read_like_the_dicts_they_replace():
    pack = RowPacker()
    rows = [
        {"round": 1.0, "declarer": "NS", "time_n": -0.0},
        {"round": 1.0, "declarer": "NS", "time_n": 0.0},
        {"other": 1},
    ]
    packed = [pack(r) for r in rows]
    assert all(isinstance(p, TypedRow) for p in packed[:2]) and type(packed[2]) is dict
    assert [dict(p) for p in packed] == rows and list(packed[0]) == ["round", "declarer", "time_n"]
    assert packed[0].get("declarer") == "NS" and packed[0].get("missing", "") == "" and packed[0]["round"] == 1.0
    assert packed[0]["round"] is packed[1]["round"] and packed[0]["declarer"] is packed[1]["declarer"]
    # -0.0 equals 0.0 but is not the same cell: never merged
    assert str(packed[0]["time_n"]) == "-0.0" and str(packed[1]["time_n"]) == "0.0"
    with pytest.raises(KeyError):
        packed[0]["missing"]


@pytest.fixture(scope="module")
def outcome():
    from ttools.competitions.shengji.competition import Shengji

    return Shengji().process(read_book(str(SAMPLE)))


def test_report_rows_are_made_again_on_every_reading(outcome):
    lazy = [b.rows for r in outcome.reports for b in r.blocks if isinstance(b.rows, R.Rows)]
    assert {r.key for r in outcome.reports if any(isinstance(b.rows, R.Rows) for b in r.blocks)} == {
        "Scores",
        "Travellers",
        "PlayerCards",
    }
    for rows in lazy:
        first, again = list(rows), list(rows)
        assert first == again and len(rows) == len(first) and (not first or rows[-1] == first[-1])


def test_the_summary_reads_as_the_dict_it_stands_for(outcome):
    summary = outcome.summary
    assert list(summary) == ["seed", "seating", "deals", "boards", "standings"]
    assert summary.get("nothing") is None and "boards" in summary
    whole = json.loads(json.dumps(outcome.json()))
    assert [k for k in whole if k in summary] == list(summary)
    boards = whole["boards"]
    assert boards == sorted(boards, key=lambda b: (b["round"], b["board"]))
    assert {b["rate"] for b in boards} <= {R.percent(s.rate) for s in outcome.results.seat_results}


def test_a_run_without_json_never_builds_the_summary_entries(tmp_path, monkeypatch):
    from ttools.pipeline import process_file, write_output

    def refuse(self):
        raise AssertionError("a summary entry was built")

    for key in ("seating", "deals", "boards", "standings"):
        monkeypatch.setattr(R.Summary, f"_{key}", refuse)
    outcome = process_file(str(SAMPLE))
    write_output(outcome, str(tmp_path / "out.xlsx"))
    assert (tmp_path / "out.xlsx").exists()
