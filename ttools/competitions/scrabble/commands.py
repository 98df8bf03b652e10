"""Scrabble's own commands: ``ttools export`` (TSH event folder and WESPA .tou out) and
``ttools import-tsh`` (a TSH event folder or .t files in, a new event workbook out)."""

from __future__ import annotations

import os
import sys

import click

from ttools.cli_support import EXIT_OK, EXIT_PROBLEMS, Writing, fail, fail_unreadable, guard, progress, report


@click.command(name="export")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "folder", type=click.Path(file_okay=False), help="Folder for the files (default: beside FILE).")
def export(file: str, folder: str | None) -> None:
    """Export a Scrabble event: a TSH .t file per division and a WESPA .tou ratings file.

    \b
    Example:
      ttools export event.out.xlsx --to tsh/
    """
    from ttools.competitions.scrabble.interchange import export_event
    from ttools.files import CannotWrite, OutputRefused
    from ttools.problems import Unreadable

    try:
        with Writing(folder or file):  # any other failed write: one line, exit 2
            try:
                written, outcome = export_event(file, folder)
            except CannotWrite as exc:
                fail(exc.message(_workbook_lang(file)))
    except Unreadable as exc:
        fail_unreadable(str(exc))
    except OutputRefused as exc:
        fail(f"refused: {exc}")
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    report(outcome)
    for path in written:
        progress(f"wrote {path}")
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@click.command(name="import-tsh")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True, help="The new event workbook.")
@click.option(
    "--lang",
    type=click.Choice(["zh-Hant", "zh-Hans", "en"]),
    default=None,
    help="Language of the workbook and of the problems shown (default: the one a config.tsh written by ttools "
    "export says, else zh-Hant).",
)
@click.option("--force", is_flag=True, help="Overwrite OUTPUT if it exists.")
def import_tsh(files: tuple[str, ...], output: str, lang: str | None, force: bool) -> None:
    """Make a Scrabble event workbook from a TSH event folder (its config.tsh) or .t files.

    Loose .t files are one division each, named after the file.

    \b
    Example:
      ttools import-tsh my-event/ -o event.xlsx && ttools run event.xlsx
      ttools import-tsh a.t b.t -o event.xlsx
    """
    from ttools.competitions.scrabble.interchange import import_tsh as run_import
    from ttools.files import CannotWrite

    # a TSH event folder is read whole: nothing in it may be the output either
    inputs = [*files, *(os.path.join(f, n) for f in files if os.path.isdir(f) for n in sorted(os.listdir(f)))]
    guard(inputs, [output])
    if os.path.exists(output) and not force:
        raise click.UsageError(f"{output} exists; use --force to overwrite it")
    try:
        with Writing(output, lang):
            try:
                problems, lang = run_import(list(files), output, lang=lang)
            except CannotWrite as exc:
                fail(exc.message(lang or _said_lang(files)))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    for p in problems:
        click.echo(p.line(lang), err=True)  # in the workbook's language, as every command speaks
    if any(p.severity == "error" for p in problems):
        click.echo(f"{output} not written", err=True)
        sys.exit(EXIT_PROBLEMS)
    progress(f"wrote {output}")


# The language is settled inside the library call (the workbook's Event sheet, a config.tsh) and
# a held target stops that call before it returns it, so on that path alone it is read again.


def _workbook_lang(file: str) -> str:
    """The language of the Scrabble workbook ``file`` (its Event sheet's, else the default)."""
    from ttools.competitions.scrabble.competition import Scrabble
    from ttools.problems import Unreadable
    from ttools.workbook.read import read_book

    comp = Scrabble()
    try:
        return comp.lang(comp.load(read_book(file))[0].lang)
    except (Unreadable, OSError):  # the failed write is what is to be told, not this
        return comp.default_lang


def _said_lang(files: tuple[str, ...]) -> str:
    """The language ``import-tsh`` writes without --lang: the one a config.tsh of ``files``
    says, else the default."""
    from ttools.competitions.scrabble.competition import Scrabble
    from ttools.competitions.scrabble.tsh_config import read_config
    from ttools.problems import Unreadable

    said = None
    for folder in (f for f in files if os.path.isdir(f)):
        try:
            said = said or read_config(folder).lang or None
        except (Unreadable, OSError):  # read once already before the write; a second failure tells nothing new
            continue
    return Scrabble().lang(said)
