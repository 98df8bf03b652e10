"""Day 1 pairing table (附件七): hard constraints, quality, optimal meeting spread, results."""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.day1 import (
    WINNER_NOT_IN_MATCH,
    check_pairings,
    construction,
    day1_complete,
    day1_pairings,
    day1_raw,
    meeting_counts,
    meeting_lower_bound,
    player_schedules,
    validate_results,
)
from ttools.competitions.nations_cup.model import Match, team_letters, team_of
from ttools.problems import Where

ALL_N = range(4, 27)


def assert_hard_constraints_and_quality(matches: list[Match], teams: list[str]) -> None:
    """Checked here from scratch, independently of check_pairings."""
    n = len(teams)
    assert len(matches) == 6 * n
    for r in (1, 2):
        in_round = [m for m in matches if m.round == r]
        assert len(in_round) == 3 * n
        plays = Counter(c for m in in_round for c in (m.home, m.away))
        # every player of every team plays exactly once per round
        assert plays == Counter(f"{t}{k}" for t in teams for k in range(1, 7))
        tables = defaultdict(list)
        for m in in_round:
            tables[m.table].append(m)
        assert sorted(tables) == list(range(1, n + 1))
        for table, ms in tables.items():
            host = teams[table - 1]
            assert sorted(m.home for m in ms) == [f"{host}1", f"{host}2", f"{host}3"]
            assert all(int(m.away[1:]) in (4, 5, 6) for m in ms)
            # quality (2): three visitors from three teams
            assert len({team_of(m.away) for m in ms}) == 3
        for t in teams:
            # quality (2): a team's away players at three different tables
            assert len({m.table for m in in_round if team_of(m.away) == t}) == 3
    opponents = defaultdict(list)
    for m in matches:
        assert team_of(m.home) != team_of(m.away)
        opponents[m.home].append(team_of(m.away))
        opponents[m.away].append(team_of(m.home))
    for code, opp in opponents.items():
        assert len(opp) == 2 and len(set(opp)) == 2, code


def meeting_profile(matches: list[Match], teams: list[str]) -> list[int]:
    counts = meeting_counts(matches)
    everyone = [frozenset(p) for p in combinations(teams, 2)]
    assert set(counts) <= set(everyone)
    return sorted((counts.get(p, 0) for p in everyone), reverse=True)


@pytest.mark.parametrize("n", ALL_N)
def test_constraints_and_quality_for_every_field_size(n):
    teams = team_letters(n)
    matches = day1_pairings(teams, "2026")
    assert_hard_constraints_and_quality(matches, teams)
    assert check_pairings(matches, teams) == []
    assert matches == sorted(matches, key=lambda m: (m.round, m.table, m.home))


@pytest.mark.parametrize("n", ALL_N)
def test_meeting_spread_reaches_the_lower_bound(n):
    teams = team_letters(n)
    profile = meeting_profile(day1_pairings(teams, "seed"), teams)
    pairs = math.comb(n, 2)
    assert sum(profile) == 6 * n
    most, at_most = meeting_lower_bound(n)
    # the bound itself, computed independently: some pair meets ⌈6N/P⌉ times, and counting
    # forces at least 6N − P(M − 1) pairs to that level
    assert most == math.ceil(6 * n / pairs)
    assert at_most == 6 * n - pairs * (most - 1)
    assert profile[0] == most
    assert profile.count(most) == at_most


def test_eleven_teams_eleven_pairs_meet_twice():
    profile = meeting_profile(day1_pairings(team_letters(11), "x"), team_letters(11))
    assert Counter(profile) == {2: 11, 1: 44}


def test_twelve_teams_six_pairs_meet_twice():
    profile = meeting_profile(day1_pairings(team_letters(12), "x"), team_letters(12))
    assert Counter(profile) == {2: 6, 1: 60}


@pytest.mark.parametrize("n", range(13, 27))
def test_thirteen_or_more_teams_no_pair_meets_twice(n):
    profile = meeting_profile(day1_pairings(team_letters(n), "x"), team_letters(n))
    assert profile[0] == 1
    assert profile.count(1) == 6 * n


def test_construction_is_fast_for_every_size():
    construction.cache_clear()
    start = time.perf_counter()
    for n in ALL_N:
        construction(n)
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("n", range(4, 13))
def test_shipped_offsets_are_what_the_search_finds(n):
    """The table shipped as data is the exhaustive search's answer, for every N it covers."""
    from ttools.competitions.nations_cup import day1 as D

    assert D.SEARCH_UP_TO == 12 and sorted(D.BEST_OFFSETS) == list(range(D.MIN_TEAMS, D.SEARCH_UP_TO + 1))
    assert D._search_offsets(n) == D.BEST_OFFSETS[n]


def test_construction_offsets_respect_the_rules():
    for n in ALL_N:
        c = construction(n)
        assert c.n == n
        for r in (0, 1):
            assert len(set(c.offsets[r])) == 3
            assert all(1 <= d < n for d in c.offsets[r])
            assert sorted(c.away_slots[r]) == [4, 5, 6]
        assert len(c.meetings()) == 6 * n


@pytest.mark.parametrize("n", [3, 2, 0, 27, 40])
def test_out_of_range_field_sizes_are_refused(n):
    with pytest.raises(ValueError, match="teams"):
        construction(n)


def test_three_teams_refused_by_pairings():
    with pytest.raises(ValueError, match="at least 4"):
        day1_pairings(["A", "B", "C"], "s")


def test_twenty_seven_teams_refused():
    with pytest.raises(ValueError, match="at most 26"):
        construction(27)


def test_same_seed_same_table():
    teams = team_letters(11)
    assert day1_pairings(teams, "abc") == day1_pairings(list(reversed(teams)), "abc")


def test_different_seeds_relabel_the_teams():
    teams = team_letters(12)
    tables = {tuple(day1_pairings(teams, f"seed-{i}")) for i in range(5)}
    assert len(tables) > 1


def test_table_numbers_follow_team_letters():
    teams = ["A", "B", "C", "D", "E"]
    for m in day1_pairings(teams, "7"):
        assert teams[m.table - 1] == team_of(m.home)


def test_teams_need_not_be_consecutive_letters():
    teams = ["B", "D", "F", "H", "K"]
    matches = day1_pairings(teams, "q")
    assert_hard_constraints_and_quality(matches, teams)


def test_player_schedules_two_matches_each():
    teams = team_letters(9)
    matches = day1_pairings(teams, "s")
    schedules = player_schedules(matches)
    assert set(schedules) == {f"{t}{k}" for t in teams for k in range(1, 7)}
    for code, ms in schedules.items():
        assert [m.round for m in ms] == [1, 2]
        assert all(code in (m.home, m.away) for m in ms)
    assert list(schedules)[:7] == ["A1", "A2", "A3", "A4", "A5", "A6", "B1"]


def decide_all(matches: list[Match]) -> list[Match]:
    return [m.replace(winner=m.home if i % 3 else m.away) for i, m in enumerate(matches)]


@pytest.mark.parametrize("n, total", [(11, 330), (12, 360)])
def test_raw_sum_is_thirty_per_team(n, total):
    teams = team_letters(n)
    matches = decide_all(day1_pairings(teams, "s"))
    raw = day1_raw(matches, teams)
    assert set(raw) == set(teams)
    assert sum(raw.values()) == total == 30 * n
    assert day1_complete(matches)


def test_raw_counts_wins_per_team():
    matches = [
        Match(1, 1, "A1", "B4", winner="A1"),
        Match(1, 1, "A2", "C4", winner="C4"),
        Match(1, 1, "A3", "D4", winner=None),
    ]
    assert day1_raw(matches, ["A", "B", "C", "D"]) == {"A": 5, "B": 0, "C": 5, "D": 0}
    assert day1_raw(matches, ["A", "B", "C", "D"], hu_win=4)["A"] == 4


def test_winner_not_in_match_is_an_error_on_the_winner_cell():
    cell = Where("Day1", "E7")
    matches = [
        Match(1, 1, "A1", "B4", winner="C4", where={"winner": cell}),
        Match(1, 1, "A2", "C5", winner="A2", where={"winner": Where("Day1", "E8")}),
        Match(1, 1, "A3", "D6", winner=None, where={"winner": Where("Day1", "E9")}),
    ]
    problems = validate_results(matches)
    assert len(problems) == 1
    p = problems[0]
    assert p.code == WINNER_NOT_IN_MATCH == "day1-winner-not-in-match"
    assert p.severity == "error"
    assert p.where == cell
    assert "C4" in p.message("en") and "A1" in p.message("en")
    assert "C4" in p.message("zh-Hant")
    # a wrong winner scores for no one, and the table is not complete
    assert day1_raw(matches, ["A", "B", "C", "D"]) == {"A": 5, "B": 0, "C": 0, "D": 0}
    assert not day1_complete(matches)


def test_missing_winners_are_not_errors_but_not_complete():
    matches = day1_pairings(team_letters(5), "s")
    assert validate_results(matches) == []
    assert not day1_complete(matches)
    assert not day1_complete([])


def test_check_pairings_reports_broken_tables():
    teams = team_letters(6)
    matches = day1_pairings(teams, "s")
    first = matches[0]
    # put a team-mate of the home player in as the away player
    own = first.replace(away=team_of(first.home) + "4")
    found = check_pairings([own] + matches[1:], teams)
    assert any("team-mates" in f for f in found)
    assert any("does not play" in f for f in found)
    assert any("plays 2 matches" in f for f in found)


def test_check_pairings_reports_visitors_from_one_team():
    teams = team_letters(4)
    m = [
        Match(1, 1, "A1", "B4"),
        Match(1, 1, "A2", "B5"),
        Match(1, 1, "A3", "C4"),
    ]
    found = check_pairings(m, teams)
    assert any("table 1: visitors" in f for f in found)
    assert any("away players B4, B5 of team B all play at table 1" in f for f in found)
    assert any("expected rounds 1 and 2" in f for f in found)


def test_check_pairings_reports_two_opponents_from_one_team():
    teams = team_letters(4)
    m = [Match(1, 1, "A1", "B4"), Match(2, 1, "A1", "B5")]
    found = check_pairings(m, teams)
    assert any("A1 meets team B more than once" in f for f in found)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 26), seed=st.text(max_size=12))
def test_any_seed_any_size_keeps_the_rules(n, seed):
    teams = team_letters(n)
    matches = day1_pairings(teams, seed)
    assert_hard_constraints_and_quality(matches, teams)
    assert meeting_profile(matches, teams)[0] == meeting_lower_bound(n)[0]
