"""Commands that follow the conventions: results and data on stdout, problems, progress and
`wrote …` lines on stderr; -q on every command (progress left out, problems kept); the inbox
tells each message as it is answered; every exit code and shell completion documented; one
default language rule (the competition's) for every command."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import click
import pytest

from ttools import competitions
from ttools.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
XLSX = ("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")


def _all_commands() -> dict[str, click.Command]:
    ctx = click.Context(cli)
    return {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}


@pytest.mark.parametrize("name", sorted(_all_commands()))
def test_every_command_takes_quiet(name):
    command = _all_commands()[name]
    options = {opt for param in command.params for opt in getattr(param, "opts", [])}
    assert {"-q", "--quiet"} <= options, name


def _copy(tmp_path: Path, sample: str, name: str = "event.xlsx") -> Path:
    target = tmp_path / name
    shutil.copy(SAMPLES / sample, target)
    return target


def test_wrote_lines_go_to_stderr_for_every_command_that_writes(invoke, tmp_path):
    event = _copy(tmp_path, "nations-cup-12.xlsx")
    scrabble = _copy(tmp_path, "scrabble-3div.xlsx", "scrabble.xlsx")
    runs = {
        "new": invoke("new", "nations-cup", tmp_path / "blank.xlsx", "--teams", 8),
        "run": invoke("run", event),
        "check --annotate": invoke("check", event, "--annotate"),
        "export": invoke("export", scrabble, "--to", tmp_path / "tsh"),
        "import-tsh": invoke("import-tsh", tmp_path / "tsh", "-o", tmp_path / "imported.xlsx"),
        "print": invoke("print", tmp_path / "event.out.xlsx", "-o", tmp_path / "event.pdf"),
    }
    for name, result in runs.items():
        assert result.exit_code in (0, 1), (name, result.output)
        assert "wrote" not in result.stdout, name
        assert result.stdout == "", (name, result.stdout)
        if name != "print" or result.exit_code == 0:  # print without a PDF engine writes nothing
            assert re.search(r"^wrote ", result.stderr, re.M), (name, result.stderr)


def test_quiet_leaves_out_progress_and_keeps_the_problems(invoke, tmp_path):
    event = _copy(tmp_path, "nations-cup-12.xlsx")  # one warning
    loud = invoke("run", event)
    quiet = invoke("run", event, "-q")
    assert loud.exit_code == quiet.exit_code == 0
    assert "wrote" in loud.stderr and "error(s)" in loud.stderr
    assert quiet.stdout == ""
    assert quiet.stderr.splitlines() == [line for line in loud.stderr.splitlines() if line.startswith("warning:")]
    assert quiet.stderr.startswith("warning: ")
    # before the command as well
    assert invoke("-q", "new", "nations-cup", tmp_path / "b.xlsx", "--teams", 8).stderr == ""
    # errors are never left out
    bad = invoke("run", "-q", tmp_path / "missing.xlsx")
    assert bad.exit_code == 2 and bad.stderr.startswith("ttools: cannot read")


def test_quiet_keeps_data_on_stdout(invoke, tmp_path):
    event = _copy(tmp_path, "nations-cup-12.xlsx")
    result = invoke("check", event, "-q", "--json", "-")
    assert result.stdout.lstrip().startswith("{") and "error(s)" not in result.stderr
    assert invoke("reckoner", "nations-cup", "--teams", 12, "-q").stdout.startswith("現場速算表")


def _message(n: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Staff <staff@example.org>"
    msg["To"] = "results@example.org"
    msg["Subject"] = f"results {n}"
    msg["Message-ID"] = f"<progress-{n}@example.org>"
    msg.set_content("Please process.")
    msg.add_attachment(
        (SAMPLES / "nations-cup-minimal.xlsx").read_bytes(),
        maintype=XLSX[0],
        subtype=XLSX[1],
        filename=f"event{n}.xlsx",
    )
    return msg.as_bytes()


def _mail(tmp_path: Path, count: int) -> Path:
    source = tmp_path / "mail"
    source.mkdir()
    for n in range(count):
        (source / f"{n}.eml").write_bytes(_message(n))
    return source


def test_process_inbox_tells_each_answer_as_it_goes(tmp_path):
    from ttools.mail import process_inbox

    source = _mail(tmp_path, 3)
    outbox = tmp_path / "outbox"
    told = []

    def progress(kind, line):  # how many answers are out when each line is told
        told.append((kind, len(list((outbox / "new").iterdir())) if (outbox / "new").exists() else 0, line))

    report = process_inbox(
        str(source), outbox=str(outbox), state=str(tmp_path / "state"), allow=["staff@example.org"], progress=progress
    )
    assert [(kind, out) for kind, out, _ in told] == [("answered", 1), ("answered", 2), ("answered", 3)]
    assert [line for _, _, line in told] == report.answered


def test_the_inbox_command_prints_a_line_per_message_before_the_run_ends(tmp_path):
    source = _mail(tmp_path, 2)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ttools",
            "inbox",
            str(source),
            "--allow",
            "staff@example.org",
            "--outbox",
            str(tmp_path / "outbox"),
            "--state",
            str(tmp_path / "state"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    first = proc.stdout.readline()
    # the first line is out while the second message is still to be answered or just answered
    answered_then = len(list((tmp_path / "outbox" / "new").iterdir()))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert first.startswith("answered: ") and "event" in first
    assert answered_then >= 1
    lines = [first, *out.splitlines(keepends=True)]
    assert [line.split(":")[0] for line in lines] == [
        "answered",
        "answered",
        "2 answered, 0 failed, 0 not answered, 0 already handled, 0 refused\n".split(":")[0],
    ]


def test_quiet_inbox_prints_nothing_when_all_is_well(invoke, tmp_path):
    source = _mail(tmp_path, 1)
    result = invoke(
        "inbox",
        source,
        "-q",
        "--allow",
        "staff@example.org",
        "--outbox",
        tmp_path / "outbox",
        "--state",
        tmp_path / "state",
    )
    assert result.exit_code == 0 and result.stdout == "" and result.stderr == ""


def test_every_exit_code_is_documented_in_help_and_readme(invoke):
    help_text = invoke("--help").stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Exit codes:" in help_text
    for code in "0123":
        assert re.search(rf"^\s+{code}  \S", help_text, re.M), code
        assert f"`{code}`" in readme, code
    assert "internal error" in help_text and "internal error" in readme


def test_shell_completion_is_documented_and_works(invoke):
    help_text = invoke("--help").stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "_TTOOLS_COMPLETE=bash_source ttools" in help_text
    assert "_TTOOLS_COMPLETE=bash_source ttools" in readme
    script = subprocess.run(
        [sys.executable, "-c", "from ttools.__main__ import main; main()"],
        env={**os.environ, "_TTOOLS_COMPLETE": "bash_source"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "_TTOOLS_COMPLETE" in script.stdout and "complete " in script.stdout
    words = subprocess.run(
        [sys.executable, "-c", "from ttools.__main__ import main; main()"],
        env={**os.environ, "_TTOOLS_COMPLETE": "bash_complete", "COMP_WORDS": "ttools re", "COMP_CWORD": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "reckoner" in words.stdout


@pytest.mark.parametrize("name", [c.name for c in competitions.all_competitions() if c.reckoner])
def test_reckoner_defaults_to_the_competitions_language_as_new_does(invoke, name):
    comp = competitions.get(name)
    size = f"--{comp.entrant}"
    plain = invoke("reckoner", name, size, 12)
    chosen = invoke("reckoner", name, size, 12, "--lang", comp.default_lang)
    assert plain.exit_code == 0 and plain.stdout == chosen.stdout
    assert plain.stdout != invoke("reckoner", name, size, 12, "--lang", "en").stdout


def test_every_lang_option_defaults_to_the_competitions_language():
    for name, command in _all_commands().items():
        for param in command.params:
            if param.name == "lang":
                assert param.default is None, name  # None: the competition's default_lang


def test_pdf_and_annotate_are_plain_flags_with_a_to_option_for_another_path(invoke, tmp_path):
    event = _copy(tmp_path, "nations-cup-12.xlsx")
    before = invoke("run", "--pdf", event)  # once "Missing argument 'FILE'": --pdf took the file
    assert before.exit_code in (0, 1) and "Missing argument" not in before.stderr, before.stderr
    assert (tmp_path / "event.out.xlsx").exists()
    if before.exit_code == 0:  # without the CJK font there is no PDF, and one line says so
        assert (tmp_path / "event.out.pdf").exists()
    elsewhere = invoke("run", event, "-o", tmp_path / "r.xlsx", "--pdf-to", tmp_path / "printed.pdf")
    assert elsewhere.exit_code in (0, 1) and "Missing argument" not in elsewhere.stderr
    assert elsewhere.exit_code == 1 or (tmp_path / "printed.pdf").exists()
    marked = invoke("check", "--annotate", event)
    assert marked.exit_code == 0 and (tmp_path / "event.checked.xlsx").exists()
    chosen = invoke("check", event, "--annotate-to", tmp_path / "marked.xlsx")
    assert chosen.exit_code == 0 and (tmp_path / "marked.xlsx").exists()
    # a path after the flag is no longer taken for its value
    assert invoke("check", event, "--annotate", tmp_path / "x.xlsx").exit_code == 2
