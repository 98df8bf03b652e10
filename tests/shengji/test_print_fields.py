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
    assert reports["Ranking"].wall and reports["NextSeating"].wall
    assert not any(reports[k].wall for k in ("Scores", "Travellers", "PlayerCards", "TableCards", "HandRecords"))
