"""Bad input in a complete 4-team event: each mistake is an error with a stable code on the
exact sheet and cell, exit code 1; full-width input is understood; formulas without a value
are reported, never read as zero."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import complete_sheets
from ttools.competitions.nations_cup import schema as S
from ttools.workbook.read import col_letter

FULL_WIDTH = str.maketrans(
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "０１２３４５６７８９ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ"
    "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ",
)


def cell(spec, column: str, index: int) -> str:
    """The A1 address of row ``index`` (0-based, in sheet order) of ``column`` on a written sheet."""
    j = [c.key for c in spec.columns].index(column)
    return f"{col_letter(j)}{index + 2}"


def errors_with(data: dict, code: str) -> list[dict]:
    return [p for p in data["problems"] if p["code"] == code]


def where(problems: list[dict]) -> set[tuple[str, str]]:
    return {(p["sheet"], p["cell"]) for p in problems}


def summary_without_problems(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "problems"}


def test_the_complete_event_has_no_problems(write_event, json_of):
    # The base every other test breaks in one place.
    result, data = json_of("check", write_event())
    assert result.exit_code == 0, result.stderr
    assert data["problems"] == []
    # On the default tables_day2 = auto, 12 players sit at 3 tables of 4 (not the rulebook's
    # 4 tables of 8–9): one warning, on the Rules cell.
    result, data = json_of("check", write_event(rules={"tables_day2": "auto"}, name="auto.xlsx"))
    assert result.exit_code == 0
    assert [(p["severity"], p["code"], p["sheet"], p["cell"]) for p in data["problems"]] == [
        ("warning", "tables-day2-auto", "Rules", f"C{[x.key for x in S.RULES.settings].index('tables_day2') + 2}")
    ]
    assert [row["team"] for row in data["qualification"]["standings"]]


def test_duplicate_nlh_place_without_equals(write_event, json_of):
    sheets = complete_sheets()
    sheets["NLH"][6]["place"] = sheets["NLH"][5]["place"]  # two players at place 6, no '='
    result, data = json_of("check", write_event(sheets))
    assert result.exit_code == 1
    found = errors_with(data, "place-duplicate")
    assert found and all(p["severity"] == "error" for p in found)
    assert ("NLH", cell(S.NLH, "place", 6)) in where(found)
    assert where(found) <= {("NLH", cell(S.NLH, "place", 5)), ("NLH", cell(S.NLH, "place", 6))}
    assert "nlh" not in data or "raw" not in data["nlh"]  # nothing scored from a guess
    assert "qualification" not in data


def test_shared_nlh_place_with_equals_is_fine(write_event, json_of):
    # The counterpart: two players out in one hand with equal stacks share 5th and take 5th–6th.
    sheets = complete_sheets()
    sheets["NLH"][4]["place"] = "5="
    sheets["NLH"][5]["place"] = "5="
    result, data = json_of("check", write_event(sheets))
    assert result.exit_code == 0, result.stderr
    assert data["problems"] == []


def test_player_in_both_lineups(write_event, json_of):
    sheets = complete_sheets()
    lineups = sheets["Lineups"]
    i = next(k for k, r in enumerate(lineups) if r["team"] == "A" and r["event"] == "bounty")
    lineups[i]["player"] = "A1"  # A1 is already in A's NLH line-up
    result, data = json_of("check", write_event(sheets))
    assert result.exit_code == 1
    found = errors_with(data, "lineup-both-events")
    assert where(found) == {("Lineups", cell(S.LINEUPS, "player", i))}
    assert found[0]["severity"] == "error"
    assert "A1" in found[0]["message"]


def test_knock_out_of_a_player_already_out(write_event, json_of):
    sheets = complete_sheets()
    log = sheets["BountyLog"]
    log[3]["out"] = log[1]["out"]  # knocked out in hand 2 already
    result, data = json_of("check", write_event(sheets))
    assert result.exit_code == 1
    found = errors_with(data, "bounty-already-out")
    assert where(found) == {("BountyLog", cell(S.BOUNTY_LOG, "out", 3))}
    assert found[0]["severity"] == "error"
    assert "qualification" not in data


def test_recipient_who_is_out(write_event, json_of):
    sheets = complete_sheets()
    log = sheets["BountyLog"]
    log[4]["to"] = log[0]["out"]  # knocked out in hand 1, cannot win a head in hand 5
    result, data = json_of("check", write_event(sheets))
    assert result.exit_code == 1
    found = errors_with(data, "bounty-recipient-out")
    assert where(found) == {("BountyLog", cell(S.BOUNTY_LOG, "to", 4))}
    assert found[0]["severity"] == "error"


@pytest.mark.parametrize("lang,sheet", [("en", "NLH"), ("zh-Hant", "NLH名次")])
def test_place_written_as_a_word(write_event, json_of, lang, sheet):
    sheets = complete_sheets()
    sheets["NLH"][6]["place"] = "seventh"
    result, data = json_of("check", write_event(sheets, lang=lang))
    assert result.exit_code == 1
    found = errors_with(data, "place-not-a-number")
    # the sheet is named as it appears in the workbook, in the event's language
    assert where(found) == {(sheet, cell(S.NLH, "place", 6))}
    assert "seventh" in found[0]["message"]


def test_full_width_input_is_understood(write_event, json_of):
    plain = complete_sheets()
    wide = complete_sheets()
    wide["NLH"][2]["place"] = str(wide["NLH"][2]["place"]).translate(FULL_WIDTH)  # ３
    wide["NLH"][0]["player"] = wide["NLH"][0]["player"].lower().translate(FULL_WIDTH)  # ａ１
    wide["Day1"][0]["winner"] = wide["Day1"][0]["winner"].lower().translate(FULL_WIDTH)
    wide["BountyLog"][0]["to"] = " " + wide["BountyLog"][0]["to"].translate(FULL_WIDTH) + " "
    wide["BountyLog"][1]["hand"] = str(wide["BountyLog"][1]["hand"]).translate(FULL_WIDTH)
    r1, want = json_of("check", write_event(plain, name="plain.xlsx"))
    r2, got = json_of("check", write_event(wide, name="wide.xlsx", event={"teams": "４"}))
    assert r1.exit_code == 0 and r2.exit_code == 0, r2.stderr
    assert got["problems"] == []
    assert summary_without_problems(got) == summary_without_problems(want)


def test_full_width_team_count(write_event, json_of):
    players = [{"team": chr(65 + i), "number": n} for i in range(12) for n in range(1, 7)]
    result, data = json_of("run", write_event({"Players": players}, teams=12, event={"teams": "１２"}))
    assert result.exit_code == 0, result.stderr
    assert data["problems"] == []
    assert len(data["day1"]["pairings"]) == 72


def _formula_in(path: Path, sheet: str, address: str, formula: str) -> None:
    wb = load_workbook(path)
    wb[sheet][address] = formula  # openpyxl stores the formula with no calculated value
    wb.save(path)


def test_formula_without_a_cached_value(write_event, json_of):
    sheets = complete_sheets()
    path = write_event(sheets)
    address = cell(S.NLH, "place", 3)
    _formula_in(path, "NLH", address, "=1+1")
    result, data = json_of("check", path)
    assert result.exit_code == 1
    found = errors_with(data, "formula-no-value")
    assert where(found) == {("NLH", address)}
    assert found[0]["severity"] == "error"
    # not read as 0 (which would be out of range) nor as anything else
    assert all(p["code"] == "formula-no-value" for p in data["problems"] if p["cell"] == address)
    player = sheets["NLH"][3]["player"]
    assert player not in data.get("nlh", {}).get("places", {})
    assert "qualification" not in data


def test_formula_with_a_cached_value_is_used(write_event, json_of):
    # The same file after Excel has calculated it: the cached value is the cell's value.
    sheets = complete_sheets()
    path = write_event(sheets)
    address = cell(S.NLH, "place", 3)
    _formula_in(path, "NLH", address, "=2+2")
    patched = path.with_name("calculated.xlsx")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(patched, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename.startswith("xl/worksheets/sheet"):
                body = re.sub(rb"<f>2\+2</f><v\s*/>|<f>2\+2</f><v></v>", b"<f>2+2</f><v>4</v>", body)
            dst.writestr(info, body)
    result, data = json_of("check", patched)
    assert result.exit_code == 0, result.stderr
    assert data["problems"] == []
    assert data["nlh"]["places"][sheets["NLH"][3]["player"]] == 4


@pytest.mark.parametrize("lang, renamed", [("en", "Seating (floor)"), ("zh-Hant", "座位表"), ("zh-Hans", "座位表")])
def test_a_renamed_seating_sheet_is_an_error_naming_the_sheet_not_a_fresh_draw(write_event, json_of, lang, renamed):
    """Staff rename 座位 to 座位表 half-way through Day 2: ttools would find no Seating sheet and
    draw the seats afresh, losing every out mark and move. The sheet with Seating's columns is an
    error on its own name that says which name to give back; a copy beside the real sheet is not."""
    sheets = complete_sheets(4)
    sheets["Seating"] = [
        {"event": "nlh", "table": 1 + i % 3, "seat": 1 + i // 3, "player": f"{t}{n}", "out": 1 if i < 2 else None}
        for i, (t, n) in enumerate((t, n) for t in "ABCD" for n in (1, 2, 3))
    ]
    path = write_event(sheets, lang=lang)
    result, data = json_of("check", path)
    assert not errors_with(data, "sheet-renamed-input")
    book = load_workbook(path)
    seating = book[[n for n in book.sheetnames if n in S.SEATING.accepted_names() or n == "座位"][0]]
    original = seating.title
    book.copy_worksheet(seating).title = renamed  # a copy beside the real sheet: read the real one
    book.save(path)
    result, data = json_of("check", path)
    assert not errors_with(data, "sheet-renamed-input")
    del book[original]
    book.save(path)
    result, data = json_of("check", path)
    (problem,) = errors_with(data, "sheet-renamed-input")
    assert (problem["sheet"], problem["cell"]) == (renamed, "A1")
    expected = {"en": "Seating", "zh-Hant": "座位", "zh-Hans": "座位"}[lang]
    assert f"'{expected}'" in problem["message"] or f"「{expected}」" in problem["message"]
    assert result.exit_code == 1


def _four_team_seating() -> list[dict]:
    """Both events of a 4-team Day 2 seated at 3 tables, team-mates apart, nobody out."""
    return [
        {"event": event, "table": 1 + k, "seat": 1 + i, "player": f"{t}{n}", "out": None}
        for event, numbers in (("nlh", (1, 2, 3)), ("bounty", (4, 5, 6)))
        for i, t in enumerate("ABCD")
        for k, n in enumerate(numbers)
    ]


def test_a_seating_row_with_a_bad_cell_is_one_error_and_stops_that_events_advice(write_event, json_of):
    """A table typed as text (「二」) is an error on that cell; the player's line-up row is not also
    reported as unseated (the row is there, its cell is wrong), and since that player's seat is
    unknown the event gets no table moves and no current seating until it is fixed; the other
    event goes on."""
    sheets = {**complete_sheets(4), "Seating": _four_team_seating()}
    for k in ("NLH", "BountyLog"):
        sheets.pop(k)
    result, data = json_of("check", write_event(sheets))
    assert not [p for p in data["problems"] if p["severity"] == "error"]
    assert {e: m["action"] for e, m in data["day2"]["moves"].items()} == {"nlh": "none", "bounty": "none"}
    bad = next(i for i, r in enumerate(sheets["Seating"]) if r["player"] == "C2")
    sheets["Seating"][bad]["table"] = "二"
    result, data = json_of("check", write_event(sheets))
    errors = [p for p in data["problems"] if p["severity"] == "error"]
    assert [(p["code"], p["sheet"], p["cell"]) for p in errors] == [
        ("not-a-whole-number", "Seating", cell(S.SEATING, "table", bad))
    ]
    assert data["day2"]["moves"]["nlh"]["action"] == "invalid"
    assert data["day2"]["moves"]["bounty"]["action"] == "none"
    assert set(data["day2"]["current"]) == {"bounty"}
