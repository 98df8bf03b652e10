"""The Shengji sample (samples/shengji-30.xlsx): the generator rewrites it exactly, and `ttools run`
ranks the 30 players after round 3 (a tally by hand agrees) and seats round 4 by the snake."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from tests.cells import cell_values

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLE = SAMPLES / "shengji-30.xlsx"


def _generator():
    spec = importlib.util.spec_from_file_location("make_shengji_sample", SAMPLES / "make_shengji_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def processed(tmp_path_factory):
    from click.testing import CliRunner

    from ttools.cli import cli

    folder = tmp_path_factory.mktemp("sample")
    out, summary = folder / "out.xlsx", folder / "out.json"
    result = CliRunner().invoke(cli, ["run", str(SAMPLE), "-o", str(out), "--json", str(summary)])
    return result.exit_code, json.loads(summary.read_text(encoding="utf-8")), out


@pytest.fixture(scope="module")
def sheets():
    wb = openpyxl.load_workbook(SAMPLE)
    keys = (
        "round",
        "table",
        "board",
        "declarer",
        "captured",
        "kitty",
        "last_lead",
        "time_n",
        "time_e",
        "time_s",
        "time_w",
        "score_ns",
    )
    boards = [dict(zip(keys, r)) for r in wb["成绩"].iter_rows(min_row=2, values_only=True) if r[0] is not None]
    seating = [
        dict(zip(("round", "table", "seat", "player"), r))
        for r in wb["座位"].iter_rows(min_row=2, values_only=True)
        if r[0] is not None
    ]
    return boards, seating


def test_the_generator_rewrites_the_sample(tmp_path):
    written = _generator().build(str(tmp_path))
    assert cell_values(Path(written)) == cell_values(SAMPLE)


def test_the_sample_has_three_rounds_with_sit_outs_and_each_kind_of_entry(sheets):
    boards, seating = sheets
    assert {b["round"] for b in boards} == {1, 2, 3} and len(boards) == 3 * 7 * 6
    assert {r: sum(1 for s in seating if s["round"] == r and s["table"] is None) for r in (1, 2, 3)} == {
        1: 2,
        2: 2,
        3: 2,
    }
    assert any(b["declarer"] == "X" for b in boards)  # a board not played
    assert any(b["score_ns"] is not None and b["declarer"] is None for b in boards)  # a typed score
    assert any(isinstance(b["time_n"], str) and ":" in b["time_n"] for b in boards)
    assert {b["last_lead"] for b in boards if b["last_lead"]} >= {"single", "pair", "tractor2", "throw", "throw-pair"}


def _net(points: int) -> int:
    """The rulebook's bands by hand: 0 → +3, 5–35 → +2, 40–75 → +1, 80–115 → 0, then −1 per 40 to −3."""
    if points == 0:
        return 3
    if points < 40:
        return 2
    if points < 80:
        return 1
    return -min((points - 80) // 40, 3)


MULT = {"single": 2, "pair": 4, "tractor2": 8, "tractor3": 16, "throw": 2, "throw-pair": 4, "throw-tractor2": 8}


def test_run_ranks_and_seats_round_four(processed, sheets):
    code, data, out = processed
    assert code == 0, data["problems"]
    boards, seating = sheets
    # ---- a tally by hand of the whole event --------------------------------------------------------
    seat_of = {(s["round"], s["table"], s["seat"]): str(s["player"]) for s in seating if s["table"]}
    tables = {r: len({s["table"] for s in seating if s["round"] == r and s["table"]}) for r in (1, 2, 3)}
    results = defaultdict(list)  # (round, board) -> [(table, NS score)]
    for b in boards:
        if b["declarer"] == "X":
            continue
        if b["declarer"] is None:
            ns = b["score_ns"]
        else:
            p = b["captured"] + ((b["kitty"] or 0) * MULT[b["last_lead"]] if b["last_lead"] else 0)
            ns = _net(p) if b["declarer"] == "NS" else -_net(p)
        results[(b["round"], b["board"])].append((b["table"], ns))
    rates = defaultdict(list)
    for (rnd, board), rows in results.items():
        n, due = len(rows), tables[rnd]
        for seat in "NESW":
            for table, ns in rows:
                mine = ns if seat in "NS" else -ns
                others = [x if seat in "NS" else -x for t, x in rows if t != table]
                mp = 2 * sum(o < mine for o in others) + sum(o == mine for o in others)
                if n < due:  # Neuberg
                    rate = ((mp + 1) * Fraction(due, n) - 1) / (2 * (due - 1))
                else:
                    rate = Fraction(mp, 2 * (n - 1))
                rates[seat_of[(rnd, table, seat)]].append(rate)
    by_hand = {p: sum(r) / len(r) * 100 for p, r in rates.items()}
    got = {s["id"]: s["rate"] for s in data["standings"]}
    assert got.keys() == by_hand.keys() and all(abs(got[p] - float(by_hand[p])) < 6e-7 for p in got)  # six decimals
    assert [by_hand[s["id"]] for s in data["standings"]] == sorted(by_hand.values(), reverse=True)  # the exact order
    # ---- round 4 by the snake, sit-outs spread ---------------------------------------------------------
    r4 = [s for s in data["seating"] if s["round"] == 4]
    out4 = [s["player"] for s in r4 if s["table"] is None]
    sat = Counter(str(s["player"]) for s in seating if s["table"] is None)
    assert len(out4) == 2 and not any(sat[p] for p in out4)  # no one sits out twice before all have
    order = [s["id"] for s in data["standings"] if s["id"] not in out4]
    at = {(s["table"], s["seat"]): s["player"] for s in r4 if s["table"]}
    assert [at[(1, d)] for d in "NESW"] == order[:4]
    assert [at[(2, d)] for d in "WSEN"] == order[4:8]
    wb = openpyxl.load_workbook(out)
    assert {"排名", "座位表", "桌卡", "牌谱", "计分单", "个人成绩", "计分示例", "得分"} <= set(wb.sheetnames)
    prefilled = [r for r in wb["成绩"].iter_rows(min_row=2, values_only=True) if r[0] == 4]
    assert len(prefilled) == 7 * 6


def test_the_scoring_example_works_through_a_board_with_three_scores_or_more(processed):
    _code, _data, out = processed
    rows = [r for r in openpyxl.load_workbook(out)["计分示例"].iter_rows(values_only=True) if isinstance(r[0], int)]
    assert len(rows) >= 3 and len({r[0] for r in rows}) == len(rows)
