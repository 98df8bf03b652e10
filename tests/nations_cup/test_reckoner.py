"""Quick reckoner (現場速算表): Σ raw per event, the value of a raw unit, the lookups."""

from decimal import Decimal
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Rules
from ttools.competitions.nations_cup.reckoner import _width, nominal_issue, reckoner, render_text

THIRD = F(1000, 3)


def test_seed_check_row_eleven_teams():
    # 現場速算表: 單挑 11隊330；NLH MTT 固定 240；獵人賽 11隊156
    r = reckoner(11, Rules(), DEFAULT_SCALES)
    assert r.players == 33
    assert r.hu_total == 330  # 66 matches × 5
    assert r.nlh_total == 240  # every scoring NLH place fits in a field of 33
    assert r.chips_issued == 67  # 附件五: 33 + 16 + 8 + 4 + 3 + 2 + 1
    assert r.bounty_place_total == 89
    assert r.bounty_total == 156  # 89 + 67
    assert r.units == {"hu": THIRD / 330, "nlh": THIRD / 240, "bounty": THIRD / 156}


def test_seed_check_row_twelve_teams():
    # 現場速算表: 單挑 12隊360；NLH MTT 固定 240；獵人賽 12隊162
    r = reckoner(12, Rules(), DEFAULT_SCALES)
    assert r.players == 36
    assert (r.hu_total, r.nlh_total, r.bounty_total) == (360, 240, 162)
    assert r.chips_issued == 73  # 附件五: 36 + 18 + 9 + 4 + 3 + 2 + 1
    # one raw unit: 1000/3 ÷ 360 = 25/27, ÷ 240 = 25/18, ÷ 162 = 500/243
    assert r.units == {"hu": F(25, 27), "nlh": F(25, 18), "bounty": F(500, 243)}
    totals = r.rows()[0]
    assert [row[1] for row in totals.rows] == [360, 240, 162]
    assert [row[4] for row in totals.rows] == [Decimal("0.9259"), Decimal("1.3889"), Decimal("2.0576")]


def test_four_teams_only_the_top_twelve_nlh_places_exist():
    # 12 players: 40+32+27+23+20+17+15+13+11+9+8+7 = 222; bounty chips 12 + (6+3+2) + 1 = 24
    r = reckoner(4, Rules(), DEFAULT_SCALES)
    assert r.players == 12
    assert r.hu_total == 120
    assert r.nlh_total == 222
    assert r.chips_issued == 24
    assert r.bounty_total == 89 + 24
    assert sorted(r.nlh_points) == list(range(1, 13))
    assert r.nlh_points[12] == 7 * THIRD / 222
    nlh = r.rows()[2]
    assert [row[0] for row in nlh.rows] == list(range(1, 13))  # no zero tail with 12 places


def test_nominal_issue_follows_the_milestone_rule():
    assert nominal_issue(33) == 67
    assert nominal_issue(36) == 73
    assert nominal_issue(24) == 24 + 12 + 6 + 3 + 2 + 1  # ⌊24/8⌋ = 3 = "3 left", counted once
    assert nominal_issue(12) == 12 + 6 + 3 + 2 + 1


def test_lookups():
    r = reckoner(12)
    # HU: 7 wins = 35 raw × 25/27 = 875/27 = 32.407… -> 32.41
    assert r.hu_points[7] == F(875, 27)
    assert sorted(r.hu_points) == list(range(13))
    hu = r.rows()[1]
    assert hu.rows[7] == [7, 35, Decimal("32.41")]
    # NLH 1st: 40 × 25/18 = 500/9 = 55.555… -> 55.56; 17th and below score nothing
    assert r.nlh_points[1] == F(500, 9)
    assert r.nlh_points[36] == 0
    nlh = r.rows()[2]
    assert nlh.rows[0] == [1, 40, Decimal("55.56")]
    assert nlh.rows[-1] == ["17–36", 0, Decimal("0.00")]
    # bounty raw 10 × 500/243 = 5000/243 = 20.576… -> 20.58
    assert r.bounty_points[10] == F(5000, 243)
    # to the most a team can hold: places 1–3 (20 + 15 + 12) and all 73 chips issued
    assert sorted(r.bounty_points) == list(range(47 + 73 + 1))
    bounty_places = r.rows()[3]
    assert bounty_places.rows[0] == [1, 20, Decimal("41.15")]  # 20 × 500/243 = 41.152…
    assert bounty_places.rows[-1] == ["11–36", 0, Decimal("0.00")]
    assert r.rows()[4].rows[10] == [10, Decimal("20.58")]


def test_rules_change_pools_and_win_value():
    rules = Rules(pool_hu=F(400), pool_nlh=F(300), pool_bounty=F(300), hu_win=4)
    r = reckoner(10, rules)
    assert r.hu_total == 60 * 4
    assert r.units["hu"] == F(400, 240)
    assert r.hu_points[12] == 48 * F(400, 240)


def test_text_table_is_aligned_in_both_languages():
    for lang, word in (("en", "estimate only"), ("zh-Hant", "僅供估算")):
        text = render_text(reckoner(11), lang)
        assert word in text
        blocks = text.strip().split("\n\n")
        assert len(blocks) == 5
        first = blocks[0].splitlines()
        assert "330" in first[3] and "240" in first[4] and "156" in first[5]
        for block in blocks:
            lines = block.splitlines()[1:]
            # numbers are right-aligned: the last column ends at the ruler's end on every line
            assert {_width(line) for line in lines} == {_width(lines[1])}


def test_too_many_teams_is_a_problem_not_a_guess():
    r = reckoner(27)
    assert [p.code for p in r.problems] == ["reckoner-teams"]
    assert r.players == 0 and r.hu_total == 0
    assert reckoner(12).problems == []


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=26))
def test_sum_raw_matches_the_formula_for_any_field(n):
    r = reckoner(n)
    m = 3 * n
    assert r.hu_total == 30 * n
    assert r.nlh_total == sum(DEFAULT_SCALES["nlh"].get(p, 0) for p in range(1, m + 1))
    assert r.bounty_total == sum(DEFAULT_SCALES["bounty"].get(p, 0) for p in range(1, m + 1)) + nominal_issue(m)
    # a whole field's raw is worth the whole pool in every event
    assert r.hu_points[12] * n / 2 == THIRD
    assert sum(r.nlh_points.values()) == THIRD
    assert r.bounty_total * r.units["bounty"] == THIRD
