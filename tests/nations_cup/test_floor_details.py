"""The smaller points seen on the floor, one test each: the reckoner's decimals and reach, a
negative bounty count, the Seating check beside a line-up error, input tables free of status
lines, texts in the event's language, one spelling of English sheet names, typed text never
converted, and each finals round on a page of its own."""

from __future__ import annotations

import re

import openpyxl

from ttools.competitions.nations_cup import report as R
from ttools.competitions.nations_cup import schema as S
from ttools.pipeline import process_file

from tests.conftest import complete_sheets
from tests.nations_cup.sample_generator import SAMPLES


def test_the_reckoner_prints_two_decimals_to_the_highest_team_raw():
    res = process_file(str(SAMPLES / "nations-cup-12.xlsx")).results
    (sheet,) = [r for r in R.reports(res, "en") if r.key == "Reckoner"]
    hu, bounty = sheet.blocks[1], sheet.blocks[-1]
    assert hu.number_format == {2: "0.00"} and sheet.blocks[0].number_format[4] == "0.0000"
    assert bounty.rows[-1][0] == 20 + 15 + 12 + 73  # places 1–3 and every chip issued
    assert str(hu.rows[1][2]) == "4.63"  # one win: 5 × 1000/3 ÷ 360, 2 decimals
    assert max(res.bounty_raw.values()) <= bounty.rows[-1][0]


def test_a_negative_bounty_count_is_an_error_on_its_cell(write_event):
    sheets = complete_sheets(4)
    sheets["BountyCounts"] = [{"player": "A4", "chips": -2}]
    problems = process_file(str(write_event(sheets))).problems
    (p,) = [p for p in problems if p.code == "bounty-count-negative"]
    assert (p.severity, p.sheet, p.cell) == ("error", "BountyCounts", "B2")
    assert "-2" in p.message("zh-Hant")


def test_the_seating_is_checked_for_every_team_whose_lineup_is_valid(write_event):
    sheets = complete_sheets(4)
    sheets["Lineups"][0]["player"] = "B1"  # team A's line-up is wrong
    seats = [
        {"event": "nlh", "table": i % 3 + 1, "seat": i // 3 + 1, "player": f"{t}{n}", "out": ""}
        for i, (t, n) in enumerate((t, n) for t in "ABCD" for n in (1, 2, 3))
    ]
    del seats[4]  # B2 has no seat
    sheets["Seating"] = seats
    problems = process_file(str(write_event(sheets))).problems
    missing = [p for p in problems if p.code == "seating-missing-player"]
    assert [dict(p.params)["player"] for p in missing] == ["B2"]
    assert not [p for p in problems if p.code == "seating-not-in-lineup"]  # A's rows wait for A's line-up


def test_the_finals_lineups_table_starts_on_row_1_run_after_run(tmp_path):
    src = SAMPLES / "nations-cup-11-finals.xlsx"
    for i in range(2):
        out = tmp_path / f"run{i}.xlsx"
        process_file(str(src)).writer(str(out))
        ws = openpyxl.load_workbook(out)["FinalsLineups"]
        assert [c.value for c in ws[1]][:4] == ["round", "team", "kind", "player"]
        src = out
    draw = openpyxl.load_workbook(out)["FinalsDraw"]
    assert any("Not yet HU" == c.value for row in draw.iter_rows() for c in row)  # who still owes, on the draw


def test_texts_in_the_event_language(write_event):
    sheets = complete_sheets(4)
    del sheets["NLH"], sheets["BountyLog"]
    sheets["Lineups"][0]["event"] = "bounty"  # A has 2 NLH and 4 bounty players
    out = process_file(str(write_event(sheets, lang="zh-Hant", rules={})))
    msgs = [p.message("zh-Hant") for p in out.problems if p.code == "lineup-count"]
    assert msgs and all("獵人賽" in m and "bounty" not in m for m in msgs)
    fine = process_file(
        str(
            write_event(
                {k: v for k, v in complete_sheets(4).items() if k not in ("NLH", "BountyLog")},
                name="fine.xlsx",
                lang="zh-Hant",
                rules={},
            )
        )
    ).json()
    assert fine["day2"]["moves"]["nlh"]["summary"].startswith("無須移動")


def test_finals_messages_name_the_events_in_words():
    from ttools.competitions.nations_cup import finals as F
    from ttools.problems import Problem, Where

    p = Problem(
        "error",
        F.LINEUP_COUNT,
        Where("FinalsLineups", "C2"),
        (("team", "A"), ("kind", F.kind_word("hu")), ("count", 2), ("round", 1), ("expected", 3)),
    )
    assert "單挑賽" in p.message("zh-Hant") and "HU" in p.message("en")


def test_english_sheet_names_are_one_word_each_and_old_spellings_still_read(write_event, tmp_path):
    names = [n["en"] for k, n in S.OUTPUTS.items() if not k.startswith("Appendix")]
    assert all(re.fullmatch(r"[A-Za-z0-9]+", n) for n in names), names
    out = tmp_path / "old.xlsx"
    process_file(str(write_event(name="e.xlsx"))).writer(str(out))
    wb = openpyxl.load_workbook(out)
    wb["Day1Scoreboard"].title = "Day1 Scoreboard"  # as an earlier version wrote it
    wb.save(out)
    again = process_file(str(out))
    assert not [p for p in again.problems if p.code == "unknown-sheet"]


def test_typed_text_keeps_its_script_in_simplified(write_event, tmp_path):
    sheets = complete_sheets(4)
    for r in sheets["Players"]:
        r["country"] = "臺灣"
    out = tmp_path / "hans.out.xlsx"
    process_file(str(write_event(sheets, lang="zh-Hans", event={"name": "臺灣盃"}))).writer(str(out))
    wb = openpyxl.load_workbook(out)
    title = wb["选手赛程"]["A1"].value
    assert title.startswith("臺灣盃 · ") and "选手赛程" in title  # the typed name as typed, ttools' words Simplified
    board = wb["第一天成绩"]
    assert any(c.value == "臺灣" for row in board.iter_rows() for c in row)


def test_each_finals_round_prints_on_a_page_of_its_own():
    res = process_file(str(SAMPLES / "nations-cup-12.xlsx")).results
    (draw,) = [r for r in R.reports(res, "en") if r.key == "FinalsDraw"]
    rounds = [b for b in draw.blocks if b.title.endswith("heads-up")]
    assert len(rounds) == 3 and all(b.page_break for b in rounds[1:])  # round 1 opens the sheet
    assert not any(b.page_break for b in draw.blocks if b.title.endswith("tournaments"))


def test_the_guide_names_the_sheets_and_columns_staff_type_in_as_they_are_labelled():
    """The Guide says where to type: every 「X」欄 it names is a column heading of an input
    sheet and every 「X」表 a sheet name, so staff find the column the step speaks of (it once
    said 「出局」欄 for Seating's 已淘汰 column)."""
    from ttools.competitions.nations_cup.competition import GUIDE_TEXT

    columns = {c.label("zh-Hant") for spec in S.INPUT_SHEETS for c in spec.columns}
    sheets = {spec.name("zh-Hant") for spec in S.INPUT_SHEETS}
    text = " ".join(line for _title, sections in [GUIDE_TEXT["zh-Hant"]] for _h, lines in sections for line in lines)
    named_columns = re.findall(r"「([^」]+)」欄", text)
    named_sheets = re.findall(r"「([^」]+)」表", text)
    assert "已淘汰" in named_columns and named_sheets
    assert [c for c in named_columns if c not in columns] == []
    assert [s for s in named_sheets if s not in sheets] == []
    assert "目前座位" in text and "CurrentSeating" in " ".join(line for _h, ls in GUIDE_TEXT["en"][1] for line in ls)
