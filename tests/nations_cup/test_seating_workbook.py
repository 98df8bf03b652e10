"""Day 2 table breaking and balancing (併桌) through the workbook: the floor's Seating sheet in,
the moves out (JSON ``day2.moves`` and the moves sheet), team-mates kept apart while more than
2 tables are left."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.competitions.nations_cup.model import team_letters
from ttools.pipeline import process_file

from tests.nations_cup.sample_generator import SAMPLES, gen

SEATS = 9  # 每桌最多 9 人 (the default table_seats)


def seating_event(
    tmp_path: Path, tables: dict[int, list[str]], out: set[str], seed: str = "seating-test", name: str = "seating.xlsx"
) -> dict:
    """Process a 12-team workbook whose NLH Seating puts ``tables[t][k]`` on seat k + 1 of table
    t ('' leaves the seat empty) and marks the players in ``out`` with an x."""
    seating = [
        {"event": "nlh", "table": t, "seat": k, "player": p, "out": "x" if p in out else ""}
        for t, players in tables.items()
        for k, p in enumerate(players, start=1)
        if p
    ]
    players = [{"team": t, "number": n, "name": f"Player {t}{n}"} for t in team_letters(12) for n in range(1, 7)]
    path = tmp_path / name
    write_input_workbook(
        str(path), 12, {"Players": players, "Seating": seating}, event={"name": "Seating test", "seed": seed}, lang="en"
    )
    return process_file(str(path)).json()


def live_by_table(rows: list[dict[str, Any]], out: set[str]) -> dict[int, dict[int, str]]:
    """table -> seat -> player still in."""
    at: dict[int, dict[int, str]] = defaultdict(dict)
    for r in rows:
        if r["player"] not in out:
            at[r["table"]][r["seat"]] = r["player"]
    return at


def after_moves(at: dict[int, dict[int, str]], moves: list[dict]) -> dict[int, dict[int, str]]:
    """The room once the floor has made the moves; every move must leave its own seat for a free one."""
    room = {t: dict(seats) for t, seats in at.items()}
    for m in moves:
        assert room[m["from_table"]].pop(m["from_seat"]) == m["player"]
    for m in moves:
        assert 1 <= m["to_seat"] <= SEATS
        assert m["to_seat"] not in room.setdefault(m["to_table"], {}), f"{m['player']} sent to a taken seat"
        room[m["to_table"]][m["to_seat"]] = m["player"]
    return {t: seats for t, seats in room.items() if seats}


def teams_sharing(room: dict[int, dict[int, str]]) -> list[tuple[int, str]]:
    return [
        (t, team) for t, seats in room.items() for team, n in Counter(p[0] for p in seats.values()).items() if n > 1
    ]


def no_errors(out: dict) -> bool:
    return not [p for p in out["problems"] if p["severity"] == "error"]


# ---- the 11-team sample, half-way through Day 2 ------------------------------------------------------


@pytest.fixture(scope="module")
def sample11() -> dict:
    return process_file(str(SAMPLES / "nations-cup-11.xlsx")).json()


def test_11_team_seating_is_the_seat_draw_with_the_players_out_marked(sample11):
    sheets = gen.sample_11()
    seating = sheets["Seating"]
    drawn = {e: {(s["table"], s["seat"], s["player"]) for s in seats} for e, seats in sample11["day2"]["draw"].items()}
    for event in ("nlh", "bounty"):
        assert {(r["table"], r["seat"], r["player"]) for r in seating if r["event"] == event} == drawn[event]
    out_nlh = {r["player"] for r in sheets["NLH"] if r["place"] != ""}
    out_bounty = {r["out"] for r in sheets["BountyLog"]}
    assert {r["player"] for r in seating if r["event"] == "nlh" and r["out"] == 1} == out_nlh
    assert {r["player"] for r in seating if r["event"] == "bounty" and r["out"] == 1} == out_bounty
    assert no_errors(sample11)  # a typed 1 in the out column means out


@pytest.mark.parametrize("event", ["nlh", "bounty"])
def test_11_team_seating_gives_table_breaking_advice(sample11, event):
    sheets = gen.sample_11()
    rows = [r for r in sheets["Seating"] if r["event"] == event]
    out = {r["player"] for r in rows if r["out"] == 1}
    at = live_by_table(rows, out)
    live = sum(len(s) for s in at.values())
    assert live <= (len(at) - 1) * SEATS  # the players left fit one table fewer: a table breaks
    advice = sample11["day2"]["moves"][event]
    assert advice["action"] == "break"
    # every table due breaks in one piece of advice, highest-numbered first (the default order)
    keep = -(-live // SEATS)
    broken = sorted(at, reverse=True)[: len(at) - keep]
    assert advice["broken"] == broken and advice["table"] == broken[0]
    assert sorted(m["player"] for m in advice["moves"] if m["reason"] == "break") == sorted(
        p for t in broken for p in at[t].values()
    )
    room = after_moves(at, advice["moves"])
    assert not set(broken) & set(room) and len(room) == keep
    assert all(len(seats) <= SEATS for seats in room.values())
    sizes = [len(seats) for seats in room.values()]
    assert max(sizes) - min(sizes) <= 1  # one piece of advice leaves the tables even
    if keep > 2:
        assert teams_sharing(room) == []  # more than 2 tables left: team-mates apart
    else:
        assert "no longer kept apart" in advice["summary"]
    assert all(m["teammates"] == [] for m in advice["moves"])


def test_11_team_moves_sheet_lists_every_move(tmp_path, sample11):
    target = tmp_path / "moves.xlsx"
    process_file(str(SAMPLES / "nations-cup-11.xlsx")).writer(str(target))
    ws = openpyxl.load_workbook(target)[S.OUTPUTS["Moves"]["en"]]
    cells = [row for row in ws.iter_rows(values_only=True)]
    listed = {(row[1], row[3], row[4], row[5], row[6]) for row in cells if isinstance(row[0], int)}
    expected = {
        (m["player"], m["from_table"], m["from_seat"], m["to_table"], m["to_seat"])
        for advice in sample11["day2"]["moves"].values()
        for m in advice["moves"]
    }
    assert expected and listed == expected


# ---- hand-made rooms ----------------------------------------------------------------------------------

# Four tables of 9; 25 players left. Table 4 holds the three players of team A (and B3, whose
# team-mates sit at tables 1 and 2): breaking it must send one A to each of tables 1–3 and B3 to
# table 3, the only table without a B.
BREAK_ROOM = {
    1: ["B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "J1"],
    2: ["B2", "C2", "D2", "E2", "F2", "G2", "K1", "L1", "I2"],
    3: ["C3", "D3", "E3", "F3", "G3", "H2", "J2", "K2", "L2"],
    4: ["A1", "A2", "A3", "B3", "H3", "I3", "J3", "K3", "L3"],
}
BREAK_OUT = {"I1", "J1", "L1", "I2", "K2", "L2", "H3", "I3", "J3", "K3", "L3"}


@pytest.mark.parametrize("seed", ["break-1", "break-2", "break-3"])
def test_breaking_a_table_scatters_three_teammates(tmp_path, seed):
    out = seating_event(tmp_path, BREAK_ROOM, BREAK_OUT, seed=seed)
    assert no_errors(out)
    advice = out["day2"]["moves"]["nlh"]
    assert advice["action"] == "break" and advice["table"] == 4
    moves = {m["player"]: m for m in advice["moves"]}
    assert sorted(moves) == ["A1", "A2", "A3", "B3"]
    assert sorted(moves[p]["to_table"] for p in ("A1", "A2", "A3")) == [1, 2, 3]
    assert moves["B3"]["to_table"] == 3
    rows = [{"table": t, "seat": k, "player": p} for t, ps in BREAK_ROOM.items() for k, p in enumerate(ps, start=1)]
    room = after_moves(live_by_table(rows, BREAK_OUT), advice["moves"])
    assert teams_sharing(room) == []
    assert all(m["teammates"] == [] for m in advice["moves"])
    assert not [p for p in out["problems"] if p["code"] == "seating-teammates-forced"]


# Three tables: 9, 8 and 7 players left. One player moves from table 1 to table 3, where A–G
# already have a player: the mover must be H1 or I1, whatever the draw.
BALANCE_ROOM = {
    1: ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
    2: ["H2", "I2", "J1", "K1", "L1", "A3", "B3", "C3", "D3"],
    3: ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "E3", "F3"],
    4: ["G3", "H3", "I3", "J2", "J3", "K2", "K3", "L2", "L3"],
}
BALANCE_OUT = {"D3", "E3", "F3", "G3", "H3", "I3", "J2", "J3", "K2", "K3", "L2", "L3"}


@pytest.mark.parametrize("seed", ["balance-1", "balance-2", "balance-3", "balance-4", "balance-5"])
def test_balance_picks_a_mover_with_no_teammate_at_the_short_table(tmp_path, seed):
    out = seating_event(tmp_path, BALANCE_ROOM, BALANCE_OUT, seed=seed)
    assert no_errors(out)
    advice = out["day2"]["moves"]["nlh"]
    assert advice["action"] == "balance"
    (move,) = advice["moves"]
    assert (move["from_table"], move["to_table"]) == (1, 3)
    assert move["player"] in ("H1", "I1")
    assert move["teammates"] == []
    rows = [{"table": t, "seat": k, "player": p} for t, ps in BALANCE_ROOM.items() for k, p in enumerate(ps, start=1)]
    room = after_moves(live_by_table(rows, BALANCE_OUT), advice["moves"])
    assert sorted(len(s) for s in room.values()) == [8, 8, 8]
    assert teams_sharing(room) == []


# Three tables: 9, 8 and 5 left, and every player at the full table has a team-mate at the short
# one. A balance moves players from the fullest table to the shortest, so the first move cannot
# keep team-mates apart: it is made, and flagged with the team-mate.
FORCED_ROOM = {
    1: ["A2", "A3", "B2", "B3", "C2", "C3", "D2", "D3", "E2"],
    2: ["E3", "F1", "G1", "H1", "I1", "J1", "K1", "L1", "F2"],
    3: ["A1", "B1", "C1", "D1", "E1", "F3", "G2", "G3", "H2"],
    4: ["H3", "I2", "I3", "J2", "J3", "K2", "K3", "L2", "L3"],
}
FORCED_OUT = {"F2", "F3", "G2", "G3", "H2", "H3", "I2", "I3", "J2", "J3", "K2", "K3", "L2", "L3"}


def test_balance_flags_the_move_when_every_candidate_has_a_teammate_at_the_short_table(tmp_path):
    out = seating_event(tmp_path, FORCED_ROOM, FORCED_OUT, seed="forced")
    assert no_errors(out)
    advice = out["day2"]["moves"]["nlh"]
    assert advice["action"] == "balance"
    first = advice["moves"][0]
    assert (first["from_table"], first["to_table"]) == (1, 3)
    mates_at_3 = [p for p in FORCED_ROOM[3] if p not in FORCED_OUT and p[0] == first["player"][0]]
    assert first["teammates"] == mates_at_3 != []
    flagged = [m for m in advice["moves"] if m["teammates"]]
    assert flagged == [first]  # later moves can keep team-mates apart, and do
    warnings = [p for p in out["problems"] if p["code"] == "seating-teammates-forced"]
    assert len(warnings) == 1 and first["player"] in warnings[0]["message"]
    rows = [{"table": t, "seat": k, "player": p} for t, ps in FORCED_ROOM.items() for k, p in enumerate(ps, start=1)]
    room = after_moves(live_by_table(rows, FORCED_OUT), advice["moves"])
    sizes = sorted(len(s) for s in room.values())
    assert sizes[-1] - sizes[0] <= 1


def test_a_live_player_missing_from_seating_stops_the_moves(tmp_path):
    """The floor dropped a live NLH player's row: it is an error on that player's line-up cell,
    the moves sheet names the error and gives no move (nobody takes the missing player's seat)."""
    sheets = gen.sample_11()
    out = {r["player"] for r in sheets["Seating"] if r["out"] == 1}
    dropped = next(r for r in sheets["Seating"] if r["event"] == "nlh" and r["player"] not in out)
    sheets["Seating"] = [r for r in sheets["Seating"] if r is not dropped]
    path = tmp_path / "dropped.xlsx"
    write_input_workbook(str(path), 11, sheets, event={"name": "Dropped", "seed": gen.SEED_11}, lang="en")
    outcome = process_file(str(path))
    summary = outcome.json()
    missing = [p for p in summary["problems"] if p["code"] == "seating-missing-player"]
    row = next(i for i, r in enumerate(sheets["Lineups"]) if r["player"] == dropped["player"])
    assert [(p["sheet"], p["cell"]) for p in missing] == [("Lineups", f"C{row + 2}")]
    assert summary["day2"]["moves"]["nlh"]["action"] == "invalid"
    assert summary["day2"]["moves"]["nlh"]["moves"] == []
    target = tmp_path / "dropped.out.xlsx"
    outcome.writer(str(target))
    ws = openpyxl.load_workbook(target)[S.OUTPUTS["Moves"]["en"]]
    text = [str(c) for row in ws.iter_rows(values_only=True) for c in row if c]
    assert any("seating-missing-player" in c and dropped["player"] in c for c in text)
