"""One working file: from event.xlsx the output is event.out.xlsx, from an output the next number
(never event.out.out.xlsx); --in-place writes over the input after keeping its previous version
in .ttools-history/ beside it; and a blank workbook's output gets no seed derived from nothing."""

from __future__ import annotations

import os
import re
import shlex
import time
from pathlib import Path

import pytest
from openpyxl import load_workbook

from ttools.files import HISTORY_FOLDER, default_path, keep_previous

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "nations-cup-12.xlsx"


@pytest.mark.parametrize(
    "path,suffix,expected",
    [
        ("event.xlsx", ".out.xlsx", "event.out.xlsx"),
        ("event.out.xlsx", ".out.xlsx", "event.out-2.xlsx"),
        ("event.out-2.xlsx", ".out.xlsx", "event.out-3.xlsx"),
        ("event.out-9.xlsx", ".out.xlsx", "event.out-10.xlsx"),
        ("folder/Event.OUT.xlsx", ".out.xlsx", "folder/Event.OUT-2.xlsx"),
        ("event.out.xlsm", ".out.xlsx", "event.out-2.xlsx"),
        ("event.xlsm", ".out.xlsx", "event.out.xlsx"),
        ("event.outline.xlsx", ".out.xlsx", "event.outline.out.xlsx"),
        ("folder/.out.xlsx", ".out.xlsx", "folder/.out.out.xlsx"),
        ("event.out.xlsx", ".checked.xlsx", "event.out.checked.xlsx"),
        ("event.checked.xlsx", ".checked.xlsx", "event.checked-2.xlsx"),
        ("event.out-2.xlsx", ".pdf", "event.out-2.pdf"),
        ("event.out.xlsx", ".pdf", "event.out.pdf"),
    ],
)
def test_default_path_numbers_an_output_instead_of_piling_up_suffixes(path, suffix, expected):
    assert default_path(path, suffix) == expected


def _cycle_block() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## The cycle\n+```sh\n(.*?)```", text, re.S).group(1)
    return [line for line in block.splitlines() if line.startswith("ttools ")]


def test_the_readme_cycle_followed_for_three_rounds_numbers_its_workbooks(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    commands = _cycle_block()
    assert commands and commands[0].startswith("ttools new ")
    last = commands[-1]
    # the last line's rule, "writes NEXT; carry on in it", makes the next round
    current, wrote = re.fullmatch(r"ttools run (\S+)\s+# writes (\S+); carry on in it", last).groups()
    commands.append(f"ttools run {wrote}")
    rounds = 0
    for line in commands:
        args = shlex.split(line.split("#", 1)[0])[1:]
        result = invoke(*args)
        assert result.exit_code in (0, 1), (line, result.output)
        if args[0] == "run":
            rounds += 1
    assert rounds == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "event.out-2.xlsx",
        "event.out-3.xlsx",
        "event.out.xlsx",
        "event.xlsx",
    ]


def test_run_of_an_output_writes_the_next_number(invoke, tmp_path):
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    assert invoke("run", src).exit_code == 0
    result = invoke("run", tmp_path / "event.out.xlsx")
    assert result.exit_code == 0
    assert f"wrote {tmp_path / 'event.out-2.xlsx'}" in result.stderr
    assert not (tmp_path / "event.out.out.xlsx").exists()


def _history(folder: Path) -> list[Path]:
    return sorted((folder / HISTORY_FOLDER).iterdir())


def test_in_place_writes_over_the_input_and_keeps_every_previous_version(invoke, tmp_path):
    src = tmp_path / "event.xlsx"
    original = SAMPLE.read_bytes()
    src.write_bytes(original)
    saved = time.mktime((2026, 12, 1, 10, 30, 0, 0, 0, -1))
    os.utime(src, (saved, saved))

    first = invoke("run", src, "--in-place")
    assert first.exit_code == 0, first.output
    kept = _history(tmp_path)
    assert [p.name for p in kept] == ["event.2026-12-01T10-30-00.xlsx"]
    assert kept[0].read_bytes() == original  # nothing lost
    assert src.read_bytes() != original and load_workbook(src).sheetnames[-1] != "Players"  # the results
    assert sorted(p.name for p in tmp_path.iterdir()) == [HISTORY_FOLDER, "event.xlsx"]
    assert f"kept the previous version as {kept[0]}" in first.stderr
    assert f"wrote {src}" in first.stderr

    # a second run at the same moment: the first kept version stays as it was, the next is numbered
    once = src.read_bytes()
    os.utime(src, (saved, saved))
    second = invoke("run", src, "--in-place")
    assert second.exit_code == 0, second.output
    kept = _history(tmp_path)
    assert [p.name for p in kept] == ["event.2026-12-01T10-30-00-2.xlsx", "event.2026-12-01T10-30-00.xlsx"]
    assert kept[1].read_bytes() == original and kept[0].read_bytes() == once


def test_in_place_takes_no_output_path(invoke, tmp_path):
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    result = invoke("run", src, "--in-place", "-o", tmp_path / "other.xlsx")
    assert result.exit_code == 2 and "--in-place" in result.stderr
    assert src.read_bytes() == SAMPLE.read_bytes() and not (tmp_path / HISTORY_FOLDER).exists()


def test_in_place_on_a_workbook_that_cannot_be_read_keeps_nothing_and_changes_nothing(invoke, tmp_path):
    src = tmp_path / "event.xlsx"
    src.write_bytes(b"not a workbook")
    result = invoke("run", src, "--in-place")
    assert result.exit_code == 2
    assert src.read_bytes() == b"not a workbook" and not (tmp_path / HISTORY_FOLDER).exists()


def test_keep_previous_never_writes_over_a_kept_version(tmp_path):
    src = tmp_path / "e.xlsx"
    for n in range(3):
        src.write_bytes(b"version %d" % n)
        os.utime(src, (1_000_000_000, 1_000_000_000))
        keep_previous(str(src))
    kept = _history(tmp_path)
    assert sorted(p.read_bytes() for p in kept) == [b"version 0", b"version 1", b"version 2"]
    assert all(p.stat().st_mtime == 1_000_000_000 for p in kept)


@pytest.mark.parametrize(
    "competition,unit",
    [("nations-cup", "--teams"), ("scrabble", "--players"), ("shengji", "--players"), ("shuangsheng", "--pairs")],
)
def test_a_blank_workbook_gets_no_seed_derived_into_its_output(invoke, json_of, tmp_path, competition, unit):
    src = tmp_path / "blank.xlsx"
    assert invoke("new", competition, src, unit, 8, "--lang", "en").exit_code == 0
    result, data = json_of("run", src)
    assert result.exit_code == 0, result.output
    assert "seed-derived" not in [p["code"] for p in data["problems"]]
    event = load_workbook(tmp_path / "blank.out.xlsx")["Event"]
    seeds = [row for row in event.iter_rows(values_only=True) if row and row[0] == "seed"]
    assert seeds and seeds[0][2] in (None, "")  # key, label, value


# ---- a target another program holds open -----------------------------------------------------


def _hold(monkeypatch, *held: Path) -> None:
    """Replacing any of ``held`` fails as Windows fails it while Excel has the file open
    (os.replace: PermissionError, winerror 32, the temporary file and the target named)."""
    import ttools.files

    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if any(os.path.abspath(dst) == os.path.abspath(h) for h in held):
            raise PermissionError(
                13, "The process cannot access the file because it is being used by another process", src, 32, dst
            )
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(ttools.files.os, "replace", replace)


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize(
    "lang,hint",
    [
        ("zh-Hant", "請在 Excel（或開啟它的程式）中關閉 event.out.xlsx，然後再執行一次"),
        ("zh-Hans", "请在 Excel（或打开它的程序）中关闭 event.out.xlsx，然后再运行一次"),
        ("en", "close event.out.xlsx in Excel (or the program that holds it), then run again"),
    ],
)
def test_run_onto_an_output_open_in_excel_says_to_close_it_and_changes_nothing(
    invoke, tmp_path, monkeypatch, lang, hint
):
    src = tmp_path / "event.xlsx"
    made = invoke("new", "nations-cup", src, "--teams", "8", "--lang", lang)
    assert made.exit_code == 0, made.output
    out = tmp_path / "event.out.xlsx"
    assert invoke("run", src).exit_code in (0, 1)  # the previous results, open in Excel
    previous, before = out.read_bytes(), src.read_bytes()
    _hold(monkeypatch, out)
    result = invoke("run", src)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    prefix = "無法寫入" if lang == "zh-Hant" else "无法写入" if lang == "zh-Hans" else "cannot write"
    assert lines[-1] == f"ttools: {prefix} {out}{'：' if lang != 'en' else ': '}{hint}", lines
    assert not any("Permission denied" in line or "Traceback" in line for line in lines)
    assert out.read_bytes() == previous and src.read_bytes() == before
    assert _left(tmp_path) == ["event.out.xlsx", "event.xlsx"]  # no temporary file behind, nothing kept


def test_in_place_onto_a_workbook_open_in_excel_leaves_it_as_it_was(invoke, tmp_path, monkeypatch):
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    _hold(monkeypatch, src)
    result = invoke("run", src, "--in-place")
    assert result.exit_code == 2
    assert "event.xlsx" in result.stderr.strip().splitlines()[-1] and "Excel" in result.stderr
    assert src.read_bytes() == SAMPLE.read_bytes()
    assert _left(tmp_path) == [HISTORY_FOLDER, "event.xlsx"]  # the kept copy, and no temporary file


def test_every_writer_says_to_close_a_target_held_open(invoke, tmp_path, monkeypatch):
    """run's PDF, print, check --annotate, new --force and Scrabble's export: each output another
    program holds is one line naming it, exit 2, the file as it was."""
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    assert invoke("run", src).exit_code == 0
    pdf, checked, out = tmp_path / "event.out.pdf", tmp_path / "event.checked.xlsx", tmp_path / "event.out.xlsx"
    for held in (pdf, checked):
        held.write_bytes(b"open elsewhere")
    _hold(monkeypatch, pdf, checked, out)
    cases = [
        (("print", out, "-o", pdf), pdf, "請在開啟它的程式中關閉 event.out.pdf"),
        (("check", src, "--annotate"), checked, "請在 Excel（或開啟它的程式）中關閉 event.checked.xlsx"),
    ]
    for args, held, hint in cases:
        result = invoke(*args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.strip().splitlines()[-1] == f"ttools: 無法寫入 {held}：{hint}，然後再執行一次", args
        assert held.read_bytes() == b"open elsewhere"
    scrabble = tmp_path / "scrabble.xlsx"
    scrabble.write_bytes((ROOT / "samples" / "scrabble-3div.xlsx").read_bytes())
    folder = tmp_path / "tsh"
    assert invoke("export", scrabble, "--to", folder).exit_code == 0
    first = sorted(folder.iterdir())[0]
    kept = first.read_bytes()
    _hold(monkeypatch, first)
    result = invoke("export", scrabble, "--to", folder)
    assert result.exit_code == 2, result.output
    # the sample is a zh-Hant event: its export speaks zh-Hant, as its run does
    assert (
        result.stderr.strip().splitlines()[-1]
        == f"ttools: 無法寫入 {first}：請在開啟它的程式中關閉 {first.name}，然後再執行一次"
    )
    assert first.read_bytes() == kept
    # no temporary file behind; the PDF and the checked copy, neither one ttools makes anew, were
    # kept before the writes that failed (as --in-place keeps its file)
    assert not [p for p in tmp_path.rglob(".ttools-*") if HISTORY_FOLDER not in p.parts]
    assert [p.read_bytes() for p in _history(tmp_path)] == [b"open elsewhere"] * 2


_HELD_T = {
    "zh-Hant": "無法寫入 {path}：請在開啟它的程式中關閉 {name}，然後再執行一次",
    "zh-Hans": "无法写入 {path}：请在打开它的程序中关闭 {name}，然后再运行一次",
    "en": "cannot write {path}: close {name} in the program that holds it, then run again",
}
_HELD_XLSX = {
    "zh-Hant": "無法寫入 {path}：請在 Excel（或開啟它的程式）中關閉 {name}，然後再執行一次",
    "zh-Hans": "无法写入 {path}：请在 Excel（或打开它的程序）中关闭 {name}，然后再运行一次",
    "en": "cannot write {path}: close {name} in Excel (or the program that holds it), then run again",
}


def _scrabble_event(path: Path, lang: str) -> None:
    from ttools.competitions.scrabble.competition import write_input_workbook

    players = [{"id": i, "name": f"Player {i}"} for i in range(1, 5)]
    results = [
        {"round": 1, "player1": 1, "player2": 2, "score1": 400, "score2": 350},
        {"round": 1, "player1": 3, "player2": 4, "score1": 380, "score2": 390},
    ]
    write_input_workbook(str(path), players, {"Results": results}, lang=lang)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_scrabble_export_and_import_say_to_close_a_held_target_in_the_event_language(
    invoke, tmp_path, monkeypatch, lang
):
    """export speaks the workbook's language; import-tsh the one it writes (--lang, else the one
    the config.tsh of a ttools export says), as every other writer of ttools does."""
    src, folder = tmp_path / "event.xlsx", tmp_path / "tsh"
    _scrabble_event(src, lang)
    assert invoke("export", src, "--to", folder).exit_code == 0
    division = next(p for p in sorted(folder.iterdir()) if p.suffix == ".t")
    kept = division.read_bytes()
    with monkeypatch.context() as held:
        _hold(held, division)
        result = invoke("export", src, "--to", folder)
    assert result.exit_code == 2, result.output
    want = _HELD_T[lang].format(path=division, name=division.name)
    assert result.stderr.strip().splitlines()[-1] == f"ttools: {want}"
    assert division.read_bytes() == kept

    target = tmp_path / "imported.xlsx"
    target.write_bytes(b"open in Excel")
    _hold(monkeypatch, target)
    for args in (("--lang", lang), ()):  # said on the command line, then by the exported config.tsh
        result = invoke("import-tsh", folder, "-o", target, "--force", *args)
        assert result.exit_code == 2, (args, result.output)
        want = _HELD_XLSX[lang].format(path=target, name=target.name)
        assert result.stderr.strip().splitlines()[-1] == f"ttools: {want}", args
        assert target.read_bytes() == b"open in Excel"


def test_new_force_onto_a_workbook_held_open_says_to_close_it_and_keeps_it(invoke, tmp_path, monkeypatch):
    """new --force writes through a temporary file too: Windows refuses to replace a file Excel
    holds, and that is the one line in the event's language; the workbook stays as it was."""
    target = tmp_path / "event.xlsx"
    target.write_bytes(b"open in Excel")
    real_replace = os.replace

    def refuse(src, dst, *args, **kwargs):
        if os.path.abspath(dst) == str(target):
            raise PermissionError(13, "Permission denied", str(dst))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refuse)
    result = invoke("new", "nations-cup", target, "--teams", "8", "--lang", "zh-Hans", "--force")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines()[-1] == (
        f"ttools: 无法写入 {target}：请在 Excel（或打开它的程序）中关闭 event.xlsx，然后再运行一次"
    )
    assert target.read_bytes() == b"open in Excel"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]  # no temporary file left


def test_a_failed_new_force_leaves_the_workbook_it_was_to_replace(invoke, tmp_path, monkeypatch):
    """A disk that fills while `new --force` writes: one line, exit 2, and the old workbook whole."""
    import zipfile

    import xlsxwriter.workbook

    target = tmp_path / "event.xlsx"
    target.write_bytes(b"last week's roster")

    class FullDisk(zipfile.ZipFile):  # the zip is opened (the target truncated, were it written directly)
        def write(self, *args, **kwargs):
            raise OSError(28, "No space left on device")

        writestr = write

    monkeypatch.setattr(xlsxwriter.workbook, "ZipFile", FullDisk)
    result = invoke("new", "nations-cup", target, "--teams", "8", "--force")
    assert result.exit_code == 2, result.output
    assert "No space left on device" in result.stderr.strip().splitlines()[-1]
    assert target.read_bytes() == b"last week's roster"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


def test_a_folder_ttools_may_not_write_in_is_not_a_held_target(tmp_path, monkeypatch):
    """Refused where the folder, not another program, is the reason: the OS reason, as before."""
    from ttools.files import CannotWrite, cannot_write

    target = tmp_path / "out.xlsx"
    target.write_bytes(b"x")
    err = PermissionError(13, "Permission denied", str(target))
    assert cannot_write(str(target), err).held
    monkeypatch.setattr(os, "access", lambda path, mode: os.path.isfile(path))
    got = cannot_write(str(target), err)
    assert isinstance(got, CannotWrite) and not got.held
    assert str(got) == f"cannot write {target}: Permission denied"


def _excel_saved(path: Path) -> None:
    """``path`` as a program saving it leaves it: its core properties say who saved it and when."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = [(i, z.read(i)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            if info.filename == "docProps/core.xml":
                data = data.replace(b">ttools</cp:lastModifiedBy>", b">Floor staff</cp:lastModifiedBy>")
                data = data.replace(
                    b">2026-01-01T00:00:00Z</dcterms:modified>", b">2026-12-01T09:12:00Z</dcterms:modified>"
                )
            z.writestr(info, data)


@pytest.mark.parametrize("plain", [True, False], ids=["run -o", "run -o -q"])
def test_an_output_named_over_another_workbook_keeps_that_workbook(invoke, tmp_path, plain):
    """``-o`` naming a workbook staff fill in (another event's, a typing mistake) replaces it only
    once its previous version is kept in .ttools-history/ beside it; the run says so. Through the
    plain path (no click) and through click alike."""
    src, other = tmp_path / "day2.xlsx", tmp_path / "day1.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    precious = (ROOT / "samples" / "scrabble-3div.xlsx").read_bytes()
    other.write_bytes(precious)
    if plain:
        import subprocess
        import sys

        done = subprocess.run(
            [sys.executable, "-m", "ttools", "run", str(src), "-o", str(other)], capture_output=True, text=True
        )
        code, stderr = done.returncode, done.stderr
    else:
        result = invoke("run", src, "-o", other, "-q")
        code, stderr = result.exit_code, result.stderr
    assert code == 0, stderr
    kept = _history(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes() == precious  # nothing lost
    assert load_workbook(other).sheetnames[-1] != "Players"  # the results are there
    assert (f"kept the previous {other} as {kept[0]}" in stderr) == plain  # -q: no progress lines


def test_outputs_ttools_makes_anew_are_written_over_and_the_others_kept(invoke, tmp_path):
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    out, summary, pdf = tmp_path / "results.xlsx", tmp_path / "results.json", tmp_path / "results.pdf"
    args = ("run", src, "-o", out, "--json", summary, "--pdf-to", pdf)
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    # the same outputs again: results, summary and PDF are made anew, nothing is kept
    again = invoke(*args)
    assert again.exit_code == 0 and not (tmp_path / HISTORY_FOLDER).exists(), again.stderr
    # the results saved in Excel since (results typed into them, say): kept before written over
    _excel_saved(out)
    saved = out.read_bytes()
    third = invoke(*args)
    assert third.exit_code == 0
    assert [p.read_bytes() for p in _history(tmp_path)] == [saved]
    # a summary or a PDF named over a workbook, a workbook over a PDF: each kept
    other = tmp_path / "roster.xlsx"
    other.write_bytes(SAMPLE.read_bytes())
    fourth = invoke("run", src, "-o", pdf, "--json", other, "--pdf-to", out)
    assert fourth.exit_code == 0, fourth.stderr
    kept = {(p.name.split(".")[0], p.suffix): p.read_bytes() for p in _history(tmp_path)}
    assert kept["roster", ".xlsx"] == SAMPLE.read_bytes() and kept["results", ".pdf"][:5] == b"%PDF-"
    # the Excel-saved results, then the PDF -o named and the results --pdf-to named
    assert sum(name.startswith("results.") for name in os.listdir(tmp_path / HISTORY_FOLDER)) == 3
    # print -o over a PDF ttools printed: made anew; over anything else: kept
    before = len(_history(tmp_path))
    assert invoke("print", src, "-o", tmp_path / "results.pdf.xlsx").exit_code == 0
    assert invoke("print", src, "-o", tmp_path / "results.pdf.xlsx").exit_code == 0
    assert len(_history(tmp_path)) == before
    note = tmp_path / "note.pdf"
    note.write_bytes(b"%PDF-1.4 a rulebook staff printed\n%%EOF\n")
    assert invoke("print", src, "-o", note).exit_code == 0
    assert b"a rulebook staff printed" in max(_history(tmp_path), key=lambda p: p.stat().st_mtime_ns).read_bytes()


def test_a_checked_copy_is_kept_before_a_second_check_writes_over_it(invoke, tmp_path):
    """Staff fix cells in the checked copy: a second ``check --annotate`` of the original keeps it."""
    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    assert invoke("check", src, "--annotate").exit_code in (0, 1)
    copy = tmp_path / "event.checked.xlsx"
    fixed = copy.read_bytes()
    second = invoke("check", src, "--annotate")
    assert second.exit_code in (0, 1)
    kept = _history(tmp_path)
    assert [p.read_bytes() for p in kept] == [fixed] and copy.exists()
    assert f"kept the previous {copy} as {kept[0]}" in second.stderr


def test_only_an_output_as_ttools_wrote_it_counts_as_made_anew(invoke, tmp_path):
    from ttools.files import regenerable

    src = tmp_path / "event.xlsx"
    src.write_bytes(SAMPLE.read_bytes())
    assert invoke("run", src, "--json", tmp_path / "s.json", "--pdf").exit_code in (0, 1)
    out = tmp_path / "event.out.xlsx"
    assert regenerable(str(out), "workbook") and regenerable(str(tmp_path / "s.json"), "json")
    assert regenerable(str(tmp_path / "event.out.pdf"), "pdf")
    assert not regenerable(str(src), "workbook")  # a workbook staff fill in
    assert not regenerable(str(out), "pdf") and not regenerable(str(tmp_path / "s.json"), "workbook")
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(out.read_bytes()[:5000])
    text = tmp_path / "text.xlsx"
    text.write_text("not a workbook")
    assert not regenerable(str(damaged), "workbook") and not regenerable(str(text), "workbook")
    assert not regenerable(str(tmp_path / "missing.xlsx"), "workbook")
