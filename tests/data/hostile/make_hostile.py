"""Write the hostile workbooks of this folder: small files (a few KB each) that once crashed, hung
or fooled ttools. Each starts from a valid event made by hand with the canonical English names
(openpyxl), then one thing is broken, at the level of the cells or of the zip package.

    python tests/data/hostile/make_hostile.py      # rewrites every .xlsx here

tests/workbook/test_hostile.py says what each must give (exit code or problem code) and bounds
the time and memory it takes.
"""

from __future__ import annotations

import io
import re
import struct
import sys
import zipfile
import zlib
from xml.sax.saxutils import escape
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent
STRICT_MAIN = "http://purl.oclc.org/ooxml/spreadsheetml/main"
STRICT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def nations_cup(teams: int = 4) -> Workbook:
    wb = Workbook()
    ev = wb.active
    ev.title = "Event"
    for row in (
        ["key", "value"],
        ["competition", "nations-cup"],
        ["name", "Hostile Cup"],
        ["teams", teams],
        ["seed", "hostile"],
    ):
        ev.append(row)
    pl = wb.create_sheet("Players")
    pl.append(["team", "number", "name", "country"])
    for i in range(teams):
        for n in range(1, 7):
            pl.append([chr(65 + i), n, f"Player {chr(65 + i)}{n}", "Nowhere"])
    return wb


def scrabble(players: int = 6) -> Workbook:
    wb = Workbook()
    ev = wb.active
    ev.title = "Event"
    for row in (["key", "value"], ["competition", "scrabble"], ["name", "Hostile Open"], ["seed", "hostile"]):
        ev.append(row)
    pl = wb.create_sheet("Players")
    pl.append(["id", "name", "rating", "club", "division"])
    for i in range(1, players + 1):
        pl.append([i, f"Player {i}", 1500 + i, "", "A"])
    rounds = wb.create_sheet("Rounds")
    rounds.append(["round", "method", "based_on", "repeats"])
    rounds.append([1, "rr", 0, 0])
    results = wb.create_sheet("Results")
    results.append(["round", "player1", "score1", "player2", "score2"])
    results.append([1, 1, 400, 2, 350])
    return wb


def save(wb: Workbook) -> bytes:
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def rezip(data: bytes, change) -> bytes:
    """The package with ``change(name, bytes) -> bytes | list[(name, bytes)]`` applied to every member."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        import warnings

        warnings.simplefilter("ignore")  # a duplicate name is the point of one case
        for info in src.infolist():
            result = change(info.filename, src.read(info))
            for name, body in result if isinstance(result, list) else [(info.filename, result)]:
                dst.writestr(name, body)
    return out.getvalue()


def sheet_part(data: bytes, title: str) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = re.findall(rb'<sheet [^>]*name="([^"]+)"', zf.read("xl/workbook.xml"))
    return f"xl/worksheets/sheet{[n.decode() for n in names].index(title) + 1}.xml"


def add_cells(data: bytes, title: str, cells: str) -> bytes:
    """Raw cell XML appended as a last row of a sheet (the row number comes from the cells)."""
    part = sheet_part(data, title)
    row = re.match(r'<c r="[A-Z]+(\d+)"', cells).group(1)

    def change(name: str, body: bytes) -> bytes:
        if name != part:
            return body
        body = re.sub(rb"<dimension [^>]*/>", b"", body)
        return body.replace(b"</sheetData>", f'<row r="{row}">{cells}</row></sheetData>'.encode())

    return rezip(data, change)


def typed(value) -> bytes:
    """A nations-cup event whose Players!B2 (number) holds ``value`` as staff typed it."""
    wb = nations_cup()
    wb["Players"]["B2"] = value
    return save(wb)


def cases() -> dict[str, bytes]:
    base = save(nations_cup())
    out: dict[str, bytes] = {}
    # one cell far away: a dense grid would be 512 GB (XFD1048576) or 3 GB (ZZ100000)
    out["far-cell-xfd1048576"] = add_cells(base, "Players", '<c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c>')
    out["far-cell-zz100000"] = add_cells(base, "Players", '<c r="ZZ100000"><v>1</v></c>')
    out["far-cell-scrabble"] = add_cells(save(scrabble()), "Results", '<c r="XFD1048576"><v>7</v></c>')
    # numbers that cannot be converted exactly, or not at all
    out["number-inf"] = typed("inf")
    out["number-infinity"] = typed("Infinity")
    out["number-1e309"] = typed("1E+309")
    out["number-1e99999999"] = typed("1e99999999")
    out["number-400-digits"] = typed("9" * 400)
    out["number-raw-overflow"] = add_cells(
        base, "Players", '<c r="B30"><v>1e400</v></c><c r="A30" t="inlineStr"><is><t>A</t></is></c>'
    )
    # a cached Excel error, and a Strict OOXML formula with no cached value
    out["cached-error"] = add_cells(
        base,
        "Players",
        '<c r="A30" t="inlineStr"><is><t>A</t></is></c>'
        '<c r="B30" t="e"><f>1/0</f><v>#VALUE!</v></c>'
        '<c r="C30" t="e"><v>#REF!</v></c>',
    )
    strict = add_cells(base, "Players", '<c r="A30" t="inlineStr"><is><t>A</t></is></c><c r="B30"><f>1+1</f></c>')
    out["strict-formula"] = rezip(
        strict,
        lambda name, body: (
            body.replace(MAIN.encode(), STRICT_MAIN.encode()).replace(REL.encode(), STRICT_REL.encode())
            if name.startswith("xl/")
            else body
        ),
    )
    # the package itself
    players = sheet_part(base, "Players")
    evil = add_cells(base, "Players", '<c r="A30" t="inlineStr"><is><t>Z</t></is></c>')
    with zipfile.ZipFile(io.BytesIO(evil)) as zf:
        second = zf.read(players)
    out["duplicate-member"] = rezip(
        base, lambda name, body: [(name, body), (name, second)] if name == players else body
    )
    out["doctype"] = rezip(
        base,
        lambda name, body: (
            body.replace(b"<worksheet", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet', 1) if name == players else body
        ),
    )
    # two sheets that are both the Results sheet
    two = scrabble()
    other = two.create_sheet("成績")
    other.append(["round", "player1", "score1", "player2", "score2"])
    other.append([1, 3, 410, 4, 300])
    out["two-results-sheets"] = save(two)
    # one long shared string referenced by many cells: a few KB that read as 4 GB of text
    out["shared-string-x1000"] = shared_string_bomb(1000)
    # a member whose headers declare less than its data holds (and the CRC of what they declare)
    out["understated-size"] = understated_size(2)
    # sheet names Excel forbids, and one that reads as a formula
    out["sheet-names-forbidden"] = sheet_names(FORBIDDEN_NAMES)
    out["sheet-names-formula"] = sheet_names(("=1+2", "=SUM(3,4)"))
    return out


def shared_string_bomb(references: int, length: int = 4_000_000) -> bytes:
    """A nations-cup event with a Notes sheet of ``references`` cells that all hold shared string 0,
    ``length`` characters long (the package gets the shared strings part openpyxl does not write)."""
    wb = nations_cup()
    notes = wb.create_sheet("Notes")
    for i in range(references):
        notes.cell(row=i // 10 + 1, column=i % 10 + 1, value="SHARED")
    part = f"xl/worksheets/sheet{len(wb.sheetnames)}.xml"
    strings = (
        f'<sst xmlns="{MAIN}" count="{references}" uniqueCount="1"><si><t>'.encode()
        + b"x" * length
        + b"</t></si></sst>"
    )
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"

    def change(name: str, body: bytes) -> bytes | list[tuple[str, bytes]]:
        if name == part:
            return body.replace(b'" t="inlineStr"><is><t>SHARED</t></is></c>', b'" t="s"><v>0</v></c>')
        if name == "xl/_rels/workbook.xml.rels":
            rel = f'<Relationship Type="{REL}/sharedStrings" Target="sharedStrings.xml" Id="rIdStrings" />'
            return body.replace(b"</Relationships>", rel.encode() + b"</Relationships>")
        if name == "[Content_Types].xml":
            over = f'<Override PartName="/xl/sharedStrings.xml" ContentType="{kind}" />'
            return [(name, body.replace(b"</Types>", over.encode() + b"</Types>")), ("xl/sharedStrings.xml", strings)]
        return body

    return rezip(save(wb), change)


def _raw_deflate(data: bytes) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def write_zip(members: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip package written by hand: (name, raw deflate data, CRC, declared size) per member, so
    that the headers can say what the data does not hold."""
    out, central = io.BytesIO(), []
    for name, data, crc, size in members:
        offset = out.tell()
        encoded = name.encode()
        out.write(struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0x21, crc, len(data), size, len(encoded), 0))
        out.write(encoded + data)
        central.append(
            struct.pack(
                "<4s6H3L5H2L",
                b"PK\x01\x02",
                20,
                20,
                0,
                8,
                0,
                0x21,
                crc,
                len(data),
                size,
                len(encoded),
                0,
                0,
                0,
                0,
                0,
                offset,
            )
            + encoded
        )
    start = out.tell()
    out.write(b"".join(central))
    out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(central), len(central), out.tell() - start, start, 0))
    return out.getvalue()


def understated_size(megabytes: int) -> bytes:
    """A nations-cup event whose Players sheet inflates to ``megabytes`` MB of rows more than its
    headers declare (they declare the sheet's size as it was, and the CRC of that many bytes). The repeated rows are one
    deflate block written once and repeated: a 2 GB sheet takes about 2 MB."""
    base = save(nations_cup())
    part = sheet_part(base, "Players")
    with zipfile.ZipFile(io.BytesIO(base)) as zf:
        bodies = {info.filename: zf.read(info) for info in zf.infolist()}
    sheet = bodies[part]
    cut = sheet.index(b"</sheetData>")
    head, tail = sheet[:cut], sheet[cut:]
    row = b"<row><c><v>1</v></c></row>"
    chunk = row * ((1 << 20) // len(row))
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)  # after a full flush: the same bytes every time
    data = start + block * megabytes + c.compress(tail) + c.flush()
    members = []
    for name, body in bodies.items():
        if name == part:
            members.append((name, data, zlib.crc32((head + chunk)[: len(sheet)]), len(sheet)))
        else:
            members.append((name, _raw_deflate(body), zlib.crc32(body), len(body)))
    return write_zip(members)


FORBIDDEN_NAMES = ("a/b", "[x]", "why?", "star*", "c:d", "back\\slash", "'quoted'", "'", "=1+2")


def sheet_names(names: tuple[str, ...]) -> bytes:
    """A nations-cup event with a sheet of each of ``names``, written in the package as they are
    (openpyxl refuses the ones Excel forbids)."""
    wb = nations_cup()
    for i in range(len(names)):
        wb.create_sheet(f"Forbidden{i}").append([f"kept {i}"])
    names = {
        f'name="Forbidden{i}"'.encode(): f'name="{escape(n, {chr(34): "&quot;"})}"'.encode()
        for i, n in enumerate(names)
    }

    def change(name: str, body: bytes) -> bytes:
        if name == "xl/workbook.xml":
            for old, new in names.items():
                body = body.replace(old, new)
        return body

    return rezip(save(wb), change)


def main(folder: Path = HERE) -> list[Path]:
    written = []
    for name, data in cases().items():
        path = folder / f"{name}.xlsx"
        path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(path.name, path.stat().st_size)


def dense(rows: int, cols: int = 10) -> bytes:
    """A nations-cup event whose Players sheet carries ``rows`` x ``cols`` numbers below the roster:
    too big to keep in this folder, made by the tests when they need it."""
    base = save(nations_cup())
    part = sheet_part(base, "Players")
    letters = [chr(65 + j) for j in range(cols)]

    def change(name: str, body: bytes) -> bytes:
        if name != part:
            return body
        body = re.sub(rb"<dimension [^>]*/>", b"", body)
        extra = "".join(
            f'<row r="{r}">' + "".join(f'<c r="{c}{r}"><v>{r}</v></c>' for c in letters) + "</row>"
            for r in range(100, 100 + rows)
        )
        return body.replace(b"</sheetData>", extra.encode() + b"</sheetData>")

    return rezip(base, change)
