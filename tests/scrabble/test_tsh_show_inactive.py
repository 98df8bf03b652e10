"""Withdrawn (TSH: inactive, ``off``) players in the standings, as TSH prints them: its
``config show_inactive`` ("show inactive players in standings and other reports"; TSH's
standings splice inactive players out of the ranked list unless it is set, so with it they
are ranked among the others and without it not listed), carried from config.tsh to the Rules
setting ``withdrawn`` and back."""

from __future__ import annotations

import json

import openpyxl
import pytest

# Cat won round 1 and withdrew (off 0): 1-0, ahead of Dan (0-3) when she is ranked.
T_FILE = (
    "Ann        1500 2 4 0; 400 420 50\n"
    "Bob        1400 1 0 4; 380 50 400\n"
    "Cat        1300 4 0 0; 500 0 0; off 0\n"
    "Dan        1200 3 1 2; 300 390 380\n"
)


def _event(tmp_path, config: str):
    folder = tmp_path / "tsh"
    folder.mkdir()
    (folder / "a.t").write_text(T_FILE, encoding="utf-8")
    (folder / "config.tsh").write_text("division a a.t\n" + config, encoding="utf-8")
    return folder


def _standings(invoke, workbook, tmp_path, name="ev") -> list[tuple]:
    target = tmp_path / f"{name}.json"
    assert invoke("run", workbook, "-o", tmp_path / f"{name}.out.xlsx", "--json", target).exit_code in (0, 1)
    rows = json.loads(target.read_text(encoding="utf-8"))["standings"]["A"]
    return [(r["place"], r["name"]) for r in rows]


def _rules(workbook) -> dict:
    sheet = openpyxl.load_workbook(workbook)["Rules"]
    return {r[0]: r[2] for r in sheet.iter_rows(min_row=2, values_only=True) if r[0]}


@pytest.mark.parametrize(
    "config,setting,expected",
    [
        # show_inactive on: Cat (1-0) is ranked among the others, above Dan (0-3)
        ("config show_inactive = 1\n", "ranked", [("1", "Ann"), ("2", "Bob"), ("3", "Cat"), ("4", "Dan")]),
        # TSH's default: inactive players are not in the standings
        ("", "hidden", [("1", "Ann"), ("2", "Bob"), ("3", "Dan")]),
        ("config show_inactive = 0\n", "hidden", [("1", "Ann"), ("2", "Bob"), ("3", "Dan")]),
    ],
)
def test_show_inactive_decides_where_the_withdrawn_are_printed(invoke, tmp_path, config, setting, expected):
    workbook = tmp_path / "ev.xlsx"
    result = invoke("import-tsh", _event(tmp_path, config), "-o", workbook, "--lang", "en")
    assert result.exit_code == 0 and "config show_inactive" not in result.output  # carried, not warned about
    assert _rules(workbook)["withdrawn"] == setting
    assert _standings(invoke, workbook, tmp_path) == expected
    # exported and imported again: the same printout
    assert invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "out").exit_code == 0
    config_out = (tmp_path / "out" / "config.tsh").read_text(encoding="utf-8")
    assert ("config show_inactive = 1" in config_out) == (setting == "ranked")
    again = tmp_path / "again.xlsx"
    assert invoke("import-tsh", tmp_path / "out", "-o", again, "--lang", "en").exit_code == 0
    assert _standings(invoke, again, tmp_path, "again") == expected


def test_ttools_default_lists_the_withdrawn_below_and_keeps_it_through_tsh(invoke, tmp_path):
    """A loose .t file has no config: ttools' own default, withdrawn listed last without a place.
    TSH cannot print that; the exported config.tsh lists them (show_inactive = 1) and keeps
    ttools' setting in a comment TSH skips, so the event comes back as it was."""
    (tmp_path / "a.t").write_text(T_FILE, encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    below = [("1", "Ann"), ("2", "Bob"), ("3", "Dan"), ("", "Cat")]
    assert _standings(invoke, workbook, tmp_path) == below
    assert invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "out").exit_code == 0
    lines = (tmp_path / "out" / "config.tsh").read_text(encoding="utf-8").splitlines()
    assert "config show_inactive = 1" in lines and "# ttools withdrawn = below" in lines
    again = tmp_path / "again.xlsx"
    assert invoke("import-tsh", tmp_path / "out", "-o", again, "--lang", "en").exit_code == 0
    assert _rules(again)["withdrawn"] == "below"
    assert _standings(invoke, again, tmp_path, "again") == below


def test_the_comment_counts_only_in_a_folder_ttools_wrote(invoke, tmp_path):
    """A hand-written config.tsh is TSH's: show_inactive = 1 ranks the withdrawn, whatever a
    comment says."""
    workbook = tmp_path / "ev.xlsx"
    folder = _event(tmp_path, "config show_inactive = 1\n# ttools withdrawn = below\n")
    assert invoke("import-tsh", folder, "-o", workbook, "--lang", "en").exit_code == 0
    assert _rules(workbook)["withdrawn"] == "ranked"


def test_the_withdrawn_setting_typed_on_rules(invoke, tmp_path, write_event):
    """The Rules setting on its own, in an event made in ttools (Chinese words understood)."""
    from ttools.competitions.scrabble.standings import WITHDRAWN

    assert WITHDRAWN == ("below", "ranked", "hidden")
    (tmp_path / "a.t").write_text(T_FILE, encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    book = openpyxl.load_workbook(workbook)
    for row in book["Rules"].iter_rows(min_row=2):
        if row[0].value == "withdrawn":
            row[2].value = "一同排名"
    book.save(workbook)
    assert _standings(invoke, workbook, tmp_path) == [("1", "Ann"), ("2", "Bob"), ("3", "Cat"), ("4", "Dan")]
