"""Report sheets as Excel prints them: manual page breaks planned from the rows' heights (a
block's title and notes on the page of its table, a block that fits a page never split, page
groups on pages of their own), a set print scale wherever there are breaks (Excel's "fit to
width" overrides manual breaks), wall sheets in larger type with rules and room between the
columns, coloured text, and wall charts scaled to fill their page."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from ttools.workbook.write import (
    _BLANK_ROW,
    _PAGE_HEIGHT,
    _PAGE_POINTS,
    _PAGE_ROOM,
    COLORS,
    TYPE_POINTS,
    Block,
    Meta,
    PageUnit,
    Report,
    WorkbookWriter,
    plan_pages,
    print_scale,
    sheet_points,
    text_width,
)

ROOT = Path(__file__).resolve().parents[2]


def _write(tmp_path: Path, *reports: Report, lang: str = "en", name: str = "w.xlsx") -> Path:
    path = tmp_path / name
    w = WorkbookWriter(str(path), Meta("test", "event", lang, "0"))
    for report in reports:
        w.report_sheet(report)
    w.close()
    return path


def _rows(n: int, start: int = 1) -> list[list[object]]:
    return [[start + i, f"name {start + i}", (start + i) * 10] for i in range(n)]


# ---- the planner -------------------------------------------------------------------------------


def _unit(count: int, notes: int = 0, **kw) -> PageUnit:
    return PageUnit(15.0, 15.0, 15.0, count, 15.0 * notes, **kw)


def _pages(units, plans, page, top=0.0, gap=_BLANK_ROW, repeat=30.0):
    """Replay a plan: the page of each block's first row-stack element (title, each row, notes)
    and the height used on every page, which must never pass ``page``."""
    where, used, n, heights = [], top, 0, []
    for u, (start, inside) in zip(units, plans):
        if start:
            heights.append(used)
            used, n = 0.0, n + 1
        mine = {"title": n}
        used += u.title + u.header
        rows = []
        for r in range(u.count):
            if r in inside:
                heights.append(used)
                used, n = repeat, n + 1
            used += u.row
            rows.append(n)
        used += u.notes
        mine.update(rows=rows, notes=n)
        where.append(mine)
        used += gap
    heights.append(used - gap)
    return where, heights


def test_a_block_that_fits_a_page_starts_a_fresh_one_rather_than_splitting():
    page = 40 * 15.0
    units = [_unit(20), _unit(30)]  # 20 + 30 rows do not fit one page; 30 fit a page of their own
    plans = plan_pages(units, page)
    assert plans == [(False, []), (True, [])]
    where, heights = _pages(units, plans, page)
    assert set(where[1]["rows"]) == {where[1]["title"]} and max(heights) <= page


def test_the_first_block_never_leaves_the_sheet_title_alone_on_a_page():
    """A block that asks for a page of its own (hand records, table cards) gets none before it
    when only the sheet's title stands above: a page holding only a title is no page."""
    plans = plan_pages([_unit(5, own_page=True), _unit(5, own_page=True)], 600.0, top=45.0)
    assert plans == [(False, []), (True, [])]


def test_a_long_block_keeps_its_title_with_rows_and_its_notes_with_its_last_two_rows():
    page = 20 * 15.0
    units = [_unit(8), _unit(50, notes=2)]
    plans = plan_pages(units, page, repeat=30.0)
    where, heights = _pages(units, plans, page, repeat=30.0)
    long = where[1]
    assert long["rows"][0] == long["title"]  # the title is on the page of its first rows
    assert long["rows"][-1] == long["rows"][-2] == long["notes"]  # the notes with two rows
    assert max(heights) <= page
    assert plans[1][1], "a block longer than a page runs on, its headings repeated"


def test_a_long_block_starts_on_a_fresh_page_when_less_than_three_rows_would_fit():
    page = 20 * 15.0
    units = [_unit(15), _unit(50)]  # 15 rows, a gap: the next title, headings and one row would fit
    assert plan_pages(units, page)[1][0] is True
    units = [_unit(5), _unit(50)]  # plenty of room: it starts where it is and runs on
    assert plan_pages(units, page)[1][0] is False


def test_a_page_group_prints_together_on_a_page_of_its_own():
    page = 40 * 15.0
    units = [_unit(3), _unit(4, group="a"), _unit(4, group="a"), _unit(3), _unit(3, group="b")]
    plans = plan_pages(units, page)
    assert [start for start, _ in plans] == [False, True, False, True, True]
    # a group too tall for one page is laid out block by block, still from a fresh page
    units = [_unit(3), _unit(30, group="a"), _unit(30, group="a")]
    plans = plan_pages(units, page)
    assert [start for start, _ in plans] == [False, True, True]


def test_one_table_sheets_get_no_planned_breaks_inside():
    """One table with its headings repeated by Excel (print titles): Excel's own breaks."""
    assert plan_pages([_unit(500)], 600.0, split=False) == [(False, [])]


def test_print_scale_fits_the_width_and_with_fit_fills_the_page():
    narrow = {0: 6, 1: 20, 2: 8}
    assert print_scale(narrow, True) == 100  # never enlarged unless asked
    filled = print_scale(narrow, True, fit=True)
    assert filled > 100 and abs(sheet_points(narrow) * filled / 100 - _PAGE_POINTS[True] * _PAGE_ROOM) < 10
    # the tallest group that fits a page caps it: at that scale it still fits one page
    tall = 400.0
    capped = print_scale(narrow, True, fit=True, heights=[tall, 100.0])
    assert capped < filled and tall * capped / 100 <= _PAGE_HEIGHT[True] * _PAGE_ROOM
    wide = {c: 30 for c in range(12)}
    assert print_scale(wide, False) == int(_PAGE_POINTS[False] * _PAGE_ROOM / sheet_points(wide) * 100)


# ---- in the written workbook -------------------------------------------------------------------


def _sheet(path: Path, index: int = 0):
    return openpyxl.load_workbook(path).worksheets[index]


def _printed_width(ws) -> float:
    """The sheet's columns as printed at 100 %, in points: a stored width of w is w * 7 pixels."""
    return sum(round(d.width * 7) * 0.75 * (d.max - d.min + 1) for d in ws.column_dimensions.values())


def _page_of(breaks: list[int], row: int) -> int:
    """The page (0-based) of a sheet row (1-based), given Excel's row breaks (after that row)."""
    return sum(1 for b in breaks if b < row)


def test_written_breaks_keep_titles_and_notes_with_their_tables_and_set_a_scale(tmp_path):
    blocks = [
        Block(f"Table {k}", ["No", "Name", "Score"], _rows(n, 100 * k), notes=[f"note {k}"])
        for k, n in enumerate((12, 20, 25, 90, 6))
    ]
    path = _write(tmp_path, Report("R", "R", "Several tables", blocks))
    ws = _sheet(path)
    breaks = [b.id for b in ws.row_breaks.brk]
    assert breaks, "five tables of 150 rows do not fit one page"
    # Excel's "fit to width" would override the breaks: the scale they were planned at is set
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    page = _PAGE_HEIGHT[False] * _PAGE_ROOM * 100 / (ws.page_setup.scale or 100)
    titles = {c.value: c.row for c in ws["A"] if isinstance(c.value, str) and c.value.startswith("Table ")}
    notes = {c.value: c.row for c in ws["A"] if isinstance(c.value, str) and c.value.startswith("note ")}
    for k, n in enumerate((12, 20, 25, 90, 6)):
        title, note = titles[f"Table {k}"], notes[f"note {k}"]
        first_row, last_row = title + 2, note - 1
        assert _page_of(breaks, title) == _page_of(breaks, first_row), k
        assert _page_of(breaks, note) == _page_of(breaks, last_row) == _page_of(breaks, last_row - 1), k
        if (n + 3) * 15 <= page:  # it fits a page: it is not split
            assert _page_of(breaks, title) == _page_of(breaks, note), k
    # every page holds no more than a page's height of rows
    edges = [0, *breaks, ws.max_row]
    assert all((b - a) * 15 <= page + 15 for a, b in zip(edges, edges[1:]))
    # the long table's continuation pages start with its title and headings again
    cont = [c.row for c in ws["A"] if c.value == "Table 3 (continued)"]
    assert cont and all(r - 1 in breaks and ws.cell(r + 1, 1).value == "No" for r in cont)


def test_page_groups_start_a_page_in_the_written_sheet(tmp_path):
    blocks = [
        Block("Intro", ["No"], [[1], [2]]),
        Block("Day 2 A", ["No"], [[1], [2]], page_group="day2"),
        Block("Day 2 B", ["No"], [[1], [2]], page_group="day2"),
        Block("Day 3", ["No"], [[1], [2]], page_group="day3"),
    ]
    ws = _sheet(_write(tmp_path, Report("R", "R", "Groups", blocks)))
    breaks = [b.id for b in ws.row_breaks.brk]
    row = {c.value: c.row for c in ws["A"] if isinstance(c.value, str)}
    assert breaks == [row["Day 2 A"] - 1, row["Day 3"] - 1]


def test_fields_left_unset_change_nothing_in_the_file(tmp_path):
    """A wall sheet or coloured text elsewhere in the workbook leaves a plain sheet's XML as it was."""
    plain = Report("A", "A", "Plain", [Block("t", ["No", "Name"], _rows(5)), Block("u", ["No"], [[1]])])
    wall = Report("B", "B", "Wall", [Block("", ["No", "Name"], _rows(5), colors={(0, 1): "red"})], wall=True)
    alone = _write(tmp_path, plain, name="alone.xlsx")
    both = _write(tmp_path, plain, wall, name="both.xlsx")
    with zipfile.ZipFile(alone) as a, zipfile.ZipFile(both) as b:
        assert a.read("xl/worksheets/sheet1.xml") == b.read("xl/worksheets/sheet1.xml")


def test_coloured_text_is_a_dark_red_on_its_cells_only(tmp_path):
    block = Block("Hands", ["Seat", "Hand"], [["N", "AK"], ["E", "QJ"]], colors={(0, 1): "red", (1, 0): "red"})
    ws = _sheet(_write(tmp_path, Report("R", "R", "Hands", [block])))
    assert COLORS["red"] == "#C00000"
    red = {
        c.coordinate
        for row in ws.iter_rows(min_row=4)
        for c in row
        if c.font.color is not None and c.font.color.rgb == "FFC00000"
    }
    assert red == {"B5", "A6"}
    assert ws["A5"].border.left.style == ws["B5"].border.left.style  # only the colour differs


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_wall_sheet_has_larger_type_taller_rows_and_room_between_number_columns(tmp_path, lang):
    rows = [[t, f"{t + 10}", f"Pair {t}", 1, 10] for t in range(1, 9)]
    header = ["Table", "Pair", "Name", "Pts", "Pts"]
    paper = _sheet(_write(tmp_path, Report("R", "R", "Pairings", [Block("", header, rows)]), lang=lang, name="p.xlsx"))
    wall = _sheet(_write(tmp_path, Report("R", "R", "Pairings", [Block("", header, rows)], wall=True), lang=lang))
    body, _, title = TYPE_POINTS[True]
    assert wall["A1"].font.sz == title and wall["A4"].font.sz == body and wall["A5"].font.sz == body
    assert paper["A5"].font.sz == 11
    assert wall.sheet_format.customHeight and wall.sheet_format.defaultRowHeight > paper.sheet_format.defaultRowHeight
    assert wall.row_dimensions[1].ht > wall.sheet_format.defaultRowHeight
    font = wall["A5"].font.name
    for col, values in zip("ABDE", ([r[0] for r in rows], [r[1] for r in rows], [1], [10])):
        cell = wall[f"{col}5"]
        # right-aligned a space from the rule, with room for the type at 14 pt beside its value
        assert cell.alignment.horizontal == "right" and cell.alignment.indent >= 1
        assert cell.border.left.style == "thin" and cell.border.left.color.rgb == "FF7F7F7F"
        widest = max(text_width(str(v), font) for v in values) * body / 11
        assert wall.column_dimensions[col].width >= widest + 3
        assert wall.column_dimensions[col].width >= paper.column_dimensions[col].width


def test_a_fitted_wall_chart_fills_its_page(tmp_path):
    rounds = [f"R{r}" for r in range(1, 7)]
    chart = [Block("A", ["No", *rounds], [[i] + ["W 400:300 v12"] * 6 for i in range(8)], page_group="A")]
    ws = _sheet(_write(tmp_path, Report("C", "C", "Wall chart", chart, landscape=True, fit=True)))
    scale = ws.page_setup.scale
    assert scale and scale > 100 and not ws.sheet_properties.pageSetUpPr.fitToPage
    printed = _printed_width(ws) * scale / 100
    assert 0.95 * _PAGE_POINTS[True] * _PAGE_ROOM < printed <= _PAGE_POINTS[True] * _PAGE_ROOM
    # and its rows still on one page at that scale
    assert (ws.max_row * 15 + 5) * scale / 100 <= _PAGE_HEIGHT[True]


def test_the_scrabble_wall_chart_prints_a_division_a_page_scaled_to_it(invoke, tmp_path):
    src = tmp_path / "scrabble.xlsx"
    shutil.copyfile(ROOT / "samples" / "scrabble-3div.xlsx", src)
    out = tmp_path / "out.xlsx"
    assert invoke("run", src, "-o", out).exit_code in (0, 1)
    wb = openpyxl.load_workbook(out)
    ws = next(ws for ws in wb.worksheets if ws.title in ("對賽總表", "CrossTable"))
    breaks = [b.id for b in ws.row_breaks.brk]
    titles = [c.row for c in ws["A"] if isinstance(c.value, str) and "：各回合" in c.value]
    assert len(titles) == 3 and breaks == [r - 1 for r in titles[1:]]  # a division a page
    scale = ws.page_setup.scale
    assert scale and not ws.sheet_properties.pageSetUpPr.fitToPage
    assert 0.9 * _PAGE_POINTS[True] * _PAGE_ROOM <= _printed_width(ws) * scale / 100 <= _PAGE_POINTS[True]


def test_shuangsheng_pairings_and_standings_are_wall_sheets(invoke, tmp_path):
    """Issue 24: the pairing sheet and standings posted for the pairs, in a type for a wall and
    with adjacent number columns apart (table 1, pair 12 never reads "112")."""
    src = tmp_path / "shuangsheng.xlsx"
    shutil.copyfile(ROOT / "samples" / "shuangsheng-24.xlsx", src)
    out = tmp_path / "out.xlsx"
    assert invoke("run", src, "-o", out).exit_code in (0, 1)
    wb = openpyxl.load_workbook(out)
    body = TYPE_POINTS[True][0]
    for name in ("对阵表", "排名"):
        ws = wb[name]
        header = next(r for r in range(1, 8) if ws.cell(r, 1).fill.fgColor.rgb == "FF1F4E78")
        first = ws.cell(header + 1, 1)
        assert first.font.sz == body and ws.cell(header, 1).font.sz == body, name
        assert ws.sheet_format.defaultRowHeight >= 21, name
        a, b = first, ws.cell(header + 1, 2)  # table (or rank) and pair id, side by side
        assert a.alignment.horizontal == b.alignment.horizontal == "right" and b.alignment.indent >= 1, name
        assert b.border.left.style == "thin" and b.border.left.color.rgb == "FF7F7F7F", name
    other = wb["成绩卡"]
    assert other.cell(5, 1).font.sz in (None, 11)  # the record cards stay paper sheets
