"""The sample printed through LibreOffice: a page for every printable sheet (pairings, standings,
cross-table, record cards, deal-by-deal levels)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "shuangsheng-24.xlsx"


@pytest.fixture
def soffice():
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("LibreOffice (soffice) is not installed; CI must install it to test printing")
        pytest.skip("LibreOffice (soffice) is not installed on this machine")
    return found


def test_run_pdf_prints_every_printable_sheet(soffice, invoke, tmp_path):
    out = tmp_path / "s.out.xlsx"
    result = invoke("run", SAMPLE, "-o", out, "--pdf")
    assert result.exit_code == 0, result.stderr
    pdf = (tmp_path / "s.out.pdf").read_bytes()
    meta = {r[0]: r[1] for r in load_workbook(out)["_meta"].iter_rows(values_only=True)}
    printable = meta["printable"].split("|")
    assert printable == ["对阵表", "排名", "成绩总表", "成绩卡", "逐副级数"]
    assert pdf[:4] == b"%PDF" and len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf)) >= len(printable)
