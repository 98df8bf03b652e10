"""Report sheets -> Typst source: the prelude's functions called with every text of the
workbook as a string literal, so that nothing staff typed is ever read as Typst code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from ttools.i18n import Translator
from ttools.pdf import layout
from ttools.publish.pages import SHARED_PLACE, cell_text, is_number

PRELUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prelude.typ")

_REGION = {"zh-Hant": ('"zh"', '"tw"'), "zh-Hans": ('"zh"', '"cn"'), "en": ('"en"', "none")}


def lit(text: Any) -> str:
    """``text`` as a Typst string literal: backslash and quote escaped, every control or
    separator character written as a \\u{…} escape (a newline in a cell stays one)."""
    return '"' + _escape("" if text is None else str(text)) + '"'


def _escape(s: str) -> str:
    """The inside of ``lit(s)``."""
    if s.isprintable():  # nearly every cell: only the two characters a literal cannot hold
        return s.replace("\\", "\\\\").replace('"', '\\"') if "\\" in s or '"' in s else s
    out = []
    for ch in s:
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):x}}}")
    return "".join(out)


def _lines(texts: Iterable[str]) -> str:
    """Lines as one Typst string literal (the same as ``lit("\\n".join(texts))``)."""
    return '"' + "\\u{a}".join(map(_escape, texts)) + '"'


@dataclass
class Page:
    """What every page of the document shows around its sheet: the event, ttools' version and
    the input's hash, and the script the pages are written in."""

    lang: str
    event_name: str
    stamp: str  # "ttools 1.0 · sha256 0123456789ab"
    families: Sequence[str]


def _type_dict(ty: layout.Type) -> str:
    return f"(size: {ty.size}pt, title: {ty.title}pt, lead: {ty.lead}pt, notes: {ty.notes}pt, inset: {ty.inset}pt)"


def document_head(page: Page) -> str:
    """The sheets' type (from ``layout``, so that what is measured is what is set), the prelude,
    the document's metadata and the text settings of its script."""
    with open(PRELUDE, encoding="utf-8") as fh:
        prelude = fh.read()
    lang, region = _REGION.get(page.lang, _REGION["en"])
    fonts = "(" + ", ".join(lit(f) for f in page.families) + ",)"
    return (
        f"#let tt-plain = {_type_dict(layout.PLAIN)}\n#let tt-wall = {_type_dict(layout.WALL)}\n"
        + prelude
        + f'\n#set document(title: {lit(page.event_name or "ttools")}, author: "ttools", date: none)\n'
        f"#set text(font: {fonts}, size: 8.5pt, lang: {lang}, region: {region})\n"
        "#set par(leading: 0.35em)\n"
    )


# the colours a block may give its text (Block.colors), as the workbook prints them: a red dark
# enough to print as red on an office printer and to read on white
COLORS = {"red": "#C00000"}


def _fill(name: str) -> str | None:
    """The Typst colour of a colour name of ``Block.colors`` (None: one ttools does not print)."""
    code = COLORS.get(name)
    return f"rgb({lit(code)})" if code else None


def _column(texts: Sequence[str], bold: set[int], colors: dict[int, str]) -> str:
    """One column of a block as Typst: its rows' lines, the highlighted ones bold, the coloured
    ones (row -> colour name) in their colour."""
    if not bold and not colors:
        return _lines(texts)
    parts = []
    for i, text in enumerate(texts):
        piece = lit(("\n" if i else "") + text)
        fill = _fill(colors[i]) if i in colors else None
        if fill:
            piece = f"text(fill: {fill}, {piece})"
        parts.append(f"strong({piece})" if i in bold else piece)
    return "[" + "".join(f"#{p}" for p in parts) + "]"


@dataclass
class _Cells:
    """A block as it is printed: every cell as its text, with what the block says of them."""

    title: str
    header: list[str]
    rows: list[list[str]]
    numbers: list[list[bool]]  # right-aligned cells
    highlight: set[int]
    colors: dict[tuple[int, int], str]
    notes: list[str]

    @classmethod
    def of(cls, block: Any) -> "_Cells":
        fmt = block.number_format
        rows, numbers = [], []
        for row in block.rows:
            texts, right = [], []
            for c, v in enumerate(row):
                if type(v) is str:  # most cells: their own text, a number when a place ('7', '7=')
                    texts.append(v)
                    right.append(v[:1].isdigit() and SHARED_PLACE.match(v) is not None)
                elif type(v) is int and c not in fmt:  # a plain whole number, as cell_text writes it
                    texts.append(str(v))
                    right.append(True)
                else:
                    texts.append(cell_text(v, fmt.get(c)))
                    right.append(is_number(v))
            rows.append(texts)
            numbers.append(right)
        return cls(
            block.title,
            [str(h) for h in (block.header or ())],
            rows,
            numbers,
            set(block.highlight),
            dict(getattr(block, "colors", None) or {}),
            [str(x) for x in block.notes if x],
        )

    def pick(self, columns: list[int], part: str) -> "_Cells":
        """Only ``columns`` (the title marked with the part it is)."""
        at = {c: k for k, c in enumerate(columns)}
        return _Cells(
            self.title + part,
            [self.header[c] for c in columns if c < len(self.header)],
            [[row[c] for c in columns if c < len(row)] for row in self.rows],
            [[row[c] for c in columns if c < len(row)] for row in self.numbers],
            self.highlight,
            {(i, at[c]): name for (i, c), name in self.colors.items() if c in at},
            self.notes,
        )


def _block_call(block: _Cells, ident: str, cont: str, report: Any, lead: tuple[str, str] | None) -> tuple[str, float]:
    """The Typst of one block and the height it takes at most (points): as columns of lines,
    page by page, when its columns fit the page; else as the typesetter's table."""
    ty = layout.WALL if getattr(report, "wall", False) else layout.PLAIN
    measured = layout.measure(block.header, block.rows)
    groups = layout.column_groups(block.header, block.rows, report.landscape, ty, measured)
    if groups:  # too wide for a page: the columns in groups, page after page
        parts = [
            _block_call(
                block.pick(group, f" · {k}/{len(groups)}"), f"{ident}-{k}", cont, report, lead if k == 1 else None
            )
            for k, group in enumerate(groups, start=1)
        ]
        return "".join(p for p, _ in parts), layout.body(report.landscape)[1] + 1
    rows = block.rows
    n = max([len(block.header)] + [len(r) for r in rows] + [1])
    numeric = [
        any(len(r) > c and r[c] != "" for r in rows)
        and all(num[c] for r, num in zip(rows, block.numbers) if len(r) > c and r[c] != "")
        for c in range(n)
    ]
    shape = layout.block_shape(
        block.title, block.header, rows, numeric, block.notes, report.landscape, lead, ty, measured
    )
    wall = ", wall: true" if ty is layout.WALL else ""
    lead_call = f"tt-title({lit(lead[0])}, {lit(lead[1])}{wall})" if lead else "none"
    if shape.widths is None:
        return _table_call(block, ident, cont, shape, lead_call, wall), layout.body(report.landscape)[1] + 1
    pages = layout.page_rows(shape, report.landscape)
    widths = _array(f"{w:.2f}pt" for w in shape.widths)
    aligns = _array("true" if a else "false" for a in shape.aligns)
    header = _array(lit(h) for h in block.header)
    colors: dict[int, dict[int, str]] = {}  # column -> row -> colour
    for (i, c), name in block.colors.items():
        colors.setdefault(c, {})[i] = name
    calls = []
    for k, span in enumerate(pages):
        title = block.title if k == 0 else (block.title or report.title) + cont
        bold = {i - span.start for i in span if i in block.highlight}
        page = [r if len(r) == n else list(r) + [""] * (n - len(r)) for r in rows[span.start : span.stop]]
        columns = _array(
            _column(
                text,
                bold,
                {i - span.start: name for i, name in colors[c].items() if i in span} if c in colors else {},
            )
            for c, text in enumerate(zip(*page) if page else [()] * n)
        )
        hl = _array(str(i) for i in sorted(bold))
        lines = "none" if all(shape.row_lines[i] == 1 for i in span) else _array(str(shape.row_lines[i]) for i in span)
        last = k == len(pages) - 1
        calls.append(
            ("#pagebreak()\n" if k else "#pagebreak(weak: true)\n" if len(pages) > 1 and not lead else "")
            + f"#tt-cols({lit(title)}, {header}, {widths}, {aligns}, {columns}, {hl}, "
            f"{len(span)}, {lines}, {shape.pitch:.3f}pt, {_array(lit(x) for x in block.notes) if last else '()'}, "
            f"lead: {lead_call if k == 0 else 'none'}, size: {shape.size:.2f}pt{wall})\n"
        )
    return "".join(calls), shape.height if len(pages) == 1 else layout.body(report.landscape)[1] + 1


def _table_call(block: _Cells, ident: str, cont: str, shape: layout.Shape, lead_call: str, wall: str) -> str:
    """A block too wide to set as columns: the typesetter's table, which wraps its cells."""

    def cell(i: int, c: int, text: str, right: bool) -> str:
        fill = _fill(block.colors[i, c]) if (i, c) in block.colors else None
        return f"({lit(text)}, {'true' if right else 'false'}, {fill or 'none'}),"

    cells = [
        "(" + "".join(cell(i, c, t, x) for c, (t, x) in enumerate(zip(r, num))) + ")"
        for i, (r, num) in enumerate(zip(block.rows, block.numbers))
    ]
    args = [
        lit(ident),
        lit(block.title),
        lit(cont),
        _array(lit(h) for h in block.header),
        _array(cells),
        _array(str(i) for i in sorted(block.highlight)),
        _array(lit(x) for x in block.notes),
    ]
    return f"#tt-block({', '.join(args)}, fits: auto, size: {shape.size:.2f}pt, lead: {lead_call}{wall})\n"


def _array(items: Iterable[str]) -> str:
    return "(" + "".join(item + "," for item in items) + ")"


def _units(report: Any) -> Iterator[tuple[str, list[Any]]]:
    """The report's blocks in printing units: ("group", a run of blocks sharing a page group, as
    the workbook's page plan takes them), ("page", [a block that starts a page]) or ("flow", [a
    block])."""
    compact = report.key.lower().startswith("hand")  # hand records: several boards a page
    group: list[Any] = []
    for block in report.blocks:
        name = getattr(block, "page_group", "")
        if group and name != group[0].page_group:
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
    parts = [
        f"#pagebreak(weak: true)\n#tt-page({lit(page.event_name)}, {lit(report.name)}, {lit(page.stamp)}, "
        f"{'true' if report.landscape else 'false'})[\n"
    ]
    for kind, blocks in _units(report):
        if kind == "group":
            calls = [
                _block_call(_Cells.of(b), f"b{next(counter)}", cont, report, lead if i == 0 else None)
                for i, b in enumerate(blocks)
            ]
            # together when they fit one page (measured again by the typesetter: see tt-group)
            fits = "true" if sum(h for _, h in calls) <= layout.body(report.landscape)[1] - 4 else "false"
            parts.append(f"#tt-group(fits: {fits})[\n{''.join(c for c, _ in calls)}]\n")
        else:
            if kind == "page":
                parts.append("#pagebreak(weak: true)\n")
            parts.append(_block_call(_Cells.of(blocks[0]), f"b{next(counter)}", cont, report, lead)[0])
        lead = None
    if lead:  # a sheet without a table
        wall = ", wall: true" if getattr(report, "wall", False) else ""
        parts.append(f"#tt-title({lit(lead[0])}, {lit(lead[1])}{wall})\n")
    parts.append("]\n")
    return "".join(parts)


def document(reports: Iterable[Any], page: Page) -> str:
    """The whole Typst document of ``reports``."""
    counter = iter(range(1, 1 << 62))
    return document_head(page) + "".join(report_source(r, page, counter) for r in reports)
