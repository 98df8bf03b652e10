"""One `check` finds every mistake: seven independent mistakes in one workbook are all reported,
on their cells; only what follows from an error waits, and one line says what waits for which
error; partial entry is a status line, never a problem."""

from __future__ import annotations

from tests.conftest import complete_sheets
from ttools.competitions.nations_cup import schema as S
from ttools.workbook.read import col_letter


def cell(spec, column: str, index: int) -> str:
    j = [c.key for c in spec.columns].index(column)
    return f"{col_letter(j)}{index + 2}"


def seven_mistakes() -> tuple[dict, set[tuple[str, str, str]]]:
    """A complete 12-team qualification with seven independent mistakes, and where each must be found."""
    s = complete_sheets(12)
    expected = set()
    # 1. an unknown NLH player
    s["NLH"][3]["player"] = "Z9"
    expected.add(("nlh-not-in-field", "NLH", cell(S.NLH, "player", 3)))
    # 2. a duplicate place (row 6 given row 5's place)
    s["NLH"][6]["place"] = s["NLH"][5]["place"]
    expected.add(("place-duplicate", "NLH", cell(S.NLH, "place", 6)))
    # 3. a bounty line for a player already out
    s["BountyLog"].append({"hand": 40, "out": s["BountyLog"][2]["out"], "to": s["BountyLog"][0]["to"]})
    expected.add(("bounty-already-out", "BountyLog", cell(S.BOUNTY_LOG, "out", len(s["BountyLog"]) - 1)))
    # 4. a recipient already out
    s["BountyLog"][10]["to"] = s["BountyLog"][4]["out"]
    expected.add(("bounty-recipient-out", "BountyLog", cell(S.BOUNTY_LOG, "to", 10)))
    # 5. a Day 1 winner not in the match
    m = s["Day1"][7]
    m["winner"] = next(f"{t}6" for t in "ABCDEFGHIJKL" if t not in (m["home"][0], m["away"][0]))
    expected.add(("day1-winner-not-in-match", "Day1", cell(S.DAY1, "winner", 7)))
    # 6. a line-up with 4 NLH players (A4 typed in the wrong event)
    i = next(i for i, r in enumerate(s["Lineups"]) if r["player"] == "A4")
    s["Lineups"][i]["event"] = "nlh"
    expected.add(("lineup-count", "Lineups", cell(S.LINEUPS, "event", i)))
    # 7. a Day 1 typo
    s["Day1"][20]["winner"] = s["Day1"][20]["home"] + "x"
    expected.add(("day1-winner-not-in-match", "Day1", cell(S.DAY1, "winner", 20)))
    return s, expected


def test_seven_independent_mistakes_are_found_in_one_check(write_event, json_of):
    sheets, expected = seven_mistakes()
    result, data = json_of("check", write_event(sheets, teams=12))
    assert result.exit_code == 1
    errors = {(p["code"], p["sheet"], p["cell"]) for p in data["problems"] if p["severity"] == "error"}
    assert expected <= errors
    # nothing but the seven (the duplicate place is said on both rows that hold it)
    assert len(errors - expected) == 1 and next(iter(errors - expected))[0] == "place-duplicate"
    # what waits says for which error: the Day 1 scores for Day1, everything after the draw for Lineups
    held = {(p["sheet"], p["cell"]) for p in data["problems"] if p["code"] == "held-back"}
    assert held == {
        ("Day1", cell(S.DAY1, "winner", 7)),
        ("Lineups", next(e[2] for e in expected if e[0] == "lineup-count")),
    }
    assert "qualification" not in data
    # knock-on noise: no gap warning for the places the rejected rows held
    assert not [p for p in data["problems"] if p["code"] == "nlh-place-gap"]


def test_a_rejected_bounty_row_does_not_make_correct_counts_look_wrong(write_event, json_of):
    s = complete_sheets(4)
    # the floor's counts as the log gives them, then one log row's recipient mistyped as a player out
    from ttools.competitions.nations_cup.bounty import run_bounty
    from ttools.competitions.nations_cup.model import Elimination

    field = [f"{t}{n}" for t in "ABCD" for n in (4, 5, 6)]
    result, problems = run_bounty(field, [Elimination(r["hand"], r["out"], r["to"]) for r in s["BountyLog"]])
    assert problems == []
    s["BountyCounts"] = [{"player": p, "chips": result.chips[p]} for p in field]
    s["BountyLog"][5]["to"] = s["BountyLog"][0]["out"]
    _r, data = json_of("check", write_event(s))
    codes = [p["code"] for p in data["problems"]]
    assert "bounty-recipient-out" in codes and "held-back" in codes
    assert "bounty-count-disagrees" not in codes


def test_partial_entry_is_a_status_line_not_a_problem(write_event, json_of):
    s = complete_sheets(12)
    del s["NLH"], s["BountyLog"]
    s["Lineups"] = [r for r in s["Lineups"] if r["team"] not in ("K", "L")]  # two teams not in yet
    for m in s["Day1"]:
        if m["round"] == 2:
            m["winner"] = ""  # round 2 not played
    result, data = json_of("check", write_event(s, teams=12))
    assert result.exit_code == 0 and data["problems"] == []
    assert data["status"] == [
        "Day 1 round 2: waiting for 36 of 36 results (Day1).",
        "Team K: waiting for its Day 2 line-ups (Lineups).",
        "Team L: waiting for its Day 2 line-ups (Lineups).",
    ]
    assert "waiting: Team K" in result.stderr


def test_a_blank_template_says_there_is_nothing_to_process_yet(invoke, tmp_path):
    src = tmp_path / "blank.xlsx"
    assert invoke("new", "nations-cup", src, "--teams", 12, "--lang", "en").exit_code == 0
    result = invoke("check", src)
    assert result.exit_code == 0
    assert "waiting: Nothing to process yet" in result.stderr


def test_players_marked_out_on_seating_but_not_yet_placed_are_named_in_a_status_line(write_event, json_of):
    """The floor marks a player out on Seating before the scorer types the place or the
    knock-out: the clock counts them out already, so the status names who is still to be
    entered on NLH / BountyLog (and nobody already entered)."""
    s = complete_sheets(4)
    s["Seating"] = [
        {"event": event, "table": 1 + k, "seat": 1 + i, "player": f"{t}{n}", "out": None}
        for event, numbers in (("nlh", (1, 2, 3)), ("bounty", (4, 5, 6)))
        for i, t in enumerate("ABCD")
        for k, n in enumerate(numbers)
    ]
    for r in s["Seating"]:
        r["out"] = 1 if r["player"] in ("A1", "D3", "C2", "B4") else None
    s["NLH"] = [{"player": "D3", "place": 12}]  # D3 entered; A1 and C2 not yet
    s["BountyLog"] = []  # B4 not yet
    result, data = json_of("check", write_event(s))
    assert result.exit_code == 0 and data["problems"] == []
    unrecorded = [line for line in data["status"] if "marked out" in line]
    assert unrecorded == [
        "NLH MTT: A1, C2 marked out on Seating but not yet entered on NLH.",
        "Escalating Bounty MTT: B4 marked out on Seating but not yet entered on BountyLog.",
    ]
