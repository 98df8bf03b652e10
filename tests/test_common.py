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


# competition -> what is typed on Event/Rules, the setting the problem is on, and its reason in
# Traditional and English (a {label:key} in it is that setting's label in the event's language)
_OWN = [
    (
        "shengji",
        {"tiebreaks": "zzz"},
        "tiebreaks",
        "「zzz」不是同分決勝方式（time、lot）",
        "'zzz' is not a tie-break (time, lot)",
    ),
    (
        "scrabble",
        {"score_low": 500, "score_high": 400},
        "score_high",
        "不得低於{score_low}（500）",
        "must not be below {score_low} (500)",
    ),
    (
        "scrabble",
        {"spread_cap": "x"},
        "spread_cap",
        "應為一個正整數，或每輪一個、以逗號分隔",
        "a positive whole number, or one per round separated by commas, is expected",
    ),
    (
        "scrabble",
        {"gibson": "maybe"},
        "gibson",
        "填 1（或 yes）開啟；留空或填 0 不開啟",
        "1 (or yes) to turn it on, empty or 0 to leave it off",
    ),
    (
        "scrabble",
        {"rating_system": "wespa"},
        "rating_system",
        "不提供 WESPA 積分制（找不到公開的計算公式）",
        "WESPA's rating system is not offered (no published formula was found)",
    ),
    ("shuangsheng", {"start_level": "Z"}, "start_level", "應為 2–A 的級數", "a level 2–A is expected"),
]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
@pytest.mark.parametrize("name,typed,key,hant,en", _OWN)
def test_a_competition_own_setting_reason_is_in_the_event_language(tmp_path, name, typed, key, hant, en, lang):
    from ttools import competitions
    from ttools.i18n import simplified
    from ttools.workbook.read import read_book

    comp = competitions.get(name)
    path = str(tmp_path / f"{name}.xlsx")
    comp.new_workbook(path, 8, lang=lang)
    spec = comp.spec()
    cells = _typed_over(path, (spec.EVENT, spec.RULES), lang, typed)
    _data, problems = comp.load(read_book(path))
    sheet, cell = cells[key]
    labels = {s.key: s.label(lang) for sp in (spec.EVENT, spec.RULES) for s in sp.settings}
    why = (en if lang == "en" else hant if lang == "zh-Hant" else simplified(hant)).format(**labels)
    label = labels[key]
    want = (
        f"setting '{label}': {why}"
        if lang == "en"
        else ("設定" if lang == "zh-Hant" else "设定") + f"「{label}」：{why}"
    )
    told = [p.message(lang) for p in problems if p.code == "setting-invalid" and p.cell == cell]
    assert told == [want], [p.message(lang) for p in problems]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_a_setting_given_twice_is_named_by_its_label(tmp_path, lang):
    from openpyxl import load_workbook

    from ttools import competitions
    from ttools.i18n import simplified
    from ttools.workbook.read import read_book

    comp = competitions.get("shengji")
    path = str(tmp_path / "twice.xlsx")
    comp.new_workbook(path, 8, lang=lang)
    event = comp.spec().EVENT
    wb = load_workbook(path)
    ws = wb[event.name(lang)]
    ws.append(["rounds", "", 3])
    wb.save(path)
    _data, problems = comp.load(read_book(path))
    label = next(s for s in event.settings if s.key == "rounds").label(lang)
    want = {
        "en": f"setting '{label}' is given twice (the first is used)",
        "zh-Hant": f"設定「{label}」重複（採用第一個）",
        "zh-Hans": simplified(f"設定「{label}」重複（採用第一個）"),
    }[lang]
    assert [p.message(lang) for p in problems if p.code == "duplicate-key"] == [want]
