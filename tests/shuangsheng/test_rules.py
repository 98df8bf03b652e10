"""The match rules by hand: result slips (winner, points, levels, contradictions), the kitty
multiplier for every shape, every band edge, and a deal sheet that passes A."""

from __future__ import annotations

import pytest

from ttools.competitions.shuangsheng.rules import (
    read_level,
    BYE,
    FORFEIT,
    DealRow,
    Rules,
    Slip,
    bye_result,
    judge,
    level_diff,
    play_deals,
    small_points,
)
from ttools.core.upgrade import Bands
from ttools.problems import Where

KEYS = ("round", "table", "pair1", "pair2", "level1", "level2", "first_past_a", "forfeit", "declarer")
DEAL_KEYS = ("round", "table", "deal", "declarer", "captured", "kitty", "last_lead", "penalty1", "penalty2", "loss")


def slip(level1=None, level2=None, first=None, forfeit=None, declarer=None, pair2="B") -> Slip:
    where = {k: Where("Results", f"{chr(65 + i)}2") for i, k in enumerate(KEYS)}
    return Slip(1, 1, "A", pair2, level1, level2, first, forfeit, declarer, where)


def deal(n, declarer=None, captured=0, kitty=None, last_lead=None, penalty1=None, penalty2=None, loss=None) -> DealRow:
    where = {k: Where("Deals", f"{chr(65 + i)}{n + 1}") for i, k in enumerate(DEAL_KEYS)}
    return DealRow(1, 1, n, declarer, captured, kitty, last_lead, penalty1, penalty2, loss, n + 1, where)


# ---- slips ------------------------------------------------------------------------------------------


def test_higher_level_wins_two_points():
    r, problems = judge(slip("K", "9"), Rules())
    assert problems == [] and (r.winner, r.points1, r.points2) == (1, 2, 0)
    # 级差: K (13) − 9 = +4 for A, −4 for B; 小分: K − 2 = 11, 9 − 2 = 7
    assert level_diff(r.level1, r.level2) == 4 and small_points(r.level1) == 11 and small_points(r.level2) == 7


def test_equal_levels_draw_one_point_each():
    r, _ = judge(slip("10", "10"), Rules())
    assert (r.winner, r.points1, r.points2) == (0, 1, 1)


def test_equal_levels_go_to_the_declarer_when_the_rules_say_so():
    rules = Rules(equal_to_declarer=True)
    r, _ = judge(slip("10", "10", declarer=2), rules)
    assert (r.winner, r.points1, r.points2) == (2, 0, 2)
    r, problems = judge(slip("10", "10"), rules)
    assert r is None and [(p.code, p.cell) for p in problems] == [("declarer-needed", "I2")]


def test_first_past_a_wins_even_against_a_higher_looking_slip():
    r, problems = judge(slip("A+", "A", first=1), Rules())
    assert problems == [] and r.winner == 1 and r.first_past_a == 1
    # past A counts one above A: 15 − 14 = +1 level difference, 小分 15 − 2 = 13
    assert level_diff("A+", "A") == 1 and small_points("A+") == 13


def test_a_plus_alone_means_that_side_passed_a():
    r, _ = judge(slip("Q", "a+"), Rules())
    assert (r.winner, r.first_past_a, r.level2) == (2, 2, "A+")


def test_first_past_a_contradicted_by_the_levels_is_a_problem_on_its_cell():
    r, problems = judge(slip("K", "A+", first=1), Rules())
    assert r is None and [(p.code, p.cell) for p in problems] == [("past-a-contradicts", "G2")]


def test_both_past_a_needs_who_was_first():
    r, problems = judge(slip("A+", "A+"), Rules())
    assert r is None and [p.code for p in problems] == ["both-past-a"]
    r, problems = judge(slip("A+", "A+", first=2), Rules())
    assert r.winner == 2 and problems == []


@pytest.mark.parametrize(
    "typed",
    [
        "1O",
        "11A",
        "B",
        "0",
        "16",
        "A++",
        "1",
        "11",
        "12",
        "13",
        "14",
        "15",
        "T",
        "1.0",
        "15.0",
        "PAST A",
        "A*",
        "-2",
        "2.5",
        "A-",
        "K+",
    ],
)
def test_a_level_outside_the_range_is_a_problem_on_its_cell(typed):
    r, problems = judge(slip("K", typed), Rules())
    assert r is None and [(p.code, p.cell) for p in problems] == [("level-invalid", "F2")]


def test_full_width_and_aliases_are_read():
    r, problems = judge(slip("１０", "j"), Rules())
    assert problems == [] and (r.level1, r.level2, r.winner) == ("10", "J", 2)


@pytest.mark.parametrize(
    "typed, level",
    [
        ("2", "2"),
        (10, "10"),
        (10.0, "10"),
        ("q", "Q"),
        ("Ｋ", "K"),
        ("a", "A"),
        ("A+", "A+"),
        ("a＋", "A+"),
        ("过A", "A+"),
        ("過A", "A+"),
        (" 9 ", "9"),
    ],
)
def test_the_notices_levels_are_read_in_every_spelling_it_uses(typed, level):
    assert read_level(typed) == level


def test_fifteen_is_not_read_as_past_a_and_cannot_win_the_match():
    r, problems = judge(slip("15", "K"), Rules())
    assert r is None and [(p.code, p.cell) for p in problems] == [("level-invalid", "E2")]


def test_forfeit_scores_zero_two_with_levels_two_three():
    r, problems = judge(slip(forfeit=2), Rules())
    assert problems == [] and r.kind == FORFEIT
    assert (r.points1, r.points2, r.level1, r.level2, r.winner) == (2, 0, "3", "2", 1)
    r, problems = judge(slip("K", "5", forfeit="1"), Rules())
    assert (r.points1, r.points2, r.level1, r.level2) == (0, 2, "2", "3")
    assert [(p.code, p.severity) for p in problems] == [("forfeit-levels-ignored", "warning")] * 2


def test_one_level_missing_is_a_problem_and_none_means_waiting():
    assert judge(slip(), Rules()) == (None, [])
    r, problems = judge(slip("K"), Rules())
    assert r is None and [(p.code, p.cell) for p in problems] == [("level-missing", "F2")]


def test_a_side_other_than_one_or_two_is_refused():
    _, problems = judge(slip("K", "Q", forfeit=3), Rules())
    assert [(p.code, p.cell) for p in problems] == [("side-invalid", "H2")]


def test_bye_scores_as_the_rules_say():
    r = bye_result(3, "A", Rules())
    assert (r.kind, r.points1, r.level1, r.level2, r.winner) == (BYE, 2, "3", "2", 1)
    r = bye_result(3, "A", Rules(bye_points=1, bye_levels=("2", "2")))
    assert (r.points1, r.level1) == (1, "2")


# ---- the kitty multiplier and the bands, through the deal sheet ------------------------------------


@pytest.mark.parametrize(
    "shape,kitty,mult",
    [
        ("single", 10, 2),  # 单张抠底 ×2
        ("pair", 10, 4),  # 对牌 ×4
        ("tractor2", 10, 8),  # 两连对 ×2^(2+1) = 8
        ("tractor3", 5, 16),  # 三连对 ×2^(3+1) = 16
        ("tractor4", 5, 32),  # ×2^5
        ("throw", 10, 3),  # 甩牌 ×3 (this event's rule)
        ("throw-pair", 10, 3),  # a throw is ×3 whatever it holds
    ],
)
def test_kitty_multiplier_for_each_shape(shape, kitty, mult):
    log, problems = play_deals([deal(1, declarer=1, captured=20, kitty=kitty, last_lead=shape)], Rules())
    step = log.steps[0]
    assert problems == [] and step.multiplier == mult and step.kitty_points == kitty * mult
    assert step.total == 20 + kitty * mult


def test_kitty_does_not_count_when_the_declarers_won_the_last_trick():
    log, _ = play_deals([deal(1, declarer=1, captured=20, kitty=25)], Rules())
    assert (log.steps[0].multiplier, log.steps[0].total) == (0, 20)


@pytest.mark.parametrize(
    "points,take,up,level1,level2",
    [
        (0, False, 3, "5", "2"),  # 0: declarers +3 (2 -> 5)
        (5, False, 2, "4", "2"),  # 5–35: +2
        (35, False, 2, "4", "2"),
        (40, False, 1, "3", "2"),  # 40–75: +1
        (75, False, 1, "3", "2"),
        (80, True, 0, "2", "2"),  # 80–115: the deal passes, nobody goes up
        (115, True, 0, "2", "2"),
        (120, True, 1, "2", "3"),  # 120–155: defenders +1
        (155, True, 1, "2", "3"),
        (160, True, 2, "2", "4"),  # 160–195: +2
        (195, True, 2, "2", "4"),
        (200, True, 3, "2", "5"),  # 200+: +3
    ],
)
def test_band_edges(points, take, up, level1, level2):
    log, problems = play_deals([deal(1, declarer=1, captured=points)], Rules())
    s = log.steps[0]
    assert problems == [] and (s.total, s.defenders_take, s.up, s.level1, s.level2) == (
        points,
        take,
        up,
        level1,
        level2,
    )
    assert s.next_declarer == (2 if take else 1) and log.holder == s.next_declarer


def test_uncapped_bands_add_a_level_per_further_forty():
    # 240 points with no cap: (240 − 80) / 40 = 4 levels for the defenders (2 -> 6)
    log, _ = play_deals([deal(1, declarer=1, captured=200, kitty=20, last_lead="single")], Rules(bands=Bands(cap=None)))
    assert (log.steps[0].total, log.level2) == (240, "6")


# ---- a whole table: passing A ------------------------------------------------------------------------


def passing_a_sheet() -> list[DealRow]:
    return [
        deal(1, declarer=1, captured=30),  # P 30: side 1 declares, +2: 2 -> 4
        deal(2, captured=60, kitty=20, last_lead="pair"),  # P 60 + 20×4 = 140 ≥ 80: side 2 takes the deal, +1: 2 -> 3
        deal(3, captured=0),  # side 2 declares, P 0: +3: 3 -> 6
        deal(4, captured=40, kitty=10, last_lead="tractor2", penalty2=10),
        # P 40 + 10×8 + 10 (penalty on the declarers, side 2) = 130: side 1 takes the deal, +1: 4 -> 5
        deal(5, captured=0, loss=2),  # side 2 (defenders) lose the deal: P 0 − 80 = −80: side 1 +3: 5 -> 8
        deal(6, declarer=1, captured=10),  # next deal by the non-offender (1): P 10: +2: 8 -> 10
        deal(7, captured=5),  # P 5: +2: 10 -> Q
        deal(8, captured=45),  # P 45: +1: Q -> K
        deal(9, captured=10, kitty=15, last_lead="throw"),  # P 10 + 15×3 = 55: +1: K -> A
        deal(10, captured=75),  # P 75 < 80 while playing A: side 1 is past A (A+)
    ]


def test_a_deal_sheet_that_passes_a():
    log, problems = play_deals(passing_a_sheet(), Rules())
    assert problems == []
    assert [s.total for s in log.steps] == [30, 140, 0, 130, -80, 10, 5, 45, 55, 75]
    assert [(s.level1, s.level2) for s in log.steps] == [
        ("4", "2"),
        ("4", "3"),
        ("4", "6"),
        ("5", "6"),
        ("8", "6"),
        ("10", "6"),
        ("Q", "6"),
        ("K", "6"),
        ("A", "6"),
        ("A+", "6"),
    ]
    assert [s.declarer for s in log.steps] == [1, 1, 2, 2, 1, 1, 1, 1, 1, 1]
    assert log.steps[-1].past_a == 1 and (log.level1, log.level2, log.first_past_a, log.holder) == ("A+", "6", 1, None)


def test_a_deal_after_passing_a_is_a_problem():
    rows = passing_a_sheet() + [deal(11, captured=0)]
    log, problems = play_deals(rows, Rules())
    assert log is None and [(p.code, p.cell) for p in problems] == [("deal-after-past-a", "C12")]


def test_going_up_stops_at_a_without_passing_it():
    # K + 3 stops at A: a side passes A only by winning a deal as declarers while playing A
    rows = [deal(1, declarer=1, captured=0), deal(2, captured=0), deal(3, captured=0), deal(4, captured=0)]
    log, _ = play_deals(rows, Rules())
    assert [s.level1 for s in log.steps] == ["5", "8", "J", "A"] and log.first_past_a is None


def test_deal_sheet_problems_are_on_their_cells():
    rows = [
        deal(1, captured=30),
        deal(2, declarer=1, captured=33),
        deal(2, captured=0),
        deal(4, captured=10, last_lead="triple"),
    ]
    log, problems = play_deals(rows, Rules())
    assert log is None
    assert sorted((p.code, p.cell) for p in problems) == sorted(
        [
            ("deal-duplicate", "C3"),  # deal 2 twice
            ("deal-gap", "C5"),  # 4 after 2
            ("first-declarer-missing", "D2"),
            ("deal-value-invalid", "E3"),  # 33 is not a multiple of 5
            ("last-lead-invalid", "G5"),
        ]
    )


def test_a_typed_declarer_that_disagrees_with_the_play():
    # deal 1: P 140, so side 2 declares deal 2; the sheet says 1
    log, problems = play_deals([deal(1, declarer=1, captured=140), deal(2, declarer=1, captured=0)], Rules())
    assert log is None and [(p.code, p.cell) for p in problems] == [("declarer-disagrees", "D3")]


def test_unusual_penalties_are_flagged_not_refused():
    log, problems = play_deals([deal(1, declarer=1, captured=0, penalty1=80, penalty2=15)], Rules())
    # P = 0 + 80 (on the declarers) − 15 (on the defenders) = 65: declarers +1
    assert log.steps[0].total == 65 and log.level1 == "3"
    assert [(p.code, p.severity, p.cell) for p in problems] == [
        ("penalty-unusual", "warning", "H2"),
        ("penalty-unusual", "warning", "I2"),
    ]


def test_a_row_with_three_mistakes_gets_all_three_in_one_run():
    # declarer 3, captured 83 (not a multiple of 5), and "tractor" without its length
    log, problems = play_deals([deal(1, declarer=3, captured=83, last_lead="tractor")], Rules())
    assert log is None
    assert sorted((p.code, p.cell) for p in problems) == [
        ("deal-value-invalid", "E2"),
        ("last-lead-invalid", "G2"),
        ("side-invalid", "D2"),
    ]


def test_a_row_after_past_a_still_has_its_own_cells_checked():
    rows = passing_a_sheet() + [deal(11, captured=7, loss=4)]
    _log, problems = play_deals(rows, Rules())
    assert sorted((p.code, p.cell) for p in problems) == [
        ("deal-after-past-a", "C12"),
        ("deal-value-invalid", "E12"),
        ("side-invalid", "J12"),
    ]


def test_a_row_that_cannot_be_placed_is_checked_cell_by_cell():
    from ttools.competitions.shuangsheng.rules import deal_row_problems

    problems = deal_row_problems(deal(1, declarer="x", captured=-5, kitty=300, last_lead="pair", penalty1="a"), Rules())
    assert sorted((p.code, p.cell) for p in problems) == [
        ("deal-value-invalid", "E2"),
        ("deal-value-invalid", "F2"),
        ("deal-value-invalid", "H2"),
        ("side-invalid", "D2"),
    ]
