"""Typed text stays text in what `ttools export` writes for other software: Perl (which TSH uses
to read config.tsh) runs nothing of an event name and reads back the text typed; line breaks and
other control characters in event, division, player and club names never add lines or fields to
config.tsh, the .t files or the .tou file; and every file is written atomically."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ttools.competitions.scrabble.tsh import T_LINE

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "data" / "hostile" / "tsh"))
import make_hostile_tsh as hostile  # noqa: E402

SAMPLE = ROOT / "samples" / "scrabble-3div.xlsx"
# what TSH does with a config line: Perl evaluates the value; print each as hex, to compare bytes
PERL = r"""
while (my $line = <STDIN>) {
    chomp $line;
    next unless $line =~ /^config\s+(\w+)\s*=\s*(.*)$/;
    my ($key, $source) = ($1, $2);
    my $value = eval $source;
    die "$key: $@" if $@;
    $value = join(",", @$value) if ref $value eq "ARRAY";
    print "$key=", unpack("H*", $value), "\n";
}
"""


def folded(text: str) -> str:
    """The typed text with each run of line breaks and control characters as one space."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+", " ", text)


def perl_values(config: Path, cwd: Path) -> dict[str, str]:
    perl = shutil.which("perl")
    if perl is None:
        pytest.skip("perl is not installed")
    done = subprocess.run([perl, "-e", PERL], input=config.read_bytes(), cwd=cwd, capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return {
        k: bytes.fromhex(v).decode("utf-8")
        for k, v in (line.split("=", 1) for line in done.stdout.decode().splitlines())
    }


def export_names(tmp_path: Path, invoke, name: str, players: list[str] | None = None) -> Path:
    from ttools.competitions.scrabble.competition import write_input_workbook

    players = players or ["Ann", "Bob"]
    rows = [{"id": f"A{i}", "name": n, "division": "A", "club": n} for i, n in enumerate(players, 1)]
    book = tmp_path / "event.xlsx"
    write_input_workbook(
        str(book),
        rows,
        {"Results": [{"round": 1, "player1": "A1", "score1": 400, "player2": "A2", "score2": 350}]},
        event={"name": name, "date": "2025-01-02", "seed": "s"},
        lang="en",
    )
    result = invoke("export", book, "--to", tmp_path / "tsh")
    assert result.exit_code in (0, 1), result.output
    return tmp_path / "tsh"


@pytest.mark.parametrize(
    "name",
    [
        'Open @{[ system("touch PWNED") ]}',
        "Open @{[ system('touch PWNED') ]} ${\\ `touch PWNED`} $0 @ARGV",
        "it's \\ a \\' trap \\",
        hostile.HOSTILE_EVENT_NAME,
    ],
)
def test_perl_runs_nothing_of_the_event_name_and_reads_the_text_typed(invoke, tmp_path, name):
    folder = export_names(tmp_path, invoke, name)
    values = perl_values(folder / "config.tsh", tmp_path)
    assert not (tmp_path / "PWNED").exists() and not (folder / "PWNED").exists()
    # show_inactive: withdrawn players are listed (ttools lists them below, a comment TSH skips says so)
    assert values == {"event_name": folded(name), "event_date": "2025-01-02", "bye_spread": "50", "show_inactive": "1"}
    for line in (folder / "config.tsh").read_text(encoding="utf-8").splitlines():
        assert line.startswith(
            (
                "# written by ttools export",
                "# ttools withdrawn = below",
                "# ttools language = en",
                "division ",
                "config ",
            )
        ), line


def test_hostile_names_stay_one_line_each_and_come_back_as_text(invoke, tmp_path):
    from ttools.competitions.scrabble.load import load
    from ttools.workbook.read import read_book

    book = tmp_path / "names.xlsx"
    hostile.write_hostile_names(book)
    result = invoke("export", book, "--to", tmp_path / "tsh")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "tsh"
    a = (folder / "a.t").read_bytes().decode("utf-8").split("\n")
    assert a[-1] == "" and len(a) - 1 == len(hostile.HOSTILE_PLAYER_NAMES)
    assert all(T_LINE.match(line) for line in a[:-1])
    tou = next(folder.glob("*.tou")).read_bytes().decode("utf-8")
    lines = tou.split("\r\n")
    assert lines[-1] == "" and lines[-2] == "*** END OF FILE ***"
    assert len(lines) - 2 == 2 * 3 + len(hostile.HOSTILE_PLAYER_NAMES) + 2  # header lines, players
    assert lines[0] == "*M02.01.2025 " + folded(hostile.HOSTILE_EVENT_NAME)
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]", tou.replace("\r\n", "\n"))
    assert not re.search(
        r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]", (folder / "config.tsh").read_text(encoding="utf-8")
    )

    assert invoke("import-tsh", folder, "-o", tmp_path / "back.xlsx").exit_code == 0
    data, _ = load(read_book(str(tmp_path / "back.xlsx")))
    assert data.name == folded(hostile.HOSTILE_EVENT_NAME)
    typed = {" ".join(folded(n).replace(";", ",").split()) for n in hostile.HOSTILE_PLAYER_NAMES}
    assert {p.name for p in data.players.values() if p.division == "A"} == typed
    assert {p.club for p in data.players.values() if p.division == "A"} == {
        " ".join(folded(n).split()) for n in hostile.HOSTILE_PLAYER_NAMES
    }


def test_a_failed_write_never_replaces_a_good_file(invoke, tmp_path):
    """A file-size limit below a .t file's size fails the write as a full disk would: the files
    of the export before are kept whole, no temporary file is left, one line says why."""
    assert invoke("export", SAMPLE, "--to", tmp_path / "tsh").exit_code == 0
    good = {p.name: p.read_bytes() for p in (tmp_path / "tsh").iterdir()}
    limit = 1000
    assert max(map(len, good.values())) > limit
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "sys.argv[0] = 'ttools'\nfrom ttools.cli import main\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "export", str(SAMPLE), "--to", str(tmp_path / "tsh")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"ttools: cannot write {tmp_path / 'tsh'}")
    assert "Traceback" not in done.stderr
    assert {p.name: p.read_bytes() for p in (tmp_path / "tsh").iterdir()} == good


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_export_onto_a_fifo_is_refused_without_waiting(tmp_path):
    (tmp_path / "tsh").mkdir()
    os.mkfifo(tmp_path / "tsh" / "config.tsh")
    done = subprocess.run(
        [sys.executable, "-m", "ttools", "export", str(SAMPLE), "--to", str(tmp_path / "tsh")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_exported_files_have_the_mode_the_umask_gives(invoke, tmp_path):
    mask = os.umask(0o022)
    try:
        assert invoke("export", SAMPLE, "--to", tmp_path / "tsh").exit_code == 0
        assert invoke("import-tsh", tmp_path / "tsh", "-o", tmp_path / "back.xlsx").exit_code == 0
    finally:
        os.umask(mask)
    for path in [*(tmp_path / "tsh").iterdir(), tmp_path / "back.xlsx"]:
        assert path.stat().st_mode & 0o777 == 0o644, path
