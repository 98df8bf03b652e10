"""Escalating Bounty MTT: milestones (附件五), head values, places, chip conservation, checks."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.bounty import (
    MilestoneEvent,
    bounty_points,
    milestone_table,
    milestones,
    nominal_issue,
    reconcile_counts,
    run_bounty,
    team_raw,
)
from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Elimination, Rules, team_letters
from ttools.problems import ERROR, WARNING, Where, has_errors

SHEET = "Bounty"


def bounty_field(teams: int) -> list[str]:
    # each team's bounty line-up: the three players not in NLH
    return [f"{t}{n}" for t in team_letters(teams) for n in (2, 4, 6)]


def log_of(hands: list[tuple[int, list[tuple]]]) -> list[Elimination]:
    """[(hand, [(out, to) or (out, to, stack), ...]), ...] -> log rows, one sheet row each."""
    rows = []
    for hand, outs in hands:
        for out in outs:
            r = len(rows) + 2
            player, to, stack = (out + (None,))[:3]
            rows.append(
                Elimination(
                    hand,
                    player,
                    to,
                    stack,
                    where={
                        "hand": Where(SHEET, f"A{r}"),
                        "out": Where(SHEET, f"B{r}"),
                        "to": Where(SHEET, f"C{r}"),
                        "stack": Where(SHEET, f"D{r}"),
                    },
                )
            )
    return rows


def one_at_a_time(players: list[str], to_previous: bool = True) -> list[Elimination]:
    """Knock out the last player of the list first; each goes to the player listed just above
    (or, with ``to_previous=False``, always to the first player)."""
    hands = []
    for hand, i in enumerate(range(len(players) - 1, 0, -1), start=1):
        hands.append((hand, [(players[i], players[i - 1] if to_previous else players[0])]))
    return log_of(hands)


def codes(problems):
    return [p.code for p in problems]


# --- 附件五: milestones and the nominal issue -------------------------------------------------


def test_milestones_33_players():
    assert milestones(33) == [16, 8, 4, 3, 2]


def test_milestones_36_players():
    assert milestones(36) == [18, 9, 4, 3, 2]


def test_milestones_24_players_count_3_once():
    assert milestones(24) == [12, 6, 3, 2]


def test_milestones_small_fields_keep_only_values_below_the_field():
    assert milestones(3) == [2]
    assert milestones(2) == []
    assert milestones(12) == [6, 3, 2]


def test_nominal_issue_11_teams_is_67():
    assert nominal_issue(33) == 67


def test_nominal_issue_12_teams_is_73():
    assert nominal_issue(36) == 73


def test_milestone_table_33():
    table = milestone_table(33)
    assert [r["players_left"] for r in table if r["event"] == "milestone"] == [16, 8, 4, 3, 2]
    assert [r["issued"] for r in table if r["event"] == "milestone"] == [16, 8, 4, 3, 2]
    assert table[0] == dict(
        event="start", stage=0, players_left=33, each=1, issued=33, cumulative=33, head_before=None, head_after=1
    )
    champion = next(r for r in table if r["event"] == "champion")
    assert champion["issued"] == 1 and champion["head_before"] == 6
    assert table[-1]["event"] == "total" and table[-1]["issued"] == 67


def test_milestone_table_36_head_values():
    table = milestone_table(36)
    ms = [r for r in table if r["event"] == "milestone"]
    assert [r["players_left"] for r in ms] == [18, 9, 4, 3, 2]
    assert [(r["head_before"], r["head_after"]) for r in ms] == [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
    assert table[-1]["issued"] == 73


def test_milestone_table_24_counts_3_once():
    table = milestone_table(24)
    assert [r["players_left"] for r in table if r["event"] == "milestone"] == [12, 6, 3, 2]
    assert table[-1]["issued"] == 24 + 12 + 6 + 3 + 2 + 1


def test_milestone_table_custom_head_values():
    table = milestone_table(12, Rules(head_values=(1, 3, 5)))
    ms = [r for r in table if r["event"] == "milestone"]
    assert [(r["head_before"], r["head_after"]) for r in ms] == [(1, 3), (3, 5), (5, 6)]


# --- full simulated events ------------------------------------------------------------------


def test_full_33_player_event_issues_67_and_conserves():
    p = bounty_field(11)
    result, problems = run_bounty(p, one_at_a_time(p), Rules())
    assert problems == []
    assert result.complete and result.champion == p[0]
    assert result.issued == 67
    assert sum(result.chips.values()) == 67
    # Hand-computed. p[i] goes out with i+1 left, handing the head of that moment to p[i-1].
    assert result.chips[p[32]] == 0  # holds 1, hands 1
    assert result.chips[p[20]] == 1  # 1 + 1 received from p[21], hands 1
    assert result.chips[p[15]] == 1  # 1 + 1 (16 left) + 1 from p[16] = 3, hands 2 (stage 1)
    assert result.chips[p[14]] == 2  # 1 + 1 + 2 from p[15] = 4, hands 2
    assert result.chips[p[7]] == 2  # 1 + 2 + 2 from p[8] = 5, hands 3 (stage 2, 8 left)
    assert result.chips[p[2]] == 4  # 1 + 4 + 4 from p[3] = 9, hands 5 (stage 4, 3 left)
    assert result.chips[p[1]] == 5  # 1 + 5 + 5 from p[2] = 11, hands 6 (stage 5, 2 left)
    assert result.chips[p[0]] == 13  # 1 + 5 milestones + 6 from p[1] + 1 as champion
    assert [(e.remaining, e.issued_each, e.head_value) for e in result.timeline] == [
        (16, 1, 2),
        (8, 1, 3),
        (4, 1, 4),
        (3, 1, 5),
        (2, 1, 6),
    ]
    assert result.places[p[0]] == 1 and result.places[p[1]] == 2 and result.places[p[32]] == 33


def test_full_36_player_event_issues_73_and_conserves():
    p = bounty_field(12)
    result, problems = run_bounty(p, one_at_a_time(p), Rules())
    assert problems == []
    assert result.complete
    assert result.issued == 73
    assert sum(result.chips.values()) == 73
    assert result.chips[p[18]] == 1  # out 19 -> 18: stage 0, hands 1 of 2
    assert result.chips[p[17]] == 1  # 1 + 1 (18 left) + 1 from p[18] = 3, hands 2
    assert result.chips[p[8]] == 2  # 1 + 2 + 2 from p[9] = 5, hands 3 (9 left, stage 2)
    assert result.chips[p[3]] == 3  # 1 + 3 + 3 from p[4] = 7, hands 4 (4 left, stage 3)
    assert result.chips[p[0]] == 13
    assert [e.remaining for e in result.timeline] == [18, 9, 4, 3, 2]


def test_all_heads_to_the_champion_leaves_everyone_else_zero():
    p = bounty_field(11)
    result, problems = run_bounty(p, one_at_a_time(p, to_previous=False), Rules())
    assert problems == []
    assert result.chips[p[0]] == 67
    assert all(result.chips[x] == 0 for x in p[1:])
    assert result.received[p[0]] == 67 - 1 - 5 - 1


def test_head_value_is_the_one_at_the_start_of_the_hand():
    p = bounty_field(11)
    result, _ = run_bounty(p, one_at_a_time(p), Rules())
    # the hand that takes the field from 17 to 16 (hand 17) is played at head value 1;
    # the 16th-left milestone chip goes only to those left after it
    assert result.out_hand[p[16]] == 17
    assert result.handed[p[16]] == 1
    assert result.timeline[0] == MilestoneEvent(hand=17, remaining=16, issued_each=1, head_value=2, passed=(16,))
    assert result.handed[p[15]] == 2


def test_sum_raw_is_156_for_11_teams():
    p = bounty_field(11)
    result, _ = run_bounty(p, one_at_a_time(p), Rules())
    raw = team_raw(bounty_points(result, DEFAULT_SCALES["bounty"]))
    assert len(raw) == 11
    assert sum(raw.values()) == 156 == 89 + result.issued


def test_sum_raw_is_162_for_12_teams():
    p = bounty_field(12)
    result, _ = run_bounty(p, one_at_a_time(p, to_previous=False), Rules())
    raw = team_raw(bounty_points(result))
    assert sum(raw.values()) == 162 == 89 + result.issued
    # A2 is champion holding every chip; A4 and A6 finish 2nd and 3rd with nothing left
    assert raw["A"] == (20 + 73) + (15 + 0) + (12 + 0)


# --- several players out in one hand --------------------------------------------------------


def down_to_four(p: list[str]) -> list[tuple[int, list[tuple]]]:
    """12 players: p[11] … p[4] out one at a time, every head to p[0]."""
    return [(hand, [(p[12 - hand], p[0])]) for hand in range(1, 9)]


def test_double_knock_out_equal_stacks_share_places_and_passes_two_milestones():
    p = [f"P{i}" for i in range(12)]  # milestones 6, 3, 2
    hands = down_to_four(p)
    hands.append((9, [(p[3], p[0], 10_000), (p[2], p[1], 10_000)]))
    hands.append((10, [(p[1], p[0], 40_000)]))
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert problems == []
    # hands 1-6 at head 1, 6 left -> +1 each (head 2); hands 7-8 at head 2 (players hold 2)
    # p[0] = 1 + 6 + 1 + 2·2 = 12 with 4 left; p[1] = 2.
    # Hand 9 is played at head 2: p[3] hands 2 to p[0], p[2] hands 2 to p[1].
    assert result.handed[p[3]] == result.handed[p[2]] == 2
    assert result.chips[p[2]] == result.chips[p[3]] == 0
    # 4 -> 2 left passes 3 and 2: 2 chips each, stage +2, head 2 -> 4
    assert result.timeline[-1] == MilestoneEvent(9, 2, 2, 4, (3, 2))
    # p[1] = 2 + 2 + 2 = 6, hands 4 in hand 10, keeps 2; p[0] = 12 + 2 + 2 + 4 + 1 = 21
    assert result.chips[p[1]] == 2
    assert result.chips[p[0]] == 21
    assert result.issued == 12 + 6 + 2 * 2 + 1 == sum(result.chips.values())
    assert result.places[p[2]] == result.places[p[3]] == 3
    assert result.place_share[p[2]] == result.place_share[p[3]] == (3, 4)
    points = bounty_points(result)
    assert points[p[2]] == points[p[3]] == Fraction(12 + 10, 2)
    assert points[p[0]] == 20 + 21 and points[p[1]] == 15 + 2
    assert points[p[4]] == 8 and points[p[11]] == 0
    assert sum(points.values()) == 89 + result.issued


def test_double_knock_out_different_stacks_ordered_by_stack():
    p = [f"P{i}" for i in range(12)]
    hands = down_to_four(p)
    hands.append((9, [(p[2], p[1], 9_000), (p[3], p[0], 12_000)]))
    hands.append((10, [(p[1], p[0], 40_000)]))
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert problems == []
    assert result.places[p[3]] == 3 and result.place_share[p[3]] == (3, 3)
    assert result.places[p[2]] == 4 and result.place_share[p[2]] == (4, 4)
    # each hands over to their own recipient
    assert result.received[p[1]] == 2
    points = bounty_points(result)
    assert points[p[3]] == 12 and points[p[2]] == 10


def test_double_knock_out_without_stacks_shares_and_asks_for_stacks():
    p = [f"P{i}" for i in range(12)]
    hands = down_to_four(p)
    hands.append((9, [(p[2], p[1], 9_000), (p[3], p[0])]))
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert codes(problems) == ["bounty-stack-missing"]
    assert problems[0].severity == WARNING
    assert problems[0].where == Where(SHEET, "D11")
    assert "3–4" in problems[0].message()
    assert result.place_share[p[2]] == result.place_share[p[3]] == (3, 4)
    assert result.valid and not result.complete


def test_three_stacks_two_equal():
    p = [f"P{i}" for i in range(6)]
    result, problems = run_bounty(p, log_of([(1, [(p[5], p[0], 100), (p[4], p[0], 300), (p[3], p[1], 100)])]), Rules())
    assert problems == []
    assert result.place_share[p[4]] == (4, 4)
    assert result.place_share[p[5]] == result.place_share[p[3]] == (5, 6)


def test_hand_passing_18_and_9_in_a_36_field():
    p = bounty_field(12)
    # p[35] … p[19] out one at a time (19 left, head 1), then 11 out in one hand -> 8 left
    hands = [(hand, [(p[36 - hand], p[0])]) for hand in range(1, 18)]
    hands.append((18, [(p[i], p[0], 1000 * i) for i in range(8, 19)]))
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert problems == []
    assert len(result.remaining) == 8
    assert result.timeline == [MilestoneEvent(18, 8, 2, 3, (18, 9))]
    assert result.stage == 2 and result.head_value == 3
    assert all(result.handed[p[i]] == 1 for i in range(8, 19))
    assert result.chips[p[0]] == 1 + 17 + 11 + 2
    assert all(result.chips[p[i]] == 3 for i in range(1, 8))
    assert result.issued == 36 + 2 * 8 == sum(result.chips.values())
    # 11 out with 19 left take places 9-19, the biggest stack highest
    assert result.places[p[18]] == 9 and result.places[p[8]] == 19


def test_milestone_already_reached_is_not_issued_again():
    p = bounty_field(12)
    # down to 18 left (milestone 18), then one hand takes 18 -> 8: passes 9 only
    hands = [(hand, [(p[36 - hand], p[0])]) for hand in range(1, 19)]
    hands.append((19, [(p[i], p[0], 1000 * i) for i in range(8, 18)]))
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert problems == []
    assert [(e.remaining, e.issued_each, e.passed) for e in result.timeline] == [(18, 1, (18,)), (8, 1, (9,))]
    assert result.handed[p[10]] == 2


def test_hand_from_three_to_one_gives_champion_the_2_left_chip():
    p = [f"P{i}" for i in range(5)]  # milestones 3, 2
    hands = [(1, [(p[4], p[0])]), (2, [(p[3], p[0])]), (3, [(p[2], p[0], 5), (p[1], p[0], 7)])]
    result, problems = run_bounty(p, log_of(hands), Rules())
    assert problems == []
    # hand 2 takes 4 -> 3 (stage 1); hand 3 takes 3 -> 1, passes 2: 1 chip to the one left
    assert result.timeline[-1] == MilestoneEvent(3, 1, 1, 3, (2,))
    assert result.chips[p[0]] == 1 + 1 + 1 + 1 + 2 + 2 + 1 + 1
    assert result.issued == 5 + 3 + 1 + 1 == sum(result.chips.values())
    assert result.places[p[1]] == 2 and result.places[p[2]] == 3


def test_custom_head_table_asks_more_than_held():
    p = [f"P{i}" for i in range(4)]  # milestones 3, 2
    rules = Rules(head_values=(1, 5))
    hands = [(1, [(p[3], p[0])]), (2, [(p[1], p[0])])]
    result, problems = run_bounty(p, log_of(hands), rules)
    assert problems == []
    # p[1] holds 2 at head value 5: hands both and scores 0
    assert result.handed[p[1]] == 2 and result.chips[p[1]] == 0
    assert result.issued == sum(result.chips.values())


def test_rows_out_of_hand_order_are_sorted_and_each_is_a_warning_on_its_cell():
    p = bounty_field(11)
    log = one_at_a_time(p)
    forward, _ = run_bounty(p, log, Rules())
    backward, problems = run_bounty(p, list(reversed(log)), Rules())
    assert {x.code for x in problems} == {"bounty-hand-order"} and {x.severity for x in problems} == {"warning"}
    assert len(problems) == len(log) - 1  # every row after the first (the latest hand)
    assert backward.chips == forward.chips and backward.places == forward.places
    # one row typed out of place: one warning, on that row's hand cell
    swapped = list(log)
    swapped[3], swapped[4] = swapped[4], swapped[3]
    swapped = [
        Elimination(r.hand, r.out, r.to, r.stack, {"hand": Where("BountyLog", f"A{i + 2}")})
        for i, r in enumerate(swapped)
    ]
    _, problems = run_bounty(p, swapped, Rules())
    assert [(x.code, x.cell) for x in problems] == [("bounty-hand-order", "A6")]


# --- validation -----------------------------------------------------------------------------


def test_knock_out_of_a_player_already_out():
    p = [f"P{i}" for i in range(8)]
    log = log_of([(1, [(p[7], p[0])]), (2, [(p[6], p[0])]), (3, [(p[7], p[1])])])
    result, problems = run_bounty(p, log, Rules())
    assert codes(problems) == ["bounty-already-out"]
    assert problems[0].where == Where(SHEET, "B4")
    assert problems[0].severity == ERROR
    assert "hand 1" in problems[0].message()
    assert result.out_hand == {p[7]: 1, p[6]: 2}  # the rest is still computed
    assert not result.valid and not result.complete
    assert bounty_points(result) == {}


def test_same_player_twice_in_one_hand():
    p = [f"P{i}" for i in range(8)]
    _, problems = run_bounty(p, log_of([(1, [(p[7], p[0]), (p[7], p[1])])]), Rules())
    assert codes(problems) == ["bounty-already-out"]


def test_recipient_already_out():
    p = [f"P{i}" for i in range(8)]
    result, problems = run_bounty(p, log_of([(1, [(p[7], p[0])]), (4, [(p[6], p[7])])]), Rules())
    assert codes(problems) == ["bounty-recipient-out"]
    assert problems[0].where == Where(SHEET, "C3")
    assert "hand 1" in problems[0].message() and p[7] in problems[0].message()
    assert p[6] in result.remaining and not result.valid


def test_recipient_out_in_the_same_hand():
    p = [f"P{i}" for i in range(8)]
    _, problems = run_bounty(p, log_of([(1, [(p[7], p[6]), (p[6], p[0])])]), Rules())
    assert codes(problems) == ["bounty-recipient-out"]
    assert problems[0].where == Where(SHEET, "C2")


def test_recipient_is_the_eliminated_player():
    p = [f"P{i}" for i in range(8)]
    _, problems = run_bounty(p, log_of([(1, [(p[7], p[7])])]), Rules())
    assert codes(problems) == ["bounty-recipient-self"]


def test_players_not_in_the_field():
    p = [f"P{i}" for i in range(8)]
    _, problems = run_bounty(p, log_of([(1, [("X1", p[0])]), (2, [(p[7], "X2")]), (3, [(p[6], "")])]), Rules())
    assert codes(problems) == ["bounty-not-in-field", "bounty-not-in-field", "bounty-recipient-missing"]
    assert [pr.where for pr in problems] == [Where(SHEET, "B2"), Where(SHEET, "C3"), Where(SHEET, "C4")]


def test_log_eliminating_everybody_has_no_champion():
    p = ["P0", "P1", "P2"]
    result, problems = run_bounty(p, log_of([(1, [("P2", "P0")]), (2, [("P1", "P0")]), (3, [("P0", "P1")])]), Rules())
    assert "bounty-no-champion" in codes(problems)
    assert not result.complete


def test_errors_make_a_finished_event_unusable():
    p = [f"P{i}" for i in range(4)]
    log = log_of([(1, [("P3", "P0")]), (2, [("P2", "P0")]), (3, [("P1", "P0")]), (4, [("P3", "P0")])])
    result, problems = run_bounty(p, log, Rules())
    assert result.champion == "P0"
    assert has_errors(problems)
    assert not result.complete


def test_bad_hand_number():
    p = [f"P{i}" for i in range(4)]
    _, problems = run_bounty(p, [Elimination(0, "P3", "P0", where={"hand": Where(SHEET, "A2")})], Rules())
    assert codes(problems) == ["bounty-hand-invalid"]
    assert problems[0].where == Where(SHEET, "A2")


# --- bounty counts --------------------------------------------------------------------------


def test_bounty_count_that_disagrees_is_a_warning_with_both_numbers():
    p = bounty_field(11)
    result, _ = run_bounty(p, one_at_a_time(p), Rules())
    counts = [(p[0], 12, Where("Counts", "B2")), (p[1], 5, Where("Counts", "B3"))]
    problems = reconcile_counts(result, counts)
    assert codes(problems) == ["bounty-count-disagrees"]
    assert problems[0].severity == WARNING
    assert problems[0].where == Where("Counts", "B2")
    text = problems[0].message()
    assert p[0] in text and "13" in text and "12" in text


def test_bounty_count_for_a_stranger_is_an_error():
    p = bounty_field(11)
    result, _ = run_bounty(p, one_at_a_time(p), Rules())
    problems = reconcile_counts(result, [("Z9", 3, Where("Counts", "B9"))])
    assert codes(problems) == ["bounty-count-not-in-field"] and problems[0].severity == ERROR


def test_live_points_for_an_event_in_progress():
    p = [f"P{i}" for i in range(12)]
    result, _ = run_bounty(p, log_of(down_to_four(p)), Rules())
    assert bounty_points(result) == {}
    live = bounty_points(result, live=True)
    assert live[p[4]] == 8 + 0 and live[p[0]] == 12
    assert sum(live.values()) == result.issued + sum(DEFAULT_SCALES["bounty"][q] for q in range(5, 13) if q <= 10)


# --- invariants -----------------------------------------------------------------------------


@st.composite
def valid_logs(draw):
    m = draw(st.integers(min_value=2, max_value=40))
    players = [f"P{i}" for i in range(m)]
    remaining = list(players)
    hands = []
    hand = 0
    finish = draw(st.booleans())
    while len(remaining) > 1:
        if not finish and draw(st.integers(min_value=0, max_value=9)) == 0:
            break
        hand += draw(st.integers(min_value=1, max_value=3))
        k = draw(st.integers(min_value=1, max_value=min(4, len(remaining) - 1)))
        out = draw(st.lists(st.sampled_from(remaining), min_size=k, max_size=k, unique=True))
        left = [x for x in remaining if x not in out]
        rows = []
        for x in out:
            stack = draw(st.one_of(st.none(), st.sampled_from([100, 200, 300])))
            rows.append((x, draw(st.sampled_from(left)), stack))
        hands.append((hand, rows))
        remaining = left
    log = log_of(hands)
    shuffled = draw(st.permutations(log))
    return players, shuffled, hands


@settings(max_examples=80, deadline=None)
@given(valid_logs())
def test_random_valid_logs_conserve_chips_and_fill_every_place(case):
    players, log, hands = case
    m = len(players)
    result, problems = run_bounty(players, log, Rules())
    assert not has_errors(problems)
    assert result.valid
    assert sum(result.chips.values()) == result.issued
    assert all(c >= 0 for c in result.chips.values())
    assert result.issued <= nominal_issue(m)
    if result.complete and all(len(rows) == 1 for _, rows in hands):
        assert result.issued == nominal_issue(m)
    # each range of places is held by exactly as many players as it covers, ranges never overlap
    ranges = list(result.place_share.values())
    for first, last in set(ranges):
        assert ranges.count((first, last)) == last - first + 1
    covered = sorted(q for first, last in set(ranges) for q in range(first, last + 1))
    if result.complete:
        assert covered == list(range(1, m + 1))
        assert set(result.place_share) == set(players)
        points = bounty_points(result)
        if m >= 10:
            assert sum(points.values()) == 89 + result.issued
    else:
        # decided places are exactly the bottom of the field
        assert covered == list(range(len(result.remaining) + 1, m + 1))
