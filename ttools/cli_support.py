"""What every command does the same way: one line and exit 2 for what cannot be read or written,
refusing an output that would replace an input, and the problem lines on standard error. Used by
``ttools.cli`` and by the commands a competition adds of its own."""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import Any, Iterable, Literal, NoReturn

import click

from ttools.runtime import EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE

__all__ = ["EXIT_OK", "EXIT_PROBLEMS", "EXIT_UNREADABLE", "Writing", "fail", "fail_unreadable", "guard", "need_folders",
           "report"]


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


class Writing:
    """Turns a failed write (full disk, read-only or missing folder) into one line and exit 2."""

    def __init__(self, target: str) -> None:
        self.target = target

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> Literal[False]:
        if exc is None or not isinstance(exc, Exception):
            return False
        from ttools.files import CannotWrite, cannot_write, os_error
        from ttools.problems import Unreadable

        if isinstance(exc, Unreadable):
            fail_unreadable(str(exc))
        if isinstance(exc, CannotWrite):
            fail(str(exc))
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


def report(outcome: Any, quiet: bool = False) -> None:
    for line in outcome.report_lines(quiet):
        click.echo(line, err=True)
