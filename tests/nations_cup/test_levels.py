"""The blind structures: the Levels sheet prefilled with the spec's defaults (the rulebook's lost
Appendices 1 and 2), editable, checked with problems on their cells, printed as Appendices 1
and 2, and run by the site's clock (clock.html and clock-data.js).

Rulebook: 第一天 "盲注時間：8 分鐘 · 盲注結構：詳見附件一"; 第二天、第三天 "盲注時間：15 分鐘 ·
盲注結構：詳見附件二". Spec (Levels): "day1-hu, 8 minutes each, no ante: 100/200, …, 10000/20000.
day2-mtt and day3 (SNG and HU), 15 minutes each, big-blind ante equal to the big blind from
level 3: 100/200, 200/300, 200/400, …, break 10, …"."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

from ttools.competitions.nations_cup import levels as LV
from ttools.competitions.nations_cup.clock import clock_data
from ttools.competitions.nations_cup.report import reports
from ttools.pipeline import process_file
from ttools.publish.build import render

from tests.conftest import complete_sheets

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
SPEC_MTT = (
    "100/200, 200/300, 200/400, 300/600, 400/800, 500/1000, break 10, 600/1200, 800/1600, 1000/2000, "
    "1200/2400, 1500/3000, 2000/4000, break 10, 2500/5000, 3000/6000, 4000/8000, 5000/10000, 6000/12000, "
    "8000/16000, 10000/20000, 15000/30000"
)
SPEC_DAY1 = (
    "100/200, 200/400, 300/600, 400/800, 500/1000, 600/1200, 800/1600, 1000/2000, 1500/3000, 2000/4000, "
    "3000/6000, 4000/8000, 5000/10000, 7500/15000, 10000/20000"
)


def _spec(text: str, minutes: int, ante_from: int | None) -> list[tuple]:
    """The spec's list as (level, small, big, ante, minutes) rows, breaks as (None, 0, 0, 0, minutes)."""
    out, n = [], 0
    for item in text.split(", "):
        if item.startswith("break"):
            out.append((None, 0, 0, 0, int(item.split()[1])))
            continue
        n += 1
        small, big = map(int, item.split("/"))
        out.append((n, small, big, big if ante_from and n >= ante_from else 0, minutes))
    return out


def _rows(levels) -> list[tuple]:
    return [(lv.level, lv.small, lv.big, lv.ante, lv.minutes) for lv in levels]


def test_the_defaults_are_the_specs_structures():
    assert _rows(LV.DEFAULT_LEVELS["day1-hu"]) == _spec(SPEC_DAY1, 8, None)
    assert _rows(LV.DEFAULT_LEVELS["day2-mtt"]) == _spec(SPEC_MTT, 15, 3)
    assert _rows(LV.DEFAULT_LEVELS["day3"]) == _spec(SPEC_MTT, 15, 3)


def test_a_new_workbook_holds_the_defaults_and_reads_them_back(invoke, tmp_path):
    path = tmp_path / "event.xlsx"
    assert invoke("new", "nations-cup", path, "--teams", 12, "--lang", "en").exit_code == 0
    import openpyxl

    assert "Levels" in openpyxl.load_workbook(path, read_only=True).sheetnames
    outcome = process_file(str(path))
    levels = outcome.results.data.levels
    assert {k: _rows(v) for k, v in levels.items()} == {k: _rows(v) for k, v in LV.DEFAULT_LEVELS.items()}
    assert levels["day2-mtt"][0].where.sheet == "Levels"  # read from the sheet, not the defaults
    typed = [r for r in outcome.results.data.raw["Levels"] if r.get("stage")]
    assert len(typed) == sum(len(v) for v in LV.DEFAULT_LEVELS.values())
    assert not [p for p in outcome.problems if p.where.sheet == "Levels"]


def _structure(stage: str, rows: list[tuple]) -> list[dict]:
    return [{"stage": stage, "level": lv, "small": s, "big": b, "ante": a, "minutes": m} for lv, s, b, a, m in rows]


def test_an_edited_stage_replaces_its_defaults_in_the_sheets_and_the_clock(write_event):
    day2 = [(1, 100, 200, 0, 20), (2, 200, 400, 400, 20), ("break", None, None, None, 5), (3, 300, 600, 600, 20)]
    sheets = {**complete_sheets(11), "Levels": _structure("day2-mtt", day2)}
    outcome = process_file(str(write_event(sheets, teams=11, rules={})))
    assert not [p.line("en") for p in outcome.problems if p.where.sheet == "Levels"]
    levels = outcome.results.data.levels
    assert _rows(levels["day2-mtt"]) == [
        (1, 100, 200, 0, 20),
        (2, 200, 400, 400, 20),
        (None, 0, 0, 0, 5),
        (3, 300, 600, 600, 20),
    ]
    assert _rows(levels["day1-hu"]) == _rows(LV.DEFAULT_LEVELS["day1-hu"])
    assert _rows(levels["day3"]) == _rows(LV.DEFAULT_LEVELS["day3"])
    sheets = {r.key: r for r in reports(outcome.results, "en")}
    day2_block = sheets["Appendix2"].blocks[0]
    assert [row[:5] for row in day2_block.rows] == [
        [1, 100, 200, "", 20],
        [2, 200, 400, 400, 20],
        ["Break", "", "", "", 5],
        [3, 300, 600, 600, 20],
    ]
    assert [row[5] for row in day2_block.rows] == ["0:00", "0:20", "0:40", "0:45"]  # when each starts
    assert day2_block.highlight == {2}
    assert len(sheets["Appendix1"].blocks[0].rows) == 15
    # the site's clock runs the same rows
    files = render(outcome, NOW)
    script = files["clock-data.js"].decode("utf-8")
    data = json.loads(re.fullmatch(r"window\.ttoolsClockData && window\.ttoolsClockData\((.*)\);\n", script, re.S)[1])
    assert [(r["level"], r["seconds"]) for r in data["levels"]["day2-mtt"]] == [
        (1, 1200),
        (2, 1200),
        (None, 300),
        (3, 1200),
    ]
    page = files["clock.html"].decode("utf-8")
    embedded = re.search(r'<script type="application/json" id="clock-data">(.*?)</script>', page, re.S)[1]
    assert json.loads(embedded) == data  # the page opens with the data of its own publish


def test_bad_level_rows_are_problems_on_their_cells(write_event):
    day1 = [
        (1, 100, 200, None, 8),
        ("one", 200, 400, None, 8),  # A3: not a level
        (2, 400, 300, None, 8),  # D4: big below small
        (3, 500, 1000, None, 0),  # F5: no time
        (4, 600, None, None, 8),  # D6: no big blind
        (6, 800, 1600, None, 8),  # B7: level 5 skipped (a warning)
        (7, 1000, 2000, None, None),  # F8: minutes left blank
    ]
    rows = _structure("day1-hu", day1) + [{"stage": "day4", "level": 1, "small": 1, "big": 2, "minutes": 5}]
    outcome = process_file(str(write_event({**complete_sheets(4), "Levels": rows})))
    found = {(p.code, p.where.cell, p.severity) for p in outcome.problems if p.where.sheet == "Levels"}
    assert ("level-not-a-level", "B3", "error") in found
    assert ("level-blinds", "D4", "error") in found
    assert ("level-minutes", "F5", "error") in found
    assert ("required", "D6", "error") in found
    assert ("level-order", "B7", "warning") in found
    assert ("required", "F8", "error") in found and not [f for f in found if f[:2] == ("level-minutes", "F8")]
    assert any(code == "bad-choice" and cell == "A9" for code, cell, _ in found)
    # the good rows are the stage's structure; the others are left out
    assert _rows(outcome.results.data.levels["day1-hu"]) == [(1, 100, 200, 0, 8), (6, 800, 1600, 0, 8)]
    lines = [p.line("zh-Hant") for p in outcome.problems if p.code.startswith("level-")]
    assert lines and not [line for line in lines if "day1-hu" in line]  # the stage named in words


def test_a_level_left_out_for_its_error_is_that_error_only(write_event):
    """A typo on level 5 (big blind 80 under the small 400) is an error on its cell and the row is
    left out; level 6 following level 4 is the gap that error leaves, not a second problem
    (level-order is for numbers typed out of order, as the test above checks)."""
    mtt = [(n, 100 * n, 200 * n, None, 15) for n in range(1, 9)]
    mtt[4] = (5, 400, 80, None, 15)
    outcome = process_file(str(write_event({**complete_sheets(4), "Levels": _structure("day2-mtt", mtt)})))
    found = [(p.code, p.where.cell) for p in outcome.problems if p.where.sheet == "Levels"]
    assert found == [("level-blinds", "D6")]
    assert [lv.level for lv in outcome.results.data.levels["day2-mtt"]] == [1, 2, 3, 4, 6, 7, 8]


def test_the_clock_speaks_the_events_language(write_event):
    sheets = {k: v for k, v in complete_sheets(11).items() if k in ("Players", "Day1", "Lineups")}
    for lang in ("zh-Hant", "zh-Hans"):
        outcome = process_file(str(write_event(sheets, teams=11, rules={}, lang=lang, name=f"{lang}.xlsx")))
        data = clock_data(outcome.results, lang)
        words = list(data["text"].values()) + [s["title"] for s in data["stages"]] + [m["title"] for m in data["mtts"]]
        latin = [w for w in words if re.search(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}|NLH MTT", "", w))]
        assert latin == []
        assert data["stage"] == "day2-mtt" and [m["event"] for m in data["mtts"]] == ["nlh", "bounty"]
        assert data["bounty"] == {"head": 1, "next": 16}  # 33 players, nobody out: 附件五's first milestone
        assert ("獵人賽" if lang == "zh-Hant" else "猎人赛") in data["mtts"][1]["title"]
        assert f'<html lang="{lang}">' in render(outcome, NOW)["clock.html"].decode("utf-8")
