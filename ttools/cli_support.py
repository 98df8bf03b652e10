"""What every command does the same way: one line and exit 2 for what cannot be read or written,
refusing an output that would replace an input, the problem lines on standard error, and
progress lines (``wrote …``) on standard error unless ``-q``. Used by ``ttools.cli`` and by the
commands a competition adds of its own."""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import Any, Callable, Iterable, Literal, NoReturn, TypeVar

import click

from ttools.runtime import EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE

__all__ = [
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_UNREADABLE",
    "Writing",
    "fail",
    "fail_unreadable",
    "guard",
    "need_folders",
    "is_quiet",
    "progress",
    "quiet_option",
    "report",
    "with_quiet_option",
]

_QUIET = "ttools.quiet"
_Command = TypeVar("_Command", bound=Callable[..., Any])


def fail_unreadable(reason: str) -> NoReturn:
    click.echo(f"ttools: cannot read {reason}", err=True)
    sys.exit(EXIT_UNREADABLE)


def fail(line: str) -> NoReturn:
    click.echo(f"ttools: {line}", err=True)
    sys.exit(EXIT_UNREADABLE)


def guard(inputs: Iterable[str], outputs: Iterable[str | None]) -> None:
    """Before anything is read or written: no output may be an input or another output."""
    from ttools.files import OutputRefused, check_outputs

    try:
        check_outputs(inputs, outputs)
    except OutputRefused as exc:
        fail(f"refused: {exc}")


def spare(target: str | None, kind: str) -> None:
    """Before an output is written over an existing file that is not one ttools makes anew on
    every run (``ttools.files.regenerable``: a workbook staff fill in, a checked copy, a results
    workbook saved since in Excel, any other file), that file is kept in .ttools-history/ beside
    it, as --in-place keeps the file it writes over, and the run says so: whatever path an
    output is given, no file is lost."""
    if not target or target == "-":
        return
    from ttools.files import keep_unless_regenerable

    with Writing(target):
        kept = keep_unless_regenerable(target, kind)
    if kept is not None:
        progress(f"kept the previous {target} as {kept}")


class Writing:
    """Turns a failed write (full disk, read-only or missing folder, a target open in Excel) into
    one line and exit 2; in ``lang``, the event's language, where the line has one of its own."""

    def __init__(self, target: str, lang: str | None = None) -> None:
        self.target = target
        self.lang = lang

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> Literal[False]:
        if exc is None or not isinstance(exc, Exception):
            return False
        from ttools.files import CannotWrite, cannot_write, os_error
        from ttools.problems import Unreadable

        if isinstance(exc, Unreadable):
            fail_unreadable(str(exc))
        if isinstance(exc, CannotWrite):
            fail(exc.message(self.lang))
        if os_error(exc) is not None:
            fail(str(cannot_write(self.target, exc)))
        return False


def need_folders(*paths: str | None) -> None:
    """Refuse, in one line and before any work, an output path whose folder does not exist."""
    for path in paths:
        if path and path != "-":
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                click.echo(f"ttools: cannot write {path}: the folder {folder} does not exist", err=True)
                sys.exit(EXIT_UNREADABLE)


def report(outcome: Any, quiet: bool | None = None) -> None:
    """The problems, what the workbook waits for and (unless ``quiet``, by default ``-q``) the count."""
    for line in outcome.report_lines(is_quiet() if quiet is None else quiet):
        click.echo(line, err=True)


def _remember_quiet(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:  # ctx.meta is shared by the group and its command: ttools -q run … works too
        ctx.meta[_QUIET] = True


def quiet_option(command: _Command) -> _Command:
    """``-q/--quiet`` for a command: no progress lines; problems and errors are still shown."""
    option = click.option(
        "-q",
        "--quiet",
        is_flag=True,
        expose_value=False,
        callback=_remember_quiet,
        help="No progress lines ('wrote …', counts); problems and errors are still shown.",
    )
    return option(command)


def with_quiet_option(command: click.Command) -> click.Command:
    """``command`` with ``-q/--quiet`` (added when it declares none): every command has it."""
    if not any(param.name == "quiet" for param in command.params):
        quiet_option(command)
    return command


def is_quiet() -> bool:
    """Whether ``-q`` was given to the command running (or to ``ttools`` before it)."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_QUIET))


def progress(line: str) -> None:
    """A progress line (``wrote FILE``, ``published …``) on standard error, unless ``-q``:
    standard output carries only results and data."""
    if not is_quiet():
        click.echo(line, err=True)
