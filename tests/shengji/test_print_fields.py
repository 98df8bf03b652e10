"""What Shengji asks of the printed sheets: hearts and diamonds in red on the hand records (every
♥ and ♦ cell, nothing else), and the ranking and seating marked as wall sheets (larger type, gaps
between columns) while the desk's sheets are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttools.competitions.shengji.competition import Shengji
from ttools.core.cards import SUIT_SYMBOLS
from ttools.workbook.read import read_book

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "shengji-30.xlsx"


@pytest.fixture(scope="module")
def reports():
    return {r.key: r for r in Shengji().process(read_book(str(SAMPLE))).reports}


def test_hearts_and_diamonds_are_red_on_the_hand_records(reports):
    blocks = reports["HandRecords"].blocks
    assert blocks
    for block in blocks:
        red_columns = {j for j, head in enumerate(block.header) if head in (SUIT_SYMBOLS["H"], SUIT_SYMBOLS["D"])}
        assert len(red_columns) == 2
        expected = {(i, j): "red" for i in range(len(block.rows)) for j in red_columns}
        assert block.colors == expected  # the seat, jokers, spades, clubs, counts stay black
        assert len(block.rows) == 5  # four hands and the kitty


def test_ranking_and_seating_are_wall_sheets_and_the_desk_sheets_are_not(reports):
    """Ranking and seating are read from a distance; a table card's slip is written on by hand,
    so it takes the wall sheet's larger cells too (as the Nations Cup's table cards do)."""
    assert reports["Ranking"].wall and reports["NextSeating"].wall and reports["TableCards"].wall
    assert reports["NextSeating"].fit  # a few tables scaled up to the page width, not left in a corner
    assert not any(reports[k].wall for k in ("Scores", "Travellers", "PlayerCards", "HandRecords"))


def _red(cell) -> bool:
    """The cell's text is in a red (a strong red channel, weak green and blue)."""
    color = cell.font.color if cell.font is not None else None
    rgb = color.rgb if color is not None and isinstance(color.rgb, str) else ""
    if len(rgb) != 8:
        return False
    r, g, b = (int(rgb[i : i + 2], 16) for i in (2, 4, 6))
    return r >= 0x80 and g < 0x40 and b < 0x40


def test_the_written_hand_records_print_hearts_and_diamonds_red(tmp_path, invoke):
    from openpyxl import load_workbook

    out = tmp_path / "out.xlsx"
    assert invoke("run", SAMPLE, "-o", out, "-q").exit_code in (0, 1)
    ws = load_workbook(out)["牌谱"]
    rows = list(ws.iter_rows())
    red_cells = black_cells = 0
    for i, row in enumerate(rows):
        if [c.value for c in row[2:6]] != [SUIT_SYMBOLS[s] for s in "SHDC"]:
            continue
        for line in rows[i + 1 : i + 6]:  # four hands and the kitty under each header
            for j, cell in enumerate(line[:8]):
                if j in (3, 4):
                    assert _red(cell), cell.coordinate
                    red_cells += 1
                else:
                    assert not _red(cell), cell.coordinate
                    black_cells += 1
    assert red_cells == 2 * 5 * 6 and black_cells == 6 * 5 * 6  # six boards of the round seated
