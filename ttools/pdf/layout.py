"""The shape of a printed block worked out before it is set: column widths wide enough for
every text on one line, exact row heights, and whether the block fits one A4 page.

Widths are upper bounds: every ASCII character at the widest of the bold faces ttools prints
with (DejaVu Sans Bold, Noto Sans CJK Bold, measured), every other character a full em and a
little more. Columns that wide never wrap, so every row is exactly one line (or as many lines
as the cell holds) high, and the height of a block is known: the typesetter need not measure
it, and a table is set with fixed tracks, which is several times faster. A block too wide for
the page even at 70 % of the text size is left to the typesetter: its columns wrap, and it is
measured to know whether it fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

SIZE = 8.5                    # text size of the tables, points
INSET_X, INSET_Y = 3.0, 2.2   # cell padding, points (the prelude's tt-inset)
CAP, LEADING = 0.75, 0.35     # a line's box (cap height to baseline) and the space between lines, em
PAD = 2.0                     # room above and below the glyphs in a row, points
SMALLEST = 0.7                # a block is shrunk to fit the page width down to this scale

# A4 in points less the margins of the prelude's tt-page (1.27 cm sides, 1.6 cm top, 1.5 cm bottom)
_A4 = (595.28, 841.89)
_SIDES, _TOP, _BOTTOM = 36.0, 45.35, 42.52

# widths of the printable ASCII characters (32-126), hundredths of an em
_ASCII = (35, 46, 58, 84, 70, 101, 88, 33, 46, 46, 53, 84, 38, 42, 38, 39, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70,
          40, 40, 84, 84, 84, 59, 101, 78, 77, 74, 84, 69, 69, 83, 84, 38, 57, 78, 64, 100, 84, 86, 74, 86, 78, 73,
          69, 82, 78, 111, 78, 73, 73, 46, 39, 46, 84, 57, 63, 68, 72, 60, 72, 68, 44, 72, 72, 35, 35, 67, 35, 105,
          72, 69, 72, 72, 50, 60, 48, 72, 66, 93, 65, 66, 59, 72, 37, 72, 84)
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


@dataclass
class Shape:
    fits: str        # "true", "false" or "auto" (measure it)
    size: float      # text size, points
    widths: str      # Typst: the column widths, or auto
    heights: str     # Typst: the heading row's and each row's height, or auto
    height: float    # at most this high, points


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> tuple[list[float], list[float]]:
    """Each column's widest data line and widest heading word (em)."""
    n = max([len(header)] + [len(r) for r in rows] + [1])
    data = [0.0] * n
    for row in rows:
        for c, text in enumerate(row):
            if text:
                w = max(text_width(line) for line in text.split("\n"))
                if w > data[c]:
                    data[c] = w
    words = [max((text_width(w) for w in h.split()), default=0.0) for h in header] + [0.0] * (n - len(header))
    return data, words


def _lead_height(lead: tuple[str, str] | None, width: float) -> float:
    if not lead:
        return 0.0
    title, subtitle = lead
    height = line_height(lines_of(title, width, 13), 13) * 1.35 + 6.5
    if subtitle:
        height += line_height(lines_of(subtitle, width, SIZE), SIZE) * 1.35 + 6.8
    return height


def block_shape(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str],
                landscape: bool, lead: tuple[str, str] | None) -> Shape:
    """The shape of a block (see the module's docstring)."""
    page_w, page_h = body(landscape)
    data, words = _columns(header, rows)
    # a heading may wrap between words; the data never does
    em = [max(d, w) for d, w in zip(data, words)]
    natural = sum(w * SIZE + 2 * INSET_X for w in em) + 0.5 * len(em)
    scale = min(1.0, page_w / natural) if natural else 1.0
    if scale < SMALLEST:
        return Shape("auto", SIZE * SMALLEST, "auto", "auto", page_h + 1)
    size = SIZE * scale
    widths = [w * size + 2 * INSET_X for w in em]
    heading_lines = max([lines_of(h, w - 2 * INSET_X, size) for h, w in zip(header, widths)] + [1])
    heading = line_height(heading_lines, size) + 2 * INSET_Y + PAD
    row_heights = [line_height(max([t.count("\n") + 1 for t in r] + [1]), size) + 2 * INSET_Y + PAD for r in rows]
    height = _lead_height(lead, page_w) + (heading if header else 0.0) + sum(row_heights)
    if title:
        height += line_height(lines_of(title, page_w, 10), 10) * 1.35 + 7.5
    for note in notes:
        height += line_height(lines_of(note, page_w, 8), 8) * 1.35 + 3
    height += 1.1 * SIZE   # the space below the block
    fits = "true" if height <= page_h - 4 else "false"
    uniform = len(set(row_heights)) <= 1
    heights = (f"({heading:.2f}pt, {row_heights[0] if row_heights else heading:.2f}pt)" if uniform
               else "(" + f"{heading:.2f}pt," + "".join(f"{h:.2f}pt," for h in row_heights) + ")")
    return Shape(fits, size, "(" + "".join(f"{w:.2f}pt," for w in widths) + ")", heights, height)
