"""Printable sheets -> one PDF through LibreOffice headless, with CJK fonts where installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from typing import Sequence

from ttools.problems import Unreadable


class PdfUnavailable(Exception):
    """LibreOffice is missing or failed; the message says how to fix it."""


def soffice_path() -> str | None:
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    for guess in ("/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice",
                  "/Applications/LibreOffice.app/Contents/MacOS/soffice",
                  r"C:\Program Files\LibreOffice\program\soffice.exe"):
        if os.path.exists(guess):
            return guess
    return None


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


def to_pdf(xlsx: str, pdf: str, sheets: Sequence[str] = (), timeout: int = 180) -> str:
    """Print ``sheets`` of ``xlsx`` (all visible sheets when empty) into ``pdf``."""
    soffice = soffice_path()
    if soffice is None:
        raise PdfUnavailable("LibreOffice (soffice) is not installed; install it, e.g. "
                             "'apt-get install libreoffice-calc-nogui fonts-noto-cjk' (Debian/Ubuntu), "
                             "'brew install --cask libreoffice' (macOS) or from libreoffice.org (Windows)")
    with tempfile.TemporaryDirectory(prefix="ttools-pdf-") as tmp:
        src = os.path.join(tmp, "print.xlsx")
        _copy_sheets(xlsx, src, sheets)
        profile = os.path.join(tmp, "profile")
        cmd = [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
               "--convert-to", "pdf", "--outdir", tmp, src]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise PdfUnavailable(f"LibreOffice did not finish within {timeout} s") from None
        out = os.path.join(tmp, "print.pdf")
        if proc.returncode != 0 or not os.path.exists(out):
            raise PdfUnavailable(f"LibreOffice failed ({proc.returncode}): {(proc.stderr or proc.stdout).strip()[:300]}")
        from ttools.files import write_atomic

        write_atomic(pdf, lambda tmp: shutil.copyfile(out, tmp), suffix=".pdf")
    return pdf


def _copy_sheets(xlsx: str, dst: str, sheets: Sequence[str]) -> None:
    """A copy of the workbook with only the printable sheets (print setup kept)."""
    if not sheets:
        shutil.copyfile(xlsx, dst)
        return
    from openpyxl import load_workbook

    wb = load_workbook(xlsx)
    keep = [s for s in sheets if s in wb.sheetnames]
    if not keep:
        shutil.copyfile(xlsx, dst)
        return
    for name in list(wb.sheetnames):
        if name not in keep:
            del wb[name]
    for name in list(wb.defined_names):
        del wb.defined_names[name]
    wb.active = 0
    for ws in wb.worksheets:
        ws.sheet_state = "visible"
    wb.save(dst)
