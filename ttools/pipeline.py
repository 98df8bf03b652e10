"""From a file on disk to an Outcome: read safely, identify the competition, process, write."""

from __future__ import annotations

import hashlib
import os
import tempfile

from ttools import competitions
from ttools.outcome import Outcome
from ttools.problems import Unreadable
from ttools.workbook.normalize import clean_text, fold_label
from ttools.workbook.read import Book, read_book

_EVENT_NAMES = ("Event", "賽事", "赛事")


def file_hash(path: str) -> str:
    h = hashlib.sha256()
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


def process_file(path: str) -> Outcome:
    book = read_book(path)
    name = identify(book)
    return competitions.load(name).process(book, source_hash=file_hash(path))


def default_path(path: str, suffix: str) -> str:
    base = path[:-5] if path.lower().endswith((".xlsx", ".xlsm")) else path
    return base + suffix


def write_output(outcome: Outcome, target: str) -> None:
    """Write atomically: a half-written file never replaces a good one."""
    if outcome.writer is None:
        return
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(suffix=".xlsx", dir=folder)
    os.close(fd)
    try:
        outcome.writer(tmp)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
