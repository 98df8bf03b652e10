"""Pages a referee would post: every page of every sample's PDF, in each language its
competition writes, read back with pdftotext. No page holds only a title, only notes or a single
table row; a table that fits a page is never split; every character printed has a glyph in the
faces embedded, and those are the face of the page's script (TC on zh-Hant pages, SC on zh-Hans)."""

from __future__ import annotations

import atexit
import dataclasses
import re
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

import ttools.pdf
from tests.benchmarks import events
from tests.test_pdf import cjk, pages_text, pdf_fonts, poppler  # noqa: F401  (cjk: a fixture)
from ttools.i18n import Translator
from ttools.pdf import fonts
from ttools.pipeline import process_file

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(p.name for p in (ROOT / "samples").glob("*.xlsx"))


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


# fields of sizes no sample has, made by the benchmark's generators (deterministic): a 23-team
# Nations Cup (its Appendix 7 once started with a page holding only its title), an odd 13-team
# one, 37 Scrabble players, 52 Shengji players and 30 Shuangsheng pairs
GENERATED = {
    "nations-cup 13 teams": lambda out: events.nations_cup(13, out),
    "nations-cup 23 teams": lambda out: events.nations_cup(23, out),
    "scrabble 37 x 9": lambda out: events.scrabble(37, 9, out),
    "shengji 52 players": lambda out: events.shengji(out, 52),
    "shuangsheng 30 pairs x 7": lambda out: events.shuangsheng(30, 7, out),
}


@lru_cache(maxsize=None)
def processed(sample: str):
    if sample in GENERATED:
        folder = Path(tempfile.mkdtemp(prefix="layout-event-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return process_file(GENERATED[sample](str(folder / "event.xlsx")))
    return process_file(str(ROOT / "samples" / sample))


def cases() -> list[tuple[str, str]]:
    return [(sample, lang) for sample in [*SAMPLES, *GENERATED] for lang in ("zh-Hant", "zh-Hans", "en")]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """(sample, lang) -> (reports, pdf path): the sample's results in each language it speaks."""
    folder = tmp_path_factory.mktemp("layout")
    made = {}

    def make(sample: str, lang: str):
        if (sample, lang) not in made:
            outcome = processed(sample)
            if lang not in outcome.contract.languages:
                pytest.skip(f"{outcome.competition} is not written in {lang}")
            reports = list(outcome.contract.reports(outcome.results, lang))
            pdf = folder / f"{sample}.{lang}.pdf"
            ttools.pdf.write_pdf(reports, str(pdf), lang, outcome.event_name, "0" * 64)
            made[sample, lang] = (reports, pdf)
        return made[sample, lang]

    return make


def classify(line: str, reports, cont: str) -> str:
    """'title', 'note', 'heading' or 'row': what a line of a page is."""
    squashed = _squash(line)
    titles, notes, headings = set(), set(), set()
    for r in reports:
        titles |= {_squash(r.title), _squash(r.subtitle), _squash(r.title + cont)}
        for b in r.blocks:
            titles |= {_squash(b.title), _squash(b.title + cont)}
            notes |= {_squash(n) for n in b.notes}
            headings.add(_squash("".join(b.header or ())))
    if any(squashed in t for t in titles if t):
        return "title"
    if any(squashed in n for n in notes if n):
        return "note"
    if any(squashed in h for h in headings if h):
        return "heading"
    return "row"


def content(page: str) -> list[str]:
    """A page's lines less its running header (first line) and footer (last line)."""
    lines = [line for line in page.splitlines() if line.strip()]
    return lines[1:-1]


@pytest.mark.parametrize("sample,lang", cases())
def test_no_page_holds_only_a_title_a_note_or_a_single_row(cjk, printed, sample, lang):  # noqa: F811
    reports, pdf = printed(sample, lang)
    cont = Translator(lang)("（續）", " (cont.)")
    bad = []
    for n, page in enumerate(pages_text(pdf), start=1):
        lines = content(page)
        # the sheet the page belongs to: the one its running header names (the longest name found)
        head = _squash("".join(page.strip().splitlines()[:2]))
        own = max((r for r in reports if _squash(r.name) in head), key=lambda r: len(r.name))
        kinds = [classify(line, [own], cont) for line in lines]
        # a page a table runs on to (its title repeated with the continuation mark)
        running = any(cont.strip() in line for line in lines)
        if not kinds:
            bad.append((n, "empty"))
        elif set(kinds) == {"title"}:
            bad.append((n, "only a title"))
        elif "row" not in kinds and "note" in kinds and (running or "heading" not in kinds):
            bad.append((n, "only notes"))
        elif kinds.count("row") == 1 and (running or len(kinds) <= 4):
            bad.append((n, "a single row"))
    assert not bad, bad


def _fits_alone(report, block, lead: bool, tmp: Path) -> bool:
    """Does ``block`` (under its sheet's title when it comes first) fit one page by itself, as
    its sheet prints it (orientation, a wall sheet's larger type, its scale)?"""
    alone = dataclasses.replace(
        report, title=report.title if lead else "", blocks=[block], subtitle=report.subtitle if lead else ""
    )
    pdf = tmp / "alone.pdf"
    ttools.pdf.write_pdf([alone], str(pdf), "en")
    return len(pages_text(pdf)) == 1


@pytest.mark.parametrize("sample,lang", cases())
def test_a_table_that_fits_a_page_is_never_split(cjk, printed, sample, lang, tmp_path):  # noqa: F811
    reports, pdf = printed(sample, lang)
    cont = Translator(lang)("（續）", " (cont.)")
    continued = {_squash(line) for page in pages_text(pdf) for line in content(page) if cont.strip() in line}
    split = []
    for report in reports:
        for i, block in enumerate(report.blocks):
            if _squash((block.title or report.title) + cont) in continued and _fits_alone(
                report, block, i == 0, tmp_path
            ):
                split.append((report.name, block.title))
    assert not split


@lru_cache(maxsize=None)
def _cmap(path: str, family: str) -> frozenset[int]:
    from fontTools.ttLib import TTCollection, TTFont

    faces = TTCollection(path).fonts if path.lower().endswith((".ttc", ".otc")) else [TTFont(path)]
    for face in faces:
        names = {n.toUnicode() for n in face["name"].names if n.nameID in (1, 16)}
        if family in names:
            return frozenset(face.getBestCmap())
    return frozenset()


@pytest.mark.parametrize("sample,lang", cases())
def test_every_character_has_a_glyph_in_the_faces_of_its_script(cjk, printed, sample, lang):  # noqa: F811
    pytest.importorskip("fontTools")
    reports, pdf = printed(sample, lang)
    faces = fonts.find_faces(lang)
    covered = set().union(*(_cmap(p, f) for f in faces.families for p in faces.files))
    printed_chars = {ord(ch) for page in pages_text(pdf) for ch in page if not ch.isspace()}
    assert not {chr(c) for c in printed_chars - covered}
    embedded = pdf_fonts(pdf)
    allowed = [f.replace(" ", "").lower() for f in faces.families]
    assert all(any(n.lower().startswith(a) for a in allowed) for n in embedded), embedded
    if lang in ("zh-Hant", "zh-Hans") and faces.families[0].startswith("Noto Sans CJK"):
        region = "tc" if lang == "zh-Hant" else "sc"
        assert {n.split("-")[0].lower() for n in embedded if "CJK" in n} == {f"notosanscjk{region}"}


def test_the_pdf_of_every_sample_is_printed_with_the_command(cjk, tmp_path, invoke):  # noqa: F811
    """From the command line, as staff print: ``ttools run SAMPLE --pdf``."""
    import shutil

    for sample in ("nations-cup-12.xlsx", "shengji-30.xlsx"):
        shutil.copy(ROOT / "samples" / sample, tmp_path / sample)
        result = invoke("run", tmp_path / sample, "--pdf")
        assert result.exit_code == 0, result.stderr
        pdf = tmp_path / sample.replace(".xlsx", ".out.pdf")
        assert subprocess.run([poppler("pdfinfo"), str(pdf)], capture_output=True).returncode == 0
