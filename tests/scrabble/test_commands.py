"""Scrabble's own commands (``export`` and ``import-tsh``) driven directly, as click commands of
ttools.competitions.scrabble.commands: their options, messages, outputs and exit codes, and the
Scrabble class declaring them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ttools.competitions.scrabble.commands import export, import_tsh

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "scrabble-3div.xlsx"
TSH = Path(__file__).resolve().parents[1] / "data" / "tsh" / "e4c5-tournament1"


def run(command, *args):
    return CliRunner().invoke(command, [str(a) for a in args])


def test_the_scrabble_class_declares_both_commands():
    from ttools.competitions.base import load_attr
    from ttools.competitions.scrabble.competition import Scrabble

    assert {name: load_attr(path) for name, path in Scrabble.commands.items()} == {
        "export": export,
        "import-tsh": import_tsh,
    }
    assert export.name == "export" and import_tsh.name == "import-tsh"


@pytest.mark.parametrize(
    "command, words",
    [
        (
            export,
            [
                "Export a Scrabble event: a TSH .t file per division and a WESPA .tou ratings file.",
                "ttools export event.out.xlsx --to tsh/",
                "--to DIRECTORY",
                "Folder for the files (default: beside FILE).",
            ],
        ),
        (
            import_tsh,
            [
                "Make a Scrabble event workbook from a TSH event folder (its config.tsh) or .t files.",
                "Loose .t files are one division each, named after the file.",
                "ttools import-tsh a.t b.t -o event.xlsx",
                "-o, --output FILE",
                "The new event workbook.",
                "[zh-Hant|zh-Hans|en]",
                "Language of the workbook and of the problems shown (default: the one a config.tsh written by "
                "ttools export says, else zh-Hant).",
                "Overwrite OUTPUT if it exists.",
            ],
        ),
    ],
)
def test_help_shows_the_options_and_an_example(command, words):
    result = run(command, "--help")
    assert result.exit_code == 0
    shown = " ".join(result.output.split())  # help lines wrap at the terminal's width
    for text in words:
        assert text in shown


def test_export_writes_a_tsh_folder_and_a_tou_file(tmp_path):
    result = run(export, SAMPLE, "--to", tmp_path / "tsh")
    assert result.exit_code == 0, result.output
    names = ["a.t", "b.t", "c.t", "config.tsh", "2025_香港_Scrabble_公開賽.tou"]
    assert result.stderr.splitlines()[-5:] == [f"wrote {tmp_path / 'tsh' / n}" for n in names]
    assert "0 error(s), 1 warning(s)" in result.stderr and "tou-name-not-ascii" in result.stderr
    assert result.stdout == ""
    assert sorted(p.name for p in (tmp_path / "tsh").iterdir()) == sorted(names)


def test_export_of_a_file_that_is_not_a_workbook_is_unreadable(tmp_path):
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a workbook", encoding="utf-8")
    result = run(export, bad, "--to", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.startswith("ttools: cannot read ")
    assert not (tmp_path / "out").exists()


def test_export_of_another_competition_is_a_usage_error(write_event, tmp_path):
    result = run(export, write_event(), "--to", tmp_path / "out")
    assert result.exit_code == 2
    assert "not a scrabble event workbook" in result.stderr


def test_export_never_replaces_files_it_did_not_write(tmp_path):
    folder = tmp_path / "tsh-event"
    folder.mkdir()
    (folder / "a.t").write_text("Ann 1000 0; 50\n", encoding="utf-8")
    result = run(export, SAMPLE, "--to", folder)
    assert result.exit_code == 2 and "ttools did not write" in result.stderr
    assert (folder / "a.t").read_text(encoding="utf-8") == "Ann 1000 0; 50\n"


def test_import_writes_a_new_event_workbook(tmp_path):
    event = tmp_path / "event.xlsx"
    result = run(import_tsh, TSH, "-o", event, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and result.stderr.endswith(f"wrote {event}\n")  # progress on stderr
    assert "tsh-not-carried" in result.stderr
    assert event.exists()


def test_import_does_not_replace_a_workbook_without_force(tmp_path):
    event = tmp_path / "event.xlsx"
    event.write_bytes(b"kept")
    result = run(import_tsh, TSH, "-o", event)
    assert result.exit_code == 2 and "exists; use --force to overwrite it" in result.stderr
    assert event.read_bytes() == b"kept"
    assert run(import_tsh, TSH, "-o", event, "--force").exit_code == 0
    assert event.read_bytes() != b"kept"


def test_import_refuses_an_output_inside_the_folder_it_reads(tmp_path):
    folder = tmp_path / "tsh"
    folder.mkdir()
    for name in ("a.t", "config.tsh"):
        (folder / name).write_bytes((TSH / name).read_bytes())
    result = run(import_tsh, folder, "-o", folder / "a.t", "--force")
    assert result.exit_code == 2 and result.stderr.startswith("ttools: refused: ")
    assert (folder / "a.t").read_bytes() == (TSH / "a.t").read_bytes()


def test_import_with_errors_writes_nothing_and_says_so(tmp_path):
    (tmp_path / "a.t").write_text("Ann 1000 2; 400\nthis is not a player line\n", encoding="utf-8")
    event = tmp_path / "a.xlsx"
    result = run(import_tsh, tmp_path / "a.t", "-o", event)
    assert result.exit_code == 1
    assert "tsh-line-unreadable" in result.stderr and result.stderr.endswith(f"{event} not written\n")
    assert not event.exists()


def test_import_of_a_folder_without_division_files_is_a_usage_error(tmp_path):
    (tmp_path / "event").mkdir()
    (tmp_path / "event" / "config.tsh").write_text("# nothing\n", encoding="utf-8")
    result = run(import_tsh, tmp_path / "event", "-o", tmp_path / "x.xlsx")
    assert result.exit_code == 2 and "no TSH division files found" in result.stderr
    assert not (tmp_path / "x.xlsx").exists()


def test_import_needs_a_file_and_an_output(tmp_path):
    assert run(import_tsh, "-o", tmp_path / "x.xlsx").exit_code == 2
    assert run(import_tsh, TSH).exit_code == 2
