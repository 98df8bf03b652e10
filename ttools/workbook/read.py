"""Read a workbook's cell values with their A1 addresses, refusing files that are not safe to open.

Values come from python-calamine (fast, cached values of formulas). Before calamine sees a sheet,
a light scan of its XML finds what calamine would hide or choke on: formulas that carry no cached
value and cached Excel errors (both must be reported, never read as zero or blank), and cells so
far from the rest that a dense grid would take gigabytes (those are left out, and reported).
The scan knows no XML namespace, so Strict OOXML is read like the usual flavour. Every refusal
raises ``Unreadable`` with a one-line reason.
"""

from __future__ import annotations

import io
import os
from array import array
import posixpath
import re
import struct
import zipfile
import zlib
from typing import Any, BinaryIO, Callable, Iterator, NamedTuple

from ttools.problems import Unreadable
from ttools.workbook.normalize import fold_label

MAX_FILE_BYTES = 50 * 1024 * 1024  # a tournament workbook is a few hundred KB
MAX_UNPACKED_BYTES = 200 * 1024 * 1024  # zip bomb guard: total uncompressed size
MAX_RATIO = 200  # and per-member compression ratio (for large members)
# the largest event imaginable (1000 Scrabble players, 40 rounds) has some 200,000 cells
MAX_SHEET_AREA = 1_000_000  # cells of one sheet's grid (rows x columns) held in memory
MAX_BOOK_AREA = 1_500_000  # and of the whole workbook
MAX_CELLS = 500_000  # cell elements in the whole workbook
MAX_SHEET_XML_BYTES = 32 * 1024 * 1024  # one XML part (a sheet, the shared strings)
MAX_COLUMNS = 256  # columns beyond IV are never part of a ttools table
MAX_SHEETS = 255
MAX_MARKED_CELLS = 100_000  # cells of one sheet with an error or a formula without value

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


class _Lazy:
    """A pattern compiled when it is first used: the general pass's patterns, which a plain sheet
    (every sheet ttools writes, and most that staff save) never needs, cost nothing to import.
    Once compiled, its methods are the instance's own attributes, as quick to reach as a pattern's."""

    def __init__(self, pattern: bytes, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self.pattern, self.flags)
        for method in ("search", "match", "fullmatch", "findall", "finditer", "sub"):
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


_HAS_FORMULA = _Lazy(rb"<(?:[\w.-]+:)?f[ >/]")  # an <f> element, with or without a namespace prefix
# the tags the cell scan looks at, whatever their namespace prefix
_ROW_OR_CELL = _Lazy(rb"<(?:[\w.-]+:)?(?:(row)|c)\b([^>]*?)(/?)>")
_CELL_OPEN = _Lazy(rb"<(?:[\w.-]+:)?c\b")
_CELL_REF = _Lazy(rb"\sr\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?([0-9]{1,7})[\"']")  # only cells have such an r
_ERROR_TYPE = _Lazy(rb"\bt\s*=\s*[\"']e[\"']")
_QUOTED_E = (b'"e"', b"'e'", b"\"e'", b"'e\"")  # what _ERROR_TYPE cannot match without
_CELL_NAME = _Lazy(rb"<(?:[\w.-]+:)?c")
_CELL_END = _Lazy(rb"</(?:[\w.-]+:)?c\s*>")
_ATTR_R = _Lazy(rb"\br\s*=\s*[\"']([^\"']*)[\"']")
_ATTR_T = _Lazy(rb"\bt\s*=\s*[\"']([^\"']*)[\"']")
_REF = _Lazy(rb"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")
_VALUE = _Lazy(rb"<(?:[\w.-]+:)?v(?:\s[^>]*)?(?:/>|>(.*?)</(?:[\w.-]+:)?v\s*>)", re.S)
_INLINE = _Lazy(rb"<(?:[\w.-]+:)?is\b")
_ROOT = _Lazy(rb"<([\w.-]+:)?worksheet\b[^>]*>")
# a DOCTYPE or an entity declaration, in UTF-8 or UTF-16: no workbook needs one, and parsers differ on them
_DTD_MARKS = tuple(
    m.encode(enc) for m in ("<!DOCTYPE", "<!ENTITY", "<!doctype") for enc in ("ascii", "utf-16-le", "utf-16-be")
)
_XML_MEMBER = (".xml", ".rels", ".vml")


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


class SheetData:
    """One sheet's values as a grid; ``row0``/``col0`` place the grid's top-left cell."""

    def __init__(
        self,
        name: str,
        grid: list[list[Any]],
        row0: int = 0,
        col0: int = 0,
        visible: bool = True,
        no_cached_value: set[str] | None = None,
        errors: dict[str, str] | None = None,
        far_cells: int = 0,
        first_far_cell: str = "",
    ) -> None:
        self.name = name
        self.grid = grid
        self.row0 = row0
        self.col0 = col0
        self.visible = visible
        # A1 cells with a formula but no value, and A1 -> the Excel error a cell shows ('#REF!')
        self.no_cached_value: set[str] = set() if no_cached_value is None else no_cached_value
        self.errors: dict[str, str] = {} if errors is None else errors
        self.far_cells = far_cells  # cells left out because they lie far outside any table
        self.first_far_cell = first_far_cell  # the first of them, to point at

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


class Book:
    """A workbook as read: its sheets by name, in the workbook's order."""

    __slots__ = ("path", "sheets", "order")

    def __init__(self, path: str, sheets: dict[str, SheetData], order: list[str]) -> None:
        self.path, self.sheets, self.order = path, sheets, order

    def release(self) -> None:
        """Let go of the sheets once they are loaded (what a loader keeps of them stays alive),
        and, after a large workbook, hand the C heap's free memory back to the system: the
        spreadsheet reader leaves several MB free but held there, which the interpreter's own
        allocator never reuses, so every later allocation would add to the peak on top of it."""
        cells = sum(len(sheet.grid) * (len(sheet.grid[0]) if sheet.grid else 0) for sheet in self.sheets.values())
        self.sheets = {}
        if cells >= 20_000:
            _trim_heap()

    def get(self, *names: str) -> SheetData | None:
        """The first sheet whose name matches one of ``names`` (case- and space-insensitive)."""
        wanted = {fold_label(n) for n in names}
        for name in self.order:
            if fold_label(name) in wanted:
                return self.sheets.get(name)  # None once released
        return None


def _trim_heap() -> None:
    """glibc's malloc_trim(0) where there is one (Linux); nothing elsewhere."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError, ImportError):
        pass


def check_container(path: str, later: Callable[[str], bool] | None = None) -> set[str]:
    """Refuse what is not a safe .xlsx before any parser touches it. Members for which ``later``
    holds are not read through here: the caller reads them whole anyway and checks them then
    (``check_read_member``), so nothing is decompressed twice. Returns their names."""
    members = _checked_package(path, later)
    members.close()
    return members.deferred


# a package no larger than this, unpacking to no more, is read into memory once and every member
# inflated once, as the container is checked: the checks read the members from there, and the
# spreadsheet reader gets them as they were checked, stored (``_stored``), instead of opening
# the file and inflating it all again. A small workbook's read is mostly such fixed costs.
_HELD_FILE_BYTES = 1024 * 1024
_HELD_BYTES = 4 * 1024 * 1024
_HELD_MEMBERS = 2000
# but below this the reader opens the file itself: the stored copy and the reader's own copy of it,
# freed, leave a small run's heap laid out worse for the writing that follows (half a MB more at
# the peak of the 26-team Nations Cup, for 0.4 ms of reading saved); above it (the 150-player
# Scrabble event and up) the reading saved is worth it, and the peak comes later anyway
_STORED_BYTES = 384 * 1024


class _Members:
    """A checked package's members as the scan reads them: from the file, inflated as each is
    read, or (a small package) from memory, each inflated once when the container was checked.
    Either way, every member's size and CRC are those of what its data inflates to."""

    def __init__(self, path: str, zf: zipfile.ZipFile, fh: BinaryIO) -> None:
        self.path, self.zf, self.fh = path, zf, fh
        self.infos = zf.infolist()
        self.deferred: set[str] = set()
        self.held: dict[str, bytes] | None = None
        self.unpacked = sum(info.file_size for info in self.infos)

    def read(self, info: zipfile.ZipInfo) -> bytes:
        """One member whole, checked as ``_check_member`` checks it."""
        if self.held is None:
            return read_member(self.path, self.fh, info)
        data = self.held[info.filename]
        check_read_member(self.path, info.filename, data)
        return data

    def check(self, info: zipfile.ZipInfo) -> None:
        """One member checked (size, CRC, DOCTYPE) without keeping it."""
        if self.held is None:
            _check_member(self.path, self.fh, info)
        else:
            check_read_member(self.path, info.filename, self.held[info.filename])

    def named(self, name: str) -> bytes:
        """The member of that name (a KeyError when there is none), as ``zipfile`` reads it."""
        return self.held[name] if self.held is not None else self.zf.read(name)

    def close(self) -> None:
        self.zf.close()
        self.fh.close()


def _checked_package(path: str, later: Callable[[str], bool] | None, hold: bool = False) -> _Members:
    """``check_container``'s checks; the package open for the scan. ``hold``: a small package is
    held in memory (see ``_HELD_BYTES``)."""
    size = _checked_file(path)
    fh: BinaryIO = open(path, "rb")
    try:
        head = fh.read(8)
        if head == _OLE_MAGIC:
            fh.seek(0)
            blob = fh.read(min(size, 4 * 1024 * 1024))
            if "EncryptionInfo".encode("utf-16-le") in blob or b"EncryptionInfo" in blob:
                raise Unreadable(
                    f"{path}: the workbook is encrypted (password-protected); save a copy without a password"
                )
            raise Unreadable(f"{path}: old Excel 97-2003 (.xls) format; save it as .xlsx")
        if hold and size <= _HELD_FILE_BYTES:
            fh.seek(0)
            raw = fh.read()
            fh.close()
            fh = io.BytesIO(raw)
        if not zipfile.is_zipfile(fh):
            raise Unreadable(f"{path}: not an Excel workbook (.xlsx)")
        members = _open_members(path, fh)
    except BaseException:
        fh.close()
        raise
    try:
        _check_members(members, later, hold=isinstance(fh, io.BytesIO))
    except BaseException:
        members.close()
        raise
    return members


def _checked_file(path: str) -> int:
    """The size of a regular, non-empty file within the size limit."""
    if not os.path.exists(path):
        raise Unreadable(f"{path}: no such file")
    if os.path.isdir(path):
        raise Unreadable(f"{path}: is a folder, not a workbook")
    if not os.path.isfile(path):
        raise Unreadable(f"{path}: not a regular file")
    size = os.path.getsize(path)
    if size == 0:
        raise Unreadable(f"{path}: the file is empty")
    if size > MAX_FILE_BYTES:
        raise Unreadable(
            f"{path}: too large ({size // (1024 * 1024)} MB; the limit is {MAX_FILE_BYTES // (1024 * 1024)} MB)"
        )
    return size


def _open_members(path: str, fh: BinaryIO) -> _Members:
    try:
        return _Members(path, zipfile.ZipFile(fh), fh)
    except zipfile.BadZipFile as exc:
        raise Unreadable(f"{path}: damaged zip container ({exc})") from None
    except (OSError, EOFError, RuntimeError, NotImplementedError, zlib.error, ValueError) as exc:
        raise Unreadable(f"{path}: damaged ({exc})") from None


def _check_members(members: _Members, later: Callable[[str], bool] | None, hold: bool) -> None:
    """The directory's checks (names, sizes, ratios), then every member inflated through, but
    those ``later`` names: the caller reads them whole (see ``check_container``). ``hold``: the
    package is in memory; if it unpacks to little enough, every member is inflated now and kept."""
    path, infos = members.path, members.infos
    try:
        seen: set[str] = set()
        for info in infos:
            # package part names compare without case; a second copy would silently win
            folded = info.filename.casefold()
            if folded in seen:
                raise Unreadable(
                    f"{path}: refused: the zip holds two members named {info.filename} (damaged or tampered)"
                )
            seen.add(folded)
        names = {i.filename for i in infos}
        if "xl/workbook.xml" not in names:
            if "content.xml" in names:
                raise Unreadable(f"{path}: an OpenDocument spreadsheet; save it as .xlsx")
            raise Unreadable(f"{path}: a zip file but not an Excel workbook (no xl/workbook.xml)")
        total = 0
        for info in infos:
            total += info.file_size
            if (
                info.file_size > 10 * 1024 * 1024
                and info.compress_size
                and info.file_size / info.compress_size > MAX_RATIO
            ):
                raise Unreadable(
                    f"{path}: refused: {info.filename} expands {info.file_size // info.compress_size}× (zip bomb guard)"
                )
            if info.filename.lower().endswith(".xml") and info.file_size > MAX_SHEET_XML_BYTES:
                raise Unreadable(
                    f"{path}: too large ({info.filename} unpacks to {info.file_size // (1024 * 1024)} MB; "
                    f"the limit is {MAX_SHEET_XML_BYTES // (1024 * 1024)} MB)"
                )
        if total > MAX_UNPACKED_BYTES:
            raise Unreadable(
                f"{path}: refused: unpacks to {total // (1024 * 1024)} MB (zip bomb guard, limit {MAX_UNPACKED_BYTES // (1024 * 1024)} MB)"
            )
        held: dict[str, bytes] | None = {} if hold and total <= _HELD_BYTES and len(infos) <= _HELD_MEMBERS else None
        for info in infos:
            if held is not None:
                # inflated through as below (size, CRC); the DOCTYPE check now or, for the
                # members read later, when they are read
                held[info.filename] = data = inflated_whole(path, members.fh, info)
                if later is not None and later(info.filename):
                    members.deferred.add(info.filename)
                else:
                    check_read_member(path, info.filename, data)
            elif later is not None and later(info.filename):
                members.deferred.add(info.filename)
            else:
                _check_member(path, members.fh, info)
        members.held = held
    except zipfile.BadZipFile as exc:
        raise Unreadable(f"{path}: damaged zip container ({exc})") from None
    except (OSError, EOFError, RuntimeError, NotImplementedError, zlib.error, ValueError) as exc:
        raise Unreadable(f"{path}: damaged ({exc})") from None


_ZIP_CHUNK = 1 << 16  # compressed bytes read at a time
_INFLATED_CHUNK = 1 << 20  # and the most inflated from them at once


def _damaged_member(path: str, name: str, why: str) -> Unreadable:
    return Unreadable(f"{path}: damaged (member {name} {why})")


def _member_data(path: str, fh: BinaryIO, info: zipfile.ZipInfo) -> tuple[int, int]:
    """(offset of the member's compressed data, its method), from its local header as every zip
    reader finds it; refuses what Excel never writes (encryption, methods other than deflate)."""
    if info.flag_bits & 0x1:
        raise Unreadable(f"{path}: the workbook is encrypted (password-protected); save a copy without a password")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise Unreadable(
            f"{path}: refused: {info.filename} is compressed with method {info.compress_type}, "
            "which no spreadsheet program writes (damaged or tampered)"
        )
    fh.seek(info.header_offset)
    header = fh.read(30)
    if len(header) != 30 or header[:4] != b"PK\x03\x04":
        raise _damaged_member(path, info.filename, "has no local header")
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    return info.header_offset + 30 + name_length + extra_length, info.compress_type


def inflated(path: str, fh: BinaryIO, info: zipfile.ZipInfo) -> Iterator[bytes]:
    """The bytes of one member as its compressed data holds them, in pieces: what any reader of
    the package gets, not only what its headers declare. A reader that trusts the declared size
    stops there (zipfile does, and checks the CRC of that much), another inflates the whole
    member (the spreadsheet reader does): a member whose data holds more or less than it declares
    is refused, as soon as the real size passes the declared one, so that what the checks see is
    what every reader sees, and inflating costs no more than the declared size allows."""
    start, method = _member_data(path, fh, info)
    fh.seek(start)
    declared, left = info.file_size, info.compress_size
    inflate = zlib.decompressobj(-15) if method == zipfile.ZIP_DEFLATED else None
    size, crc, pending = 0, 0, b""
    while True:
        if not pending:
            pending = fh.read(min(left, _ZIP_CHUNK)) if left > 0 else b""
            left -= len(pending)
            if not pending:
                break
        if inflate is None:
            out, pending = pending, b""
        else:
            try:
                out = inflate.decompress(pending, min(declared - size + 1, _INFLATED_CHUNK))
            except zlib.error:
                raise _damaged_member(path, info.filename, "does not inflate") from None
            pending = inflate.unconsumed_tail
        size += len(out)
        if size > declared:
            raise _damaged_member(path, info.filename, "is larger than it says")
        crc = zlib.crc32(out, crc)
        if out:
            yield out
        if inflate is not None and inflate.eof:
            break
    if (inflate is not None and not inflate.eof) or size != declared:
        raise _damaged_member(path, info.filename, "is smaller than it says")
    if crc != info.CRC:
        raise _damaged_member(path, info.filename, "fails its CRC check")


def inflated_whole(path: str, fh: BinaryIO, info: zipfile.ZipInfo) -> bytes:
    """``inflated`` in one piece, for a member read whole: the same bytes and the same refusals,
    with one call to the inflater, which stops one byte past the declared size."""
    start, method = _member_data(path, fh, info)
    fh.seek(start)
    declared = info.file_size
    data = fh.read(info.compress_size)
    if method == zipfile.ZIP_DEFLATED:
        inflate = zlib.decompressobj(-15)
        try:
            data = inflate.decompress(data, declared + 1)
        except zlib.error:
            raise _damaged_member(path, info.filename, "does not inflate") from None
        if len(data) <= declared and not inflate.eof:
            raise _damaged_member(path, info.filename, "is smaller than it says")
    if len(data) > declared:
        raise _damaged_member(path, info.filename, "is larger than it says")
    if len(data) != declared:
        raise _damaged_member(path, info.filename, "is smaller than it says")
    if zlib.crc32(data) != info.CRC:
        raise _damaged_member(path, info.filename, "fails its CRC check")
    return data


def _check_member(path: str, fh: BinaryIO, info: zipfile.ZipInfo) -> None:
    """Inflate one member through (its size and CRC are checked) and refuse XML that declares a DOCTYPE."""
    scan = info.filename.lower().endswith(_XML_MEMBER)
    tail = b""
    for chunk in inflated(path, fh, info):
        if scan:
            window = tail + chunk
            if _declares_dtd(window):
                raise Unreadable(
                    f"{path}: refused: {info.filename} declares a DOCTYPE or XML entities, "
                    "which a workbook never needs (damaged or tampered)"
                )
            tail = window[-24:]


def _declares_dtd(data: bytes) -> bool:
    # every mark holds a '!', which a sheet seldom does: one single-byte search, most often
    return b"!" in data and any(mark in data for mark in _DTD_MARKS)


def read_member(path: str, fh: BinaryIO, info: zipfile.ZipInfo) -> bytes:
    """One member whole, checked as ``_check_member`` checks it (in one piece: no more memory than
    the declared size, and no copy joining the pieces)."""
    data = inflated_whole(path, fh, info)
    check_read_member(path, info.filename, data)
    return data


def check_read_member(path: str, name: str, data: bytes) -> None:
    """The DOCTYPE check of ``_check_member``, on a member read whole."""
    if name.lower().endswith(_XML_MEMBER) and _declares_dtd(data):
        raise Unreadable(
            f"{path}: refused: {name} declares a DOCTYPE or XML entities, "
            "which a workbook never needs (damaged or tampered)"
        )


def _sheet_part(name: str) -> bool:
    low = name.lower()
    return low.startswith("xl/worksheets/") and low.endswith(".xml")


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


class ParseError(ValueError):
    """A package part that is not well-formed XML."""


class EntitiesForbidden(ValueError):
    """A package part that declares a DTD or entities (refused before, by the DOCTYPE check)."""


def _elements(xml: bytes, wanted: str) -> list[dict[str, str]]:
    """The attributes of every element named ``wanted`` (in any namespace; a namespaced attribute
    is keyed 'namespace}name'). Plain expat, refusing any DTD, entity declaration or external
    reference as defusedxml does, without loading ElementTree for two small parts."""
    from xml.parsers import expat

    def refuse(*_: object) -> None:
        raise EntitiesForbidden("a DTD or entity declaration")

    found: list[dict[str, str]] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == wanted:
            found.append(attrs)

    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    try:
        parser.Parse(xml, True)
    except expat.ExpatError as exc:
        raise ParseError(str(exc)) from None
    return found


def _sheet_paths(zf: zipfile.ZipFile, read: Callable[[str], bytes] | None = None) -> tuple[dict[str, str], set[str]]:
    """Sheet name -> path of its XML part inside the package (transitional or Strict namespaces),
    and the paths of the shared strings part: the one the relationships name, and the usual one.
    ``read``: a member's bytes by name (``zf.read`` unless given)."""
    read = zf.read if read is None else read
    sheets = _elements(read("xl/workbook.xml"), "sheet")
    targets = {}
    shared = {name for name in zf.namelist() if name.lower() == "xl/sharedstrings.xml"}
    for rel in _elements(read("xl/_rels/workbook.xml.rels"), "Relationship"):
        target = rel.get("Target", "")
        if target.startswith("/"):
            target = target[1:]
        else:
            target = posixpath.normpath(posixpath.join("xl", target))
        targets[rel.get("Id")] = target
        if rel.get("Type", "").endswith("/sharedStrings"):
            shared.add(target)
    out = {}
    for sheet in sheets:
        rid = next((v for k, v in sheet.items() if "}" in k and _local(k) == "id"), None)
        if rid in targets:
            out[sheet.get("name", "")] = targets[rid]
    return out, shared


# ---- the text shared strings expand to ----------------------------------------------------------
# A cell of type "s" holds the index of a string of the shared strings part; every such cell is
# read as a string of its own, so one long string referenced by many cells takes its length
# times their number. What a workbook expands to is bounded before the spreadsheet reader sees it.
MAX_SHARED_TEXT = 50_000_000  # characters all shared-string cells together expand to

_SI = _Lazy(rb"<(/?)(?:[\w.-]+:)?si(?=[\s/>])[^>]*?(/?)>")
_STRING_CELL = _Lazy(rb"<(?:[\w.-]+:)?c\b[^>]*?\st\s*=\s*[\"'](?:s|&#0*115;|&#[xX]0*73;)[\"']")
_STRING_VALUE = _Lazy(
    rb"<(?:[\w.-]+:)?c\b[^>]*?\st\s*=\s*[\"']s[\"'][^>]*>\s*"
    rb"<(?:[\w.-]+:)?v>\s*([0-9]{1,9})\s*</(?:[\w.-]+:)?v\s*>"
)

_STRING_CELL_PLAIN = re.compile(rb'<c r="[^>]*?\st\s*=\s*["\'](?:s|&#0*115;|&#[xX]0*73;)["\']')
_STRING_VALUE_PLAIN = re.compile(
    rb'<c r="[^>]*?\st\s*=\s*["\']s["\'][^>]*>\s*<(?:[\w.-]+:)?v>\s*([0-9]{1,9})\s*</(?:[\w.-]+:)?v\s*>'
)


def _may_hold_string_cells(xml: bytes) -> bool:
    """Whether a quoted 's' (or a character reference) is anywhere, without which no cell is of
    type "s": a sheet that ttools wrote (its text inline) costs a pass or two, not the pattern's."""
    if b'"s"' in xml or _beside_apostrophes(xml, b"s"):
        return True
    # the few '&amp;' of a sheet looked at one by one (a one-byte search is the fastest there
    # is), or one search for '&#' where there are many
    at, seen = xml.find(b"&"), 0
    while at >= 0:
        if xml[at + 1 : at + 2] == b"#":
            return True
        seen += 1
        if seen > 64:
            return b"&#" in xml
        at = xml.find(b"&", at + 1)
    return False


def _beside_apostrophes(xml: bytes, letter: bytes) -> bool:
    """Whether ``letter`` stands quoted with an apostrophe on either side ('s', "s', 's"): the
    few apostrophes of a sheet (a prompt's "TSH's") looked at one by one, or three searches
    where there are many."""
    quoted = (b"'" + letter + b"'", b'"' + letter + b"'", b"'" + letter + b'"')
    at, seen = xml.find(b"'"), 0
    while at >= 0:
        if xml[at : at + 3] in quoted or xml[at - 2 : at + 1] in quoted:
            return True
        seen += 1
        if seen > 64:
            return any(q in xml for q in quoted)
        at = xml.find(b"'", at + 1)
    return False


class SharedStrings:
    """The length of every shared string, as the bytes of its XML element: never fewer than the
    characters it reads as (an entity or a multi-byte character is one character of several bytes)."""

    __slots__ = ("lengths", "longest")

    def __init__(self, lengths: array | None = None) -> None:
        self.lengths = array("q") if lengths is None else lengths
        self.longest = max(self.lengths, default=0)

    def merge(self, other: SharedStrings) -> SharedStrings:
        """Either table's length for each index, whichever is larger (a package with two candidate parts)."""
        if not self.lengths:
            return other
        longer, shorter = (
            (self.lengths, other.lengths) if len(self.lengths) >= len(other.lengths) else (other.lengths, self.lengths)
        )
        merged = array("q", longer)
        for i, n in enumerate(shorter):
            merged[i] = max(merged[i], n)
        return SharedStrings(merged)

    def expansion(self, xml: bytes, plain: bool = False) -> int:
        """How many characters, at most, the string cells of one sheet's XML read as. ``plain``:
        a plain sheet (``plain_sheet``), whose every cell starts '<c r="': the same cells found
        with patterns that start with that text, which the search finds far faster."""
        if not self.longest or not _may_hold_string_cells(xml):
            return 0
        cells = len((_STRING_CELL_PLAIN if plain else _STRING_CELL).findall(xml))
        if cells * self.longest <= 100_000:  # 255 sheets of it stay far below the bound
            return cells * self.longest
        lengths, count, longest = self.lengths, len(self.lengths), self.longest
        indexes = (_STRING_VALUE_PLAIN if plain else _STRING_VALUE).findall(xml)
        total = sum(lengths[i] if i < count else longest for i in map(int, indexes))
        return total + (cells - len(indexes)) * longest  # a value written otherwise: the longest


def shared_string_lengths(path: str, name: str, xml: bytes) -> SharedStrings:
    """The shared strings part's lengths, item by item. The tags are found without a parser when
    the part holds no comment, CDATA section or declaration (then every '<' starts a tag, as an
    attribute value cannot hold one), else by expat."""
    lengths = array("q")
    if b"<!" not in xml and xml.count(b"<?") <= 1:  # no comment, CDATA, DTD; no PI but the declaration
        plain = _plain_lengths(xml) if len(xml) <= _PLAIN_STRINGS_BYTES else None
        if plain is not None:
            return SharedStrings(plain)
        depth, start, opened = 0, 0, 0
        for m in _SI.finditer(xml):
            if m.group(1):  # </si>
                depth -= 1
                if depth == 0:
                    lengths.append(m.end() - start)
            elif m.group(2):  # <si/>
                opened += 1
                if depth == 0:
                    lengths.append(0)
            else:
                opened += 1
                if depth == 0:
                    start = m.start()
                depth += 1
        if depth != 0 or opened != len(lengths):
            raise Unreadable(f"{path}: damaged ({name} holds shared strings inside shared strings)")
        return SharedStrings(lengths)
    return SharedStrings(_expat_lengths(path, name, xml))


_PLAIN_STRINGS_BYTES = 4 * 1024 * 1024  # the pieces of a larger part would be a copy of it


def _plain_lengths(xml: bytes) -> array | None:
    """The lengths as the tag search finds them, when every item is written '<si>…</si>' (no
    namespace prefix, no attribute, none empty): the part cut at each '</si>', each piece but
    the last holding one '<si>', at the speed of a substring search; None for any other part."""
    opened = xml.count(b"<si>")
    if opened != xml.count(b"<si") or opened != xml.count(b"</si") or b":si" in xml:
        return None
    pieces = xml.split(b"</si>")
    if len(pieces) != opened + 1:
        return None
    starts = [piece.find(b"<si>") for piece in pieces[:-1]]
    if starts and min(starts) < 0:  # a piece without one: another holds two (nested items)
        return None
    return array("q", [len(piece) - start + 5 for piece, start in zip(pieces, starts)])


def _expat_lengths(path: str, name: str, xml: bytes) -> array:
    from xml.parsers import expat

    lengths, starts = array("q"), list[int]()

    def start(tag: str, _attrs: object) -> None:
        if _local(tag) == "si":
            if starts:
                raise ParseError("shared strings inside shared strings")
            starts.append(parser.CurrentByteIndex)

    def end(tag: str) -> None:
        if _local(tag) == "si":
            lengths.append(max(parser.CurrentByteIndex - starts.pop(), 0) + 5)

    def refuse(*_: object) -> None:
        raise ParseError("a DTD or entity declaration")

    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = refuse
    try:
        parser.Parse(xml, True)
    except (expat.ExpatError, ParseError) as exc:
        raise Unreadable(f"{path}: damaged ({name}: {exc})") from None
    return lengths


def _ref(text: bytes) -> tuple[int, int] | None:
    """b'B7' -> (6, 1), 0-based; None when it is no cell address inside a worksheet's limits."""
    m = _REF.fullmatch(text.strip())
    if not m:
        return None
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + ch - 64
    row = int(m.group(2))
    if not (1 <= row <= 1_048_576 and 1 <= col <= 16_384):
        return None
    return row - 1, col - 1


class SheetScan:
    """What the cell scan of one sheet's XML found."""

    __slots__ = ("rows", "cols", "no_cached_value", "errors", "far_cells", "first_far_cell", "trimmed", "finite")

    def __init__(self) -> None:
        self.rows = self.cols = 0  # bounding box of the cells kept (0-based exclusive ends)
        self.no_cached_value: set[str] = set()
        self.errors: dict[str, str] = {}
        self.far_cells = 0
        self.first_far_cell = ""
        self.trimmed: bytes | None = None  # the sheet XML without the far cells, when there were any
        self.finite = False  # known to hold no value that reads as infinity or NaN


def _cells(xml: bytes) -> Iterator[tuple[int, int, bytes, int, int]]:
    """Every cell element: (row, col, its attributes, start, end) with 0-based row/col (-1, -1 when the
    address is out of a worksheet's limits); cells without an address follow the one before them."""
    row, col = -1, -1
    pos = 0
    while True:
        m = _ROW_OR_CELL.search(xml, pos)
        if m is None:
            return
        is_row, attrs, closed = m.group(1), m.group(2), m.group(3)
        end = m.end()
        if is_row:
            r = _ATTR_R.search(attrs)
            if r and r.group(1).strip().isdigit() and len(r.group(1).strip()) <= 7:
                row = int(r.group(1)) - 1
            else:
                row += 1
            col = -1
            pos = end
            continue
        if not closed:
            close = _CELL_END.search(xml, end)
            end = close.end() if close else len(xml)
        r = _ATTR_R.search(attrs)
        if r:
            where = _ref(r.group(1))
            row, col = where if where else (-1, -1)
        else:
            col += 1
        yield row, col, attrs, m.start(), end
        pos = end


def scan_sheet(xml: bytes, max_area: int = MAX_SHEET_AREA, plain: Plain | None = None) -> SheetScan:
    """One pass over a sheet's XML for formulas without a cached value, cached errors and the extent
    of its cells; a second pass only when far cells must be left out. ``plain``: what
    ``plain_sheet`` found (no formulas, no errors, the extent this pass would find)."""
    scan = SheetScan()
    if plain is not None:
        formulas = errors = False
        extent: tuple[int, int, int] | None = plain.extent
        scan.finite = plain.finite
    else:
        # the regular expressions only where a plain substring search finds what they need
        formulas = (b"<f" in xml or b":f" in xml) and bool(_HAS_FORMULA.search(xml))
        errors = any(quoted in xml for quoted in _QUOTED_E) and bool(_ERROR_TYPE.search(xml))
        extent = None if formulas or errors else _extent(xml)
    max_row = max_col = -1
    max_near_col = -1
    marked = 0
    outside = False  # a cell whose address is beyond a worksheet's limits
    # the cell-by-cell walk only where something needs a closer look (or a cell has no address)
    for row, col, attrs, start, end in _cells(xml) if extent is None else ():
        if row < 0 or col < 0:
            outside = True
            continue
        max_row, max_col = max(max_row, row), max(max_col, col)
        if col < MAX_COLUMNS:
            max_near_col = max(max_near_col, col)
        if not formulas and b"t=" not in attrs:
            continue
        body = xml[start:end]
        t = _ATTR_T.search(attrs)
        kind = t.group(1) if t else b"n"
        value = _VALUE.search(body)
        if kind == b"e":
            text = (value.group(1) or b"").decode("utf-8", "replace").strip()[:16] if value else ""
            scan.errors[a1(row, col)] = text or "#N/A"
            marked += 1
        elif formulas and _HAS_FORMULA.search(body) and not _INLINE.search(body):
            if value is None or (not value.group(1) and kind != b"str"):
                scan.no_cached_value.add(a1(row, col))
                marked += 1
        if marked > MAX_MARKED_CELLS:
            raise _TooMany()
    if extent is not None:
        max_row, max_col, max_near_col = extent
    if max_row < 0 and not outside:
        return scan
    if not outside and (max_row + 1) * (max_col + 1) <= max_area:
        scan.rows, scan.cols = max_row + 1, max_col + 1
        return scan
    # cells far outside the tables: the columns up to IV, and as many rows as fit the area
    scan.cols = max_near_col + 1
    scan.rows = max_area // max(scan.cols, 1)
    scan.trimmed = _trim(xml, scan)
    scan.no_cached_value = {c for c in scan.no_cached_value if _inside(c, scan)}
    scan.errors = {c: v for c, v in scan.errors.items() if _inside(c, scan)}
    return scan


def _count_cells(xml: bytes) -> int:
    """How many cell elements, at most (no list is built: the XML may be large)."""
    return xml.count(b"<c ") + xml.count(b"<c>") + xml.count(b":c ") + xml.count(b":c>")


_EXTENT_CHUNK = 1 << 18

# ---- the plain sheet: what spreadsheet programs write, checked at the speed of a substring search
# Every cell '<c r="B7"', its address in capitals without '$' or leading zeros, no namespace
# prefix, no formula, no cached error. Then the last cell gives the last row, and the column of
# the <dimension> (or of the last cell) the last column, if one search finds no cell beyond them,
# or written otherwise: the extent the general pass would find, at a tenth of its cost. Anything
# else is left to the general pass.
_COLON_CF = re.compile(rb":[cfv]")  # a prefixed cell, formula or value (or a colon in text: the general pass)
# a value that might read as no finite number (an exponent, inf, nan, an entity, 300 digits)
_NOT_FINITE = re.compile(rb"<v\b[^>]*>(?:[^<]*[eEiInN&]|[^<]{300})")
# <f followed by a space, ">" or "/", found from the "f": the search stops at every "f" of the sheet
# instead of at every "<", of which there are several a cell
_FORMULA_TAG = re.compile(rb"f(?<=<f)[ >/]")
_PLAIN_REF = re.compile(rb'<c r="([A-Z]{1,3})([1-9][0-9]{0,6})"')
_DIMENSION_END = re.compile(rb'<dimension ref="[A-Z]{1,3}[0-9]{1,7}:([A-Z]{1,3})[1-9][0-9]{0,6}"')
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"


def _quoted_e(xml: bytes) -> bool:
    """Whether a quoted 'e' (the value of t="e") is anywhere, as ``_QUOTED_E`` says, in one pass."""
    return b'"e"' in xml or _beside_apostrophes(xml, b"e")


def _not_above(value: str, first: str, rest: str) -> str:
    """A pattern for the strings of ``first`` then ``rest`` characters (no longer than ``value``)
    that compare at most ``value`` when shorter compares first: column letters, row numbers."""
    n = len(value)
    options = [f"[{first[0]}-{first[-1]}][{rest[0]}-{rest[-1]}]{{0,{n - 2}}}"] if n > 1 else []
    for i, ch in enumerate(value):
        chars = first if i == 0 else rest
        below = chars[: chars.index(ch)]
        if below:
            options.append(
                f"{value[:i]}[{below[0]}-{below[-1]}]" + (f"[{rest[0]}-{rest[-1]}]{{{n - i - 1}}}" if i < n - 1 else "")
            )
    options.append(value)
    return "(?:" + "|".join(options) + ")"


class Plain(NamedTuple):
    cells: int  # as ``_count_cells`` counts them
    extent: tuple[int, int, int]  # as ``_extent`` gives it
    finite: bool  # no value can read as infinity or NaN (``_finite_only`` has nothing to do)


def plain_sheet(xml: bytes) -> Plain | None:
    """What the scan needs of a plain sheet; None for any other sheet."""
    if (b"!" in xml and b"<!" in xml) or _COLON_CF.search(xml) or _FORMULA_TAG.search(xml) or _quoted_e(xml):
        return None
    last = xml.rfind(b'<c r="')
    found = _PLAIN_REF.match(xml, last) if last >= 0 else None
    if found is None or int(found.group(2)) > 1_048_576:
        return None
    letters, row = found.group(1), found.group(2)
    data = xml.find(b"<sheetData")
    dimension = _DIMENSION_END.search(xml, 0, data) if data > 0 else None
    if dimension is not None and dimension.group(1) != letters:
        letters = dimension.group(1)
        if re.search(b'<c r="' + letters + b"[1-9]", xml) is None:  # no cell in the column it names
            return None
    col = 0
    for ch in letters:
        col = col * 26 + ch - 64
    if col > MAX_COLUMNS:
        return None
    beyond = re.compile(
        rb'<c(?!\w| r="'
        + _not_above(letters.decode(), _LETTERS, _LETTERS).encode()
        + _not_above(row.decode(), _DIGITS[1:], _DIGITS).encode()
        + rb'")'
    )
    if beyond.search(xml):  # a cell written otherwise, or beyond the last row or column
        return None
    return Plain(xml.count(b'<c r="'), (int(row) - 1, col - 1, col - 1), _NOT_FINITE.search(xml) is None)


def _extent(xml: bytes) -> tuple[int, int, int] | None:
    """(last row, last column, last column before MAX_COLUMNS), 0-based, from the cells' addresses
    alone; None when a cell has no address, or one beyond a worksheet's limits. The XML is taken
    in pieces cut before a '<' (no tag spans two): the addresses of a whole large sheet at once
    would be a list of tens of thousands of tuples, for a maximum."""
    rows, letters, refs, opens = 0, set(), 0, 0
    start, end = 0, len(xml)
    while start < end:
        cut = xml.find(b"<", start + _EXTENT_CHUNK) if start + _EXTENT_CHUNK < end else -1
        piece = xml[start : cut if cut != -1 else end]
        found = _CELL_REF.findall(piece)
        refs += len(found)
        opens += len(_CELL_OPEN.findall(piece))
        if found:
            rows = max(rows, max(map(int, (digits for _, digits in found))))
            letters.update(name for name, _ in found)
        start = cut if cut != -1 else end
    if refs != opens:
        return None
    if not refs:
        return -1, -1, -1
    cols = []
    for name in letters:
        col = 0
        for ch in name.upper():
            col = col * 26 + ch - 64
        cols.append(col)
    if rows > 1_048_576 or max(cols) > 16_384 or min(cols) < 1 or rows < 1:
        return None
    near = [c for c in cols if c <= MAX_COLUMNS]
    return rows - 1, max(cols) - 1, (max(near) if near else 0) - 1


class _TooMany(Exception):
    pass


def _inside(cell: str, scan: SheetScan) -> bool:
    where = _ref(cell.encode())
    return where is not None and where[0] < scan.rows and where[1] < scan.cols


def _trim(xml: bytes, scan: SheetScan) -> bytes:
    """The sheet XML with only the cells inside ``scan.rows`` x ``scan.cols``, each given its address."""
    root = _ROOT.search(xml)
    prefix = (root.group(1) or b"") if root else b""
    head = root.group(0) if root else b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    out = [b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n', head, b"<", prefix, b"sheetData>"]
    current = -1
    for row, col, attrs, start, end in _cells(xml):
        if 0 <= row < scan.rows and 0 <= col < scan.cols:
            if row != current:
                if current >= 0:
                    out += [b"</", prefix, b"row>"]
                out += [b"<", prefix, b'row r="', str(row + 1).encode(), b'">']
                current = row
            cell = xml[start:end]
            if not _ATTR_R.search(attrs):
                name_end = _CELL_NAME.match(cell).end()
                cell = cell[:name_end] + b' r="' + a1(row, col).encode() + b'"' + cell[name_end:]
            out.append(cell)
        else:
            scan.far_cells += 1
            if not scan.first_far_cell and row >= 0 and col >= 0:
                scan.first_far_cell = a1(row, col)
    if current >= 0:
        out += [b"</", prefix, b"row>"]
    out += [b"</", prefix, b"sheetData></", prefix, b"worksheet>"]
    return b"".join(out)


def _repack(path: str, replaced: dict[str, bytes]) -> bytes:
    """A copy of the package in memory with some members replaced."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = replaced.get(info.filename)
            dst.writestr(info.filename, data if data is not None else src.read(info))
    return buffer.getvalue()


def _finite_only(grid: list[list[Any]]) -> None:
    """A number no cell can hold (<v>1e400</v> reads as infinity) becomes its text, to be reported
    by whoever reads the cell and written back as text. (A pass over the values read is cheaper
    than searching the XML for the few values that could read so.)"""
    for row in grid:
        for j, v in enumerate(row):
            if v.__class__ is float and (v != v or v in (_INF, -_INF)):
                row[j] = str(v)


_INF = float("inf")


def _deferred_part(name: str) -> bool:
    """The members ``read_book`` reads whole anyway: the sheets and the shared strings."""
    return _sheet_part(name) or name.lower() == "xl/sharedstrings.xml"


class _Budget:
    """The bounds on what the sheets read hold together: cells, grid area and the text their
    shared strings expand to. The report sheets ttools marks as its own are not read, so they
    count for nothing."""

    def __init__(self, path: str, strings: SharedStrings) -> None:
        self.path, self.strings = path, strings
        self.area = self.cells = self.expanded = 0

    def scan(self, name: str, xml: bytes) -> SheetScan:
        path = self.path
        plain = plain_sheet(xml)
        self.cells += plain.cells if plain is not None else _count_cells(xml)
        if self.cells > MAX_CELLS:
            raise Unreadable(f"{path}: too large (more than {MAX_CELLS:,} cells)")
        self.expanded += self.strings.expansion(xml, plain is not None)
        if self.expanded > MAX_SHARED_TEXT:
            raise Unreadable(
                f"{path}: refused: its cells repeat shared text to more than {MAX_SHARED_TEXT:,} "
                "characters (damaged or tampered)"
            )
        try:
            scan = scan_sheet(xml, plain=plain)
        except _TooMany:
            raise Unreadable(
                f"{path}: refused: sheet {name!r} has more than {MAX_MARKED_CELLS} cells showing "
                "errors or formulas without values"
            ) from None
        self.area += scan.rows * scan.cols
        if self.area > MAX_BOOK_AREA:
            raise Unreadable(f"{path}: too large (more than {MAX_BOOK_AREA:,} cells in its sheets)")
        return scan


META_SHEET = "_meta"


class _Package:
    """What the scan of a package found: each sheet's scan (by name) and part path, the report
    sheets ttools wrote (named by the _meta sheet, never read), and the spreadsheet reader when
    it was opened to read _meta."""

    def __init__(self) -> None:
        self.scans: dict[str, SheetScan] = {}
        self.paths: dict[str, str] = {}
        self.own: set[str] = set()
        self.wb: Any = None
        self.meta_grid: SheetData | None = None


def _scan_package(members: _Members, found: _Package, meta_only: bool = False) -> _Package:
    """Every sheet's scan, one sheet's XML in memory at a time, within the bounds of ``_Budget``.
    _meta is scanned and read first: the report sheets it names as ttools' own are only checked
    as the other parts are (inflated in pieces, their size, CRC and DOCTYPE), not read. They are
    regenerated by every run, and a results workbook of a large event holds several times the
    cells staff typed; whatever a file names there is left out, so naming costs nothing.
    ``meta_only``: _meta alone is scanned and read (``unchanged_results_workbook``)."""
    path, zf, deferred = members.path, members.zf, members.deferred
    paths, shared = _sheet_paths(zf, members.named)
    found.paths = paths
    if len(paths) > MAX_SHEETS:
        raise Unreadable(f"{path}: refused: {len(paths)} sheets (the limit is {MAX_SHEETS})")
    names = set(zf.namelist())
    strings = SharedStrings()
    for part in sorted(shared & names):
        strings = strings.merge(shared_string_lengths(path, part, members.read(zf.getinfo(part))))
        deferred.discard(part)
    budget = _Budget(path, strings)
    order = sorted(paths, key=lambda name: name != META_SHEET)  # _meta first, the others in order
    if meta_only:  # nothing but _meta is read
        order = [name for name in order if name == META_SHEET]
    for name in order:
        part = paths[name]
        if part not in names:
            continue
        deferred.discard(part)
        if name in found.own:
            members.check(zf.getinfo(part))
            continue
        found.scans[name] = scan = budget.scan(name, members.read(zf.getinfo(part)))
        if name == META_SHEET and scan.trimmed is None:
            found.wb = _open_calamine(members, {})
            found.own = _own_reports(path, found, name) - {META_SHEET}
    if meta_only:
        return found
    for part in sorted(deferred):  # parts no sheet points to: checked as the others
        members.check(zf.getinfo(part))
    return found


# what ttools writes in a workbook's core properties (write.py's FIXED_CREATED; read.py is below
# write.py, which imports it), and any program saving the workbook replaces; that a workbook just
# written carries them is tested (tests/test_working_file.py)
_AS_TTOOLS_WROTE_IT = (b"<cp:lastModifiedBy>ttools</cp:lastModifiedBy>", b">2026-01-01T00:00:00Z</dcterms:modified>")


def unchanged_results_workbook(path: str) -> bool:
    """Whether ``path`` is a results workbook ttools wrote (its _meta names its report sheets)
    that no program has saved since (its core properties are still those ttools writes: Excel
    and the others set who saved it and when). Checked as ``read_book`` checks a package, but
    only the core properties and _meta are read; a file that is not one, or cannot be read, is
    not one."""
    try:
        members = _checked_package(path, later=_deferred_part)
    except Unreadable:
        return False
    found = _Package()
    try:
        core = members.named("docProps/core.xml")
        if not all(mark in core for mark in _AS_TTOOLS_WROTE_IT):
            return False
        _scan_package(members, found, meta_only=True)
        return bool(found.own)
    except Exception:  # damaged in any way: not a workbook ttools wrote as it is
        return False
    finally:
        members.close()
        if found.wb is not None:
            found.wb.close()


def _own_reports(path: str, found: _Package, name: str) -> set[str]:
    """The sheets a ttools results workbook's _meta names as its report sheets ('printable')."""
    meta = next((m for m in found.wb.sheets_metadata if m.name == name), None)
    if meta is None or "WorkSheet" not in str(meta.typ):
        return set()
    found.meta_grid = grid = _sheet_values(path, found.wb, name, found.scans[name], meta)
    values = {str(row[0]).strip(): row[1] for row in grid.grid if len(row) >= 2}
    if values.get("tool") != "ttools" or not isinstance(values.get("printable"), str):
        return set()
    return {s for s in values["printable"].split("|") if s} & set(found.paths)


def _open_calamine(members: _Members, trimmed: dict[str, bytes]) -> Any:
    path = members.path
    try:
        import python_calamine as pc
    except ImportError:  # pragma: no cover - declared dependency
        raise Unreadable("python-calamine is not installed (pip install python-calamine)") from None
    try:
        if members.held is not None and (trimmed or members.unpacked > _STORED_BYTES):
            return pc.CalamineWorkbook.from_filelike(io.BytesIO(_stored(members.infos, members.held, trimmed)))
        if trimmed:
            return pc.CalamineWorkbook.from_filelike(io.BytesIO(_repack(path, trimmed)))
        return pc.CalamineWorkbook.from_path(path)
    except Exception as exc:  # calamine raises several types for damaged/encrypted parts
        kind = type(exc).__name__
        if "Password" in kind:
            raise Unreadable(f"{path}: the workbook is encrypted (password-protected)") from None
        raise Unreadable(
            f"{path}: damaged workbook ({kind}: {str(exc).splitlines()[0] if str(exc) else 'unreadable'})"
        ) from None


def _stored(infos: list[zipfile.ZipInfo], held: dict[str, bytes], replaced: dict[str, bytes]) -> bytes:
    """The package as a zip of the members as they were checked (or replaced), in its order,
    stored without compression: what the spreadsheet reader reads is what the checks read, and
    it need not inflate it again."""
    out: list[bytes] = []
    directory: list[bytes] = []
    offset = 0
    for info in infos:
        data = replaced.get(info.filename)
        crc = info.CRC if data is None else zlib.crc32(data)
        data = held[info.filename] if data is None else data
        name = info.filename.encode("utf-8")
        flags = 0 if info.filename.isascii() else 0x800  # the name is UTF-8
        n = len(data)
        local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, 0, 0, 0x21, crc, n, n, len(name), 0)
        directory.append(
            struct.pack(
                "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, 0, 0, 0x21, crc, n, n, len(name), 0, 0, 0, 0, 0, offset
            )
            + name
        )
        out += (local, name, data)
        offset += len(local) + len(name) + n
    listing = b"".join(directory)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(infos), len(infos), len(listing), offset, 0)
    return b"".join(out) + listing + end


def read_book(path: str) -> Book:
    """Open ``path`` safely and return every sheet's values (a results workbook's report
    sheets, which ttools makes again, left out: see ``_scan_package``)."""
    members = _checked_package(path, later=_deferred_part, hold=True)
    found = _Package()
    try:
        try:
            _scan_package(members, found)  # fills ``found``: its reader is closed below, whatever happens
        except Unreadable:
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            raise Unreadable(f"{path}: damaged ({exc})") from None
        except Exception as exc:
            raise Unreadable(f"{path}: damaged workbook structure ({type(exc).__name__})") from None
        trimmed = {found.paths[name]: scan.trimmed for name, scan in found.scans.items() if scan.trimmed is not None}
        if found.wb is None or trimmed:
            if found.wb is not None:
                found.wb.close()
                found.wb = None
            found.wb = _open_calamine(members, trimmed)
        members.close()
        members.held = None  # the reader has its own copy
        return _read_sheets(path, found)
    finally:
        members.close()
        if found.wb is not None:
            found.wb.close()


def _read_sheets(path: str, found: _Package) -> Book:
    sheets: dict[str, SheetData] = {}
    order: list[str] = []
    for meta in found.wb.sheets_metadata:
        name = meta.name
        if "WorkSheet" not in str(meta.typ) or name in found.own:
            continue
        scan = found.scans.get(name)
        if scan is None:  # a sheet whose part the scan could not find is never handed to calamine
            raise Unreadable(f"{path}: sheet {name!r} is damaged (its part is missing)")
        if name == META_SHEET and found.meta_grid is not None:
            sheets[name] = found.meta_grid
        else:
            sheets[name] = _sheet_values(path, found.wb, name, scan, meta)
        order.append(name)
    return Book(path=path, sheets=sheets, order=order)


def _sheet_values(path: str, wb: Any, name: str, scan: SheetScan, meta: Any) -> SheetData:
    try:
        sh = wb.get_sheet_by_name(name)
        grid = sh.to_python(skip_empty_area=True)
        row0, col0 = sh.start if sh.start else (0, 0)
    except Exception as exc:
        raise Unreadable(f"{path}: sheet {name!r} is damaged ({type(exc).__name__})") from None
    data = SheetData(
        name=name,
        grid=grid if set(map(type, grid)) <= {list} else [list(r) for r in grid],
        row0=row0 or 0,
        col0=col0 or 0,
        visible="Visible" in str(meta.visible) and "Hidden" not in str(meta.visible),
        no_cached_value=scan.no_cached_value,
        errors=scan.errors,
        far_cells=scan.far_cells,
        first_far_cell=scan.first_far_cell,
    )
    if not scan.finite:
        _finite_only(data.grid)
    for cell, text in scan.errors.items():  # calamine reads a cached error as blank
        where = _ref(cell.encode())
        i, j = where[0] - data.row0, where[1] - data.col0
        if 0 <= i < len(data.grid) and 0 <= j < len(data.grid[i]):
            data.grid[i][j] = text
    return data
