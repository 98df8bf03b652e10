"""Every workbook ttools writes is one it can read again: the report sheets a results workbook's
_meta names as ttools' own are left out of the read (each run makes them again), so the cell
limit counts what staff could type, and a file that names sheets there gains nothing by it."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from python_calamine import CalamineWorkbook

from tests.workbook.test_hostile import MEMORY_LIMIT_MB, TIME_LIMIT_S, make_hostile, ttools_measured
from ttools.pipeline import process_file
from ttools.problems import Unreadable
from ttools.workbook import read as R

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["nations-cup-12.xlsx", "scrabble-3div.xlsx", "shengji-30.xlsx", "shuangsheng-24.xlsx"]


def results_of(source: Path | str, target: Path) -> Path:
    process_file(str(source)).writer(str(target))
    return target


def printable(path: Path) -> list[str]:
    meta = CalamineWorkbook.from_path(str(path)).get_sheet_by_name("_meta").to_python()
    return next(str(row[1]).split("|") for row in meta if row[0] == "printable")


def cells_per_sheet(path: Path) -> dict[str, int]:
    """Cell elements of each sheet's XML, as the reader's bound counts them."""
    with zipfile.ZipFile(path) as zf:
        paths, _ = R._sheet_paths(zf)
        return {name: R._count_cells(zf.read(part)) for name, part in paths.items()}


def sheet_values(path: Path) -> dict[str, list]:
    wb = CalamineWorkbook.from_path(str(path))
    return {name: wb.get_sheet_by_name(name).to_python() for name in wb.sheet_names}


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_results_workbook_is_read_without_its_report_sheets_and_gives_what_reading_them_gave(
    tmp_path, monkeypatch, sample
):
    results = results_of(ROOT / "samples" / sample, tmp_path / "results.xlsx")
    reports = printable(results)
    book = R.read_book(str(results))
    assert reports and not set(reports) & set(book.order) and not set(reports) & set(book.sheets)
    everything = CalamineWorkbook.from_path(str(results)).sheet_names
    assert book.order == [name for name in everything if name not in reports]
    assert "_meta" in book.order and book.get("_meta") is not None

    left_out = process_file(str(results))
    left_out.writer(str(tmp_path / "left-out.xlsx"))
    monkeypatch.setattr(R, "_own_reports", lambda *_: set())  # as before: every sheet read
    assert set(reports) <= set(R.read_book(str(results)).order)
    read_all = process_file(str(results))
    read_all.writer(str(tmp_path / "read-all.xlsx"))
    assert left_out.json() == read_all.json()
    assert sheet_values(tmp_path / "left-out.xlsx") == sheet_values(tmp_path / "read-all.xlsx")


def _rename_meta(data: bytes) -> bytes:
    """The same package with its _meta sheet under another name (nothing marks a sheet as ttools')."""
    return make_hostile.rezip(
        data, lambda name, body: body.replace(b'name="_meta"', b'name="_note"') if name == "xl/workbook.xml" else body
    )


def test_the_cell_limit_counts_the_sheets_read_not_the_report_sheets(tmp_path, monkeypatch):
    results = results_of(ROOT / "samples" / "shengji-30.xlsx", tmp_path / "results.xlsx")
    reports = set(printable(results))
    cells = cells_per_sheet(results)
    read = sum(n for name, n in cells.items() if name not in reports)
    assert sum(cells.values()) > 3 * read  # the reports hold most of the workbook's cells
    monkeypatch.setattr(R, "MAX_CELLS", read)  # exactly what the sheets read hold: allowed
    assert R.read_book(str(results)).get("_meta") is not None
    monkeypatch.setattr(R, "MAX_CELLS", read - 1)
    with pytest.raises(Unreadable, match=re.escape(f"too large (more than {read - 1:,} cells)")):
        R.read_book(str(results))
    monkeypatch.setattr(R, "MAX_CELLS", read)
    unmarked = tmp_path / "unmarked.xlsx"
    unmarked.write_bytes(_rename_meta(results.read_bytes()))
    with pytest.raises(Unreadable, match="too large"):  # the same sheets, none marked: all counted
        R.read_book(str(unmarked))


def test_the_largest_benchmark_results_are_read_again_though_they_hold_more_cells_than_the_limit(tmp_path):
    """Shengji 1,000 players x 30 boards: its results workbook holds more cells than staff could
    type into an input (MAX_CELLS), and is read again, processed to the same results, all the same."""
    from tests.benchmarks import events

    source = events.shengji(str(tmp_path / "shengji-1000.xlsx"), players=1000)
    first = process_file(source)
    results = tmp_path / "results.xlsx"
    first.writer(str(results))
    assert sum(cells_per_sheet(results).values()) > R.MAX_CELLS
    again = process_file(str(results))
    assert again.ok and again.summary == first.summary


# ---- what a hostile file can name as ttools' own -----------------------------------------------


def _marked(printable: str, teams: int = 4) -> bytes:
    """A nations-cup event with a _meta sheet that names ``printable`` as its report sheets."""
    wb = make_hostile.nations_cup(teams)
    meta = wb.create_sheet("_meta")
    for row in (["key", "value"], ["tool", "ttools"], ["competition", "nations-cup"], ["printable", printable]):
        meta.append(row)
    return make_hostile.save(wb)


def _dense(data: bytes, title: str, rows: int, cols: int = 10) -> bytes:
    part = make_hostile.sheet_part(data, title)
    letters = [chr(65 + j) for j in range(cols)]

    def change(name: str, body: bytes) -> bytes:
        if name != part:
            return body
        extra = "".join(
            f'<row r="{r}">' + "".join(f'<c r="{c}{r}"><v>{r}</v></c>' for c in letters) + "</row>"
            for r in range(100, 100 + rows)
        )
        return re.sub(rb"<dimension [^>]*/>", b"", body).replace(b"</sheetData>", extra.encode() + b"</sheetData>")

    return make_hostile.rezip(data, change)


def test_a_sheet_named_as_ttools_own_is_not_read_so_naming_it_costs_nothing(tmp_path):
    """52,000 x 10 cells on Players (refused as too large when read) named as a report sheet: the
    sheet is left out, and the check ends in bounded time and memory, the event waiting for its
    players as one whose Players sheet is empty."""
    source = tmp_path / "marked.xlsx"
    source.write_bytes(_dense(_marked("Players"), "Players", 52_000))
    with pytest.raises(Unreadable, match="too large"):
        R.read_book(str(_write(tmp_path / "unmarked.xlsx", _rename_meta(source.read_bytes()))))
    book = R.read_book(str(source))
    assert "Players" not in book.order and book.get("Players") is None
    proc, seconds, peak_mb = ttools_measured(tmp_path, "check", source)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-500:]
    assert proc.stderr.startswith("waiting: ") and "Players" in proc.stderr.splitlines()[0], proc.stderr
    assert seconds < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB, (seconds, peak_mb)


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_sheet_named_as_ttools_own_is_still_checked_as_every_part_is(tmp_path):
    """Left out of the read, not out of the checks: a DOCTYPE, or data that fails its CRC, in a
    sheet _meta names is refused as anywhere else."""
    marked = _marked("Players")
    part = make_hostile.sheet_part(marked, "Players")
    doctype = make_hostile.rezip(
        marked,
        lambda name, body: (
            body.replace(b"<worksheet", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet', 1) if name == part else body
        ),
    )
    with pytest.raises(Unreadable, match="declares a DOCTYPE"):
        R.read_book(str(_write(tmp_path / "doctype.xlsx", doctype)))
    # one byte of the sheet's data changed after it was packed (stored, not deflated): the same
    # size, another CRC
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(marked)) as src, zipfile.ZipFile(out, "w") as dst:
        for member in src.infolist():
            dst.writestr(member.filename, src.read(member), zipfile.ZIP_STORED)
        body = src.read(part)
    data = bytearray(out.getvalue())
    data[data.index(body) + body.index(b"<sheetData>") + 1] ^= 0x20  # 's' -> 'S'
    with pytest.raises(Unreadable, match="fails its CRC check"):
        R.read_book(str(_write(tmp_path / "crc.xlsx", bytes(data))))
