"""Simplified Chinese (--lang zh-Hans): every label is OpenCC's Traditional-to-Simplified
conversion of the Traditional label, and a Simplified workbook reads back as it was written."""

from __future__ import annotations

import json

import openpyxl
import pytest
from opencc_purepy import OpenCC

from tests.conftest import SEED, complete_sheets
from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.i18n import pick
from ttools.problems import Problem, Where

T2S = OpenCC("t2s")
SPECS = [
    S.EVENT,
    S.RULES,
    S.POINTS,
    S.PLAYERS,
    S.DAY1,
    S.LINEUPS,
    S.SEATING,
    S.NLH,
    S.BOUNTY_LOG,
    S.BOUNTY_COUNTS,
    S.FINALS_ROSTER,
    S.FINALS_LINEUPS,
    S.FINALS_HU,
    S.FINALS_SNG,
]


def every_label():
    for spec in SPECS:
        yield spec.names
        for item in spec.columns + spec.settings:
            yield item.names
            yield item.note
    yield from S.OUTPUTS.values()
    yield S.GUIDE


def test_simplified_labels_are_the_opencc_conversion_of_the_traditional():
    seen = 0
    for names in every_label():
        if names.get("zh-Hant"):
            assert pick(names, "zh-Hans") == T2S.convert(names["zh-Hant"])
            seen += 1
    assert seen > 100
    assert pick(S.PLAYERS.names, "zh-Hans") == "选手" and pick(S.BOUNTY_LOG.names, "zh-Hans") == "猎人赛淘汰纪录"


def test_the_character_table_converts_every_text_of_ttools_as_opencc_does():
    """ttools converts with OpenCC's character table, not its phrase dictionaries (0.2 s and 25 MB
    per command): exact as long as no text of ttools holds a character whose Simplified form
    depends on the word. Every Chinese string in the sources and packaged files is checked."""
    import ast
    import pathlib
    import re

    from ttools.i18n import simplified

    root = pathlib.Path(__file__).resolve().parents[1] / "ttools"
    texts = []
    for path in root.rglob("*.py"):
        if path.name != "hans_table.py":
            texts += [
                node.value
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
            ]
    for ext in ("*.json", "*.html", "*.txt", "*.css", "*.js"):
        texts += [path.read_text(encoding="utf-8") for path in root.rglob(ext)]
    # Texts already in Simplified are left alone (OpenCC's phrases would turn 结束 into 結束).
    traditional = [t for t in texts if re.search("[\u3400-\u9fff]", t) and simplified(t) != t]
    assert len(traditional) > 500
    # words ttools looks for in what arrives (an out-of-office subject), never a text it prints
    matched_not_shown = {"自動回覆"}
    assert [t for t in traditional if simplified(t) != T2S.convert(t) and t not in matched_not_shown] == []


def test_a_problem_without_a_simplified_template_is_converted():
    import ttools.competitions.nations_cup.load  # noqa: F401  (defines the code)

    p = Problem("error", "place-not-a-number", Where("NLH", "B7"), (("value", "七"),))
    assert p.message("zh-Hans") == T2S.convert(p.message("zh-Hant")) != p.message("zh-Hant")


def test_a_simplified_event_reads_back_as_written(invoke, tmp_path):
    src = tmp_path / "hans.xlsx"
    write_input_workbook(str(src), 12, complete_sheets(12), event={"seed": SEED, "name": "简体杯"}, lang="zh-Hans")
    first = invoke("run", src, "--json", tmp_path / "1.json")
    assert first.exit_code == 0, first.stderr
    out = tmp_path / "hans.out.xlsx"
    names = openpyxl.load_workbook(out, read_only=True).sheetnames
    assert {"选手", "资格赛成绩", "附件七 第一天配对", "盲注级别"} <= set(names)
    assert "并桌建议" not in names  # Day 2 is over: no table is left to break
    second = invoke("run", out, "-o", tmp_path / "again.xlsx", "--json", tmp_path / "2.json")
    assert second.exit_code == 0, second.stderr
    a, b = (json.loads((tmp_path / f"{i}.json").read_text(encoding="utf-8")) for i in (1, 2))
    assert a["problems"] == b["problems"] == []
    assert a["qualification"] == b["qualification"] and a["day2"]["draw"] == b["day2"]["draw"]


@pytest.mark.parametrize("lang", ["zh-Hans"])
def test_new_simplified_template(invoke, tmp_path, lang):
    src = tmp_path / "new.xlsx"
    assert invoke("new", "nations-cup", src, "--teams", 11, "--lang", lang).exit_code == 0
    wb = openpyxl.load_workbook(src)
    assert wb.sheetnames[:6] == ["说明", "赛事", "规则", "名次积分", "盲注级别", "选手"]
    assert "選" not in "".join(str(c.value) for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.value)


@pytest.mark.parametrize(
    "lang, title, head",
    [
        ("zh-Hant", "ttools 問題", ("嚴重性", "工作表", "儲存格", "代碼", "說明")),
        ("zh-Hans", "ttools 问题", ("严重性", "工作表", "储存格", "代码", "说明")),
        ("en", "ttools problems", ("severity", "sheet", "cell", "code", "message")),
    ],
)
def test_the_annotated_copy_lists_problems_in_the_event_language_ready_to_print(invoke, tmp_path, lang, title, head):
    sheets = complete_sheets(4)
    sheets["NLH"][2]["place"] = "seventh"
    src = tmp_path / "bad.xlsx"
    write_input_workbook(str(src), 4, sheets, event={"seed": SEED}, rules={"tables_day2": 4}, lang=lang)
    assert invoke("check", src, "--annotate").exit_code == 1
    wb = openpyxl.load_workbook(tmp_path / "bad.checked.xlsx")
    ws = wb.worksheets[0]
    assert ws.title == title and tuple(c.value for c in ws[1]) == head
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.orientation == "landscape"
    assert int(ws.page_setup.paperSize) == 9 and ws.sheet_properties.pageSetUpPr.fitToPage
