"""``python -m ttools``: the command line. A plain ``check FILE``, the command staff run after
every change to a workbook, is served without loading click (a quarter of its time): the same
lines on standard error and the same exit codes as through ``ttools.cli``, which serves the rest.
"""

from __future__ import annotations

import os
import sys

from ttools.runtime import (
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_UNREADABLE,
    internal_error,
    quiet_gc_early,
    utf8_streams,
)


def plain_check(args: list[str]) -> str | None:
    """FILE when ``args`` are exactly ``check FILE`` with nothing click would treat otherwise
    (an option; a folder or an existing file that cannot be read, which click refuses itself);
    None for anything else."""
    if len(args) != 2 or args[0] != "check":
        return None
    file = args[1]
    if not file or file.startswith("-") or os.path.isdir(file):
        return None
    if os.path.lexists(file) and not os.access(file, os.R_OK):
        return None
    return file


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def check(file: str) -> int:
    """``ttools check FILE`` as ``ttools.cli.check`` runs it without --json or --annotate."""
    from ttools.pipeline import process_file
    from ttools.problems import Unreadable

    try:
        outcome = process_file(file, one_shot=True)
    except Unreadable as exc:
        _say(f"ttools: cannot read {exc}")
        return EXIT_UNREADABLE
    for line in outcome.report_lines():
        _say(line)
    return EXIT_OK if outcome.ok else EXIT_PROBLEMS


def main() -> None:
    utf8_streams()
    quiet_gc_early()
    file = plain_check(sys.argv[1:])
    if file is None:
        from ttools.cli import main as click_main

        click_main()
        return
    try:
        code = check(file)
    except KeyboardInterrupt:  # as click reports an interrupted command
        _say("\nAborted!")
        sys.exit(1)
    except Exception as exc:  # a bug in ttools must still not show staff a traceback
        if os.environ.get("TTOOLS_DEBUG"):
            raise
        _say(internal_error(exc))
        sys.exit(EXIT_INTERNAL)
    sys.exit(code)


if __name__ == "__main__":
    main()
