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

TIME_LIMIT_S = 30  # generous: each takes about a second; a hang or a dense grid takes minutes
MEMORY_LIMIT_MB = 300  # peak resident memory of the whole process
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
    "shared-string-x1000": (2, set()),
    "understated-size": (2, set()),
    "sheet-names-forbidden": (
        0,
        {("warning", f"{name}!A1", "sheet-renamed") for name in make_hostile.FORBIDDEN_NAMES[:-1]}
        | {("warning", "=1+2!A1", "sheet-unknown")},
    ),
    "sheet-names-formula": (0, {("warning", "=1+2!A1", "sheet-unknown"), ("warning", "=SUM(3,4)!A1", "sheet-unknown")}),
}

# the peak of this process alone: VmHWM belongs to the program's own memory, while ru_maxrss keeps
# the peak of the process it was forked from (a test runner grown large) across exec
_MEASURE = (
    "import atexit, resource, sys\n"
    "report = sys.argv.pop(1)\n"
    "def peak_kb():\n"
    "    try:\n"
    "        with open('/proc/self/status') as fh:\n"
    "            return next(int(l.split()[1]) for l in fh if l.startswith('VmHWM:'))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "atexit.register(lambda: open(report, 'w').write(str(peak_kb())))\n"
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
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(report), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIME_LIMIT_S * 4,
        cwd=tmp_path,
        preexec_fn=_cap,
    )
    seconds = time.monotonic() - start
    peak_mb = int(report.read_text()) / 1024 if report.exists() else math.inf  # ru_maxrss is in KB on Linux
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
    proc, _, _ = ttools_measured(tmp_path, "check", HOSTILE / f"{name}.xlsx", "--annotate-to", tmp_path / "a.xlsx")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert not (tmp_path / "a.xlsx").exists()


@pytest.mark.parametrize("name", ["far-cell-xfd1048576", "number-raw-overflow", "cached-error", "strict-formula"])
def test_run_and_annotate_write_their_files_for_hostile_cells(tmp_path, name):
    proc, seconds, peak_mb = ttools_measured(tmp_path, "run", HOSTILE / f"{name}.xlsx", "-o", tmp_path / "out.xlsx")
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    assert (tmp_path / "out.xlsx").exists() and seconds < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB
    proc, _, _ = ttools_measured(tmp_path, "check", HOSTILE / f"{name}.xlsx", "--annotate-to", tmp_path / "a.xlsx")
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    assert (tmp_path / "a.xlsx").exists()


# ---- text that expands, sizes that lie ----------------------------------------------------------------


@pytest.mark.parametrize("references", [100, 1000])
def test_one_shared_string_referenced_by_many_cells_is_refused_in_well_under_a_second(tmp_path, references):
    from ttools.problems import Unreadable
    from ttools.workbook.read import MAX_SHARED_TEXT, read_book

    source = tmp_path / "bomb.xlsx"
    source.write_bytes(make_hostile.shared_string_bomb(references))
    assert source.stat().st_size < 64 * 1024  # 4 MB of text, read as 0.4 or 4 GB
    start = time.monotonic()
    with pytest.raises(Unreadable, match="shared text"):
        read_book(str(source))
    assert time.monotonic() - start < 0.5
    proc, seconds, peak_mb = ttools_measured(tmp_path, "run", source, "-o", tmp_path / "out.xlsx")
    assert proc.returncode == 2 and proc.stderr.strip() == (
        f"ttools: cannot read {source}: refused: its cells repeat shared text to more than {MAX_SHARED_TEXT:,} "
        "characters (damaged or tampered)"
    ), proc.stderr
    assert seconds < 5 and peak_mb < 100, (seconds, peak_mb)
    assert not (tmp_path / "out.xlsx").exists()


def test_shared_text_under_the_bound_is_read_in_bounded_memory(tmp_path):
    source = tmp_path / "long.xlsx"
    source.write_bytes(make_hostile.shared_string_bomb(10))  # 40 M characters: inside the bound
    proc, seconds, peak_mb = ttools_measured(tmp_path, "check", source)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert seconds < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB, (seconds, peak_mb)


def test_the_largest_benchmark_events_are_far_inside_the_shared_text_bound(tmp_path):
    import zipfile

    from tests.benchmarks import events
    from ttools.workbook.read import MAX_SHARED_TEXT, SharedStrings, read_book, shared_string_lengths

    for path in (
        events.scrabble(500, 30, str(tmp_path / "scrabble.xlsx")),
        events.shengji(str(tmp_path / "shengji.xlsx")),
    ):
        read_book(path)
        # were every text cell a shared string of the longest text the workbook holds, still far inside
        with zipfile.ZipFile(path) as zf:
            sheets = [zf.read(n) for n in zf.namelist() if n.startswith("xl/worksheets/")]
            strings = (
                shared_string_lengths(path, "xl/sharedStrings.xml", zf.read("xl/sharedStrings.xml"))
                if "xl/sharedStrings.xml" in zf.namelist()
                else SharedStrings()
            )
        texts = sum(xml.count(b't="inlineStr"') + xml.count(b't="s"') for xml in sheets)
        assert sum(map(strings.expansion, sheets)) < MAX_SHARED_TEXT // 100
        assert texts * 60 < MAX_SHARED_TEXT // 10, texts


def test_a_member_larger_than_its_headers_say_is_refused_before_it_is_inflated(tmp_path):
    source = tmp_path / "understated.xlsx"
    source.write_bytes(make_hostile.understated_size(2000))  # 2 GB of rows in a few MB
    assert source.stat().st_size < 8 << 20
    for command in (
        ["check", source],
        ["run", source, "-o", tmp_path / "out.xlsx"],
        ["check", source, "--annotate-to", tmp_path / "a.xlsx"],
    ):
        proc, seconds, peak_mb = ttools_measured(tmp_path, *command)
        assert proc.returncode == 2, proc.stderr
        assert (
            proc.stderr.strip()
            == f"ttools: cannot read {source}: damaged (member xl/worksheets/sheet2.xml is larger than it says)"
        )
        assert seconds < 5 and peak_mb < 100, (seconds, peak_mb)
    assert not (tmp_path / "out.xlsx").exists() and not (tmp_path / "a.xlsx").exists()


def test_every_reader_sees_what_the_headers_declare_or_nothing(tmp_path):
    """A member whose data holds less than declared, or another CRC, or a method Excel never uses."""
    import io
    import zipfile
    import zlib

    from ttools.problems import Unreadable
    from ttools.workbook.read import read_book

    base = make_hostile.save(make_hostile.nations_cup())
    with zipfile.ZipFile(io.BytesIO(base)) as zf:
        bodies = {i.filename: zf.read(i) for i in zf.infolist()}

    def package(name: str, data: bytes, crc: int, size: int) -> Path:
        members = [(n, make_hostile._raw_deflate(b), zlib.crc32(b), len(b)) for n, b in bodies.items() if n != name]
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.xlsx"
        path.write_bytes(make_hostile.write_zip(members + [(name, data, crc, size)]))
        return path

    styles = bodies["xl/styles.xml"]
    cases = {
        "smaller than it says": package(
            "xl/styles.xml", make_hostile._raw_deflate(styles), zlib.crc32(styles), len(styles) + 10
        ),
        "fails its CRC check": package(
            "xl/styles.xml", make_hostile._raw_deflate(styles), zlib.crc32(styles) ^ 1, len(styles)
        ),
        "larger than it says": package(
            "docProps/app.xml",
            make_hostile._raw_deflate(bodies["docProps/app.xml"] * 2),
            zlib.crc32(bodies["docProps/app.xml"]),
            len(bodies["docProps/app.xml"]),
        ),
    }
    for why, path in cases.items():
        with pytest.raises(Unreadable, match=why):
            read_book(str(path))
    assert read_book(
        str(package("xl/styles.xml", make_hostile._raw_deflate(styles), zlib.crc32(styles), len(styles)))
    ).order


# ---- sheet names, text that looks like code, ids -------------------------------------------------------


def test_carried_sheets_with_names_excel_forbids_are_renamed_and_read_again(invoke, tmp_path):
    from openpyxl import load_workbook

    result = invoke(
        "run", HOSTILE / "sheet-names-forbidden.xlsx", "-o", tmp_path / "out.xlsx", "--json", tmp_path / "out.json"
    )
    assert result.exit_code == 0, result.stderr
    renamed = {
        p["sheet"]: p["message"]
        for p in json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["problems"]
        if p["code"] == "sheet-renamed"
    }
    assert set(renamed) == set(make_hostile.FORBIDDEN_NAMES[:-1])
    names = load_workbook(tmp_path / "out.xlsx").sheetnames
    carried = names[names.index("a／b") : names.index("a／b") + len(make_hostile.FORBIDDEN_NAMES)]
    assert carried == ["a／b", "［x］", "why？", "star＊", "c：d", "back＼slash", "quoted", "Sheet", "=1+2"]
    assert all(f"「{new}」" in renamed[old] for old, new in zip(make_hostile.FORBIDDEN_NAMES[:-1], carried))
    again = invoke("run", tmp_path / "out.xlsx", "-o", tmp_path / "again.xlsx")
    assert again.exit_code == 0 and "sheet-renamed" not in again.stderr, again.stderr
    again_names = load_workbook(tmp_path / "again.xlsx").sheetnames
    assert again_names[again_names.index("a／b") :][: len(carried)] == carried


@pytest.mark.parametrize(
    "name,safe",
    [
        ("a/b", "a／b"),
        ("'x'", "x"),
        ("'_x'", "Sheet _x"),
        ("\x01", "Sheet _"),
        ("'", "Sheet"),
        ("History", "History_"),
        ("x" * 40, "x" * 31),
        ("😀" * 20, "😀" * 15),
        ("ok name", "ok name"),
    ],
)
def test_a_sheet_name_excel_allows(name, safe):
    from ttools.workbook.schema import excel_sheet_name, unique_sheet_name

    assert excel_sheet_name(name) == safe
    assert unique_sheet_name(safe, {safe.casefold()}).endswith(" (2)")
    assert len(unique_sheet_name(safe, {safe.casefold()}).encode("utf-16-le")) <= 62


STAFF_CODE = [
    "=1+2",
    '=HYPERLINK("http://phish.example","click")',
    "+1+2",
    "-1+2",
    "@SUM(1,2)",
    "http://phish.example",
    "mailto:x@phish.example",
]


def _formulas_and_links(path: Path) -> list[str]:
    """The parts of a package that hold a formula cell, a hyperlink or a relationship to one."""
    import re
    import zipfile

    code = re.compile(rb"<(?:\w+:)?(?:f|hyperlink)[\s>/]|relationships/hyperlink")
    with zipfile.ZipFile(path) as zf:
        return [name for name in zf.namelist() if name.startswith("xl/") and code.search(zf.read(name))]


def test_every_text_ttools_writes_into_a_workbook_is_text(invoke, write_event, tmp_path):
    from openpyxl import load_workbook

    from tests.conftest import complete_sheets

    sheets = complete_sheets(4)
    for row, text in zip(sheets["Players"], STAFF_CODE):
        row["name"] = text
    source = write_event(sheets, event={"name": "=1+2 http://phish.example"})
    outputs = {
        "out": ("run", source, "-o", tmp_path / "out.xlsx"),
        "annotated": ("check", source, "--annotate-to", tmp_path / "annotated.xlsx"),
        "formula-sheet": ("run", HOSTILE / "sheet-names-formula.xlsx", "-o", tmp_path / "formula-sheet.xlsx"),
        "formula-sheet-annotated": (
            "check",
            HOSTILE / "sheet-names-formula.xlsx",
            "--annotate-to",
            tmp_path / "formula-sheet-annotated.xlsx",
        ),
    }
    for name, args in outputs.items():
        assert invoke(*args).exit_code in (0, 1), name
        assert _formulas_and_links(tmp_path / f"{name}.xlsx") == [], name
    values = {c.value for ws in load_workbook(tmp_path / "out.xlsx") for row in ws.iter_rows() for c in row}
    assert set(STAFF_CODE) <= values  # written as typed, as text
    problems = load_workbook(tmp_path / "formula-sheet-annotated.xlsx").worksheets[0]
    assert {"=1+2", "=SUM(3,4)"} <= {c.value for row in problems.iter_rows() for c in row}


INVISIBLE = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u200e",
    "\u200f",
    "\u202a",
    "\u202e",
    "\u2066",
    "\u2069",
    "\ufeff",
    "\u00ad",
    "\u2060",
    "\u061c",
    "\U000e0041",
]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_ids_that_differ_by_an_invisible_format_character_are_one_id(mark):
    assert nz.parse_code(f"A{mark}1") == nz.parse_code(f"{mark}a1{mark}") == "A1"
    assert nz.parse_int(f"1{mark}2") == 12 and nz.clean_text(f"{mark} Ann {mark}") == "Ann"
    assert nz.fold_label(f"{mark}Players") == nz.fold_label("players")


def test_a_roster_with_one_id_twice_but_for_a_zero_width_space_says_so(invoke, tmp_path):
    wb = make_hostile.scrabble()
    wb["Players"].append(["6\u200b", "Player Six Again", 1500, "", "A"])
    wb["Players"].append(["\u202e7", "Player Seven", 1500, "", "A"])
    wb["Results"].append([1, "7\ufeff", 300, 3, 200])
    source = tmp_path / "ids.xlsx"
    wb.save(source)
    result = invoke("check", source, "--json", tmp_path / "out.json")
    problems = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["problems"]
    assert [p["cell"] for p in problems if p["code"] == "player-id-duplicate"] == ["A8"], problems
    assert not [p for p in problems if "unknown" in p["code"] and p["sheet"] == "Results"], problems
    assert result.exit_code == 1


def test_both_sheets_that_are_one_input_sheet_are_kept(invoke, tmp_path):
    from openpyxl import load_workbook

    result = invoke("run", HOSTILE / "two-results-sheets.xlsx", "-o", tmp_path / "out.xlsx")
    assert result.exit_code == 0, result.stderr
    assert "'Results' was read" in result.stderr or "「Results」" in result.stderr
    out = load_workbook(tmp_path / "out.xlsx")
    rows = {
        name: [[c.value for c in r if c.value is not None] for r in out[name].iter_rows(max_row=6)]
        for name in out.sheetnames
    }
    read = [n for n, r in rows.items() if [1, 1, 400, 2, 350] in r]  # written as the Results sheet
    carried = [n for n, r in rows.items() if [1, 3, 410, 4, 300] in r]
    assert len(read) == 1 and len(carried) == 1 and read != carried, rows.keys()
    assert carried[0].startswith("成績")  # the sheet not read is kept under its own name


# ---- the cell scan ------------------------------------------------------------------------------------

_SHEET = (
    '<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:sheetData>'
    '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c><x:c><x:f>A1</x:f></x:c></x:row>'
    "<x:row><x:c><x:v>2</x:v></x:c></x:row>"
    '<x:row r="70000"><x:c r="XFD70000"><x:v>3</x:v></x:c></x:row>'
    "</x:sheetData></x:worksheet>"
)


def test_the_scan_follows_cells_without_addresses_and_any_namespace_prefix():
    scan = scan_sheet(_SHEET.encode(), max_area=1000)
    assert scan.errors == {"B1": "#DIV/0!"} and scan.no_cached_value == {"C1"}
    assert (scan.far_cells, scan.first_far_cell) == (1, "XFD70000")
    assert scan.trimmed is not None and b"XFD70000" not in scan.trimmed
    assert b'<x:c r="A2"><x:v>2</x:v></x:c>' in scan.trimmed  # the address it had by position
    again = scan_sheet(scan.trimmed, max_area=1000)
    assert again.trimmed is None and again.errors == scan.errors and again.no_cached_value == {"C1"}


def test_a_sheet_inside_the_area_is_left_as_it_is():
    scan = scan_sheet(_SHEET.encode(), max_area=70000 * 16384)
    assert scan.trimmed is None and scan.far_cells == 0 and (scan.rows, scan.cols) == (70000, 16384)


# ---- numbers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        "inf",
        "-Infinity",
        "NaN",
        "1E+309",
        "1e99999999",
        "1e-99999999",
        "9" * 400,
        "9" * 4000,
        "1/0",
        "1e15/1e-15",
        "１e９９９９",
        float("inf"),
        float("nan"),
        1e300,
    ],
)
def test_numbers_beyond_bounds_are_refused_quickly(typed):
    for parse in (nz.parse_int, nz.parse_number):
        start = time.monotonic()
        with pytest.raises(ValueError):
            parse(typed)
        assert time.monotonic() - start < 1


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(),
        st.from_regex(r"[+-]?\d{0,30}(\.\d{0,30})?([eE][+-]?\d{1,12})?(/\d{1,30})?", fullmatch=True),
    )
)
def test_parsing_a_number_either_gives_a_bounded_value_or_a_value_error(value):
    for parse in (nz.parse_int, nz.parse_number):
        try:
            number = parse(value)
        except ValueError:
            continue
        assert abs(number) <= nz.MAX_MAGNITUDE
