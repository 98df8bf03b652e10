"""Write workbooks with XlsxWriter: input sheets as protected Excel Tables with dropdowns and
input messages, key/value settings sheets, a guide, and printable report sheets. Knows no
competition: it renders ``SheetSpec``s and ``Report``s."""

from __future__ import annotations

import math
import os
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, AbstractSet, Any, Iterable, Iterator, Mapping, Sequence

from ttools.i18n import Translator, pick
from ttools.workbook.read import col_letter
from ttools.workbook.rows import RowStream, write_plain
from ttools.workbook.schema import Column, SheetSpec, excel_sheet_name, unique_sheet_name

if TYPE_CHECKING:
    from xlsxwriter.format import Format
    from xlsxwriter.worksheet import Worksheet

    from ttools.problems import Problem

# A fixed creation time keeps files written from the same data byte-identical.
FIXED_CREATED = datetime(2026, 1, 1, tzinfo=timezone.utc)


def display_width(text: Any) -> int:
    """Width in Excel character units; CJK (wide) characters count double."""
    s = "" if text is None else str(text)
    if s.isascii():  # the common case, and no ASCII character is wide
        return len(s)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def wrapped_height(text: str, column_width: float, line_height: float = 15.0, font: str = "Calibri") -> float:
    """Row height that shows ``text`` wrapped in a column ``column_width`` characters wide
    (spreadsheet programs do not grow rows for wrapped text written by a library); each line
    break in ``text`` starts a line of its own."""
    room = max(column_width - 2, 1)
    lines = sum(max(1, math.ceil(text_width(part, font) / room)) for part in str(text).split("\n"))
    return line_height * lines


# what a block leaves out is one shared empty value, read-only, not an empty set or dict of its
# own: a report may hold thousands of blocks (a card per player), and four empty containers
# weighed more than the block
_NONE: Mapping[Any, Any] = MappingProxyType({})


def _none() -> Mapping[Any, Any]:
    return _NONE


@dataclass(slots=True)
class Block:
    """A titled table on a report sheet."""

    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[Any]]
    highlight: AbstractSet[int] = frozenset()  # row indices to shade (e.g. advancing)
    notes: Sequence[str] = ()  # lines printed under the table
    number_format: Mapping[int, str] = field(default_factory=_none)  # column index -> Excel format
    page_break: bool = False  # printed from the top of a new page
    # row index -> (sheet, cell) it points at
    links: Mapping[int, tuple[str, str]] = field(default_factory=_none)
    link_column: int = 0  # the column whose cell holds the link
    # blocks sharing a non-empty page group are printed together, from the top of a page of their own
    page_group: str = ""
    # (row index, column index) -> colour name ("red"): text printed in that colour (red suits)
    colors: Mapping[tuple[int, int], str] = field(default_factory=_none)


@dataclass
class Report:
    """A printable output sheet."""

    key: str
    name: str
    title: str
    blocks: list[Block]
    landscape: bool = False
    subtitle: str = ""
    wall: bool = False  # posted on a wall: larger type and a visible gap between columns
    # printed at the scale that fills the page (width, or the height of its tallest table), up to
    # 400 %, instead of only shrunk to fit the width: a wall chart that would fill a corner
    fit: bool = False


@dataclass
class Meta:
    """What a workbook says about itself: its document properties, footer and _meta sheet."""

    competition: str
    kind: str  # 'event'
    lang: str
    version: str
    template_version: int = 1
    event_name: str = ""
    source_hash: str = ""


_FAST = frozenset((str, int, float))


_PLAIN = frozenset((str, int, float, type(None)))


# text that reads as a number in a column of numbers: a shared place ("3="), a signed or decimal
# number, a percentage, or a dash standing for none
_NUMBER_LIKE = re.compile(r"(?:[-+]?\d+(?:[.,]\d+)?[=%]?|[-\u2013\u2014])")


def _block_shape(
    rows: Iterable[Sequence[Any]], number_format: Mapping[int, str], font: str = "Calibri"
) -> tuple[list[float], int, bool, set[int]]:
    """One pass over a block's rows: the largest width of each column's values as the cells show
    them (two decimals for "0.00") in ``font``, the number of rows, whether any value needs
    ``_plain`` (then the rows are converted as they are written), and the columns of numbers
    (numbers and text that reads as one, such as a shared place "3="): those are aligned as one."""
    widest: list[float] = []
    numeric: list[bool | None] = []  # None: nothing seen yet
    two = {c for c, code in number_format.items() if code == "0.00"}
    latin = METRICS.get(font, METRICS["Calibri"]).latin
    count, mixed = 0, False
    for row in rows:
        count += 1
        if len(row) > len(widest):
            widest.extend([0] * (len(row) - len(widest)))
            numeric.extend([None] * (len(row) - len(numeric)))
        for c, v in enumerate(row):
            t = type(v)
            if t is str:
                if not v:
                    continue
                w = len(v) * latin if v.isascii() else text_width(v, font)
                if numeric[c] is not False:
                    numeric[c] = _NUMBER_LIKE.fullmatch(v) is not None
            elif t is int:
                w = len(str(v)) * latin
                numeric[c] = numeric[c] is not False
            elif v is None:
                continue
            else:
                if t is not float:
                    v = _plain(v)
                    t = type(v)
                    mixed = True
                if t is float and c in two:
                    w = len(f"{v:.2f}") * latin
                elif t is str:
                    w = len(v) * latin if v.isascii() else text_width(v, font)
                    numeric[c] = False
                else:
                    w = len(str(v)) * latin
                if t is not str:
                    numeric[c] = numeric[c] is not False
            if w > widest[c]:
                widest[c] = w
    return widest, count, mixed, {c for c, n in enumerate(numeric) if n}


def _plain(value: Any) -> Any:
    if type(value) in _FAST:  # most cells; isinstance(·, Fraction) is an ABC check, slow
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, Decimal):
        return float(value)
    return value


# A font face of the page's script that Windows and Office ship (Traditional Chinese pages must not
# print Simplified glyph forms): what Excel shows is what the widths below were measured for
FONTS = {"zh-Hant": "Microsoft JhengHei", "zh-Hans": "Microsoft YaHei", "en": "Calibri"}


@dataclass(frozen=True)
class FontMetrics:
    """How wide a font's Latin characters are in Excel's width unit (the width of '0' in the
    default Calibri 11), and how tall one line of it is at 11 pt. A full-width character is two
    units in every font: the fonts' CJK glyphs are one em, twice Calibri's digit."""

    latin: float
    line_points: float


# Microsoft JhengHei and YaHei share Segoe UI's Latin glyphs, about 8 px at 11 pt against Calibri's 7;
# their ascent and descent (about 1.32 em) make an 11 pt line near 17.25 pt where Calibri's is 15
METRICS = {
    "Calibri": FontMetrics(1.0, 15.0),
    "Microsoft JhengHei": FontMetrics(8 / 7, 17.25),
    "Microsoft YaHei": FontMetrics(8 / 7, 17.25),
}


def text_width(text: Any, font: str = "Calibri") -> float:
    """Width of ``text`` in Excel character units as ``font`` draws it: full-width characters two,
    others the font's Latin width."""
    s = "" if text is None else str(text)
    latin = METRICS.get(font, METRICS["Calibri"]).latin
    if s.isascii():
        return len(s) * latin
    wide = sum(1 for ch in s if unicodedata.east_asian_width(ch) in "WF")
    return (len(s) - wide) * latin + 2 * wide


def _pixels(points: float) -> float:
    """A row height as Excel keeps it, in whole pixels (0.75 pt each)."""
    return int(points * 4 / 3 + 0.5) * 0.75


def line_points(font: str) -> float:
    """The height of one line of ``font`` at 11 pt, in points."""
    return METRICS.get(font, METRICS["Calibri"]).line_points


# tab colours: the sheets staff fill in, and the sheets ttools writes
INPUT_TAB = "#FFC000"
OUTPUT_TAB = "#1F4E78"
INPUT_ROWS = 500  # rows below an input table's header that its validations (and the table) cover
MAX_LINKS = 65_000  # Excel keeps at most 65,530 links on a worksheet
_CELL = re.compile(r"\$?[A-Z]{1,3}\$?[1-9][0-9]{0,6}")
GUIDE_WIDTH = 100  # the Guide's one column, in characters

# A4 less the margins print_setup sets, in points
_PAGE_POINTS = {False: (8.27 - 1.0) * 72, True: (11.69 - 1.0) * 72}  # printable width
_PAGE_HEIGHT = {False: (11.69 - 1.5) * 72, True: (8.27 - 1.5) * 72}  # printable height
_BLANK_ROW = 15.0  # an empty row: Excel's default height (the workbook's Calibri 11)
# the pages are planned a little short: Excel rounds each row to whole pixels and prints a rule
_PAGE_ROOM = 0.97
# points of type on a report sheet and on one posted on a wall: the body (cells, headings, notes),
# a table's title and the sheet's title
TYPE_POINTS = {False: (11, 11, 14), True: (14, 16, 20)}
# the colours a block may give its text (Block.colors): a red dark enough to print as red
COLORS = {"red": "#C00000"}
_WALL_RULE = "#7F7F7F"  # a wall sheet's cell rules: visible from a distance, between every two columns


def sheet_points(widths: dict[int, float]) -> float:
    """How wide columns of these widths print at 100 %, in points: Excel draws a width of w
    characters as w * 7 + 5 pixels (the default Calibri 11's digit), 0.75 pt each."""
    return sum(int(w * 7 + 5) for w in widths.values()) * 0.75


@dataclass(frozen=True)
class PageUnit:
    """A block as the page planner sees it: the heights of its rows, in points at 100 %."""

    title: float  # its title row, 0 without one
    header: float  # its heading row, 0 without one
    row: float  # each of its rows
    count: int  # how many rows
    notes: float  # all its note lines
    own_page: bool = False  # Block.page_break
    group: str = ""  # Block.page_group

    @property
    def height(self) -> float:
        return self.title + self.header + self.row * self.count + self.notes


def plan_pages(
    units: Sequence[PageUnit],
    page: float,
    *,
    top: float = 0.0,
    gap: float = _BLANK_ROW,
    repeat: float = 0.0,
    split: bool = True,
) -> list[tuple[bool, list[int]]]:
    """Where the pages of a report sheet start: for each block, whether it starts a page, and the
    rows before which one starts inside it (its title and headings, ``repeat`` high, repeated
    there). ``page`` is the printable height and ``top`` what stands above the first block (the
    sheet's title), ``gap`` the empty row after each block. A block starts a page when it asks to,
    at the first block of a page group and at the first after one (a group prints on a page of
    its own, kept together when it fits one), and when it does not fit the rest of the page but
    fits a page of its own, or too little of it would (its title and headings with fewer than
    three rows). A block longer than a page runs on; its notes stay with its last rows, at least
    two of them. A page holding only the sheet's title is never left. Without ``split`` (one table,
    its headings repeated by Excel) only the blocks that ask for a page of their own get one."""
    sizes = group_heights(units, gap)
    plans: list[tuple[bool, list[int]]] = []
    used, content, group, kept = top, False, "", False
    for i, u in enumerate(units):
        entering = bool(u.group) and u.group != group
        leaving = bool(group) and u.group != group
        if entering:
            kept = sizes[i] <= page
        inside = bool(u.group) and not entering and kept
        room = u.title + u.header + u.row * min(u.count, 3) + (u.notes if u.count <= 3 else 0)
        start = content and (
            u.own_page
            or entering
            or leaving
            or (split and not inside and used + u.height > page and (u.height <= page or page - used < room))
        )
        if start:
            used = 0.0
        used += u.title + u.header
        content, group = True, u.group
        breaks: list[int] = []
        keep = 2 if u.count >= 4 else 1  # rows that go with the notes onto the table's last page
        for r in range(u.count):
            need = u.row if r < u.count - keep else u.row * (u.count - r) + u.notes
            if split and used + need > page and used > repeat:
                breaks.append(r)
                used = repeat
            used += u.row
        used += u.notes + gap
        plans.append((start, breaks))
    return plans


def group_heights(units: Sequence[PageUnit], gap: float = _BLANK_ROW) -> dict[int, float]:
    """The first block of each page group -> the group's height (its blocks and the gaps between)."""
    sizes: dict[int, float] = {}
    for i, u in enumerate(units):
        if u.group and (i == 0 or units[i - 1].group != u.group):
            j = i
            while j < len(units) and units[j].group == u.group:
                j += 1
            sizes[i] = sum(x.height for x in units[i:j]) + gap * (j - i - 1)
    return sizes


def print_scale(widths: dict[int, float], landscape: bool, fit: bool = False, heights: Iterable[float] = ()) -> int:
    """The print scale, in percent, at which a sheet of these column widths fits the page width,
    never above 100 % (a little room kept: printed widths vary with the printer). With ``fit``,
    the one that fills the page instead, up to 400 %: the width, unless the tallest of
    ``heights`` (the tables and page groups, in points at 100 %) that fit a page at that scale
    would no longer fit one."""
    width = sheet_points(widths)
    scale = _PAGE_POINTS[landscape] * _PAGE_ROOM / width if width else 1.0
    if fit:
        room = _PAGE_HEIGHT[landscape] * _PAGE_ROOM
        tallest = max((h for h in heights if h * min(scale, 1.0) <= room), default=0.0)
        if tallest and tallest * scale > room:
            scale = room / tallest
    else:
        scale = min(scale, 1.0)
    return max(10, min(400, int(scale * 100)))


@dataclass(frozen=True)
class _Styles:
    """The formats and row heights of one kind of report sheet (on paper, or on a wall)."""

    title: Any
    subtitle: Any
    block: Any
    header: Any
    note: Any
    cell: Any
    hl: Any
    num: Any
    num_hl: Any
    link: Any
    size: float  # the body's type against 11 pt: text widths grow with it
    line: float  # a body row's height, points
    block_line: float  # a table title's row
    title_line: float  # the sheet title's row
    pad: int  # characters of room beside a column's widest value
    wall: bool


PACK_IN_MEMORY_BELOW = 2_000_000  # bytes of streamed rows (see WorkbookWriter.close)


class _NoCells(dict):
    """A worksheet's index of table cells that keeps nothing (see ``_streamed_table``)."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class WorkbookWriter:
    """One workbook being written: its formats in the event's script, the named lists of its
    dropdowns, and a method per kind of sheet. ``close`` writes the file."""

    def __init__(self, path: str, meta: Meta) -> None:
        import xlsxwriter

        self.meta = meta
        self.wb = xlsxwriter.Workbook(
            path, {"strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}
        )
        self.wb.set_properties(
            {
                "title": meta.event_name or "ttools",
                "author": "ttools",
                "created": FIXED_CREATED,
                "comments": f"ttools {meta.version}",
            }
        )
        self.wb.set_custom_property("ttools_competition", meta.competition)
        self.wb.set_custom_property("ttools_kind", meta.kind)
        self.wb.set_custom_property("ttools_template_version", str(meta.template_version))
        self.wb.set_custom_property("ttools_language", meta.lang)
        font = FONTS.get(meta.lang, FONTS["en"])
        self.font = font
        self._props: dict[int, dict[str, Any]] = {}
        self._variants: dict[tuple[int, tuple[tuple[str, Any], ...]], Any] = {}
        f = self._format
        self.f_header = f(
            {
                "bold": True,
                "bg_color": "#1F4E78",
                "font_color": "#FFFFFF",
                "border": 1,
                "text_wrap": True,
                "valign": "vcenter",
                "font_name": font,
                "locked": True,
            }
        )
        self.f_input = f(
            {"locked": False, "font_name": font, "bg_color": "#FFFDE7", "border": 1, "border_color": "#BFBFBF"}
        )
        self.f_input_text = f(
            {
                "locked": False,
                "font_name": font,
                "bg_color": "#FFFDE7",
                "border": 1,
                "border_color": "#BFBFBF",
                "num_format": "@",
            }
        )
        self.f_locked = f(
            {"locked": True, "font_name": font, "border": 1, "border_color": "#BFBFBF", "bg_color": "#F2F2F2"}
        )
        self.f_cell = f({"font_name": font, "border": 1, "border_color": "#BFBFBF"})
        self.f_hl = f({"font_name": font, "border": 1, "border_color": "#BFBFBF", "bg_color": "#C6EFCE", "bold": True})
        self.f_title = f({"bold": True, "font_size": 14, "font_name": font})
        self.f_subtitle = f({"italic": True, "font_color": "#595959", "font_name": font})
        self.f_block = f({"bold": True, "font_size": 11, "font_name": font, "bottom": 1})
        self.f_wrap = f({"text_wrap": True, "valign": "top", "font_name": font})
        self.f_note = f({"italic": True, "font_color": "#595959", "font_name": font})
        self.f_guide_h = f({"bold": True, "font_size": 12, "font_name": font, "font_color": "#1F4E78"})
        # numbers and the text that reads as one ("3=") right-aligned together, a space from the
        # next column's border so that adjacent columns of numbers never run together
        self.f_num = f({"font_name": font, "border": 1, "border_color": "#BFBFBF", "align": "right", "indent": 1})
        self.f_num_hl = f(
            {
                "font_name": font,
                "border": 1,
                "border_color": "#BFBFBF",
                "bg_color": "#C6EFCE",
                "bold": True,
                "align": "right",
                "indent": 1,
            }
        )
        self.f_link = f(
            {"font_name": font, "border": 1, "border_color": "#BFBFBF", "font_color": "#0563C1", "underline": 1}
        )
        self._lists: list[tuple[str, list[Any]]] = []
        self._fmt_cache: dict[tuple[str, bool, bool], Any] = {}
        self.line = line_points(font)
        self._streamed: list[Any] = []
        self._style_cache: dict[bool, _Styles] = {}

    def _format(self, props: dict[str, Any]) -> Format:
        """A format, its properties kept for the variants made of it (``_variant``). XlsxWriter
        writes only the formats a cell uses: a variant never used changes nothing in the file."""
        fmt = self.wb.add_format(props)
        self._props[id(fmt)] = dict(props)
        return fmt

    def _variant(self, fmt: Format, **changes: Any) -> Format:
        """``fmt`` with ``changes`` (a type size, a font colour), made once."""
        key = (id(fmt), tuple(sorted(changes.items())))
        got = self._variants.get(key)
        if got is None:
            got = self._variants[key] = self._format({**self._props[id(fmt)], **changes})
        return got

    def _styles(self, wall: bool) -> _Styles:
        """The formats and heights of a report sheet, or of one posted on a wall: larger type,
        rows and columns measured for it, darker rules between the columns and wider room."""
        if wall not in self._style_cache:
            body, block, title = TYPE_POINTS[wall]
            v = self._variant if wall else (lambda fmt, **_: fmt)
            big = {"font_size": body}
            rule = {"font_size": body, "border_color": _WALL_RULE}
            self._style_cache[wall] = _Styles(
                title=v(self.f_title, font_size=title),
                subtitle=v(self.f_subtitle, **big),
                block=v(self.f_block, font_size=block),
                header=v(self.f_header, **big),
                note=v(self.f_note, **big),
                cell=v(self.f_cell, **rule),
                hl=v(self.f_hl, **rule),
                num=v(self.f_num, **rule),
                num_hl=v(self.f_num_hl, **rule),
                link=v(self.f_link, **rule),
                size=body / 11,
                line=_pixels(self.line * body / 11),
                block_line=_pixels(self.line * block / 11),
                title_line=_pixels(self.line * title / 11),
                pad=3 if wall else 2,
                wall=wall,
            )
        return self._style_cache[wall]

    # ---- helpers -------------------------------------------------------
    def _streamed_sheet(self, name: str) -> Worksheet:
        """A worksheet written strictly row by row (ascending rows, each row once): its rows go to
        a temporary file as they are written instead of every cell staying in memory. This is
        XlsxWriter's constant_memory mode, switched on for this sheet alone: the input sheets
        hold Excel Tables, which that mode cannot write."""
        self.wb.constant_memory = True
        try:
            ws = self.wb.add_worksheet(name)
        finally:
            self.wb.constant_memory = False
        self._streamed.append(ws)
        return ws

    @staticmethod
    def _streamed_table(ws, first_row: int, last_row: int, last_col: int, options: dict[str, Any]) -> None:
        """An Excel Table on a streamed sheet, its heading row the next row to write. XlsxWriter
        refuses tables in constant_memory mode only because the table writes its heading cells
        itself, out of turn: here the table is defined with that mode off and the headings it
        would write are written in turn, as the same strings with the same formats."""
        headings: list[tuple[int, str, Any]] = []
        ws.constant_memory = False
        ws._write_string = lambda row, col, string, fmt=None: headings.append((col, string, fmt)) or 0
        # XlsxWriter notes every cell of the table's range, only to refuse a later table or merged
        # range over it (67,000 entries, 6 MB, for 7,500 results); an input sheet holds one table
        # and no merged range, so nothing is noted
        cells, ws.table_cells = ws.table_cells, _NoCells()
        try:
            ws.add_table(first_row, 0, last_row, last_col, options)
        finally:
            del ws._write_string
            ws.constant_memory = True
            ws.table_cells = cells
        for col, string, fmt in headings:
            ws.write_string(first_row, col, string, fmt)

    def _num_format(self, fmt: str, highlight: bool = False, wall: bool = False):
        key = (fmt, highlight, wall)
        if key not in self._fmt_cache:
            props = {
                "font_name": self.font,
                "border": 1,
                "border_color": "#BFBFBF",
                "num_format": fmt,
                "align": "right",
                "indent": 1,
            }
            if highlight:
                props.update({"bg_color": "#C6EFCE", "bold": True})
            if wall:
                props.update({"font_size": TYPE_POINTS[True][0], "border_color": _WALL_RULE})
            self._fmt_cache[key] = self._format(props)
        return self._fmt_cache[key]

    def write_value(self, ws: Worksheet, r: int, c: int, value: Any, fmt: Format | None = None) -> None:
        write_plain(ws, r, c, _plain(value), fmt)  # typed text stays text, even '=…'

    def print_setup(self, ws: Worksheet, header_rows: int | None = None, landscape: bool = False) -> None:
        ws.set_paper(9)  # A4
        if landscape:
            ws.set_landscape()
        else:
            ws.set_portrait()
        ws.fit_to_pages(1, 0)
        ws.set_margins(left=0.5, right=0.5, top=0.75, bottom=0.75)
        if header_rows is not None:
            ws.repeat_rows(header_rows)
        name = (self.meta.event_name or "ttools").replace("&", "&&")
        ws.set_header(f"&L{name}&R&A")
        h = self.meta.source_hash[:12]
        ws.set_footer(f"&Lttools {self.meta.version}" + (f" · sha256 {h}" if h else "") + "&R&P / &N")

    def define_list(self, name: str, values: Sequence[Any]) -> str:
        """Define ``name`` over ``values``, kept on a hidden _lists sheet written at close."""
        for known, known_values in self._lists:
            if known == name:
                if known_values != list(values):
                    raise ValueError(f"list {name} is defined twice with different values")
                return name
        self._lists.append((name, list(values)))
        c = len(self._lists) - 1
        n = max(len(values), 1)
        self.wb.define_name(name, f"=_lists!${col_letter(c)}$2:${col_letter(c)}${n + 1}")
        return name

    def _write_lists(self) -> None:
        if not self._lists:
            return
        ws = self.wb.add_worksheet("_lists")
        for c, (name, values) in enumerate(self._lists):
            ws.write_string(0, c, name)
            for i, v in enumerate(values, start=1):
                self.write_value(ws, i, c, v)
        ws.hide()

    # ---- sheets ----------------------------------------------------------
    def guide_sheet(self, name: str, title: str, sections: Sequence[tuple[str, Sequence[str]]]) -> None:
        """The Guide: each paragraph one wrapped cell, its row as high as its lines (Excel wraps it
        at words for the width and font it shows, instead of at a fixed count of characters)."""
        ws = self.wb.add_worksheet(name)
        ws.set_tab_color(OUTPUT_TAB)
        ws.set_column(0, 0, GUIDE_WIDTH)
        ws.write_string(0, 0, title, self.f_title)
        r = 2
        for head, lines in sections:
            ws.write_string(r, 0, head, self.f_guide_h)
            r += 1
            for line in lines:
                ws.write_string(r, 0, line, self.f_wrap)
                ws.set_row(r, wrapped_height(line, GUIDE_WIDTH, self.line, self.font))
                r += 1
            r += 1
        ws.protect("", {"select_locked_cells": True, "select_unlocked_cells": True})
        self.print_setup(ws)

    def settings_sheet(self, spec: SheetSpec, lang: str, values: dict[str, Any]) -> None:
        """Key/value sheet: key (canonical), label, value (the input), note.
        The 'key' and 'value' headers stay English: they are what the reader looks for."""
        ws = self.wb.add_worksheet(spec.name(lang))
        ws.set_tab_color(INPUT_TAB)
        t = Translator(lang)
        head = ["key", t("項目", "label"), "value", t("說明", "note")]
        for c, h in enumerate(head):
            ws.write_string(0, c, h, self.f_header)
        widths = [16, 18, 18, 60]
        for i, s in enumerate(spec.settings, start=1):
            ws.write_string(i, 0, s.key, self.f_locked)
            ws.write_string(i, 1, s.label(lang), self.f_locked)
            v = values.get(s.key, s.default)
            self.write_value(ws, i, 2, v, self.f_input)
            note = pick(s.note, lang)
            ws.write_string(i, 3, note, self.f_wrap)
            ws.set_row(i, wrapped_height(note, 60, self.line, self.font))
            widths[1] = max(widths[1], math.ceil(text_width(s.label(lang), self.font)) + 2)
            widths[2] = max(widths[2], min(math.ceil(text_width(v, self.font)) + 2, 40))
            opts: dict[str, Any] = {"validate": "any", **validation_error(lang, "any", s.label(lang), note=note)}
            if s.choices:
                source = self.define_list(_list_name(s.key, s.choices), s.choices)
                opts = {
                    "validate": "list",
                    "source": "=" + source,
                    "error_type": "stop",
                    **validation_error(lang, "list", s.label(lang), choices=s.choices),
                }
            if note:
                opts.update({"input_title": s.label(lang)[:32], "input_message": note[:255]})
            if s.choices or note:
                ws.data_validation(i, 2, i, 2, opts)
        for c, w in enumerate(widths):
            ws.set_column(c, c, w, self.f_wrap if c == 3 else None)
        ws.freeze_panes(1, 0)
        ws.protect(
            "",
            {"select_locked_cells": True, "select_unlocked_cells": True, "format_columns": True, "format_rows": True},
        )
        self.print_setup(ws, header_rows=0)

    def input_sheet(
        self,
        spec: SheetSpec,
        lang: str,
        rows: Sequence[dict[str, Any]],
        *,
        min_rows: int = 10,
        locked: Sequence[str] = (),
        hidden: bool = False,
        notes_above: Sequence[str] = (),
        bounds: dict[str, tuple[int | None, int | None]] | None = None,
    ) -> None:
        """A protected input sheet holding one Excel Table: header, ``rows`` filled, at least
        ``min_rows`` rows, dropdowns from defined names, an input message on each column.
        Columns in ``locked`` are pre-filled by ttools and locked (e.g. the Day 1 pairings).
        The table and its validations run to the same last row, at least ``INPUT_ROWS`` below the
        header: a table cannot grow on a protected sheet, so a row typed below it stays inside."""
        ws = self._streamed_sheet(spec.name(lang))
        ws.set_tab_color(INPUT_TAB)
        top = len(notes_above) + (1 if notes_above else 0)
        for i, line in enumerate(notes_above):
            ws.write_string(i, 0, line, self.f_note)
        cols = spec.columns
        n = max(len(rows), min_rows, 1)

        def data() -> Iterator[list[Any]]:
            # made twice (cells, then widths) rather than held: 30,000 results are 5 MB of lists
            keys = [c.key for c in cols]
            for i in range(n):
                rec = rows[i] if i < len(rows) else {}
                yield [_plain(rec.get(key, "")) for key in keys]

        last_row = max(top + n, top + INPUT_ROWS)
        formats = []
        for c in cols:
            formats.append(
                self.f_locked
                if c.key in locked
                else (self.f_input_text if c.kind in ("text", "code") else self.f_input)
            )
        self._streamed_table(
            ws,
            top,
            last_row,
            len(cols) - 1,
            {
                # the cell format lives on the column (set_column below): empty rows cost nothing
                "columns": [{"header": c.label(lang), "header_format": self.f_header} for c in cols],
                "style": "Table Style Light 9",
                "name": "t" + "".join(ch for ch in spec.key if ch.isalnum()),
                "autofilter": False,
            },
        )
        # the data cells, written as plain values so that text stays text (the table writer would infer types)
        stream = RowStream(ws)
        for i, rec in enumerate(data(), start=top + 1):
            stream.row(i, rec, formats, blanks=False)
        widest, _, _, _ = _block_shape(data(), {}, self.font)
        for j, c in enumerate(cols):
            width = max(c.width, math.ceil(text_width(c.label(lang), self.font)) + 3, math.ceil(widest[j]) + 2)
            unlocked = c.key not in locked
            ws.set_column(j, j, min(width, 50), formats[j] if unlocked else None)
            opts = self._column_validation(c, lang, col_letter(j) + str(top + 2), (bounds or {}).get(c.key))
            if unlocked and opts:
                ws.data_validation(top + 1, j, last_row, j, opts)
        ws.freeze_panes(top + 1, 0)
        ws.protect(
            "",
            {
                "select_locked_cells": True,
                "select_unlocked_cells": True,
                "format_columns": True,
                "format_rows": True,
                "insert_rows": True,
                "delete_rows": True,
                "sort": True,
                "autofilter": True,
            },
        )
        self.print_setup(ws, header_rows=top)
        if hidden:
            ws.hide()

    def _column_validation(
        self, c: Column, lang: str, first_cell: str, bound: tuple[int | None, int | None] | None
    ) -> dict[str, Any] | None:
        """The data validation of an input column (its first data cell ``first_cell``): a dropdown,
        whole-number bounds or a place, each with an error title and text in the sheet's language
        that say what is allowed; an input message where the column has a note; None for neither."""
        label = c.label(lang)
        opts: dict[str, Any] = {}
        if c.list_name:
            opts = {
                "validate": "list",
                "source": "=" + c.list_name,
                "error_type": "warning",
                **validation_error(lang, "list", label),
            }
        elif c.kind == "choice" and c.choices:
            source = self.define_list(_list_name(c.key, c.choices), c.choices)
            opts = {
                "validate": "list",
                "source": "=" + source,
                "error_type": "stop",
                **validation_error(lang, "list", label, choices=c.choices),
            }
        elif c.kind == "int":
            lo, hi = bound or (c.minimum, c.maximum)
            opts = {
                "validate": "integer",
                "criteria": "between",
                "minimum": -(10**9) if lo is None else lo,
                "maximum": 10**9 if hi is None else hi,
                # an impossible value is refused as it is typed; an unbounded one only warned of
                "error_type": "warning" if lo is None and hi is None else "stop",
                **validation_error(lang, "integer", label, lo=lo, hi=hi),
            }
        elif c.kind == "number" and (c.minimum is not None or c.maximum is not None):
            # a bounded number that may have decimals (a penalty of 12.5 percent): refused out of range
            lo, hi = c.minimum, c.maximum
            opts = {
                "validate": "decimal",
                "criteria": "between",
                "minimum": -(10**9) if lo is None else lo,
                "maximum": 10**9 if hi is None else hi,
                "error_type": "stop",
                **validation_error(lang, "decimal", label, lo=lo, hi=hi),
            }
        elif bound is not None:
            # a place typed as text: a whole number in range, or the same with '=' (a shared place)
            lo, hi = bound
            x = f'--SUBSTITUTE({first_cell},"=","")'
            opts = {
                "validate": "custom",
                "value": f"=IFERROR(AND({x}>={lo},{x}<={hi},MOD({x},1)=0),FALSE)",
                "error_type": "stop",
                **validation_error(lang, "place", label, lo=lo, hi=hi),
            }
        note = pick(c.note, lang)
        if note:
            # a validation that refuses nothing still carries an error message: every validation
            # has one, in the sheet's language, should Excel ever show it
            opts = opts or {"validate": "any", **validation_error(lang, "any", label, note=note)}
            opts.update({"input_title": label[:32], "input_message": note[:255]})
        return opts or None

    def report_sheet(self, report: Report) -> None:
        """A printable sheet of titled tables. With one table its heading row repeats on every
        page (print titles); with several, the pages are planned from the rows' heights
        (``plan_pages``): each table that fits one page is kept on one page, a table that runs on
        repeats its title and headings at the top of each continuation page, and the sheet prints
        at a scale that fits the page width (manual page breaks hold only at a set scale: Excel's
        "fit to width" overrides them). ``Report.wall`` sets larger type with rules between the
        columns; ``Report.fit`` the scale that fills the page."""
        ws = self._streamed_sheet(report.name)
        st = self._styles(report.wall)
        if report.wall:  # every row as high as its type: Excel would keep the 11 pt height
            ws.set_default_row(st.line)
        stream = RowStream(ws)
        # the rows are read twice and never held: once for the widths (known before the page
        # breaks), once to write them (a report may make its rows as they are read)
        shapes = [_block_shape(block.rows, block.number_format, self.font) for block in report.blocks]
        widths = self._report_widths(report.blocks, shapes, st)
        ws.set_tab_color(OUTPUT_TAB)
        single = sum(1 for b in report.blocks if b.header) == 1
        gap = st.line if report.wall else _BLANK_ROW
        top = st.title_line + (st.line if report.subtitle else 0) + gap
        units = [
            PageUnit(
                st.block_line if b.title else 0.0,
                st.line if b.header else 0.0,
                st.line,
                count,
                st.line * len(b.notes),
                b.page_break,
                b.page_group,
            )
            for b, (_, count, _, _) in zip(report.blocks, shapes)
        ]
        groups = group_heights(units, gap)
        heights = [*groups.values(), *(u.height for u in units if not u.group)]
        scale = print_scale(widths, report.landscape, report.fit, heights)
        page = _PAGE_HEIGHT[report.landscape] * _PAGE_ROOM * 100 / scale
        plans = plan_pages(units, page, top=top, gap=gap, repeat=st.block_line + st.line, split=not single)
        if report.wall:
            ws.set_row(0, st.title_line)
        ws.write_string(0, 0, report.title, st.title)
        r = 1
        if report.subtitle:
            ws.write_string(r, 0, report.subtitle, st.subtitle)
            r += 1
        r += 1
        top_row, first_header, breaks = r, None, []  # the rows above stay in view: the sheet's title
        cont = (report.title, Translator(self.meta.lang)("（續）", " (continued)"))
        for block, shape, (start, inside) in zip(report.blocks, shapes, plans):
            if start:
                breaks.append(r)
            if first_header is None and block.header:
                first_header = r + (1 if block.title else 0)
            r = self._report_block(ws, stream, st, r, block, shape, inside, breaks, cont) + 1
        for c, w in sorted(widths.items()):
            ws.set_column(c, c, w)
        if breaks:
            ws.set_h_pagebreaks(breaks[:1023])  # Excel keeps at most 1023 manual breaks
        # under the heading row of a one-table sheet, else under the sheet's title
        ws.freeze_panes(first_header + 1 if single and first_header is not None else top_row, 0)
        ws.protect("", {"select_locked_cells": True, "select_unlocked_cells": True, "format_columns": True})
        self.print_setup(ws, header_rows=first_header if single else None, landscape=report.landscape)
        if breaks or report.fit:
            ws.set_print_scale(scale)  # the scale the breaks were planned at
        else:
            ws.set_print_scale(100)
            ws.fit_to_pages(1, 0)

    def _report_block(
        self,
        ws: Worksheet,
        stream: RowStream,
        st: _Styles,
        r: int,
        block: Block,
        shape: tuple[list[float], int, bool, set[int]],
        inside: Sequence[int],
        breaks: list[int],
        cont: tuple[str, str],
    ) -> int:
        """Write one block from row ``r``: its title, headings, rows (a page starting before each
        row in ``inside``, under the title and headings again) and notes; the row after it."""
        cols, _, mixed, numeric = shape
        wall = st.wall
        if block.title:
            if wall:
                ws.set_row(r, st.block_line)
            ws.write_string(r, 0, block.title, st.block)
            r += 1
        if block.header:
            for c, h in enumerate(block.header):
                ws.write_string(r, c, str(h), st.header)
            r += 1
        number_format = block.number_format
        highlight, links = block.highlight, block.links
        plain_formats = {
            hl: [
                (st.num_hl if hl else st.num) if c in numeric else (st.hl if hl else st.cell) for c in range(len(cols))
            ]
            for hl in (False, True)
        }
        colors: dict[int, list[tuple[int, str]]] = {}
        for (i, c), name in sorted(block.colors.items()):
            colors.setdefault(i, []).append((c, COLORS.get(name, name)))
        pages = set(inside)
        for i, row in enumerate(block.rows):
            if mixed:
                row = [v if type(v) in _PLAIN else _plain(v) for v in row]
            if i in pages:
                breaks.append(r)
                if wall:
                    ws.set_row(r, st.block_line)
                ws.write_string(r, 0, (block.title or cont[0]) + cont[1], st.block)
                r += 1
                for c, h in enumerate(block.header):
                    ws.write_string(r, c, str(h), st.header)
                r += 1
            hl = i in highlight
            formats = plain_formats[hl]
            if number_format:
                formats = list(formats)
                for c, code in sorted(number_format.items()):
                    if c < len(row) and code and isinstance(row[c], (int, float)):
                        formats[c] = self._num_format(code, hl, wall)
            if i in colors:
                formats = list(formats)
                for c, color in colors[i]:
                    if c < len(formats):
                        formats[c] = self._variant(formats[c], font_color=color)
            if i in links and self._link_row(ws, r, row, formats, block.link_column, links[i], st.link):
                r += 1
                continue
            stream.row(r, row, formats)
            r += 1
        for line in block.notes:
            ws.write_string(r, 0, line, st.note)
            r += 1
        return r

    def _report_widths(
        self,
        blocks: Sequence[Block],
        shapes: Sequence[tuple[list[float], int, bool, set[int]]],
        st: _Styles | None = None,
    ) -> dict[int, int]:
        """Each column's width on a report sheet: its widest heading or value in the sheet's font
        and type size, with room beside it (two characters, three on a wall sheet), at least 6 and
        (for values) at most 60 characters of 11 pt type."""
        st = st or self._styles(False)
        size, pad = st.size, st.pad
        bold = 1.1 if st.wall else 1.0  # the wall's bold headings, wider than its body at 14 pt
        widths: dict[int, int] = {}
        for block, (cols, _, _, _) in zip(blocks, shapes):
            for c, h in enumerate(block.header or ()):
                widths[c] = max(widths.get(c, 6), math.ceil(text_width(h, self.font) * size * bold) + pad)
            for c, w in enumerate(cols):
                widths[c] = max(widths.get(c, 6), min(math.ceil(w * size) + pad, math.ceil(60 * size)))
        return widths

    def _link_row(
        self,
        ws: Worksheet,
        r: int,
        row: Sequence[Any],
        formats: Sequence[Any],
        column: int,
        target: tuple[str, str],
        link_format: Format | None = None,
    ) -> bool:
        """Write row ``r`` with the cell in ``column`` linked to ``target`` (sheet, cell) of this
        workbook; False (nothing written) when the target is not a cell of a sheet written so far.
        Only a link inside the workbook is ever made, and the text shown stays text."""
        sheet, cell = target
        if (
            not cell
            or not _CELL.fullmatch(cell)
            or self.wb.get_worksheet_by_name(sheet) is None
            or column >= len(row)
            or len(ws.hyperlinks) >= MAX_LINKS
        ):
            return False
        for c, v in enumerate(row):  # through the worksheet: a row of its own, whole
            if c != column:
                write_plain(ws, r, c, v, formats[c])
        location = "'" + sheet.replace("'", "''") + "'!" + cell.replace("$", "")
        ws.write_url(r, column, "internal:" + location, link_format or self.f_link, string=str(row[column]))
        return True

    def meta_sheet(self, extra: dict[str, Any] | None = None) -> None:
        ws = self.wb.add_worksheet("_meta")
        rows = {
            "tool": "ttools",
            "competition": self.meta.competition,
            "kind": self.meta.kind,
            "template_version": self.meta.template_version,
            "version": self.meta.version,
            "language": self.meta.lang,
        }
        rows.update(extra or {})
        ws.write_string(0, 0, "key")
        ws.write_string(0, 1, "value")
        for i, (k, v) in enumerate(rows.items(), start=1):
            ws.write_string(i, 0, str(k))
            self.write_value(ws, i, 1, v)
        ws.hide()

    def raw_sheet(self, name: str, grid: Sequence[Sequence[Any]]) -> None:
        """Carry a sheet ttools does not know over as values, so nothing staff wrote is lost. A name
        already in use (a second 'Results' beside the one ttools wrote) gets a number; one Excel
        does not allow is made one it does (the loader has said so, ``unknown_sheets``)."""
        taken = {ws.name.casefold() for ws in self.wb.worksheets()}
        ws = self._streamed_sheet(unique_sheet_name(excel_sheet_name(name), taken))
        stream, formats = RowStream(ws), [None] * max(map(len, grid), default=0)
        for r, row in enumerate(grid):
            stream.row(r, [v if type(v) in _FAST else _plain(v) for v in row], formats)

    def close(self) -> None:
        self._write_lists()
        # A small workbook is packed in memory: XlsxWriter otherwise writes each of its XML parts
        # (a hundred for a Nations Cup event) to a temporary file of its own and reads it back.
        # The parts are the same bytes either way; only the zip entries' dates (1 January 1980
        # instead of 31 January) and file attributes differ. A large one keeps the temporary
        # files, so that its parts are never all held at once.
        streamed = sum(ws.row_data_fh.tell() for ws in self._streamed if ws.row_data_fh and not ws.row_data_fh.closed)
        self.wb.in_memory = streamed < PACK_IN_MEMORY_BELOW
        try:
            self.wb.close()
        finally:
            # what XlsxWriter does at close for a workbook streamed as a whole: close the sheets'
            # temporary files (and remove those of sheets left empty, which it keeps)
            for ws in self._streamed:
                ws._opt_close()
                if os.path.exists(ws.row_data_filename):
                    os.unlink(ws.row_data_filename)


def validation_error(
    lang: str,
    kind: str,
    label: str,
    *,
    choices: Sequence[str] = (),
    lo: int | None = None,
    hi: int | None = None,
    note: str = "",
) -> dict[str, str]:
    """The error title and text Excel shows when a typed value breaks a validation of ``kind``
    (list, integer, decimal, place; ``any``, which refuses nothing: what the column asks for, ``note``),
    naming what is allowed, within Excel's 32 and 255 characters."""
    t = Translator(lang)
    if kind == "any":
        title = t("請檢查此值", "Check this value")
        text = t("{label}：{note}", "{label}: {note}", label=label, note=note) if note else label
    elif kind == "list" and choices:
        sep = "、" if t.zh else ", "
        listed = sep.join(str(c) for c in choices)
        if len(listed) > 160:
            listed = listed[:157] + "…"
        title = t("不在清單中", "Not in the list")
        text = t("{label}須為下列之一：{listed}", "{label} must be one of: {listed}", label=label, listed=listed)
    elif kind == "list":
        title = t("不在清單中", "Not in the list")
        text = t(
            "{label}應從下拉清單中選擇；若仍要輸入此值，請按「是」。",
            "{label} should be chosen from the dropdown list; choose Yes to keep this value anyway.",
            label=label,
        )
    elif kind == "place":
        title = t("不是有效名次", "Not a place")
        text = t(
            "{label}須為 {lo} 至 {hi} 的整數；並列名次後加 =（例如 3=）。",
            "{label} must be a whole number from {lo} to {hi}; add = for a shared place (e.g. 3=).",
            label=label,
            lo=lo,
            hi=hi,
        )
    elif kind == "decimal":
        title = t("不是範圍內的數", "Not a number in range")
        if hi is None:
            text = t(
                "{label}須為不小於 {lo} 的數（可有小數）。",
                "{label} must be a number of at least {lo} (decimals allowed).",
                label=label,
                lo=lo,
            )
        elif lo is None:
            text = t(
                "{label}須為不大於 {hi} 的數（可有小數）。",
                "{label} must be a number of at most {hi} (decimals allowed).",
                label=label,
                hi=hi,
            )
        else:
            text = t(
                "{label}須為 {lo} 至 {hi} 的數（可有小數）。",
                "{label} must be a number from {lo} to {hi} (decimals allowed).",
                label=label,
                lo=lo,
                hi=hi,
            )
    elif lo is None and hi is None:
        title = t("不是整數", "Not a whole number")
        text = t(
            "{label}應為整數；若仍要輸入此值，請按「是」。",
            "{label} should be a whole number; choose Yes to keep this value anyway.",
            label=label,
        )
    else:
        title = t("不是範圍內的整數", "Not a whole number in range")
        if hi is None:
            text = t(
                "{label}須為不小於 {lo} 的整數。",
                "{label} must be a whole number of at least {lo}.",
                label=label,
                lo=lo,
            )
        elif lo is None:
            text = t(
                "{label}須為不大於 {hi} 的整數。", "{label} must be a whole number of at most {hi}.", label=label, hi=hi
            )
        else:
            text = t(
                "{label}須為 {lo} 至 {hi} 的整數。",
                "{label} must be a whole number from {lo} to {hi}.",
                label=label,
                lo=lo,
                hi=hi,
            )
    return {"error_title": title[:32], "error_message": text[:255]}


def _list_name(key: str, choices: Sequence[str]) -> str:
    """A defined name for a column's or setting's choices: 'event' -> 'EventChoices'."""
    base = "".join(part.capitalize() for part in key.replace("-", "_").split("_"))
    return f"{base}Choices"


def problems_report(problems: Sequence[Problem], lang: str) -> Report | None:
    """The Problems sheet of an output workbook: every problem with its sheet and cell."""
    if not problems:
        return None
    t = Translator(lang)
    block = Block(
        "",
        [t("嚴重性", "Severity"), t("工作表", "Sheet"), t("儲存格", "Cell"), t("代碼", "Code"), t("說明", "Message")],
        [[p.severity, p.sheet, p.cell, p.code, p.message(lang)] for p in problems],
        links={i: (p.sheet, p.cell) for i, p in enumerate(problems) if p.sheet and p.cell},
        link_column=2,
    )
    return Report("Problems", t("問題", "Problems"), t("問題", "Problems"), [block])
