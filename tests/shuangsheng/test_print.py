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
