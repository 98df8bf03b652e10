"""From a file on disk to an Outcome: read safely, identify the competition, process, write."""

from __future__ import annotations


from ttools import competitions
from ttools.competitions.base import COMPETITION_LABELS, EVENT_SHEET_NAMES
from ttools.core.draw import sha256
from ttools.files import write_atomic
from ttools.outcome import Outcome
from ttools.problems import Unreadable
from ttools.workbook.normalize import clean_text, fold_label
from ttools.workbook.read import Book, read_book


def file_hash(path: str) -> str:
    h = sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def identify(book: Book) -> str:
    """The competition named in the Event sheet (or _meta); Unreadable when there is none."""
    labels = {fold_label(label) for label in COMPETITION_LABELS}
    for sheet in (book.get(*EVENT_SHEET_NAMES), book.get("_meta")):
        if sheet is None:
            continue
        for row in sheet.grid:
            cells = [clean_text(v) for v in row]
            for i, v in enumerate(cells[:-1]):
                if fold_label(v) in labels:
                    rest = [c for c in cells[i + 1 :] if c]
                    for value in rest:
                        name = fold_label(value).replace(" ", "-")
                        if name in competitions.names():
                            return name
                    shown = next((c for c in rest if fold_label(c) not in labels), "")
                    raise Unreadable(
                        f"{book.path}: unknown competition {shown!r} in the Event sheet "
                        f"(known: {', '.join(competitions.names())})"
                    )
    raise Unreadable(f"{book.path}: not a ttools event workbook (no Event sheet naming the competition)")


def process_file(path: str, one_shot: bool = False) -> Outcome:
    """Read, check and compute one workbook. ``one_shot``: the process ends after this file (the
    command line), so the loaded input is frozen out of garbage collection, and the results
    workbook is written at most once (its input rows are let go as they are written)."""
    book = read_book(path)
    if one_shot:
        quiet_gc()
    name = identify(book)
    return competitions.get(name).process(book, source_hash=file_hash(path), once=one_shot)


def quiet_gc() -> None:
    """Keep the collector off the loaded input: what is alive now stays alive until the process
    ends, so move it out of the collected generations (``gc.freeze``) and collect the young
    generation less often. Full collections of the large heap of a big event took a sixth of a
    run; reference counting still frees everything that is not a cycle."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def write_output(outcome: Outcome, target: str) -> None:
    """Write atomically: a half-written file never replaces a good one."""
    if outcome.writer is None:
        return
    write_atomic(target, outcome.writer, suffix=".xlsx")
