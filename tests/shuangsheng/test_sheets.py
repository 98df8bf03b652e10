"""The sheet builders (one per output sheet, in order, none for a sheet with nothing to show) and
the Chinese they write: Traditional literals whose Simplified form is OpenCC's conversion."""

from __future__ import annotations

import ast
from pathlib import Path

from opencc_purepy import OpenCC

from ttools.competitions import get
from ttools.competitions.shuangsheng import compute, load, report, rules, site
from ttools.competitions.shuangsheng import schema as S
from ttools.competitions.shuangsheng.competition import write_input_workbook
from ttools.i18n import pick, simplified
from ttools.problems import _CATALOG
from ttools.workbook import normalize as nz
from ttools.workbook.read import read_book

ROOT = Path(__file__).resolve().parents[2]
T2S = OpenCC("t2s")


def results(path: Path):
    return get("shuangsheng").process(read_book(str(path))).results


def test_the_builders_make_the_sheets_in_order_and_skip_those_with_nothing_to_show(tmp_path):
    res = results(ROOT / "samples" / "shuangsheng-24.xlsx")
    assert [r.key for r in report.reports(res, "zh-Hans")] == [
        "Pairings",
        "Scoresheets",
        "Standings",
        "CrossTable",
        "Records",
        "DealLevels",
    ]
    ctx = report.Context(res, "en")
    assert report.missing_sheet(ctx) is None and report.pairings_sheet(ctx).name == "Pairings"
    path = tmp_path / "waiting.xlsx"
    slips = [
        {"round": 1, "table": 1, "pair1": 1, "pair2": 2, "level1": "K", "level2": "9"},
        {"round": 1, "table": 2, "pair1": 3, "pair2": 4},
    ]
    write_input_workbook(str(path), 4, {"Results": slips}, event={"seed": "s", "rounds": 3}, lang="zh-Hans")
    made = report.reports(results(path), "zh-Hans")
    assert [(r.key, r.name) for r in made] == [
        ("Pairings", "对阵表"),
        ("Scoresheets", "记分表"),
        ("Standings", "排名"),
        ("CrossTable", "成绩总表"),
        ("Records", "成绩卡"),
        ("Missing", "尚缺成绩"),
    ]
    assert made[-1].blocks[0].title == "第 1 轮 · 尚缺 1 场"


def _translator_literals(module) -> list[str]:
    """The Chinese first argument of every ``t(...)`` call in a module."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return [
        n.args[0].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and "t" in (getattr(n.func, "id", ""), getattr(n.func, "attr", ""))
        and n.args
        and isinstance(n.args[0], ast.Constant)
        and isinstance(n.args[0].value, str)
        and not n.args[0].value.isascii()
    ]


def test_every_text_is_traditional_and_its_simplified_form_is_the_opencc_conversion():
    texts = _translator_literals(report) + _translator_literals(site)
    for spec in S.INPUT_SHEETS:
        texts += [spec.names["zh-Hant"], spec.note["zh-Hant"]]
        texts += [t for item in spec.columns + spec.settings for t in (item.names["zh-Hant"], item.note["zh-Hant"])]
    texts += [names["zh-Hant"] for names in S.OUTPUTS.values()] + [S.GUIDE["zh-Hant"]]
    codes = {
        v
        for module in (load, compute, rules)
        for k, v in vars(module).items()
        if k.isupper() and isinstance(v, str) and v in _CATALOG
    }
    texts += [_CATALOG[code]["zh-Hant"] for code in codes if "zh-Hans" not in _CATALOG[code]]
    assert len(texts) > 200
    for text in texts:
        assert simplified(text) == T2S.convert(text), text
    assert "雙升比賽" in texts and "對陣表" in texts and pick(S.PAIRS.names, "zh-Hans") == "参赛对"


def test_choice_aliases_are_read_in_either_script():
    for typed, choice in (
        ("單循環", "rr"),
        ("单循环", "rr"),
        ("上下半區", "dutch"),
        ("上下半区", "dutch"),
        ("取消比賽資格", "disqualify"),
        ("取消比赛资格", "disqualify"),
        ("停賽", "suspend"),
        ("停赛", "suspend"),
    ):
        maps = (S.PAIRING_CHOICES, S.ORDER_CHOICES, S.KIND_CHOICES)
        assert next(m[nz.fold_label(typed)] for m in maps if nz.fold_label(typed) in m) == choice


def test_blank_scoresheets_one_page_a_table_for_17_and_64_pairs(tmp_path):
    from openpyxl import load_workbook

    from ttools.pipeline import process_file

    for n in (17, 64):
        pairs = [
            {"id": i, "name": f"P{i}", "player1": f"A{i}", "player2": f"B{i}", "club": f"C{i % 5}"}
            for i in range(1, n + 1)
        ]
        path = tmp_path / f"e{n}.xlsx"
        write_input_workbook(str(path), pairs, {}, event={"seed": "s", "rounds": 7}, lang="en")
        res = results(path)
        sheet = report.scoresheets_sheet(report.Context(res, "en"))
        tables = [tb for tb in res.new_round.tables if tb.pair2 is not None]
        assert len(sheet.blocks) == len(tables) == n // 2 and all(b.page_break for b in sheet.blocks[1:])
        first = sheet.blocks[0]
        tb = tables[0]
        assert first.title == (
            f"Round 1, table 1 · 1: {tb.pair1} P{tb.pair1} (A{tb.pair1} / B{tb.pair1}) v "
            f"2: {tb.pair2} P{tb.pair2} (A{tb.pair2} / B{tb.pair2})"
        )
        assert [row[0] for row in first.rows] == list(range(1, report.SCORESHEET_DEALS + 1))
        assert first.header[1] == "Declarer (1/2)" and any("single ×2, pair ×4" in x for x in first.notes)
        out = tmp_path / f"e{n}.out.xlsx"
        process_file(str(path)).writer(str(out))
        book = load_workbook(out)
        assert "Scoresheets" in dict(book["_meta"].iter_rows(values_only=True))["printable"].split("|")
        ws = book["Scoresheets"]
        assert len(ws.row_breaks.brk) == n // 2 - 1  # every table's sheet on a page of its own


def test_the_site_leaves_out_the_club_column_when_no_pair_has_a_club(tmp_path):
    """The pairs list and each pair's page print a Club column only when some pair has a club:
    an empty column says nothing."""

    def pages(pairs, name):
        path = tmp_path / name
        slips = [{"round": 1, "table": 1, "pair1": 1, "pair2": 2, "level1": "K", "level2": "9"}]
        write_input_workbook(str(path), pairs, {"Results": slips}, event={"seed": "s", "rounds": 3}, lang="en")
        plan = site.site(results(path), "en")
        return {p.slug: p for p in plan.pages}

    plain = pages(4, "plain.xlsx")
    listing = plain["pairs"].blocks[0]
    assert "Club" not in listing.header and all(len(r) == len(listing.header) for r in listing.rows)
    assert listing.number_format == {listing.header.index("Level diff."): "+0;-0;0"}  # moved with its column
    facts = next(p for p in plain.values() if not p.listed).blocks[0]
    assert "Club" not in facts.header and len(facts.rows[0]) == len(facts.header)
    clubs = pages([{"id": i, "name": f"P{i}", "club": "C" if i == 1 else ""} for i in range(1, 5)], "clubs.xlsx")
    listing = clubs["pairs"].blocks[0]
    column = listing.header.index("Club")
    assert sorted(r[column] or "" for r in listing.rows) == ["", "", "", "C"]
    facts = next(p for p in clubs.values() if not p.listed).blocks[0]
    assert "Club" in facts.header and facts.number_format == {facts.header.index("Level diff."): "+0;-0;0"}
