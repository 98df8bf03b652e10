"""From a file on disk to an Outcome: read safely, identify the competition, process, write."""

from __future__ import annotations

import errno
import os
from itertools import combinations
from typing import Callable, Iterable

from ttools import competitions
from ttools.core.draw import sha256
from ttools.outcome import Outcome
from ttools.problems import Unreadable
from ttools.workbook.normalize import clean_text, fold_label
from ttools.workbook.read import Book, read_book

_EVENT_NAMES = ("Event", "賽事", "赛事")


def file_hash(path: str) -> str:
    h = sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def identify(book: Book) -> str:
    """The competition named in the Event sheet (or _meta); Unreadable when there is none."""
    for sheet in (book.get(*_EVENT_NAMES), book.get("_meta")):
        if sheet is None:
            continue
        for row in sheet.grid:
            cells = [clean_text(v) for v in row]
            for i, v in enumerate(cells[:-1]):
                if fold_label(v) in ("competition", "賽事種類", "赛事种类"):
                    rest = [c for c in cells[i + 1:] if c]
                    for value in rest:
                        name = fold_label(value).replace(" ", "-")
                        if name in competitions.names():
                            return name
                    shown = next((c for c in rest if fold_label(c) not in ("賽事種類", "赛事种类")), "")
                    raise Unreadable(f"{book.path}: unknown competition {shown!r} in the Event sheet "
                                     f"(known: {', '.join(competitions.names())})")
    raise Unreadable(f"{book.path}: not a ttools event workbook (no Event sheet naming the competition)")


def process_file(path: str, one_shot: bool = False) -> Outcome:
    """Read, check and compute one workbook. ``one_shot``: the process ends after this file (the
    command line), so the loaded input is frozen out of garbage collection."""
    book = read_book(path)
    if one_shot:
        quiet_gc()
    name = identify(book)
    return competitions.load(name).process(book, source_hash=file_hash(path))


def quiet_gc() -> None:
    """Keep the collector off the loaded input: what is alive now stays alive until the process
    ends, so move it out of the collected generations (``gc.freeze``) and collect the young
    generation less often. Full collections of the large heap of a big event took a sixth of a
    run; reference counting still frees everything that is not a cycle."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def default_path(path: str, suffix: str) -> str:
    base = path[:-5] if path.lower().endswith((".xlsx", ".xlsm")) else path
    return base + suffix


class OutputRefused(Exception):
    """An output path that would replace an input or another output (exit 2, one line)."""


class CannotWrite(Exception):
    """An output could not be written: full disk, read-only or missing folder (exit 2, one line)."""


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file, whatever their spelling: symlinks, '..', case on a
    case-insensitive disk, hard links."""
    if os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b)):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:   # one of them does not exist yet: then they cannot be one file
        return False


def check_outputs(inputs: Iterable[str], outputs: Iterable[str | None]) -> None:
    """Refuse before anything is written when an output is an input, or two outputs are one file.
    '-' (standard output) and empty entries are not paths."""
    inputs = [i for i in inputs if i]
    outs = [o for o in outputs if o and o != "-"]
    for out in outs:
        for src in inputs:
            if same_file(out, src):
                raise OutputRefused(f"{out} is the input {src}; the input is never overwritten, choose another name")
        if os.path.lexists(out) and not os.path.isfile(out):
            raise OutputRefused(f"{out} is not a regular file; ttools writes only files")
    for first, second in combinations(outs, 2):
        if same_file(first, second):
            raise OutputRefused(f"{second} is also the output {first}; give each output its own name")


def _os_error(exc: BaseException) -> OSError | None:
    """The OSError behind ``exc`` (libraries wrap them), if any."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OSError):
            return exc
        inner = next((a for a in getattr(exc, "args", ()) if isinstance(a, OSError)), None)
        exc = inner or exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
        seen += 1
    return None


def cannot_write(target: str, exc: BaseException) -> CannotWrite:
    err = _os_error(exc)
    folder = os.path.dirname(os.path.abspath(target))
    if err is not None and err.errno == errno.ENOENT and not os.path.isdir(folder):
        return CannotWrite(f"cannot write {target}: the folder {folder} does not exist")
    reason = (err.strerror or str(err)) if err is not None else str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return CannotWrite(f"cannot write {target}: {reason}")


def write_atomic(target: str, write: Callable[[str], None], suffix: str = "") -> None:
    """Write through a temporary file beside ``target`` and rename it: a half-written file (full
    disk, a kill) never replaces a good one, and no temporary file is left behind."""
    import tempfile   # only when writing: check never does

    folder = os.path.dirname(os.path.abspath(target))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".ttools-", suffix=suffix, dir=folder)
        os.close(fd)
        write(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
    except Exception as exc:
        if isinstance(exc, Unreadable) or _os_error(exc) is None:
            raise
        raise cannot_write(target, exc) from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def write_text(target: str, text: str) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)

    write_atomic(target, write, suffix=".tmp")


def write_output(outcome: Outcome, target: str) -> None:
    """Write atomically: a half-written file never replaces a good one."""
    if outcome.writer is None:
        return
    write_atomic(target, outcome.writer, suffix=".xlsx")
