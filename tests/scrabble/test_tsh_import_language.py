"""``ttools import-tsh`` speaks the event's language, as every other command does: ``--lang``
when given, else the language a config.tsh written by ``ttools export`` records (a comment TSH
skips), else the competition's default (Traditional Chinese). The workbook is written in that
language and the problem lines are shown in it."""

from __future__ import annotations

import openpyxl

from ttools.competitions.scrabble.competition import write_input_workbook

# a .t file with a line TSH would not read: an error, shown in the language chosen
BAD_T = "Ann        1500 2; 4-3;\nBob        1400 1; 350;\n"


def _exported(tmp_path, lang: str):
    book = tmp_path / f"event-{lang}.xlsx"
    rows = [{"id": "1", "name": "Ann"}, {"id": "2", "name": "Bob"}]
    results = [{"round": 1, "player1": "1", "score1": 400, "player2": "2", "score2": 350}]
    write_input_workbook(str(book), rows, {"Results": results}, event={"name": "Open", "seed": "s"}, lang=lang)
    return book


def test_a_folder_exported_in_english_comes_back_in_english(invoke, tmp_path):
    book = _exported(tmp_path, "en")
    assert invoke("export", book, "--to", tmp_path / "tsh").exit_code == 0
    assert "# ttools language = en" in (tmp_path / "tsh" / "config.tsh").read_text(encoding="utf-8").splitlines()
    back = tmp_path / "back.xlsx"
    assert invoke("import-tsh", tmp_path / "tsh", "-o", back).exit_code == 0
    assert "Players" in openpyxl.load_workbook(back).sheetnames
    # a problem found then is in English: the division file spoilt
    (tmp_path / "tsh" / "a.t").write_text(BAD_T, encoding="utf-8")
    result = invoke("import-tsh", tmp_path / "tsh", "-o", tmp_path / "bad.xlsx")
    assert result.exit_code == 1
    assert "[tsh-line-unreadable] Line 1 is not a TSH player line" in result.stderr


def test_a_folder_exported_in_simplified_chinese_speaks_it(invoke, tmp_path):
    book = _exported(tmp_path, "zh-Hans")
    assert invoke("export", book, "--to", tmp_path / "tsh").exit_code == 0
    (tmp_path / "tsh" / "a.t").write_text(BAD_T, encoding="utf-8")
    result = invoke("import-tsh", tmp_path / "tsh", "-o", tmp_path / "bad.xlsx")
    assert result.exit_code == 1 and "[tsh-line-unreadable] 第 1 行不是 TSH 参赛者资料" in result.stderr


def test_without_a_language_said_the_default_and_lang_wins(invoke, tmp_path):
    (tmp_path / "a.t").write_text(BAD_T, encoding="utf-8")
    result = invoke("import-tsh", tmp_path / "a.t", "-o", tmp_path / "x.xlsx")
    assert result.exit_code == 1 and "[tsh-line-unreadable] 第 1 行不是 TSH 參賽者資料" in result.stderr
    result = invoke("import-tsh", tmp_path / "a.t", "-o", tmp_path / "x.xlsx", "--lang", "en")
    assert "[tsh-line-unreadable] Line 1 is not a TSH player line" in result.stderr
    # a config.tsh's warnings, too: TSH's own config (no ttools comment) in the default language
    folder = tmp_path / "ev"
    folder.mkdir()
    (folder / "a.t").write_text("Ann        1500 2; 400\nBob        1400 1; 350\n", encoding="utf-8")
    (folder / "config.tsh").write_text("division a a.t\nconfig no_text_files = 1\n", encoding="utf-8")
    result = invoke("import-tsh", folder, "-o", tmp_path / "ev.xlsx")
    assert result.exit_code == 0
    assert "config no_text_files（第 2 行）——於 ttools 無作用（TSH 之文字報表檔" in result.stderr
    assert "參賽者" in openpyxl.load_workbook(tmp_path / "ev.xlsx").sheetnames
