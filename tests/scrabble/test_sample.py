"""The Scrabble sample (samples/scrabble-3div.xlsx): the generator rewrites it exactly, and
`ttools run` pairs round 6 as King of the Hill, with standings that a tally by hand confirms."""

from __future__ import annotations

import importlib.util
import json
import math
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import openpyxl

from tests.cells import cell_values
import pytest

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLE = SAMPLES / "scrabble-3div.xlsx"


def _generator():
    spec = importlib.util.spec_from_file_location("make_scrabble_sample", SAMPLES / "make_scrabble_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def processed(tmp_path_factory):
    """(exit code, JSON summary, output path) of `ttools run` on the sample."""
    from click.testing import CliRunner

    from ttools.cli import cli

    folder = tmp_path_factory.mktemp("sample")
    out, summary = folder / "out.xlsx", folder / "out.json"
    result = CliRunner().invoke(cli, ["run", str(SAMPLE), "-o", str(out), "--json", str(summary)])
    return result.exit_code, json.loads(summary.read_text(encoding="utf-8")), out


@pytest.fixture(scope="module")
def slips() -> list[dict]:
    """The Results rows of the sample, by canonical column."""
    ws = openpyxl.load_workbook(SAMPLE)["成績"]
    keys = ("round", "table", "player1", "score1", "player2", "score2", "overtime1", "overtime2", "forfeit")
    return [dict(zip(keys, r)) for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None]


def test_the_generator_rewrites_the_sample(tmp_path):
    written = _generator().build(str(tmp_path))
    assert cell_values(Path(written)) == cell_values(SAMPLE)


def test_the_sample_has_each_kind_of_result(slips):
    assert max(s["round"] for s in slips) == 5
    assert any(s["forfeit"] for s in slips)  # a forfeit
    assert any(s["player2"] is None for s in slips)  # byes
    assert any(s["overtime1"] or s["overtime2"] for s in slips)  # an overtime penalty
    assert any(s["player2"] and s["score1"] is not None and s["score1"] == s["score2"] for s in slips)  # a tie
    wb = openpyxl.load_workbook(SAMPLE)
    players = [r for r in wb["參賽者"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert {d: sum(1 for r in players if r[4] == d) for d in "ABC"} == {"A": 12, "B": 10, "C": 7}
    methods = {r[0]: r[1] for r in wb["回合"].iter_rows(min_row=2, values_only=True) if r[0]}
    assert methods == {1: "random", 2: "ad", 3: "ad", 4: "ad", 5: "ad", 6: "koth"}


def test_run_pairs_round_six_king_of_the_hill(processed, slips):
    code, data, _ = processed
    assert code == 0, data["problems"]
    assert set(data["pairings"]) == {"A", "B", "C"}
    byes = defaultdict(int)
    for s in slips:
        if s["player2"] is None:
            byes[s["player1"]] += 1
    for division, tables in data["pairings"].items():
        order = [r["id"] for r in data["standings"][division]]
        assert {t["round"] for t in tables} == {6}
        bye = [t["first"] for t in tables if t["second"] is None]
        if len(order) % 2:
            # the lowest-ranked player among those with the fewest byes sits out
            fewest = min(byes[p] for p in order)
            assert bye == [next(p for p in reversed(order) if byes[p] == fewest)]
        rest = [p for p in order if p not in bye]
        # King of the Hill: 1 v 2, 3 v 4, … of the standings, whatever they played before
        expected = [frozenset(rest[i : i + 2]) for i in range(0, len(rest), 2)]
        assert [frozenset((t["first"], t["second"])) for t in tables if t["second"]] == expected


def test_standings_agree_with_a_tally_by_hand(processed, slips):
    _, data, _ = processed
    tally: dict[str, list] = defaultdict(lambda: [Fraction(0), Fraction(0), 0])

    def add(player, wins, losses, spread):
        t = tally[player]
        t[0] += wins
        t[1] += losses
        t[2] += spread

    for s in slips:
        if s["player2"] is None:
            add(s["player1"], 1, 0, s["score1"])
        elif s["forfeit"]:
            absent, present = (s["player1"], s["player2"]) if s["forfeit"] == 1 else (s["player2"], s["player1"])
            add(absent, 0, 1, -100)
            add(present, 1, 0, 100)
        else:
            a = s["score1"] - 10 * math.ceil(s["overtime1"] or 0)
            b = s["score2"] - 10 * math.ceil(s["overtime2"] or 0)
            result = Fraction(1) if a > b else Fraction(0) if a < b else Fraction(1, 2)
            add(s["player1"], result, 1 - result, a - b)
            add(s["player2"], 1 - result, result, b - a)
    for rows in data["standings"].values():
        for r in rows:
            assert (Fraction(r["wins"]), Fraction(r["losses"]), r["spread"]) == tuple(tally[r["id"]]), r
        keys = [(-tally[r["id"]][0], tally[r["id"]][1], -tally[r["id"]][2]) for r in rows]
        assert keys == sorted(keys)


def test_a_few_players_checked_by_hand(processed):
    _, data, _ = processed
    rec = {r["id"]: (r["wins"], r["losses"], r["spread"]) for d in data["standings"].values() for r in d}
    # A5: 440–311, 441–419, 380–346, 408−30 (2½ minutes over) = 378–344, 351–410
    assert rec["A5"] == (4, 1, 129 + 22 + 34 + 34 - 59)
    # A4: 309–333, a tie 399–399 with A2, 362–330, 341–376, 409–287
    assert rec["A4"] == (2.5, 2.5, -24 + 0 + 32 - 35 + 122)
    # B2: 415–414, 386–303, round 3 B4 absent (+100), 372–315, 325–389
    assert rec["B2"] == (4, 1, 1 + 83 + 100 + 57 - 64)
    # C1: 404–377, 455–412, 360–372, 312–426, a bye in round 5 (+50)
    assert rec["C1"] == (3, 2, 27 + 43 - 12 - 114 + 50)


def test_the_output_has_the_round_six_rows_and_the_printable_sheets(processed):
    _, data, out = processed
    wb = openpyxl.load_workbook(out)
    assert {"對賽表", "排名", "計分卡", "對賽總表"} <= set(wb.sheetnames)
    rows = [r for r in wb["成績"].iter_rows(min_row=2, values_only=True) if r[0] == 6]
    tables = [t for ts in data["pairings"].values() for t in ts]
    assert [(r[1], r[2], r[4]) for r in rows] == [(t["table"], t["first"], t["second"]) for t in tables]
    assert all(r[3] == 50 for r in rows if r[4] is None)  # the bye comes pre-filled with its spread


def test_the_pairing_sheet_names_the_tables_whose_starter_was_drawn(processed):
    """TSH's ``SynchFirsts``: fewer starts starts, then more replies; only equal starts and
    replies are drawn, and the sheet says at which tables the draw decided."""
    _, _, out = processed
    wb = openpyxl.load_workbook(out)
    notes = [
        v
        for row in wb["對賽表"].iter_rows(values_only=True)
        for v in row
        if isinstance(v, str) and "先手由抽籤決定" in v
    ]
    assert notes and all(v.startswith("第 ") for v in notes)
