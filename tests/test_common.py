"""The shared Event/Rules reading every competition starts from."""

from __future__ import annotations

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
