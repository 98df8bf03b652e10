"""The blank templates shipped in templates/ are exactly what `ttools new` writes today.

When the workbook layout changes on purpose, regenerate them:
    ttools new nations-cup templates/nations-cup-11.xlsx --teams 11 --force
    ttools new nations-cup templates/nations-cup-12.xlsx --teams 12 --force
    ttools new nations-cup templates/nations-cup-12-en.xlsx --teams 12 --lang en --force
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

CASES = [
    ("nations-cup-11.xlsx", ["--teams", "11"]),
    ("nations-cup-12.xlsx", ["--teams", "12"]),
    ("nations-cup-12-en.xlsx", ["--teams", "12", "--lang", "en"]),
]


def _normalised(path: Path) -> dict:
    """Sheet names, their states, defined names and every non-empty cell value of every sheet."""
    wb = load_workbook(path)
    sheets = {}
    for ws in wb.worksheets:
        cells = {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value not in (None, "")}
        sheets[ws.title] = (ws.sheet_state, cells)
    names = {name: dn.attr_text for name, dn in wb.defined_names.items()}
    return {"order": wb.sheetnames, "sheets": sheets, "names": names}


@pytest.mark.parametrize("name,args", CASES, ids=[c[0] for c in CASES])
def test_template_matches_ttools_new(invoke, tmp_path, name, args):
    shipped = TEMPLATES / name
    assert shipped.exists(), f"templates/{name} is missing"
    fresh = tmp_path / name
    result = invoke("new", "nations-cup", fresh, *args)
    assert result.exit_code == 0, result.output

    a, b = _normalised(shipped), _normalised(fresh)
    assert a["order"] == b["order"]
    assert a["names"] == b["names"]
    for sheet in b["order"]:
        assert a["sheets"][sheet] == b["sheets"][sheet], f"templates/{name}: sheet {sheet} differs"
    # The writer fixes the creation time, so the files are byte-identical too.
    assert shipped.read_bytes() == fresh.read_bytes(), f"templates/{name} is stale; regenerate it (see module docstring)"


def test_ttools_new_is_byte_reproducible(invoke, tmp_path):
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert invoke("new", "nations-cup", first, "--teams", "9").exit_code == 0
    assert invoke("new", "nations-cup", second, "--teams", "9").exit_code == 0
    assert first.read_bytes() == second.read_bytes()


def test_every_dropdown_is_fed_by_a_defined_name():
    """Spec: dropdowns are list validations fed by defined names (choices too, not literal lists)."""
    from openpyxl import load_workbook

    wb = load_workbook(TEMPLATES / "nations-cup-12.xlsx")
    names = set(wb.defined_names)
    lists = []
    for ws in wb.worksheets:
        for dv in ws.data_validations.dataValidation:
            if dv.type == "list":
                lists.append((ws.title, dv.formula1))
    assert lists, "the template has dropdowns"
    for sheet, formula in lists:
        name = formula.lstrip("=")
        assert name in names, (sheet, formula)
    assert {"TeamList", "PlayerList", "EventChoices", "ScaleChoices", "RoundingChoices"} <= names


# Shuangsheng (pairs):
#     ttools new shuangsheng templates/shuangsheng-16.xlsx --pairs 16 --force
#     ttools new shuangsheng templates/shuangsheng-24.xlsx --pairs 24 --force
#     ttools new shuangsheng templates/shuangsheng-16-en.xlsx --pairs 16 --lang en --force
#     ttools new shuangsheng templates/shuangsheng-24-en.xlsx --pairs 24 --lang en --force
SHUANGSHENG_CASES = [
    ("shuangsheng-16.xlsx", ["--pairs", "16"]),
    ("shuangsheng-24.xlsx", ["--pairs", "24"]),
    ("shuangsheng-16-en.xlsx", ["--pairs", "16", "--lang", "en"]),
    ("shuangsheng-24-en.xlsx", ["--pairs", "24", "--lang", "en"]),
]


@pytest.mark.parametrize("name,args", SHUANGSHENG_CASES, ids=[c[0] for c in SHUANGSHENG_CASES])
def test_shuangsheng_template_matches_ttools_new(invoke, tmp_path, name, args):
    shipped = TEMPLATES / name
    assert shipped.exists(), f"templates/{name} is missing"
    fresh = tmp_path / name
    result = invoke("new", "shuangsheng", fresh, *args)
    assert result.exit_code == 0, result.output
    assert _normalised(shipped) == _normalised(fresh), f"templates/{name}: cells differ"
    assert shipped.read_bytes() == fresh.read_bytes(), f"templates/{name} is stale; regenerate it (see the commands above)"


def test_shuangsheng_template_has_every_sheet_and_dropdowns_fed_by_defined_names():
    wb = load_workbook(TEMPLATES / "shuangsheng-24.xlsx")
    assert wb.sheetnames[:7] == ["说明", "赛事", "规则", "参赛对", "成绩", "逐副记分", "处罚"]
    assert [c.value for c in wb["参赛对"][1]] == ["编号", "队名", "选手1", "选手2", "单位"]
    assert wb["参赛对"]["A25"].value == 24
    names = set(wb.defined_names)
    for ws in wb.worksheets:
        for dv in ws.data_validations.dataValidation:
            if dv.type == "list":
                assert dv.formula1.lstrip("=") in names, (ws.title, dv.formula1)
    assert {"PairList", "LevelList", "PairingChoices", "KindChoices"} <= names
    en = load_workbook(TEMPLATES / "shuangsheng-16-en.xlsx")
    assert en.sheetnames[:7] == ["Guide", "Event", "Rules", "Pairs", "Results", "Deals", "Discipline"]


def test_new_refuses_a_size_the_competition_does_not_take(invoke, tmp_path):
    result = invoke("new", "scrabble", tmp_path / "x.xlsx", "--pairs", "8")
    assert result.exit_code == 2 and "not played by pairs" in result.output
    result = invoke("new", "shuangsheng", tmp_path / "y.xlsx", "--players", "8")
    assert result.exit_code == 2 and "--pairs" in result.output
