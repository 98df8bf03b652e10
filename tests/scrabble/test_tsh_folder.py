"""`ttools import-tsh` reads only regular files inside the event folder, bounded in size and line
length: every hostile case of tests/data/hostile/tsh/make_hostile_tsh.py (devices, FIFOs,
sockets, directories, links and ``../`` paths out of the folder, files past the limits) is
refused in one line on exit 2, in bounded time and memory, quoting nothing of what it holds;
the workbook is written atomically."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "data" / "hostile" / "tsh"))
import make_hostile_tsh as hostile  # noqa: E402

TSH = ROOT / "tests" / "data" / "tsh" / "e4c5-tournament1"
MEMORY = 1 << 30  # address space for the whole process: far less than /dev/zero takes
SECONDS = 30  # a hang on a FIFO never ends; a refusal takes well under a second

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs, sockets and /dev/zero are POSIX")


def ttools(*args: object, cwd: Path, fsize: int | None = None) -> subprocess.CompletedProcess:
    """``ttools ARGS`` in a process of its own with its address space (and file size) bounded."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY}, {MEMORY}))\n"
        f"if {fsize!r}: resource.setrlimit(resource.RLIMIT_FSIZE, ({fsize!r}, {fsize!r}))\n"
        "sys.argv[0] = 'ttools'\nfrom ttools.cli import main\nmain()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=SECONDS,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.mark.parametrize("case", sorted(hostile.CASES))
def test_a_hostile_input_is_refused_in_one_line_quoting_nothing(tmp_path, case):
    given = hostile.CASES[case](tmp_path)
    start = time.monotonic()
    result = ttools("import-tsh", given, "-o", tmp_path / "event.xlsx", cwd=tmp_path)
    assert time.monotonic() - start < SECONDS / 2
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ttools: cannot read "), result.stderr
    assert hostile.SECRET not in result.stderr + result.stdout and "Traceback" not in result.stderr
    assert len(lines[0]) < 400
    assert not (tmp_path / "event.xlsx").exists()


@pytest.mark.parametrize(
    "case, why",
    [
        ("config-names-dev-zero", "outside the event folder"),
        ("config-names-dotdot", "outside the event folder"),
        ("t-links-out-of-the-folder", "outside the event folder"),
        ("config-links-to-dev-zero", "outside the event folder"),
        ("loose-link-out-of-the-folder", "outside the event folder"),
        ("t-is-a-fifo", "a FIFO"),
        ("loose-fifo", "a FIFO"),
        ("loose-dev-zero", "a character device"),
        ("t-is-a-directory", "a directory"),
        ("t-is-a-socket", "a socket"),
        ("t-larger-than-the-limit", "larger than 20 MB"),
        ("t-with-a-line-longer-than-the-limit", "a line longer than 64 KB"),
        ("t-holding-nul-bytes", "not text"),
    ],
)
def test_the_refusal_names_the_file_and_why(tmp_path, case, why):
    from click.testing import CliRunner

    from ttools.cli import cli

    given = hostile.CASES[case](tmp_path)
    if "fifo" in case or "dev-zero" in case:  # in-process only what cannot hang or exhaust it
        result = ttools("import-tsh", given, "-o", tmp_path / "event.xlsx", cwd=tmp_path)
        stderr = result.stderr
    else:
        stderr = CliRunner().invoke(cli, ["import-tsh", str(given), "-o", str(tmp_path / "event.xlsx")]).stderr
    assert why in stderr, stderr


def test_a_link_and_a_path_inside_the_folder_are_read(tmp_path):
    from click.testing import CliRunner

    from ttools.cli import cli

    folder = tmp_path / "event"
    (folder / "files").mkdir(parents=True)
    (folder / "files" / "a.t").write_bytes((TSH / "a.t").read_bytes())
    (folder / "config.tsh").write_text("division a files/../files/a.t\n", encoding="utf-8")
    os.symlink("files/a.t", folder / "b.t")
    result = CliRunner().invoke(cli, ["import-tsh", str(folder), "-o", str(tmp_path / "one.xlsx")])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["import-tsh", str(folder / "b.t"), "-o", str(tmp_path / "two.xlsx")])
    assert result.exit_code == 0, result.output


def test_a_real_event_folder_imports_within_the_bounds(tmp_path):
    result = ttools("import-tsh", TSH, "-o", tmp_path / "event.xlsx", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "event.xlsx").stat().st_size > 0


def test_an_unreadable_line_is_quoted_short(invoke, tmp_path):
    (tmp_path / "a.t").write_text("Ann 1500 2; 400\n" + "nonsense " * 1000 + "\n", encoding="utf-8")
    result = invoke("import-tsh", tmp_path / "a.t", "-o", tmp_path / "event.xlsx")
    assert result.exit_code == 1 and "tsh-line-unreadable" in result.stderr
    assert max(map(len, result.stderr.splitlines())) < 300


def test_a_failed_write_never_replaces_the_workbook(invoke, tmp_path, monkeypatch):
    """A write that fails half-way (a full disk) keeps the workbook already there whole, leaves no
    temporary file, and says why in one line."""
    import errno

    from ttools.workbook.write import WorkbookWriter

    event = tmp_path / "event.xlsx"
    assert invoke("import-tsh", TSH, "-o", event).exit_code == 0
    good = event.read_bytes()

    def half_written(self):
        with open(self.wb.filename, "wb") as fh:
            fh.write(good[:100])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(WorkbookWriter, "close", half_written)
    result = invoke("import-tsh", TSH, "-o", event, "--force")
    assert result.exit_code == 2, result.output
    assert result.stderr == f"ttools: cannot write {event}: No space left on device\n"
    assert event.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
