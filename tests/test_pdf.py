"""Printing with the pip-installed typesetter: `run --pdf` and `print` write the same PDF from the
same report rows, A4 with the footer of today's pages; staff text is never read as markup; the
regional face is found and embedded, or the command says in one line which font to install."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import ttools.pdf
import ttools.pipeline
from ttools.pdf import fonts
from ttools.workbook.write import Block, Report

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = [
    "#sys.exit()",
    "$x$",
    "]",
    "\\",
    "@ref",
    "<label>",
    '"quoted"',
    "*bold* _em_",
    "#{panic()}",
    "// comment",
    "/* open",
    "`raw`",
    "= heading",
    "- item",
    "\\u{41}",
    "a\nb",
    '#import "x.typ": *',
]


def poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} (poppler-utils) is not installed; CI must install it to read the PDFs")
        pytest.skip(f"{tool} (poppler-utils) is not installed on this machine")
    return found


def pages_text(pdf: Path) -> list[str]:
    """The text of every page (pdftotext -layout; pages end with a form feed)."""
    out = subprocess.run([poppler("pdftotext"), "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return out.stdout.split("\f")[:-1]


def pdf_fonts(pdf: Path) -> list[str]:
    out = subprocess.run([poppler("pdffonts"), str(pdf)], capture_output=True, text=True, check=True)
    return [line.split()[0].split("+", 1)[-1] for line in out.stdout.splitlines()[2:] if line.strip()]


@pytest.fixture
def cjk():
    try:
        fonts.find_faces("zh-Hant")
        fonts.find_faces("zh-Hans")
    except fonts.FontMissing as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}; CI must install fonts-noto-cjk")
        pytest.skip(str(exc))


def test_run_pdf_and_print_write_the_same_pdf(cjk, tmp_path, invoke):
    shutil.copy(ROOT / "samples" / "nations-cup-12.xlsx", tmp_path / "event.xlsx")
    result = invoke("run", tmp_path / "event.xlsx", "--pdf")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "event.out.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    printed = tmp_path / "print" / "again.pdf"
    printed.parent.mkdir()
    result = invoke("print", tmp_path / "event.out.xlsx", "-o", printed)
    assert result.exit_code == 0, result.stderr
    assert printed.read_bytes() == pdf.read_bytes()  # the results workbook gives the same rows
    pages = pages_text(pdf)
    digest = ttools.pipeline.file_hash(str(tmp_path / "event.xlsx"))[:12]
    for n, page in enumerate(pages, start=1):
        assert f"sha256 {digest}" in page and f"{n} / {len(pages)}" in page
    assert "附件七 第一天單挑對戰配對表" in pages[0] and "附件七 第一天配對" in pages[0]  # title and sheet


def test_every_sheet_is_a4_and_wide_sheets_are_landscape(cjk, tmp_path):
    from ttools.pipeline import process_file

    outcome = process_file(str(ROOT / "samples" / "nations-cup-12.xlsx"))
    reports = outcome.reports
    pdf = tmp_path / "x.pdf"
    ttools.pdf.write_pdf(reports, str(pdf), outcome.lang, outcome.event_name, "ab" * 32)
    info = subprocess.run([poppler("pdfinfo"), "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True).stdout
    sizes = [
        line.split(":", 1)[1].split("pts")[0].strip()
        for line in info.splitlines()
        if line.startswith("Page") and " size:" in line
    ]
    assert set(sizes) <= {"595.276 x 841.89", "841.89 x 595.276"}
    first = pages_text(pdf)[0]
    assert reports[0].landscape and "841.89 x 595.276" == sizes[0] and reports[0].title.split(" · ")[1] in first


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_staff_text_is_printed_as_typed_never_run(cjk, tmp_path, lang):
    block = Block(HOSTILE[0], HOSTILE, [[h, i] for i, h in enumerate(HOSTILE)], notes=HOSTILE)
    report = Report("X", "#sys.exit()", "]$", [block], subtitle="<label> @ref")
    pdf = tmp_path / "h.pdf"
    ttools.pdf.write_pdf([report], str(pdf), lang, event_name="#panic() \\", source_hash="")
    text = "".join(pages_text(pdf))
    for hostile in HOSTILE:
        for line in hostile.split("\n"):
            assert line in text, line
    assert "#panic() \\" in text


def test_the_markup_holds_staff_text_only_as_string_literals():
    from ttools.pdf.markup import lit

    for hostile in HOSTILE + ["\x00\x1b\u2028\u202e", "é漢字"]:
        literal = lit(hostile)
        assert literal[0] == literal[-1] == '"' and "\n" not in literal
        body = literal[1:-1].replace("\\\\", "").replace('\\"', "")
        assert '"' not in body and all(ch.isprintable() for ch in body)


@pytest.mark.parametrize("lang,face", [("zh-Hant", "NotoSansCJKtc"), ("zh-Hans", "NotoSansCJKsc")])
def test_the_regional_face_is_embedded_and_subset(cjk, tmp_path, lang, face):
    if not fonts.find_faces(lang).families[0].startswith("Noto Sans CJK"):
        pytest.skip("another CJK face is installed here")
    report = Report("X", "骨 對戰 直", "", [Block("過 角", ["述"], [["黃"]])])
    pdf = tmp_path / "f.pdf"
    ttools.pdf.write_pdf([report], str(pdf), lang)
    names = pdf_fonts(pdf)
    assert names and all(n.startswith(face) for n in names if "CJK" in n), names
    out = subprocess.run([poppler("pdffonts"), str(pdf)], capture_output=True, text=True).stdout
    assert all(line.split()[-5:-2] == ["yes", "yes", "yes"] for line in out.splitlines()[2:] if line.strip())


def test_no_font_is_one_line_naming_the_font_to_install(tmp_path, invoke, write_event, monkeypatch):
    monkeypatch.setattr(fonts, "_known_files", lambda: [])
    monkeypatch.setattr(fonts, "_system_families", lambda: {})
    with pytest.raises(ttools.pdf.PdfUnavailable, match="Noto Sans CJK TC") as caught:
        ttools.pdf.render([], "zh-Hant")
    assert "\n" not in str(caught.value) and "TTOOLS_PDF_FONT" in str(caught.value)
    with pytest.raises(ttools.pdf.PdfUnavailable, match="Noto Sans CJK SC"):
        ttools.pdf.render([], "zh-Hans")
    src = write_event()
    result = invoke("run", src, "--pdf")
    assert result.exit_code == 1
    [line] = [x for x in result.stderr.splitlines() if "no PDF" in x]
    assert line.startswith("ttools: no PDF: no font for English pages: install")
    assert "Traceback" not in result.stderr
    assert (tmp_path / "event.out.xlsx").exists() and not (tmp_path / "event.out.pdf").exists()


def test_the_font_setting_names_a_file_or_a_family(cjk, tmp_path, monkeypatch, invoke, write_event):
    src = write_event()
    assert invoke("run", src).exit_code == 0
    monkeypatch.setenv("TTOOLS_PDF_FONT", str(tmp_path / "none.ttf"))
    result = invoke("print", tmp_path / "event.out.xlsx")
    assert result.exit_code == 1 and "TTOOLS_PDF_FONT names the font file" in result.stderr
    assert not (tmp_path / "event.out.pdf").exists()
    monkeypatch.delenv("TTOOLS_PDF_FONT")
    face = fonts.find_faces("zh-Hans")
    monkeypatch.setenv("TTOOLS_PDF_FONT", face.files[0])  # a collection: the page's own face is chosen
    assert fonts.find_faces("zh-Hans").families == face.families[:1]
    monkeypatch.setenv("TTOOLS_PDF_FONT", face.families[0])
    assert fonts.find_faces("en").families == face.families[:1]
    result = invoke("print", tmp_path / "event.out.xlsx")
    assert result.exit_code == 0, result.stderr
    assert any(
        n.lower().startswith(face.families[0].replace(" ", "").lower()) for n in pdf_fonts(tmp_path / "event.out.pdf")
    )


def test_print_refuses_a_file_that_is_not_a_workbook(tmp_path, invoke):
    bad = tmp_path / "x.xlsx"
    bad.write_text("not a workbook")
    result = invoke("print", bad)
    assert result.exit_code == 2 and not (tmp_path / "x.pdf").exists()
