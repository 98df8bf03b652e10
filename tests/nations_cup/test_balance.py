"""Day 2 table breaking and balancing: what the floor must do, and team-mates kept apart."""

import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from ttools.competitions.nations_cup import balance as b
from ttools.competitions.nations_cup.model import Rules, team_of
from ttools.problems import Where

from . import balance_oracle as oracle


def seating(tables, out=()):
    """{table: [players in seats 1, 2, …]} ('' leaves a seat empty) -> SeatState rows."""
    rows = []
    for t, players in tables.items():
        for seat, p in enumerate(players, start=1):
            if p:
                rows.append(b.SeatState(t, seat, p, p in out, {"player": Where("Seating", f"C{len(rows) + 2}")}))
    return rows


def tables_after(rows, advice):
    after = b.apply_moves(rows, advice.moves)
    at = {}
    for s in after:
        if not s.out:
            at.setdefault(s.table, []).append(s.player)
    return after, at


def assert_seats_valid(after, capacity=9):
    live = [(s.table, s.seat) for s in after if not s.out]
    assert len(live) == len(set(live))
    assert all(1 <= seat <= capacity for _, seat in live)


EVENTS = [f"nlh-{i}" for i in range(12)]


def test_break_of_a_fourth_table_that_must_scatter_three_teammates():
    """Table 4 (broken first) holds A1, A2, A3 and B3. Tables 1 and 2 have one open seat each
    and a B player; table 3 has three open seats. The only way with no team-mates together:
    one A at each table, and B3 to table 3."""
    tables = {
        1: ["B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
        2: ["B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"],
        3: ["C3", "D3", "E3", "F3", "G3", "H3"],
        4: ["A1", "A2", "A3", "B3"],
    }
    rows = seating(tables)
    for event in EVENTS:
        advice = b.advise(rows, team_of, 9, seed="2026", event=event, rules=Rules())
        assert advice.action == "break" and advice.table == 4
        assert advice.flags == () and advice.problems == ()
        assert all(m.reason == "break" and m.from_table == 4 for m in advice.moves)
        dest = {m.player: m.to_table for m in advice.moves}
        assert sorted(dest[p] for p in ("A1", "A2", "A3")) == [1, 2, 3]
        assert dest["B3"] == 3
        after, at = tables_after(rows, advice)
        assert_seats_valid(after)
        assert 4 not in at
        for players in at.values():
            assert len({team_of(p) for p in players}) == len(players)  # nobody beside a team-mate
    assert "Break table 4" in advice.summary()


def test_break_that_cannot_avoid_teammates_takes_the_fewest_and_flags_it():
    """A2 and A3 leave table 4; table 3 is full, A1 sits at table 1: one same-team seat is forced."""
    tables = {
        1: ["A1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
        2: ["C2", "D2", "E2", "F2", "G2"],
        3: ["J1", "J2", "K1", "K2", "L1", "L2", "M1", "M2", "N1"],
        4: ["A2", "A3", "B3", "N2"],
    }
    rows = seating(tables)
    for event in EVENTS:
        advice = b.advise(rows, team_of, 9, seed="s", event=event)
        assert advice.action == "break"
        assert len(advice.flags) == 1
        flagged = advice.flags[0]
        assert flagged.player in ("A2", "A3")
        assert set(flagged.teammates) & {"A1", "A2", "A3"}
        assert [p.code for p in advice.problems] == ["seating-teammates-forced"]
        assert advice.problems[0].severity == "warning"
        after, at = tables_after(rows, advice)
        assert_seats_valid(after)
        assert sorted(len(v) for v in at.values()) == [8, 9, 9]
    assert "flagged" in advice.summary()


def test_balance_where_the_only_short_table_already_seats_the_movers_teammate():
    """9/8/7: one player moves from table 1 to table 3. Table 3 seats a team-mate of every
    player at table 1 but I1, so I1 is the one who moves, whatever the draw."""
    tables = {
        1: ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "I1"],
        2: ["F1", "F2", "F3", "G1", "G2", "G3", "H1", "H2"],
        3: ["A3", "B3", "C3", "D3", "J1", "K1", "L1"],
    }
    rows = seating(tables)
    for event in EVENTS:
        advice = b.advise(rows, team_of, 9, seed="s", event=event)
        assert advice.action == "balance"
        assert [(m.player, m.from_table, m.to_table, m.reason) for m in advice.moves] == [("I1", 1, 3, "balance")]
        assert advice.moves[0].to_seat in (8, 9)
        assert advice.flags == ()


def test_balance_where_every_mover_has_a_teammate_at_the_short_table_is_flagged():
    tables = {
        1: ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"],
        2: ["F1", "F2", "F3", "G1", "G2", "G3", "H1", "H2"],
        3: ["A3", "B3", "C3", "D3", "E3", "J1", "K1"],
    }
    rows = seating(tables)
    advice = b.advise(rows, team_of, 9, seed="s", event="bounty")
    assert advice.action == "balance" and len(advice.moves) == 1
    move = advice.moves[0]
    assert move.from_table == 1 and move.to_table == 3
    assert move.teammates == (team_of(move.player) + "3",)
    assert advice.flags == (move,)
    assert [p.code for p in advice.problems] == ["seating-teammates-forced"]


def test_balance_several_moves_until_even():
    tables = {
        1: ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
        2: ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"],
        3: ["A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3"],
        4: ["J1", "J2", "J3", "K1", "K2"],
    }
    rows = seating(tables)
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "balance" and len(advice.moves) == 3
    after, at = tables_after(rows, advice)
    assert_seats_valid(after)
    assert sorted(len(v) for v in at.values()) == [8, 8, 8, 8]
    assert advice.flags == ()  # tables 1–3 hold A–I, table 4 only J and K: all clean


def test_no_balance_below_the_threshold_and_the_two_table_setting():
    three = seating(
        {1: [f"A{i}" for i in range(1, 9)], 2: [f"B{i}" for i in range(1, 9)], 3: [f"C{i}" for i in range(1, 8)]}
    )
    assert b.advise(three, team_of, 9, seed="s", event="e").action == "none"
    wide = seating(
        {1: [f"A{i}" for i in range(1, 10)], 2: [f"B{i}" for i in range(1, 10)], 3: [f"C{i}" for i in range(1, 8)]}
    )
    assert b.advise(wide, team_of, 9, seed="s", event="e").action == "balance"
    assert b.advise(wide, team_of, 9, seed="s", event="e", rules=Rules(balance_threshold=3)).action == "none"

    two = seating({1: [f"A{i}" for i in range(1, 7)], 2: [f"B{i}" for i in range(1, 5)]})
    advice = b.advise(two, team_of, 6, seed="s", event="e")
    assert advice.action == "balance" and len(advice.moves) == 1
    assert advice.moves[0].teammates == ()  # with 2 tables left team-mates no longer matter
    assert b.advise(two, team_of, 6, seed="s", event="e", rules=Rules(balance_threshold_two_tables=3)).action == "none"
    # a spread of 1 is never "balanced": one move would only swap which table is short
    odd = seating({1: [f"A{i}" for i in range(1, 7)], 2: [f"B{i}" for i in range(1, 6)]})
    assert b.advise(odd, team_of, 6, seed="s", event="e").action == "none"


def test_final_table_is_a_full_redraw():
    rows = seating({1: ["A1", "", "B1", "C1", "D1"], 2: ["E1", "F1", "G1", "H1", "X9"]}, out={"X9"})
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "final-table" and advice.table == 1
    assert sorted(m.player for m in advice.moves) == ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]
    assert all(m.to_table == 1 and m.reason == "final-table" for m in advice.moves)
    assert len({m.to_seat for m in advice.moves}) == 8
    seats = {tuple(m.to_seat for m in b.advise(rows, team_of, 9, seed=k, event="nlh").moves) for k in range(10)}
    assert len(seats) > 1
    assert "Final table" in advice.summary() and "決賽桌" in advice.summary("zh-Hant")


def test_break_order_is_a_setting():
    tables = {t: [f"{chr(64 + t)}{i}" for i in range(1, 7)] for t in (1, 2, 3, 4)}  # 4 × 6 = 24 ≤ 27
    rows = seating(tables)
    assert b.advise(rows, team_of, 9, seed="s", event="e").table == 4
    advice = b.advise(rows, team_of, 9, seed="s", event="e", rules=Rules(break_order="lowest-first"))
    assert advice.action == "break" and advice.table == 1
    after, at = tables_after(rows, advice)
    assert sorted(len(v) for v in at.values()) == [8, 8, 8]  # the break fills evenly
    bad = b.advise(rows, team_of, 9, seed="s", event="e", rules=Rules(break_order="random"))
    assert bad.action == "invalid" and [p.code for p in bad.problems] == ["seating-break-order"]


def test_same_state_same_advice_whatever_the_row_order():
    tables = {
        1: ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
        2: ["A2", "B2", "C2", "D2", "E2", "F2", "G2"],
        3: ["A3", "B3", "C3", "D3", "E3", "F3", "G3", "K1", "K2"],
    }
    rows = seating(tables)
    first = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert first == b.advise(list(reversed(rows)), team_of, 9, seed="s", event="nlh")
    assert first.stage.startswith("day2/nlh/seating/")
    changed = seating(tables, out={"K2"})
    assert b.advise(changed, team_of, 9, seed="s", event="nlh").stage != first.stage


def test_invalid_seating_is_refused_with_the_cell():
    rows = seating({1: ["A1", "B1", "C1"], 2: ["D1", "E1"]})
    rows.append(b.SeatState(1, 2, "F1", False, {"seat": Where("Seating", "B9")}))
    rows.append(b.SeatState(2, 3, "A1", True, {"player": Where("Seating", "C10")}))
    rows.append(b.SeatState(3, 10, "G1", False, {"seat": Where("Seating", "B11")}))
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "invalid" and advice.moves == ()
    assert {(p.code, p.cell) for p in advice.problems} == {
        ("seating-seat-taken", "B9"),
        ("seating-player-twice", "C10"),
        ("seating-seat-range", "B11"),
    }


def test_over_and_nothing_to_do():
    assert b.advise(seating({1: ["A1", "B1"]}, out={"B1"}), team_of, 9).action == "over"
    assert b.advise(seating({1: ["A1", "B1", "C1"]}), team_of, 9).action == "none"


# ---------------------------------------------------------------------------------------------
# properties


def random_state(rng):
    tables = rng.randint(3, 5)
    capacity = rng.randint(5, 7)
    n_teams = rng.randint(max(2, (tables * capacity) // 6), (tables * capacity) // 3)
    players = [f"{chr(65 + t)}{i}" for t in range(n_teams) for i in range(1, 4)]
    slots = [(t, s) for t in range(1, tables + 1) for s in range(1, capacity + 1)]
    rng.shuffle(slots)
    out_rate = rng.choice([0.0, 0.1, 0.2, 0.4])
    rows = [b.SeatState(t, s, p, rng.random() < out_rate) for p, (t, s) in zip(players, slots)]
    return rows, capacity


def check_against_brute_force(rows, advice, capacity, rules=Rules()):
    """The advice is one minimal piece: tables within 1 afterwards, the fewest moves, the
    fewest same-team seats (each one flagged), checked against the brute-force referee."""
    live = [s for s in rows if not s.out]
    at = oracle.tables_now(rows)
    moved = [m.player for m in advice.moves]
    assert len(moved) == len(set(moved))
    assert set(moved) <= {s.player for s in live}
    after = b.apply_moves(rows, advice.moves)
    assert_seats_valid(after, capacity)
    now = Counter(s.table for s in after if not s.out)
    if advice.action == "final-table":
        assert len(live) <= capacity and len(now) == 1
        return
    if advice.action not in ("break", "balance"):
        return
    assert max(now.values()) - min(now.values()) <= 1
    assert max(now.values()) <= capacity
    order = sorted(at, reverse=rules.break_order == "highest-first")
    broken = list(advice.broken)
    assert broken == order[: len(broken)] and not set(broken) & set(now)
    assert len(now) == max(1, -(-len(live) // capacity)) or not broken
    remaining = [t for t in order if t not in broken]
    assert len(advice.moves) == oracle.fewest_moves(at, broken, remaining)
    for m in advice.moves:
        assert m.player in (m.eligible or (m.player,))
        assert all(
            at_table == m.from_table
            for at_table in (next(s.table for s in live if s.player == p) for p in (m.eligible or (m.player,)))
        )
    if len(remaining) > 2:
        fewest = oracle.fewest_clashes(at, broken, remaining)
        if fewest is not None:
            assert len(advice.flags) == fewest
        # a flag marks each mover who joins a team-mate, already there or moved in before
        groups = Counter((team_of(m.player), m.to_table) for m in advice.moves)
        flagged = Counter((team_of(m.player), m.to_table) for m in advice.flags)
        for (team, t), n in groups.items():
            there = any(team_of(p) == team for p in at.get(t, []) if p not in moved)
            assert flagged[team, t] == (n if there else n - 1)
    else:
        assert advice.flags == () and advice.two_tables


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9))
def test_advice_properties(state_seed):
    rng = random.Random(state_seed)
    rows, capacity = random_state(rng)
    rules = Rules()
    advice = b.advise(rows, team_of, capacity, seed=str(state_seed), event="nlh", rules=rules)
    check_against_brute_force(rows, advice, capacity, rules)
    live = [s for s in rows if not s.out]
    sizes = Counter(s.table for s in live)
    if advice.action == "none":
        assert len(sizes) <= 1 or (
            len(sizes) <= -(-len(live) // capacity) and max(sizes.values()) - min(sizes.values()) < 2
        )
    assert advice == b.advise(list(reversed(rows)), team_of, capacity, seed=str(state_seed), event="nlh")


# ---------------------------------------------------------------------------------------------
# the cases of the 42 simulated tournaments


def test_a_break_leaves_the_tables_within_one():
    """5/7/6/7, 25 players fit 3 tables of 9: table 4 breaks. Its 7 players alone cannot make
    the rest even unless they go 4/1/2 (9/8/8): the advice does that, in one piece."""
    tables = {
        1: ["A1", "B1", "C1", "D1", "E1"],
        2: ["F1", "G1", "H1", "I1", "J1", "K1", "L1"],
        3: ["A2", "B2", "C2", "D2", "E2", "F2"],
        4: ["G2", "H2", "I2", "J2", "K2", "L2", "A3"],
    }
    rows = seating(tables)
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "break" and advice.broken == (4,)
    _, at = tables_after(rows, advice)
    assert sorted(len(v) for v in at.values()) == [8, 8, 9]
    check_against_brute_force(rows, advice, 9)
    again = b.advise(b.apply_moves(rows, advice.moves), team_of, 9, seed="s", event="nlh")
    assert again.action == "none"  # nobody who just arrived moves again


def test_two_tables_due_at_once_break_together():
    """8/8/1/1: 18 players fit 2 tables of 9. Tables 4 and 3 break in one piece of advice, and
    each of their players moves once; with 2 tables left team-mates are said once, not flagged."""
    tables = {
        1: ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"],
        2: ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2"],
        3: ["A3"],
        4: ["B3"],
    }
    rows = seating(tables)
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "break" and advice.broken == (4, 3) and advice.table == 4
    assert sorted(m.player for m in advice.moves) == ["A3", "B3"]
    _, at = tables_after(rows, advice)
    assert sorted(len(v) for v in at.values()) == [9, 9]
    assert advice.flags == () and advice.two_tables
    assert advice.summary().count("no longer kept apart") == 1
    # the line the floor reads: tables and players counted in words, not "table(s)" and "4, 3"
    assert advice.summary().startswith("Break tables 4 and 3: 2 players move to the seats listed.")
    assert advice.summary("zh-Hant").startswith("併桌：拆第 4、3 桌，2 名選手依下表就座。")
    assert "(s)" not in advice.summary() + b.advise(b.apply_moves(rows, advice.moves), team_of, 9).summary()


def test_balance_is_chosen_as_a_whole_set():
    """9/9/6: two players move to table 3, one from each full table. Table 3 holds A and B;
    table 1 can only send A or B players except C1, table 2 only A or B except C2. Moving C1 and C2
    both to table 3 seats them together; the clean set is C1 (or C2) with the D player of the
    other table. One piece of advice, no flag."""
    tables = {
        1: ["A1", "B1", "C1", "A4", "B4", "A5", "B5", "A6", "B6"],
        2: ["A2", "B2", "C2", "D2", "A7", "B7", "A8", "B8", "A9"],
        3: ["A3", "B3", "E1", "F1", "G1", "H1"],
    }
    rows = seating(tables)
    for event in EVENTS:
        advice = b.advise(rows, team_of, 9, seed="s", event=event)
        assert advice.action == "balance" and len(advice.moves) == 2
        assert advice.flags == ()
        check_against_brute_force(rows, advice, 9)
        movers = {m.from_table: m for m in advice.moves}
        assert movers[1].eligible == ("C1",)
        assert movers[2].eligible == ("D2",)  # C2 would join C1


def test_a_balance_lists_every_eligible_player():
    """9/9/7 over 3 tables of 9 is fine; 9/9/6/… here: table 1 sends one player to table 3 and any
    of its players will do (no team at table 3): all nine are listed, the floor moves the one due
    the big blind."""
    tables = {
        1: ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"],
        2: ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2"],
        3: ["J1", "K1", "L1", "M1", "N1", "O1", "P1"],
    }
    rows = seating(tables)
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh")
    assert advice.action == "balance" and len(advice.moves) == 1
    move = advice.moves[0]
    assert move.from_table == 1 and move.to_table == 3
    assert move.eligible == tuple(tables[1]) and move.player in move.eligible
    assert advice.as_json()["moves"][0]["eligible"] == list(tables[1])
    assert "big blind" in advice.summary()


def test_seating_is_checked_against_the_lineups():
    """A line-up player with no seat, and a seated player who is not in the line-up: errors on
    their cells, and no moves."""
    tables = {1: ["A1", "B1", "C1"], 2: ["A2", "B2", "C2"], 3: ["A3", "B3", "X1"]}
    rows = seating(tables)
    field = {
        p: Where("Lineups", f"C{i + 2}") for i, p in enumerate(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
    }
    advice = b.advise(rows, team_of, 9, seed="s", event="nlh", field=field)
    assert advice.action == "invalid" and advice.moves == ()
    assert {(p.code, p.sheet, p.cell) for p in advice.problems} == {
        ("seating-missing-player", "Lineups", "C10"),
        ("seating-not-in-lineup", "Seating", "C10"),
    }
    beyond = b.advise(seating({1: ["A1"], 2: ["B1"], 5: ["C1"]}), team_of, 9, tables=4)
    assert [p.code for p in beyond.problems] == ["seating-table-range"]


def test_nobody_is_balanced_into_the_table_that_breaks_next_more_than_needed():
    """9/9/9/6/6 over 5 tables of 9: 39 players, 8/8/8/8/7 once even. Either short table could
    take the 8; table 5 breaks next (highest first), so it takes the 7: one player, not two."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    players = iter(f"{t}{n}" for n in (1, 2, 3) for t in letters[:13])
    sizes = {1: 9, 2: 9, 3: 9, 4: 6, 5: 6}
    rows = seating({t: [next(players) for _ in range(n)] for t, n in sizes.items()})
    for event in EVENTS:
        advice = b.advise(rows, team_of, 9, seed="s", event=event)
        assert advice.action == "balance"
        into = Counter(m.to_table for m in advice.moves)
        assert into == {4: 2, 5: 1}
        check_against_brute_force(rows, advice, 9)
    lowest = b.advise(rows, team_of, 9, seed="s", event="nlh", rules=Rules(break_order="lowest-first"))
    assert lowest.action == "balance"  # table 1 breaks next now, and it only sends players
