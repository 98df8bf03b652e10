"""``python -m ttools run FILE [-o OUTPUT]`` is served without click (its import is 40 ms of a
small event's run): the same lines, exit code and workbook as the click command."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ttools.__main__ import plain_run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "nations-cup-12.xlsx"
VIA_CLICK = "import sys; sys.argv[0] = 'ttools'; from ttools.cli import main; main()"


def _both(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess, bytes, bytes]:
    """Each way run in a folder of its own (paths given relative to it): results and written files."""
    done, written = [], []
    for way, command in (("plain", ["-m", "ttools"]), ("click", ["-c", VIA_CLICK])):
        folder = tmp_path / way
        folder.mkdir()
        shutil.copyfile(SAMPLE, folder / "event.xlsx")
        (folder / "notes.xlsx").write_text("not a workbook", encoding="utf-8")
        (folder / "out").mkdir()
        done.append(
            subprocess.run([sys.executable, *command, "run", *args], capture_output=True, text=True, cwd=folder)
        )
        outputs = sorted(p for p in folder.rglob("*.out*.xlsx")) + sorted((folder / "out").glob("*.xlsx"))
        written.append(b"".join(p.read_bytes() for p in outputs))
    return done[0], done[1], written[0], written[1]


@pytest.mark.parametrize(
    "args,code",
    [
        (["event.xlsx"], 0),
        (["event.xlsx", "-o", "out/results.xlsx"], 0),
        (["event.xlsx", "--output", "out/results.xlsx"], 0),
        (["event.xlsx", "-o", "event.xlsx"], 2),  # would replace the input
        (["event.xlsx", "-o", "nowhere/results.xlsx"], 2),
        (["notes.xlsx"], 2),
        (["absent.xlsx"], 2),
    ],
)
def test_a_plain_run_says_and_writes_what_the_click_command_does(tmp_path, args, code):
    plain, via_click, plain_files, click_files = _both(tmp_path, *args)
    assert plain.returncode == code, plain.stderr
    said = via_click.stderr.replace(str(tmp_path / "click"), str(tmp_path / "plain"))
    assert (plain.returncode, plain.stdout, plain.stderr) == (via_click.returncode, via_click.stdout, said)
    assert plain_files == click_files and (bool(plain_files) == (code == 0))


def test_a_plain_run_of_a_workbook_with_problems_exits_1_as_the_click_command(tmp_path):
    from openpyxl import load_workbook

    broken = tmp_path / "broken.xlsx"
    wb = load_workbook(SAMPLE)
    wb.worksheets[4]["B2"] = "not a number"  # the roster's first team number
    wb.save(broken)
    outs = []
    for command in (["-m", "ttools"], ["-c", VIA_CLICK]):
        target = tmp_path / f"{len(outs)}.xlsx"
        run = [sys.executable, *command, "run", str(broken), "-o", str(target)]
        outs.append(subprocess.run(run, capture_output=True, text=True, cwd=tmp_path))
    assert outs[0].returncode == 1 and "error" in outs[0].stderr
    assert [(o.returncode, o.stderr.replace("1.xlsx", "0.xlsx")) for o in outs] == [(1, outs[0].stderr)] * 2


def test_a_plain_run_loads_no_click(tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "event.xlsx")
    code = (
        "import runpy, sys; sys.argv = ['ttools', 'run', 'event.xlsx']\n"
        "try:\n    runpy.run_module('ttools', run_name='__main__')\n"
        "except SystemExit as exc:\n    print(exc.code, 'click' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.split() == ["0", "False"], done.stderr


def test_only_the_plain_forms_skip_click(tmp_path):
    book = tmp_path / "event.xlsx"
    book.write_bytes(b"")
    assert plain_run(["run", str(book)]) == (str(book), None)
    assert plain_run(["run", str(book), "-o", "r.xlsx"]) == (str(book), "r.xlsx")
    assert plain_run(["run", str(book), "--output", "r.xlsx"]) == (str(book), "r.xlsx")
    for args in (
        ["run", str(book), "--pdf"],
        ["run", str(book), "--json", "-"],
        ["run", str(book), "--publish", "site"],
        ["run", str(book), "--in-place"],
        ["run", str(book), "-o", str(tmp_path)],  # a folder: click says so
        ["run", str(book), "-o", "-q"],
        ["run", str(tmp_path)],
        ["run", "--help"],
        ["run"],
        ["check", str(book)],
        ["-q", "run", str(book)],
    ):
        assert plain_run(args) is None, args
