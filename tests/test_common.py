"""The shared Event/Rules reading every competition starts from."""

from __future__ import annotations

import pytest

from ttools.competitions.common import EventBase, Settings, settings_values
from ttools.problems import Where
from ttools.workbook.schema import Setting, SheetSpec


def _settings(**values):
    problems = []
    kv = {k: (v, Where("Rules", f"B{i + 2}")) for i, (k, v) in enumerate(values.items())}
    return Settings(kv, "Rules", problems), problems


def test_integer_setting_typed_full_width_is_read():
    s, problems = _settings(rounds="７")
    assert s.integer("rounds", 5, low=1) == 7 and problems == []


def test_integer_setting_out_of_range_is_a_problem_on_its_cell_and_keeps_the_default():
    s, problems = _settings(rounds="0", tables="x")
    assert s.integer("rounds", 5, low=1) == 5
    assert s.integer("tables", 4) == 4
    assert [(p.code, p.cell) for p in problems] == [("setting-invalid", "B2"), ("setting-invalid", "B3")]


def test_choice_setting_and_missing_key_use_the_default():
    s, problems = _settings(pairing="RR")
    assert s.choice("pairing", {"swiss": "swiss", "rr": "rr"}, "swiss") == "rr"
    assert s.choice("absent", {"a": "a"}, "a") == "a"
    assert s.where("absent") == Where("Rules", "absent")
    assert problems == []


def test_settings_values_keep_what_staff_typed_over_the_defaults():
    spec = SheetSpec("Rules", {"en": "Rules"}, settings=(Setting("a", {"en": "a"}, 1), Setting("b", {"en": "b"}, 2)))
    data = EventBase()
    data.settings_raw["Rules"] = {"a": 9, "b": None}
    assert settings_values(spec, data, c=3) == {"a": 9, "b": 2, "c": 3}


# ---- a setting not understood, told in the event's language by the label its sheet shows ------

_WHOLE = {"zh-Hant": "應為整數", "zh-Hans": "应为整数", "en": "a whole number is expected"}
_ONE_OF = {"zh-Hant": "應為下列之一：{}", "zh-Hans": "应为下列之一：{}", "en": "expected one of {}"}
# competition -> (a whole-number setting, a choice setting and the choices it names)
_BAD = {
    "nations-cup": ("advance", "rounding", "half-up, largest-remainder"),
    "scrabble": ("bye_spread", "ranks", "shared, strict"),
    "shengji": ("rounds", "avoid_repeats", "off, partners, partners+opponents"),
    "shuangsheng": ("rounds", "pairing", "rr, swiss"),
}


def _typed_over(path, spec_sheets, lang, typed):
    """Type ``typed`` (key -> value) into the value cells of a blank workbook's Event and Rules
    sheets; returns key -> the cell typed into."""
    from openpyxl import load_workbook

    wb, cells = load_workbook(path), {}
    for spec in spec_sheets:
        for row in wb[spec.name(lang)].iter_rows():
            if row[0].value in typed:
                row[2].value = typed[row[0].value]
                cells[row[0].value] = (spec, row[2].coordinate)
    wb.save(path)
    return cells


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
@pytest.mark.parametrize("name", sorted(_BAD))
def test_a_setting_not_understood_is_told_in_the_event_language_by_its_label(tmp_path, name, lang):
    """Event and Rules name a setting by the label in the sheet's language: staff look for that
    label, not for the key, and the whole message is in the event's language."""
    from ttools import competitions
    from ttools.workbook.read import read_book

    comp = competitions.get(name)
    path = str(tmp_path / f"{name}.xlsx")
    comp.new_workbook(path, 8, lang=lang)
    whole, choice, allowed = _BAD[name]
    spec = comp.spec()
    cells = _typed_over(path, (spec.EVENT, spec.RULES), lang, {whole: "x", choice: "zzz"})
    _data, problems = comp.load(read_book(path))
    told = {p.cell: p.message(lang) for p in problems if p.severity == "error"}
    for key, why in ((whole, _WHOLE[lang]), (choice, _ONE_OF[lang].format(allowed))):
        sheet, cell = cells[key]
        label = next(s for s in sheet.settings if s.key == key).label(lang)
        said = f"設定「{label}」：{why}" if lang == "zh-Hant" else f"设定「{label}」：{why}"
        assert told[cell] == (f"setting '{label}': {why}" if lang == "en" else said), (key, told)
        if lang != "en":
            assert key not in told[cell]  # the label, not the key


def test_a_setting_is_named_by_its_key_where_the_sheet_declares_no_label():
    s, problems = _settings(rounds="x")
    s.integer("rounds", 5)
    assert [p.message("zh-Hant") for p in problems] == ["設定「rounds」：應為整數"]
    assert [p.message("en") for p in problems] == ["setting 'rounds': a whole number is expected"]
