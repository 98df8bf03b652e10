"""What prints on which page: empty table-move sections are left out (a finished event prints
no TableMoves), each Day 2 event and each finals round has a page group of its own, and a finals
round's heads-up and single-table draws share one (issue: "a finals round's HU and SNG draws land
on different pages"; "each finals round and each Day 2 event on its own page")."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl

from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.report import reports
from ttools.pdf import write_pdf
from ttools.pipeline import process_file

from tests.conftest import complete_sheets

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def _sheets(outcome, lang="en"):
    return {r.key: r for r in reports(outcome.results, lang)}


def test_a_finished_event_prints_no_table_moves():
    for name in ("nations-cup-12.xlsx", "nations-cup-16.xlsx", "nations-cup-11-finals.xlsx"):
        outcome = process_file(str(SAMPLES / name))
        assert {a.action for a in outcome.results.advice.values()} == {"over"}  # as the JSON still says
        assert "Moves" not in _sheets(outcome), name


def test_nothing_due_prints_the_summary_without_an_empty_table(write_event, tmp_path):
    """An event with nothing due is its summary line (and notes), not a table and not a page of
    its own: the first Day 2 run prints both events' lines on one page."""
    sheets = {k: v for k, v in complete_sheets(11).items() if k in ("Players", "Day1", "Lineups")}
    outcome = process_file(str(write_event(sheets, teams=11, rules={})))
    moves = _sheets(outcome)["Moves"]
    assert [b.page_group for b in moves.blocks] == ["", ""]
    pdf = tmp_path / "moves.pdf"
    write_pdf([moves], str(pdf), "en", event_name="test")
    (page,) = [p for p in _pages(pdf) if p.strip()]
    assert page.count("No move: 4 tables") == 2
    for block in moves.blocks:
        assert block.title.endswith("No move: 4 tables, players per table 9/8/8/8.")
        assert (list(block.header), list(block.rows)) == ([], [])
        assert block.notes  # the players per table and the seed
    target = tmp_path / "first.out.xlsx"
    outcome.writer(str(target))
    ws = openpyxl.load_workbook(target)[S.OUTPUTS["Moves"]["en"]]
    cells = [c for row in ws.iter_rows(values_only=True) for c in row if c is not None]
    assert "From table" not in cells and "#" not in cells
    assert sum(1 for c in cells if str(c).endswith("players per table 9/8/8/8.")) == 2


def test_moves_under_way_keep_their_tables_one_event_a_page():
    outcome = process_file(str(SAMPLES / "nations-cup-11.xlsx"))
    sheets = _sheets(outcome)
    moves = sheets["Moves"]
    assert [b.page_group for b in moves.blocks] == ["nlh", "bounty"]
    assert all(b.rows and b.header for b in moves.blocks)
    assert [b.page_group for b in sheets["Day2Draw"].blocks] == ["nlh", "bounty"]
    assert all("Draw seed" in b.notes[0] for b in sheets["Day2Draw"].blocks)  # on each event's page
    assert [b.page_group for b in sheets["CurrentSeating"].blocks] == ["nlh", "bounty", "by-name"]


def test_each_finals_round_is_one_page_group_hu_and_sng_together():
    outcome = process_file(str(SAMPLES / "nations-cup-12.xlsx"))
    sheets = _sheets(outcome)
    for key in ("FinalsDraw", "FinalsResults"):
        groups: dict[str, list[str]] = {}
        for b in sheets[key].blocks:
            if b.title.startswith("Round "):
                groups.setdefault(b.page_group, []).append(b.title)
        assert list(groups) == ["round-1", "round-2", "round-3"], key
        for rnd, titles in enumerate(groups.values(), start=1):
            assert f"Round {rnd} heads-up" in titles and f"Round {rnd} single-table tournaments" in titles


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")


def test_the_printed_finals_draw_puts_each_round_on_a_page_of_its_own(tmp_path):
    outcome = process_file(str(SAMPLES / "nations-cup-12.xlsx"))
    draw = [r for r in reports(outcome.results, "zh-Hant") if r.key in ("FinalsDraw", "Day2Draw")]
    pdf = tmp_path / "draw.pdf"
    write_pdf(draw, str(pdf), "zh-Hant", event_name="test")
    pages = _pages(pdf)
    for rnd in (1, 2, 3):
        (page,) = [p for p in pages if f"第 {rnd} 輪 單挑賽" in p]
        assert f"第 {rnd} 輪 單桌錦標賽" in page
        assert not [r for r in (1, 2, 3) if r != rnd and f"第 {r} 輪 單挑賽" in page]
    nlh = [i for i, p in enumerate(pages) if "NLH MTT 分桌" in p]
    bounty = [i for i, p in enumerate(pages) if "獵人賽分桌" in p]
    assert nlh and bounty and max(nlh) < min(bounty)  # the bounty draw starts a page of its own
