"""Byes through the interchange files: a bye paired but not scored stays open in the `.t` file
and comes back open; a bye of the forfeit spread (TSH's way of keeping a forfeit win) is a
forfeit win in the WESPA `.tou` file."""

from __future__ import annotations

import openpyxl

from tests.scrabble.test_tsh_real_data import forget_kept_lines


def _results(workbook) -> list[tuple]:
    sheet = openpyxl.load_workbook(workbook)["Results"]
    return [r[:6] for r in sheet.iter_rows(min_row=2, values_only=True) if r[0]]


def test_a_bye_not_scored_yet_is_exported_open_and_imported_open(invoke, tmp_path):
    """TSH's ``.t`` line holds a bye as opponent 0 with the spread credited in the scores; a
    bye paired but not scored has no score there yet (TFile::ParseLine leaves the score
    undefined, and TSH counts the bye only once a score is entered). Round 2: Ann's bye is
    paired, not scored; Bob v Cat is played."""
    (tmp_path / "a.t").write_text(
        "Ann        1500 2 0; 400\nBob        1400 1 3; 380 410\nCat        1300 0 2; 50 390\n", encoding="utf-8"
    )
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    rows = _results(workbook)
    assert (2, None, "1", None, None, None) in rows  # the bye, its score cell left empty
    assert invoke("run", workbook, "-o", tmp_path / "ev.out.xlsx").exit_code == 0
    forget_kept_lines(tmp_path / "ev.out.xlsx")  # the lines as ttools writes them
    assert invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "tsh").exit_code == 0
    lines = (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Ann                     1500 2 0; 400"  # not "400 50": no score was entered
    # and back again: still open, the same file a second time
    again = tmp_path / "again.xlsx"
    assert invoke("import-tsh", tmp_path / "tsh", "-o", again, "--lang", "en").exit_code == 0
    assert _results(again) == rows
    assert invoke("run", again, "-o", tmp_path / "again.out.xlsx").exit_code == 0
    assert invoke("export", tmp_path / "again.out.xlsx", "--to", tmp_path / "tsh2").exit_code == 0
    assert (tmp_path / "tsh2" / "a.t").read_text(encoding="utf-8").splitlines() == lines


def test_an_open_bye_between_scored_rounds_is_written_00(invoke, tmp_path):
    """A score still to come before later ones is TFile's undefined entry ``00``."""
    (tmp_path / "a.t").write_text(
        "Ann        1500 0 2; 00 420\nBob        1400 3 1; 400 380\nCat        1300 2 0; 350 50\n", encoding="utf-8"
    )
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    forget_kept_lines(workbook)
    assert invoke("export", workbook, "--to", tmp_path / "tsh").exit_code == 0
    assert (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines()[0] == (
        "Ann                     1500 0 2; 00 420"
    )


def _tou_blocks(path) -> dict[str, list[str]]:
    lines = path.read_bytes().decode("ascii").split("\r\n")
    return {
        line[:20].strip(): [line[20 + 9 * i : 29 + 9 * i] for i in range((len(line) - 20) // 9)] for line in lines[3:-2]
    }


def test_a_forfeit_win_kept_as_a_bye_is_a_forfeit_win_in_the_tou_file(invoke, tmp_path):
    """TSH's ForfeitLOSS unpairs a forfeited game and gives the absent player a bye of
    −forfeit spread and the one present a bye of +forfeit spread: round 2 here, Cat withdrawn
    (``off -100``), Bob +100. The ratings file writes a forfeit win as result 2, score 150 and
    a forfeit loss as 0, 100 (liwords' exportToTOU); a plain bye stays 0, 50 (Ann, round 3)."""
    (tmp_path / "a.t").write_text(
        "Ann        1500 4 4 0; 400 380 50\n"
        "Bob        1400 3 0 4; 410 100 420\n"
        "Cat        1300 2 0 0; 390 -100 -100; off -100\n"
        "Dan        1200 1 1 2; 350 390 400\n",
        encoding="utf-8",
    )
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    assert invoke("run", workbook, "-o", tmp_path / "ev.out.xlsx").exit_code == 0
    forget_kept_lines(tmp_path / "ev.out.xlsx")
    assert invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "out").exit_code == 0
    blocks = _tou_blocks(next((tmp_path / "out").glob("*.tou")))
    assert blocks["Bob"][1] == " 2150   2"  # the forfeit win, not a 50-point bye
    assert blocks["Cat"][1] == " 0100   3"
    assert blocks["Ann"][2] == " 0 50   1"
    # the .t file keeps TSH's two byes as they were
    t = (tmp_path / "out" / "a.t").read_text(encoding="utf-8").splitlines()
    assert t[1].startswith("Bob                     1400 3 0 4; 410 100 420")


def test_a_bye_of_the_forfeit_spread_is_a_plain_bye_where_byes_are_worth_as_much(invoke, tmp_path):
    """Where the bye spread is the forfeit spread a +100 bye cannot be told from a bye: it stays
    a bye (0, 50)."""
    folder = tmp_path / "ev"
    folder.mkdir()
    (folder / "a.t").write_text("Ann        1500 0 2; 100 420\nBob        1400 0 1; 100 400\n", encoding="utf-8")
    (folder / "config.tsh").write_text("division a a.t\nconfig bye_spread = 100\n", encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", folder, "-o", workbook, "--lang", "en").exit_code == 0
    assert invoke("export", workbook, "--to", tmp_path / "out").exit_code == 0
    blocks = _tou_blocks(next((tmp_path / "out").glob("*.tou")))
    assert blocks["Ann"][0] == " 0 50   1"
    assert blocks["Bob"][0] == " 0 50   2"
