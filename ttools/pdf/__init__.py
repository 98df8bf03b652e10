"""Printable sheets -> one PDF, set from the same report rows as the workbook and the site.

The typesetter is Typst, through its Python binding (the ``typst`` package): one wheel per
platform (abi3: Windows, macOS and Linux, x86-64 and ARM) that ``pip install ttools`` brings,
with no system program and no network. It was chosen over the other pip-installable engines on
what a referee's pages need:

- tables that run on to further pages repeat their title and heading row by themselves, a block
  can be kept unbreakable (moved whole to the next page), and the layout can be measured while
  it is made, so every keep-together rule is decided by the layout that prints, not by an
  estimate of row heights (what went wrong with LibreOffice);
- CJK text set with the face it is given (one face of a .ttc collection chosen by its family
  name, TC or SC), embedded and subset, named after that face in the PDF;
- fast: the layout is compiled Rust (a few hundred A4 pages of tables a second, a one-page
  document in well under 0.1 s).

reportlab has tables with repeated headings but leaves every page decision (keep-together,
widows, continuation titles) to code over its own size estimates, and its CJK support outside
its Adobe CID fonts needs TTF files (no CFF collections such as Noto Sans CJK); fpdf2 is pure
Python and slow on hundreds of pages, with no table layout that measures itself; WeasyPrint
needs Pango and its system libraries, which Windows does not have.

Every text of the workbook reaches the typesetter as a string literal of the generated source
(``markup.lit``), never as markup. The PDF is written through ``ttools.files.write_atomic``.
"""

from __future__ import annotations

import os
import re
import zipfile
from typing import Any, Iterable, Sequence

from ttools.problems import Unreadable


class PdfUnavailable(Exception):
    """No PDF can be made here (no font for the page's script, the typesetter missing or
    failing); the message says what to install or set."""


def printable_sheets(path: str) -> list[str]:
    """The sheets a results workbook marks as printable (its _meta 'printable' entry)."""
    from ttools.workbook.read import read_book

    book = read_book(path)
    meta = book.get("_meta")
    if meta is None:
        raise Unreadable(f"{path}: not a ttools results workbook (no _meta sheet)")
    for row in meta.grid:
        if len(row) >= 2 and str(row[0]).strip() == "printable":
            return [s for s in str(row[1]).split("|") if s]
    return []


_FOOTER_HASH = re.compile(rb"<(?:oddFooter|firstFooter)>[^<]*?sha256 ([0-9a-f]{12})")


def recorded_hash(path: str) -> str:
    """The input's hash a results workbook prints in its footers (what its pages showed when it
    was printed as a workbook); a workbook without one is named by its own hash."""
    try:
        with zipfile.ZipFile(path) as book:
            for name in sorted(n for n in book.namelist() if n.startswith("xl/worksheets/sheet"))[:3]:
                found = _FOOTER_HASH.search(book.read(name)[-8192:])
                if found:
                    return found.group(1).decode()
    except (OSError, zipfile.BadZipFile, KeyError):
        pass
    from ttools.pipeline import file_hash

    return file_hash(path)


def render(reports: Iterable[Any], lang: str, event_name: str = "", source_hash: str = "") -> bytes:
    """The PDF of ``reports`` (``ttools.workbook.write.Report``) as bytes."""
    from ttools.pdf.fonts import FontMissing, find_faces, linked
    from ttools.pdf.markup import Page, document
    from ttools.version import __version__

    try:
        import typst
    except ImportError:  # a dependency of ttools: only a broken installation lacks it
        raise PdfUnavailable("the typesetter is missing: pip install typst") from None
    try:
        faces = find_faces(lang)
    except FontMissing as exc:
        raise PdfUnavailable(str(exc)) from None
    stamp = f"ttools {__version__}" + (f" · sha256 {source_hash[:12]}" if source_hash else "")
    source = document(reports, Page(lang, event_name, stamp, faces.families))
    with linked(faces.files) as folder:
        try:
            return typst.compile(
                source.encode("utf-8"), font_paths=[folder], ignore_system_fonts=True, format="pdf", pdf_tags=False
            )
        except typst.TypstError as exc:  # a bug of ttools' markup: this print fails, nothing else
            raise PdfUnavailable(f"the typesetter failed: {exc.message}") from None


def write_pdf(reports: Iterable[Any], target: str, lang: str, event_name: str = "", source_hash: str = "") -> str:
    """Print ``reports`` into ``target`` (atomically: a failed print leaves no file); returns it."""
    from ttools.files import write_atomic

    data = render(reports, lang, event_name, source_hash)

    def write(tmp: str) -> None:
        with open(tmp, "wb") as fh:
            fh.write(data)

    write_atomic(target, write, suffix=".pdf")
    return target


def print_outcome(outcome: Any, target: str, source_hash: str = "", sheets: Sequence[str] = ()) -> str:
    """Print the report sheets of a processed workbook (those named in ``sheets``, all when
    empty) into ``target``: what ``ttools run --pdf`` writes."""
    wanted = set(sheets)
    # one report at a time, as the workbook writer takes them: none is kept once set in markup
    reports = (r for r in outcome.each_report([]) if not wanted or r.name in wanted)
    return write_pdf(reports, target, outcome.lang, outcome.event_name, source_hash)


def to_pdf(xlsx: str, pdf: str, sheets: Sequence[str] = ()) -> str:
    """Print ``sheets`` of the workbook ``xlsx`` (all its report sheets when empty) into ``pdf``:
    the workbook is processed again, a results workbook being a valid input, and its reports
    printed, with the input's hash its footers name."""
    from ttools.pipeline import process_file

    outcome = process_file(os.fspath(xlsx))
    return print_outcome(outcome, os.fspath(pdf), recorded_hash(os.fspath(xlsx)), sheets)
