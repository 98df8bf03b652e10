"""Every field the Day 1 construction accepts runs on the defaults: events of 13, 14, 16, 18 and
24 teams, generated through to the qualification standings, give no errors; the Day 2 draws
seat every line-up player once, team-mates apart, tables within 1 of each other; and the output,
processed again, gives the same draws and still no errors."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from ttools.competitions.nations_cup.day2 import plan_tables, seat_draw
from ttools.competitions.nations_cup.model import Rules, team_letters
from ttools.pipeline import process_file

SEATS = Rules().table_seats


def errors(summary: dict) -> list[dict]:
    return [p for p in summary["problems"] if p["severity"] == "error"]


def check_draw(summary: dict, teams: int) -> None:
    letters = team_letters(teams)
    tables, _ = plan_tables(3 * teams, None, SEATS, {})
    for event, numbers in (("nlh", (1, 2, 3)), ("bounty", (4, 5, 6))):
        seats = summary["day2"]["draw"][event]
        players = [s["player"] for s in seats]
        assert sorted(players) == sorted(f"{t}{n}" for t in letters for n in numbers)  # each once
        assert len({(s["table"], s["seat"]) for s in seats}) == len(seats)
        sizes = Counter(s["table"] for s in seats)
        assert sorted(sizes) == list(range(1, tables + 1))
        assert max(sizes.values()) - min(sizes.values()) <= 1 and max(sizes.values()) <= SEATS
        assert all(1 <= s["seat"] <= sizes[s["table"]] for s in seats)
        at = Counter((s["table"], s["player"][0]) for s in seats)
        assert max(at.values()) == 1  # team-mates apart


@pytest.mark.parametrize("teams", [13, 14, 16, 18, 24])
def test_generated_event_runs_to_the_standings_on_defaults(write_event, tmp_path, teams):
    src = write_event(teams=teams, name=f"event-{teams}.xlsx")
    first = process_file(str(src))
    summary = first.json()
    assert errors(summary) == []
    assert len(summary["qualification"]["standings"]) == teams
    check_draw(summary, teams)
    # 39 players and more do not fit the rulebook's 4 tables of 9: the count is said on the Rules cell
    auto = [p for p in summary["problems"] if p["code"] == "tables-day2-auto"]
    assert [(p["severity"], p["sheet"]) for p in auto] == [("warning", "Rules")] and auto[0]["cell"]

    out = tmp_path / f"event-{teams}.out.xlsx"
    first.writer(str(out))
    again = process_file(str(out)).json()
    assert errors(again) == []
    assert again["day2"]["draw"] == summary["day2"]["draw"]
    assert again["qualification"] == summary["qualification"]


@pytest.mark.parametrize(
    "teams, tables, sizes",
    [
        (4, 3, {4}),
        (7, 3, {7}),
        (9, 3, {9}),
        (10, 4, {7, 8}),
        (11, 4, {8, 9}),
        (12, 4, {9}),
        (13, 5, {7, 8}),
        (16, 6, {8}),
        (18, 6, {9}),
        (24, 8, {9}),
        (26, 9, {8, 9}),
    ],
)
def test_auto_table_count(teams, tables, sizes):
    """auto: max(3, ⌈3·N / 9⌉) tables — the rulebook's 4 for 28–36 players, 3 for small fields
    (4 teams: 3 tables of 4, a team's 3 players at 3 tables), 13 teams: 39 players, 5 tables
    of 7–8; a warning unless it is 4 tables of 8–9 (11 and 12 teams)."""
    count, problems = plan_tables(3 * teams, None, SEATS, {})
    assert count == tables
    field = 3 * teams
    assert {field // count, -(-field // count)} == sizes
    assert bool(problems) == (teams not in (11, 12))
    assert all(p.severity == "warning" and p.code == "tables-day2-auto" for p in problems)


def test_a_typed_table_count_wins_and_one_that_cannot_seat_the_field_says_what_to_change(write_event, tmp_path):
    from ttools.problems import Where

    cell = {"tables_day2": Where("Rules", "C7"), "table_seats": Where("Rules", "C8")}
    assert plan_tables(39, 6, 9, cell) == (6, [])
    count, problems = plan_tables(39, 4, 9, cell)
    assert count is None
    (p,) = problems
    assert (p.severity, p.code, p.sheet, p.cell) == ("error", "tables-day2-too-few", "Rules", "C7")
    assert "set tables_day2 to 5 or auto, or table_seats to 10" in p.message()
    assert "5" in p.message("zh-Hant") and "auto" in p.message("zh-Hant")

    src = write_event(teams=13, rules={"tables_day2": 4}, name="four.xlsx")
    summary = process_file(str(src)).json()
    assert [(p["code"], p["sheet"]) for p in errors(summary)] == [("tables-day2-too-few", "Rules")]
    assert "draw" not in summary.get("day2", {})
    assert len(summary["qualification"]["standings"]) == 13  # the scores do not need the seats


def test_english_appendix_sheets_read_appendix_n_and_old_names_are_not_carried_over(write_event, tmp_path):
    import openpyxl

    src = write_event(teams=12, name="names.xlsx")
    out = tmp_path / "names.out.xlsx"
    process_file(str(src)).writer(str(out))
    names = openpyxl.load_workbook(out, read_only=True).sheetnames
    assert {"Appendix 7 Day 1", "Appendix 5 Milestones", "Appendix 6 Example"} <= set(names)
    # an output of an earlier version, with the old names, processed again: the old sheets are dropped
    wb = openpyxl.load_workbook(out)
    wb["Appendix 7 Day 1"].title = "Appendix7 Day1"
    old = tmp_path / "old.xlsx"
    wb.save(old)
    again = process_file(str(old))
    assert not [p for p in again.problems if p.code == "unknown-sheet"]
    target = tmp_path / "old.out.xlsx"
    again.writer(str(target))
    assert "Appendix7 Day1" not in openpyxl.load_workbook(target, read_only=True).sheetnames


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 26), st.integers(5, 12), st.text("abc123", min_size=1, max_size=6))
def test_the_auto_count_always_seats_the_field_apart_and_even(teams, seats, seed):
    field = 3 * teams
    count, _ = plan_tables(field, None, seats, {})
    assert count >= 3 and count * seats >= field
    assert count == max(3, -(-field // seats))  # at least 3, else the fewest
    lineup = {t: [f"{t}{n}" for n in (1, 2, 3)] for t in team_letters(teams)}
    draw = seat_draw(lineup, count, seed, "nlh")
    sizes = Counter(s.table for s in draw)
    assert sorted(sizes) == list(range(1, count + 1))
    assert max(sizes.values()) <= seats and max(sizes.values()) - min(sizes.values()) <= 1
    assert max(Counter((s.table, s.player[0]) for s in draw).values()) == 1


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_the_first_day2_run_advises_no_move_for_every_field(write_event, lang):
    """Every field from 4 to 26 teams on the default tables_day2 = auto: the run that makes the
    seat draw (line-ups in, nobody out) says nothing is due on TableMoves, for both events."""
    from tests.conftest import complete_sheets

    for teams in range(4, 27):
        sheets = {k: v for k, v in complete_sheets(teams).items() if k in ("Players", "Day1", "Lineups")}
        summary = process_file(
            str(write_event(sheets, teams=teams, rules={}, lang=lang, name=f"first-{teams}.xlsx"))
        ).json()
        assert errors(summary) == [], teams
        count = max(3, -(-3 * teams // SEATS))
        for event in ("nlh", "bounty"):
            advice = summary["day2"]["moves"][event]
            assert (advice["action"], advice["moves"]) == ("none", []), (teams, event, advice["summary"])
            assert len({s["table"] for s in summary["day2"]["draw"][event]}) == count
        check_draw(summary, teams)
