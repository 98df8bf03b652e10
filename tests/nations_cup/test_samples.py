"""The sample workbooks in samples/: the generator rewrites them exactly, and processing them gives
what the rulebook's scoring example (附件六) and the samples' README say."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl

from tests.cells import cell_values
import pytest

from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.competitions.nations_cup.model import DEFAULT_SCALES
from ttools.pipeline import process_file

from tests.nations_cup.sample_generator import SAMPLES, gen

FILES = (
    "nations-cup-12.xlsx",
    "nations-cup-11.xlsx",
    "nations-cup-11-finals.xlsx",
    "nations-cup-minimal.xlsx",
    "nations-cup-16.xlsx",
)


def milestone_values(m: int) -> list[int]:
    # 附件五, counted here on its own: ⌊M/2⌋, ⌊M/4⌋, ⌊M/8⌋, then 3 and 2, each once, below M
    return sorted((v for v in {m // 2, m // 4, m // 8, 3, 2} if 2 <= v < m), reverse=True)


def replay_timeline(m: int, log: list[dict]) -> list[tuple[int, int, int]]:
    """(hand, players left, milestones passed) for each hand of the log that passes any."""
    marks = milestone_values(m)
    left, out = m, []
    hands = Counter(row["hand"] for row in log)
    for hand in sorted(hands):
        before, left = left, left - hands[hand]
        passed = sum(1 for v in marks if left <= v < before)
        if passed:
            out.append((hand, left, passed))
    return out


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("samples")
    gen.write_samples(str(folder))
    return folder


@pytest.fixture(scope="module")
def outcomes() -> dict[str, dict]:
    return {name: process_file(str(SAMPLES / name)).json() for name in FILES}


# ---- the files are what the script writes -------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_generator_rewrites_the_checked_in_sample(regenerated, name):
    assert cell_values(regenerated / name) == cell_values(SAMPLES / name)


def test_generator_is_deterministic():
    assert gen.sample_12() == gen.sample_12()
    assert gen.sample_11() == gen.sample_11()
    assert gen.sample_11_finals() == gen.sample_11_finals()


def test_generator_writes_every_sample_listed_here():
    assert tuple(gen.SAMPLE_FILES) == FILES


# ---- 12 teams: the rulebook's scoring example (附件六) -----------------------------------------------


def test_12_team_sample_has_no_errors_and_one_count_warning(outcomes):
    problems = outcomes["nations-cup-12.xlsx"]["problems"]
    assert [p["severity"] for p in problems] == ["warning"]
    assert problems[0]["code"] == "bounty-count-disagrees"


def test_12_team_count_warning_names_the_player_and_both_numbers(outcomes):
    out = outcomes["nations-cup-12.xlsx"]
    counts_sheet = S.BOUNTY_COUNTS.name("zh-Hant")
    ws = openpyxl.load_workbook(SAMPLES / "nations-cup-12.xlsx")[counts_sheet]
    counted = {row[0].value: (row[1].value, row[1].coordinate) for row in ws.iter_rows(min_row=2) if row[0].value}
    log_chips = {p: v["chips"] for p, v in out["bounty"]["players"].items()}
    assert set(counted) == set(log_chips)  # the floor counted all 36
    wrong = [p for p in counted if counted[p][0] != log_chips[p]]
    assert len(wrong) == 1
    player = wrong[0]
    (warning,) = out["problems"]
    assert warning["sheet"] == counts_sheet and warning["cell"] == counted[player][1]
    message = warning["message"]
    assert player in message and str(log_chips[player]) in message and str(counted[player][0]) in message


def test_12_team_sample_reproduces_appendix_6(outcomes):
    standings = outcomes["nations-cup-12.xlsx"]["qualification"]["standings"]
    assert [r["rank"] for r in standings] == list(range(1, 13))
    assert [r["team"] for r in standings[:4]] == ["C", "E", "D", "L"]  # 晉級 C、E、D、L
    assert [r["team"] for r in standings if r["advances"]] == ["C", "E", "D", "L"]
    gap = Decimal(str(standings[3]["total"])) - Decimal(str(standings[4]["total"]))
    assert gap == Decimal("3.90")  # 第 4 名與第 5 名相差 3.90 分
    assert outcomes["nations-cup-12.xlsx"]["qualification"]["gap"] == pytest.approx(3.90)


def test_12_team_raw_sums_match_the_quick_reckoner(outcomes):
    out = outcomes["nations-cup-12.xlsx"]
    m = 36
    issued = m + sum(milestone_values(m)) + 1  # 附件五: nothing skipped
    assert issued == 73
    assert out["bounty"]["issued"] == issued
    assert sum(v["chips"] for v in out["bounty"]["players"].values()) == issued  # conserved
    assert sum(out["day1"]["raw"].values()) == 30 * 12 == 360
    assert sum(out["nlh"]["raw"].values()) == sum(DEFAULT_SCALES["nlh"].values()) == 240
    assert sum(out["bounty"]["raw"].values()) == sum(DEFAULT_SCALES["bounty"].values()) + issued == 162


def test_12_team_hu_raw_counts_the_winners_on_the_sheet(outcomes):
    out = outcomes["nations-cup-12.xlsx"]
    wins = Counter(row["winner"][0] for row in gen.sample_12()["Day1"])
    assert out["day1"]["raw"] == {t: 5 * wins[t] for t in out["day1"]["raw"]}
    assert max(wins.values()) < 12  # plausible: nobody wins everything


def test_12_team_totals_are_pool_shares_of_the_raw_scores(outcomes):
    out = outcomes["nations-cup-12.xlsx"]
    raws = [out["day1"]["raw"], out["nlh"]["raw"], out["bounty"]["raw"]]
    sums = [sum(Fraction(str(v)) for v in r.values()) for r in raws]
    for row in out["qualification"]["standings"]:
        exact = sum((Fraction(1000, 3) * Fraction(str(r[row["team"]])) / s for r, s in zip(raws, sums)), Fraction(0))
        cents = (200 * exact.numerator + exact.denominator) // (2 * exact.denominator)  # half up
        assert Decimal(str(row["total"])) == Decimal(cents) / 100


def test_12_team_shared_place_and_same_hand_knockouts(outcomes):
    out = outcomes["nations-cup-12.xlsx"]
    sheets = gen.sample_12()
    shared = [r["player"] for r in sheets["NLH"] if str(r["place"]) == "17="]
    assert len(shared) == 2 and all(out["nlh"]["places"][p] == 17 for p in shared)
    by_hand: dict[int, list[dict]] = {}
    for row in sheets["BountyLog"]:
        by_hand.setdefault(row["hand"], []).append(row)
    (double,) = [rows for rows in by_hand.values() if len(rows) == 2]
    bigger, smaller = sorted(double, key=lambda r: -r["stack"])
    assert bigger["stack"] != smaller["stack"]
    places = {p: v["place"] for p, v in out["bounty"]["players"].items()}
    assert places[bigger["out"]] == places[smaller["out"]] - 1  # more chips at the start finishes higher
    assert len(sheets["BountyLog"]) == 35


# ---- 11 teams: half-way through Day 2 ------------------------------------------------------------


def test_11_team_sample_is_processed_up_to_day_2(outcomes):
    out = outcomes["nations-cup-11.xlsx"]
    assert not [p for p in out["problems"] if p["severity"] == "error"]
    assert "qualification" not in out
    assert {e: len(seats) for e, seats in out["day2"]["draw"].items()} == {"nlh": 33, "bounty": 33}
    assert sorted(out["nlh"]["places"].values()) == list(range(19, 34))
    assert "raw" not in out["nlh"] and "raw" not in out["bounty"]


def test_11_team_bounty_issue_follows_its_milestones(outcomes):
    out = outcomes["nations-cup-11.xlsx"]
    log = gen.sample_11()["BountyLog"]
    expected = replay_timeline(33, log)
    got = [(e["hand"], e["remaining"], e["issued_each"]) for e in out["bounty"]["milestones"]]
    assert got == expected
    assert out["bounty"]["issued"] == 33 + sum(n * passed for _, n, passed in expected)
    assert sum(v["chips"] for v in out["bounty"]["players"].values()) == out["bounty"]["issued"]
    # the hand that takes the field from 17 to 15 passes 16 without stopping on it
    assert expected == [(expected[0][0], 15, 1)]


def test_a_hand_passing_two_milestones(tmp_path):
    """The 11-team bounty event played to the end; one hand knocks out two of the last five,
    passing both 4 and 3 left: two chips to each of the three left, head value up by two."""
    sheets = gen.sample_11()
    log = list(sheets["BountyLog"])
    field = [r["player"] for r in sheets["Lineups"] if r["event"] == "bounty"]
    left = [p for p in field if p not in {r["out"] for r in log}]
    hand = max(r["hand"] for r in log)
    while len(left) > 1:
        hand += 3
        if len(left) == 5:
            outs, winners, stacks = left[:2], [left[2], left[3]], [12000, 30500]
        else:
            outs, winners, stacks = left[:1], [left[-1]], [""]
        for out, to, stack in zip(outs, winners, stacks):
            log.append({"hand": hand, "out": out, "to": to, "stack": stack})
        left = [p for p in left if p not in outs]
    sheets["BountyLog"] = log
    sheets["BountyCounts"] = []
    del sheets["Seating"]  # the floor's half-way seating is no longer the state of the room
    path = tmp_path / "two-milestones.xlsx"
    write_input_workbook(str(path), 11, sheets, event={"name": "two milestones", "seed": gen.SEED_11}, lang="en")
    out = process_file(str(path)).json()

    assert not [p for p in out["problems"] if p["severity"] == "error"]
    expected = replay_timeline(33, log)
    assert [(left, passed) for _, left, passed in expected if passed > 1] == [(3, 2)]  # 5 -> 3 passes 4 and 3
    got = [(e["hand"], e["remaining"], e["issued_each"]) for e in out["bounty"]["milestones"]]
    assert got == expected
    heads = [e["head_value"] for e in out["bounty"]["milestones"]]
    stages = [sum(p for _, _, p in expected[: i + 1]) for i in range(len(expected))]
    assert heads == [s + 1 for s in stages]  # default head value: stage + 1
    issued = 33 + sum(n * passed for _, n, passed in expected) + 1
    assert issued < 33 + sum(milestone_values(33)) + 1  # a value was skipped
    assert out["bounty"]["issued"] == issued
    assert sum(out["bounty"]["raw"].values()) == sum(DEFAULT_SCALES["bounty"].values()) + issued


def test_12_team_finals_end_as_the_readme_says(outcomes):
    finals = outcomes["nations-cup-12.xlsx"]["finals"]
    assert finals["complete"] is True
    rows = finals["standings"]
    assert [r["team"] for r in rows] == ["E", "D", "C", "L"]
    assert [r["total"] for r in rows] == [48, 44, 44, 32]
    assert (rows[1]["sng"], rows[2]["sng"]) == (31, 21) and rows[1]["hu"] < rows[2]["hu"]


# ---- 16 teams, roster to finals ---------------------------------------------------------------------


def test_16_team_sample_runs_from_roster_to_finals(outcomes, tmp_path):
    out = outcomes["nations-cup-16.xlsx"]
    # the only problem: the auto table count, 48 players on 6 tables of 8
    assert [(p["severity"], p["code"], p["sheet"]) for p in out["problems"]] == [
        ("warning", "tables-day2-auto", "Rules")
    ]
    for event, seats in out["day2"]["draw"].items():
        assert Counter(s["table"] for s in seats) == {t: 8 for t in range(1, 7)}
    assert len(out["qualification"]["standings"]) == 16
    advancing = [r["team"] for r in out["qualification"]["standings"] if r["advances"]]
    assert advancing == ["G", "B", "F", "K"]
    finals = out["finals"]
    assert finals["complete"] is True and {r["team"] for r in finals["standings"]} == set(advancing)
    assert [r["team"] for r in finals["standings"]][0] == "B"
    # Σ raw: 30·16 HU, 240 NLH, 89 + chips issued (48 + 24 + 12 + 6 + 3 + 2 + 1 = 96) bounty
    assert out["bounty"]["issued"] == 96
    # the output is a valid input: processed again, the same draw and standings, no errors
    target = tmp_path / "16.out.xlsx"
    process_file(str(SAMPLES / "nations-cup-16.xlsx")).writer(str(target))
    again = process_file(str(target)).json()
    assert not [p for p in again["problems"] if p["severity"] == "error"]
    assert again["day2"]["draw"] == out["day2"]["draw"] and again["finals"]["standings"] == finals["standings"]


# ---- 11 teams, later: the qualification complete, finals round 1 in ------------------------------


def test_11_team_finals_sample_carries_on_the_day_2_sample():
    half, later = gen.sample_11(), gen.sample_11_finals()
    for sheet in ("Players", "Day1", "Lineups"):
        assert later[sheet] == half[sheet]
    assert later["BountyLog"][: len(half["BountyLog"])] == half["BountyLog"]
    hands = [r["hand"] for r in later["BountyLog"]]
    assert hands == sorted(hands)
    out_then = {r["player"]: r["place"] for r in half["NLH"] if r["place"] != ""}
    assert {r["player"]: r["place"] for r in later["NLH"] if r["player"] in out_then} == out_then
    assert sorted(r["place"] for r in later["NLH"]) == list(range(1, 34))


def test_11_team_finals_sample_completes_the_qualification(outcomes):
    out = outcomes["nations-cup-11-finals.xlsx"]
    assert out["problems"] == []
    issued = out["bounty"]["issued"]
    assert sum(v["chips"] for v in out["bounty"]["players"].values()) == issued
    assert sum(out["day1"]["raw"].values()) == 30 * 11 == 330
    assert sum(out["nlh"]["raw"].values()) == sum(DEFAULT_SCALES["nlh"].values()) == 240
    assert sum(out["bounty"]["raw"].values()) == sum(DEFAULT_SCALES["bounty"].values()) + issued
    standings = out["qualification"]["standings"]
    finalists = [r["team"] for r in standings if r["advances"]]
    assert finalists == [r["team"] for r in standings[:4]]
    roster = Counter(r["team"] for r in gen.sample_11_finals()["FinalsRoster"])
    assert roster == {t: 6 for t in finalists}
    assert {e["round"] for e in out["finals"]["draw"]} == {1}


# ---- minimal: Event and Players only ------------------------------------------------------------


def test_minimal_sample_gets_its_day_1_table(outcomes):
    out = outcomes["nations-cup-minimal.xlsx"]
    assert not [p for p in out["problems"] if p["severity"] == "error"]
    pairings = out["day1"]["pairings"]
    assert len(pairings) == 6 * 8 == 48
    plays = Counter(p for m in pairings for p in (m["home"], m["away"]))
    assert set(plays.values()) == {2} and len(plays) == 48
    assert all(m["winner"] is None for m in pairings)


def test_minimal_sample_uses_canonical_names_only():
    wb = openpyxl.load_workbook(SAMPLES / "nations-cup-minimal.xlsx")
    assert wb.sheetnames == ["Event", "Players"]
    assert [c.value for c in wb["Event"][1]] == ["key", "value"]
    assert [c.value for c in wb["Players"][1]] == ["team", "number", "name", "country"]
