"""Report sheets -> Typst source: the prelude's functions called with every text of the
workbook as a string literal, so that nothing staff typed is ever read as Typst code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from ttools.i18n import Translator
from ttools.pdf import layout
from ttools.publish.pages import cell_text, is_number

PRELUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prelude.typ")

_REGION = {"zh-Hant": ('"zh"', '"tw"'), "zh-Hans": ('"zh"', '"cn"'), "en": ('"en"', "none")}


def lit(text: Any) -> str:
    """``text`` as a Typst string literal: backslash and quote escaped, every control or
    separator character written as a \\u{…} escape (a newline in a cell stays one)."""
    s = "" if text is None else str(text)
    if s.isascii() and s.isprintable() and "\\" not in s and '"' not in s:
        return f'"{s}"'
    out = []
    for ch in s:
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch.isprintable() or ch == " ":
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):x}}}")
    return '"' + "".join(out) + '"'


@dataclass
class Page:
    """What every page of the document shows around its sheet: the event, ttools' version and
    the input's hash, and the script the pages are written in."""

    lang: str
    event_name: str
    stamp: str          # "ttools 1.0 · sha256 0123456789ab"
    families: Sequence[str]


def document_head(page: Page) -> str:
    """The prelude, the document's metadata and the text settings of its script."""
    with open(PRELUDE, encoding="utf-8") as fh:
        prelude = fh.read()
    lang, region = _REGION.get(page.lang, _REGION["en"])
    fonts = "(" + ", ".join(lit(f) for f in page.families) + ",)"
    return (prelude + f"\n#set document(title: {lit(page.event_name or 'ttools')}, author: \"ttools\", date: none)\n"
            f"#set text(font: {fonts}, size: 8.5pt, lang: {lang}, region: {region})\n"
            "#set par(leading: 0.35em)\n")


def _cells(row: Sequence[Any], number_format: dict[int, str]) -> tuple[str, list[str]]:
    texts = [cell_text(v, number_format.get(c)) for c, v in enumerate(row)]
    cells = "".join(f"({lit(t)}, {'true' if is_number(v) else 'false'})," for t, v in zip(texts, row))
    return "(" + cells + ")", texts


def _block_call(block: Any, ident: str, cont: str, landscape: bool, lead: tuple[str, str] | None) -> tuple[str, float]:
    """One ``tt-block`` call and the height it takes at most (points); its shape (column widths,
    row heights, whether it fits a page) is worked out here from the widths of its texts."""
    fmt = dict(block.number_format)
    rows, texts = [], []
    for row in block.rows:
        call, shown = _cells(row, fmt)
        rows.append(call)
        texts.append(shown)
    header = [str(h) for h in (block.header or ())]
    notes = [str(n) for n in block.notes if n]
    shape = layout.block_shape(block.title, header, texts, notes, landscape, lead)
    args = [lit(ident), lit(block.title), lit(cont), _array(lit(h) for h in header), _array(rows),
            _array(str(i) for i in sorted(block.highlight)), _array(lit(n) for n in notes)]
    options = [f"fits: {shape.fits}", f"size: {shape.size:.2f}pt", f"widths: {shape.widths}",
               f"heights: {shape.heights}"]
    if lead:
        options.append(f"lead: tt-title({lit(lead[0])}, {lit(lead[1])})")
    return f"#tt-block({', '.join(args + options)})\n", shape.height


def _array(items: Iterable[str]) -> str:
    return "(" + "".join(item + "," for item in items) + ")"


def _units(report: Any) -> Iterator[tuple[str, list[Any]]]:
    """The report's blocks in printing units: ("group", blocks sharing a page group), ("page",
    [a block that starts a page]) or ("flow", [a block])."""
    compact = report.key.lower().startswith("hand")   # hand records: several boards a page
    group: list[Any] = []
    for block in report.blocks:
        name = getattr(block, "page_group", "")
        if group and name != getattr(group[0], "page_group", ""):
            yield "group", group
            group = []
        if name:
            group.append(block)
        elif block.page_break and not compact:
            yield "page", [block]
        else:
            yield "flow", [block]
    if group:
        yield "group", group


def report_source(report: Any, page: Page, counter: Iterator[int]) -> str:
    """One report sheet: its pages (landscape where the report says so) and its blocks."""
    cont = Translator(page.lang)("（續）", " (cont.)")
    lead: tuple[str, str] | None = (report.title, report.subtitle)
    parts = [f"#pagebreak(weak: true)\n#tt-page({lit(page.event_name)}, {lit(report.name)}, {lit(page.stamp)}, "
             f"{'true' if report.landscape else 'false'})[\n"]
    for kind, blocks in _units(report):
        if kind == "group":
            calls = [_block_call(b, f"b{next(counter)}", cont, report.landscape, lead if i == 0 else None)
                     for i, b in enumerate(blocks)]
            fits = "true" if sum(h for _, h in calls) <= layout.body(report.landscape)[1] else "false"
            parts.append(f"#tt-group(fits: {fits})[\n{''.join(c for c, _ in calls)}]\n")
        else:
            if kind == "page":
                parts.append("#pagebreak(weak: true)\n")
            parts.append(_block_call(blocks[0], f"b{next(counter)}", cont, report.landscape, lead)[0])
        lead = None
    if lead:   # a sheet without a table
        parts.append(f"#tt-title({lit(lead[0])}, {lit(lead[1])})\n")
    parts.append("]\n")
    return "".join(parts)


def document(reports: Iterable[Any], page: Page) -> str:
    """The whole Typst document of ``reports``."""
    counter = iter(range(1, 1 << 62))
    return document_head(page) + "".join(report_source(r, page, counter) for r in reports)
