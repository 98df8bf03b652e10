"""The blank templates shipped in templates/ are exactly what `ttools new` writes today.

When the workbook layout changes on purpose, regenerate them:
    ttools new nations-cup templates/nations-cup-11.xlsx --teams 11 --force
    ttools new nations-cup templates/nations-cup-12.xlsx --teams 12 --force
    ttools new nations-cup templates/nations-cup-12-en.xlsx --teams 12 --lang en --force
    ttools new scrabble templates/scrabble-40.xlsx --players 40 --force
    ttools new scrabble templates/scrabble-40-zh-Hans.xlsx --players 40 --lang zh-Hans --force
    ttools new scrabble templates/scrabble-40-en.xlsx --players 40 --lang en --force
    ttools new shengji templates/shengji-32.xlsx --players 32 --force
    ttools new shengji templates/shengji-32-en.xlsx --players 32 --lang en --force
    ttools new shuangsheng templates/shuangsheng-16.xlsx --pairs 16 --force
    ttools new shuangsheng templates/shuangsheng-24.xlsx --pairs 24 --force
    ttools new shuangsheng templates/shuangsheng-16-en.xlsx --pairs 16 --lang en --force
    ttools new shuangsheng templates/shuangsheng-24-en.xlsx --pairs 24 --lang en --force
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

CASES = [
    ("nations-cup-11.xlsx", ["nations-cup", "--teams", "11"]),
    ("nations-cup-12.xlsx", ["nations-cup", "--teams", "12"]),
    ("nations-cup-12-en.xlsx", ["nations-cup", "--teams", "12", "--lang", "en"]),
    ("scrabble-40.xlsx", ["scrabble", "--players", "40"]),
    ("scrabble-40-zh-Hans.xlsx", ["scrabble", "--players", "40", "--lang", "zh-Hans"]),
    ("scrabble-40-en.xlsx", ["scrabble", "--players", "40", "--lang", "en"]),
    ("shengji-32.xlsx", ["shengji", "--players", "32"]),
    ("shengji-32-en.xlsx", ["shengji", "--players", "32", "--lang", "en"]),
    ("shuangsheng-16.xlsx", ["shuangsheng", "--pairs", "16"]),
    ("shuangsheng-24.xlsx", ["shuangsheng", "--pairs", "24"]),
    ("shuangsheng-16-en.xlsx", ["shuangsheng", "--pairs", "16", "--lang", "en"]),
    ("shuangsheng-24-en.xlsx", ["shuangsheng", "--pairs", "24", "--lang", "en"]),
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
    result = invoke("new", args[0], fresh, *args[1:])
    assert result.exit_code == 0, result.output

    a, b = _normalised(shipped), _normalised(fresh)
    assert a["order"] == b["order"]
    assert a["names"] == b["names"]
    for sheet in b["order"]:
        assert a["sheets"][sheet] == b["sheets"][sheet], f"templates/{name}: sheet {sheet} differs"
    # The writer fixes the creation time, so the files are byte-identical too.
    assert shipped.read_bytes() == fresh.read_bytes(), (
        f"templates/{name} is stale; regenerate it (see module docstring)"
    )


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


def test_scrabble_templates_speak_their_language():
    """The Simplified template has no Traditional-only character left; 40 player rows each."""
    from ttools.hans_table import TRADITIONAL

    traditional_only = set(TRADITIONAL)
    for name, players_sheet in (
        ("scrabble-40.xlsx", "參賽者"),
        ("scrabble-40-zh-Hans.xlsx", "参赛者"),
        ("scrabble-40-en.xlsx", "Players"),
    ):
        wb = load_workbook(TEMPLATES / name)
        ids = [r[0] for r in wb[players_sheet].iter_rows(min_row=2, values_only=True) if r[0] is not None]
        assert ids == [str(i) for i in range(1, 41)] or ids == list(range(1, 41)), name
    texts = _normalised(TEMPLATES / "scrabble-40-zh-Hans.xlsx")
    left = {
        ch
        for _, cells in texts["sheets"].values()
        for v in cells.values()
        if isinstance(v, str)
        for ch in v
        if ch in traditional_only
    }
    left |= {ch for name in texts["order"] for ch in name if ch in traditional_only}
    assert not left, f"Traditional characters in the zh-Hans template: {''.join(sorted(left))}"


def test_shengji_template_dropdowns_are_fed_by_defined_names():
    wb = load_workbook(TEMPLATES / "shengji-32.xlsx")
    names = set(wb.defined_names)
    lists = [
        dv.formula1.lstrip("=")
        for ws in wb.worksheets
        for dv in ws.data_validations.dataValidation
        if dv.type == "list"
    ]
    assert lists and set(lists) <= names
    assert {
        "PlayerList",
        "KittyPresetChoices",
        "NeubergChoices",
        "FormatChoices",
        "DeclarerChoices",
        "SeatChoices",
    } <= names


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


def _validations(ws) -> dict[str, tuple]:
    """Column letter of the first cell -> (type, operator, formula1, formula2, error style)."""
    out = {}
    for dv in ws.data_validations.dataValidation:
        first = str(dv.sqref).split()[0].split(":")[0]
        out["".join(ch for ch in first if ch.isalpha())] = (
            dv.type,
            dv.operator,
            dv.formula1,
            dv.formula2,
            dv.errorStyle,
        )
    return out


def test_template_validation_stops_impossible_values():
    wb = load_workbook(TEMPLATES / "nations-cup-12-en.xlsx")
    sng = _validations(wb["FinalsSNG"])
    assert sng["E"][:4] in (("whole", "between", "1", "4"), ("whole", None, "1", "4")) and sng["E"][4] in (
        None,
        "stop",
    )  # SNG place 1–4
    hand = _validations(wb["BountyLog"])["A"]
    assert hand[0] == "whole" and hand[2] == "1" and hand[4] in (None, "stop")  # hands ≥ 1
    place = _validations(wb["NLH"])["B"]
    assert place[0] == "custom" and "<=36" in place[2] and ">=1" in place[2] and place[4] in (None, "stop")


@pytest.mark.parametrize("name,lang", [("nations-cup-12.xlsx", "zh-Hant"), ("nations-cup-12-en.xlsx", "en")])
def test_the_guide_covers_every_input_sheet(name, lang):
    from ttools.competitions.nations_cup import schema as S

    wb = load_workbook(TEMPLATES / name)
    guide = " ".join(str(r[0]) for r in wb.worksheets[0].iter_rows(values_only=True) if r[0])
    for spec in S.INPUT_SHEETS:
        assert spec.name(lang) in guide, f"the Guide does not mention {spec.name(lang)}"


@pytest.mark.parametrize("name,args", CASES)
def test_every_validation_has_an_error_title_and_text_in_the_templates_language(invoke, tmp_path, name, args):
    """Also those that refuse nothing (type "any", there for their input message): every
    validation carries both, in the workbook's language, should Excel ever show them."""
    out = tmp_path / name
    assert invoke("new", args[0], out, *args[1:]).exit_code == 0
    zh = "--lang" not in args or args[args.index("--lang") + 1].startswith("zh")
    seen = set()
    for ws in load_workbook(out).worksheets:
        for dv in ws.data_validations.dataValidation:
            seen.add(dv.type or "any")
            assert dv.errorTitle and dv.error, (ws.title, dv.sqref, dv.type)
            if dv.type is None:
                assert dv.prompt and dv.prompt[:100] in dv.error, (ws.title, dv.sqref)  # what the column asks for
                chinese = any("\u4e00" <= ch <= "\u9fff" for ch in dv.errorTitle)
                assert chinese == zh, (ws.title, dv.errorTitle)
    assert "any" in seen
