"""Printing through LibreOffice: `run --pdf` and `print` write a real PDF with a page for every
printable sheet; without LibreOffice the command says so and how to install it."""

from __future__ import annotations

import os
import re
import shutil

import pytest
from openpyxl import load_workbook

import ttools.pdf


@pytest.fixture
def soffice():
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("LibreOffice (soffice) is not installed; CI must install it to test printing")
        pytest.skip("LibreOffice (soffice) is not installed on this machine")
    return found


def _pages(pdf: bytes) -> int:
    try:
        import io

        from pypdf import PdfReader
    except ImportError:
        return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))
    return len(PdfReader(io.BytesIO(pdf)).pages)


def _printable(xlsx) -> list[str]:
    kv = {r[0]: r[1] for r in load_workbook(xlsx)["_meta"].iter_rows(values_only=True)}
    return [s for s in (kv.get("printable") or "").split("|") if s]


def test_run_pdf_writes_a_pdf_of_the_printable_sheets(soffice, write_event, invoke, tmp_path):
    src = write_event()
    result = invoke("run", src, "--pdf")
    assert result.exit_code == 0, result.stderr
    out, pdf = tmp_path / "event.out.xlsx", tmp_path / "event.out.pdf"
    assert out.exists() and pdf.exists()
    data = pdf.read_bytes()
    assert data[:4] == b"%PDF"
    printable = _printable(out)
    assert len(printable) >= 5   # the complete event has the appendices, standings and reckoner
    assert _pages(data) >= len(printable)


def test_print_command_with_an_explicit_path(soffice, write_event, invoke, tmp_path):
    src = write_event(lang="zh-Hant")
    out = tmp_path / "results.xlsx"
    assert invoke("run", src, "-o", out).exit_code == 0
    pdf = tmp_path / "print" / "results.pdf"
    pdf.parent.mkdir()
    result = invoke("print", out, "-o", pdf)
    assert result.exit_code == 0, result.stderr
    data = pdf.read_bytes()
    assert data[:4] == b"%PDF"
    assert _pages(data) >= len(_printable(out)) >= 5


def test_run_pdf_without_libreoffice_says_how_to_install(write_event, invoke, tmp_path, monkeypatch):
    monkeypatch.setattr(ttools.pdf, "soffice_path", lambda: None)
    src = write_event()
    result = invoke("run", src, "--pdf")
    assert result.exit_code == 1
    assert "LibreOffice" in result.stderr and "install" in result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "event.out.xlsx").exists()    # the results are still written
    assert not (tmp_path / "event.out.pdf").exists()


def test_print_without_libreoffice_says_how_to_install(write_event, invoke, tmp_path, monkeypatch):
    src = write_event()
    out = tmp_path / "results.xlsx"
    assert invoke("run", src, "-o", out).exit_code == 0
    monkeypatch.setattr(ttools.pdf, "soffice_path", lambda: None)
    result = invoke("print", out)
    assert result.exit_code == 1
    assert "LibreOffice" in result.stderr and "install" in result.stderr
    assert not (tmp_path / "results.pdf").exists()
