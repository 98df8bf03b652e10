"""Reading workbooks: files that cannot be read at all exit 2 with one line and no traceback;
a workbook made by hand with the canonical English names is processed."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

import ttools.workbook.read as read_module

OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")


def _real_workbook(path: Path, invoke) -> Path:
    assert invoke("new", "nations-cup", path, "--teams", 4, "--lang", "en").exit_code == 0
    return path


def _text_file(path: Path, invoke) -> Path:
    path.write_text("team,number,name\nA,1,Ann\n", encoding="utf-8")
    return path


def _empty(path: Path, invoke) -> Path:
    path.write_bytes(b"")
    return path


def _zip_not_workbook(path: Path, invoke) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "holiday photos")
        zf.writestr("photo.jpg", b"\xff\xd8\xff" + b"\0" * 100)
    return path


def _truncated(path: Path, invoke) -> Path:
    whole = _real_workbook(path.with_name("whole.xlsx"), invoke).read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    return path


def _corrupt_member(path: Path, invoke) -> Path:
    # The zip directory is intact but a compressed member's bytes are scrambled (CRC mismatch).
    whole = bytearray(_real_workbook(path.with_name("whole.xlsx"), invoke).read_bytes())
    with zipfile.ZipFile(path.with_name("whole.xlsx")) as zf:
        info = zf.getinfo("xl/workbook.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 5, start + min(info.compress_size, 60)):
        whole[i] ^= 0x5A
    path.write_bytes(bytes(whole))
    return path


def _encrypted(path: Path, invoke) -> Path:
    # What Excel writes for a password-protected .xlsx: an OLE2 container with an EncryptionInfo stream.
    path.write_bytes(OLE_MAGIC + b"\0" * 504 + "EncryptionInfo".encode("utf-16-le") + b"\0" * 1024)
    return path


def _old_xls(path: Path, invoke) -> Path:
    path.write_bytes(OLE_MAGIC + b"\0" * 504 + "Workbook".encode("utf-16-le") + b"\0" * 1024)
    return path


def _zip_bomb(path: Path, invoke) -> Path:
    # 256 MB of zeros compress to a few hundred KB; written in chunks so the test stays small and fast.
    chunk = b"\0" * (1 << 20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("xl/workbook.xml", "<workbook/>")
        with zf.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as fh:
            for _ in range(256):
                fh.write(chunk)
    assert path.stat().st_size < 2 * 1024 * 1024
    return path


def _no_event_sheet(path: Path, invoke) -> Path:
    wb = Workbook()
    wb.active.title = "Players"
    wb.active.append(["team", "number", "name"])
    wb.active.append(["A", 1, "Ann"])
    wb.save(path)
    return path


def _unknown_competition(path: Path, invoke) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Event"
    ws.append(["key", "value"])
    ws.append(["competition", "tiddlywinks"])
    wb.save(path)
    return path


UNREADABLE = {
    "text-renamed": (_text_file, "not an Excel workbook"),
    "empty": (_empty, "empty"),
    "zip-not-workbook": (_zip_not_workbook, "not an Excel workbook"),
    "truncated": (_truncated, ("damaged", "not an Excel workbook")),
    "corrupt-member": (_corrupt_member, "damaged"),
    "encrypted": (_encrypted, "encrypted"),
    "old-xls": (_old_xls, ".xls"),
    "zip-bomb": (_zip_bomb, "zip bomb"),
    "no-event-sheet": (_no_event_sheet, "not a ttools event workbook"),
    "unknown-competition": (_unknown_competition, "unknown competition"),
}


def _assert_one_line_refusal(result, reason: str | tuple[str, ...], path: Path) -> None:
    assert result.exit_code == 2, (result.exit_code, result.stderr, result.exception)
    assert isinstance(result.exception, SystemExit)  # not an uncaught error
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    reasons = (reason,) if isinstance(reason, str) else reason
    assert any(r in lines[0] for r in reasons), lines[0]
    assert path.name in lines[0]  # says which file
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["run", "check"])
@pytest.mark.parametrize("kind", list(UNREADABLE))
def test_unreadable_file_exits_2_with_one_line(invoke, tmp_path, kind, command):
    make, reason = UNREADABLE[kind]
    path = make(tmp_path / "event.xlsx", invoke)
    before = path.read_bytes()
    result = invoke(command, path)
    _assert_one_line_refusal(result, reason, path)
    assert path.read_bytes() == before
    assert not (tmp_path / "event.out.xlsx").exists()


def test_file_over_the_size_limit_is_refused(invoke, tmp_path, monkeypatch):
    path = _real_workbook(tmp_path / "event.xlsx", invoke)
    monkeypatch.setattr(read_module, "MAX_FILE_BYTES", 1024)
    result = invoke("run", path)
    _assert_one_line_refusal(result, "too large", path)
    assert not (tmp_path / "event.out.xlsx").exists()


def test_missing_file_is_refused(invoke, tmp_path):
    result = invoke("check", tmp_path / "nowhere.xlsx")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_unreadable_from_the_real_command_line(invoke, tmp_path):
    # Outside the test runner too: the process prints one line and exits 2.
    path = _truncated(tmp_path / "event.xlsx", invoke)
    proc = subprocess.run(
        [sys.executable, "-m", "ttools", "run", str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "Traceback" not in proc.stderr


# ---- canonical English names -----------------------------------------------------------------


def _by_hand(path: Path, teams: int, seed: str | None = "by-hand") -> Path:
    """An event made by another system: only Event (key/value) and Players, canonical English names."""
    wb = Workbook()
    ev = wb.active
    ev.title = "Event"
    ev.append(["key", "value"])
    ev.append(["competition", "nations-cup"])
    ev.append(["name", "Hand-made Cup"])
    ev.append(["teams", teams])
    if seed is not None:
        ev.append(["seed", seed])
    pl = wb.create_sheet("Players")
    pl.append(["team", "number", "name", "country"])
    for i in range(teams):
        for n in range(1, 7):
            pl.append([chr(65 + i), n, f"Player {chr(65 + i)}{n}", "Nowhere"])
    wb.save(path)
    return path


@pytest.mark.parametrize("teams", [4, 9, 12])
def test_canonical_english_workbook_is_processed(invoke, tmp_path, teams):
    import json

    path = _by_hand(tmp_path / "hand.xlsx", teams)
    result = invoke("run", path, "--json", "-")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"tool", "version", "competition", "problems"} <= set(data)
    assert data["tool"] == "ttools" and data["competition"] == "nations-cup"
    assert data["problems"] == []
    pairings = data["day1"]["pairings"]
    assert len(pairings) == 6 * teams
    assert {p["home"][0] for p in pairings} == {chr(65 + i) for i in range(teams)}
    assert all(p["winner"] is None for p in pairings)
    assert (tmp_path / "hand.out.xlsx").exists()


def test_canonical_english_headers_in_any_case_and_width(invoke, tmp_path):
    import json

    wb = Workbook()
    ev = wb.active
    ev.title = "EVENT"
    ev.append(["Key", "Value"])
    ev.append(["Competition", "Nations Cup"])
    ev.append(["TEAMS", "４"])
    ev.append([" seed ", "x"])
    pl = wb.create_sheet(" players ")
    pl.append(["Team", "ＮＵＭＢＥＲ", "Name"])
    for t in "abcd":
        for n in range(1, 7):
            pl.append([t, str(n), ""])
    path = tmp_path / "loose.xlsx"
    wb.save(path)
    result = invoke("run", path, "--json", "-")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["problems"] == []
    assert len(data["day1"]["pairings"]) == 24


@pytest.mark.parametrize("value", ["inf", "-Infinity", "NaN", float("inf"), float("nan"), "1/inf"])
def test_infinite_or_not_a_number_is_no_number(value):
    from ttools.workbook import normalize as nz

    with pytest.raises(ValueError):
        nz.parse_number(value)


def _rezip(src: Path, dst: Path, change) -> Path:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, change(info.filename, zin.read(info)))
    return dst


def test_sheet_parts_read_once_are_still_checked(invoke, tmp_path):
    """The sheets' XML is decompressed once (by the cell scan), and still checked: a scrambled
    sheet member (CRC mismatch) and a DOCTYPE in a sheet, pointed to or not, are refused."""
    good = _real_workbook(tmp_path / "good.xlsx", invoke)
    assert read_module.read_book(str(good)).sheets

    with zipfile.ZipFile(good) as zf:
        info = zf.getinfo("xl/worksheets/sheet2.xml")
    whole = bytearray(good.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 5, start + min(info.compress_size, 60)):
        whole[i] ^= 0x5A
    scrambled = tmp_path / "scrambled.xlsx"
    scrambled.write_bytes(bytes(whole))
    with pytest.raises(read_module.Unreadable, match="damaged"):
        read_module.read_book(str(scrambled))

    doctype = _rezip(
        good,
        tmp_path / "doctype.xlsx",
        lambda name, body: (
            body.replace(b"<worksheet", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet', 1)
            if name == "xl/worksheets/sheet2.xml"
            else body
        ),
    )
    with pytest.raises(read_module.Unreadable, match="DOCTYPE"):
        read_module.read_book(str(doctype))

    orphan = _rezip(good, tmp_path / "orphan.xlsx", lambda name, body: body)
    with zipfile.ZipFile(orphan, "a") as zf:
        zf.writestr("xl/worksheets/sheet99.xml", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet/>')
    with pytest.raises(read_module.Unreadable, match="DOCTYPE"):
        read_module.read_book(str(orphan))


# ---- the package's workbook part and its relationships, read with plain expat ---------------------

_WORKBOOK_XML = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
    b'<sheet name="R&amp;D" sheetId="1" r:id="rId1"/><sheet name="\xe8\xb3\xbd\xe4\xba\x8b" sheetId="2" r:id="rId2"/>'
    b"</sheets></workbook>"
)


def test_sheet_elements_come_with_their_namespaced_attributes_and_unescaped_names():
    sheets = read_module._elements(_WORKBOOK_XML, "sheet")
    assert [s["name"] for s in sheets] == ["R&D", "賽事"]
    rid = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    assert [s[rid] for s in sheets] == ["rId1", "rId2"]


@pytest.mark.parametrize(
    "xml",
    [
        b'<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook><sheet name="&a;"/></workbook>',
        b'<!DOCTYPE x SYSTEM "http://example.invalid/x.dtd"><workbook/>',
        b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><workbook>&e;</workbook>',
    ],
)
def test_a_dtd_or_an_entity_is_refused_by_the_parser_too(xml):
    with pytest.raises(read_module.EntitiesForbidden):
        read_module._elements(xml, "sheet")


def test_xml_that_is_not_well_formed_is_a_parse_error():
    with pytest.raises(read_module.ParseError):
        read_module._elements(b"<workbook><sheet name='a'></workbook>", "sheet")
