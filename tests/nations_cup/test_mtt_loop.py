"""A simulated Day 2 MTT, as the floor runs it: players bust, ttools is run, the moves are made,
repeat until one player is left. For 11, 12 and 16 teams (14 tournaments each, 42 in all) every
piece of advice is checked against the brute-force referee (the fewest moves leaving the tables
within 1, the fewest same-team seats) and nobody is moved by the next run without a bust."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ttools.competitions.nations_cup import balance as b
from ttools.competitions.nations_cup.day2 import plan_tables, seat_draw
from ttools.competitions.nations_cup.model import Rules, team_letters, team_of
from ttools.problems import Where

from .test_balance import check_against_brute_force

SEATS = Rules().table_seats


def shared(rows) -> int:
    """Players sitting with a team-mate beyond the first of their team at a table."""
    at = Counter((s.table, team_of(s.player)) for s in rows if not s.out)
    return sum(n - 1 for n in at.values())


def simulate(teams: int, run: int) -> Counter:
    letters = team_letters(teams)
    lineup = {t: [f"{t}{n}" for n in (1, 2, 3)] for t in letters}
    field = {p: Where("Lineups", f"C{i + 2}") for i, p in enumerate(p for ps in lineup.values() for p in ps)}
    tables, _ = plan_tables(3 * teams, None, SEATS, {})
    seed = f"mtt-{teams}-{run}"
    rows = [b.SeatState(s.table, s.seat, s.player) for s in seat_draw(lineup, tables, seed, "nlh")]
    rng = random.Random(seed)
    seen: Counter = Counter()
    while sum(not s.out for s in rows) > 1:
        live = [s.player for s in rows if not s.out]
        busted = set(rng.sample(live, 2 if len(live) > 3 and rng.random() < 0.15 else 1))
        rows = [b.SeatState(s.table, s.seat, s.player, s.out or s.player in busted) for s in rows]
        advice = b.advise(rows, team_of, SEATS, seed, "nlh", tables=tables, field=field)
        assert not [p for p in advice.problems if p.severity == "error"], advice.problems
        assert advice == b.advise(list(reversed(rows)), team_of, SEATS, seed, "nlh", tables=tables, field=field)
        check_against_brute_force(rows, advice, SEATS)
        seen[advice.action] += 1
        if advice.action not in ("break", "balance", "final-table"):
            continue
        before = shared(rows)
        after_rows = b.apply_moves(rows, advice.moves)
        if advice.action != "final-table" and not advice.two_tables:
            assert shared(after_rows) <= before + len(advice.flags)  # only flagged seats are new
        rows = after_rows
        settled = b.advise(rows, team_of, SEATS, seed, "nlh", tables=tables, field=field)
        assert settled.action in ("none", "over"), f"a second move without a bust: {settled.summary()}"
    return seen


@pytest.mark.parametrize("teams", [11, 12, 16])
def test_simulated_tournaments(teams):
    actions = Counter()
    for run in range(14):
        actions += simulate(teams, run)
    assert actions["break"] and actions["balance"] and actions["final-table"] == 14
