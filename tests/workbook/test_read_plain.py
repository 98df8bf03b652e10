"""The fast safety pass over a plain sheet (``plain_sheet``: cells as spreadsheet programs write
them) gives exactly what the general pass gives: the same cell count, extent, formulas and
errors found, so the same files are refused; and whatever it cannot vouch for goes to the
general pass. Checked on every sheet of the samples, their results, the hostile files and the
largest benchmark event, and on generated sheets written every way the general pass reads."""

from __future__ import annotations

import math
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.workbook import read as R

ROOT = Path(__file__).resolve().parents[2]


def general(xml: bytes) -> tuple:
    scan = R.scan_sheet(xml)
    return R._count_cells(xml), scan.rows, scan.cols, scan.no_cached_value, scan.errors, scan.trimmed


def fast(xml: bytes) -> tuple | None:
    plain = R.plain_sheet(xml)
    if plain is None:
        return None
    scan = R.scan_sheet(xml, plain=plain)
    return plain.cells, scan.rows, scan.cols, scan.no_cached_value, scan.errors, scan.trimmed


def sheets_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        paths, _ = R._sheet_paths(zf)
        return {name: zf.read(part) for name, part in paths.items() if part in zf.namelist()}


def test_every_sheet_ttools_reads_or_writes_is_plain_and_scanned_as_the_general_pass_scans_it(tmp_path):
    from ttools.pipeline import process_file

    plain = other = 0
    for source in sorted((ROOT / "samples").glob("*.xlsx")):
        results = tmp_path / f"{source.stem}.out.xlsx"
        process_file(str(source)).writer(str(results))
        for path in (source, results):
            for name, xml in sheets_of(path).items():
                got = fast(xml)
                assert got is None or got == general(xml), (path.name, name)
                plain += got is not None
                other += got is None
    assert plain > 100 and other == 0  # ttools writes every sheet plain


def test_the_hostile_sheets_are_left_to_the_general_pass_or_scanned_as_it_scans_them():
    checked = 0
    for path in sorted((ROOT / "tests" / "data" / "hostile").glob("*.xlsx")):
        try:
            sheets = sheets_of(path)
        except (zipfile.BadZipFile, KeyError, ValueError, OSError):
            continue
        for name, xml in sheets.items():
            if len(xml) > R.MAX_SHEET_XML_BYTES:
                continue
            try:
                expected = general(xml)
            except R._TooMany:
                continue
            got = fast(xml)
            assert got is None or got == expected, (path.name, name)
            checked += 1
    assert checked > 20
    # what makes a hostile case hostile is never vouched for
    for case in ("far-cell-xfd1048576", "cached-error", "strict-formula", "number-raw-overflow"):
        players = sheets_of(ROOT / "tests" / "data" / "hostile" / f"{case}.xlsx")["Players"]
        plain = R.plain_sheet(players)
        assert plain is None or not plain.finite, case


def test_the_largest_benchmark_sheets_are_plain(tmp_path):
    from tests.benchmarks import events

    path = Path(events.scrabble(2000, 30, str(tmp_path / "scrabble-2000.xlsx")))
    sheets = sheets_of(path)
    assert max(map(len, sheets.values())) > 5_000_000
    for name, xml in sheets.items():
        got = fast(xml)
        assert got is not None and got == general(xml), name


# ---- generated sheets ---------------------------------------------------------------------------

_LETTERS = ["A", "B", "K", "L", "Z", "AA", "AZ", "IV"]
_ATTRS = ["", ' t="n"', ' s="2"']
_PLAIN_VALUES = ["<v>1</v>", "<v>2.5</v>", "<v>-7</v>", "<is><t>x</t></is>", ""]
# each breaks what makes a sheet plain, in a way the general pass reads
_ODD_CELLS = [
    '<c s="1" r="B3"><v>1</v></c>',  # its address not first
    "<c><v>1</v></c>",  # no address: it follows the one before it
    '<c r="B03"><v>1</v></c>',  # a leading zero
    "<c r='B3'><v>1</v></c>",  # in apostrophes
    '<c r="$B$3"><v>1</v></c>',
    '<c r="b3"><v>1</v></c>',
    '<x:c r="B3"><v>1</v></x:c>',  # a namespace prefix
    '<c  r="B3"><v>1</v></c>',
    '<c r="XFD1048576"><v>1</v></c>',  # far away
    '<c r="IW2"><v>1</v></c>',  # beyond IV
    '<c r="B3" t="e"><v>#REF!</v></c>',
    "<c r=\"B3\" t='e'><v>#REF!</v></c>",
    '<c r="B3"><f>1+1</f></c>',  # a formula without a value
    '<c r="B3"><f>1+1</f><v>2</v></c>',
    '<c r="B3"><v>1e400</v></c>',  # reads as infinity
    '<c r="B3"><v>inf</v></c>',
    '<c r="B3"><v>1&#101;9</v></c>',
    '<c r="B3"><v>' + "9" * 320 + "</v></c>",
    '<c r="B3" t="s"><v>0</v></c>',
]
_EXTRAS = ["", "<!-- note -->", '<dataValidation prompt="TSH\'s" />', '<t>x r="B9"</t>', '<c r="B3"/>']
_DIMENSIONS = ["", '<dimension ref="A1"/>', '<dimension ref="A1:L30"/>', '<dimension ref="A1:B2"/>']


def make_sheet(rnd) -> bytes:
    """A sheet of plain cells in rows (not always in order), maybe a <dimension> (true or not),
    and maybe one odd cell or one odd part."""
    numbers = [rnd.choice([1, 2, 3, 5, 30, 31, 999, 30001, 1_048_576]) for _ in range(rnd.randrange(0, 6))]
    if rnd.random() < 0.8:  # as programs write them; else in any order
        numbers.sort()
    rows, top = [], ("A", 1)
    for row in numbers:
        letters = rnd.sample(_LETTERS, rnd.randrange(1, 4))
        if rnd.random() < 0.8:
            letters.sort(key=lambda c: (len(c), c))
        cells = [f'<c r="{c}{row}"{rnd.choice(_ATTRS)}>{rnd.choice(_PLAIN_VALUES)}</c>' for c in letters]
        top = (max([top[0], *letters], key=lambda c: (len(c), c)), max(top[1], row))
        rows.append(f'<row r="{row}">' + "".join(cells) + "</row>")
    if rows and rnd.random() < 0.5:
        i = rnd.randrange(len(rows))
        rows[i] = rows[i].replace("</row>", rnd.choice(_ODD_CELLS) + "</row>")
    extra = rnd.choice(_EXTRAS) if rnd.random() < 0.3 else ""
    # none (mostly), the true one, or one that says less or more than the cells hold
    dimension = rnd.choice(["", "", "", f'<dimension ref="A1:{top[0]}{top[1]}"/>', rnd.choice(_DIMENSIONS)])
    return (
        '<worksheet xmlns="main">' + dimension + "<sheetData>" + "".join(rows) + "</sheetData>" + extra + "</worksheet>"
    ).encode()


def check_sheet(xml: bytes) -> bool:
    """Whether the fast pass vouched for ``xml``; asserts it agrees with the general pass."""
    try:
        expected = general(xml)
    except R._TooMany:
        return False
    got = fast(xml)
    assert got is None or got == expected, xml
    plain = R.plain_sheet(xml)
    if plain is not None and plain.finite:  # no value that reads as other than a finite number
        import re

        for text in re.findall(rb"<v>([^<]*)</v>", xml):
            assert math.isfinite(float(text)), text
    return got is not None


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_generated_sheet_is_scanned_by_the_fast_pass_as_by_the_general_one(rnd):
    check_sheet(make_sheet(rnd))


def test_the_generated_sheets_are_often_plain_and_often_not():
    import random

    vouched = [check_sheet(make_sheet(random.Random(seed))) for seed in range(400)]
    assert 60 < sum(vouched) < 340


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="'\"set&#<>c r=1x", max_size=40))
def test_the_quick_gates_never_pass_over_what_the_patterns_find(text):
    xml = text.encode()
    if not R._quoted_e(xml):
        assert not any(q in xml for q in R._QUOTED_E)
    if not R._may_hold_string_cells(xml):
        assert not R._STRING_CELL.findall(xml) and not R._STRING_CELL_PLAIN.findall(xml)
    if not R._declares_dtd(xml):
        assert not any(mark in xml for mark in R._DTD_MARKS)


@pytest.mark.parametrize(
    "value,top",
    [("L", ["A", "K", "L"]), ("AB", ["Z", "AA", "AB"]), ("IV", ["A", "HZ", "IA", "IU", "IV"])],
)
def test_not_above_accepts_the_columns_up_to_its_value_and_no_further(value, top):
    import re

    pattern = re.compile(R._not_above(value, R._LETTERS, R._LETTERS) + "$")
    columns = [R.col_letter(c) for c in range(800)]
    last = columns.index(value)
    assert [c for c in columns if pattern.match(c)] == columns[: last + 1]
    assert all(pattern.match(c) for c in top)
    rows = re.compile(R._not_above("30001", R._DIGITS[1:], R._DIGITS) + "$")
    assert [n for n in range(1, 100_000) if rows.match(str(n))] == list(range(1, 30_002))
    assert not rows.match("030001") and not rows.match("0")
