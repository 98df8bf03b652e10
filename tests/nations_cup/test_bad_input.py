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
