"""Day 2 line-ups (分項名單) and the seeded seat draw (分桌抽籤)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.day2 import (
    LineupRow,
    seat_draw,
    validate_lineups,
)
from ttools.competitions.nations_cup.model import Player, team_letters, team_of
from ttools.problems import Where

SHEET = "分項名單"


def roster(teams, size=6):
    players = {}
    for t in teams:
        for k in range(1, size + 1):
            p = Player(t, k)
            players[p.code] = p
    return players


def rows_from(entries):
    """(team, event, player) -> rows with their cells, as the loader would give them."""
    return [
        LineupRow(
            team,
            event,
            player,
            where={
                "team": Where(SHEET, f"A{i}"),
                "event": Where(SHEET, f"B{i}"),
                "player": Where(SHEET, f"C{i}"),
            },
        )
        for i, (team, event, player) in enumerate(entries, start=2)
    ]


def full_entries(teams):
    return [(t, "nlh", f"{t}{k}") for t in teams for k in (1, 2, 3)] + [
        (t, "bounty", f"{t}{k}") for t in teams for k in (4, 5, 6)
    ]


def codes(problems):
    return [p.code for p in problems]


# ---- line-ups ---------------------------------------------------------------------------


def test_valid_lineups_are_returned_by_event_and_team():
    teams = ["A", "B", "C", "D"]
    lineups, problems = validate_lineups(rows_from(full_entries(teams)), roster(teams))
    assert problems == []
    assert lineups["nlh"] == {t: [f"{t}1", f"{t}2", f"{t}3"] for t in teams}
    assert lineups["bounty"] == {t: [f"{t}4", f"{t}5", f"{t}6"] for t in teams}


def test_no_rows_means_not_submitted_yet():
    lineups, problems = validate_lineups([], roster("AB"))
    assert problems == []
    assert lineups == {"nlh": {}, "bounty": {}}


def test_reserve_may_play():
    teams = ["A", "B"]
    entries = full_entries(teams)
    entries[0] = ("A", "nlh", "A7")
    lineups, problems = validate_lineups(rows_from(entries), roster(teams, size=7))
    assert problems == []
    assert lineups["nlh"]["A"] == ["A7", "A2", "A3"]


def test_player_in_both_events_is_an_error_on_the_second_occurrence():
    teams = ["A", "B"]
    entries = full_entries(teams)
    i = entries.index(("A", "bounty", "A6"))
    entries[i] = ("A", "bounty", "A2")
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert codes(problems) == ["lineup-both-events"]
    p = problems[0]
    assert p.where == Where(SHEET, f"C{i + 2}")
    assert "A2" in p.message("en") and "A2" in p.message("zh-Hant")
    assert "A" not in lineups["nlh"] and "A" not in lineups["bounty"]
    assert lineups["nlh"]["B"] == ["B1", "B2", "B3"]


def test_wrong_count_is_an_error_on_the_row_too_many():
    teams = ["A", "B"]
    entries = full_entries(teams) + [("B", "nlh", "B4")]
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    count = [p for p in problems if p.code == "lineup-count"]
    fourth = [i for i, e in enumerate(entries, start=2) if e[:2] == ("B", "nlh")][3]
    assert [p.cell for p in count] == [f"B{fourth}"]  # the event cell of the row beyond the third
    assert "4" in count[0].message("en") and "3" in count[0].message("en")
    assert "lineup-both-events" in codes(problems)  # B4 is also in the bounty line-up
    assert "B" not in lineups["nlh"] and "A" in lineups["nlh"]


def test_too_few_is_a_count_error():
    teams = ["A", "B"]
    entries = [e for e in full_entries(teams) if e != ("A", "bounty", "A6")]
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert codes(problems) == ["lineup-count"]
    last = [i for i, e in enumerate(entries, start=2) if e[:2] == ("A", "bounty")][-1]
    assert problems[0].cell == f"A{last}"
    assert "A" not in lineups["bounty"]


def test_a_player_typed_in_the_wrong_event_is_one_error_on_that_row():
    """A4 entered for NLH instead of bounty: 4 NLH and 2 bounty. One error, on A4's event cell."""
    teams = ["A", "B"]
    entries = [("A", "nlh", "A4") if e == ("A", "bounty", "A4") else e for e in full_entries(teams)]
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    row = entries.index(("A", "nlh", "A4")) + 2
    assert [(p.code, p.cell) for p in problems] == [("lineup-count", f"B{row}")]


def test_team_with_no_rows_has_not_submitted_yet_which_is_no_problem():
    teams = ["A", "B", "C"]
    entries = full_entries(["A", "B"])
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert problems == []
    assert set(lineups["nlh"]) == {"A", "B"} and "C" not in lineups["bounty"]


def test_unregistered_player_is_an_error():
    teams = ["A", "B"]
    entries = full_entries(teams)
    entries[1] = ("A", "nlh", "A9")
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert codes(problems) == ["lineup-not-registered"]
    assert problems[0].where == Where(SHEET, "C3")
    assert "A" not in lineups["nlh"]


def test_player_of_another_team_is_an_error():
    teams = ["A", "B"]
    entries = full_entries(teams)
    entries[1] = ("A", "nlh", "B6")
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert "lineup-wrong-team" in codes(problems)
    wrong = next(p for p in problems if p.code == "lineup-wrong-team")
    assert wrong.where == Where(SHEET, "C3")
    assert dict(wrong.params)["own"] == "B"
    assert "A" not in lineups["nlh"]


def test_duplicate_in_one_event_is_an_error():
    teams = ["A", "B"]
    entries = full_entries(teams)
    entries[2] = ("A", "nlh", "A1")
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert codes(problems) == ["lineup-duplicate"]
    assert problems[0].where == Where(SHEET, "C4")
    assert "A" not in lineups["nlh"] and "B" in lineups["nlh"]


def test_unknown_event_and_team():
    teams = ["A", "B"]
    entries = full_entries(teams)
    entries[0] = ("A", "hu", "A1")
    entries.append(("Z", "nlh", "Z1"))
    lineups, problems = validate_lineups(rows_from(entries), roster(teams))
    assert "lineup-unknown-event" in codes(problems)
    assert "lineup-unknown-team" in codes(problems)
    assert next(p for p in problems if p.code == "lineup-unknown-event").cell == "B2"
    assert "A" not in lineups["nlh"] and "B" in lineups["nlh"]


# ---- seat draw ----------------------------------------------------------------------------


def full_lineup(n):
    return {t: [f"{t}{k}" for k in (1, 2, 3)] for t in team_letters(n)}


def assert_valid_draw(seats, lineup, tables):
    everyone = sorted(c for cs in lineup.values() for c in cs)
    assert sorted(s.player for s in seats) == everyone
    sizes = Counter(s.table for s in seats)
    assert set(sizes) <= set(range(1, tables + 1))
    all_sizes = [sizes.get(t, 0) for t in range(1, tables + 1)]
    assert max(all_sizes) - min(all_sizes) <= 1
    for t in range(1, tables + 1):
        assert sorted(s.seat for s in seats if s.table == t) == list(range(1, sizes.get(t, 0) + 1))
    table_of = {s.player: s.table for s in seats}
    for team, cs in lineup.items():
        assert len({table_of[c] for c in cs}) == len(cs), team
    assert seats == sorted(seats, key=lambda s: (s.table, s.seat))


def test_thirty_three_players_on_four_tables_nine_eight_eight_eight():
    seats = seat_draw(full_lineup(11), 4, "2026", "nlh")
    sizes = Counter(s.table for s in seats)
    assert [sizes[t] for t in (1, 2, 3, 4)] == [9, 8, 8, 8]


def test_thirty_six_players_nine_each():
    seats = seat_draw(full_lineup(12), 4, "2026", "bounty")
    assert sorted(Counter(s.table for s in seats).values()) == [9, 9, 9, 9]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(4, 26), seed=st.text(max_size=10), tables=st.integers(3, 6), event=st.sampled_from(["nlh", "bounty"])
)
def test_any_field_any_seed_gives_a_valid_draw(n, seed, tables, event):
    lineup = full_lineup(n)
    assert_valid_draw(seat_draw(lineup, tables, seed, event), lineup, tables)


@pytest.mark.parametrize("n", range(4, 27))
def test_every_field_size_on_four_tables(n):
    lineup = full_lineup(n)
    assert_valid_draw(seat_draw(lineup, 4, "seed", "nlh"), lineup, 4)


def test_deterministic_and_independent_of_input_order():
    lineup = full_lineup(11)
    shuffled = {t: list(reversed(cs)) for t, cs in reversed(list(lineup.items()))}
    first = seat_draw(lineup, 4, "s", "nlh")
    assert first == seat_draw(lineup, 4, "s", "nlh") == seat_draw(shuffled, 4, "s", "nlh")


def test_seed_and_event_change_the_draw():
    lineup = full_lineup(11)
    base = seat_draw(lineup, 4, "s", "nlh")
    assert any(seat_draw(lineup, 4, f"s{i}", "nlh") != base for i in range(5))
    assert seat_draw(lineup, 4, "s", "bounty") != base


def test_fewer_than_three_tables_refused():
    with pytest.raises(ValueError, match="3 tables"):
        seat_draw(full_lineup(4), 2, "s", "nlh")


def test_draw_from_validated_lineups():
    teams = team_letters(11)
    lineups, problems = validate_lineups(rows_from(full_entries(teams)), roster(teams))
    assert problems == []
    for event, lineup in lineups.items():
        seats = seat_draw(lineup, 4, "s", event)
        assert_valid_draw(seats, lineup, 4)
        assert all(team_of(s.player) in teams for s in seats)


def _gale_ryser(free, teams):
    """The Gale–Ryser condition as written in the textbook: every prefix of the free counts,
    largest first, at most the sum over teams of min(size, k)."""
    if sum(free) != sum(teams):
        return False
    running = 0
    for k, r in enumerate(sorted(free, reverse=True), start=1):
        running += r
        if running > sum(min(size, k) for size in teams):
            return False
    return True


@given(st.lists(st.integers(0, 10), min_size=1, max_size=12), st.lists(st.integers(0, 12), max_size=30), st.booleans())
def test_the_seat_draw_feasibility_test_is_gale_ryser(free, teams, balance):
    from ttools.competitions.nations_cup.day2 import _fits

    if balance and sum(free) > sum(teams):
        teams = teams + [1] * (sum(free) - sum(teams))  # equal totals: the case that needs the prefix test
    assert _fits(free, teams) == _gale_ryser(free, teams)
