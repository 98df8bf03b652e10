"""The output workbook is itself a valid input: running on it again gives the same results,
staff's data is carried over, typed text stays text, and the input file is never touched."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import complete_sheets
from ttools.competitions.nations_cup import schema as S


def _fingerprint(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), os.stat(path).st_mtime_ns


def _age(path: Path) -> None:
    """Give the file an old mtime, so that any touch (even within the same second) shows."""
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))


def _without_derived_seed(data: dict) -> dict:
    out = dict(data)
    out["problems"] = [p for p in data["problems"] if p["code"] != "seed-derived"]
    return out


def _cells(path: Path, sheet: str) -> dict[str, object]:
    ws = load_workbook(path)[sheet]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value not in (None, "")}


def _input_sheet_names(lang: str) -> list[str]:
    return [spec.name(lang) for spec in S.INPUT_SHEETS]


@pytest.mark.parametrize("teams,lang", [(4, "en"), (4, "zh-Hant"), (12, "en")])
def test_output_run_again_gives_the_same_summary(write_event, json_of, tmp_path, teams, lang):
    src = write_event(complete_sheets(teams), teams=teams, lang=lang)
    out, out2 = tmp_path / "event.out.xlsx", tmp_path / "again.xlsx"
    r1, first = json_of("run", src)
    assert r1.exit_code == 0, r1.stderr
    assert out.exists()  # the default output name
    r2, second = json_of("run", out, "-o", out2)
    assert r2.exit_code == 0, r2.stderr
    assert "qualification" in first  # the complete event is scored all the way
    assert _without_derived_seed(first) == _without_derived_seed(second)


def test_derived_seed_is_written_back_and_reused(write_event, json_of, tmp_path):
    src = write_event({"Players": complete_sheets(7)["Players"]}, teams=7, event={"seed": None})
    _r, first = json_of("run", src)
    assert [p["code"] for p in first["problems"]] == ["seed-derived"]
    out = tmp_path / "event.out.xlsx"
    kv = {r[0]: r[2] for r in load_workbook(out)["Event"].iter_rows(min_row=2, values_only=True)}
    assert kv["seed"] == first["seed"]
    _r, second = json_of("run", out, "-o", tmp_path / "event2.xlsx")
    assert second["problems"] == []
    assert second["seed"] == first["seed"]
    assert second["day1"] == first["day1"]


def test_a_blank_workbook_gets_no_derived_seed_written_back(invoke, json_of, tmp_path):
    # no entrant named yet: a seed derived now would be every blank 7-team workbook's seed
    src = tmp_path / "blank.xlsx"
    assert invoke("new", "nations-cup", src, "--teams", 7, "--lang", "en").exit_code == 0
    _r, first = json_of("run", src)
    assert first["problems"] == []
    kv = {
        r[0]: r[2] for r in load_workbook(tmp_path / "blank.out.xlsx")["Event"].iter_rows(min_row=2, values_only=True)
    }
    assert kv["seed"] in (None, "")


def test_input_sheets_are_carried_over(write_event, invoke, tmp_path):
    src = write_event(lang="en")
    out, out2 = tmp_path / "out.xlsx", tmp_path / "out2.xlsx"
    assert invoke("run", src, "-o", out).exit_code == 0
    assert invoke("run", out, "-o", out2).exit_code == 0
    for sheet in _input_sheet_names("en"):
        given, carried = _cells(src, sheet), _cells(out, sheet)
        # everything typed is still there, at the same cell
        assert {k: carried.get(k) for k in given} == given, sheet
        # and from the output on, the input sheets are stable
        assert _cells(out2, sheet) == carried, sheet


def test_next_stage_rows_are_prefilled(invoke, write_event, tmp_path):
    # Only the roster: the output holds the Day 1 pairings waiting for winners.
    src = write_event({"Players": [{"team": t, "number": n} for t in "ABCD" for n in range(1, 7)]})
    out = tmp_path / "out.xlsx"
    assert invoke("run", src, "-o", out).exit_code == 0
    rows = list(load_workbook(out)["Day1"].iter_rows(min_row=2, values_only=True))
    filled = [r for r in rows if r[0] is not None]
    assert len(filled) == 6 * 4
    assert all(r[4] is None for r in filled)  # winners for staff to type


def test_run_and_check_leave_the_input_untouched(write_event, invoke, tmp_path):
    src = write_event(lang="en")
    _age(src)
    before = _fingerprint(src)
    assert invoke("run", src).exit_code == 0
    assert invoke("check", src).exit_code == 0
    assert invoke("check", src, "--annotate").exit_code == 0
    assert _fingerprint(src) == before


@pytest.mark.parametrize("spelling", ["same", "dotted"])
def test_output_equal_to_input_is_refused(write_event, invoke, tmp_path, spelling):
    src = write_event(lang="en")
    _age(src)
    before = _fingerprint(src)
    target = src if spelling == "same" else tmp_path / "." / "sub" / ".." / src.name
    result = invoke("run", src, "-o", target)
    assert result.exit_code != 0
    assert "input" in result.stderr
    assert _fingerprint(src) == before


def test_annotate_onto_the_input_is_refused(write_event, invoke):
    src = write_event(lang="en")
    _age(src)
    before = _fingerprint(src)
    result = invoke("check", src, "--annotate-to", src)
    assert result.exit_code != 0
    assert _fingerprint(src) == before


def test_typed_text_starting_with_equals_stays_text(write_event, invoke, tmp_path):
    players = [{"team": t, "number": n, "name": f"{t}{n}"} for t in "ABCD" for n in range(1, 7)]
    players[0]["name"] = "=Ann"
    players[1]["name"] = "=SUM(A1:A3)"
    src = write_event({"Players": players})
    out, out2 = tmp_path / "out.xlsx", tmp_path / "out2.xlsx"
    assert invoke("run", src, "-o", out).exit_code == 0
    assert invoke("run", out, "-o", out2).exit_code == 0
    for path in (src, out, out2):
        ws = load_workbook(path)["Players"]
        for cell, text in (("C2", "=Ann"), ("C3", "=SUM(A1:A3)")):
            assert ws[cell].value == text, (path.name, cell)
            assert ws[cell].data_type == "s", (path.name, cell)


def test_unknown_sheets_are_carried_over(write_event, invoke, tmp_path):
    src = write_event(lang="en")
    wb = load_workbook(src)
    notes = wb.create_sheet("Floor notes")
    notes["A1"], notes["B3"] = "table 2 late start", 42
    wb.save(src)
    out = tmp_path / "out.xlsx"
    result = invoke("run", src, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "sheet-unknown" in result.stderr
    assert _cells(out, "Floor notes") == {"A1": "table 2 late start", "B3": 42}


def test_the_book_is_let_go_once_loaded_and_unknown_sheets_still_carried_over(write_event, tmp_path):
    """Processing releases the grids read (they would sit in memory through the compute); what
    the output carries over of them, a sheet ttools does not know, is kept by the loaded data."""
    from ttools.competitions import get
    from ttools.workbook.read import read_book

    src = write_event(lang="en")
    wb = load_workbook(src)
    wb.create_sheet("Floor notes")["B2"] = "keep me"
    wb.save(src)
    book = read_book(str(src))
    assert "Floor notes" in book.sheets and len(book.sheets) > 5
    outcome = get("nations-cup").process(book)
    assert book.sheets == {} and book.get("Floor notes") is None
    out = tmp_path / "out.xlsx"
    outcome.writer(str(out))
    assert _cells(out, "Floor notes") == {"B2": "keep me"}
