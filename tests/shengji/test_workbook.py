"""The Shengji event workbook through the CLI: a blank workbook, round 1 seated and dealt, each
board-row problem on its exact cell, a canonical English workbook made by another system, the
score of a board step by step, determinism, and the output carried on as the next input."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook

from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.competition import write_input_workbook
from ttools.workbook.read import col_letter
from tests.cells import cell_values

SEED = "test-seed"


def cell(column: str, index: int, spec=S.BOARDS) -> str:
    """The A1 address of row ``index`` (0-based, in sheet order) of ``column`` on a written sheet."""
    j = [c.key for c in spec.columns].index(column)
    return f"{col_letter(j)}{index + 2}"


@pytest.fixture
def event(tmp_path: Path):
    """``event(players, seating=(), boards=(), name=…, event={…}, rules={…}, lang=…)`` -> path."""

    def _write(players=8, seating=(), boards=(), name="event.xlsx", event=None, rules=None, lang="en"):
        path = tmp_path / name
        write_input_workbook(
            str(path),
            players,
            {"Seating": list(seating), "Boards": list(boards)},
            event={"seed": SEED, "name": "Test Open", "boards_per_round": 2, "rounds": 3, **(event or {})},
            rules=rules,
            lang=lang,
        )
        return path

    return _write


@pytest.fixture
def run(invoke, tmp_path: Path):
    """``run(path)`` -> (exit code, JSON summary, output path) of `ttools run`."""

    def _run(path: Path, command: str = "run"):
        out = tmp_path / f"{path.stem}.out.xlsx"
        target = tmp_path / f"{path.stem}.{command}.json"
        args = [command, path, "--json", target] + (["-o", out] if command == "run" else [])
        result = invoke(*args)
        assert result.exit_code in (0, 1), result.output
        return result.exit_code, json.loads(target.read_text(encoding="utf-8")), out

    return _run


def seating_of(summary: dict, rnd: int) -> list[dict[str, Any]]:
    return [
        {"round": s["round"], "table": s["table"] or "", "seat": s["seat"] or "", "player": s["player"]}
        for s in summary["seating"]
        if s["round"] == rnd
    ]


def codes(summary: dict) -> list[tuple[str, str, str]]:
    return [(p["code"], p["sheet"], p["cell"]) for p in summary["problems"]]


# ---- a blank workbook and round 1 ------------------------------------------------------------------


def test_new_writes_every_sheet_in_simplified_chinese(invoke, tmp_path):
    path = tmp_path / "x.xlsx"
    assert invoke("new", "shengji", path, "--players", 21).exit_code == 0
    wb = load_workbook(path)
    assert wb.sheetnames[:6] == ["说明", "赛事", "规则", "参赛者", "座位", "成绩"]
    rules = {r[0]: r[2] for r in wb["规则"].iter_rows(min_row=2, values_only=True)}
    assert rules["kitty_preset"] == "national" and rules["neuberg"] == "on" and rules["tiebreaks"] == "time, lot"
    assert rules["threshold"] == 80 and rules["step"] == 40 and rules["cap"] == 3 and rules["time_drop"] == "1"
    event = {r[0]: r[2] for r in wb["赛事"].iter_rows(min_row=2, values_only=True)}
    assert event["competition"] == "shengji" and event["boards_per_round"] == 6 and event["format"] == "individual"
    assert [r[0] for r in wb["参赛者"].iter_rows(min_row=2, values_only=True)] == list(range(1, 22))
    assert invoke("new", "shengji", tmp_path / "y.xlsx", "--teams", 4).exit_code == 2


def test_round_one_is_seated_dealt_and_waits_for_results(invoke, tmp_path, run):
    path = tmp_path / "x.xlsx"
    invoke("new", "shengji", path, "--players", 21, "--lang", "en")
    code, data, out = run(path)
    assert code == 0, data["problems"]
    assert codes(data) == []  # players by number only: no seed derived into the output
    r1 = [s for s in data["seating"] if s["round"] == 1]
    assert sorted(int(s["player"]) for s in r1) == list(range(1, 22))
    assert [s for s in r1 if s["table"] is None] and len([s for s in r1 if s["table"] is None]) == 1
    assert all(s["seat"] is None for s in r1 if s["table"] is None)
    assert "deals" not in data  # round 1 is seated, not played: its cards stay off the JSON
    wb = load_workbook(out)
    assert {"HandRecords", "NextSeating", "TableCards"} <= set(wb.sheetnames)
    boards = [r for r in wb["Boards"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert len(boards) == 5 * 6 and boards[0][:4] == (1, 1, 1, None)  # 5 tables × 6 boards, waiting
    seated = [r for r in wb["Seating"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert len(seated) == 21
    # the output is a valid input: run again, nothing changes (the round waits for its results)
    code2, again, out2 = run(out)
    assert code2 == 0 and again["seating"] == [s for s in data["seating"]] and "deals" not in again
    # the seating and table cards of the round in play are printed again
    assert {"NextSeating", "TableCards", "HandRecords"} <= set(load_workbook(out2).sheetnames)


# ---- a round of results ------------------------------------------------------------------------------


def _round_one(event, run, players=8, **kw):
    path = event(players, **kw)
    code, data, _ = run(path)
    assert code == 0, data["problems"]
    return seating_of(data, 1), data


def test_board_scores_matchpoints_and_the_next_round(event, run):
    seating, _ = _round_one(event, run)
    # 8 players, 2 tables, 2 boards. Board 1: table 1 NS declare, defenders 60 + kitty 20 × pair 4
    # = 140 → 120–155, defenders (EW) +1: NS −1, EW +1. Table 2 NS declare, 35 captured → NS +2.
    # North: −1 v +2 → MP 0 and 2 of top 2 → 0% and 100%; East the reverse.
    # Board 2: both tables EW declare, 80 captured → no level: 0 and 0 → 1 MP each = 50%.
    boards = [
        {
            "round": 1,
            "table": 1,
            "board": 1,
            "declarer": "NS",
            "captured": 60,
            "kitty": 20,
            "last_lead": "pair",
            "time_n": "5:00",
            "time_e": 310,
            "time_s": "4:50",
            "time_w": 290,
        },
        {
            "round": 1,
            "table": 2,
            "board": 1,
            "declarer": "NS",
            "captured": 35,
            "time_n": 200,
            "time_e": 210,
            "time_s": 220,
            "time_w": 230,
        },
        {"round": 1, "table": 1, "board": 2, "declarer": "EW", "captured": 80},
        {"round": 1, "table": 2, "board": 2, "declarer": "EW", "captured": 80},
    ]
    code, data, out = run(event(8, seating=seating, boards=boards))
    assert code == 0, data["problems"]
    at = {(s["table"], s["seat"]): s["player"] for s in seating}
    rows = {(b["board"], b["player"]): b for b in data["boards"]}
    assert rows[(1, at[(1, "N")])] | {} == {
        "round": 1,
        "board": 1,
        "seat": "N",
        "player": at[(1, "N")],
        "score": -1,
        "mp": 0,
        "rate": 0.0,
    }
    assert rows[(1, at[(2, "N")])]["score"] == 2 and rows[(1, at[(2, "N")])]["rate"] == 100.0
    assert rows[(1, at[(1, "E")])]["score"] == 1 and rows[(1, at[(1, "E")])]["rate"] == 100.0
    assert {b["rate"] for b in data["boards"] if b["board"] == 2} == {50.0}
    standings = {s["id"]: s for s in data["standings"]}
    # table 1 EW and table 2 NS: (100 + 50) / 2 = 75%; the others (0 + 50) / 2 = 25%
    assert standings[at[(1, "E")]]["rate"] == 75.0 and standings[at[(2, "S")]]["rate"] == 75.0
    assert standings[at[(1, "N")]]["rate"] == 25.0
    # round 2 is seated by the snake: the four 75% players at table 1, then the 25% players reversed
    r2 = {(s["table"], s["seat"]): s["player"] for s in data["seating"] if s["round"] == 2}
    top = {s["id"] for s in data["standings"] if s["rate"] == 75.0}
    assert {r2[(1, d)] for d in "NESW"} == top
    order = [s["id"] for s in data["standings"]]
    assert [r2[(1, d)] for d in "NESW"] == order[:4] and [r2[(2, d)] for d in "WSEN"] == order[4:]
    # the score sheet shows every step
    wb = load_workbook(out)
    rows = [r for r in wb["Scores"].iter_rows(values_only=True)]
    step = next(r for r in rows if r[:2] == (1, 1))
    assert step[6:17] == ("NS", 60, 20, "pair", "×4", 80, 140, "120–155", "defenders +1", -1, 1)


def test_time_tie_break_and_lot(event, run):
    seating, _ = _round_one(event, run)
    boards = [
        {
            "round": 1,
            "table": t,
            "board": b,
            "declarer": "NS",
            "captured": 80,
            "time_n": 100 * t,
            "time_e": 100,
            "time_s": 300,
            "time_w": 100,
        }
        for t in (1, 2)
        for b in (1, 2)
    ]
    code, data, _ = run(event(8, seating=seating, boards=boards))
    # everyone 50%: time decides; N of table 1 (100 s) before the E/W players (100 s, a lot) …
    assert code == 0
    st = data["standings"]
    assert {s["rate"] for s in st} == {50.0}
    assert [s["time"] for s in st] == sorted(s["time"] for s in st)
    assert [p["code"] for p in data["problems"]].count("ranking-by-lot") >= 1


def test_each_board_row_problem_is_on_its_cell(event, run):
    seating, _ = _round_one(event, run)
    good = {"declarer": "NS", "captured": 40}
    boards = [
        {"round": 1, "table": 1, "board": 1, "declarer": "NS", "captured": 37},  # 0: not in fives
        {
            "round": 1,
            "table": 1,
            "board": 2,
            **good,
            "time_n": "1:7x",
            "time_e": 1,
            "time_s": 1,
            "time_w": 1,
        },  # 1: time
        {"round": 1, "table": 2, "board": 1, **good},  # 2
        {"round": 1, "table": 2, "board": 1, "declarer": "EW", "captured": 45},  # 3: entered twice
        {"round": 1, "table": 3, "board": 2, **good},  # 4: no table 3
        {"round": 1, "table": 2, "board": 2, "declarer": "NS", "captured": 205},  # 5: above 200
        {"round": 2, "table": 1, "board": 1, **good},  # 6: round not seated
        {"round": 1, "table": 1, "board": 3, **good},  # 7: no board 3
        {"round": 1, "table": 2, "board": 2, "declarer": "NS", "captured": 160, "kitty": 60},  # 8: 220 points
        {"round": 1, "table": 1, "board": 1, "declarer": "NS", "captured": 40, "last_lead": "tractor13"},  # 9: 13 pairs
        {"round": 1, "table": 1, "board": 2, "declarer": "NS", "captured": 40, "score_ns": 2},  # 10: disagrees
        {"round": 1, "table": 2, "board": 2, "captured": 40},  # 11: no declarer
    ]
    code, data, out = run(event(8, seating=seating, boards=boards))
    assert code == 1
    found = codes(data)
    for expected in [
        ("board-points-not-fives", "Boards", cell("captured", 0)),
        ("board-time-invalid", "Boards", cell("time_n", 1)),
        ("board-entered-twice", "Boards", cell("board", 3)),
        ("board-table-unknown", "Boards", cell("table", 4)),
        ("number-out-of-range", "Boards", cell("captured", 5)),
        ("board-round-not-seated", "Boards", cell("round", 6)),
        ("board-number-unknown", "Boards", cell("board", 7)),
        ("board-points-over-200", "Boards", cell("captured", 8)),
        ("board-last-lead-invalid", "Boards", cell("last_lead", 9)),
        ("board-score-disagrees", "Boards", cell("score_ns", 10)),
        ("board-value-needed", "Boards", cell("declarer", 11)),
    ]:
        assert expected in found, (expected, found)
    assert not [s for s in data["seating"] if s["round"] == 2]  # nothing seated from a guess
    messages = {p["code"]: p["message"] for p in data["problems"]}
    assert "1:7x" in messages["board-time-invalid"] and "37" in messages["board-points-not-fives"]


def test_excel_time_values(event, run):
    seating, _ = _round_one(event, run)
    base = {"round": 1, "declarer": "NS", "captured": 40}
    boards = [
        {**base, "table": 1, "board": 1, "time_e": 60, "time_s": 60, "time_w": 60},
        {**base, "table": 1, "board": 2, "time_e": 60, "time_s": 60, "time_w": 60},
    ]
    path = event(8, seating=seating, boards=boards)
    wb = load_workbook(path)  # as Excel stores a time typed into a number cell
    ws = wb["Boards"]
    ws[cell("time_n", 0)] = datetime.time(0, 1, 7)  # typed 0:01:07: 67 s
    ws[cell("time_n", 1)] = datetime.time(1, 7)  # typed 1:07 meaning 1 min 7 s: Excel holds 1 h 7 min
    wb.save(path)
    code, data, _ = run(path)
    assert ("board-time-ambiguous", "Boards", cell("time_n", 1)) in codes(data)
    assert not any(c == cell("time_n", 0) for _code, _s, c in codes(data))


def test_seating_problems(event, run):
    seating, _ = _round_one(event, run)
    bad = [dict(s) for s in seating]
    bad[1]["player"] = bad[0]["player"]  # one player twice
    bad[2]["seat"] = bad[3]["seat"]  # two players in one seat
    bad.append({"round": 1, "table": 1, "seat": "N", "player": "99"})
    code, data, _ = run(event(8, seating=bad))
    assert code == 1
    found = [c for c, _s, _c in codes(data)]
    assert {
        "seating-round-player-twice",
        "seating-round-seat-twice",
        "seating-unknown-player",
        "seating-table-incomplete",
    } <= set(found)
    assert not [s for s in data.get("seating", []) if s["round"] == 2]


def test_not_played_and_neuberg(event, run):
    seating, _ = _round_one(event, run, players=12)
    boards = [
        {"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 20 * t} for t in (1, 2, 3) for b in (1, 2)
    ]
    boards[5] = {"round": 1, "table": 3, "board": 2, "declarer": "X"}
    code, data, _ = run(event(12, seating=seating, boards=boards))
    assert code == 0, data["problems"]
    b2 = {(b["seat"], b["score"]): b for b in data["boards"] if b["board"] == 2}
    # board 2: two results of three due, NS +2 (20) and +1 (40). Raw MP 2 and 0 of top 2;
    # Neuberg: (2 + 1) × 3/2 − 1 = 3.5 and (0 + 1) × 3/2 − 1 = 0.5 of top 4 → 87.5% and 12.5%
    assert (b2[("N", 2)]["mp"], b2[("N", 2)]["rate"]) == (3.5, 87.5)
    assert (b2[("N", 1)]["mp"], b2[("N", 1)]["rate"]) == (0.5, 12.5)
    not_played = {s["player"] for s in seating if s["table"] == 3}
    assert not any(b["player"] in not_played for b in data["boards"] if b["board"] == 2)
    code, data, _ = run(event(12, seating=seating, boards=boards, rules={"neuberg": "off"}, name="off.xlsx"))
    b2 = {(b["seat"], b["score"]): b for b in data["boards"] if b["board"] == 2}
    assert b2[("N", 2)]["rate"] == 100.0 and b2[("N", 1)]["rate"] == 0.0


def test_typed_score_and_seed004_preset(event, run):
    seating, _ = _round_one(event, run)
    boards = [
        {"round": 1, "table": 1, "board": 1, "score_ns": -2},
        {"round": 1, "table": 2, "board": 1, "declarer": "NS", "captured": 40, "kitty": 20, "last_lead": "throw-pair"},
        {"round": 1, "table": 1, "board": 2, "declarer": "NS", "captured": 0},
        {"round": 1, "table": 2, "board": 2, "declarer": "NS", "captured": 0},
    ]
    # seed 004: a throw is ×3: 40 + 20 × 3 = 100 → 80–115, no level (national: ×4 → 120, NS −1)
    code, data, _ = run(event(8, seating=seating, boards=boards, rules={"kitty_preset": "seed004"}))
    assert code == 0, data["problems"]
    scores = sorted(b["score"] for b in data["boards"] if b["board"] == 1 and b["seat"] == "N")
    assert scores == [-2, 0]
    code, data, _ = run(event(8, seating=seating, boards=boards, name="nat.xlsx"))
    assert sorted(b["score"] for b in data["boards"] if b["board"] == 1 and b["seat"] == "N") == [-2, -1]


# ---- other systems, languages, determinism ----------------------------------------------------------


def test_a_canonical_english_workbook_made_by_another_system(tmp_path, run):
    wb = Workbook()
    ws = wb.active
    ws.title = "Event"
    for row in (
        ["key", "value"],
        ["competition", "shengji"],
        ["name", "Club night"],
        ["seed", "42"],
        ["boards_per_round", 3],
    ):
        ws.append(row)
    ws = wb.create_sheet("Players")
    ws.append(["id", "name"])
    for i in range(1, 10):
        ws.append([f"P{i}", f"Player {i}"])
    path = tmp_path / "other.xlsx"
    wb.save(path)
    code, data, out = run(path)
    assert code == 0, data["problems"]
    assert len([s for s in data["seating"] if s["table"] is None]) == 1 and "deals" not in data
    assert load_workbook(out)["赛事"]["A1"].value == "key"  # written back in the default language


@pytest.mark.parametrize("lang, sheet", [("zh-Hant", "成績"), ("zh-Hans", "成绩"), ("en", "Boards")])
def test_languages(invoke, tmp_path, run, lang, sheet):
    path = tmp_path / f"{lang}.xlsx"
    assert invoke("new", "shengji", path, "--players", 8, "--lang", lang).exit_code == 0
    assert sheet in load_workbook(path).sheetnames
    code, data, out = run(path)
    assert code == 0
    names = load_workbook(out).sheetnames
    assert {"zh-Hant": "牌譜", "zh-Hans": "牌谱", "en": "HandRecords"}[lang] in names


def test_the_same_workbook_gives_the_same_output(event, run, tmp_path):
    seating, _ = _round_one(event, run)
    boards = [
        {"round": 1, "table": t, "board": b, "declarer": "EW", "captured": 15 * (t + b)} for t in (1, 2) for b in (1, 2)
    ]
    path = event(8, seating=seating, boards=boards)
    _, a, out_a = run(path)
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(path.read_bytes())
    _, b, out_b = run(copy)
    assert a == b
    assert cell_values(out_a) == cell_values(out_b)
    assert path.read_bytes() == copy.read_bytes()  # the input is never modified


def test_check_annotate_marks_the_cells(event, run, invoke, tmp_path):
    seating, _ = _round_one(event, run)
    path = event(8, seating=seating, boards=[{"round": 1, "table": 1, "board": 1, "declarer": "NS", "captured": 37}])
    target = tmp_path / "checked.xlsx"
    result = invoke("check", path, "--annotate-to", target)
    assert result.exit_code == 1
    ws = load_workbook(target)["Boards"]
    assert "board-points-not-fives" in ws[cell("captured", 0)].comment.text


def test_pairs_format_keeps_partners_together(event, run):
    roster = [{"id": i, "name": f"P{i}", "pair": f"A{(i + 1) // 2}"} for i in range(1, 11)]  # 5 pairs
    code, data, _ = run(event(roster, event={"format": "pairs"}))
    assert code == 0, data["problems"]
    r1 = data["seating"]
    pair = {str(p["id"]): p["pair"] for p in roster}
    at = {(s["table"], s["seat"]): s["player"] for s in r1 if s["table"]}
    for t in {s["table"] for s in r1 if s["table"]}:
        assert pair[at[(t, "N")]] == pair[at[(t, "S")]] and pair[at[(t, "E")]] == pair[at[(t, "W")]]
    out = [s["player"] for s in r1 if s["table"] is None]
    assert len(out) == 2 and pair[out[0]] == pair[out[1]]  # a whole pair sits out
    bad = roster[:-1]  # A5 left with one player
    code, data, _ = run(event(bad, event={"format": "pairs"}, name="bad.xlsx"))
    assert code == 1 and "partnership-size" in [p["code"] for p in data["problems"]]


def test_settings_with_mistakes_are_problems_on_their_cells(event, run):
    code, data, _ = run(
        event(
            8,
            rules={"kitty_preset": "beijing", "bands": "5:2", "tiebreaks": "time, coin"},
            event={"boards_per_round": "six"},
        )
    )
    found = {(c, s) for c, s, _cell in codes(data)}
    assert ("setting-invalid", "Rules") in found and ("setting-invalid", "Event") in found
    assert code == 1 and "seating" not in data  # nothing is seated from a guess
    messages = " ".join(p["message"] for p in data["problems"])
    assert (
        "kitty_preset" in messages
        and "bands" in messages
        and "tiebreaks" in messages
        and "boards_per_round" in messages
    )


@pytest.mark.parametrize(
    "lang, bands, said",
    [
        ("zh-Hant", "5:2, 40:1", "第一段須自 0 分起"),
        ("zh-Hans", "0:3, 0:2", "各段下限须递增"),
        ("zh-Hant", "0:3; x:2", "「x:2」不是以整數寫的「下限:級數」"),
        ("en", "0-3", "'0-3' is not 'lower edge:levels'"),
    ],
)
def test_a_band_table_that_cannot_be_read_is_said_in_the_events_language(event, run, lang, bands, said):
    code, data, _ = run(event(8, rules={"bands": bands}, lang=lang))
    found = [p for p in data["problems"] if p["code"] == "setting-invalid"]
    assert code == 1 and len(found) == 1 and said in found[0]["message"], found


def test_a_board_marked_not_played_with_points_is_a_problem(event, run):
    seating, _ = _round_one(event, run)
    boards = [{"round": 1, "table": 1, "board": 1, "declarer": "X", "captured": 40}]
    code, data, _ = run(event(8, seating=seating, boards=boards))
    assert code == 1 and ("board-not-played-with-points", "Boards", cell("captured", 0)) in codes(data)


def test_cap_setting(event, run):
    seating, _ = _round_one(event, run)
    # 120 captured + kitty 40 × tractor2 (×8) = 440: capped at 3 levels; with the cap emptied,
    # (440 − 80) // 40 = 9 levels to the defenders
    boards = [
        {"round": 1, "table": 1, "board": 1, "declarer": "NS", "captured": 120, "kitty": 40, "last_lead": "tractor2"}
    ]
    for rules, expected in (({}, -3), ({"cap": ""}, -9), ({"cap": 5}, -5)):
        path = event(8, seating=seating, boards=boards, rules=rules, name=f"cap{expected}.xlsx")
        _code, data, _ = run(path)
        assert {b["score"] for b in data["boards"] if b["seat"] == "N"} == {expected}, rules


def test_a_withdrawn_player_is_not_seated_again(event, run):
    roster = [{"id": i, "name": f"P{i}"} for i in range(1, 10)]  # 9 players: one sits out
    seating, _ = _round_one(event, run, players=roster)
    gone = next(s["player"] for s in seating if s["table"])  # someone who played round 1
    roster[int(gone) - 1]["withdrawn_after"] = 1
    boards = [
        {"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 40 * t} for t in (1, 2) for b in (1, 2)
    ]
    code, data, out = run(event(roster, seating=seating, boards=boards))
    assert code == 0, data["problems"]
    r2 = [s for s in data["seating"] if s["round"] == 2]
    assert gone not in {s["player"] for s in r2}
    assert len(r2) == 8 and all(s["table"] for s in r2)  # 8 left: no sit-out
    assert any(s["id"] == gone and s["rate"] is not None for s in data["standings"])  # round 1 still counts


def test_no_round_is_seated_while_an_earlier_one_is_incomplete(event, run):
    seating, _ = _round_one(event, run)
    boards = [{"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 40} for t in (1, 2) for b in (1, 2)]
    _code, data, _ = run(event(8, seating=seating, boards=boards))
    seating2 = seating + seating_of(data, 2)
    # round 2 complete, but round 1 lost a row: round 3 waits
    boards2 = boards[1:] + [
        {"round": 2, "table": t, "board": b, "declarer": "EW", "captured": 40} for t in (1, 2) for b in (1, 2)
    ]
    code, data, _ = run(event(8, seating=seating2, boards=boards2, name="gap.xlsx"))
    assert code == 0 and not any(s["round"] == 3 for s in data["seating"])


def test_p2_is_ranked_as_a_pair(event, run):
    # 4 fixed pairs, 2 tables, 2 boards. The pair is the entrant: one standings entry with both
    # partners, one time pooled from both partners' boards, and round 2 seated by the pairs' ranks.
    roster = [{"id": i, "name": f"N{i}", "pair": f"P{(i + 1) // 2}"} for i in range(1, 9)]
    code, data, _ = run(event(roster, event={"format": "pairs"}))
    assert code == 0, data["problems"]
    seating = seating_of(data, 1)
    pair = {str(p["id"]): p["pair"] for p in roster}
    at = {(s["table"], s["seat"]): str(s["player"]) for s in seating}
    boards = [
        {"round": 1, "table": 1, "board": 1, "declarer": "NS", "captured": 35},  # NS +2
        {"round": 1, "table": 2, "board": 1, "declarer": "NS", "captured": 60},  # NS +1
        {"round": 1, "table": 1, "board": 2, "declarer": "EW", "captured": 80},
        {"round": 1, "table": 2, "board": 2, "declarer": "EW", "captured": 80},
    ]
    for b in boards:
        b.update(time_n=100 * b["table"], time_s=300, time_e=200, time_w=250)
    code, data, out = run(event(roster, seating=seating, boards=boards, event={"format": "pairs"}))
    assert code == 0, data["problems"]
    st = data["standings"]
    assert len(st) == 4 and [s["rank"] for s in st] == [1, 2, 3, 4]
    assert {s["id"] for s in st} == {"P1", "P2", "P3", "P4"}
    p2 = next(s for s in st if s["id"] == "P2")
    assert p2["players"] == ["3", "4"] and p2["name"] == "N3 / N4"
    ns1 = pair[at[(1, "N")]]
    first = next(s for s in st if s["id"] == ns1)
    assert first["rank"] == 1 and first["rate"] == 75.0  # 100% and 50%
    # its time: both partners' four board times pooled (100, 100, 300, 300), longest and shortest dropped
    assert first["time"] == 200.0
    ranking = [r for r in load_workbook(out)["Ranking"].iter_rows(values_only=True) if isinstance(r[0], int)]
    assert [r[1] for r in ranking] == [s["id"] for s in st] and ranking[0][3] == ", ".join(first["players"])
    # round 2: pair ranks 1 and 2 at table 1 (the better North–South), 3 and 4 at table 2 (the better East–West)
    r2 = {(s["table"], s["seat"]): pair[str(s["player"])] for s in data["seating"] if s["round"] == 2}
    order = [s["id"] for s in st]
    assert (r2[(1, "N")], r2[(1, "E")]) == (order[0], order[1]) and (r2[(2, "E")], r2[(2, "N")]) == (order[2], order[3])


def test_every_typed_value_is_bounded(event, run):
    seating, _ = _round_one(event, run)
    base = {"round": 1, "declarer": "NS", "captured": 40}
    boards = [
        {"round": 1, "table": 1, "board": 1, "score_ns": 40},  # captured points in the wrong column
        {**base, "table": 1, "board": 2, "last_lead": "pair"},  # a last lead, no kitty
        {**base, "table": 2, "board": 1, "kitty": 20},  # kitty points, no last lead
        {**base, "table": 2, "board": 2, "time_n": 5000},
    ]  # over an hour on one board
    code, data, _ = run(event(8, seating=seating, boards=boards))
    found = codes(data)
    assert ("number-out-of-range", "Boards", cell("score_ns", 0)) in found
    message = next(p["message"] for p in data["problems"] if p["cell"] == cell("score_ns", 0))
    assert "−3 to +3" in message
    assert ("board-lead-without-kitty", "Boards", cell("kitty", 1)) in found
    assert ("board-kitty-without-lead", "Boards", cell("last_lead", 2)) in found
    assert ("board-time-too-long", "Boards", cell("time_n", 3)) in found
    assert code == 1 and not [s for s in data["seating"] if s["round"] == 2]
    # with a band table of ±4 the bound follows it
    rules = {"bands": "0:4, 5:3, 40:1, 80:0, 120:-1, 200:-4"}
    code, data, _ = run(event(8, seating=seating, boards=[boards[0] | {"score_ns": 4}], rules=rules, name="b.xlsx"))
    assert not any(c[2] == cell("score_ns", 0) for c in codes(data))


def test_a_number_in_a_time_formatted_cell_is_read_as_seconds(event, run):
    seating, _ = _round_one(event, run)
    base = {"round": 1, "declarer": "NS", "captured": 40, "time_e": 60, "time_s": 60, "time_w": 60}
    boards = [
        {**base, "table": 1, "board": 1, "time_n": 307},
        {**base, "table": 1, "board": 2, "time_n": 307},
        {**base, "table": 2, "board": 1, "time_n": 59.5},
    ]
    path = event(8, seating=seating, boards=boards)
    wb = load_workbook(path)
    ws = wb["Boards"]
    ws[cell("time_n", 0)].number_format = "mm:ss"  # shows as a date to the reader: 307 typed
    ws[cell("time_n", 1)].number_format = "[h]:mm:ss"  # 307 days
    ws[cell("time_n", 2)].number_format = "yyyy-mm-dd hh:mm"
    wb.save(path)
    code, data, _ = run(path)
    assert not any(c[2] in (cell("time_n", 0), cell("time_n", 1)) for c in codes(data)), codes(data)
    assert ("board-time-as-date", "Boards", cell("time_n", 2)) in codes(data)
    assert "1900" not in " ".join(p["message"] for p in data["problems"])  # no date the scorer never typed


def test_a_table_not_seated_is_told_once_with_the_rounds_tables(event, run):
    seating, _ = _round_one(event, run)
    boards = [{"round": 1, "table": 3, "board": b, "declarer": "NS", "captured": 40} for b in (1, 2)]
    code, data, _ = run(event(8, seating=seating, boards=boards))
    unknown = [p for p in data["problems"] if p["code"] == "board-table-unknown"]
    assert len(unknown) == 1 and "tables: 1–2" in unknown[0]["message"]
    assert code == 1


def _site_text(folder: Path) -> str:
    return "\n".join(
        f.read_text(encoding="utf-8") for f in sorted(folder.rglob("*")) if f.suffix in (".html", ".json", ".js")
    )


def _hand_lines(seed: str, rnd: int, board: int) -> list[str]:
    """Each seat's spades and hearts of a board as a hand record prints them."""
    from ttools.core.cards import deal_board, rank_of, suit_of

    deal = deal_board(seed, rnd, board)
    return [" ".join(rank_of(c) for c in deal.hands[seat] if suit_of(c) == suit) for seat in "NESW" for suit in "SH"]


def test_hand_records_are_published_only_once_their_round_is_played(event, run, invoke, tmp_path):
    seating, _ = _round_one(event, run)
    boards = [
        {"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 40 + 40 * t} for t in (1, 2) for b in (1, 2)
    ]
    path = event(8, seating=seating, boards=boards)
    site = tmp_path / "site"
    code, data, out = run(path)
    assert code == 0 and invoke("publish", out, "--to", site).exit_code == 0
    # round 2 is seated, not played: none of its cards in the JSON or on the site
    assert {d["round"] for d in data["deals"]} == {1}
    text = _site_text(site)
    assert not (site / "board-r2-b1.html").exists()
    assert not any(line in text for b in (1, 2) for line in _hand_lines(SEED, 2, b) if len(line) > 12)
    # round 1 is complete: its hand records are published, a page a board with its travelling scores
    assert (site / "board-r1-b1.html").exists() and (site / "played-boards.html").exists()
    page = (site / "board-r1-b2.html").read_text(encoding="utf-8")
    assert all(line in page for line in _hand_lines(SEED, 1, 2) if line)
    summary = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    assert {d["round"] for d in summary["deals"]} == {1}
    # once round 2 has its results, its cards are there too, and kept
    seating2 = seating_of(data, 2)
    boards2 = boards + [dict(b, round=2) for b in boards]
    code, data, out = run(event(8, seating=seating + seating2, boards=boards2, name="r2.xlsx"))
    assert code == 0 and {d["round"] for d in data["deals"]} == {1, 2}
    site2 = tmp_path / "site2"
    assert invoke("publish", out, "--to", site2).exit_code == 0
    page = (site2 / "board-r2-b1.html").read_text(encoding="utf-8")
    assert all(line in page for line in _hand_lines(SEED, 2, 1) if line)
    assert not any(line in _site_text(site2) for b in (1, 2) for line in _hand_lines(SEED, 3, b) if len(line) > 12)


def test_avoid_repeats_seats_no_partners_twice_and_says_so(event, run):
    rules = {"avoid_repeats": "partners"}
    seating, _ = _round_one(event, run, rules=rules)
    boards = [
        {"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 40 * t * b} for t in (1, 2) for b in (1, 2)
    ]
    code, data, out = run(event(8, seating=seating, boards=boards, rules=rules))
    assert code == 0, data["problems"]

    def partners(rnd):
        at = {(s["table"], s["seat"]): str(s["player"]) for s in data["seating"] if s["round"] == rnd and s["table"]}
        return {frozenset((at[(t, a)], at[(t, b)])) for t in (1, 2) for a, b in (("N", "S"), ("E", "W"))}

    assert not partners(1) & partners(2)
    notes = [r[0] for r in load_workbook(out)["NextSeating"].iter_rows(values_only=True) if r[0]]
    assert any("keeping the snake order" in str(n) for n in notes) and "No repeat this round." in notes


@pytest.mark.parametrize(
    ("lang", "boards", "renamed"), [("zh-Hans", "成绩", "成绩1"), ("en", "Boards", "Round 1 boards")]
)
def test_a_renamed_input_sheet_is_an_error_naming_its_name(event, run, lang, boards, renamed):
    """A Boards sheet renamed by hand would be carried over unread (every result of the round
    silently not there): the sheet with the Boards headings is named in an error, with the name
    to give it back, and the next round is not seated from the missing results."""
    seating, _ = _round_one(event, run, lang=lang)
    slips = [{"round": 1, "table": t, "board": b, "declarer": "NS", "captured": 40} for t in (1, 2) for b in (1, 2)]
    path = event(8, seating=seating, boards=slips, lang=lang, name="renamed.xlsx")
    wb = load_workbook(path)
    wb[boards].title = renamed
    wb.save(path)
    code, data, _ = run(path)
    problem = next(p for p in data["problems"] if p["code"] == "sheet-input-renamed")
    assert (problem["severity"], problem["sheet"], problem["cell"]) == ("error", renamed, "A1")
    assert f"'{boards}' again" in problem["message"] or f"改回「{boards}」" in problem["message"]
    assert code == 1 and not [s for s in data["seating"] if s["round"] == 2]
