"""The sample printed: a page for every printable sheet (pairings, scoresheets, standings, cross-table,
record cards, deal-by-deal levels), each page headed by its sheet's name, in the SC face."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook

from tests.test_pdf import cjk, pages_text, pdf_fonts  # noqa: F401  (cjk: a fixture)

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "shuangsheng-24.xlsx"


def test_run_pdf_prints_every_printable_sheet(cjk, invoke, tmp_path):  # noqa: F811
    out = tmp_path / "s.out.xlsx"
    result = invoke("run", SAMPLE, "-o", out, "--pdf")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "s.out.pdf"
    meta = {r[0]: r[1] for r in load_workbook(out)["_meta"].iter_rows(values_only=True)}
    printable = meta["printable"].split("|")
    assert printable == ["对阵表", "记分表", "排名", "成绩总表", "成绩卡", "逐副级数"]
    headed = [next(name for name in printable if name in page.splitlines()[0]) for page in pages_text(pdf)]
    assert sorted(set(headed), key=printable.index) == printable and headed == sorted(headed, key=printable.index)
    assert all(n.startswith("NotoSansCJKsc") for n in pdf_fonts(pdf) if "CJK" in n)


def test_blank_scoresheets_print_one_table_a_page_for_17_and_64_pairs(cjk, invoke, tmp_path):  # noqa: F811
    """The blank scoresheets in the PDF: for 17 pairs (a bye) and 64 pairs, every table of the
    round seated has its page, headed by the sheet, with its round, table and both pairs' names,
    a row for each deal and the kitty rule; no page holds two tables' sheets."""
    from ttools.competitions.shuangsheng.competition import write_input_workbook
    from ttools.competitions.shuangsheng.report import SCORESHEET_DEALS

    for n in (17, 64):
        pairs = [
            {"id": i, "name": f"Pair{i}", "player1": f"North{i}", "player2": f"South{i}", "club": f"C{i % 5}"}
            for i in range(1, n + 1)
        ]
        path = tmp_path / f"e{n}.xlsx"
        write_input_workbook(str(path), pairs, {}, event={"seed": "s", "rounds": 7}, lang="en")
        out = tmp_path / f"e{n}.out.xlsx"
        result = invoke("run", path, "-o", out, "--pdf")
        assert result.exit_code == 0, result.stderr
        pages = [p for p in pages_text(tmp_path / f"e{n}.out.pdf") if "Scoresheets" in p.splitlines()[0]]
        assert len(pages) == n // 2
        for k, page in enumerate(pages, start=1):
            flat = " ".join(page.split())
            assert f"Round 1, table {k} " in flat and flat.count("Round 1, table") == 1
            assert flat.count("North") == 2 and flat.count("South") == 2
            assert str(SCORESHEET_DEALS) in flat.split() and "×2" in flat


def test_the_blank_scoresheets_are_set_in_the_wall_type_to_be_written_on(cjk, invoke, tmp_path):  # noqa: F811
    """The scoresheets are filled in by hand at the table: in the workbook their deal rows are as
    tall as the wall sheets' type (the pairing sheet's), not the 11 pt of a sheet to be read."""
    out = tmp_path / "s.out.xlsx"
    assert invoke("run", SAMPLE, "-o", out).exit_code == 0
    wb = load_workbook(out)
    sheet, pairings, cards = wb["记分表"], wb["对阵表"], wb["成绩卡"]
    deal_rows = [r for r in range(1, 40) if sheet.cell(r, 1).value == 1]
    assert deal_rows, "no deal row 1 on the scoresheets"
    row = deal_rows[0]
    assert sheet.row_dimensions[row].height is not None and sheet.row_dimensions[row].height >= 21
    assert sheet.cell(row, 1).font.sz == pairings.cell(5, 1).font.sz > cards.cell(5, 1).font.sz
