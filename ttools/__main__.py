"""``python -m ttools``: the command line. A plain ``check FILE``, the command staff run after
every change to a workbook, and a plain ``run FILE [-o OUTPUT]`` are served without loading click
(a quarter of a check's time, 40 ms of a run's): the same lines on standard error and the same
exit codes as through ``ttools.cli``, which serves the rest.
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
    return _plain_file(args[1])


def _plain_file(file: str) -> str | None:
    if not file or file.startswith("-") or os.path.isdir(file):
        return None
    if os.path.lexists(file) and not os.access(file, os.R_OK):
        return None
    return file


def plain_run(args: list[str]) -> tuple[str, str | None] | None:
    """(FILE, OUTPUT or None) when ``args`` are exactly ``run FILE``, ``run FILE -o OUTPUT`` or
    ``run FILE --output OUTPUT``, neither of them something click would refuse itself (a folder,
    an option); None for anything else."""
    if len(args) not in (2, 4) or args[0] != "run" or _plain_file(args[1]) is None:
        return None
    if len(args) == 2:
        return args[1], None
    if args[2] not in ("-o", "--output") or not args[3] or args[3].startswith("-") or os.path.isdir(args[3]):
        return None
    return args[1], args[3]


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


def run(file: str, output: str | None) -> int:
    """``ttools run FILE [-o OUTPUT]`` as ``ttools.cli.run`` runs it without further options."""
    from ttools.files import (
        CannotWrite,
        OutputRefused,
        cannot_write,
        check_outputs,
        default_path,
        keep_unless_regenerable,
        os_error,
    )
    from ttools.pipeline import process_file, write_output
    from ttools.problems import Unreadable

    target = output or default_path(file, ".out.xlsx")
    try:
        check_outputs([file], [target, None, None])
    except OutputRefused as exc:
        _say(f"ttools: refused: {exc}")
        return EXIT_UNREADABLE
    folder = os.path.dirname(os.path.abspath(output)) if output else ""
    if output and not os.path.isdir(folder):
        _say(f"ttools: cannot write {output}: the folder {folder} does not exist")
        return EXIT_UNREADABLE
    try:
        outcome = process_file(file, one_shot=True)
    except Unreadable as exc:
        _say(f"ttools: cannot read {exc}")
        return EXIT_UNREADABLE
    try:  # as ttools.cli_support.spare
        kept = keep_unless_regenerable(target, "workbook")
    except CannotWrite as exc:
        _say(f"ttools: {exc.message(None)}")
        return EXIT_UNREADABLE
    if kept is not None:
        _say(f"kept the previous {target} as {kept}")
    try:
        write_output(outcome, target)
    except Unreadable as exc:
        _say(f"ttools: cannot read {exc}")
        return EXIT_UNREADABLE
    except CannotWrite as exc:
        _say(f"ttools: {exc.message(None)}")
        return EXIT_UNREADABLE
    except Exception as exc:
        if os_error(exc) is None:
            raise
        _say(f"ttools: {cannot_write(target, exc)}")
        return EXIT_UNREADABLE
    for line in outcome.report_lines():
        _say(line)
    _say(f"wrote {target}")
    return EXIT_OK if outcome.ok else EXIT_PROBLEMS


def main() -> None:
    utf8_streams()
    quiet_gc_early()
    args = sys.argv[1:]
    file, running = plain_check(args), plain_run(args)
    if file is None and running is None:
        from ttools.cli import main as click_main

        click_main()
        return
    try:
        code = check(file) if file is not None else run(*running) if running is not None else EXIT_INTERNAL
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
