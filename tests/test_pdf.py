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


def words(pdf: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Each page's words with their boxes, points from the top left (pdftotext -bbox)."""
    import html
    import re

    out = subprocess.run([poppler("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    pages = []
    for page in out.stdout.split("<page ")[1:]:
        found = re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page
        )
        pages.append([(html.unescape(w), float(a), float(b), float(c), float(d)) for a, b, c, d, w in found])
    return pages


def _rows(tag: str, count: int) -> list[list[object]]:
    return [[i, f"{tag}{i}", i * 3] for i in range(1, count + 1)]


def test_each_page_group_starts_a_page_of_its_own_and_stays_on_it(cjk, tmp_path):
    """Block.page_group: a run of blocks sharing a group (a finals round's HU and SNG draws) starts
    a fresh page, is kept on that one page when it fits it, and what follows starts another; a
    group too long for a page still starts a fresh one and runs on."""
    head = ["No", "Name", "Score"]
    blocks = [
        Block("Standings", head, _rows("Sx", 5)),
        Block("Round one HU", head, _rows("Ah", 20), page_group="r1"),
        Block("Round one SNG", head, _rows("As", 20), page_group="r1"),
        Block("Round two HU", head, _rows("Bh", 22), page_group="r2"),
        Block("Round two SNG", head, _rows("Bs", 22), page_group="r2"),
        Block("Long HU", head, _rows("Ch", 40), page_group="r3"),
        Block("Long SNG", head, _rows("Cs", 40), page_group="r3"),
        Block("Afterwards", head, _rows("Dx", 3)),
    ]
    pdf = tmp_path / "g.pdf"
    ttools.pdf.write_pdf([Report("X", "Finals", "Finals", blocks)], str(pdf), "en")
    pages = [{w for w, *_ in page} for page in words(pdf)]
    where = {
        tag: [n for n, page in enumerate(pages) if f"{tag}1" in page or f"{tag}2" in page]
        for tag in ("Sx", "Ah", "As", "Bh", "Bs", "Ch", "Cs", "Dx")
    }
    # every row of a group that fits is on its first page, with nothing of another group
    assert where["Sx"] == [0]
    assert where["Ah"] == where["As"] == [1]
    assert all(f"Ah{i}" in pages[1] and f"As{i}" in pages[1] for i in range(1, 21))
    assert where["Bh"] == where["Bs"] == [2]
    assert not {w for w in pages[2] if w[:2] in ("Ah", "As", "Ch", "Cs", "Dx")}
    # the long group starts a page of its own and runs on; the block after it starts another
    assert where["Ch"][0] == 3 and where["Cs"][0] >= 3
    last_long = max(n for n, p in enumerate(pages) if any(w.startswith(("Ch", "Cs")) for w in p))
    assert last_long > 3 and where["Dx"] == [last_long + 1]
    assert not {w for w in pages[last_long + 1] if w[:2] in ("Ch", "Cs")}


def _ppm(pdf: Path, dpi: int) -> tuple[int, int, bytes]:
    """The first page as RGB pixels (pdftoppm's binary PPM)."""
    out = subprocess.run(
        [poppler("pdftoppm"), "-r", str(dpi), "-f", "1", "-l", "1", str(pdf)], capture_output=True, check=True
    ).stdout
    magic, width, height, _, pixels = out.split(maxsplit=4)
    assert magic == b"P6"
    return int(width), int(height), pixels


def _inks(pdf: Path, boxes: dict[str, tuple[float, float, float, float]], dpi: int = 150) -> dict[str, dict]:
    """For each word's box: how many of its pixels are red, and how many dark (any ink)."""
    width, _, pixels = _ppm(pdf, dpi)
    k = dpi / 72
    out = {}
    for word, (x0, y0, x1, y1) in boxes.items():
        red = dark = 0
        for y in range(int(y0 * k), int(y1 * k) + 1):
            for x in range(int(x0 * k), int(x1 * k) + 1):
                r, g, b = pixels[3 * (y * width + x) : 3 * (y * width + x) + 3]
                red += r > 140 and g < 90 and b < 90
                dark += r + g + b < 450
        out[word] = {"red": red, "dark": dark}
    return out


def test_coloured_cells_print_in_their_colour_and_no_other_does(cjk, tmp_path):
    """Block.colors: hearts and diamonds of a hand record in a printable red, the other suits and
    the highlighted (bold) row as they were; in the columns set as lines and in the wrapped table."""
    header = ["Seat", "Spades", "Hearts", "Clubs", "Diamonds"]
    rows = [["North", "SPADEA", "HEARTA", "CLUBA", "DIAMONDA"], ["South", "SPADEB", "HEARTB", "CLUBB", "DIAMONDB"]]
    colors = {(i, c): "red" for i in range(2) for c in (2, 4)}
    block = Block("Board 1", header, rows, highlight={1}, colors=colors)
    pdf = tmp_path / "c.pdf"
    ttools.pdf.write_pdf([Report("Hands", "Hands", "Hand records", [block])], str(pdf), "en")
    boxes = {w: (a, b, c, d) for w, a, b, c, d in words(pdf)[0] if w.isupper() and w[-1] in "AB" and len(w) > 4}
    assert len(boxes) == 8
    inks = _inks(pdf, boxes)
    for word, ink in inks.items():
        assert ink["dark"] > 20, word  # printed
        if word.startswith(("HEART", "DIAMOND")):
            assert ink["red"] > 0.5 * ink["dark"], (word, ink)
        else:
            assert ink["red"] == 0, (word, ink)
    # the typesetter's own table (a block too wide to set as columns) colours the same cells
    from ttools.pdf import markup

    wide = Block("Board 2", header, [[x * 40 for x in r] for r in rows], colors=colors)  # each column a page wide
    source = markup.document([Report("Hands", "Hands", "", [wide])], markup.Page("en", "", "", ["DejaVu Sans"]))
    assert "#tt-cols(" not in source and source.count("#tt-block(") == 5
    assert source.count(f'("{"HEARTA" * 40}", false, {markup._fill("red")}),') == 1
    assert source.count(f'("{"CLUBA" * 40}", false, none),') == 1
    assert source.count(f"{markup._fill('red')}),") == 4


def test_a_wall_sheet_is_larger_with_gaps_between_its_number_columns(cjk, tmp_path):
    """Report.wall: a pairing sheet posted on a wall: larger type, and adjacent number columns
    (table 1, pair 12) far enough apart that they never read as one number."""
    header = ["Table", "Pair", "Pair"]
    rows = [[1, 12, 7], [2, 3, 15], [3, 9, 11]]
    found = {}
    for wall in (False, True):
        pdf = tmp_path / f"w{wall}.pdf"
        report = Report("Pairings", "Pairings", "Round 3", [Block("Pairings", header, rows)], wall=wall)
        ttools.pdf.write_pdf([report], str(pdf), "en")
        page = words(pdf)[0]
        [twelve] = [w for w in page if w[0] == "12"]
        line = sorted((w for w in page if abs(w[2] - twelve[2]) < 1), key=lambda w: w[1])
        assert [w[0] for w in line] == ["1", "12", "7"], line  # the first row, three words
        gaps = [b[1] - a[3] for a, b in zip(line, line[1:])]
        found[wall] = (min(gaps), line[1][4] - line[1][2], max(w[4] - w[2] for w in page if w[0] == "Round"))
        assert any("1" in t and "12" in t and "112" not in t for t in pages_text(pdf)[0].splitlines())
    (gap, height, title), (wall_gap, wall_height, wall_title) = found[False], found[True]
    assert wall_height >= 1.3 * height and wall_title > title
    assert wall_gap >= 12 and wall_gap > gap


def test_the_families_read_from_font_files_are_the_typesetters_own(cjk):
    """The regional face is found by reading the fonts' name tables (fonts.face_families), which
    must name every face of every installed font file as the typesetter's own scan does."""
    files = sorted({p for paths in fonts._system_families().values() for p in paths})
    ours: dict[str, set[str]] = {}
    for path in files:
        for family in fonts.face_families(path):
            ours.setdefault(family, set()).add(path)
    assert files and ours == {family: set(paths) for family, paths in fonts._scanned(files).items()}
    assert fonts.face_families(__file__) == []  # not a font


def _page_sizes(pdf: Path) -> list[tuple[float, float]]:
    import re

    out = subprocess.run([poppler("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    return [(float(w), float(h)) for w, h in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">', out.stdout)]


def _heading_edge(pdf: Path, page: list) -> float:
    """The right edge of the first table's heading row on the first page (its dark blue fill),
    points: where the table ends."""
    dpi = 72
    width, _, pixels = _ppm(pdf, dpi)
    [name, *_] = [w for w in page if w[0] == "Name"]
    y = int((name[2] + name[4]) / 2)
    row = pixels[3 * y * width : 3 * (y + 1) * width]
    blue = [x for x in range(width) if row[3 * x + 2] > row[3 * x] + 40 and sum(row[3 * x : 3 * x + 3]) < 450]
    return max(blue) + 1


def _seating(tables: int, rows: int) -> list[Block]:
    return [
        Block(
            f"Table {t}",
            ["Seat", "Player", "Name"],
            [[s, t * 100 + s, f"Q{t}x{s} Somebody Longername"] for s in range(1, rows + 1)],
        )
        for t in range(1, tables + 1)
    ]


def test_a_sheet_set_to_fit_fills_its_page_and_keeps_its_tables_whole(cjk, tmp_path):
    """Report.fit (the workbook's print scale that fills the page, up to 400 %, never so far
    that its tallest table or page group leaves one page): six small seating tables fill the
    page's width instead of a corner; a tall table that fits a page at 100 % is enlarged only as
    far as it still fits that one page."""
    found = {}
    for fit in (False, True):
        pdf = tmp_path / f"fit{fit}.pdf"
        ttools.pdf.write_pdf([Report("Next", "Next", "Next seating", _seating(6, 4), fit=fit)], str(pdf), "en")
        pages = words(pdf)
        [(width, _), *_] = _page_sizes(pdf)
        data = [(n, w) for n, page in enumerate(pages) for w in page if w[0].startswith("Q")]
        assert len(data) == 24  # every row
        for t in range(1, 7):  # each table whole on one page
            assert len({n for n, w in data if w[0].startswith(f"Q{t}x")}) == 1
        found[fit] = (len(pages), _heading_edge(pdf, pages[0]), min(w[4] - w[2] for _, w in data))
        right = width - 36  # the body's right edge
    (count, edge, height), (_, fit_edge, fit_height) = found[False], found[True]
    assert count == 1 and edge < 0.5 * right  # a corner of the page without fit
    assert fit_edge > 0.85 * right and fit_edge <= right + 1  # the page's width with it, not beyond
    assert fit_height > 2 * height
    # a tall table: enlarged, yet on its one page with all its rows
    tall = tmp_path / "tall.pdf"
    plain = tmp_path / "tall-plain.pdf"
    for target, fit in ((tall, True), (plain, False)):
        ttools.pdf.write_pdf([Report("Next", "Next", "Next seating", _seating(1, 40), fit=fit)], str(target), "en")
    [big], [small] = words(tall), words(plain)
    assert len([w for w in big if w[0].startswith("Q")]) == 40
    big_h = min(w[4] - w[2] for w in big if w[0].startswith("Q"))
    small_h = min(w[4] - w[2] for w in small if w[0].startswith("Q"))
    assert big_h > 1.2 * small_h
    # a table taller than a page at 100 % runs on anyway: scaled to the width, as the workbook's
    long = tmp_path / "long.pdf"
    ttools.pdf.write_pdf([Report("Next", "Next", "Next seating", _seating(1, 120), fit=True)], str(long), "en")
    rows = [w for page in words(long) for w in page if w[0].startswith("Q")]
    assert len(rows) == 120 and min(w[4] - w[2] for w in rows) > 1.2 * small_h


def _wide(title: str, columns: int) -> Block:
    header = ["No", "Name"] + [f"Round{c}" for c in range(1, columns - 1)]
    rows = [[i, f"Nm{i}"] + [f"{300 + c}:{400 + i}" for c in range(1, columns - 1)] for i in range(1, 6)]
    return Block(title, header, rows)


def test_a_wide_wall_sheet_is_split_only_when_it_must_and_at_one_size(cjk, tmp_path):
    """A wall sheet too wide for a portrait page is set landscape, or with narrower gaps, rather
    than split into groups of columns; when it must be split, every part is at the same type size,
    and the parts name the columns they hold only when the block has a title to continue
    ("(columns 1–9 of 30)"), never "· 1/2"."""
    pdf = tmp_path / "land.pdf"
    ttools.pdf.write_pdf([Report("W", "W", "Wall", [_wide("Chart", 13)], wall=True)], str(pdf), "en")
    [(width, height)] = _page_sizes(pdf)
    assert width > height  # landscape, one page: not split
    assert "columns" not in pages_text(pdf)[0]
    for title, lang in (("Chart", "en"), ("", "en"), ("對賽表", "zh-Hant")):
        pdf = tmp_path / f"split{lang}{bool(title)}.pdf"
        ttools.pdf.write_pdf([Report("W", "W", "Wall", [_wide(title, 30)], wall=True)], str(pdf), lang)
        pages = words(pdf)
        text = "".join(pages_text(pdf))
        split = sum(w[0] == "Nm1" for page in pages for w in page)  # the leading columns, led by each part
        assert split >= 2 and "1/2" not in text and "·" not in text
        sizes = {round(w[4] - w[2], 1) for page in pages for w in page if ":" in w[0] and w[0][:3].isdigit()}
        assert len(sizes) == 1, sizes  # one type size in every part
        parts = [line for line in text.splitlines() if "columns" in line or "欄" in line]
        if not title:
            assert not parts
        elif lang == "en":
            assert len(parts) == split and "(columns 1–" in parts[0] and parts[-1].strip().endswith("of 30)")
        else:
            assert len(parts) == split and "共 30 欄）" in parts[-1]


def test_a_heading_wraps_between_words_never_inside_one(cjk, tmp_path):
    """A CJK heading (Shengji's "南北 計分單位") breaks only at its spaces and slashes: its
    column is as wide as its longest word, so 計分單位 prints whole on one line."""
    from ttools.pdf import layout

    assert layout.header_words("南北 計分單位") == ["南北", "計分單位"]
    assert layout.header_words("莊家（甲／乙）") == ["莊家（甲／", "乙）"]
    assert layout.header_words("南北 得分率 %") == ["南北", "得分率 %"]
    assert layout.wrap_heading("南北 計分單位", 50, 10) == ["南北", "計分單位"]
    assert layout.wrap_heading("N/S MP", 500, 10) == ["N/S MP"]
    header = ["桌號", "南北 計分單位", "南北 得分率 %"]
    rows = [[t, 2 * t, f"{50 + t}.0"] for t in range(1, 6)]
    pdf = tmp_path / "h.pdf"
    ttools.pdf.write_pdf([Report("T", "T", "計分表", [Block("第 1 副", header, rows)])], str(pdf), "zh-Hant")
    lines = [line.strip() for line in pages_text(pdf)[0].splitlines()]
    assert any("計分單位" in line.replace(" ", "") for line in lines)
    assert not any(line.replace(" ", "").endswith("計分單") for line in lines)
    assert not any(line.replace(" ", "").startswith("位") for line in lines)


def test_blocks_with_one_heading_row_share_their_column_widths(cjk, tmp_path):
    """Hand records: each board's table has the same columns, set at the same widths, so the
    boards of a page line up (a longer name on one board widens that column on every board)."""
    header = ["Seat", "Spades", "Hearts"]
    boards = [
        Block("Board 1", header, [["N", "AK", "QJ"], ["S", "32", "T9"]]),
        Block("Board 2", header, [["North-east-by-north", "AKQJT98765", "2"], ["S", "4", "3"]]),
    ]
    pdf = tmp_path / "hands.pdf"
    ttools.pdf.write_pdf([Report("HandRecords", "Hands", "Hand records", boards)], str(pdf), "en")
    [page] = words(pdf)
    for word in ("Spades", "Hearts"):
        xs = [round(w[1], 1) for w in page if w[0] == word]
        assert len(xs) == 2 and xs[0] == xs[1], (word, xs)
