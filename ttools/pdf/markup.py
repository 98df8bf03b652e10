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
    return (
        f"(size: {ty.size:.3f}pt, title: {ty.title:.3f}pt, lead: {ty.lead:.3f}pt, notes: {ty.notes:.3f}pt, "
        f"inset: {ty.inset:.3f}pt, wall: {'true' if ty.wall else 'false'})"
    )


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

    def pick(self, columns: list[int], title: str) -> "_Cells":
        """Only ``columns``, under ``title``."""
        at = {c: k for k, c in enumerate(columns)}
        return _Cells(
            title,
            [self.header[c] for c in columns if c < len(self.header)],
            [[row[c] for c in columns if c < len(row)] for row in self.rows],
            [[row[c] for c in columns if c < len(row)] for row in self.numbers],
            self.highlight,
            {(i, at[c]): name for (i, c), name in self.colors.items() if c in at},
            self.notes,
        )


@dataclass
class _Sheet:
    """How one report sheet is set: its type (``ty``, named in the source by ``wall``: the
    argument every call of the prelude gets), its orientation, and its words."""

    report: Any
    ty: layout.Type
    wall: str  # "" (the plain type), or ", wall: NAME" of the type's definition in the source
    landscape: bool
    cont: str  # the continuation mark: "（續）", " (cont.)"
    t: Translator

    @property
    def page_h(self) -> float:
        return layout.body(self.landscape)[1]


def _numeric(block: _Cells, n: int) -> list[bool]:
    """The columns set right-aligned: those whose every filled cell is a number."""
    rows = block.rows
    return [
        any(len(r) > c and r[c] != "" for r in rows)
        and all(num[c] for r, num in zip(rows, block.numbers) if len(r) > c and r[c] != "")
        for c in range(n)
    ]


def _shape(block: _Cells, sheet: _Sheet, lead: tuple[str, str] | None, measured: layout.Measured, cap: float = 1.0):
    n = max([len(block.header)] + [len(r) for r in block.rows] + [1])
    return layout.block_shape(
        block.title,
        block.header,
        block.rows,
        _numeric(block, n),
        block.notes,
        sheet.landscape,
        lead,
        sheet.ty,
        measured,
        cap,
    )


def _part_title(block: _Cells, added: list[int], n: int, sheet: _Sheet) -> str:
    """The title of one part of a block split into groups of columns: the block's own, naming
    the columns the part adds to the leading ones ("(columns 6–9 of 9)"); none when the block
    has no title to continue."""
    if not block.title:
        return ""
    lo, hi = min(added) + 1, max(added) + 1
    return block.title + sheet.t("（第 {a}–{b} 欄，共 {n} 欄）", " (columns {a}–{b} of {n})", a=lo, b=hi, n=n)


def _block_call(
    block: _Cells,
    ident: str,
    sheet: _Sheet,
    lead: tuple[str, str] | None,
    measured: layout.Measured | None = None,
    cap: float = 1.0,
) -> tuple[str, float]:
    """The Typst of one block and the height it takes at most (points): as columns of lines,
    page by page, when its columns fit the page; else as the typesetter's table. ``measured``:
    the widths its columns share with blocks of the same heading row."""
    measured = measured or layout.measure(block.header, block.rows)
    groups = layout.column_groups(block.header, block.rows, sheet.landscape, sheet.ty, measured)
    if groups:  # too wide for a page: the columns in groups, page after page, all at one size
        cap = layout.groups_cap(groups, measured, sheet.landscape, sheet.ty)
        n = len(measured[0])
        parts = []
        for k, group in enumerate(groups):
            added = list(range(max(group) + 1)) if k == 0 else [c for c in group if c not in groups[0]]
            part = block.pick(group, _part_title(block, added, n, sheet))
            picked = ([measured[0][c] for c in group], [measured[1][c] for c in group])
            parts.append(_block_call(part, f"{ident}-{k + 1}", sheet, lead if k == 0 else None, picked, cap)[0])
        return "".join(parts), sheet.page_h + 1
    shape = _shape(block, sheet, lead, measured, cap)
    wall = sheet.wall
    lead_call = f"tt-title({lit(lead[0])}, {lit(lead[1])}{wall})" if lead else "none"
    if shape.widths is None:
        return _table_call(block, ident, sheet.cont, shape, lead_call, wall), sheet.page_h + 1
    n = len(shape.widths)
    rows = block.rows
    pages = layout.page_rows(shape, sheet.landscape)
    widths = _array(f"{w:.2f}pt" for w in shape.widths)
    aligns = _array("true" if a else "false" for a in shape.aligns)
    header = _array(lit(h) for h in shape.header)
    colors: dict[int, dict[int, str]] = {}  # column -> row -> colour
    for (i, c), name in block.colors.items():
        colors.setdefault(c, {})[i] = name
    calls = []
    for k, span in enumerate(pages):
        title = block.title if k == 0 else (block.title or sheet.report.title) + sheet.cont
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
    return "".join(calls), shape.height if len(pages) == 1 else sheet.page_h + 1


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


def _units(report: Any) -> Iterator[tuple[str, list[int]]]:
    """The report's blocks (by index) in printing units: ("group", a run of blocks sharing a page
    group, as the workbook's page plan takes them), ("page", [a block that starts a page]) or
    ("flow", [a block])."""
    compact = report.key.lower().startswith("hand")  # hand records: several boards a page
    group: list[int] = []
    for i, block in enumerate(report.blocks):
        name = getattr(block, "page_group", "")
        if group and name != report.blocks[group[0]].page_group:
            yield "group", group
            group = []
        if name:
            group.append(i)
        elif block.page_break and not compact:
            yield "page", [i]
        else:
            yield "flow", [i]
    if group:
        yield "group", group


def _shared_measures(cells: Sequence[_Cells]) -> list[layout.Measured]:
    """Each block's measure, shared by the blocks of a sheet with the same heading row (a hand
    record's boards, a player's cards): their columns line up down the page."""
    own = [layout.measure(c.header, c.rows) for c in cells]
    by_header: dict[tuple[str, ...], list[int]] = {}
    for i, c in enumerate(cells):
        if c.header:
            by_header.setdefault(tuple(c.header), []).append(i)
    for members in by_header.values():
        if len(members) > 1:
            shared = layout.merged([own[i] for i in members])
            for i in members:
                own[i] = shared
    return own


def _unit_heights(units, cells, measures, sheet: _Sheet) -> list[float]:
    """The height of each printing unit at the sheet's type (a block split into groups of
    columns: more than a page)."""
    heights = []
    lead: tuple[str, str] | None = (sheet.report.title, sheet.report.subtitle)
    for _, members in units:
        total = 0.0
        for i in members:
            c = cells[i]
            if layout.column_groups(c.header, c.rows, sheet.landscape, sheet.ty, measures[i]):
                total += sheet.page_h + 1
            else:
                total += _shape(c, sheet, lead, measures[i]).height
            lead = None
        heights.append(total)
    return heights


def _sheet_of(report: Any, cells, measures, units, t: Translator, ident: int) -> tuple[_Sheet, str]:
    """How ``report`` is set, and the definition of its type when it has one of its own. A wall
    sheet too wide for its page is set landscape, or with narrower gaps, before its columns are
    split into groups; ``Report.fit`` scales the type up to fill the page (``layout.fit_scale``)."""
    cont = t("（續）", " (cont.)")
    landscape, ty = report.landscape, layout.PLAIN
    if getattr(report, "wall", False):
        options = [(landscape, layout.WALL), (True, layout.WALL), (landscape, layout.WALL_NARROW)]
        options.append((True, layout.WALL_NARROW))
        landscape, ty = next(
            (
                (flip, kind)
                for flip, kind in options
                if not any(layout.column_groups(c.header, c.rows, flip, kind, m) for c, m in zip(cells, measures))
            ),
            options[0],
        )
    sheet = _Sheet(report, ty, "", landscape, cont, t)
    if getattr(report, "fit", False) and cells:
        base = _unit_heights(units, cells, measures, sheet)
        naturals = [layout.natural_width(m, ty) for m in measures]
        scale = layout.fit_scale(naturals, base, landscape)
        room = sheet.page_h - 4
        for _ in range(8):  # the fixed parts of a height grow less than the type, a wrapped title more
            if scale <= 1.0:
                break
            sheet.ty = layout.scaled(ty, scale)
            over = max(
                (h / room for b, h in zip(base, _unit_heights(units, cells, measures, sheet)) if b <= room), default=0
            )
            if over <= 1.0:
                break
            scale = max(1.0, scale / over - 0.01)
            sheet.ty = ty
    if sheet.ty is layout.PLAIN:
        return sheet, ""
    if sheet.ty is layout.WALL:
        sheet.wall = ", wall: true"
        return sheet, ""
    sheet.wall = f", wall: tt-type-{ident}"
    return sheet, f"#let tt-type-{ident} = {_type_dict(sheet.ty)}\n"


def report_source(report: Any, page: Page, counter: Iterator[int]) -> str:
    """One report sheet: its pages (landscape where the report says so) and its blocks."""
    cells = [_Cells.of(b) for b in report.blocks]
    measures = _shared_measures(cells)
    units = list(_units(report))
    sheet, definition = _sheet_of(report, cells, measures, units, Translator(page.lang), next(counter))
    lead: tuple[str, str] | None = (report.title, report.subtitle)
    parts = [
        definition,
        f"#pagebreak(weak: true)\n#tt-page({lit(page.event_name)}, {lit(report.name)}, {lit(page.stamp)}, "
        f"{'true' if sheet.landscape else 'false'})[\n",
    ]
    for kind, members in units:
        if kind == "group":
            calls = [
                _block_call(cells[i], f"b{next(counter)}", sheet, lead if k == 0 else None, measures[i])
                for k, i in enumerate(members)
            ]
            # together when they fit one page (measured again by the typesetter: see tt-group)
            fits = "true" if sum(h for _, h in calls) <= sheet.page_h - 4 else "false"
            parts.append(f"#tt-group(fits: {fits})[\n{''.join(c for c, _ in calls)}]\n")
        else:
            if kind == "page":
                parts.append("#pagebreak(weak: true)\n")
            i = members[0]
            parts.append(_block_call(cells[i], f"b{next(counter)}", sheet, lead, measures[i])[0])
        lead = None
    if lead:  # a sheet without a table
        parts.append(f"#tt-title({lit(lead[0])}, {lit(lead[1])}{sheet.wall})\n")
    parts.append("]\n")
    return "".join(parts)


def document(reports: Iterable[Any], page: Page) -> str:
    """The whole Typst document of ``reports``."""
    counter = iter(range(1, 1 << 62))
    return document_head(page) + "".join(report_source(r, page, counter) for r in reports)
