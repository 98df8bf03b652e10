"""Report and carried-over sheets are streamed row by row (XlsxWriter's constant_memory mode for
those sheets alone), input sheets with their Excel Tables are not; nothing is left behind."""

from __future__ import annotations

import os
import zipfile
from fractions import Fraction

from ttools.workbook.write import Block, Meta, Report, WorkbookWriter


def test_report_sheets_stream_and_leave_no_temporary_files(tmp_path):
    path = tmp_path / "out.xlsx"
    w = WorkbookWriter(str(path), Meta("test", "event", "en", "0"))
    rows = [[i, f"name {i}", Fraction(i, 3), "甲乙" * (i % 3)] for i in range(200)]
    w.report_sheet(
        Report("Big", "Big", "Big", [Block("b", ["n", "name", "third", "wide"], rows, number_format={2: "0.00"})])
    )
    w.report_sheet(Report("Empty", "Empty", "Empty", []))
    w.raw_sheet("Carried", [["a", 1], ["", 2.5]])
    streamed = list(w._streamed)
    w.close()
    assert len(streamed) == 3
    for ws in streamed:
        assert not os.path.exists(ws.row_data_filename)
    with zipfile.ZipFile(path) as zf:
        big = zf.read("xl/worksheets/sheet1.xml").decode()
    assert 't="inlineStr"' in big and "<v>0.6666666666666666</v>" in big  # Fraction(2, 3) as a number
    # widths in one pass per column: the widest shown value + 2 ("甲乙甲乙" is 8 columns wide)
    assert '<col min="4" max="4" width="10.7109375" customWidth="1"/>' in big
    assert '<col min="3" max="3" width="7.7109375" customWidth="1"/>' in big  # "66.67" + 2
