"""The Shuangsheng sample (samples/shuangsheng-24.xlsx): the generator rewrites it exactly, and
`ttools run` writes standings a tally by hand confirms and round 6's pairings."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from tests.cells import cell_values

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLE = SAMPLES / "shuangsheng-24.xlsx"
VALUE = {"J": 11, "Q": 12, "K": 13, "A": 14, "A+": 15}


def _generator():
    spec = importlib.util.spec_from_file_location("make_shuangsheng_sample", SAMPLES / "make_shuangsheng_sample.py")
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


def _slips(path: Path) -> list[dict]:
    keys = ("round", "table", "pair1", "pair2", "level1", "level2", "first_past_a", "forfeit")
    ws = openpyxl.load_workbook(path)["成绩"]
    return [dict(zip(keys, r)) for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None]


def test_the_generator_rewrites_the_sample(tmp_path):
    written = _generator().build(str(tmp_path))
    assert cell_values(Path(written)) == cell_values(SAMPLE)


def test_the_sample_is_after_five_of_seven_rounds_with_deals_a_forfeit_and_a_suspension():
    wb = openpyxl.load_workbook(SAMPLE)
    slips = _slips(SAMPLE)
    assert {s["round"] for s in slips} == {1, 2, 3, 4, 5} and len(wb["参赛对"]["A"]) - 1 == 24
    assert [s for s in slips if s["forfeit"]][0]["round"] == 3
    assert "17" not in {s["pair1"] for s in slips if s["round"] == 4} | {s["pair2"] for s in slips if s["round"] == 4}
    deals = [r for r in wb["逐副记分"].iter_rows(min_row=2, values_only=True) if r[0] is not None]
    assert {(r[0], r[1]) for r in deals} == {(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 3)}
    # the tables with deal sheets wait for ttools to write their levels
    assert all(s["level1"] is None for s in slips if s["table"] == 1)


def test_run_writes_standings_that_a_tally_by_hand_confirms_and_pairs_round_6(processed):
    code, summary, out = processed
    assert code == 0 and summary["problems"] == []
    slips = _slips(out)
    played = [s for s in slips if s["round"] <= 5]
    # every deal-sheet table now carries its levels
    assert all(s["level1"] and s["level2"] for s in played if s["pair2"] and not s["forfeit"])
    points, opponents, diff = Counter(), {}, Counter()
    for s in played:
        a, b = s["pair1"], s["pair2"]
        if not b:  # bye: 2 points, levels 3:2
            points[a] += 2
            diff[a] += 1
            continue
        opponents.setdefault(a, []).append(b)
        opponents.setdefault(b, []).append(a)
        if s["forfeit"]:  # offender 0, opponent 2, levels 2:3
            loser, winner = (a, b) if s["forfeit"] == 1 else (b, a)
            points[winner] += 2
            diff[winner] += 1
            diff[loser] -= 1
            continue
        la, lb = (VALUE.get(x) or int(x) for x in (s["level1"], s["level2"]))
        first = s["first_past_a"]
        if first:
            points[a if first == 1 else b] += 2
        elif la == lb:
            points[a] += 1
            points[b] += 1
        else:
            points[a if la > lb else b] += 2
        diff[a] += la - lb
        diff[b] += lb - la
    by_id = {s["id"]: s for s in summary["standings"]}
    assert len(by_id) == 24
    for pid, s in by_id.items():
        assert s["points"] == points[pid], pid
        assert s["opp_score"] == sum(points[o] for o in opponents.get(pid, [])), pid
        assert s["level_diff"] == diff[pid], pid
    keys = [(s["points"], s["opp_score"], s["level_diff"], s["small_points"]) for s in summary["standings"]]
    assert keys == sorted(keys, reverse=True)
    # round 6: twelve tables, everyone once, nobody against an earlier opponent, ranked first at table 1
    r6 = [p for p in summary["pairings"] if p["round"] == 6]
    assert len(r6) == 12 and sorted(p for t in r6 for p in (t["pair1"], t["pair2"])) == sorted(by_id)
    assert not [t for t in r6 if t["pair2"] in opponents.get(t["pair1"], [])]
    assert r6[0]["pair1"] == summary["standings"][0]["id"]
    wb = openpyxl.load_workbook(out)
    assert {"对阵表", "排名", "成绩总表", "成绩卡", "逐副级数"} <= set(wb.sheetnames)
    notes = [r[-1] for r in wb["排名"].iter_rows(values_only=True) if r[1] == "17"]
    assert notes == ["停赛第 4 轮（不服从裁判）"]
