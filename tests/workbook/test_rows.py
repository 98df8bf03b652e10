"""RowStream writes a row as XlsxWriter's own cell writers would, byte for byte: the sheet XML
and the styles of a workbook written through it equal those written cell by cell."""

from __future__ import annotations

import zipfile

import xlsxwriter
from hypothesis import given, settings, strategies as st

from ttools.workbook.rows import RowStream, write_plain


def _write(path, rows, fast: bool, prefix=(), suffix=(), height=None):
    wb = xlsxwriter.Workbook(
        str(path), {"strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}
    )
    formats = [
        None,
        wb.add_format({"bold": True}),
        wb.add_format({"num_format": "0.00", "border": 1}),
        wb.add_format({"bg_color": "#C6EFCE"}),
    ]
    # a sheet kept in memory before the streamed one (as WorkbookWriter makes them): its cells
    # take their style numbers at close, after the streamed rows written out before then
    guide = wb.add_worksheet("Guide")
    guide.write_string(0, 0, "guide", wb.add_format({"italic": True}))
    guide.write_string(1, 0, "more", formats[3])
    wb.constant_memory = True
    ws = wb.add_worksheet("S")
    wb.constant_memory = False
    if height is not None:  # a wall sheet's rows, as high as its larger type
        ws.set_default_row(height)
    stream = RowStream(ws)
    r = 0
    for line in prefix:  # rows written cell by cell before (titles, headings)
        ws.write_string(r, 0, line, formats[1])
        r += 1
    for values, fmts in rows:
        fmts = [formats[k] for k in fmts]
        if fast:
            stream.row(r, values, fmts)
        else:
            for c, v in enumerate(values):
                write_plain(ws, r, c, v, fmts[c])
        r += 1
    for line in suffix:
        ws.write_string(r, 1, line)
        r += 1
    ws.set_column(0, 3, 12)
    wb.close()
    ws._opt_close()
    with zipfile.ZipFile(path) as z:
        return z.read("xl/worksheets/sheet1.xml"), z.read("xl/worksheets/sheet2.xml"), z.read("xl/styles.xml")


def _same(tmp_path, rows, prefix=(), suffix=(), height=None):
    slow = _write(tmp_path / "slow.xlsx", rows, False, prefix, suffix, height)
    fast = _write(tmp_path / "fast.xlsx", rows, True, prefix, suffix, height)
    assert fast == slow


def test_every_kind_of_cell_is_written_as_xlsxwriter_writes_it(tmp_path):
    rows = [
        (["plain", 1, 2.5, None], [0, 1, 2, 3]),
        ([" lead", "trail ", "a & b < c > d", '"quoted"\nline'], [1, 1, 0, 0]),
        (["", None, "", 0], [1, 0, 2, 0]),  # blanks: written only with a format
        ([1 / 3, -0.0, 1e20, 12345678901234567890], [2, 2, 0, 0]),
        (["中文 全形　", "tab\tin", "x", True], [0, 3, 3, 1]),  # a boolean: the worksheet's own writer
        (["ctrl\x01char", "_x0041_ text", "<r>rich</r>", "ok"], [0, 1, 0, 0]),
        (["y" * 20_000, 7, None, None], [0, 0, 0, 0]),  # long text
        ([None, None, None, None], [0, 0, 0, 0]),  # nothing to write
        ([None, None, "late", None], [0, 0, 1, 0]),
    ]
    _same(tmp_path, rows, prefix=["Title", "Heading"], suffix=["note"])


def test_rows_of_a_sheet_with_a_default_row_height_are_written_as_xlsxwriter_writes_them(tmp_path):
    rows = [(["plain", 1, 2.5, None], [0, 1, 2, 3]), (["", None, "x", 0], [1, 0, 2, 0]), (["ctrl\x01", 2], [0, 0])]
    for height in (21.75, 30, 11.25, 15):  # 15: Excel's own, no custom height
        _same(tmp_path, rows, prefix=["Title"], suffix=["note"], height=height)
    assert b'<row r="2" ht="21.75" customHeight="1">' in _write(tmp_path / "h.xlsx", rows, True, ["T"], (), 21.75)[1]


def test_rows_mixed_with_cell_by_cell_rows_keep_their_order(tmp_path):
    rows = [(["a", 1], [1, 2]), (["b", 2], [0, 0])]
    _same(tmp_path, rows * 3, prefix=["t"], suffix=["n1", "n2"])


def test_the_last_row_takes_its_style_numbers_at_close_as_xlsxwriter_numbers_them(tmp_path):
    """The last row of a streamed sheet is written out when the workbook closes, after the sheets
    kept in memory before it: a format it is the first to use is numbered after theirs."""
    rows = [(["a", 1], [2, 2]), (["last", 2.5], [1, 3])]
    _same(tmp_path, rows, prefix=["t"])
    _same(tmp_path, rows[1:])


_value = st.one_of(
    st.none(),
    st.integers(-(10**18), 10**18),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", " ", "&", "<b>", "_x0000_", "\x07"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.tuples(_value, st.integers(0, 3)), min_size=0, max_size=6), max_size=8))
def test_any_rows_are_written_as_xlsxwriter_writes_them(tmp_path_factory, grid):
    tmp = tmp_path_factory.mktemp("rows")
    rows = [([v for v, _ in row], [f for _, f in row]) for row in grid]
    _same(tmp, rows, prefix=["T"])
    _same(tmp, rows, prefix=["T"], height=24)


def test_without_blanks_empty_cells_are_left_out_even_with_a_format(tmp_path):
    import openpyxl

    wb = xlsxwriter.Workbook(str(tmp_path / "b.xlsx"), {"constant_memory": True})
    ws = wb.add_worksheet("S")
    bold = wb.add_format({"bold": True})
    stream = RowStream(ws)
    ws.write_string(0, 0, "head")
    stream.row(1, ["a", "", None, 2], [bold] * 4, blanks=False)
    stream.row(2, ["", None, "b", "\x07"], [bold] * 4, blanks=False)  # the second takes the worksheet's writers
    wb.close()
    got = openpyxl.load_workbook(tmp_path / "b.xlsx")["S"]
    assert [[c.coordinate for c in row if c.has_style or c.value is not None] for row in got.iter_rows(min_row=2)] == [
        ["A2", "D2"],
        ["C3", "D3"],
    ]
