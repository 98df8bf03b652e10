"""The Scrabble event workbook through the CLI: a blank workbook, a canonical English one made
by another system, each result-slip problem on its exact cell, lagged pairing, withdrawal,
same-club avoidance, determinism, and the output carried on as the next input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from ttools.competitions.scrabble import schema as S
from ttools.competitions.scrabble.competition import write_input_workbook
from ttools.workbook.read import col_letter

SEED = "test-seed"


def cell(column: str, index: int, spec=S.RESULTS) -> str:
    """The A1 address of row ``index`` (0-based, in sheet order) of ``column`` on a written sheet."""
    j = [c.key for c in spec.columns].index(column)
    return f"{col_letter(j)}{index + 2}"


def roster(n: int = 6, division: str = "A", clubs: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """Players 1..n, rated 2000, 1990, … so that rating order is id order."""
    return [
        {
            "id": str(i),
            "name": f"Player {i}",
            "rating": 2000 - 10 * i,
            "club": (clubs or {}).get(i, ""),
            "division": division,
        }
        for i in range(1, n + 1)
    ]


@pytest.fixture
def event(tmp_path: Path):
    """``event(players, rounds, results, published=None, name=…, event={…}, rules={…})`` -> path."""

    def _write(players, rounds, results=(), published=(), name="event.xlsx", event=None, rules=None, lang="en"):
        path = tmp_path / name
        sheets = {"Rounds": list(rounds), "Results": list(results), "_published": list(published)}
        write_input_workbook(
            str(path),
            players,
            sheets,
            event={"seed": SEED, "name": "Test Open", **(event or {})},
            rules=rules,
            lang=lang,
        )
        return path

    return _write


@pytest.fixture
def run(invoke, tmp_path: Path):
    """``run(path)`` -> (exit code, JSON summary, output path) of `ttools run`."""

    def _run(path: Path, command: str = "run"):
        out = tmp_path / f"{path.stem}.out.xlsx"
        target = tmp_path / f"{path.stem}.{command}.json"
        args = [command, path, "--json", target] + (["-o", out] if command == "run" else [])
        result = invoke(*args)
        assert result.exit_code in (0, 1), result.output
        return result.exit_code, json.loads(target.read_text(encoding="utf-8")), out

    return _run


def problems(data: dict, code: str) -> list[tuple[str, str, str]]:
    return [(p["severity"], p["sheet"], p["cell"]) for p in data["problems"] if p["code"] == code]


def pairs(data: dict, division: str = "A") -> list[tuple]:
    return [(t["table"], t["first"], t["second"]) for t in data["pairings"][division]]


def results_rows(path: Path) -> list[tuple]:
    ws = load_workbook(path)["Results"]
    return [tuple(r) for r in ws.iter_rows(min_row=2, values_only=True) if any(v is not None for v in r)]


ROUND1 = [  # rows of a played round 1 for players 1..6 (player1 starts)
    {"round": 1, "table": 1, "player1": "1", "score1": 420, "player2": "4", "score2": 380},
    {"round": 1, "table": 2, "player1": "5", "score1": 350, "player2": "2", "score2": 410},
    {"round": 1, "table": 3, "player1": "3", "score1": 402, "player2": "6", "score2": 399},
]


# ---- ttools new -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_new_writes_every_sheet_with_the_roster_presized(invoke, tmp_path, lang):
    path = tmp_path / "new.xlsx"
    result = invoke("new", "scrabble", path, "--players", 9, "--lang", lang)
    assert result.exit_code == 0, result.output
    wb = load_workbook(path)
    expected = [S.GUIDE[lang]] + [spec.name(lang) for spec in S.INPUT_SHEETS]
    assert [n for n in wb.sheetnames if not n.startswith("_")] == expected
    players = wb[S.PLAYERS.name(lang)]
    header = [c.value for c in players[1]]
    assert header == [c.label(lang) for c in S.PLAYERS.columns]
    assert [r[0] for r in players.iter_rows(min_row=2, values_only=True) if r[0] is not None] == list(range(1, 10))
    rules = {r[0]: (r[2], r[3]) for r in wb[S.RULES.name(lang)].iter_rows(min_row=2, values_only=True)}
    assert rules["overtime_points"][0] == 10 and rules["overtime_limit"][0] == 10
    assert all(note for _, note in rules.values())  # every default with a note
    event = {r[0]: r[2] for r in wb[S.EVENT.name(lang)].iter_rows(min_row=2, values_only=True)}
    assert (event["competition"], event["bye_spread"], event["forfeit_spread"]) == ("scrabble", 50, 100)
    if lang == "zh-Hant":
        assert {"參賽者", "回合", "成績", "賽事", "規則"} <= set(wb.sheetnames)


def test_new_needs_a_player_count(invoke, tmp_path):
    result = invoke("new", "scrabble", tmp_path / "x.xlsx", "--teams", 4)
    assert result.exit_code == 2 and "--players" in result.output


def test_new_then_run_pairs_round_one_once_the_roster_and_rounds_are_filled(invoke, run, tmp_path):
    path = tmp_path / "new.xlsx"
    assert invoke("new", "scrabble", path, "--players", 4, "--lang", "en").exit_code == 0
    wb = load_workbook(path)
    ws = wb["Players"]
    for i in range(4):
        ws.cell(row=i + 2, column=2, value=f"Player {i + 1}")
        ws.cell(row=i + 2, column=3, value=1800 - 100 * i)
    wb["Rounds"].cell(row=2, column=1, value=1)
    wb["Rounds"].cell(row=2, column=2, value="ad")
    wb.save(path)
    code, data, _ = run(path)
    assert code == 0
    # Round 1 of an Australian Draw by rating: top half v bottom half, 1–3 and 2–4
    assert {frozenset((f, s)) for _, f, s in pairs(data)} == {frozenset(("1", "3")), frozenset(("2", "4"))}
    assert [p["code"] for p in data["problems"]] == ["seed-derived"]


# ---- a workbook made by another system ---------------------------------------------------------------


def test_canonical_english_workbook_is_processed(tmp_path, run):
    wb = Workbook()
    ws = wb.active
    ws.title = "Event"
    ws.append(["key", "value"])
    for row in (("competition", "scrabble"), ("name", "Club Night"), ("seed", "42"), ("bye_spread", 75)):
        ws.append(list(row))
    players = wb.create_sheet("Players")
    players.append(["id", "name", "rating", "club", "division"])
    for i, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"], start=1):
        players.append([i, name, 1500 - i, "", "open"])
    rounds = wb.create_sheet("Rounds")
    rounds.append(["round", "method", "based_on", "repeats"])
    rounds.append([1, "koth", None, None])
    rounds.append([2, "Australian Draw", None, 0])
    results = wb.create_sheet("Results")
    results.append(["round", "player1", "score1", "player2", "score2", "overtime1", "overtime2", "forfeit"])
    results.append([1, 1, 400, 2, 350])
    results.append([1, 3, 380, 4, 390])
    results.append([1, 5, None, None, None])  # the bye, credited the event's bye spread
    path = tmp_path / "canonical.xlsx"
    wb.save(path)
    code, data, _ = run(path)
    assert code == 0, data["problems"]
    table = [(r["id"], r["wins"], r["losses"], r["spread"]) for r in data["standings"]["OPEN"]]
    assert table == [("5", 1, 0, 75), ("1", 1, 0, 50), ("4", 1, 0, 10), ("3", 0, 1, -10), ("2", 0, 1, -50)]
    # Round 2, Australian Draw: 5 has had the bye, so the lowest-ranked without one (2) sits out.
    # 5–1 would leave 4–3, who met in round 1, so the draw backs up: 5–4, then 1–3.
    assert [(f, s) for _, f, s in pairs(data, "OPEN") if s is None] == [("2", None)]
    assert {frozenset((f, s)) for _, f, s in pairs(data, "OPEN") if s} == {frozenset(("5", "4")), frozenset(("1", "3"))}


# ---- result slips: each problem on its cell -----------------------------------------------------------


def test_scores_may_be_negative_and_a_tie_is_half_a_win(event, run):
    rows = [dict(r) for r in ROUND1]
    rows[1].update(score1=-5, score2=-5)  # both lost more than they scored: a tie
    code, data, _ = run(event(roster(), [], rows))
    assert code == 0, data["problems"]
    rec = {r["id"]: (r["wins"], r["losses"], r["spread"]) for r in data["standings"]["A"]}
    assert rec["5"] == rec["2"] == (0.5, 0.5, 0)


def test_overtime_costs_ten_points_a_started_minute_and_over_ten_minutes_is_flagged(event, run):
    rows = [dict(r) for r in ROUND1]
    rows[0]["overtime1"] = 3.5  # 1 scored 420, −40 for 3½ minutes: 380–380, a tie
    rows[2]["overtime2"] = 11  # 6 scored 399, −110: flagged, still counted
    code, data, _ = run(event(roster(), [], rows))
    assert code == 0
    rec = {r["id"]: (r["wins"], r["spread"]) for r in data["standings"]["A"]}
    assert rec["1"] == rec["4"] == (0.5, 0)
    assert rec["6"] == (0, 289 - 402)
    assert problems(data, "slip-overtime-over-limit") == [("warning", "Results", cell("overtime2", 2))]


def test_forfeit_gives_the_opponent_the_forfeit_spread(event, run):
    rows = [dict(r) for r in ROUND1]
    rows[1] = {"round": 1, "table": 2, "player1": "5", "player2": "2", "forfeit": 1}
    code, data, _ = run(event(roster(), [], rows, event={"forfeit_spread": 120}))
    assert code == 0
    rec = {r["id"]: (r["wins"], r["losses"], r["spread"]) for r in data["standings"]["A"]}
    assert rec["5"] == (0, 1, -120) and rec["2"] == (1, 0, 120)


def test_a_bye_wins_by_the_bye_spread_and_goes_to_the_lowest_ranked_with_fewest_byes(event, run):
    players = roster(5)
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad"}]
    rows = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "3", "score2": 300},
        {"round": 1, "player1": "2", "score1": 400, "player2": "4", "score2": 300},
        {"round": 1, "player1": "5", "score1": 50},
    ]
    code, data, _ = run(event(players, rounds, rows))
    assert code == 0
    assert data["standings"]["A"][0] == {
        "rank": 1,
        "place": "1=",
        "id": "1",
        "name": "Player 1",
        "wins": 1,
        "losses": 0,
        "spread": 100,
        "penalty": 0,
        "withdrawn": False,
    }
    byes = [f for _, f, s in pairs(data) if s is None]
    assert byes == ["4"]  # 5 already had one; 4 is the lowest-ranked of those with none


def test_two_slips_that_disagree_are_an_error_on_the_differing_cell(event, run):
    rows = [dict(r) for r in ROUND1] + [{"round": 1, "player1": "4", "score1": 380, "player2": "1", "score2": 421}]
    code, data, _ = run(event(roster(), [{"round": 2, "method": "ad"}], rows))
    assert code == 1
    assert problems(data, "slip-disagree") == [("error", "Results", cell("score2", 3))]
    assert "pairings" not in data  # nothing is paired from a guess
    assert problems(data, "pairing-blocked")


def test_two_slips_that_agree_count_once(event, run):
    rows = [dict(r) for r in ROUND1] + [{"round": 1, "player1": "1", "score1": 420, "player2": "4", "score2": 380}]
    code, data, _ = run(event(roster(), [], rows))
    assert code == 0, data["problems"]
    assert {r["id"]: r["spread"] for r in data["standings"]["A"]}["1"] == 40
    # the same scores written the other way round say that 4 started: they disagree on that
    rows[3] = {"round": 1, "player1": "4", "score1": 380, "player2": "1", "score2": 420}
    code, data, _ = run(event(roster(), [], rows, name="swapped.xlsx"))
    assert problems(data, "slip-disagree") == [("error", "Results", cell("player1", 3))]


def test_a_player_twice_in_a_round_is_an_error_on_that_players_cells(event, run):
    rows = [dict(r) for r in ROUND1]
    rows[2]["player2"] = "4"  # 4 is already playing 1
    code, data, _ = run(event(roster(), [], rows))
    assert code == 1
    assert sorted(problems(data, "slip-player-twice")) == [
        ("error", "Results", cell("player2", 0)),
        ("error", "Results", cell("player2", 2)),
    ]


def test_a_game_that_differs_from_the_published_pairing_is_flagged(event, run):
    published = [
        {"round": 1, "division": "A", "player1": p1, "player2": p2} for p1, p2 in (("1", "4"), ("5", "2"), ("3", "6"))
    ]
    rows = [dict(r) for r in ROUND1]
    rows[1]["player2"], rows[2]["player2"] = "6", "2"  # 5–6 and 3–2 were played instead
    code, data, _ = run(event(roster(), [], rows, published))
    assert code == 0
    assert sorted(problems(data, "slip-pairing-changed")) == [
        ("warning", "Results", cell("player2", 1)),
        ("warning", "Results", cell("player2", 2)),
    ]


def test_bad_cells_are_errors_on_their_cells(event, run):
    players = roster() + [
        {"id": "B1", "name": "Other", "division": "B"},
        {"id": "B2", "name": "Other 2", "division": "B"},
    ]
    rows = [dict(r) for r in ROUND1] + [{"round": 1, "player1": "B1", "score1": 300, "player2": "B2", "score2": 200}]
    rows[0]["score1"] = "four hundred"
    rows[1]["player2"] = "99"
    rows[2]["player2"] = "B2"
    rows.append({"round": 1, "player1": "B1", "forfeit": 3})
    code, data, _ = run(event(players, [], rows))
    assert code == 1
    assert problems(data, "slip-score-not-integer") == [("error", "Results", cell("score1", 0))]
    assert problems(data, "slip-player-unknown") == [("error", "Results", cell("player2", 1))]
    assert problems(data, "slip-other-division") == [("error", "Results", cell("player2", 2))]
    assert problems(data, "slip-forfeit-invalid") == [("error", "Results", cell("forfeit", 4))]


def test_full_width_and_text_numbers_are_understood(event, run):
    rows = [dict(r) for r in ROUND1]
    rows[0].update(player1="１", score1="４２０", player2=" 4 ", score2="380")
    code, data, _ = run(event(roster(), [], rows))
    assert code == 0, data["problems"]
    assert {r["id"]: r["spread"] for r in data["standings"]["A"]}["1"] == 40


# ---- pairing the next round ---------------------------------------------------------------------------


def test_pairs_the_next_round_prefilled_with_the_starter_first(event, run):
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "koth"}]
    code, data, out = run(event(roster(), rounds, ROUND1))
    assert code == 0
    # standings: 2 (+60), 1 (+40), 3 (+3), 6 (−3), 4 (−40), 5 (−60); KOTH 2–1, 3–6, 4–5
    assert [frozenset((f, s)) for _, f, s in pairs(data)] == [
        frozenset(("2", "1")),
        frozenset(("3", "6")),
        frozenset(("4", "5")),
    ]
    assert [t for t, _, _ in pairs(data)] == [1, 2, 3]
    new = [r for r in results_rows(out) if r[0] == 2]
    assert [(r[1], r[2], r[4]) for r in new] == [(t, f, s) for t, f, s in pairs(data)]
    # who starts is balanced: each pair's starter had started no more games than the other
    firsts = {"1": 1, "5": 1, "3": 1}
    assert all(firsts.get(f, 0) <= firsts.get(s, 0) for _, f, s in pairs(data))
    wb = load_workbook(out)
    assert {"Pairings", "Standings", "Scorecards", "CrossTable"} <= set(wb.sheetnames)
    sheet = [[v for v in r if v is not None] for r in wb["Pairings"].iter_rows(values_only=True)]
    assert any(f"Draw seed: {SEED}" in str(v) for r in sheet for v in r)


def test_output_is_the_next_input(event, run, tmp_path):
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad"}, {"round": 3, "method": "ad"}]
    code, data, out = run(event(roster(), rounds, ROUND1))
    wb = load_workbook(out)
    ws = wb["Results"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == 2:
            row[3].value, row[5].value = 400, 300  # the starter wins every round 2 game
    nxt = tmp_path / "round2.xlsx"
    wb.save(nxt)
    code, data2, _ = run(nxt)
    assert code == 0, data2["problems"]
    assert {t["round"] for t in data2["pairings"]["A"]} == {3}
    played = {frozenset((r["player1"], r["player2"])) for r in ROUND1} | {frozenset((f, s)) for _, f, s in pairs(data)}
    assert not any(frozenset((f, s)) in played for _, f, s in pairs(data2))  # no repeats


def test_lagged_pairing_pairs_from_two_rounds_back_while_the_last_round_is_pending(event, run):
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad"}, {"round": 3, "method": "ad", "based_on": 1}]
    round2 = [
        {"round": 2, "table": 1, "player1": "2", "player2": "3"},
        {"round": 2, "table": 2, "player1": "1", "player2": "6"},
        {"round": 2, "table": 3, "player1": "4", "player2": "5"},
    ]
    code, data, _ = run(event(roster(), rounds, ROUND1 + round2))
    assert code == 0
    drawn = [frozenset((f, s)) for _, f, s in pairs(data)]
    assert {t["round"] for t in data["pairings"]["A"]} == {3}
    # From the standings after round 1 (2, 1, 3, 6, 4, 5), avoiding rounds 1 and 2 (still pending):
    # 2 met 5 and 3 → 2–1; 3 met 6 and 2 → 3–4; 6–5.
    assert drawn == [frozenset(("2", "1")), frozenset(("3", "4")), frozenset(("6", "5"))]
    # without the lag, round 3 waits for round 2's results
    rounds[2]["based_on"] = None
    code, data, _ = run(event(roster(), rounds, ROUND1 + round2, name="unlagged.xlsx"))
    assert "pairings" not in data


def test_withdrawn_player_is_not_paired_and_a_published_pairing_becomes_a_forfeit(event, run):
    players = roster()
    players[3]["withdrawn_after"] = 1  # player 4 leaves after round 1
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad", "based_on": 0}, {"round": 3, "method": "ad"}]
    round2 = [
        {"round": 2, "player1": "4", "player2": "2"},
        {"round": 2, "player1": "1", "player2": "3"},
        {"round": 2, "player1": "5", "player2": "6", "score1": 400, "score2": 300},
    ]
    code, data, out = run(event(players, rounds, ROUND1 + round2))
    assert problems(data, "withdrawn-forfeit") == [("warning", "Results", cell("forfeit", 3))]
    rows = results_rows(out)
    assert rows[3][2] == "4" and rows[3][4] == "2" and rows[3][8] == 1  # written back as 4's forfeit
    assert "pairings" not in data  # round 2 still waits for 1–3; 4's game needs nothing more
    wb = load_workbook(out)
    for row in wb["Results"].iter_rows(min_row=2):
        if row[0].value == 2 and row[2].value == "1":
            row[3].value, row[5].value = 390, 380
    wb.save(out)
    code, data, _ = run(out)
    assert code == 0, data["problems"]
    assert "4" not in {p for _, f, s in pairs(data) for p in (f, s)}
    assert [f for _, f, s in pairs(data) if s is None] != []  # five left: one has the bye
    assert {r["id"]: r["losses"] for r in data["standings"]["A"]}["4"] == 2


def test_same_club_players_are_kept_apart_when_the_round_asks(event, run):
    players = roster(clubs={2: "Kowloon", 1: "Kowloon"})
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "koth"}]
    _, data, _ = run(event(players, rounds, ROUND1))
    assert frozenset(("2", "1")) in [frozenset((f, s)) for _, f, s in pairs(data)]  # KOTH: no adjustment
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad", "avoid_club": "yes"}]
    _, data, _ = run(event(players, rounds, ROUND1, name="clubs.xlsx"))
    drawn = [frozenset((f, s)) for _, f, s in pairs(data)]
    assert frozenset(("2", "1")) not in drawn
    # 2 takes the highest-ranked player it has not met and not of its club: 3; then 1–6 and 4–5
    assert drawn == [frozenset(("2", "3")), frozenset(("1", "6")), frozenset(("4", "5"))]


def test_random_and_round_robin_rounds(event, run):
    rounds = [
        {"round": 1, "method": "rr"},
        {"round": 2, "method": "rr"},
        {"round": 3, "method": "rr"},
        {"round": 4, "method": "rr"},
        {"round": 5, "method": "rr"},
        {"round": 6, "method": "random"},
    ]
    players = roster()
    results: list[dict[str, Any]] = []
    met: set[frozenset] = set()
    path = None
    for rnd in range(1, 7):
        path = event(players, rounds, results, name=f"r{rnd}.xlsx")
        code, data, _ = run(path)
        assert code == 0, data["problems"]
        drawn = pairs(data)
        assert {t["round"] for t in data["pairings"]["A"]} == {rnd}
        if rnd <= 5:
            for _, f, s in drawn:
                met.add(frozenset((f, s)))
                results.append({"round": rnd, "player1": f, "score1": 400, "player2": s, "score2": 350})
    assert len(met) == 15  # the round robin: everyone met everyone once
    assert len(drawn) == 3  # round 6 (random) still pairs everybody


def test_same_workbook_gives_the_same_pairings(event, run, tmp_path):
    rounds = [{"round": 1, "method": "random"}]
    first = run(event(roster(8), rounds, name="a.xlsx"))[1]
    second = run(event(roster(8), rounds, name="b.xlsx"))[1]
    assert pairs(first) == pairs(second)
    other = run(event(roster(8), rounds, name="c.xlsx", event={"seed": "another"}))[1]
    assert {frozenset((f, s)) for _, f, s in pairs(other)} != {frozenset((f, s)) for _, f, s in pairs(first)}


def test_a_draw_that_must_relax_says_so_on_the_round(event, run):
    results = [
        {"round": r, "player1": a, "score1": 400, "player2": b, "score2": 300}
        for r, games in ((1, (("1", "2"), ("3", "4"))), (2, (("1", "3"), ("2", "4"))), (3, (("1", "4"), ("2", "3"))))
        for a, b in games
    ]
    rounds = [{"round": r, "method": "ad"} for r in range(1, 5)]
    code, data, out = run(event(roster(4), rounds, results))
    assert code == 0
    # everyone has met everyone: round 1's meetings are forgiven, the latest rounds' are not
    assert problems(data, "draw-forgave-rounds") == [("warning", "Rounds", cell("method", 3, S.ROUNDS))]
    assert {frozenset((f, s)) for _, f, s in pairs(data)} == {frozenset(("1", "2")), frozenset(("3", "4"))}
    notes = [r[0] for r in load_workbook(out)["Pairings"].iter_rows(values_only=True) if r[0]]
    assert any("rounds up to 1 were forgiven" in str(n) for n in notes)


# ---- invariants of pairing a round, whatever the history ------------------------------------------------


@st.composite
def histories(draw):
    """A division of 3–9 players with 0–4 rounds of results (random pairs, byes, forfeits)
    and a withdrawal, and the method of the next round."""
    n = draw(st.integers(3, 9))
    ids = [str(i) for i in range(1, n + 1)]
    withdrawn = draw(st.sampled_from([None] + ids))
    played = draw(st.integers(0, 4))
    rows = []
    for rnd in range(1, played + 1):
        order = draw(st.permutations(ids))
        order = [p for p in order if not (p == withdrawn and rnd > 1)]
        for k in range(0, len(order) - 1, 2):
            if draw(st.booleans()) and draw(st.booleans()):
                rows.append(
                    {
                        "round": rnd,
                        "player1": order[k],
                        "player2": order[k + 1],
                        "forfeit": draw(st.sampled_from([1, 2])),
                    }
                )
            else:
                rows.append(
                    {
                        "round": rnd,
                        "player1": order[k],
                        "score1": draw(st.integers(-20, 600)),
                        "player2": order[k + 1],
                        "score2": draw(st.integers(-20, 600)),
                    }
                )
        if len(order) % 2:
            rows.append({"round": rnd, "player1": order[-1], "score1": 50})
    method = draw(st.sampled_from(["random", "ad", "koth", "rr"]))
    clubs = {i: draw(st.sampled_from(["", "North", "South"])) for i in range(1, n + 1)}
    return n, withdrawn, rows, method, clubs, played


@settings(max_examples=40, deadline=None)
@given(histories())
def test_every_active_player_is_paired_once_and_the_bye_goes_where_the_rules_say(history):
    from ttools.competitions.scrabble.compute import compute
    from ttools.competitions.scrabble.load import EventData, RoundSpec, _game
    from ttools.competitions.scrabble.results import Player
    from ttools.workbook.schema import Row

    n, withdrawn, rows, method, clubs, played = history
    data = EventData(seed="prop")
    for i in range(1, n + 1):
        data.players[str(i)] = Player(str(i), f"P{i}", 2000 - i, clubs[i], "A", 1 if str(i) == withdrawn else None)
    for r in range(1, played + 2):
        data.rounds[r] = RoundSpec(r, method if r == played + 1 else "ad", r - 1, 0, avoid_club=True)
    for k, row in enumerate(rows):
        values = {c.key: row.get(c.key, "") for c in S.RESULTS.columns}
        where = {c.key: f"{c.key}{k}" for c in S.RESULTS.columns}
        data.games.append(_game(Row(values, where, k + 2)))
        data.game_rows.append(k)
    problems: list = []
    res = compute(data, problems)
    assert not [p for p in problems if p.severity == "error"]
    div = res.divisions["A"]
    new = div.new_round
    assert new is not None and new.round == played + 1
    active = [p for p in data.players if not (p == withdrawn and played + 1 > 1)]
    seated = [p for t in new.tables for p in (t.first, t.second) if p]
    assert sorted(seated) == sorted(active)  # everyone active, once
    tables = [t.table for t in new.tables if t.second]
    assert tables == list(range(1, len(tables) + 1))  # numbered from the top board
    byes = [t.first for t in new.tables if t.second is None]
    if method != "rr":
        assert len(byes) == len(active) % 2
        if byes:
            had = {p: div.records[p].byes for p in active}
            order = [x.item.id for x in div.standings if x.item.id in active]
            fewest = min(had.values())
            assert byes == [next(p for p in reversed(order) if had[p] == fewest)]
    if method in ("ad", "random") and new.relaxation is None:
        met = {frozenset((o.player, o.opponent)) for o in div.outcomes if o.kind == "game"}
        assert not any(frozenset((t.first, t.second)) in met for t in new.tables if t.second)
        assert not any(
            clubs[int(t.first)] and clubs[int(t.first)] == clubs[int(t.second)] for t in new.tables if t.second
        )


def test_round_one_by_rating_keeps_clubmates_apart_when_asked(event, run):
    players = roster(4, clubs={1: "Kowloon", 3: "Kowloon"})
    code, data, _ = run(event(players, [{"round": 1, "method": "ad"}]))
    assert {frozenset((f, s)) for _, f, s in pairs(data)} == {frozenset(("1", "3")), frozenset(("2", "4"))}
    code, data, _ = run(event(players, [{"round": 1, "method": "ad", "avoid_club": 1}], name="apart.xlsx"))
    # top half v bottom half, 1's opposite number (3) is a clubmate: 1 takes the next one down
    assert {frozenset((f, s)) for _, f, s in pairs(data)} == {frozenset(("1", "4")), frozenset(("2", "3"))}
