"""Thin click commands: parse options, call one library function, report. Heavy libraries are
imported inside the commands so that ``ttools --help`` stays fast."""

from __future__ import annotations

import os
import sys

import click

from ttools import __version__

from ttools.__main__ import EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, internal_error, quiet_gc_early  # noqa: F401


def _fail_unreadable(reason: str) -> None:
    click.echo(f"ttools: cannot read {reason}", err=True)
    sys.exit(EXIT_UNREADABLE)


def _fail(line: str) -> None:
    click.echo(f"ttools: {line}", err=True)
    sys.exit(EXIT_UNREADABLE)


def _guard(inputs, outputs) -> None:
    """Before anything is read or written: no output may be an input or another output."""
    from ttools.files import OutputRefused, check_outputs

    try:
        check_outputs(inputs, outputs)
    except OutputRefused as exc:
        _fail(f"refused: {exc}")


class _Writing:
    """Turns a failed write (full disk, read-only or missing folder) into one line and exit 2."""

    def __init__(self, target: str) -> None:
        self.target = target

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if exc is None or not isinstance(exc, Exception):
            return False
        from ttools.files import CannotWrite, cannot_write, os_error
        from ttools.problems import Unreadable

        if isinstance(exc, Unreadable):
            _fail_unreadable(str(exc))
        if isinstance(exc, CannotWrite):
            _fail(str(exc))
        if os_error(exc) is not None:
            _fail(str(cannot_write(self.target, exc)))
        return False


def _need_folders(*paths: str | None) -> None:
    """Refuse, in one line and before any work, an output path whose folder does not exist."""
    for path in paths:
        if path and path != "-":
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                click.echo(f"ttools: cannot write {path}: the folder {folder} does not exist", err=True)
                sys.exit(EXIT_UNREADABLE)


def _report(outcome, quiet: bool = False) -> None:
    for line in outcome.report_lines(quiet):
        click.echo(line, err=True)


def _write_json(outcome, path: str | None) -> None:
    if not path:
        return
    import json

    from ttools.files import write_text

    data = json.dumps(outcome.json(), ensure_ascii=False, indent=2)
    if path == "-":
        click.echo(data)
    else:
        with _Writing(path):
            write_text(path, data + "\n")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ttools")
def cli() -> None:
    """Tournament workbooks in; standings, draws and printable appendices out.

    \b
    Example:
      ttools new nations-cup event.xlsx --teams 12
      ttools run event.xlsx            # writes event.out.xlsx
    """


@cli.command()
@click.argument("competition")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--teams", type=int, help="Number of teams (team competitions).")
@click.option("--players", type=int, help="Number of players (individual competitions).")
@click.option("--pairs", type=int, help="Number of pairs (pairs competitions).")
@click.option("--lang", type=click.Choice(["zh-Hant", "zh-Hans", "en"]), default=None,
              help="Language of labels (default: the competition's).")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new(competition: str, file: str, teams: int | None, players: int | None, pairs: int | None, lang: str | None,
        force: bool) -> None:
    """Write a blank event workbook.

    \b
    Example:
      ttools new nations-cup event.xlsx --teams 12 --lang en
    """
    from ttools import competitions

    try:
        mod = competitions.load(competition)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0]))
    if os.path.exists(file) and not force:
        raise click.UsageError(f"{file} exists; use --force to overwrite it")
    sizes = {}
    if pairs is not None:  # only pairs competitions take --pairs
        import inspect

        if "pairs" not in inspect.signature(mod.new_workbook).parameters:
            raise click.UsageError(f"{competition} is not played by pairs: use --teams or --players")
        sizes["pairs"] = pairs
    try:
        mod.new_workbook(file, teams=teams, players=players, lang=lang, **sizes)
    except ValueError as exc:
        raise click.UsageError(str(exc))
    click.echo(f"wrote {file}")


def _process(file: str):
    from ttools.pipeline import process_file
    from ttools.problems import Unreadable

    try:
        return process_file(file, one_shot=_ONE_SHOT)
    except Unreadable as exc:
        _fail_unreadable(str(exc))


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), help="Write the JSON summary here ('-' for stdout).")
@click.option("--annotate", "annotate", type=click.Path(dir_okay=False), default=None, is_flag=False, flag_value="",
              help="Write a copy with every problem cell highlighted (default FILE.checked.xlsx).")
def check(file: str, json_path: str | None, annotate: str | None) -> None:
    """Validate a workbook without writing results.

    \b
    Example:
      ttools check event.xlsx --annotate
    """
    from ttools.files import default_path

    target = None if annotate is None else (annotate or default_path(file, ".checked.xlsx"))
    _need_folders(json_path, target)
    _guard([file], [json_path, target])
    outcome = _process(file)
    _report(outcome)
    _write_json(outcome, json_path)
    if target is not None:
        from ttools.workbook.annotate import annotate_copy

        with _Writing(target):
            annotate_copy(file, target, outcome.problems, outcome.lang)
        click.echo(f"wrote {target}", err=True)
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Output workbook (default FILE.out.xlsx).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True), help="Write the JSON summary here ('-' for stdout).")
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False), default=None, is_flag=False, flag_value="",
              help="Also print the printable sheets to PDF (needs LibreOffice).")
@click.option("--publish", "site_dir", type=click.Path(file_okay=False), help="Also publish the results as a web site in this folder.")
def run(file: str, output: str | None, json_path: str | None, pdf_path: str | None, site_dir: str | None) -> None:
    """Validate, apply the rules and write the results workbook.

    \b
    Example:
      ttools run samples/nations-cup-12.xlsx -o results.xlsx --json results.json --publish site/
    """
    from ttools.files import default_path
    from ttools.pipeline import write_output

    target = output or default_path(file, ".out.xlsx")
    pdf_target = None if pdf_path is None else (pdf_path or default_path(target, ".pdf"))
    _guard([file], [target, json_path, pdf_target])
    if site_dir:
        from ttools.publish.build import PublishError, check_target

        try:  # before anything is written: the site folder must not swallow the input or an output
            check_target(os.path.abspath(site_dir), [file, target, json_path if json_path != "-" else None, pdf_target])
        except PublishError as exc:
            raise click.UsageError(str(exc))
    _need_folders(output, json_path, pdf_path)
    outcome = _process(file)
    with _Writing(target):
        write_output(outcome, target)
    _report(outcome)
    _write_json(outcome, json_path)
    click.echo(f"wrote {target}", err=True)
    if site_dir:   # before the PDF: a missing LibreOffice must not keep the site out of date
        _publish(outcome, site_dir, keep=[file, target, json_path if json_path != "-" else None, pdf_target])
    if pdf_target is not None:
        from ttools.pdf import PdfUnavailable, to_pdf

        try:
            with _Writing(pdf_target):
                pdf = to_pdf(target, pdf_target, outcome.printable)
            click.echo(f"wrote {pdf}", err=True)
        except PdfUnavailable as exc:
            click.echo(f"ttools: no PDF: {exc}", err=True)
            sys.exit(EXIT_PROBLEMS)
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


def _publish(outcome, folder: str, keep) -> None:
    from ttools.publish.build import PublishError, publish

    try:
        site = publish(outcome, folder, keep=keep)
    except PublishError as exc:
        click.echo(f"ttools: no site: {exc}", err=True)
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"published {len(site.pages)} page(s) to {site.folder}", err=True)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "folder", type=click.Path(file_okay=False), required=True, help="Folder of the site (replaced as a whole).")
def publish(file: str, folder: str) -> None:
    """Publish a results workbook as a static web site: index, standings, pairings, big screen.

    \b
    Example:
      ttools publish event.out.xlsx --to site/      # open site/index.html, or serve the folder
    """
    outcome = _process(file)
    _report(outcome, quiet=True)
    _publish(outcome, folder, keep=[file])
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@cli.command(name="print")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF path (default FILE.pdf).")
def print_(file: str, output: str | None) -> None:
    """Print the printable sheets of a results workbook to one PDF (LibreOffice headless).

    \b
    Example:
      ttools print event.out.xlsx
    """
    from ttools.pdf import PdfUnavailable, printable_sheets, to_pdf
    from ttools.files import default_path
    from ttools.problems import Unreadable

    target = output or default_path(file, ".pdf")
    _need_folders(output)
    _guard([file], [target])
    try:
        sheets = printable_sheets(file)
        with _Writing(target):
            pdf = to_pdf(file, target, sheets)
    except Unreadable as exc:
        _fail_unreadable(str(exc))
    except PdfUnavailable as exc:
        click.echo(f"ttools: no PDF: {exc}", err=True)
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"wrote {pdf}")


@cli.command()
@click.argument("source", required=False, type=click.Path(exists=True))
@click.option("--imap", "imap_url", metavar="URL",
              help="Read an IMAP mailbox instead: imaps://user@host/INBOX (password in $TTOOLS_IMAP_PASSWORD).")
@click.option("--outbox", type=click.Path(file_okay=False), help="Maildir for the answers (default outbox/ beside SOURCE).")
@click.option("--smtp", metavar="HOST:PORT", help="Send the answers through this SMTP server instead.")
@click.option("--state", type=click.Path(file_okay=False), help="Folder of the ledger (default .ttools-inbox/ beside SOURCE).")
@click.option("--from", "sender", default="ttools@localhost", show_default=True, help="From address of the answers.")
@click.option("--retry-failed", is_flag=True, help="Try once more the messages given up after repeated failures.")
@click.option("--publish", "site_dir", type=click.Path(file_okay=False),
              help="Update a web site per event in this folder from each workbook without errors.")
def inbox(source: str | None, imap_url: str | None, outbox: str | None, smtp: str | None, state: str | None,
          sender: str, retry_failed: bool, site_dir: str | None) -> None:
    """Answer emailed workbooks: each new message gets the results (or the annotated problems) back.

    SOURCE is a Maildir or a folder of .eml files; nothing in it is changed or deleted.

    \b
    Example:
      ttools inbox ~/Maildir                      # answers go to ~/outbox
      ttools inbox --imap imaps://results@mail.example.org/INBOX --smtp mail.example.org:587
      ttools inbox ~/Maildir --publish /var/www/results   # one site per event beneath it
    """
    from ttools.mail import InboxError, InboxRefused, process_inbox

    try:
        report = process_inbox(source, imap=imap_url, outbox=outbox, state=state, smtp=smtp, sender=sender,
                               retry_failed=retry_failed, publish=site_dir)
    except InboxRefused as exc:
        _fail(str(exc))
    except InboxError as exc:
        raise click.ClickException(str(exc))
    except OSError as exc:   # the state folder or the outbox cannot be written
        _fail(f"inbox: {exc.strerror or exc}{': ' + exc.filename if getattr(exc, 'filename', None) else ''}")
    for line in report.answered:
        click.echo(f"answered: {line}")
    for line in report.not_answered:
        click.echo(f"not answered: {line}")
    for line in report.failed:
        click.echo(f"failed: {line}", err=True)
    for line in report.published:
        click.echo(f"published: {line}")
    click.echo(report.summary())
    sys.exit(EXIT_PROBLEMS if report.failed else EXIT_OK)


@cli.command()
@click.argument("competition")
@click.option("--teams", type=int, required=True, help="Number of teams.")
@click.option("--lang", type=click.Choice(["zh-Hant", "zh-Hans", "en"]), default="en")
def reckoner(competition: str, teams: int, lang: str) -> None:
    """Print the quick reckoner (現場速算表) for N teams.

    \b
    Example:
      ttools reckoner nations-cup --teams 12
    """
    from ttools import competitions

    try:
        mod = competitions.load(competition)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0]))
    if not hasattr(mod, "reckoner_text"):
        raise click.UsageError(f"{competition} has no quick reckoner")
    try:
        click.echo(mod.reckoner_text(teams, lang))
    except ValueError as exc:
        raise click.UsageError(str(exc))


@cli.command(name="export")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "folder", type=click.Path(file_okay=False), help="Folder for the files (default: beside FILE).")
def export(file: str, folder: str | None) -> None:
    """Export a Scrabble event: a TSH .t file per division and a WESPA .tou ratings file.

    \b
    Example:
      ttools export event.out.xlsx --to tsh/
    """
    from ttools.competitions.scrabble.interchange import export_event
    from ttools.problems import Unreadable

    from ttools.files import OutputRefused

    try:
        with _Writing(folder or file):
            written, outcome = export_event(file, folder)
    except Unreadable as exc:
        _fail_unreadable(str(exc))
    except OutputRefused as exc:
        _fail(f"refused: {exc}")
    except ValueError as exc:
        raise click.UsageError(str(exc))
    _report(outcome)
    for path in written:
        click.echo(f"wrote {path}", err=True)
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@cli.command(name="import-tsh")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True, help="The new event workbook.")
@click.option("--lang", type=click.Choice(["zh-Hant", "zh-Hans", "en"]), default=None, help="Language of labels (default zh-Hant).")
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

    # a TSH event folder is read whole: nothing in it may be the output either
    inputs = [*files, *(os.path.join(f, n) for f in files if os.path.isdir(f) for n in sorted(os.listdir(f)))]
    _guard(inputs, [output])
    if os.path.exists(output) and not force:
        raise click.UsageError(f"{output} exists; use --force to overwrite it")
    try:
        with _Writing(output):
            problems = run_import(list(files), output, lang=lang)
    except ValueError as exc:
        raise click.UsageError(str(exc))
    for p in problems:
        click.echo(p.line(lang or "en"), err=True)
    if any(p.severity == "error" for p in problems):
        click.echo(f"{output} not written", err=True)
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"wrote {output}")


_ONE_SHOT = False   # set by main(): the process ends with the command (not so under a test runner)


def main() -> None:
    global _ONE_SHOT
    _ONE_SHOT = True
    quiet_gc_early()
    try:
        cli(prog_name="ttools")
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug in ttools must still not show staff a traceback
        if os.environ.get("TTOOLS_DEBUG"):
            raise
        click.echo(internal_error(exc), err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()
