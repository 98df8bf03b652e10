"""Hostile workbooks (tests/data/hostile, made by make_hostile.py there): each gives its exit code
and problem codes, in bounded time and memory, and never a traceback. The numbers and the cell
scan behind them are checked directly too."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.workbook import normalize as nz
from ttools.workbook.read import scan_sheet

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "data" / "hostile"
sys.path.insert(0, str(HOSTILE))
import make_hostile  # noqa: E402

TIME_LIMIT_S = 30            # generous: each takes about a second; a hang or a dense grid takes minutes
MEMORY_LIMIT_MB = 300        # peak resident memory of the whole process
ADDRESS_SPACE_CAP = 4 << 30  # a safety net so a regression fails the test, not the machine

# file -> (exit code of `ttools check`, {(severity, sheet!cell, code)} that must be among the problems)
EXPECTED = {
    "far-cell-xfd1048576": (0, {("warning", "Players!XFD1048576", "cells-far-away")}),
    "far-cell-zz100000": (0, {("warning", "Players!ZZ100000", "cells-far-away")}),
    "far-cell-scrabble": (0, {("warning", "Results!XFD1048576", "cells-far-away")}),
    "number-inf": (1, {("error", "Players!B2", "not-a-whole-number")}),
    "number-infinity": (1, {("error", "Players!B2", "not-a-whole-number")}),
    "number-1e309": (1, {("error", "Players!B2", "not-a-whole-number")}),
    "number-1e99999999": (1, {("error", "Players!B2", "not-a-whole-number")}),
    "number-400-digits": (1, {("error", "Players!B2", "number-too-large")}),
    "number-raw-overflow": (1, {("error", "Players!B30", "not-a-whole-number")}),
    "cached-error": (1, {("error", "Players!B30", "cell-error"), ("error", "Players!C30", "cell-error")}),
    "strict-formula": (1, {("error", "Players!B30", "formula-no-value")}),
    "duplicate-member": (2, set()),
    "doctype": (2, set()),
    "two-results-sheets": (0, {("warning", "成績!A1", "sheet-twice")}),
}

_MEASURE = (
    "import atexit, resource, sys\n"
    "report = sys.argv.pop(1)\n"
    "atexit.register(lambda: open(report, 'w').write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)))\n"
    "from ttools.cli import main\n"
    "sys.argv[0] = 'ttools'\n"
    "main()\n"
)


def _cap() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))


def ttools_measured(tmp_path: Path, *args) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run ttools in its own process: (result, seconds, peak resident MB)."""
    report = tmp_path / "maxrss"
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", _MEASURE, str(report), *map(str, args)], capture_output=True,
                          text=True, timeout=TIME_LIMIT_S * 4, cwd=tmp_path, preexec_fn=_cap)
    seconds = time.monotonic() - start
    peak_mb = int(report.read_text()) / 1024 if report.exists() else math.inf   # ru_maxrss is in KB on Linux
    return proc, seconds, peak_mb


def test_every_hostile_file_has_an_expectation_and_the_generator_makes_them_all():
    made = set(make_hostile.cases())
    assert made == set(EXPECTED)
    assert {p.stem for p in HOSTILE.glob("*.xlsx")} == made
    assert all(p.stat().st_size < 16 * 1024 for p in HOSTILE.glob("*.xlsx"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_workbook_is_handled_in_bounded_time_and_memory(tmp_path, name):
    code, must = EXPECTED[name]
    source = HOSTILE / f"{name}.xlsx"
    before = source.read_bytes()
    proc, seconds, peak_mb = ttools_measured(tmp_path, "check", source, "--json", tmp_path / "out.json")
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert proc.returncode == code, proc.stderr
    assert seconds < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB, (seconds, peak_mb)
    if code == 2:
        assert len(proc.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "out.json").exists()
    else:
        problems = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["problems"]
        found = {(p["severity"], f"{p['sheet']}!{p['cell']}", p["code"]) for p in problems}
        assert must <= found, found
    assert source.read_bytes() == before


@pytest.mark.parametrize("rows,code", [(45_000, 1), (52_000, 2)])
def test_a_dense_workbook_near_the_cell_limit_is_bounded_and_one_past_it_refused(tmp_path, rows, code):
    from ttools.workbook.read import MAX_CELLS

    assert (rows * 10 < MAX_CELLS) == (code == 1)
    source = tmp_path / "dense.xlsx"
    source.write_bytes(make_hostile.dense(rows))
    proc, seconds, peak_mb = ttools_measured(tmp_path, "check", source)
    assert proc.returncode == code and "Traceback" not in proc.stderr, proc.stderr[-500:]
    assert seconds < TIME_LIMIT_S * 2 and peak_mb < MEMORY_LIMIT_MB, (seconds, peak_mb)
    if code == 2:
        assert proc.stderr.strip() == f"ttools: cannot read {source}: too large (more than {MAX_CELLS:,} cells)"


@pytest.mark.parametrize("name", ["doctype", "duplicate-member"])
def test_a_refused_file_gives_the_same_clean_exit_with_annotate(tmp_path, name):
    proc, _, _ = ttools_measured(tmp_path, "check", HOSTILE / f"{name}.xlsx", "--annotate", tmp_path / "a.xlsx")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert not (tmp_path / "a.xlsx").exists()


@pytest.mark.parametrize("name", ["far-cell-xfd1048576", "number-raw-overflow", "cached-error", "strict-formula"])
def test_run_and_annotate_write_their_files_for_hostile_cells(tmp_path, name):
    proc, seconds, peak_mb = ttools_measured(tmp_path, "run", HOSTILE / f"{name}.xlsx", "-o", tmp_path / "out.xlsx")
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    assert (tmp_path / "out.xlsx").exists() and seconds < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB
    proc, _, _ = ttools_measured(tmp_path, "check", HOSTILE / f"{name}.xlsx", "--annotate", tmp_path / "a.xlsx")
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    assert (tmp_path / "a.xlsx").exists()


def test_both_sheets_that_are_one_input_sheet_are_kept(invoke, tmp_path):
    from openpyxl import load_workbook

    result = invoke("run", HOSTILE / "two-results-sheets.xlsx", "-o", tmp_path / "out.xlsx")
    assert result.exit_code == 0, result.stderr
    assert "'Results' was read" in result.stderr or "「Results」" in result.stderr
    out = load_workbook(tmp_path / "out.xlsx")
    rows = {name: [[c.value for c in r if c.value is not None] for r in out[name].iter_rows(max_row=6)]
            for name in out.sheetnames}
    read = [n for n, r in rows.items() if [1, 1, 400, 2, 350] in r]       # written as the Results sheet
    carried = [n for n, r in rows.items() if [1, 3, 410, 4, 300] in r]
    assert len(read) == 1 and len(carried) == 1 and read != carried, rows.keys()
    assert carried[0].startswith("成績")           # the sheet not read is kept under its own name


# ---- the cell scan ------------------------------------------------------------------------------------

_SHEET = ('<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:sheetData>'
          '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c><x:c><x:f>A1</x:f></x:c></x:row>'
          '<x:row><x:c><x:v>2</x:v></x:c></x:row>'
          '<x:row r="70000"><x:c r="XFD70000"><x:v>3</x:v></x:c></x:row>'
          '</x:sheetData></x:worksheet>')


def test_the_scan_follows_cells_without_addresses_and_any_namespace_prefix():
    scan = scan_sheet(_SHEET.encode(), max_area=1000)
    assert scan.errors == {"B1": "#DIV/0!"} and scan.no_cached_value == {"C1"}
    assert (scan.far_cells, scan.first_far_cell) == (1, "XFD70000")
    assert scan.trimmed is not None and b"XFD70000" not in scan.trimmed
    assert b'<x:c r="A2"><x:v>2</x:v></x:c>' in scan.trimmed          # the address it had by position
    again = scan_sheet(scan.trimmed, max_area=1000)
    assert again.trimmed is None and again.errors == scan.errors and again.no_cached_value == {"C1"}


def test_a_sheet_inside_the_area_is_left_as_it_is():
    scan = scan_sheet(_SHEET.encode(), max_area=70000 * 16384)
    assert scan.trimmed is None and scan.far_cells == 0 and (scan.rows, scan.cols) == (70000, 16384)


# ---- numbers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["inf", "-Infinity", "NaN", "1E+309", "1e99999999", "1e-99999999", "9" * 400,
                                   "9" * 4000, "1/0", "1e15/1e-15", "１e９９９９", float("inf"), float("nan"), 1e300])
def test_numbers_beyond_bounds_are_refused_quickly(typed):
    for parse in (nz.parse_int, nz.parse_number):
        start = time.monotonic()
        with pytest.raises(ValueError):
            parse(typed)
        assert time.monotonic() - start < 1


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.floats(allow_nan=True, allow_infinity=True), st.integers(),
                 st.from_regex(r"[+-]?\d{0,30}(\.\d{0,30})?([eE][+-]?\d{1,12})?(/\d{1,30})?", fullmatch=True)))
def test_parsing_a_number_either_gives_a_bounded_value_or_a_value_error(value):
    for parse in (nz.parse_int, nz.parse_number):
        try:
            number = parse(value)
        except ValueError:
            continue
        assert abs(number) <= nz.MAX_MAGNITUDE
