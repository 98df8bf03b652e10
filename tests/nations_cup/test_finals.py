"""Day 3 finals: roster, the 3-appearance rule, the round draw, result checks and standings."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings, strategies as st

from ttools.competitions.nations_cup import finals as f
from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Player, Rules
from ttools.problems import Where

TEAMS = ["A", "B", "C", "D"]
PLAYERS = {f"{t}{n}": Player(t, n) for t in "ABCDE" for n in range(1, 9)}


def roster_rows(team, numbers=range(1, 7)):
    return [f.RosterRow(team, f"{team}{n}", {"player": Where("FinalsRoster", f"B{n + 1}")}) for n in numbers]


def rosters():
    return {t: tuple(f"{t}{n}" for n in range(1, 7)) for t in TEAMS}


def lineup_rows(round_no, team, hu_numbers, numbers=range(1, 7)):
    rows = []
    for n in numbers:
        kind = "hu" if n in hu_numbers else "sng"
        cell = Where("FinalsLineups", f"D{round_no * 100 + n}")
        rows.append(f.LineupRow(round_no, team, kind, f"{team}{n}", {"player": cell}))
    return rows


# ---------------------------------------------------------------------------------------------
# roster


def test_roster_accepts_six_registered_players_per_finalist():
    rows = [r for t in TEAMS for r in roster_rows(t)]
    got, problems = f.validate_roster(rows, PLAYERS, TEAMS)
    assert problems == []
    assert got == rosters()


def test_roster_problems_each_on_its_cell():
    rows = (
        roster_rows("A", [1, 2, 3, 4, 5, 6])
        + [
            f.RosterRow("B", c, {"player": Where("FinalsRoster", f"B{i}")})
            for i, c in enumerate(["B1", "B2", "B3", "B4", "B5", "C6"], start=20)
        ]  # C6 wrong team
        + roster_rows("C", [1, 2, 3, 4, 5, 5])  # duplicate, 5 distinct
        + [f.RosterRow("D", c) for c in ["D1", "D2", "D3", "D4", "D5", "Z9"]]  # not registered
        + roster_rows("E")  # not a finalist
        + []
    )
    got, problems = f.validate_roster(rows, PLAYERS, TEAMS)
    codes = Counter(p.code for p in problems)
    assert codes == Counter(
        {
            "finals-roster-wrong-team": 1,
            "finals-roster-duplicate": 1,
            "finals-roster-count": 1,  # C lists only 5 distinct players
            "finals-roster-not-registered": 1,
            "finals-roster-not-qualified": 6,
        }
    )
    wrong = next(p for p in problems if p.code == "finals-roster-wrong-team")
    assert wrong.cell == "B25" and "C6" in wrong.message()
    assert list(got) == ["A"]  # only the clean roster is accepted


def test_roster_count_seven():
    got, problems = f.validate_roster(roster_rows("A", range(1, 8)), PLAYERS, TEAMS)
    assert [p.code for p in problems] == ["finals-roster-count"]
    assert dict(problems[0].params)["count"] == 7
    assert got == {}


# ---------------------------------------------------------------------------------------------
# line-ups and the 3-appearance rule


def three_rounds(hu_by_round, teams=TEAMS):
    rows = []
    for r, hu in enumerate(hu_by_round, start=1):
        for t in teams:
            rows += lineup_rows(r, t, hu)
    return rows


def test_round2_forces_round3_and_a_round3_lineup_ignoring_it_is_rejected_naming_the_players():
    """Rulebook 七(一)3–4: after HU {1,2,3} then HU {1,2,4}, A5 and A6 have never played HU and
    A1 and A2 never SNG: round 3 must put A5, A6 in HU and A1, A2 in SNG."""
    rows = three_rounds([(1, 2, 3), (1, 2, 4)])
    accepted, problems = f.validate_lineups(rows, rosters())
    assert problems == []
    assert set(accepted) == {1, 2}
    owes = f.owed("A", rosters()["A"], {r: accepted[r]["A"] for r in accepted})
    assert owes.next_round == 3
    assert owes.hu == ("A5", "A6") and owes.sng == ("A1", "A2")
    assert owes.must_hu == ("A5", "A6") and owes.must_sng == ("A1", "A2")

    # Team A ignores it: A1 plays a third HU, A6 a third SNG. The other teams comply.
    rows3 = lineup_rows(3, "A", (1, 3, 5)) + [r for t in "BCD" for r in lineup_rows(3, t, (3, 5, 6))]
    accepted, problems = f.validate_lineups(rows + rows3, rosters())
    assert {(p.code, dict(p.params)["player"]) for p in problems} == {
        ("finals-owes-sng", "A1"),
        ("finals-owes-hu", "A6"),
    }
    assert all(p.sheet == "FinalsLineups" and p.cell for p in problems)
    assert "A" not in accepted[3] and set(accepted[3]) == {"B", "C", "D"}
    # the accepted round-3 line-ups complete the rule: 3 players 2 HU + 1 SNG, 3 players 1 + 2
    counts = f.appearance_counts(rosters()["B"], [accepted[r]["B"] for r in (1, 2, 3)])
    assert sorted(counts.values()) == [(1, 2)] * 3 + [(2, 1)] * 3


def test_owed_after_round1_forces_nobody():
    accepted, _ = f.validate_lineups(three_rounds([(1, 2, 3)]), rosters())
    owes = f.owed("A", rosters()["A"], {1: accepted[1]["A"]})
    assert owes.hu == ("A4", "A5", "A6") and owes.sng == ("A1", "A2", "A3")
    assert owes.must_hu == () and owes.must_sng == ()


def test_lineup_shape_problems():
    rows = (
        lineup_rows(1, "A", (1, 2, 3))
        + [f.LineupRow(1, "A", "sng", "A1")]  # A1 in both
        + lineup_rows(1, "B", (1, 2, 3, 4))  # 4 HU, 2 SNG
        + lineup_rows(1, "C", (1, 2, 3), numbers=[1, 2, 3, 4, 5, 7])  # C7 not on roster
        + lineup_rows(1, "D", (1, 2, 3))
        + [f.LineupRow(1, "D", "hu", "D1")]  # D1 twice in HU
        + lineup_rows(1, "E", (1, 2, 3))  # no finals roster
        + [f.LineupRow(4, "A", "hu", "A1"), f.LineupRow(1, "A", "mtt", "A2")]
    )
    accepted, problems = f.validate_lineups(rows, rosters())
    by_code = Counter(p.code for p in problems)
    assert by_code["finals-lineup-both"] == 1
    assert by_code["finals-lineup-count"] >= 2  # B's HU and SNG counts, C's SNG
    assert by_code["finals-not-on-roster"] == 1
    assert by_code["finals-lineup-duplicate"] == 1
    assert by_code["finals-lineup-no-roster"] == 1
    assert by_code["finals-lineup-round"] == 1
    assert by_code["finals-lineup-kind"] == 1
    assert accepted == {}
    both = next(p for p in problems if p.code == "finals-lineup-both")
    assert dict(both.params)["player"] == "A1"


def test_round2_needs_an_accepted_round1():
    rows = lineup_rows(1, "A", (1, 2, 3, 4)) + lineup_rows(2, "A", (4, 5, 6))
    accepted, problems = f.validate_lineups(rows, rosters())
    assert "finals-lineup-earlier-missing" in {p.code for p in problems}
    assert accepted == {}


def _completable(counts, left):
    """Brute force: some choice of 3 HU players in each round left meets the rule."""
    players = list(counts)
    for choice in product(list(combinations(players, 3)), repeat=left):
        final = dict(counts)
        for hu in choice:
            for p in players:
                h, s = final[p]
                final[p] = (h + 1, s) if p in hu else (h, s + 1)
        if all(h >= 1 and s >= 1 for h, s in final.values()):
            return True
    return False


ROSTER_A = tuple(f"A{n}" for n in range(1, 7))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.sampled_from(ROSTER_A), min_size=3, max_size=3), min_size=1, max_size=3))
def test_feasibility_check_agrees_with_brute_force_on_real_histories(hu_sets):
    history = [f.Lineup("A", tuple(sorted(hu)), tuple(p for p in ROSTER_A if p not in hu)) for hu in hu_sets]
    counts = f.appearance_counts(ROSTER_A, history)
    left = f.ROUNDS - len(history)
    assert (f.blocking(counts, left) == []) == _completable(counts, left)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_feasibility_check_agrees_with_brute_force_on_any_counts(played, hu_counts):
    """Also counts no real history gives (Σ HU ≠ 3 per round), to exercise the sum conditions."""
    counts = {p: (min(h, played), played - min(h, played)) for p, h in zip(ROSTER_A, hu_counts)}
    left = f.ROUNDS - played
    assert (f.blocking(counts, left) == []) == _completable(counts, left)


# ---------------------------------------------------------------------------------------------
# the draw


def all_lineups(round_no=1, hu=(1, 2, 3)):
    return {
        t: f.Lineup(t, tuple(f"{t}{n}" for n in hu), tuple(f"{t}{n}" for n in range(1, 7) if n not in hu))
        for t in TEAMS
    }


def check_draw(draw, lineups):
    # HU: 6 matches, a single round robin of the 4 teams, each HU player once, 2 tables of 3
    assert len(draw.hu) == 6
    team_pairs = Counter(frozenset((m.a[0], m.b[0])) for m in draw.hu)
    assert set(team_pairs) == {frozenset(p) for p in combinations(TEAMS, 2)}
    assert all(n == 1 for n in team_pairs.values())
    hu_players = [p for m in draw.hu for p in (m.a, m.b)]
    assert sorted(hu_players) == sorted(p for lu in lineups.values() for p in lu.hu)
    assert Counter(m.table for m in draw.hu) == {1: 3, 2: 3}
    assert all(m.a[0] < m.b[0] for m in draw.hu)
    # SNG: 3 tables of 4, one player of each team, seats 1–4
    assert sorted(s.player for s in draw.sng) == sorted(p for lu in lineups.values() for p in lu.sng)
    for t in (1, 2, 3):
        at = [s for s in draw.sng if s.table == t]
        assert sorted(s.seat for s in at) == [1, 2, 3, 4]
        assert sorted(s.player[0] for s in at) == TEAMS
    assert {m.round for m in draw.hu} | {s.round for s in draw.sng} == {draw.round}


def test_every_draw_satisfies_its_constraints_for_50_seeds():
    lineups = all_lineups(2, (2, 4, 6))
    seen = set()
    for seed in range(50):
        d = f.draw_round(seed, 2, lineups)
        check_draw(d, lineups)
        seen.add((d.hu, d.sng))
    assert len(seen) > 40  # the seed really moves the draw


@settings(max_examples=40, deadline=None)
@given(
    st.text(min_size=1, max_size=8),
    st.integers(1, 3),
    st.lists(st.sets(st.integers(1, 6), min_size=3, max_size=3), min_size=4, max_size=4),
)
def test_draw_constraints_any_lineups(seed, round_no, hu_sets):
    lineups = {
        t: f.Lineup(t, tuple(f"{t}{n}" for n in sorted(hu)), tuple(f"{t}{n}" for n in range(1, 7) if n not in hu))
        for t, hu in zip(TEAMS, hu_sets)
    }
    check_draw(f.draw_round(seed, round_no, lineups), lineups)


def test_draw_is_reproducible_and_independent_of_order():
    lineups = all_lineups()
    reordered = {t: f.Lineup(t, tuple(reversed(lu.hu)), tuple(reversed(lu.sng))) for t, lu in reversed(lineups.items())}
    assert f.draw_round("2026", 1, lineups) == f.draw_round("2026", 1, reordered)
    assert f.draw_round("2026", 1, lineups) != f.draw_round("2026", 2, lineups)


def test_draw_refuses_incomplete_lineups():
    lineups = all_lineups()
    del lineups["D"]
    with pytest.raises(ValueError):
        f.draw_round("s", 1, lineups)


def test_draw_json_shape():
    d = f.draw_round("s", 1, all_lineups())
    out = f.draw_as_json({1: d})
    hu = [e for e in out if e["kind"] == "hu"]
    sng = [e for e in out if e["kind"] == "sng"]
    assert len(hu) == 6 and all(len(e["players"]) == 2 and "seat" not in e for e in hu)
    assert len(sng) == 12 and all(len(e["players"]) == 1 and 1 <= e["seat"] <= 4 for e in sng)


# ---------------------------------------------------------------------------------------------
# results


def play_finals(seed, pick_winner, pick_places):
    """Draw all 3 rounds with rule-abiding line-ups and enter results chosen by the callbacks."""
    hu_by_round = [(1, 2, 3), (1, 4, 5), (2, 6, 3)]
    draws, hu_rows, sng_rows = {}, [], []
    for r, hu in enumerate(hu_by_round, start=1):
        d = f.draw_round(seed, r, all_lineups(r, hu))
        draws[r] = d
        for m in d.hu:
            hu_rows.append(f.HUResult(r, m.table, m.a, m.b, pick_winner(m)))
        for t in (1, 2, 3):
            at = [s.player for s in d.sng if s.table == t]
            for player, place in zip(at, pick_places(r, t, at)):
                sng_rows.append(f.SNGResult(r, t, player, place))
    return draws, hu_rows, sng_rows


def test_full_finals_totals_add_up():
    """18 HU matches × 4 + 9 SNG tables × (6+3+1+0) + bonuses 3+2+1+0 = 72 + 90 + 6 = 168."""
    draws, hu_rows, sng_rows = play_finals("e", lambda m: m.a, lambda r, t, at: [1, 2, 3, 4])
    results, problems = f.validate_results(draws, hu_rows, sng_rows)
    assert problems == [] and results.complete
    standings = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, seed="e")
    assert sum(r.total for r in standings.rows) == 168
    assert sum(r.hu for r in standings.rows) == 72
    assert sum(r.sng for r in standings.rows) == 90
    assert [r.rank for r in standings.rows] == [1, 2, 3, 4]
    assert standings.complete


def test_result_problems_point_at_cells():
    draws, hu_rows, sng_rows = play_finals("e", lambda m: m.a, lambda r, t, at: [1, 2, 3, 4])
    m = hu_rows[0]
    bad_winner = f.HUResult(m.round, m.table, m.a, m.b, "Z9", {"winner": Where("FinalsHU", "E2")})
    first = sng_rows[0]
    twice = f.SNGResult(first.round, first.table, sng_rows[1].player, 1, {"place": Where("FinalsSNG", "D3")})
    out_of_range = f.SNGResult(
        sng_rows[4].round, sng_rows[4].table, sng_rows[4].player, 5, {"place": Where("FinalsSNG", "D6")}
    )
    undrawn = f.HUResult(1, 1, "A1", "A2", "A1", {"a": Where("FinalsHU", "C9")})
    hu = [bad_winner] + hu_rows[1:] + [undrawn, f.HUResult(4, 1, "A1", "B1", "A1")]
    sng = [first, twice] + sng_rows[2:4] + [out_of_range] + sng_rows[5:]
    results, problems = f.validate_results(draws, hu, sng)
    cells = {(p.code, p.sheet, p.cell) for p in problems}
    assert ("finals-hu-winner", "FinalsHU", "E2") in cells
    assert ("finals-sng-place-twice", "FinalsSNG", "D3") in cells
    assert ("finals-sng-place", "FinalsSNG", "D6") in cells
    assert ("finals-hu-not-drawn", "FinalsHU", "C9") in cells
    assert "finals-result-round-not-drawn" in {p.code for p in problems}
    assert not results.complete
    # the two broken SNG tables do not count; the seven others do
    assert len(results.sng_places) == 7 * 4
    assert sum(results.hu_wins.values()) == 17


def test_blank_results_are_games_in_play():
    draws, hu_rows, sng_rows = play_finals("e", lambda m: None, lambda r, t, at: [None, None, 2, None])
    results, problems = f.validate_results(draws, hu_rows, sng_rows)
    assert problems == []
    assert results.hu_wins == {} and results.sng_places == {} and not results.complete


# ---------------------------------------------------------------------------------------------
# standings


def results_for(hu_wins_by_team, place_counts_by_team):
    """HU wins and SNG place counts per team, spread over the team's players."""
    hu_wins = {}
    for team, wins in hu_wins_by_team.items():
        for i in range(wins):
            code = f"{team}{1 + i % 6}"
            hu_wins[code] = hu_wins.get(code, 0) + 1
    sng_places = {}
    for team, counts in place_counts_by_team.items():
        places = [p for p, n in zip((1, 2, 3, 4), counts) for _ in range(n)]
        assert len(places) == 9
        for i, place in enumerate(places):
            sng_places[(1 + i // 3, f"{team}{1 + i % 6}_{i}")] = place
    # player codes only need their team letter for scoring
    return f.FinalsResults(hu_wins, sng_places, complete=True)


# SNG place counts (1st, 2nd, 3rd, 4th) over the 9 tables: every place 9 times in all.
PLACE_COUNTS = {"A": (2, 2, 3, 2), "B": (3, 1, 2, 3), "C": (3, 2, 1, 3), "D": (1, 4, 3, 1)}  # SNG 21, 23, 25, 21


def test_tie_on_total_broken_by_sng():
    """Default scales: B 4 wins + SNG 23 + bonus 2 = 41; D 5 wins + SNG 21 + bonus 0 = 41: B ahead on SNG."""
    results = results_for({"A": 5, "B": 4, "C": 4, "D": 5}, PLACE_COUNTS)
    s = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, seed="x")
    table = [(r.rank, r.team, r.total, r.sng, r.decided_by) for r in s.rows]
    assert table == [
        (1, "A", 44, 21, None),
        (2, "C", 42, 25, "total"),
        (3, "B", 41, 23, "total"),
        (4, "D", 41, 21, "sng"),
    ]
    assert s.problems == []


def test_tie_on_total_broken_by_sng_then_by_hu():
    """With the default bonus 3/2/1/0 and 4 points per HU win, two teams equal on total and SNG
    are equal on HU too; an organiser's bonus scale of 4/2/1/0 makes the HU tie-break bite:
    B, D and A all total 41; B has the most SNG (23); D and A have 21 each, D the more HU (20 > 16)."""
    scales = dict(DEFAULT_SCALES)
    scales["bonus"] = {1: Fraction(4), 2: Fraction(2), 3: Fraction(1), 4: Fraction(0)}
    results = results_for({"A": 4, "B": 4, "C": 5, "D": 5}, PLACE_COUNTS)
    s = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, scales=scales, seed="x")
    table = [(r.rank, r.team, r.total, r.sng, r.hu, r.bonus, r.decided_by) for r in s.rows]
    assert table == [
        (1, "C", 46, 25, 20, 1, None),
        (2, "B", 41, 23, 16, 2, "total"),
        (3, "D", 41, 21, 20, 0, "sng"),
        (4, "A", 41, 21, 16, 4, "hu"),
    ]
    assert not any(r.by_lot for r in s.rows)


def test_full_tie_goes_to_a_seeded_lot_flagged_for_the_chief_referee():
    scales = dict(DEFAULT_SCALES)
    scales["bonus"] = {1: Fraction(0)}
    counts = {t: (2, 2, 3, 2) for t in TEAMS}
    results = results_for({t: 4 for t in TEAMS}, counts)
    s = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, scales=scales, seed="lot-seed")
    assert [r.rank for r in s.rows] == [1, 2, 3, 4]
    assert all(r.by_lot for r in s.rows)
    assert [p.code for p in s.problems] == ["finals-lot"] and s.problems[0].severity == "warning"
    again = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, scales=scales, seed="lot-seed")
    assert [r.team for r in again.rows] == [r.team for r in s.rows]
    orders = {
        tuple(r.team for r in f.final_standings(TEAMS, {}, results, scales=scales, seed=k).rows) for k in range(20)
    }
    assert len(orders) > 1
    # while results are still coming in, equal teams share a rank and no lot is drawn
    provisional = f.FinalsResults(results.hu_wins, results.sng_places, complete=False)
    p = f.final_standings(TEAMS, {}, provisional, scales=scales, seed="lot-seed")
    assert [r.rank for r in p.rows] == [1, 1, 1, 1] and p.problems == []


def test_standings_json_and_custom_hu_win():
    results = results_for({"A": 5, "B": 4, "C": 4, "D": 5}, PLACE_COUNTS)
    s = f.final_standings(TEAMS, {"A": 1, "B": 2, "C": 3, "D": 4}, results, rules=Rules(final_hu_win=5))
    out = s.as_json()
    assert out[0] == {"rank": 1, "team": "A", "hu": 25, "sng": 21, "bonus": 3, "total": 49}
    assert [e["rank"] for e in out] == [1, 2, 3, 4]
