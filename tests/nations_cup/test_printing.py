"""Printing: a section that fits one page is kept on one page, a section that runs on repeats
its title and column headings on every continuation page, single-table sheets repeat their
heading row, and the page's font face is of its script."""

from __future__ import annotations

import openpyxl
import pytest

from tests.conftest import complete_sheets
from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.pipeline import process_file
from ttools.workbook.write import FONTS


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """A 13-team event (Traditional Chinese) and a 26-team one (English), up to Day 2, processed."""
    folder = tmp_path_factory.mktemp("print")
    out = {}
    for teams, lang in ((13, "zh-Hant"), (26, "en")):
        sheets = complete_sheets(teams)
        del sheets["NLH"], sheets["BountyLog"]
        src = folder / f"t{teams}.xlsx"
        write_input_workbook(str(src), teams, sheets, event={"seed": "print", "name": "Print Cup"}, lang=lang)
        target = folder / f"t{teams}.out.xlsx"
        process_file(str(src)).writer(str(target))
        out[teams] = openpyxl.load_workbook(target)
    return out


def pages(ws) -> list[int]:
    """First row (1-based) of every printed page after the first."""
    return [b.id + 1 for b in ws.row_breaks.brk]


def test_a_13_team_appendix_7_round_is_kept_on_one_page(printed):
    ws = printed[13][S.OUTPUTS["Appendix7"]["zh-Hant"]]
    starts = [
        r
        for r in range(1, ws.max_row + 1)
        if str(ws.cell(r, 1).value or "").startswith("第 ") and str(ws.cell(r, 1).value).endswith(" 輪")
    ]
    assert len(starts) == 2
    for start in starts:
        last = start + 1 + 13  # title, heading row, 13 tables
        assert not [b for b in pages(ws) if start < b <= last]


@pytest.mark.parametrize("key", ["Day2Draw", "Bounty"])
def test_a_section_that_runs_on_repeats_its_title_and_headings(printed, key):
    ws = printed[26][S.OUTPUTS[key]["en"]]
    breaks = pages(ws)
    assert breaks, "78 players a draw do not fit one page"
    headings = {tuple(c.value for c in row) for row in ws.iter_rows() if row[0].fill.fgColor.rgb in ("FF1F4E78",)}
    for b in breaks:
        title = ws.cell(b, 1).value
        heading = tuple(c.value for c in ws[b + 1])
        if title.endswith("(continued)"):
            assert heading in headings and heading[0] == "Table" or heading[0] == "Place"
        else:  # a new section starting on a fresh page
            assert ws.cell(b, 1).font.b


def test_single_table_sheets_repeat_their_heading_row(printed):
    ws = printed[26][S.OUTPUTS["Schedules"]["en"]]
    assert ws.print_title_rows and not pages(ws)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_the_font_face_is_of_the_page_script(tmp_path, lang):
    src = tmp_path / f"{lang}.xlsx"
    write_input_workbook(str(src), 12, complete_sheets(12), event={"seed": "f", "language": lang}, lang=lang)
    target = tmp_path / "out.xlsx"
    process_file(str(src)).writer(str(target))
    wb = openpyxl.load_workbook(target)
    ws = wb[wb.sheetnames[-3]]
    assert {c.font.name for row in ws.iter_rows() for c in row if c.value is not None} == {FONTS[lang]}
    assert FONTS["zh-Hant"] == "Microsoft JhengHei" and FONTS["zh-Hans"] == "Microsoft YaHei"
