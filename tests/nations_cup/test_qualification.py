"""Qualification total (資格賽總成績): pools, exact shares, rounding, tie-breaks, advancing."""

from decimal import Decimal
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Rules, team_letters
from ttools.competitions.nations_cup.qualification import (
    REMAINDER_STAGE,
    event_scores,
    qualification,
)
from ttools.core.draw import Draw

THIRD = F(1000, 3)


def codes(q):
    return [p.code for p in q.problems]


def run(hu, nlh, bounty, chips=None, places=None, rules=Rules(), seed=1, teams=None):
    teams = teams or sorted(hu)
    return qualification(
        teams,
        {t: F(v) for t, v in hu.items()},
        {t: F(v) for t, v in nlh.items()},
        {t: F(v) for t, v in bounty.items()},
        chips or {t: 0 for t in teams},
        places or {t: [] for t in teams},
        rules,
        seed,
    )


def row(q, team):
    return next(r for r in q.rows if r.team == team)


# --- exact shares --------------------------------------------------------------------------


def test_three_teams_sum_to_exactly_1000_before_rounding():
    # HU raw 10/15/5 (Σ 30), NLH 40/32/27 (Σ 99), bounty 21/0/7 (Σ 28); pools 1000/3 each.
    # A: 1000/3·10/30 = 1000/9;  1000/3·40/99 = 40000/297;  1000/3·21/28 = 250
    #    total = (33000 + 40000 + 74250)/297 = 147250/297 = 495.7912… -> 495.79
    q = run({"A": 10, "B": 15, "C": 5}, {"A": 40, "B": 32, "C": 27}, {"A": 21, "B": 0, "C": 7})
    a = row(q, "A")
    assert a.hu == F(1000, 9)
    assert a.nlh == F(40000, 297)
    assert a.bounty == F(250)
    assert a.total == F(147250, 297)
    assert a.total_printed == Decimal("495.79")
    assert a.hu_printed == Decimal("111.11") and a.nlh_printed == Decimal("134.68")
    assert q.sum_exact == 1000
    assert sum(r.total for r in q.rows) == 1000
    assert q.raw_sums == {"hu": 30, "nlh": 99, "bounty": 28}
    assert q.problems == []


def test_event_with_no_raw_scores_zero_for_everyone_and_is_flagged():
    q = run({"A": 5, "B": 0}, {"A": 0, "B": 0}, {"A": 1, "B": 3})
    assert event_scores(THIRD, {"A": F(0), "B": F(0)}) == {"A": 0, "B": 0}
    assert row(q, "A").nlh == 0 and row(q, "B").nlh == 0
    # HU: A takes the whole pool; bounty: 1/4 and 3/4 of it
    assert row(q, "A").total == THIRD + THIRD / 4
    assert q.sum_exact == 2 * THIRD
    assert codes(q) == ["qualification-empty-event"]


# --- rounding ------------------------------------------------------------------------------

# Pools 400/300/300 with Σ raw 80/240/160 make one raw unit worth 5, 1.25 and 1.875 points.
POOLS_400 = Rules(pool_hu=F(400), pool_nlh=F(300), pool_bounty=F(300))
HU4 = {"A": 5, "B": 25, "C": 30, "D": 20}  # Σ 80
NLH4 = {"A": 3, "B": 100, "C": 80, "D": 57}  # Σ 240
BOUNTY4 = {"A": 1, "B": 40, "C": 60, "D": 59}  # Σ 160


def test_total_ending_in_5_at_the_third_decimal_rounds_up():
    # A: 5·5 + 3·1.25 + 1·1.875 = 25 + 3.75 + 1.875 = 30.625 -> 30.63 (half up, not to even)
    # D: 20·5 + 57·1.25 + 59·1.875 = 100 + 71.25 + 110.625 = 281.875 -> 281.88
    q = run(HU4, NLH4, BOUNTY4, rules=POOLS_400)
    assert row(q, "A").total == F(30625, 1000)
    assert row(q, "A").total_printed == Decimal("30.63")
    assert row(q, "D").total == F(281875, 1000)
    assert row(q, "D").total_printed == Decimal("281.88")
    assert row(q, "A").bounty_printed == Decimal("1.88")  # 1.875 shown half up too


def test_tail_not_zero_but_within_five_hundredths():
    # B 325.00 + C 362.50 exactly; A 30.625 -> 30.63 and D 281.875 -> 281.88 each gain 0.005:
    # Σ printed = 30.63 + 325.00 + 362.50 + 281.88 = 1000.01, tail = +0.01
    q = run(HU4, NLH4, BOUNTY4, rules=POOLS_400)
    assert q.sum_exact == 1000
    assert sum(r.total_printed for r in q.rows) == Decimal("1000.01")
    assert q.tail == Decimal("0.01")
    assert abs(q.tail) <= Decimal("0.05")
    assert "qualification-tail" not in codes(q)
    assert q.as_json()["tail"] == 0.01


def test_largest_remainder_makes_the_tail_zero():
    # floors 30.62 + 325.00 + 362.50 + 281.87 = 999.99; the one hundredth left over goes to a
    # remainder of 0.5, which A and D share: the seeded lot decides, and says so.
    rules = POOLS_400._replace(rounding="largest-remainder")
    q = run(HU4, NLH4, BOUNTY4, rules=rules)
    assert sum(r.total_printed for r in q.rows) == Decimal("1000.00")
    assert q.tail == 0
    (winner,) = Draw(1, REMAINDER_STAGE).shuffled(["A", "D"])[:1]
    assert row(q, "A").total_printed == Decimal("30.62") + (Decimal("0.01") if winner == "A" else 0)
    assert row(q, "D").total_printed == Decimal("281.87") + (Decimal("0.01") if winner == "D" else 0)
    lots = [p for p in q.problems if p.code == "rounding-remainder-lot"]
    assert len(lots) == 1 and lots[0].severity == "warning" and dict(lots[0].params)["to"] == winner


def test_largest_remainder_settles_equal_remainders_by_the_seeded_lot_flagged():
    # Three equal teams: each 1000/3 = 333.333…; half up prints 333.33 ×3 (tail −0.01).
    # Largest remainder has one hundredth for three equal remainders: the lot gives it.
    same = {"A": 1, "B": 1, "C": 1}
    chips = {"A": 2, "B": 5, "C": 3}
    half = run(same, same, same, chips=chips)
    assert [r.total_printed for r in half.rows] == [Decimal("333.33")] * 3
    assert half.tail == Decimal("-0.01")
    assert [r.team for r in half.rows] == ["B", "C", "A"]
    for seed in (1, 2, 3, 4):
        lr = run(same, same, same, chips=chips, rules=Rules(rounding="largest-remainder"), seed=seed)
        lucky = Draw(seed, REMAINDER_STAGE).shuffled(["A", "B", "C"])[0]
        assert lr.rows[0].team == lucky and lr.rows[0].total_printed == Decimal("333.34")
        rest = [r.team for r in lr.rows[1:]]
        assert rest == [t for t in ("B", "C", "A") if t != lucky]  # then the bounty chips
        assert lr.tail == 0
        (flag,) = [p for p in lr.problems if p.code == "rounding-remainder-lot"]
        assert dict(flag.params)["to"] == lucky and "chief referee" in flag.message()


def test_unknown_rounding_is_an_error_and_falls_back_to_half_up():
    q = run(HU4, NLH4, BOUNTY4, rules=POOLS_400._replace(rounding="banker"))
    assert codes(q) == ["qualification-rounding"]
    assert row(q, "A").total_printed == Decimal("30.63")


def test_tail_beyond_five_hundredths_is_a_warning():
    # 12 teams whose exact totals all end in 5 at the third decimal: a pool of 0.08 over
    # Σ raw 16; raw 1 -> 0.08·1/16 = 0.005, printed 0.01, each 0.005 too high.
    rules = Rules(pool_hu=F(8, 100), pool_nlh=F(0), pool_bounty=F(0))
    teams = team_letters(12)
    hu = {t: 1 for t in teams}
    hu["A"] = 5  # Σ = 16
    q = run(hu, {t: 0 for t in teams}, {t: 0 for t in teams}, rules=rules, teams=teams)
    # A: 0.08·5/16 = 0.025 -> 0.03; others 0.005 -> 0.01; Σ printed 0.14 vs exact 0.08
    assert row(q, "A").total_printed == Decimal("0.03")
    assert q.tail == Decimal("0.06")
    assert "qualification-tail" in codes(q)


# --- tie-breaks (八(一) 資格賽同分處理) -----------------------------------------------------

# Four teams, pools 1000/3; Σ raw HU 120, NLH 222, bounty 113.
# A and B: 1000/3·(30/120 + 60/222 + 28/113) = 1000/3·(4181 + 4520 + 4144)/16724
#        = 12845000/50172 = 256.0193… -> 256.02 (equal exactly)
# C: 260.79, D: 227.17
HU_T = {"A": 30, "B": 30, "C": 35, "D": 25}
NLH_T = {"A": 60, "B": 60, "C": 50, "D": 52}
BOUNTY_T = {"A": 28, "B": 28, "C": 30, "D": 27}
PLACES_T = {"A": [3, 9, 2, 8, 11, 12], "B": [4, 6, 5, 1, 7, 12], "C": [1, 5, 10, 3, 4, 9], "D": [2, 7, 8, 6, 10, 11]}


def test_equal_totals_separated_by_bounty_chips():
    chips = {"A": 9, "B": 12, "C": 10, "D": 7}
    q = run(HU_T, NLH_T, BOUNTY_T, chips=chips, places=PLACES_T)
    assert row(q, "A").total == F(12845000, 50172) == row(q, "B").total
    assert [r.team for r in q.rows] == ["C", "B", "A", "D"]
    assert [r.rank for r in q.rows] == [1, 2, 3, 4]
    assert row(q, "B").decided_by == "total"  # below C on total
    assert row(q, "A").decided_by == "bounty-chips"
    assert row(q, "D").decided_by == "total"
    assert row(q, "C").decided_by is None


def test_printed_tie_is_a_tie_even_when_exact_totals_differ():
    # A: 1000/3·(30/120 + 40/222 + 27/113) = 1000/3·33571/50172 = 223.0394… -> 223.04
    # B: 1000/3·(25/120 + 63/222 + 20/113) = 1000/3·67141/100344 = 223.0360… -> 223.04
    hu = {"A": 30, "B": 25, "C": 35, "D": 30}
    nlh = {"A": 40, "B": 63, "C": 60, "D": 59}
    bounty = {"A": 27, "B": 20, "C": 33, "D": 33}
    q = run(hu, nlh, bounty, chips={"A": 4, "B": 6, "C": 9, "D": 9})
    assert row(q, "A").total == F(33571000, 150516)
    assert row(q, "B").total == F(67141000, 301032)
    assert row(q, "A").total > row(q, "B").total
    assert row(q, "A").total_printed == row(q, "B").total_printed == Decimal("223.04")
    assert [r.team for r in q.rows][-2:] == ["B", "A"]
    assert row(q, "A").decided_by == "bounty-chips"


def test_equal_chips_separated_by_best_individual_place():
    chips = {"A": 10, "B": 10, "C": 10, "D": 7}
    places = dict(PLACES_T, A=[3, 9, 2, 8, 11, 12], B=[4, 6, 5, 1, 7, 12])
    q = run(HU_T, NLH_T, BOUNTY_T, chips=chips, places=places)
    # B's best is 1st (bounty MTT), A's best is 2nd
    assert [r.team for r in q.rows] == ["C", "B", "A", "D"]
    assert row(q, "B").best_place == 1 and row(q, "A").best_place == 2
    assert row(q, "A").decided_by == "best-place"


def test_equal_best_place_separated_by_second_best():
    chips = {"A": 10, "B": 10, "C": 10, "D": 7}
    places = dict(PLACES_T, A=[1, 9, 3, 8, 11, 12], B=[4, 6, 5, 1, 7, 12])
    # both have a 1st; A's second best is 3rd, B's is 4th
    q = run(HU_T, NLH_T, BOUNTY_T, chips=chips, places=places)
    assert [r.team for r in q.rows] == ["C", "A", "B", "D"]
    assert (row(q, "A").best_place, row(q, "A").second_place) == (1, 3)
    assert (row(q, "B").best_place, row(q, "B").second_place) == (1, 4)
    assert row(q, "B").decided_by == "second-place"
    assert q.problems == []


def test_fully_tied_teams_are_ordered_by_a_seeded_lot_and_flagged():
    chips = {"A": 10, "B": 10, "C": 10, "D": 7}
    places = dict(PLACES_T, A=[1, 4, 9, 8, 11, 12], B=[4, 6, 5, 1, 7, 12])
    orders = set()
    for seed in range(12):
        q = run(HU_T, NLH_T, BOUNTY_T, chips=chips, places=places, seed=seed)
        again = run(HU_T, NLH_T, BOUNTY_T, chips=chips, places=places, seed=seed)
        drawn = [r.team for r in q.rows][1:3]
        assert drawn == [r.team for r in again.rows][1:3]
        # the lot is the qualification stage's own draw over the tied teams in letter order
        assert drawn == Draw(seed, "qualification/lot").shuffled(["A", "B"])
        assert [r.rank for r in q.rows] == [1, 2, 3, 4]
        assert [r.by_lot for r in q.rows] == [False, True, True, False]
        assert q.rows[2].decided_by == "lot"
        assert q.rows[1].decided_by == "total"
        assert codes(q) == ["qualification-lot"]
        params = dict(q.problems[0].params)
        assert params["teams"] == "A, B" and params["ranks"] == "2–3"
        assert params["order"] == " > ".join(drawn)
        orders.add(tuple(drawn))
    assert orders == {("A", "B"), ("B", "A")}


# --- advancing -----------------------------------------------------------------------------


def test_top_four_advance_and_the_gap_to_fifth():
    # Same shares in all three events: raw 30/25/20/15/10 of Σ 100 -> totals 1000·raw/100
    # = 300, 250, 200, 150, 100; 4th − 5th = 150 − 100 = 50.00
    raw = {"A": 30, "B": 25, "C": 20, "D": 15, "E": 10}
    q = run(raw, raw, raw)
    assert [(r.team, r.total_printed) for r in q.rows] == [
        ("A", Decimal("300.00")),
        ("B", Decimal("250.00")),
        ("C", Decimal("200.00")),
        ("D", Decimal("150.00")),
        ("E", Decimal("100.00")),
    ]
    assert [r.advances for r in q.rows] == [True, True, True, True, False]
    assert q.advancing() == ["A", "B", "C", "D"]
    assert q.gap == Decimal("50.00")
    two = run(raw, raw, raw, rules=Rules(advance=2))
    assert two.advancing() == ["A", "B"] and two.gap == Decimal("50.00")
    assert run(raw, raw, raw, rules=Rules(advance=5)).gap is None


# --- the rulebook's 附件六 (12 teams): C, E, D, L advance; 4th and 5th differ by 3.90 -------

# team: HU wins, NLH places, bounty places, bounty chips held at the end (Σ wins 72, Σ chips 73)
APPENDIX6 = {
    "A": (10, [6, 14, 34], [16, 33, 36], 7),
    "B": (5, [2, 10, 31], [13, 24, 29], 4),
    "C": (9, [4, 20, 35], [2, 5, 22], 12),
    "D": (9, [3, 17, 29], [12, 14, 19], 8),
    "E": (8, [9, 15, 30], [1, 6, 15], 6),
    "F": (3, [7, 11, 36], [4, 8, 20], 5),
    "G": (6, [8, 12, 16], [25, 30, 35], 6),
    "H": (4, [5, 19, 22], [7, 10, 34], 4),
    "I": (5, [21, 27, 33], [3, 18, 31], 3),
    "J": (5, [23, 26, 28], [11, 17, 28], 7),
    "K": (3, [13, 25, 32], [9, 21, 23], 3),
    "L": (5, [1, 18, 24], [26, 27, 32], 8),
}


def appendix6(rules=Rules()):
    nlh_scale, bounty_scale = DEFAULT_SCALES["nlh"], DEFAULT_SCALES["bounty"]
    teams = sorted(APPENDIX6)
    hu = {t: 5 * APPENDIX6[t][0] for t in teams}
    nlh = {t: sum(nlh_scale.get(p, 0) for p in APPENDIX6[t][1]) for t in teams}
    bounty = {t: sum(bounty_scale.get(p, 0) for p in APPENDIX6[t][2]) + APPENDIX6[t][3] for t in teams}
    chips = {t: APPENDIX6[t][3] for t in teams}
    places = {t: APPENDIX6[t][1] + APPENDIX6[t][2] for t in teams}
    return run(hu, nlh, bounty, chips=chips, places=places, rules=rules, teams=teams)


def test_appendix6_twelve_teams():
    # Σ raw: HU 5·72 = 360, NLH 240, bounty 89 + 73 = 162 (the reckoner's 12-team row).
    # One raw unit: HU 1000/3/360 = 25/27, NLH 1000/3/240 = 25/18, bounty 1000/3/162 = 500/243,
    # so total = (450·HU + 675·NLH + 1000·bounty)/486.
    # L (4th): HU 25, NLH 40 (1st) + 0 + 0 = 40, bounty 0 + 0 + 0 + 8 chips = 8
    #    (11250 + 27000 + 8000)/486 = 46250/486 = 95.1646… -> 95.16
    # A (5th): HU 50, NLH 17 (6th) + 5 (14th) + 0 = 22, bounty 0 + 0 + 0 + 7 chips = 7
    #    (22500 + 14850 + 7000)/486 = 44350/486 = 91.2551… -> 91.26
    # gap = 95.16 − 91.26 = 3.90
    q = appendix6()
    assert q.raw_sums == {"hu": 360, "nlh": 240, "bounty": 162}
    assert row(q, "L").total == F(46250, 486)
    assert row(q, "A").total == F(44350, 486)
    for r in q.rows:
        assert r.total == F(450 * r.hu_raw + 675 * r.nlh_raw + 1000 * r.bounty_raw, 486)
    assert q.advancing() == ["C", "E", "D", "L"]
    assert [r.team for r in q.rows][4] == "A"
    assert q.gap == Decimal("3.90")
    assert q.sum_exact == 1000
    assert q.problems == []
    data = q.as_json()
    assert [s["team"] for s in data["standings"] if s["advances"]] == ["C", "E", "D", "L"]
    assert data["gap"] == 3.9
    assert data["standings"][3] == {
        "rank": 4,
        "team": "L",
        "hu": 23.15,
        "nlh": 55.56,
        "bounty": 16.46,
        "total": 95.16,
        "advances": True,
    }


def test_appendix6_with_largest_remainder_keeps_the_order_and_balances():
    q = appendix6(Rules(rounding="largest-remainder"))
    assert q.advancing() == ["C", "E", "D", "L"]
    assert sum(r.total_printed for r in q.rows) == Decimal("1000.00")
    assert q.tail == 0


# --- invariants ----------------------------------------------------------------------------

raws = st.integers(min_value=0, max_value=80)


@st.composite
def fields(draw):
    n = draw(st.integers(min_value=2, max_value=26))
    teams = team_letters(n)
    events = []
    for _ in range(3):
        values = draw(st.lists(raws, min_size=n, max_size=n))
        values[draw(st.integers(0, n - 1))] += 1  # every event has some raw score
        events.append(dict(zip(teams, values)))
    chips = dict(zip(teams, draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))))
    return teams, events, chips


@settings(max_examples=60, deadline=None)
@given(fields(), st.sampled_from(["half-up", "largest-remainder"]))
def test_totals_add_up_and_rounding_stays_close(field, rounding):
    teams, (hu, nlh, bounty), chips = field
    q = run(hu, nlh, bounty, chips=chips, rules=Rules(rounding=rounding), teams=teams)
    n = len(teams)
    assert q.sum_exact == 1000
    assert sum(r.total for r in q.rows) == 1000
    assert sorted(r.rank for r in q.rows) == list(range(1, n + 1))
    assert [r.total_printed for r in q.rows] == sorted((r.total_printed for r in q.rows), reverse=True)
    assert [r.advances for r in q.rows] == [r.rank <= 4 for r in q.rows]
    tail = sum(r.total_printed for r in q.rows) - Decimal(1000)
    assert q.tail == tail
    if rounding == "half-up":
        # each printed total lies in (exact − 0.005, exact + 0.005], so Σ of N of them does too
        for r in q.rows:
            assert -F(5, 1000) < F(r.total_printed) - r.total <= F(5, 1000)
        assert -Decimal("0.005") * n < tail <= Decimal("0.005") * n
    else:
        for r in q.rows:
            assert abs(F(r.total_printed) - r.total) < F(1, 100)
        assert tail == 0
