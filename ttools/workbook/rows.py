"""Rows of a streamed worksheet written straight into XlsxWriter's row file.

In constant_memory mode XlsxWriter keeps one row in memory and writes it out as XML when the
next row begins; every cell still passes through its general-purpose writers (argument
conversion, a cell tuple, an attribute list, escaping by regular expression), which is most of
the time of a large output. ``RowStream.row`` writes a whole row of plain values (text, numbers,
blanks) as the XML XlsxWriter itself would write for them, byte for byte, and keeps the sheet's
dimensions as its writers do. Anything it does not handle the same way (a value of another type,
text XlsxWriter escapes or truncates, a row with its own height or format, a row already begun
through the worksheet) goes through the worksheet's own writers instead, so the output does not
depend on which path a row took (tests/test_rows.py compares the two on every kind of cell).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Sequence

from ttools.workbook.read import col_letter

if TYPE_CHECKING:
    from xlsxwriter.format import Format
    from xlsxwriter.worksheet import Worksheet

_COLS: list[str] = []
# XlsxWriter escapes C0 controls and _xHHHH_ look-alikes, treats "<r>…</r>" as rich text and
# truncates text beyond 32,767 UTF-16 units: such text takes the worksheet's own writer.
_SPECIAL = re.compile(r"[\x00-\x08\x0b-\x1f\ufffe\uffff]|_x[0-9a-fA-F]{4}_|^<r>")
_MAX_FAST_TEXT = 16_000


def _col(c: int) -> str:
    """Column letters by index, remembered: every cell of a large output needs them."""
    while len(_COLS) <= c:
        _COLS.append(col_letter(len(_COLS)))
    return _COLS[c]


def _escape(text: str) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def write_plain(ws: Worksheet, r: int, c: int, value: Any, fmt: Format | None = None) -> None:
    """Write one plain cell (str, int, float, bool or None) cell by cell through XlsxWriter:
    text stays text (even '=…'), numbers numbers, empty text and None blank cells."""
    t = type(value)
    if t is str:
        if value:
            ws.write_string(r, c, value, fmt)
        else:
            ws.write_blank(r, c, None, fmt)
    elif t is int or t is float:
        ws.write_number(r, c, value, fmt)
    elif value is None:
        ws.write_blank(r, c, None, fmt)
    elif t is bool:
        ws.write_boolean(r, c, value, fmt)
    elif isinstance(value, (int, float)):
        ws.write_number(r, c, value, fmt)
    else:
        ws.write_string(r, c, str(value), fmt)


# the XlsxWriter releases whose row XML and internals (previous_row, row_info, _write_single_row,
# fh) tests/workbook/test_rows.py checked the fast path against; on any other the rows go through
# XlsxWriter's own cell writers, slower but never different
VERIFIED_XLSXWRITER = ("3.3.0", "3.3.1")


def fast_path_verified(version: str | None = None) -> bool:
    """Whether the installed XlsxWriter (or ``version``) is one the fast path was verified against."""
    if version is None:
        from xlsxwriter import __version__ as version
    return version in VERIFIED_XLSXWRITER


class RowStream:
    """Writes rows of one worksheet of a workbook in constant_memory mode.

    A row is held back until the next row of the sheet begins, or the sheet is put together at
    close, as XlsxWriter holds its current row: the formats take their style numbers when the
    row is written out, so they are numbered in the same order whichever path a row took."""

    def __init__(self, ws: Worksheet) -> None:
        self.ws = ws
        # what would make XlsxWriter add to a <row> or a cell of this sheet beyond the plain case
        self.fast = bool(ws.constant_memory) and ws.excel_version == 2007 and fast_path_verified()
        # a sheet whose default row height was set (a wall sheet's larger type): XlsxWriter gives
        # every row that height, in points, as a custom height
        self._height = height = ws.default_row_height
        self._row_attrs = "" if height == ws.original_row_height else f' ht="{height * 0.75:.16g}" customHeight="1"'
        self._s: dict[int, str] = {}
        self._pending: str | tuple[str, list[tuple[str, Any, str]]] | None = None  # the row held back
        # XlsxWriter writes out the row held back (previous_row) through this method, both when
        # a later row begins and at close; the row held back here goes out the same way
        self._flush_table = ws._write_single_row
        ws._write_single_row = self._write_single_row

    def _write_single_row(self, current_row_num: int = 0) -> None:
        pending = self._pending
        if pending is None:
            return self._flush_table(current_row_num)
        self._pending = None
        if type(pending) is not str:
            pending = self._render(*pending)
        ws = self.ws
        ws.fh.write(pending)
        ws.previous_row = current_row_num
        ws.table.clear()

    def _render(self, rs: str, cells: list[tuple[str, Any, str]]) -> str:
        styles = self._s
        out = []
        for head, fmt, tail in cells:
            s = styles.get(id(fmt))
            if s is None:
                s = styles[id(fmt)] = "" if fmt is None else f' s="{fmt._get_xf_index()}"'
            out.append(head + s + tail)
        return f'<row r="{rs}"{self._row_attrs}>{"".join(out)}</row>'

    def row(self, r: int, values: Sequence[Any], formats: Sequence[Any], blanks: bool = True) -> None:
        """Write ``values`` (plain: str, int, float, None) into row ``r`` from column A, cell c
        with ``formats[c]``. Empty text and None are blank cells, written only with a format and
        only with ``blanks``. Rows go in ascending order, each once."""
        ws = self.ws
        if not (
            self.fast
            and r > ws.previous_row
            and r < ws.xls_rowmax
            and len(values) <= ws.xls_colmax
            and not ws.col_info
            and r not in ws.row_info
            and r not in ws.comments
            and ws.default_row_height == self._height
        ):
            return self._slow(r, values, formats, blanks)
        rs = str(r + 1)
        if len(_COLS) < len(values):
            _col(len(values) - 1)
        cols, special, styles = _COLS, _SPECIAL.search, self._s
        cells = []
        numbered = True  # every format of the row has its style number: the row is final now
        first = last = None
        for c, v in enumerate(values):
            t = type(v)
            fmt = formats[c]
            if t is str and v:
                if ("_x" in v or v.startswith("<r>") or not v.isprintable() and special(v)) or len(v) > _MAX_FAST_TEXT:
                    return self._slow(r, values, formats, blanks)
                if "&" in v or "<" in v or ">" in v:
                    v = _escape(v)
                if v[0].isspace() or v[-1].isspace():
                    tail = f' t="inlineStr"><is><t xml:space="preserve">{v}</t></is></c>'
                else:
                    tail = f' t="inlineStr"><is><t>{v}</t></is></c>'
            elif t is int or (t is float and math.isfinite(v)):
                tail = f"><v>{v:.16G}</v></c>"
            elif v is None or t is str:
                if fmt is None or not blanks:
                    continue
                tail = "/>"
            else:
                return self._slow(r, values, formats, blanks)
            if first is None:
                first = c
            last = c
            s = styles.get(id(fmt))
            if s is None:
                if fmt is None:
                    s = styles[id(fmt)] = ""
                elif fmt.xf_index is not None:
                    s = styles[id(fmt)] = f' s="{fmt.xf_index}"'
            if s is None:
                numbered = False
            cells.append(
                (f'<c r="{cols[c]}{rs}"', fmt, tail) if s is None else (f'<c r="{cols[c]}{rs}"{s}{tail}', None, "")
            )
        if first is None:
            return
        ws._write_single_row(r)  # the row before goes out; this one is held back
        if numbered:
            self._pending = f'<row r="{rs}"{self._row_attrs}>{"".join(head for head, _, _ in cells)}</row>'
        else:
            self._pending = (rs, cells)
        if ws.dim_rowmin is None or r < ws.dim_rowmin:
            ws.dim_rowmin = r
        if ws.dim_rowmax is None or r > ws.dim_rowmax:
            ws.dim_rowmax = r
        if ws.dim_colmin is None or first < ws.dim_colmin:
            ws.dim_colmin = first
        if ws.dim_colmax is None or last > ws.dim_colmax:
            ws.dim_colmax = last

    def _slow(self, r: int, values: Sequence[Any], formats: Sequence[Any], blanks: bool = True) -> None:
        for c, v in enumerate(values):
            if blanks or (v is not None and v != ""):
                write_plain(self.ws, r, c, v, formats[c])
