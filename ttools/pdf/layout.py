"""The shape of a printed block worked out before it is set: column widths wide enough for
every text on one line, exact row heights, and whether the block fits one A4 page.

Widths are upper bounds: every ASCII character at the widest of the bold faces ttools prints
with (DejaVu Sans Bold, Noto Sans CJK Bold, measured), every other character a full em and a
little more. Columns that wide never wrap, so every row is exactly as many lines high as its
cells hold, the height of a block is known row by row, and ttools itself decides which rows go
on which page (``page_rows``): the block is set as one paragraph per column (``tt-cols`` in the
prelude), several times faster than a table cell per value. A block too wide for the page even
at 70 % of the text size is printed in groups of columns (``column_groups``), each led by the
block's first columns; only a block whose leading columns alone overflow is left to the
typesetter's own table, which wraps it and measures whether it fits.

A sheet posted on a wall (``Report.wall``) is set in larger type with wider cell padding, so
that adjacent number columns stay apart when read from a distance (``WALL``); one too wide for its
page is tried landscape and with narrower gaps before its columns are split, and a split block
keeps one size in all its parts (``groups_cap``). A sheet set to fit its page (``Report.fit``) is
scaled up as the workbook's print scale is (``fit_scale``). Headings wrap only between words
(``wrap_heading``: ttools breaks them, so a CJK heading is never cut inside a word), and blocks of
a sheet with the same heading row share their widths (``merged``), so their columns line up.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

SIZE = 8.5  # text size of the tables, points
INSET_X, INSET_Y = 3.0, 2.2  # cell padding, points (the prelude's tt-inset)


@dataclass(frozen=True)
class Type:
    """The type of a sheet, points: its tables' text, a block's title, the sheet's title, the
    notes, and the padding each side of a cell's text (the gap between two columns is twice it).
    The prelude reads these through the definitions ``markup.document_head`` writes."""

    size: float
    title: float
    lead: float
    notes: float
    inset: float
    wall: bool = False  # darker column rules, seen from a distance


PLAIN = Type(SIZE, 10.0, 13.0, 8.0, INSET_X)
# a wall sheet: read from a few metres, as the workbook's 14 pt against its 11 pt, with a gap of
# more than a digit's width between columns ("1" and "12" never read as "112")
WALL = Type(12.0, 14.0, 18.0, 10.0, 7.0, True)
# a wall sheet a little too wide for its page: the same type with half the gap (still more than a
# digit's width between two columns), tried before its columns are split into groups
WALL_NARROW = Type(12.0, 14.0, 18.0, 10.0, 4.5, True)
FIT_MOST = 4.0  # Report.fit scales a sheet up to 400 %, as the workbook's print scale


def scaled(ty: Type, scale: float) -> Type:
    """``ty`` with every size and the padding times ``scale``."""
    return Type(ty.size * scale, ty.title * scale, ty.lead * scale, ty.notes * scale, ty.inset * scale, ty.wall)


CAP, LEADING = 0.75, 0.35  # a line's box (cap height to baseline) and the space between lines, em
PAD = 2.0  # room above and below the glyphs in a row, points
SMALLEST = 0.7  # a block is shrunk to fit the page width down to this scale

# A4 in points less the margins of the prelude's tt-page (1.27 cm sides, 1.6 cm top, 1.5 cm bottom)
_A4 = (595.28, 841.89)
_SIDES, _TOP, _BOTTOM = 36.0, 45.35, 42.52

# widths of the printable ASCII characters (32-126), hundredths of an em
_ASCII = (
    35,
    46,
    58,
    84,
    70,
    101,
    88,
    33,
    46,
    46,
    53,
    84,
    38,
    42,
    38,
    39,
    70,
    70,
    70,
    70,
    70,
    70,
    70,
    70,
    70,
    70,
    40,
    40,
    84,
    84,
    84,
    59,
    101,
    78,
    77,
    74,
    84,
    69,
    69,
    83,
    84,
    38,
    57,
    78,
    64,
    100,
    84,
    86,
    74,
    86,
    78,
    73,
    69,
    82,
    78,
    111,
    78,
    73,
    73,
    46,
    39,
    46,
    84,
    57,
    63,
    68,
    72,
    60,
    72,
    68,
    44,
    72,
    72,
    35,
    35,
    67,
    35,
    105,
    72,
    69,
    72,
    72,
    50,
    60,
    48,
    72,
    66,
    93,
    65,
    66,
    59,
    72,
    37,
    72,
    84,
)
_OTHER = 1.05


def body(landscape: bool) -> tuple[float, float]:
    """Width and height of an A4 page's body, points."""
    w, h = (_A4[1], _A4[0]) if landscape else _A4
    return w - 2 * _SIDES, h - _TOP - _BOTTOM


def text_width(text: str) -> float:
    """An upper bound of the width of one line of ``text``, em."""
    total = 0
    other = 0
    for ch in text:
        o = ord(ch)
        if 32 <= o < 127:
            total += _ASCII[o - 32]
        else:
            other += 1
    return total / 100 + other * _OTHER


def lines_of(text: str, width: float, size: float) -> int:
    """How many lines ``text`` takes in ``width`` points at most (at ``size``)."""
    return sum(max(1, math.ceil(text_width(line) * size / max(width, 1.0))) for line in text.split("\n"))


def line_height(lines: int, size: float) -> float:
    return (CAP * lines + LEADING * (lines - 1)) * size


LINE_GAP = 0.45  # between the lines of a column of rows, em: a row is 1.45 em high


@dataclass
class Shape:
    """How a block is set. ``widths`` (points) when every line fits its column: the block is
    set as columns of lines (``tt-cols``) and its height is known row by row; None when it is
    too wide even shrunk: the typesetter's table wraps it and measures it (``tt-block``)."""

    size: float  # text size, points
    widths: list[float] | None
    aligns: list[bool]  # right-aligned columns (numbers)
    row_lines: list[int]  # lines of each row
    pitch: float  # height of one line of rows, points
    heading: float  # height of the heading row (0: none)
    title: float  # height of the block's title (0: none)
    notes: float  # height of the notes
    lead: float  # height of the sheet's title above it
    header: list[str]  # the headings, wrapped between words where they take more than a line
    natural: float  # the width of the columns at the full size (points)

    def rows_height(self, rows: range) -> float:
        return sum(self.row_lines[i] for i in rows) * self.pitch

    @property
    def height(self) -> float:
        return (
            self.lead
            + self.title
            + self.heading
            + self.rows_height(range(len(self.row_lines)))
            + self.notes
            + 1.1 * self.size  # the space below the block (1.1 em of its text)
        )


Measured = tuple[list[float], list[float]]


def header_words(heading: str) -> list[str]:
    """The pieces a heading may wrap between: its words, and the parts of a word after a slash
    ("N/S", "甲／乙"); never inside one (a CJK heading such as 計分單位 is one word), nor before a
    lone sign."""
    words: list[str] = []
    for w in _BREAKS.split(heading):
        if w and words and len(w) == 1 and not w.isalnum() and not words[-1].endswith(("/", "／")):
            words[-1] += " " + w  # a unit sign stays with its word ("得分率 %"), never a line alone
        elif w:
            words.append(w)
    return words


_BREAKS = re.compile(r"\s+|(?<=[/／])")
_SPACE = 0.35  # a space between two words of a heading, em


def wrap_heading(heading: str, width: float, size: float) -> list[str]:
    """The lines of a heading in ``width`` points at ``size``: whole words (``header_words``) as
    many as fit each line. The widths are upper bounds, so the typesetter never wraps them again."""
    lines: list[str] = []
    used = 0.0
    for word in header_words(heading):
        w = text_width(word) * size
        glue = "" if not lines or lines[-1].endswith(("/", "／")) else " "
        if lines and used + len(glue) * _SPACE * size + w <= width:
            lines[-1] += glue + word
            used += len(glue) * _SPACE * size + w
        else:
            lines.append(word)
            used = w
    return lines or [""]


def measure(header: Sequence[str], rows: Sequence[Sequence[str]]) -> Measured:
    """Each column's widest data line and widest heading word (em). A column's texts repeat (names,
    rounds, results), so each distinct text is measured once."""
    n = max([len(header)] + [len(r) for r in rows] + [1])
    data = [0.0] * n
    seen: dict[str, float] = {}
    for row in rows:
        for c, text in enumerate(row):
            if text:
                w = seen.get(text)
                if w is None:
                    w = seen[text] = (
                        max(text_width(line) for line in text.split("\n")) if "\n" in text else text_width(text)
                    )
                if w > data[c]:
                    data[c] = w
    words = [max((text_width(w) for w in header_words(h)), default=0.0) for h in header]
    return data, words + [0.0] * (n - len(header))


def merged(measures: Sequence[Measured]) -> Measured:
    """One measure for blocks that share their columns (their widest texts column by column)."""
    n = max(len(d) for d, _ in measures)
    data, words = [0.0] * n, [0.0] * n
    for d, w in measures:
        for c in range(len(d)):
            data[c] = max(data[c], d[c])
            words[c] = max(words[c], w[c])
    return data, words


def _lead_height(lead: tuple[str, str] | None, width: float, ty: Type) -> float:
    if not lead:
        return 0.0
    title, subtitle = lead
    height = lines_of(title, width, ty.lead) * ty.lead * 1.5 + 6.5
    if subtitle:
        height += lines_of(subtitle, width, ty.size) * ty.size * 1.5 + 6.8
    return height


def natural_width(measured: Measured, ty: Type) -> float:
    """The width of a block's columns at the full size of ``ty`` (points)."""
    data, words = measured
    return sum(max(d, w) * 1.05 * ty.size + 2 * ty.inset for d, w in zip(data, words)) + 0.5 * len(data)


def block_shape(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    numeric: Sequence[bool],
    notes: Sequence[str],
    landscape: bool,
    lead: tuple[str, str] | None,
    ty: Type = PLAIN,
    measured: Measured | None = None,
    cap: float = 1.0,
) -> Shape:
    """The shape of a block (see the module's docstring); ``measured``: ``measure(header, rows)``
    when the caller has it; ``cap``: the largest scale of ``ty`` it may take (a block split
    into groups of columns keeps one size for all its parts)."""
    page_w, _ = body(landscape)
    data, words = measured or measure(header, rows)
    # a heading may wrap between words; the data never does (5 % to spare)
    em = [max(d, w) * 1.05 for d, w in zip(data, words)]
    natural = sum(w * ty.size + 2 * ty.inset for w in em) + 0.5 * len(em)
    scale = min(cap, page_w / natural) if natural else cap
    size = ty.size * max(scale, SMALLEST)
    widths = [w * size + 2 * ty.inset for w in em] if scale >= SMALLEST else None
    gap = LINE_GAP * size
    heading = 0.0
    wrapped = list(header)
    if header:
        if widths:
            wrapped = ["\n".join(wrap_heading(h, w - 2 * ty.inset, size)) for h, w in zip(header, widths)]
            lines = max(h.count("\n") + 1 for h in wrapped)
        else:
            cols = [page_w / len(em)] * len(em)
            lines = max([lines_of(h, w - 2 * ty.inset, size) for h, w in zip(header, cols)] + [1])
        heading = lines * size + (lines - 1) * gap + 2 * INSET_Y + 1.5
    aligns = [bool(n) for n in numeric] + [False] * (len(em) - len(numeric))
    row_lines = [max([t.count("\n") + 1 for t in r] + [1]) if "\n" in "".join(r) else 1 for r in rows]
    title_h = lines_of(title, page_w, ty.title) * ty.title * 1.5 + 7.5 if title else 0.0
    notes_h = sum(lines_of(n, page_w, ty.notes) * ty.notes * 1.5 + 4 for n in notes)
    lead_h = _lead_height(lead, page_w, ty)
    return Shape(size, widths, aligns, row_lines, size + gap, heading, title_h, notes_h, lead_h, wrapped, natural)


def page_rows(shape: Shape, landscape: bool) -> list[range]:
    """The rows of each page a block takes: all on one when it fits; else as many as each page
    holds (the first under the sheet's title when it leads), at least two on the last page and
    the notes with them."""
    page_h = body(landscape)[1] - 4
    count = len(shape.row_lines)
    if shape.height <= page_h or count < 4:
        return [range(count)]
    head = shape.title + shape.heading
    pages: list[range] = []
    start, room = 0, page_h - shape.lead - head
    while start < count:
        end, used = start, 0.0
        while end < count and used + shape.row_lines[end] * shape.pitch <= room:
            used += shape.row_lines[end] * shape.pitch
            end += 1
        end = max(end, start + 1)
        pages.append(range(start, end))
        start, room = end, page_h - head
    last = pages[-1]
    while len(pages) > 1 and shape.rows_height(last) + shape.notes > page_h - head:  # the notes go with rows
        pages[-1] = range(last.start, last.stop - 1)
        pages.append(range(last.stop - 1, count))
        last = pages[-1]
    if len(pages) > 1 and len(pages[-1]) < 2 and len(pages[-2]) > 3:  # no row alone on the last page
        pages[-2] = range(pages[-2].start, pages[-2].stop - 1)
        pages[-1] = range(pages[-2].stop, count)
    return pages


def column_groups(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    landscape: bool,
    ty: Type = PLAIN,
    measured: Measured | None = None,
) -> list[list[int]] | None:
    """For a block too wide for the page even shrunk: its columns in groups that each fit the
    page at the smallest size, every group led by the block's first columns (the place and the
    name a reader looks along); None when it fits as it is."""
    page_w = body(landscape)[0]
    data, words = measured or measure(header, rows)
    width = [max(d, w) * 1.05 * ty.size * SMALLEST + 2 * ty.inset + 0.5 for d, w in zip(data, words)]
    if sum(width) <= page_w:
        return None
    keep: list[int] = []
    for c in range(min(3, len(width))):  # the leading columns, at most 40 % of the page
        if sum(width[i] for i in keep) + width[c] > 0.4 * page_w:
            break
        keep.append(c)
    groups: list[list[int]] = []
    room = page_w - sum(width[i] for i in keep)
    for c in range(len(keep), len(width)):
        if not groups or sum(width[i] for i in groups[-1]) + width[c] > room:
            groups.append([])
        groups[-1].append(c)
    if len(groups) < 2:  # one column wider than the page: the typesetter's table wraps it
        return None
    return [keep + g for g in groups]


def groups_cap(groups: Sequence[Sequence[int]], measured: Measured, landscape: bool, ty: Type) -> float:
    """The one scale every part of a block split into ``groups`` of columns is set at: the
    smallest any part needs to fit the page, so that the parts read as one table."""
    data, words = measured
    page_w = body(landscape)[0]
    caps = [page_w / natural_width(([data[c] for c in g], [words[c] for c in g]), ty) for g in groups]
    return max(SMALLEST, min([1.0] + caps))


def fit_scale(naturals: Sequence[float], heights: Sequence[float], landscape: bool) -> float:
    """Report.fit: the scale at which the widest block (``naturals``, its width at full size)
    fills the page width, up to ``FIT_MOST``, unless the tallest of ``heights`` (the blocks and
    page groups at full size) that fits a page would then no longer fit one; never below 1 (a
    sheet too wide is shrunk as any other)."""
    page_w, page_h = body(landscape)
    room = page_h - 4
    scale = min([FIT_MOST] + [page_w / n for n in naturals if n])
    tallest = max((h for h in heights if h <= room), default=0.0)
    if tallest:
        scale = min(scale, room / tallest)
    return max(1.0, scale)
