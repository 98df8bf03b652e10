"""Workbooks that behave as Excel users expect: validations that say what is allowed, frozen
headings, input tabs told apart from output tabs, Problems linked to their cells, input tables as
long as their validations, Office fonts with widths measured for them, numbers aligned as one,
and the Guide as wrapped paragraphs."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from ttools.workbook.write import (
    FONTS,
    INPUT_TAB,
    OUTPUT_TAB,
    Block,
    Meta,
    Report,
    WorkbookWriter,
    problems_report,
    text_width,
    validation_error,
    wrapped_height,
)

ROOT = Path(__file__).resolve().parents[2]
NEW = [
    ("nations-cup", "--teams", "12", "--lang", "zh-Hant"),
    ("scrabble", "--players", "24", "--lang", "zh-Hans"),
    ("shengji", "--players", "32", "--lang", "en"),
    ("shuangsheng", "--pairs", "16", "--lang", "en"),
]


@pytest.fixture(scope="module")
def blanks(tmp_path_factory):
    from click.testing import CliRunner

    from ttools.cli import cli

    out = {}
    for args in NEW:
        path = tmp_path_factory.mktemp("new") / f"{args[0]}-{args[-1]}.xlsx"
        result = CliRunner().invoke(cli, ["new", args[0], str(path), *args[1:]])
        assert result.exit_code == 0, result.output
        out[args] = openpyxl.load_workbook(path)
    return out


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    from click.testing import CliRunner

    from ttools.cli import cli

    out = {}
    for sample in ("nations-cup-12.xlsx", "shengji-30.xlsx"):
        folder = tmp_path_factory.mktemp("run")
        src, target = folder / sample, folder / "out.xlsx"
        shutil.copyfile(ROOT / "samples" / sample, src)
        result = CliRunner().invoke(cli, ["run", str(src), "-o", str(target)])
        assert result.exit_code in (0, 1), result.output
        out[sample] = openpyxl.load_workbook(target)
    return out


def _validations(wb):
    return [(ws.title, dv) for ws in wb.worksheets for dv in ws.data_validations.dataValidation]


def test_every_validation_that_can_refuse_says_what_is_allowed(blanks):
    seen = 0
    for args, wb in blanks.items():
        for sheet, dv in _validations(wb):
            if dv.type is None:  # "any value": an input message only, Excel never refuses
                continue
            seen += 1
            assert dv.showErrorMessage, (args, sheet, dv.sqref)
            assert dv.errorTitle and dv.error, (args, sheet, dv.sqref)
            assert len(dv.errorTitle) <= 32 and len(dv.error) <= 255
            if args[-1].startswith("zh"):
                assert not dv.errorTitle.isascii(), (args, sheet, dv.errorTitle)
    assert seen > 50


def test_validation_errors_name_what_is_allowed():
    assert validation_error("zh-Hant", "list", "組別", choices=("A", "B"))["error_title"] == "不在清單中"
    assert validation_error("en", "list", "Division", choices=("A", "B")) == {
        "error_title": "Not in the list",
        "error_message": "Division must be one of: A, B",
    }
    assert "1 至 24" in validation_error("zh-Hant", "place", "名次", lo=1, hi=24)["error_message"]
    assert "3=" in validation_error("en", "place", "Place", lo=1, hi=24)["error_message"]
    assert validation_error("zh-Hans", "integer", "分数", lo=0, hi=None)["error_message"] == "分数须为不小于 0 的整数。"
    long = validation_error("en", "list", "X", choices=[f"choice-{i}" for i in range(200)])
    assert len(long["error_message"]) <= 255


def test_input_tabs_are_coloured_apart_from_output_tabs(outputs, blanks):
    wb = outputs["nations-cup-12.xlsx"]
    colours = {
        ws.title: ws.sheet_properties.tabColor.rgb[-6:] if ws.sheet_properties.tabColor else None
        for ws in wb.worksheets
        if ws.sheet_state == "visible"
    }
    inputs = {ws.title for ws in wb.worksheets if ws.title in colours and (ws.tables or ws["A1"].value == "key")}
    assert inputs and all(colours[s] == INPUT_TAB[1:] for s in inputs)
    assert all(colours[s] == OUTPUT_TAB[1:] for s in colours if s not in inputs)
    assert len(set(colours.values())) == 2


def test_report_sheets_freeze_their_headings(outputs):
    wb = outputs["shengji-30.xlsx"]
    reports = [
        ws
        for ws in wb.worksheets
        if ws.sheet_properties.tabColor is not None
        and ws.sheet_properties.tabColor.rgb.endswith(OUTPUT_TAB[1:])
        and ws.max_row > 3
        and ws.title not in ("Guide", "說明", "说明")
    ]
    assert reports
    for ws in reports:
        if ws.print_title_rows:  # one table: frozen under its heading row
            assert ws.freeze_panes == f"A{int(ws.print_title_rows.split(':')[-1].lstrip('$')) + 1}", ws.title
        else:
            assert ws.freeze_panes is not None, ws.title


def test_input_tables_run_as_far_as_their_validations(blanks):
    for args, wb in blanks.items():
        for ws in wb.worksheets:
            for table in ws.tables.values():
                _, _, _, last = range_boundaries(table.ref)
                for dv in ws.data_validations.dataValidation:
                    for rng in str(dv.sqref).split():
                        assert range_boundaries(rng)[3] <= last, (args, ws.title, table.ref, rng)
                assert last >= 501, (args, ws.title, table.ref)
            if ws.tables:
                assert ws.protection.insertRows is False and ws.protection.sort is False  # allowed


def _writer(tmp_path, lang="en"):
    return WorkbookWriter(str(tmp_path / "w.xlsx"), Meta("test", "event", lang, "0"))


def test_problems_link_to_their_cells_inside_the_workbook_only(tmp_path):
    from ttools.problems import Where, define, error

    code = define("test-code", "a {x}", "甲 {x}", "甲 {x}")
    w = _writer(tmp_path)
    ws = w.wb.add_worksheet("Players")
    ws.write_string(0, 0, "id")
    w.wb.add_worksheet("It's")
    problems = [
        error(code, Where("Players", "B7"), x="=1+1"),
        error(code, Where("It's", "C3"), x="y"),
        error(code, Where("Elsewhere", "A1"), x="y"),
        error(code, Where("Players", '=HYPERLINK("http://x")'), x="y"),
    ]
    w.report_sheet(problems_report(problems, "en"))
    w.close()
    out = openpyxl.load_workbook(tmp_path / "w.xlsx")["Problems"]
    links = {
        c.coordinate: (c.value, c.hyperlink.location, c.hyperlink.target)
        for row in out.iter_rows()
        for c in row
        if c.hyperlink is not None
    }
    head = next(r for r in range(1, 10) if out.cell(r, 1).value == "Severity")
    assert links == {f"C{head + 1}": ("B7", "'Players'!B7", None), f"C{head + 2}": ("C3", "'It''s'!C3", None)}
    assert out.cell(head + 1, 5).value == "a =1+1" and out.cell(head + 1, 5).data_type == "s"
    assert out.cell(head + 4, 3).value == '=HYPERLINK("http://x")' and out.cell(head + 4, 3).data_type == "s"


def test_office_fonts_and_widths_measured_for_them(outputs):
    assert FONTS == {"zh-Hant": "Microsoft JhengHei", "zh-Hans": "Microsoft YaHei", "en": "Calibri"}
    assert text_width("名次", "Microsoft JhengHei") == 4  # full width stays two
    assert text_width("1234567", "Microsoft JhengHei") == pytest.approx(8)
    assert text_width("1234567", "Calibri") == 7
    assert wrapped_height("x" * 10, 100, 17.25, "Microsoft YaHei") == 17.25
    fonts = {
        c.font.name
        for ws in outputs["shengji-30.xlsx"].worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value is not None and ws.sheet_state == "visible"
    }
    assert fonts == {"Microsoft YaHei"}


def test_numbers_and_shared_places_align_as_one_with_a_gap(tmp_path):
    w = _writer(tmp_path)
    w.report_sheet(
        Report(
            "R",
            "R",
            "R",
            [Block("", ["Place", "Score", "Name"], [[1, 10, "Ann"], ["3=", 9, "Bob"], ["3=", 9.5, "Cy"]])],
        )
    )
    w.close()
    ws = openpyxl.load_workbook(tmp_path / "w.xlsx")["R"]
    head = next(r for r in range(1, 10) if ws.cell(r, 1).value == "Place")
    for r in range(head + 1, head + 4):
        for c in (1, 2):
            assert ws.cell(r, c).alignment.horizontal == "right" and ws.cell(r, c).alignment.indent == 1
        assert ws.cell(r, 3).alignment.horizontal is None


def test_the_guide_is_one_wrapped_cell_per_paragraph(tmp_path):
    w = _writer(tmp_path, "zh-Hant")
    paragraph = "於「參賽者」填寫每位參賽者之編號、姓名、評分、會籍及組別（只與同組對賽）。" * 4
    w.guide_sheet("說明", "標題", [("流程", [paragraph, "短"])])
    w.close()
    ws = openpyxl.load_workbook(tmp_path / "w.xlsx")["說明"]
    assert ws["A4"].value == paragraph and ws["A4"].alignment.wrap_text
    assert ws["A5"].value == "短"
    lines = math.ceil(text_width(paragraph, "Microsoft JhengHei") / 98)
    assert lines > 1 and ws.row_dimensions[4].height == pytest.approx(17.25 * lines)
    assert ws.row_dimensions[5].height == pytest.approx(17.25)
