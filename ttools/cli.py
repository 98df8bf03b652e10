"""Thin click commands: parse options, call one library function, report. Heavy libraries are
imported inside the commands so that ``ttools --help`` stays fast."""

from __future__ import annotations

import os
import sys

import click

from typing import TYPE_CHECKING

from ttools.version import __version__
from ttools.cli_support import (
    Writing,
    fail,
    fail_unreadable,
    guard,
    is_quiet,
    need_folders,
    progress,
    quiet_option,
    report,
    spare,
    with_quiet_option,
)
from ttools.runtime import EXIT_INTERNAL, EXIT_OK, EXIT_PROBLEMS, internal_error, quiet_gc_early, utf8_streams

if TYPE_CHECKING:
    from ttools.competitions.base import Competition


def _competition(name: str) -> Competition:
    from ttools import competitions

    try:
        return competitions.get(name)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0])) from None


def _size(comp: Competition, args: tuple[str, ...], units: tuple[str, ...] | None = None) -> tuple[str, int | None]:
    """The unit and field size from ``--{unit} N`` (or ``--{unit}=N``), ``unit`` one of ``units``
    (default the competition's entrant); without a size, the entrant and None."""
    units = units or (comp.entrant,)
    words = [w for arg in args for w in (arg.split("=", 1) if arg.startswith("--") else [arg])]
    if not words:
        return comp.entrant, None
    option, value = words[0], words[1:]
    unit = option[2:] if option.startswith("--") else ""
    either = " or ".join(f"--{u} N" for u in units)
    if unit not in units:
        if option.startswith("--") and unit:
            raise click.UsageError(f"{comp.name} is not played by {unit}: it counts {comp.entrant}, use {either}")
        raise click.UsageError(f"unexpected {option!r}; the field size is given as {either}")
    if len(value) != 1:
        raise click.UsageError(f"--{unit} takes one number, as in --{unit} 12")
    try:
        return unit, int(value[0])
    except ValueError:
        raise click.UsageError(f"--{unit} expects a whole number, got {value[0]!r}") from None


def _write_json(outcome, path: str | None) -> None:
    if not path:
        return
    import json

    from ttools.files import write_text

    data = json.dumps(outcome.json(), ensure_ascii=False, indent=2)
    if path == "-":
        click.echo(data)
    else:
        with Writing(path, outcome.lang):
            write_text(path, data + "\n")


class _Commands(click.Group):
    """ttools' own commands, and those the installed competitions declare (imported when used)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from ttools import competitions

        return sorted({*super().list_commands(ctx), *competitions.commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        from ttools import competitions
        from ttools.competitions.base import load_attr

        found = competitions.commands().get(cmd_name)
        return with_quiet_option(load_attr(found[1])) if found else None

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(with_quiet_option(cmd), name)  # -q on every command


_EPILOG = """\b
Exit codes:
  0  done, no errors (warnings may have been listed)
  1  problems found in the workbook (listed on standard error), or a PDF,
     site or answer that could not be made
  2  a file could not be read or written, an output would replace an input,
     or the command line is wrong
  3  an internal error of ttools (one line; TTOOLS_DEBUG=1 for the traceback)

\b
Results and data go to standard output; problems, progress and 'wrote …'
lines to standard error (-q leaves the progress out). Shell completion:
  eval "$(_TTOOLS_COMPLETE=bash_source ttools)"   # in ~/.bashrc
  eval "$(_TTOOLS_COMPLETE=zsh_source ttools)"    # in ~/.zshrc
"""


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(__version__, prog_name="ttools")
@quiet_option
def cli() -> None:
    """Tournament workbooks in; standings, draws and printable appendices out.

    \b
    Example:
      ttools new nations-cup event.xlsx --teams 12
      ttools run event.xlsx            # writes event.out.xlsx
    """


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("competition")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("size", nargs=-1, type=click.UNPROCESSED, metavar="--TEAMS|--PLAYERS|--PAIRS N")
@click.option(
    "--lang",
    type=click.Choice(["zh-Hant", "zh-Hans", "en"]),
    default=None,
    help="Language of labels (default: the competition's).",
)
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new(competition: str, file: str, size: tuple[str, ...], lang: str | None, force: bool) -> None:
    """Write a blank event workbook for a field of N entrants, counted as the competition counts
    them (``ttools competitions`` lists each one's unit and sizes).

    \b
    Example:
      ttools new nations-cup event.xlsx --teams 12 --lang en
    """
    comp = _competition(competition)
    unit, n = _size(comp, size, comp.units())
    if os.path.exists(file) and not force:
        raise click.UsageError(f"{file} exists; use --force to overwrite it")
    try:
        with Writing(file, comp.lang(lang)):  # a missing folder or a full disk: one line, exit 2
            comp.new_workbook(file, n, lang=lang, unit=unit)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    progress(f"wrote {file}")


@cli.command(name="competitions")
def list_competitions() -> None:
    """List the installed competitions: name, what the field is counted in, sizes and languages.

    \b
    Example:
      ttools competitions
    """
    from ttools import competitions

    for comp in competitions.all_competitions():
        sizes = {comp.entrant: comp.sizes, **comp.other_sizes}
        options = ", ".join(f"--{unit} {sizes[unit][0]}..{sizes[unit][1]}" for unit in comp.units())
        click.echo(f"{comp.name}\t{options}\t{', '.join(comp.languages)}\t{comp.title('en')}")


@cli.command()
@click.argument("name", required=False)
@click.argument("dest", required=False, type=click.Path())
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def sample(name: str | None, dest: str | None, force: bool) -> None:
    """Write a sample workbook that comes with ttools (without NAME: list them) to DEST (a folder,
    or a file name; default: the current folder).

    \b
    Example:
      ttools sample nations-cup-12 .        # then: ttools run nations-cup-12.xlsx
      ttools sample                         # the samples there are
    """
    from ttools.bundled import sample_names, sample_target, write_sample

    if name is None:
        for each in sample_names():
            click.echo(each)
        return
    try:
        target = sample_target(name, dest)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0])) from None
    if os.path.exists(target) and not force:
        raise click.UsageError(f"{target} exists; use --force to overwrite it")
    guard([], [target])
    with Writing(target):
        write_sample(name, target)
    progress(f"wrote {target}")


def _process(file: str):
    from ttools.pipeline import process_file
    from ttools.problems import Unreadable

    try:
        return process_file(file, one_shot=_ONE_SHOT)
    except Unreadable as exc:
        fail_unreadable(str(exc))


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the JSON summary here ('-' for stdout).",
)
@click.option(
    "--annotate",
    "annotate",
    is_flag=True,
    help="Also write a copy with every problem cell highlighted, FILE.checked.xlsx.",
)
@click.option(
    "--annotate-to",
    "annotate_to",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="The highlighted copy here instead (implies --annotate).",
)
def check(file: str, json_path: str | None, annotate: bool, annotate_to: str | None) -> None:
    """Validate a workbook without writing results.

    \b
    Example:
      ttools check event.xlsx --annotate
    """
    from ttools.files import default_path

    target = annotate_to or (default_path(file, ".checked.xlsx") if annotate else None)
    need_folders(json_path, target)
    guard([file], [json_path, target])
    outcome = _process(file)
    spare(json_path, "json")
    spare(target, "copy")  # a checked copy is for fixing cells in: never written over unkept
    report(outcome)
    _write_json(outcome, json_path)
    if target is not None:
        from ttools.workbook.annotate import annotate_copy

        with Writing(target, outcome.lang):
            annotate_copy(file, target, outcome.problems, outcome.lang)
        progress(f"wrote {target}")
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Output workbook (default FILE.out.xlsx).")
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the JSON summary here ('-' for stdout).",
)
@click.option(
    "--pdf", "pdf_beside", is_flag=True, help="Also print the report sheets to PDF, beside the output (OUTPUT.pdf)."
)
@click.option(
    "--pdf-to",
    "pdf_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="The PDF here instead (implies --pdf).",
)
@click.option(
    "--publish",
    "site_dir",
    type=click.Path(file_okay=False),
    help="Also publish the results as a web site in this folder.",
)
@click.option(
    "--in-place",
    is_flag=True,
    help="Write the results over FILE, its previous version kept in .ttools-history/ beside it.",
)
def run(
    file: str,
    output: str | None,
    json_path: str | None,
    pdf_beside: bool,
    pdf_path: str | None,
    site_dir: str | None,
    in_place: bool,
) -> None:
    """Validate, apply the rules and write the results workbook (FILE.out.xlsx; from that one,
    FILE.out-2.xlsx, and so on; or over FILE with --in-place).

    \b
    Example:
      ttools run samples/nations-cup-12.xlsx -o results.xlsx --json results.json --publish site/
      ttools run event.xlsx --in-place      # one working file; earlier versions in .ttools-history/
    """
    from ttools.files import default_path
    from ttools.pipeline import write_output

    target = _run_target(file, output, in_place)
    pdf_target = pdf_path or (default_path(target, ".pdf") if pdf_beside else None)
    guard([file], [None if in_place else target, json_path, pdf_target])
    if site_dir:
        from ttools.publish.build import PublishError, check_target

        try:  # before anything is written: the site folder must not swallow the input or an output
            check_target(os.path.abspath(site_dir), [file, target, json_path if json_path != "-" else None, pdf_target])
        except PublishError as exc:
            raise click.UsageError(str(exc)) from None
    need_folders(output, json_path, pdf_path)
    outcome = _process(file)
    if in_place:
        _keep_previous(file)
    else:
        spare(target, "workbook")
    spare(json_path, "json")
    spare(pdf_target, "pdf")
    with Writing(target, outcome.lang):
        write_output(outcome, target)
    report(outcome)
    _write_json(outcome, json_path)
    progress(f"wrote {target}")
    if site_dir:  # before the PDF: a missing font must not keep the site out of date
        _publish(outcome, site_dir, keep=[file, target, json_path if json_path != "-" else None, pdf_target])
    if pdf_target is not None:
        from ttools.pdf import PdfUnavailable, print_outcome
        from ttools.pipeline import file_hash

        try:  # from the report rows the workbook was written from
            with Writing(pdf_target, outcome.lang):
                pdf = print_outcome(outcome, pdf_target, file_hash(file))
            progress(f"wrote {pdf}")
        except PdfUnavailable as exc:
            click.echo(f"ttools: no PDF: {exc}", err=True)
            sys.exit(EXIT_PROBLEMS)
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


def _run_target(file: str, output: str | None, in_place: bool) -> str:
    """The workbook ``run`` writes: -o, FILE itself with --in-place, else the next name beside FILE."""
    from ttools.files import default_path

    if not in_place:
        return output or default_path(file, ".out.xlsx")
    if output:
        raise click.UsageError("--in-place writes over FILE; it takes no -o")
    if not os.path.isfile(file):
        fail_unreadable(f"{file}: no such file")
    return file


def _keep_previous(file: str) -> None:
    from ttools.files import keep_previous

    with Writing(file):
        kept = keep_previous(file)
    progress(f"kept the previous version as {kept}")


def _publish(outcome, folder: str, keep) -> None:
    from ttools.publish.build import PublishError, publish

    try:
        site = publish(outcome, folder, keep=keep)
    except PublishError as exc:
        click.echo(f"ttools: no site: {exc}", err=True)
        sys.exit(EXIT_PROBLEMS)
    progress(f"published {len(site.pages)} page(s) to {site.folder}")


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--to", "folder", type=click.Path(file_okay=False), required=True, help="Folder of the site (replaced as a whole)."
)
def publish(file: str, folder: str) -> None:
    """Publish a results workbook as a static web site: index, standings, pairings, big screen.

    \b
    Example:
      ttools publish event.out.xlsx --to site/      # open site/index.html, or serve the folder
    """
    outcome = _process(file)
    report(outcome, quiet=True)
    _publish(outcome, folder, keep=[file])
    sys.exit(EXIT_OK if outcome.ok else EXIT_PROBLEMS)


@cli.command(name="print")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF path (default FILE.pdf).")
def print_(file: str, output: str | None) -> None:
    """Print the report sheets of a workbook to one PDF (A4, the regional CJK face embedded).

    \b
    Example:
      ttools print event.out.xlsx
    """
    from ttools.files import default_path
    from ttools.pdf import PdfUnavailable, print_outcome, recorded_hash
    from ttools.problems import Unreadable

    target = output or default_path(file, ".pdf")
    need_folders(output)
    guard([file], [target])
    try:
        # a results workbook is a valid input: processed again, it gives the rows it was written from
        outcome = _process(file)
        spare(target, "pdf")
        with Writing(target, outcome.lang):
            pdf = print_outcome(outcome, target, recorded_hash(file))
    except Unreadable as exc:
        fail_unreadable(str(exc))
    except PdfUnavailable as exc:
        click.echo(f"ttools: no PDF: {exc}", err=True)
        sys.exit(EXIT_PROBLEMS)
    progress(f"wrote {pdf}")


def _size_option(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    from ttools.mail.limits import parse_size

    try:
        return None if value is None else parse_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@cli.command()
@click.argument("source", required=False, type=click.Path(exists=True))
@click.option(
    "--imap",
    "imap_url",
    metavar="URL",
    help="Read an IMAP mailbox instead: imaps://user@host/INBOX (password in $TTOOLS_IMAP_PASSWORD).",
)
@click.option(
    "--outbox", type=click.Path(file_okay=False), help="Maildir for the answers (default outbox/ beside SOURCE)."
)
@click.option("--smtp", metavar="HOST:PORT", help="Send the answers through this SMTP server instead.")
@click.option(
    "--state",
    type=click.Path(file_okay=False),
    help="Folder of the ledger and lock (default .ttools-inbox/ beside SOURCE; for --imap, one per "
    "mailbox in the user's state folder).",
)
@click.option("--from", "sender", default="ttools@localhost", show_default=True, help="From address of the answers.")
@click.option(
    "--allow",
    "allow",
    multiple=True,
    metavar="ADDRESS",
    help="Answer only this sender (an address or @domain); repeat for more.",
)
@click.option(
    "--allow-file",
    "allow_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Senders allowed, one address or @domain a line (# comments).",
)
@click.option(
    "--authserv-id",
    metavar="ID",
    help="Trust the Authentication-Results your mail server stamps with this id: a From failing DMARC "
    "(or SPF and DKIM) is refused.",
)
@click.option(
    "--max-per-sender",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Answers to one sender in one run; the rest wait for the next run.",
)
@click.option(
    "--max-message-size",
    default="25MB",
    show_default=True,
    callback=_size_option,
    help="A larger message is not opened; its sender is told so.",
)
@click.option(
    "--max-workbooks",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Workbooks of one message processed; the answer names the others.",
)
@click.option(
    "--max-answer-size",
    default="20MB",
    show_default=True,
    callback=_size_option,
    help="Results beyond this are left out of the answer, which says so.",
)
@click.option("--retry-failed", is_flag=True, help="Try once more the messages given up after repeated failures.")
@click.option(
    "--publish",
    "site_dir",
    type=click.Path(file_okay=False),
    help="Update a web site per event in this folder from each workbook without errors (needs --allow).",
)
@click.option(
    "--pdf", is_flag=True, help="Also attach the PDF of the printable sheets for each workbook without errors."
)
def inbox(
    source: str | None,
    imap_url: str | None,
    outbox: str | None,
    smtp: str | None,
    state: str | None,
    sender: str,
    allow: tuple[str, ...],
    allow_files: tuple[str, ...],
    authserv_id: str | None,
    max_per_sender: int,
    max_message_size: int,
    max_workbooks: int,
    max_answer_size: int,
    retry_failed: bool,
    site_dir: str | None,
    pdf: bool,
) -> None:
    """Answer emailed workbooks: each new message gets the results (or the annotated problems) back.

    SOURCE is a Maildir or a folder of .eml files; nothing in it is changed or deleted. Only the
    senders of --allow / --allow-file are answered when given; automatic mail never is.

    \b
    Example:
      ttools inbox ~/Maildir --allow @club.example.org        # answers go to ~/outbox
      ttools inbox --imap imaps://results@mail.example.org/INBOX --smtp mail.example.org:587 \\
                   --allow-file staff.txt --authserv-id mail.example.org
      ttools inbox ~/Maildir --allow-file staff.txt --publish /var/www/results   # one site per event
    """
    from ttools.mail import InboxError, InboxRefused, process_inbox
    from ttools.mail.limits import Limits

    limits = Limits(
        message_size=max_message_size, workbooks=max_workbooks, answer_size=max_answer_size, per_sender=max_per_sender
    )
    try:
        done = process_inbox(
            source,
            imap=imap_url,
            outbox=outbox,
            state=state,
            smtp=smtp,
            sender=sender,
            retry_failed=retry_failed,
            publish=site_dir,
            allow=allow,
            allow_files=allow_files,
            authserv_id=authserv_id,
            limits=limits,
            progress=_inbox_line,
            pdf=pdf,
        )
    except InboxRefused as exc:
        fail(str(exc))
    except InboxError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:  # the state folder or the outbox cannot be written
        fail(f"inbox: {exc.strerror or exc}{': ' + exc.filename if getattr(exc, 'filename', None) else ''}")
    for line in done.deferred_lines(max_per_sender):
        click.echo(f"left for the next run: {line}")
    if not is_quiet():
        click.echo(done.summary())
    sys.exit(EXIT_PROBLEMS if done.failed else EXIT_OK)


# the inbox's lines, told as the run goes: report list -> (label, on standard error, left out by -q)
_INBOX_LINES = {
    "warnings": ("warning", True, False),
    "answered": ("answered", False, True),
    "not_answered": ("not answered", False, True),
    "refused": ("refused", False, False),
    "failed": ("failed", True, False),
    "published": ("published", False, True),
}


def _inbox_line(kind: str, line: str) -> None:
    label, err, progress_only = _INBOX_LINES[kind]
    if not (progress_only and is_quiet()):
        click.echo(f"{label}: {line}", err=err)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("competition")
@click.argument("size", nargs=-1, type=click.UNPROCESSED, metavar="--TEAMS N")
@click.option(
    "--lang",
    type=click.Choice(["zh-Hant", "zh-Hans", "en"]),
    default=None,
    help="Language of the reckoner (default: the competition's).",
)
def reckoner(competition: str, size: tuple[str, ...], lang: str | None) -> None:
    """Print the quick reckoner (現場速算表) for a field of N entrants.

    \b
    Example:
      ttools reckoner nations-cup --teams 12
    """
    comp = _competition(competition)
    if not comp.reckoner:
        raise click.UsageError(f"{competition} has no quick reckoner")
    try:
        click.echo(comp.reckoner_text(_size(comp, size)[1], lang))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


_ONE_SHOT = False  # set by main(): the process ends with the command (not so under a test runner)


def main() -> None:
    global _ONE_SHOT
    _ONE_SHOT = True
    utf8_streams()
    quiet_gc_early()
    try:
        cli(prog_name="ttools")
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug in ttools must still not show staff a traceback
        if os.environ.get("TTOOLS_DEBUG"):
            raise
        click.echo(internal_error(exc), err=True)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
