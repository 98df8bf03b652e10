"""The current seating (目前座位) after busts and moves: the floor marks players out on Seating
and makes the moves TableMoves gives; every run's CurrentSeating sheet, JSON day2.current, table
cards and the site's by-name page say where each live player sits as Seating says, with the draw
seat beside it."""

from __future__ import annotations

import random
from datetime import datetime, timezone

from ttools.competitions.nations_cup.report import reports
from ttools.pipeline import process_file
from ttools.publish.build import render

from tests.conftest import complete_sheets
from tests.publish import dom

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)


def _check(outcome, rows, draw, tmp_path, step):
    summary = outcome.json()
    live = {
        e: sorted((r["table"], r["seat"], r["player"]) for r in rows if r["event"] == e and not r["out"])
        for e in ("nlh", "bounty")
    }
    assert {
        e: [(s["table"], s["seat"], s["player"]) for s in seats] for e, seats in summary["day2"]["current"].items()
    } == live
    sheets = {r.key: r for r in reports(outcome.results, "en")}
    by_table = [row for b in sheets["CurrentSeating"].blocks[:2] for row in b.rows]
    assert sorted((row[1], row[2], row[3]) for row in by_table) == sorted(live["nlh"] + live["bounty"])
    assert all((row[6], row[7]) == draw[row[3]] for row in by_table)
    by_name = sheets["CurrentSeating"].blocks[2]
    assert sorted(map(tuple, by_name.rows)) == sorted(map(tuple, by_table))
    cards = {b.title: {(row[0], row[1]) for row in b.rows} for b in sheets["TableCards"].blocks}
    for event, title in (("nlh", "NLH MTT"), ("bounty", "Escalating Bounty MTT")):
        for table in {t for t, _, _ in live[event]}:
            assert cards.pop(f"{title} · Table {table}") == {(s, p) for t, s, p in live[event] if t == table}
    assert not cards
    assert all(b.page_break for b in sheets["TableCards"].blocks[1:])  # one page per table
    assert sheets["TableCards"].wall and sheets["TableCards"].fit  # posted on the table: large type, page-filling
    site = tmp_path / f"site-{step}"
    site.mkdir()
    (site / "day2-by-name.html").write_bytes(render(outcome, NOW)["day2-by-name.html"])
    (page,) = dom.read(site / "day2-by-name.html").tables
    now = {p: (str(t), str(s)) for e in live for t, s, p in live[e]}
    for row in page.rows:
        assert (row[4], row[5]) == now.get(row[1], ("out", ""))
        assert (row[6], row[7]) == tuple(map(str, draw[row[1]]))


def test_the_current_seating_follows_the_busts_and_moves_on_seating(write_event, tmp_path):
    sheets = {k: v for k, v in complete_sheets(11).items() if k in ("Players", "Day1", "Lineups")}
    first = process_file(str(write_event(sheets, teams=11, rules={}, name="start.xlsx"))).json()
    rows = [
        {"event": e, "table": s["table"], "seat": s["seat"], "player": s["player"], "out": ""}
        for e in ("nlh", "bounty")
        for s in first["day2"]["draw"][e]
    ]
    draw = {r["player"]: (r["table"], r["seat"]) for r in rows}
    rng = random.Random(21)
    moved = set()
    for step in range(12):
        for event in ("nlh", "bounty"):
            live = [r for r in rows if r["event"] == event and not r["out"]]
            for r in rng.sample(live, 2):
                r["out"] = 1
        outcome = process_file(str(write_event({**sheets, "Seating": rows}, teams=11, rules={}, name=f"s{step}.xlsx")))
        _check(outcome, rows, draw, tmp_path, step)
        for event, advice in outcome.json()["day2"]["moves"].items():
            for m in advice["moves"]:
                (r,) = [r for r in rows if r["event"] == event and r["player"] == m["player"]]
                r["table"], r["seat"] = m["to_table"], m["to_seat"]
                moved.add(m["player"])
        outcome = process_file(str(write_event({**sheets, "Seating": rows}, teams=11, rules={}, name=f"m{step}.xlsx")))
        _check(outcome, rows, draw, tmp_path, f"m{step}")
    assert len(moved) > 5  # breaks and balances happened along the way
