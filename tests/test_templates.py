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


def _validations(ws) -> dict[str, tuple]:
    """Column letter of the first cell -> (type, operator, formula1, formula2, error style)."""
    out = {}
    for dv in ws.data_validations.dataValidation:
        first = str(dv.sqref).split()[0].split(":")[0]
        out["".join(ch for ch in first if ch.isalpha())] = (dv.type, dv.operator, dv.formula1, dv.formula2, dv.errorStyle)
    return out


def test_template_validation_stops_impossible_values():
    wb = load_workbook(TEMPLATES / "nations-cup-12-en.xlsx")
    sng = _validations(wb["FinalsSNG"])
    assert sng["E"][:4] in (("whole", "between", "1", "4"), ("whole", None, "1", "4")) and sng["E"][4] in (None, "stop")    # SNG place 1–4
    hand = _validations(wb["BountyLog"])["A"]
    assert hand[0] == "whole" and hand[2] == "1" and hand[4] in (None, "stop")                 # hands ≥ 1
    place = _validations(wb["NLH"])["B"]
    assert place[0] == "custom" and "<=36" in place[2] and ">=1" in place[2] and place[4] in (None, "stop")


@pytest.mark.parametrize("name,lang", [("nations-cup-12.xlsx", "zh-Hant"), ("nations-cup-12-en.xlsx", "en")])
def test_the_guide_covers_every_input_sheet(name, lang):
    from ttools.competitions.nations_cup import schema as S

    wb = load_workbook(TEMPLATES / name)
    guide = " ".join(str(r[0]) for r in wb.worksheets[0].iter_rows(values_only=True) if r[0])
    for spec in S.INPUT_SHEETS:
        assert spec.name(lang) in guide, f"the Guide does not mention {spec.name(lang)}"
