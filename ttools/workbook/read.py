"""Read a workbook's cell values with their A1 addresses, refusing files that are not safe to open.

Values come from python-calamine (fast, cached values of formulas). Formulas that carry no
cached value are found by a light scan of the sheet XML, because a missing value must be
reported, never read as zero. Every refusal raises ``Unreadable`` with a one-line reason.
"""

from __future__ import annotations

import os
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any, Iterator

from ttools.problems import Unreadable

MAX_FILE_BYTES = 50 * 1024 * 1024          # a tournament workbook is a few hundred KB
MAX_UNPACKED_BYTES = 400 * 1024 * 1024      # zip bomb guard: total uncompressed size
MAX_RATIO = 200                             # and per-member compression ratio (for large members)

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_HAS_FORMULA = re.compile(rb"<(?:\w+:)?f[ >/]")  # an <f> element, with or without a namespace prefix
_NS_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_NS_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_NS_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def col_letter(col: int) -> str:
    """0-based column index -> 'A', 'B', … 'AA'."""
    s = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        s = chr(65 + rem) + s
    return s


def a1(row: int, col: int) -> str:
    """0-based row/col -> 'B7'."""
    return f"{col_letter(col)}{row + 1}"


@dataclass
class SheetData:
    """One sheet's values as a grid; ``row0``/``col0`` place the grid's top-left cell."""

    name: str
    grid: list[list[Any]]
    row0: int = 0
    col0: int = 0
    visible: bool = True
    no_cached_value: set[str] = field(default_factory=set)  # A1 cells with a formula but no value

    def rows(self) -> Iterator[tuple[int, list[tuple[Any, str]]]]:
        """Yield (0-based row index, [(value, 'A1'), …]) for every row of the grid."""
        for i, values in enumerate(self.grid):
            r = self.row0 + i
            yield r, [(v, a1(r, self.col0 + j)) for j, v in enumerate(values)]

    def value(self, row: int, col: int) -> Any:
        i, j = row - self.row0, col - self.col0
        if 0 <= i < len(self.grid) and 0 <= j < len(self.grid[i]):
            return self.grid[i][j]
        return ""


@dataclass
class Book:
    path: str
    sheets: dict[str, SheetData]
    order: list[str]

    def get(self, *names: str) -> SheetData | None:
        """The first sheet whose name matches one of ``names`` (case- and space-insensitive)."""
        wanted = {_fold(n) for n in names}
        for name in self.order:
            if _fold(name) in wanted:
                return self.sheets[name]
        return None


def _fold(name: str) -> str:
    from ttools.workbook.normalize import fold_label

    return fold_label(name)


def check_container(path: str) -> None:
    """Refuse what is not a safe .xlsx before any parser touches it."""
    if not os.path.exists(path):
        raise Unreadable(f"{path}: no such file")
    if os.path.isdir(path):
        raise Unreadable(f"{path}: is a folder, not a workbook")
    size = os.path.getsize(path)
    if size == 0:
        raise Unreadable(f"{path}: the file is empty")
    if size > MAX_FILE_BYTES:
        raise Unreadable(f"{path}: too large ({size // (1024 * 1024)} MB; the limit is {MAX_FILE_BYTES // (1024 * 1024)} MB)")
    with open(path, "rb") as fh:
        head = fh.read(8)
        if head == _OLE_MAGIC:
            fh.seek(0)
            blob = fh.read(min(size, 4 * 1024 * 1024))
            if "EncryptionInfo".encode("utf-16-le") in blob or b"EncryptionInfo" in blob:
                raise Unreadable(f"{path}: the workbook is encrypted (password-protected); save a copy without a password")
            raise Unreadable(f"{path}: old Excel 97-2003 (.xls) format; save it as .xlsx")
    if not zipfile.is_zipfile(path):
        raise Unreadable(f"{path}: not an Excel workbook (.xlsx)")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            names = {i.filename for i in infos}
            if "xl/workbook.xml" not in names:
                if "content.xml" in names:
                    raise Unreadable(f"{path}: an OpenDocument spreadsheet; save it as .xlsx")
                raise Unreadable(f"{path}: a zip file but not an Excel workbook (no xl/workbook.xml)")
            total = 0
            for info in infos:
                total += info.file_size
                if info.file_size > 10 * 1024 * 1024 and info.compress_size and info.file_size / info.compress_size > MAX_RATIO:
                    raise Unreadable(f"{path}: refused: {info.filename} expands {info.file_size // info.compress_size}× (zip bomb guard)")
            if total > MAX_UNPACKED_BYTES:
                raise Unreadable(f"{path}: refused: unpacks to {total // (1024 * 1024)} MB (zip bomb guard, limit {MAX_UNPACKED_BYTES // (1024 * 1024)} MB)")
            bad = zf.testzip()
            if bad is not None:
                raise Unreadable(f"{path}: damaged (corrupt member {bad})")
    except zipfile.BadZipFile as exc:
        raise Unreadable(f"{path}: damaged zip container ({exc})") from None
    except (OSError, EOFError, RuntimeError, NotImplementedError, zlib.error, ValueError) as exc:
        raise Unreadable(f"{path}: damaged ({exc})") from None


def _sheet_paths(zf: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> path of its XML part inside the package."""
    from defusedxml import ElementTree as ET

    wb = ET.fromstring(zf.read("xl/workbook.xml"))
    rels = ET.fromstring(zf.read("xl/_rels/workbook.xml.rels"))
    targets = {}
    for rel in rels.iter(f"{_NS_PKG_REL}Relationship"):
        target = rel.get("Target", "")
        if target.startswith("/"):
            target = target[1:]
        else:
            target = posixpath.normpath(posixpath.join("xl", target))
        targets[rel.get("Id")] = target
    out = {}
    for sheet in wb.iter(f"{_NS_MAIN}sheet"):
        rid = sheet.get(f"{_NS_REL}id")
        if rid in targets:
            out[sheet.get("name", "")] = targets[rid]
    return out


def _formulas_without_value(xml: bytes) -> set[str]:
    from defusedxml import ElementTree as ET
    import io

    missing: set[str] = set()
    for _event, elem in ET.iterparse(io.BytesIO(xml), events=("end",)):
        if elem.tag == f"{_NS_MAIN}c":
            f = elem.find(f"{_NS_MAIN}f")
            if f is not None:
                v = elem.find(f"{_NS_MAIN}v")
                t = elem.get("t")
                has_inline = elem.find(f"{_NS_MAIN}is") is not None
                if not has_inline and (v is None or (v.text is None and t != "str")):
                    missing.add(elem.get("r", ""))
            elem.clear()
    return missing


def read_book(path: str) -> Book:
    """Open ``path`` safely and return every sheet's values."""
    check_container(path)
    try:
        import python_calamine as pc
    except ImportError:  # pragma: no cover - declared dependency
        raise Unreadable("python-calamine is not installed (pip install python-calamine)") from None
    try:
        wb = pc.CalamineWorkbook.from_path(path)
    except Exception as exc:  # calamine raises several types for damaged/encrypted parts
        kind = type(exc).__name__
        if "Password" in kind:
            raise Unreadable(f"{path}: the workbook is encrypted (password-protected)") from None
        raise Unreadable(f"{path}: damaged workbook ({kind}: {str(exc).splitlines()[0] if str(exc) else 'unreadable'})") from None

    try:
        with zipfile.ZipFile(path) as zf:
            paths = _sheet_paths(zf)
            sheet_xml = {name: zf.read(p) for name, p in paths.items() if p in zf.namelist()}
    except Exception as exc:
        raise Unreadable(f"{path}: damaged workbook structure ({type(exc).__name__})") from None

    sheets: dict[str, SheetData] = {}
    order: list[str] = []
    for meta in wb.sheets_metadata:
        name = meta.name
        if "WorkSheet" not in str(meta.typ):
            continue
        try:
            sh = wb.get_sheet_by_name(name)
            grid = sh.to_python(skip_empty_area=True)
            row0, col0 = sh.start if sh.start else (0, 0)
        except Exception as exc:
            raise Unreadable(f"{path}: sheet {name!r} is damaged ({type(exc).__name__})") from None
        xml = sheet_xml.get(name, b"")
        # a formula is an <f> element; data validations' <formula1> alone need no scan
        missing = _formulas_without_value(xml) if _HAS_FORMULA.search(xml) else set()
        sheets[name] = SheetData(
            name=name,
            grid=[list(r) for r in grid],
            row0=row0 or 0,
            col0=col0 or 0,
            visible="Visible" in str(meta.visible) and "Hidden" not in str(meta.visible),
            no_cached_value=missing,
        )
        order.append(name)
    wb.close()
    return Book(path=path, sheets=sheets, order=order)
