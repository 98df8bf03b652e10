"""Every Simplified Chinese text of the Shengji workbook has its Traditional Chinese, and a
zh-Hant workbook carries no Simplified-only characters in its labels."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from openpyxl import load_workbook

from ttools.competitions.shengji.hant import HANT

PACKAGE = Path(__file__).resolve().parents[2] / "ttools" / "competitions" / "shengji"
HAN = re.compile(r"[\u4e00-\u9fff]")
SIMPLIFIED_ONLY = set("说赛规则参轮计级庄东绩谱时问题单组数")


def _texts() -> set[str]:
    found = set()
    for f in PACKAGE.glob("*.py"):
        if f.name == "hant.py":
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and HAN.search(node.value):
                found.add(node.value)
    return found


def test_every_chinese_text_has_its_traditional_form():
    missing = sorted(t for t in _texts() if t not in HANT)
    assert not missing, f"add to hant.HANT: {missing[:5]}"


def test_a_traditional_chinese_workbook_has_no_simplified_labels(invoke, tmp_path):
    path = tmp_path / "hant.xlsx"
    assert invoke("new", "shengji", path, "--players", 9, "--lang", "zh-Hant").exit_code == 0
    out = tmp_path / "hant.out.xlsx"
    assert invoke("run", path, "-o", out).exit_code == 0
    wb = load_workbook(out)
    labels = list(wb.sheetnames)
    for name in wb.sheetnames:
        ws = wb[name]
        if name.startswith("_"):
            continue
        labels += [str(c.value) for row in ws.iter_rows(max_row=3) for c in row if isinstance(c.value, str)]
    bad = [text for text in labels if SIMPLIFIED_ONLY & set(text)]
    assert not bad, bad[:5]
