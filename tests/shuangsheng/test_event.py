"""Whole events through the CLI, computed by hand: a 6-pair, 3-round event with a draw, a
forfeit, a bye and a disqualification; ties split by 级差分 and by lot; the slip and deal
problems on their cells; the deal sheet filling its table's result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from ttools.competitions.shuangsheng import schema as S
from ttools.competitions.shuangsheng.competition import write_input_workbook
from ttools.workbook.read import col_letter

SEED = "test-seed"


def cell(column: str, index: int, spec=S.RESULTS) -> str:
    """The A1 address of row ``index`` (0-based) of ``column`` on a written input sheet."""
    j = [c.key for c in spec.columns].index(column)
    return f"{col_letter(j)}{index + 2}"


def res(rnd, table, p1, p2, l1=None, l2=None, **kw):
    return {"round": rnd, "table": table, "pair1": p1, "pair2": p2 or "", "level1": l1 or "", "level2": l2 or "", **kw}


def standings_rows(out: Path) -> list[dict]:
    """The Standings sheet's rows under its header, by column name (columns that say nothing for
    an event are left out of the sheet, so no column has a fixed place)."""
    rows = list(load_workbook(out)["Standings"].iter_rows(values_only=True))
    at = next(k for k, r in enumerate(rows) if "Rank" in r and "Decided by" in r)
    head = rows[at]
    return [dict(zip(head, r)) for r in rows[at + 1 :] if r[1] is not None]


@pytest.fixture
def event(tmp_path: Path):
    def _write(pairs, results=(), deals=(), discipline=(), name="event.xlsx", event=None, rules=None, lang="en"):
        path = tmp_path / name
        write_input_workbook(
            str(path),
            pairs,
            {"Results": list(results), "Deals": list(deals), "Discipline": list(discipline)},
            event={"seed": SEED, "name": "Test Pairs", **(event or {})},
            rules=rules,
            lang=lang,
        )
        return path

    return _write


@pytest.fixture
def run(invoke, tmp_path: Path):
    def _run(path: Path, command: str = "run"):
        out = tmp_path / f"{path.stem}.out.xlsx"
        target = tmp_path / f"{path.stem}.{command}.json"
        args = [command, path, "--json", target] + (["-o", out] if command == "run" else [])
        result = invoke(*args)
        assert result.exit_code in (0, 1), result.output
        return result.exit_code, json.loads(target.read_text(encoding="utf-8")), out

    return _run


# Rounds 1 and 2 of the hand-computed event (pairs 1–6).
ROUNDS_1_2 = [
    res(1, 1, 1, 2, "K", "9"),  # 1 beats 2: 2:0 points; 级差 13 − 9 = ±4; 小分 11 and 7
    res(1, 2, 3, 4, "10", "10"),  # draw: 1 point each; 级差 0; 小分 8 each
    res(1, 3, 5, 6, forfeit=2),  # 6 forfeits: 5 scores 2, 6 scores 0; levels 3:2 for 5 (级差 ±1; 小分 1 and 0)
    res(2, 1, 1, 5, "A+", "Q", first_past_a=1),  # 1 passes A: 2:0; 级差 15 − 12 = ±3; 小分 13 and 10
    res(2, 2, 3, 2, "8", "J"),  # 2 wins: 0:2; 级差 11 − 8 = ±3; 小分 6 and 9
    res(2, 3, 4, 6, "5", "5"),  # draw: 1 each; 级差 0; 小分 3 each
]
DQ_6 = [{"pair": 6, "kind": "disqualify", "from_round": 3, "reason": "abusing the referee"}]


def test_six_pairs_round_three_is_paired_from_the_tie_breaks_with_a_bye(event, run):
    # After round 2: points 1: 2+2 = 4; 2: 0+2 = 2; 4: 1+1 = 2; 5: 2+0 = 2; 3: 1+0 = 1; 6: 0+1 = 1 (disqualified from 3).
    # 对手分 of the 2-point pairs: 2 met 1 (4) and 3 (1) = 5; 5 met 6 (1) and 1 (4) = 5; 4 met 3 (1) and 6 (1) = 2.
    # 2 and 5 tie on 5: 级差分 2: −4 + 3 = −1; 5: +1 − 3 = −2, so 2 ranks above 5.
    # Ranking 1, 2, 5, 4, 3 (6 is out): five pairs, the bye to the lowest without one: 3.
    # Then 1 has met 2 and 5: 1–4; 2–5.
    path = event(6, ROUNDS_1_2, discipline=DQ_6, event={"rounds": 3})
    code, summary, out = run(path)
    assert code == 0, summary["problems"]
    r3 = [p for p in summary["pairings"] if p["round"] == 3]
    assert r3 == [
        {"round": 3, "table": 1, "pair1": "1", "pair2": "4"},
        {"round": 3, "table": 2, "pair1": "2", "pair2": "5"},
        {"round": 3, "table": None, "pair1": "3", "pair2": None},
    ]
    wb = load_workbook(out)
    rows = [[c.value for c in r] for r in wb["Results"].iter_rows(min_row=2, values_only=False) if r[0].value]
    assert rows[-3][:4] == [3, 1, "1", "4"] and rows[-1][:4] == [3, None, "3", None]


def test_six_pairs_three_rounds_every_tie_break_column(event, run):
    results = ROUNDS_1_2 + [
        res(3, 1, 1, 4, "7", "7"),  # draw: 1 each; 级差 0; 小分 5 each
        res(3, 2, 2, 5, "9", "10"),  # 5 wins: 0:2; 级差 ∓1; 小分 7 and 8
        res(3, None, 3, None),  # 3 has the bye: 2 points, levels 3:2 (级差 +1, 小分 1), no 对手分
    ]
    path = event(6, results, discipline=DQ_6, event={"rounds": 3})
    code, summary, out = run(path)
    assert code == 0, summary["problems"]
    # points: 1: 2+2+1 = 5; 5: 2+0+2 = 4; 4: 1+1+1 = 3; 3: 1+0+2 = 3; 2: 0+2+0 = 2; 6: 0+1 = 1
    # 对手分 (opponents' final points): 1: 2 + 5 + 4 → 2 + 4 + 3 = 9; 4: 3 + 6 + 1 → 3 + 1 + 5 = 9;
    #   3: 4 + 2 (+ bye: nothing) → 3 + 2 = 5; 5: 6 (the forfeit stood as a pairing) + 1 + 2 → 1 + 5 + 2 = 8;
    #   2: 1 + 3 + 5 → 5 + 3 + 4 = 12; 6: 5 + 4 → 4 + 3 = 7
    # 级差分: 1: +4 +3 +0 = 7; 5: +1 −3 +1 = −1; 4: 0 + 0 + 0 = 0; 3: 0 −3 +1 = −2; 2: −4 +3 −1 = −2; 6: −1 + 0 = −1
    # 小分: 1: 11+13+5 = 29; 5: 1+10+8 = 19; 4: 8+3+5 = 16; 3: 8+6+1 = 15; 2: 7+9+7 = 23; 6: 0+3 = 3
    # 4 and 3 tie on 3 points: 对手分 9 > 5 puts 4 first. 6 is disqualified: listed, not ranked.
    assert summary["standings"] == [
        {"rank": 1, "id": "1", "points": 5, "opp_score": 9, "level_diff": 7, "small_points": 29},
        {"rank": 2, "id": "5", "points": 4, "opp_score": 8, "level_diff": -1, "small_points": 19},
        {"rank": 3, "id": "4", "points": 3, "opp_score": 9, "level_diff": 0, "small_points": 16},
        {"rank": 4, "id": "3", "points": 3, "opp_score": 5, "level_diff": -2, "small_points": 15},
        {"rank": 5, "id": "2", "points": 2, "opp_score": 12, "level_diff": -2, "small_points": 23},
        {"rank": None, "id": "6", "points": 1, "opp_score": 7, "level_diff": -1, "small_points": 3},
    ]
    assert not [p for p in summary["pairings"] if p["round"] == 4]  # 3 rounds: finished
    wb = load_workbook(out)
    standings = standings_rows(out)
    row3 = next(r for r in standings if r["ID"] == "3")
    assert row3["Decided by"] == "opp. score"  # what put 3 below 4
    row6 = next(r for r in standings if r["ID"] == "6")
    assert row6["Rank"] == "DQ" and "abusing the referee" in row6["Note"]
    cross = [r for r in wb["CrossTable"].iter_rows(values_only=True)]
    row5 = next(r for r in cross if r[0] == "5")
    assert row5[2:6] == ("6 3:2 2 w/o", "1 Q:A+ 0", "2 10:9 2", 4)
    assert next(r for r in cross if r[0] == "6")[2] == "5 2:3 0 ff"
    row3 = next(r for r in cross if r[0] == "3")
    assert row3[4] == "bye 3:2 2"


def test_two_pairs_tied_on_points_and_opponent_score_split_by_level_difference(event, run):
    # 1 beats 2 K:9 and 3 beats 4 5:4. Points 1 and 3: 2 each; 对手分: 0 each (2 and 4 have 0).
    # 级差分: 1: 13 − 9 = +4; 3: 5 − 4 = +1, so 1 ranks first. Likewise 4 (−1) above 2 (−4).
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4")], event={"rounds": 3})
    _, summary, out = run(path)
    assert [(s["id"], s["points"], s["opp_score"], s["level_diff"]) for s in summary["standings"]] == [
        ("1", 2, 0, 4),
        ("3", 2, 0, 1),
        ("4", 0, 2, -1),
        ("2", 0, 2, -4),
    ]
    decided = {r["ID"]: r["Decided by"] for r in standings_rows(out)}
    assert decided == {"1": None, "3": "level diff.", "4": "points", "2": "level diff."}
    # round 2, ranking 1, 3, 4, 2: 1–3 (equal points, adjacent ranks), then 4–2 (they have not met)
    assert [(p["pair1"], p["pair2"]) for p in summary["pairings"] if p["round"] == 2] == [("1", "3"), ("4", "2")]


def test_a_complete_tie_is_drawn_by_lot_and_flagged(event, run):
    path = event(4, [res(1, 1, 1, 2, "5", "5"), res(1, 2, 3, 4, "5", "5")], event={"rounds": 3})
    _, first, out = run(path)
    _, again, _ = run(path)
    assert [s["rank"] for s in first["standings"]] == [1, 2, 3, 4] and first == again
    rows = standings_rows(out)
    assert len(rows) == 4 and all(r["Decided by"] == "lot (chief referee to confirm)" for r in rows)


def test_slip_problems_are_on_their_cells(event, run):
    results = [
        res(1, 1, 1, 2, "K", "1O"),  # 0: a level typed with the letter O
        res(1, 2, 3, 1, "5", "6"),  # 1: pair 1 in two matches
        res(1, 3, 5, 6, "K", "A+", first_past_a=1),  # 2: 1 passed A first, but shows K
        res(1, 4, 7, 9, "5", "6"),  # 3: pair 9 is not on the roster
    ]
    path = event(8, results, event={"rounds": 3})
    code, summary, _ = run(path, "check")
    assert code == 1
    found = {(p["code"], p["cell"]) for p in summary["problems"] if p["severity"] == "error"}
    assert found == {
        ("level-invalid", cell("level2", 0)),
        ("pair-twice-in-round", cell("pair2", 1)),
        ("past-a-contradicts", cell("first_past_a", 2)),
        ("pair-unknown", cell("pair2", 3)),
    }
    assert not [p for p in summary["pairings"] if p["round"] == 2]  # nothing paired from a guess


def test_a_suspended_pair_is_not_paired_and_scores_nothing(event, run):
    discipline = [{"pair": 2, "kind": "suspend", "from_round": 2, "rounds": 1, "reason": "late twice"}]
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4")], discipline=discipline, event={"rounds": 3})
    _, summary, out = run(path)
    r2 = [p for p in summary["pairings"] if p["round"] == 2]
    # 1, 3, 4 left: the bye to 4 (lowest), 1–3
    assert r2 == [
        {"round": 2, "table": 1, "pair1": "1", "pair2": "3"},
        {"round": 2, "table": None, "pair1": "4", "pair2": None},
    ]
    pairing = [r for r in load_workbook(out)["Pairings"].iter_rows(values_only=True)]
    assert any(r[0] and "suspended" in str(r[0]) and "late twice" in str(r[0]) for r in pairing)
    # a slip for the suspended pair in round 2 is refused
    path = event(
        4,
        [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4"), res(2, 1, 2, 3, "5", "4")],
        discipline=discipline,
        name="b.xlsx",
    )
    _, summary, _ = run(path, "check")
    assert ("pair-sanctioned", cell("pair1", 2)) in {(p["code"], p["cell"]) for p in summary["problems"]}


def test_the_deal_sheet_fills_its_tables_result(event, run):
    deals = [
        {"round": 1, "table": 1, "deal": 1, "declarer": 1, "captured": 0},  # 1 declares: +3: 2 -> 5
        {"round": 1, "table": 1, "deal": 2, "captured": 130},  # P 130: 2 takes the deal, +1: 2 -> 3
        {"round": 1, "table": 1, "deal": 3, "captured": 35},
    ]  # 2 declares, P 35: +2: 3 -> 5
    # final 5:5 with pair 2 holding the deal; equal levels draw by default
    path = event(4, [res(1, 1, 1, 2), res(1, 2, 3, 4, "5", "4")], deals=deals, event={"rounds": 3})
    code, summary, out = run(path)
    assert code == 0, summary["problems"]
    wb = load_workbook(out)
    results = wb["Results"]
    assert (results[cell("level1", 0)].value, results[cell("level2", 0)].value) == ("5", "5")
    steps = [r for r in wb["DealLevels"].iter_rows(values_only=True) if isinstance(r[0], int)]
    assert [(r[0], r[10], r[12], r[13]) for r in steps] == [(1, 0, "5", "2"), (2, 130, "5", "3"), (3, 35, "5", "5")]
    assert {s["id"]: s["points"] for s in summary["standings"]}["1"] == 1
    # with equal levels going to the declarer, the side holding the deal (2) wins
    path = event(
        4,
        [res(1, 1, 1, 2), res(1, 2, 3, 4, "5", "4")],
        deals=deals,
        event={"rounds": 3},
        rules={"equal_levels": "declarer"},
        name="d.xlsx",
    )
    _, summary, _ = run(path)
    assert {s["id"]: s["points"] for s in summary["standings"]}["2"] == 2
    # a hand-typed level that disagrees with the deals is a problem on its cell
    path = event(4, [res(1, 1, 1, 2, "5", "7"), res(1, 2, 3, 4, "5", "4")], deals=deals, name="e.xlsx")
    _, summary, _ = run(path, "check")
    assert [(p["code"], p["cell"]) for p in summary["problems"] if p["severity"] == "error"] == [
        ("level-disagrees-with-deals", cell("level2", 0))
    ]


def test_deals_for_a_table_that_has_no_match(event, run):
    path = event(
        4, [res(1, 1, 1, 2, "5", "4")], deals=[{"round": 1, "table": 7, "deal": 1, "declarer": 1, "captured": 0}]
    )
    _, summary, _ = run(path, "check")
    assert [(p["code"], p["cell"]) for p in summary["problems"]] == [("deals-no-match", "B2")]


def test_round_one_is_a_seeded_draw_and_the_same_workbook_gives_the_same_draw(event, run):
    a = event(11, name="a.xlsx")
    b = event(11, name="b.xlsx")
    _, sa, _ = run(a)
    _, sb, _ = run(b)
    assert sa["pairings"] == sb["pairings"] and len(sa["pairings"]) == 6
    assert sum(p["pair2"] is None for p in sa["pairings"]) == 1
    c = event(11, name="c.xlsx", event={"seed": "another"})
    _, sc, _ = run(c)
    assert sc["pairings"] != sa["pairings"]


def test_round_robin_pairs_by_berger_tables(event, run):
    path = event(5, event={"pairing": "rr"})
    _, summary, out = run(path)
    r1 = [p for p in summary["pairings"] if p["round"] == 1]
    assert len(r1) == 3 and sum(p["pair2"] is None for p in r1) == 1


def test_chinese_labels_are_read_back(event, run, tmp_path):
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4")], lang="zh-Hans", event={"rounds": 3})
    code, summary, out = run(path)
    assert code == 0 and summary["standings"][0]["id"] == "1"
    wb = load_workbook(out)
    assert {"说明", "赛事", "规则", "参赛对", "成绩", "逐副记分", "处罚", "对阵表", "排名"} <= set(wb.sheetnames)
    # the output is a valid input: carry on in it
    code, again, _ = run(out)
    assert code == 0 and again["standings"] == summary["standings"]


def test_a_bad_table_number_on_a_published_match_is_one_error_on_its_cell(run, tmp_path):
    # "二" typed for table 2: the row cannot be read, but it is there; the published match 3 v 4
    # is not reported missing on top of it
    published = [{"round": 1, "table": 1, "pair1": 1, "pair2": 2}, {"round": 1, "table": 2, "pair1": 3, "pair2": 4}]
    path = tmp_path / "t.xlsx"
    slips = [res(1, 1, 1, 2, "K", "9"), res(1, "二", 3, 4, "5", "4")]
    write_input_workbook(
        str(path), 4, {"Results": slips, "_published": published}, event={"seed": SEED, "rounds": 3}, lang="en"
    )
    code, summary, _ = run(path)
    assert code == 1 and [(p["code"], p["cell"]) for p in summary["problems"]] == [
        ("not-a-whole-number", cell("table", 1))
    ]
    assert not [p for p in summary["pairings"] if p["round"] == 2]


def test_a_published_match_typed_under_another_round_is_an_error_on_its_round_cell(run, tmp_path):
    # 3 v 4 was published for round 1, table 2; its slip says round 2: the error is on that
    # row's round cell and says both rounds, instead of a match with no row somewhere
    published = [{"round": 1, "table": 1, "pair1": 1, "pair2": 2}, {"round": 1, "table": 2, "pair1": 3, "pair2": 4}]
    path = tmp_path / "r.xlsx"
    slips = [res(1, 1, 1, 2, "K", "9"), res(2, 2, 3, 4, "5", "4")]
    write_input_workbook(
        str(path), 4, {"Results": slips, "_published": published}, event={"seed": SEED, "rounds": 3}, lang="en"
    )
    code, summary, _ = run(path)
    wrong = [p for p in summary["problems"] if p["severity"] == "error"]
    assert code == 1 and [(p["code"], p["cell"]) for p in wrong] == [("published-match-other-round", cell("round", 1))]
    assert wrong[0]["message"] == "3 v 4 was published for round 1, table 2: this row gives round 2"


def test_a_traditional_chinese_workbook_is_written_and_read_in_traditional(event, run):
    # ttools new --lang zh-Hant is offered for every competition: the workbook's labels, the
    # report sheets and the problems are Traditional, not silently Simplified
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 99, "5", "4")], lang="zh-Hant", event={"rounds": 3})
    code, summary, out = run(path)
    assert code == 1 and [p["message"] for p in summary["problems"]] == ["參賽對 99 不在參賽對名單上"]
    wb = load_workbook(out)
    assert {"說明", "賽事", "規則", "參賽對", "成績", "逐副記分", "處罰", "排名"} <= set(wb.sheetnames)
    language = next(r for r in wb["賽事"].iter_rows(values_only=True) if r[0] == "language")
    assert language[2] == "zh-Hant"


def test_published_pairings_catch_a_changed_match_and_a_missing_row(run, tmp_path):
    published = [{"round": 1, "table": 1, "pair1": 1, "pair2": 2}, {"round": 1, "table": 2, "pair1": 3, "pair2": 4}]
    # the second slip names 4 v 3: the same match, sides swapped, is fine
    path = tmp_path / "p.xlsx"
    write_input_workbook(
        str(path),
        4,
        {"Results": [res(1, 1, 1, 2, "K", "9"), res(1, 2, 4, 3, "5", "4")], "_published": published},
        event={"seed": SEED, "rounds": 3},
        lang="en",
    )
    code, summary, out = run(path)
    assert code == 0 and summary["problems"] == [] and [p for p in summary["pairings"] if p["round"] == 2]
    # the output carries the record on, with round 2 added
    hidden = load_workbook(out)["_published"]
    assert hidden.sheet_state == "hidden" and [r[0] for r in hidden.iter_rows(min_row=2, values_only=True)] == [1, 2]

    changed = tmp_path / "changed.xlsx"
    write_input_workbook(
        str(changed),
        4,
        {"Results": [res(1, 1, 1, 3, "K", "9"), res(1, 2, 2, 4, "5", "4")], "_published": published},
        event={"seed": SEED, "rounds": 3},
        lang="en",
    )
    _, summary, _ = run(changed, "check")
    assert {(p["code"], p["severity"], p["cell"]) for p in summary["problems"]} == {
        ("pairing-changed", "warning", cell("pair1", 0)),
        ("pairing-changed", "warning", cell("pair1", 1)),
    }

    missing = tmp_path / "missing.xlsx"
    write_input_workbook(
        str(missing),
        4,
        {"Results": [res(1, 1, 1, 2, "K", "9")], "_published": published},
        event={"seed": SEED, "rounds": 3},
        lang="en",
    )
    code, summary, _ = run(missing)
    assert code == 1 and [(p["code"], p["sheet"]) for p in summary["problems"]] == [
        ("published-match-missing", "Results")
    ]
    assert not [p for p in summary["pairings"] if p["round"] == 2]


def test_a_results_sheet_renamed_after_rounds_were_published_is_an_error_not_a_fresh_start(event, run, tmp_path):
    # staff rename the Results sheet (or delete its rows) in a workbook ttools has paired rounds 1
    # and 2 in: the rounds it published have no row left, and pairing on would draw round 1 again
    # as if nothing had been played
    _, first, out = run(event(4, event={"rounds": 3}))
    wb = load_workbook(out)
    sheet = wb["Results"]
    for row in range(2, 4):
        sheet.cell(row, 5).value, sheet.cell(row, 6).value = "K", "9"
    after_1 = tmp_path / "after1.xlsx"
    wb.save(after_1)
    code, second, out = run(after_1)
    assert code == 0 and {p["round"] for p in second["pairings"]} == {1, 2}
    wb = load_workbook(out)
    wb["Results"].title = "Results old"
    renamed = tmp_path / "renamed.xlsx"
    wb.save(renamed)
    code, summary, _ = run(renamed)
    missing = [p for p in summary["problems"] if p["code"] == "published-round-missing"]
    assert code == 1 and [(p["sheet"], p["severity"]) for p in missing] == [("Results", "error")] * 2
    assert "round 1 was published (2 tables)" in missing[0]["message"]
    assert summary["pairings"] == []  # nothing drawn again


def test_a_round_waiting_for_results_reprints_its_pairing_sheet(event, run):
    # round 2 published, one result typed: the pairing sheet of round 2 is printed again, with the
    # points before round 2 (1 and 3 have 2, 2 and 4 none), and round 3 waits
    results = [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4"), res(2, 1, 1, 3, "A", "Q"), res(2, 2, 4, 2)]
    _, summary, out = run(event(4, results, event={"rounds": 3}))
    assert not [p for p in summary["pairings"] if p["round"] == 3]
    rows = [r for r in load_workbook(out)["Pairings"].iter_rows(values_only=True) if isinstance(r[0], int)]
    assert [(r[0], r[1], r[4], r[5], r[8]) for r in rows] == [(1, "1", 2, "3", 2), (2, "4", 0, "2", 0)]


def test_an_unavoidable_same_club_pairing_is_a_warning(event, run):
    pairs = [{"id": i, "name": f"P{i}", "club": "Same" if i < 4 else "Other"} for i in range(1, 5)]
    _, summary, _ = run(event(pairs, event={"rounds": 3}))
    # three of four pairs share a club: one same-club match is forced, and said
    warnings = [p for p in summary["problems"] if p["code"] == "draw-same-club"]
    assert len(warnings) == 1 and warnings[0]["severity"] == "warning" and warnings[0]["sheet"] == "Results"


def test_an_output_with_problems_carries_on_as_input_in_chinese(event, run):
    # the Problems sheet (问题) of an output is recognised on the way back in, not carried over twice
    path = event(4, [res(1, 1, 1, 2, "K", "1O"), res(1, 2, 3, 4, "5", "4")], lang="zh-Hans", event={"rounds": 3})
    code, first, out = run(path)
    assert code == 1 and "问题" in load_workbook(out).sheetnames
    code, again, out2 = run(out)
    assert code == 1 and [p["code"] for p in again["problems"] if p["severity"] == "error"] == ["level-invalid"]
    assert load_workbook(out2).sheetnames.count("问题") == 1
    assert "不是级数" in again["problems"][0]["message"]


def test_a_round_number_typed_far_too_large_is_a_problem_on_its_cell(event, run):
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1000000000, 2, 3, 4, "5", "4")], event={"rounds": 3})
    code, summary, _ = run(path, "check")
    assert code == 1 and [(p["code"], p["cell"]) for p in summary["problems"]] == [
        ("value-out-of-range", cell("round", 1))
    ]


def test_a_deal_row_with_a_wrong_round_still_has_every_other_mistake_reported(event, run):
    path = event(
        4,
        [res(1, 1, 1, 2, "5", "4")],
        deals=[{"round": 1000, "table": 1, "deal": 0, "declarer": 3, "captured": 83, "last_lead": "tractor"}],
    )
    _, summary, _ = run(path, "check")
    codes = sorted((p["code"], p["cell"]) for p in summary["problems"])
    assert [c for c, _cell in codes].count("value-out-of-range") == 2  # round 1000 and deal 0
    assert {c for c, _cell in codes} >= {"side-invalid", "deal-value-invalid", "last-lead-invalid"}


def test_the_standings_leave_out_a_club_column_no_pair_fills_and_a_byes_column_of_zeros(event, run):
    """An empty Club column (no pair has a club) and a Byes column of zeros (no bye in the event:
    an even field, a round robin of 4) say nothing on a wall sheet: both are left out. With clubs
    and an odd field both are printed, the club beside its pair and the bye counted."""
    path = event(4, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4")], event={"pairing": "rr"})
    _, _, out = run(path)
    rows = standings_rows(out)
    assert len(rows) == 4 and not {"Club", "Byes"} & set(rows[0])
    assert {r["ID"]: r["Points"] for r in rows} == {"1": 2, "2": 0, "3": 2, "4": 0}
    assert {r["ID"]: r["Level diff."] for r in rows}["1"] == 4  # the columns after the dropped one in place
    pairs = [{"id": i, "name": f"P{i}", "club": f"C{i}" if i < 3 else ""} for i in range(1, 6)]
    path = event(pairs, [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, "5", "4"), res(1, None, 5, None)], name="b.xlsx")
    _, _, out = run(path)
    rows = {r["ID"]: r for r in standings_rows(out)}
    assert rows["1"]["Club"] == "C1" and rows["3"]["Club"] in ("", None)
    assert rows["5"]["Byes"] == 1 and rows["1"]["Byes"] == 0


def test_a_finished_event_says_so_on_the_site(event, invoke, tmp_path):
    """After the last round the site's stage is the end of the event, not "after round 3"."""
    results = ROUNDS_1_2 + [res(3, 1, 1, 4, "7", "7"), res(3, 2, 2, 5, "9", "10"), res(3, None, 3, None)]
    path = event(6, results, discipline=DQ_6, event={"rounds": 3})
    site = tmp_path / "site"
    result = invoke("run", path, "-o", tmp_path / "out.xlsx", "--publish", site)
    assert result.exit_code == 0, result.stderr
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "finished after 3 rounds; final standings" in index and "after round 3" not in index
    partial = event(6, ROUNDS_1_2, discipline=DQ_6, event={"rounds": 3}, name="partial.xlsx")
    result = invoke("run", partial, "-o", tmp_path / "p.out.xlsx", "--publish", tmp_path / "p")
    assert result.exit_code == 0, result.stderr
    assert "after round 2; round 3 paired" in (tmp_path / "p" / "index.html").read_text(encoding="utf-8")
