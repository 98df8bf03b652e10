"""Referee actions on a Shengji board, worked by hand in each docstring: a procedural penalty in
percent of the top off one seat's rate, an artificial adjusted score for one table (the others
compared without it, Neuberg for the rest), and a board fouled at some tables (Law 87: the tables
that played the same wrong deal compared among themselves, the others among themselves, each
group Neuberg-adjusted to the tables due).

Bands used (the defaults): declarers NS with 0 captured +3, 35 → +2, 60 → +1, 100 → 0,
140 → −1, 160 → −2. Neuberg (EBU): F = (M + 1) × E / A − 1 on the 2-per-beat scale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from ttools.competitions.shengji.competition import write_input_workbook

NS_CAPTURED = {3: 0, 2: 35, 1: 60, 0: 100, -1: 140, -2: 160}  # NS declaring: points that give NS this score


@pytest.fixture
def play(invoke, tmp_path: Path):
    """``play(players, rows)``: round 1 seated for ``players``, then ``rows(at)`` (``at`` maps
    (table, seat) to the player) entered as its Boards rows; -> (JSON summary, output path, at)."""

    def _play(players: int, rows, rules=None, boards: int = 1, lang: str = "en"):
        event = {"seed": "referee", "name": "Referee", "boards_per_round": boards, "rounds": 2}

        def run(path: Path) -> tuple[dict, Path]:
            out, target = path.with_suffix(".out.xlsx"), path.with_suffix(".json")
            result = invoke("run", path, "--json", target, "-o", out)
            assert result.exit_code in (0, 1), result.output
            return json.loads(target.read_text(encoding="utf-8")), out

        first = tmp_path / "r1.xlsx"
        write_input_workbook(str(first), players, {}, event=event, rules=rules, lang=lang)
        summary, _ = run(first)
        seating = [
            {"round": 1, "table": s["table"] or "", "seat": s["seat"] or "", "player": s["player"]}
            for s in summary["seating"]
        ]
        at = {(s["table"], s["seat"]): s["player"] for s in seating if s["table"]}
        path = tmp_path / "results.xlsx"
        write_input_workbook(
            str(path), players, {"Seating": seating, "Boards": rows(at)}, event=event, rules=rules, lang=lang
        )
        summary, out = run(path)
        return summary, out, at

    return _play


def ns(table: int, score: int, **extra) -> dict:
    """A board-1 row where NS declared and scored ``score``."""
    return {"round": 1, "table": table, "board": 1, "declarer": "NS", "captured": NS_CAPTURED[score], **extra}


def board_of(summary: dict, player: str) -> dict:
    return next(b for b in summary["boards"] if b["player"] == player)


def codes(summary: dict) -> list[str]:
    """The errors found (the lots drawn among equal rates are warnings, and beside the point)."""
    return [p["code"] for p in summary["problems"] if p["severity"] == "error"]


def test_a_penalty_is_taken_off_that_seat_alone(play):
    """Four tables, NS scores +2, +1, 0, −1: North's matchpoints 6, 4, 2, 0 of a top of 6.
    North of table 2 is penalised 25% of the top: 4 − 0.25 × 6 = 2.5 MP, 4/6 − 1/4 = 5/12 =
    41.67%. North of table 4 is penalised 10%: 0 − 0.6 = −0.6 MP, −10% (a penalty may take a
    seat below zero). South of table 2 keeps 66.67% and North of table 3 keeps its 2 MP (33.33%):
    a penalty gives nothing to anyone else."""
    summary, out, at = play(16, lambda at: [ns(1, 2), ns(2, 1, penalty_n=25), ns(3, 0), ns(4, -1, penalty_n="10")])
    assert codes(summary) == [], summary["problems"]
    n2 = board_of(summary, at[(2, "N")])
    assert (n2["mp"], n2["rate"], n2["penalty"]) == (2.5, 41.67, 25.0)
    n4 = board_of(summary, at[(4, "N")])
    assert (n4["mp"], n4["rate"], n4["penalty"]) == (-0.6, -10.0, 10.0)
    assert board_of(summary, at[(2, "S")])["rate"] == 66.67 and "penalty" not in board_of(summary, at[(2, "S")])
    assert (board_of(summary, at[(3, "N")])["mp"], board_of(summary, at[(3, "N")])["rate"]) == (2, 33.33)
    standing = {s["id"]: s for s in summary["standings"]}
    assert round(standing[at[(2, "N")]]["rate"], 4) == 41.6667
    wb = load_workbook(out)
    traveller = [r for r in wb["Travellers"].iter_rows(values_only=True)]
    header = next(r for r in traveller if r and r[0] == "Table")
    assert header[-1] == "Referee"
    line = next(r for r in traveller if r and r[0] == 2)
    assert line[9:11] == (2.5, 41.67) and line[-1] == "N penalty 25%"
    assert any("percent of the board's top" in str(r[0]) for r in traveller if r and r[0])
    card = [r for r in wb["PlayerCards"].iter_rows(values_only=True)]
    assert any(r[-1] == "penalty 25%" and r[9] == 41.67 for r in card if r and r[0] == 1)


def test_a_penalty_out_of_range_or_with_no_result_is_a_problem(play):
    """A penalty is a percent of the top: 120 and 'lots' are refused on their cells; a penalty on
    a board not played (X) with no adjusted score has no rate to be taken off."""
    summary, _, _ = play(
        16,
        lambda at: [
            ns(1, 2, penalty_e=120),
            ns(2, 1, penalty_w="lots"),
            {"round": 1, "table": 3, "board": 1, "declarer": "X", "penalty_s": 10},
            ns(4, 0),
        ],
    )
    found = {(p["code"], p["cell"]) for p in summary["problems"]}
    assert ("number-out-of-range", "N2") in found  # penalty_e is column N
    assert any(code == "not-a-number" and cell == "P3" for code, cell in found), found
    assert ("board-penalty-without-result", "O4") in found
    assert summary["seating"] and not [s for s in summary["seating"] if s["round"] == 2]  # nothing seated


def test_an_adjusted_score_leaves_the_table_out_and_neuberg_scales_the_rest(play):
    """Four tables; table 4 is given 60/40 (average-plus to NS, average-minus to EW). The other
    three, NS +2, +1, 0, are compared among themselves: North's raw MP 4, 2, 0 of 4, Neuberg to
    the 4 due: (M + 1) × 4/3 − 1 = 17/3, 3, 1/3 of a top of 6 → 94.44%, 50%, 5.56%. Table 4's
    North 60% (3.6 of 6), East 40% (2.4 of 6), whatever was played there (+3, which the others
    are not compared with)."""
    summary, out, at = play(16, lambda at: [ns(1, 2), ns(2, 1), ns(3, 0), ns(4, 3, adjusted="60/40")])
    assert codes(summary) == [], summary["problems"]
    got = [(board_of(summary, at[(t, "N")])["mp"], board_of(summary, at[(t, "N")])["rate"]) for t in (1, 2, 3)]
    assert got == [(5.67, 94.44), (3, 50.0), (0.33, 5.56)]
    n4, e4 = board_of(summary, at[(4, "N")]), board_of(summary, at[(4, "E")])
    assert (n4["mp"], n4["rate"], n4["adjusted"]) == (3.6, 60.0, True)
    assert (e4["mp"], e4["rate"]) == (2.4, 40.0)
    wb = load_workbook(out)
    line = next(r for r in wb["Travellers"].iter_rows(values_only=True) if r and r[0] == 4)
    assert line[-1] == "adjusted 60/40"


@pytest.mark.parametrize(
    ("typed", "north", "east"),
    [("A+/A-", 60.0, 40.0), ("40/60", 40.0, 60.0), ("A=", 50.0, 50.0), ("A+", 60.0, 60.0), (50, 50.0, 50.0)],
)
def test_the_ways_to_write_an_adjusted_score(play, typed, north, east):
    """A+ 60, A= 50, A- 40 (bridge's average-plus, average, average-minus); NS/EW, one value for
    both sides. Table 3 is not played (X) and gets the adjusted score alone."""
    summary, _, at = play(
        12, lambda at: [ns(1, 2), ns(2, 1), {"round": 1, "table": 3, "board": 1, "declarer": "X", "adjusted": typed}]
    )
    assert codes(summary) == [], summary["problems"]
    assert (board_of(summary, at[(3, "N")])["rate"], board_of(summary, at[(3, "E")])["rate"]) == (north, east)


def test_an_adjusted_score_that_cannot_be_read_is_a_problem_on_its_cell(play):
    summary, _, _ = play(12, lambda at: [ns(1, 2), ns(2, 1), ns(3, 0, adjusted="70/abc")])
    assert ("board-adjusted-invalid", "Q4") in {(p["code"], p["cell"]) for p in summary["problems"]}


def test_a_fouled_board_is_scored_in_groups_of_the_deal_played(play, invoke, tmp_path):
    """Six tables; tables 5 and 6 played another deal (marked A). Tables 1–4, NS +2, +1, 0, −1:
    North's raw MP 6, 4, 2, 0 of 6, Neuberg to the 6 due: (M + 1) × 6/4 − 1 = 9.5, 6.5, 3.5, 0.5
    of 10 → 95%, 65%, 35%, 5%. Tables 5 and 6, NS +3 and −2, among themselves: raw 2 and 0 of 2,
    (M + 1) × 6/2 − 1 = 8 and 2 of 10 → 80% and 20%. (Unfouled, table 5's +3 would have been the
    only top, 100%.) East is the mirror: table 5's East 20%, table 1's East 5%."""
    summary, out, at = play(
        24, lambda at: [ns(1, 2), ns(2, 1), ns(3, 0), ns(4, -1), ns(5, 3, fouled="A"), ns(6, -2, fouled="A")]
    )
    assert codes(summary) == [], summary["problems"]
    north = [(board_of(summary, at[(t, "N")])["mp"], board_of(summary, at[(t, "N")])["rate"]) for t in range(1, 7)]
    assert north == [(9.5, 95.0), (6.5, 65.0), (3.5, 35.0), (0.5, 5.0), (8, 80.0), (2, 20.0)]
    assert board_of(summary, at[(5, "E")])["rate"] == 20.0 and board_of(summary, at[(1, "E")])["rate"] == 5.0
    assert board_of(summary, at[(5, "N")])["fouled"] == "A" and "fouled" not in board_of(summary, at[(1, "N")])
    wb = load_workbook(out)
    rows = [r for r in wb["Travellers"].iter_rows(values_only=True) if r and r[0]]
    assert next(r for r in rows if r[0] == 5)[-1] == "fouled A"
    assert any(str(r[0]).startswith("Fouled A: table(s) 5, 6") for r in rows)
    # the site's travellers carry the same column and note
    site = tmp_path / "site"
    assert invoke("publish", out, "--to", site).exit_code == 0
    pages = "\n".join(f.read_text(encoding="utf-8") for f in site.rglob("*.html"))
    assert "fouled A" in pages and "Fouled A: table(s) 5, 6" in pages


def test_the_scoring_example_passes_over_a_board_scored_by_the_referee(play):
    """Board 1 has three North scores but is fouled at table 4 (its plain 附錄二 computation is
    not how it was scored); board 2, NS +1, 0, −1, +1, is the one the example works through."""

    def rows(at):
        first = [ns(1, 2), ns(2, 1), ns(3, 0), ns(4, -1, fouled="A")]
        second = [dict(ns(t, score), board=2) for t, score in ((1, 1), (2, 0), (3, -1), (4, 1))]
        return first + second

    summary, out, _ = play(16, rows, boards=2)
    assert codes(summary) == [], summary["problems"]
    example = [r for r in load_workbook(out)["ScoringExample"].iter_rows(values_only=True) if r and r[0] is not None]
    assert any(str(r[0]).startswith("Round 1, board 2") for r in example)
    assert [r[:2] for r in example if isinstance(r[0], int)] == [(1, 2), (0, 1), (-1, 1)]


def test_average_plus_and_minus_are_settings(play):
    """A referee ruling 70/30 for A+/A- sets them on Rules: table 3, not played, gets A+/A- → NS
    70%, EW 30% (of a top of 4 on three tables: 2.8 and 1.2 MP)."""
    summary, _, at = play(
        12,
        lambda at: [ns(1, 2), ns(2, 1), {"round": 1, "table": 3, "board": 1, "declarer": "X", "adjusted": "A+/A-"}],
        rules={"average_plus": 70, "average_minus": 30},
    )
    assert codes(summary) == [], summary["problems"]
    n3, e3 = board_of(summary, at[(3, "N")]), board_of(summary, at[(3, "E")])
    assert (n3["mp"], n3["rate"], e3["mp"], e3["rate"]) == (2.8, 70.0, 1.2, 30.0)


def test_a_penalty_on_a_row_of_its_own_is_applied_to_that_tables_result(play):
    """The referee writes the penalty on a row of its own, after (table 2) or before (table 4)
    the row with the result. Four tables NS +2, +1, 0, −1 as in the first test: North of table 2
    4 − 0.25 × 6 = 2.5 MP (41.67%), East of table 4 6 − 0.1 × 6 = 5.4 MP (90%); the Travellers
    carry the penalties on the result's line as if typed there."""

    def rows(at):
        alone = {"round": 1, "board": 1}
        return [
            ns(1, 2),
            ns(2, 1),
            {**alone, "table": 2, "penalty_n": 25},
            {**alone, "table": 4, "penalty_e": 10},
            ns(3, 0),
            ns(4, -1),
        ]

    summary, out, at = play(16, rows)
    assert codes(summary) == [], summary["problems"]
    n2, e4 = board_of(summary, at[(2, "N")]), board_of(summary, at[(4, "E")])
    assert (n2["mp"], n2["rate"], n2["penalty"]) == (2.5, 41.67, 25.0)
    assert (e4["mp"], e4["rate"], e4["penalty"]) == (5.4, 90.0, 10.0)
    lines = {r[0]: r for r in load_workbook(out)["Travellers"].iter_rows(values_only=True) if r and r[0] in (2, 4)}
    assert lines[2][-1] == "N penalty 25%" and lines[4][-1] == "E penalty 10%"


def test_what_a_row_without_result_cannot_give_is_told_on_its_cell(play):
    """A second penalty for a seat that has one (row 3's 25 after row 2's 10) is refused on its
    cell, naming the first; a penalty on its own row for a table that did not play (X, no adjusted
    score) has no rate to come off; points and times typed on a row beside the result's are not
    used (the score and the time tie-break come from the result's row), and each says so."""

    def rows(at):
        alone = {"round": 1, "board": 1}
        return [
            ns(1, 2, penalty_n=10),
            {**alone, "table": 1, "penalty_n": 25},
            {"round": 1, "table": 2, "board": 1, "declarer": "X"},
            {**alone, "table": 2, "penalty_s": 5},
            ns(3, 0),
            {**alone, "table": 3, "kitty": 20, "time_w": 300},
        ]

    summary, _, _ = play(12, rows)
    found = {(p["code"], p["cell"]): p["message"] for p in summary["problems"] if p["severity"] == "error"}
    assert "seat N already has a penalty on this board (10% on row 2)" in found[("board-penalty-twice", "M3")]
    assert ("board-penalty-without-result", "O5") in found
    kitty = found[("board-value-on-other-row", "F7")]
    assert "board 1 of table 3, round 1 has its result on row 6; type the kitty points on that row" in kitty
    assert "the time on that row" in found[("board-value-on-other-row", "K7")]
    assert not [s for s in summary["seating"] if s["round"] == 2]  # nothing seated from a guess


def test_a_row_with_a_warning_is_still_scored(play):
    """Kitty points with no last lead are a warning (the last-lead cell may have been forgotten;
    the kitty counts only with one), not an error: the row's result stands and is compared.
    Three tables NS +2, +1, 0 (table 2's row with 20 kitty points and no last lead): North of
    table 2 has 2 of a top of 4, 50%, and round 2 is seated."""
    summary, _, at = play(12, lambda at: [ns(1, 2), ns(2, 1, kitty=20), ns(3, 0)])
    assert codes(summary) == [], summary["problems"]
    assert ("board-kitty-without-lead", "G3") in {(p["code"], p["cell"]) for p in summary["problems"]}
    assert board_of(summary, at[(2, "N")])["rate"] == 50.0
    assert [s for s in summary["seating"] if s["round"] == 2]


@pytest.mark.parametrize(
    ("lang", "title", "text"),
    [
        ("en", "Not a number in range", "penalty_n must be a number from 0 to 100 (decimals allowed)."),
        ("zh-Hant", "不是範圍內的數", "北判罰 %須為 0 至 100 的數（可有小數）。"),
        ("zh-Hans", "不是范围内的数", "北判罚 %须为 0 至 100 的数（可有小数）。"),
    ],
)
def test_the_penalty_columns_take_decimals_from_0_to_100_in_excel(tmp_path, lang, title, text):
    """A penalty of 12.5% of the top is a fair ruling, so Excel's check on the penalty cells is
    a decimal between 0 and 100 (the whole-number check would refuse it), refused as typed with
    its error in the sheet's language; captured points keep their whole-number check."""
    path = tmp_path / "t.xlsx"
    write_input_workbook(str(path), 8, {}, lang=lang)
    captured_label = {"en": "captured", "zh-Hant": "抓分", "zh-Hans": "抓分"}[lang]
    ws = next(ws for ws in load_workbook(path).worksheets if captured_label in [c.value for c in ws[1]])
    keyed = {c.value: i for i, c in enumerate(ws[1])}
    by_column = {}
    for dv in ws.data_validations.dataValidation:
        for rng in dv.sqref.ranges:
            by_column[rng.min_col - 1] = dv
    penalties = [i for v, i in keyed.items() if v and ("penalty" in str(v) or "判罰" in str(v) or "判罚" in str(v))]
    assert len(penalties) == 4
    for i in penalties:
        dv = by_column[i]
        # Excel leaves out the defaults: between, and stop (the value refused)
        assert (dv.type, dv.operator or "between", dv.formula1, dv.formula2, dv.errorStyle or "stop") == (
            "decimal",
            "between",
            "0",
            "100",
            "stop",
        )
        assert dv.errorTitle == title
    assert by_column[penalties[0]].error == text
    captured = by_column[keyed[captured_label]]
    assert captured.type == "whole"


def test_the_traveller_notes_give_the_neuberg_factor_of_the_tables_compared(play):
    """Four tables, table 4 adjusted 60/40 after playing: the other three are compared, so the
    note's factor is (M + 1) × 4/3 − 1, not 4/4 (four results, but one left out). Six tables
    with 5 and 6 fouled: each group says its own factor, 6/4 and 6/2, and the board as a whole
    (six results of six due) is not said to have fewer results than due."""

    def notes(out) -> list[str]:
        return [str(r[0]) for r in load_workbook(out)["Travellers"].iter_rows(values_only=True) if r and r[0]]

    _, out, _ = play(16, lambda at: [ns(1, 2), ns(2, 1), ns(3, 0), ns(4, 3, adjusted="60/40")])
    assert "Fewer results than due: Neuberg-adjusted, (M + 1) × 4/3 − 1." in notes(out)
    _, out, _ = play(
        24, lambda at: [ns(1, 2), ns(2, 1), ns(3, 0), ns(4, -1), ns(5, 3, fouled="A"), ns(6, -2, fouled="A")]
    )
    said = notes(out)
    assert not any(n.startswith("Fewer results than due") for n in said), said
    assert any(n.startswith("Fouled A: table(s) 5, 6") and "(M + 1) × 6/2 − 1" in n for n in said), said
    assert any(n.startswith("Table(s) 1, 2, 3, 4") and "(M + 1) × 6/4 − 1" in n for n in said), said


@pytest.mark.parametrize(("players", "sat_out"), [(16, False), (18, True)])
def test_the_ranking_has_a_sat_out_column_only_when_someone_sat_out(play, players, sat_out):
    """16 players fill four tables: a Sat out column would be all zeros on a wall sheet, and is
    left out; 18 players leave two out each round, and the column is there with their 1s."""
    rows = [ns(t, score) for t, score in zip(range(1, 5), (2, 1, 0, -1))]
    summary, out, _ = play(players, lambda at: rows)
    table = [r for r in load_workbook(out)["Ranking"].iter_rows(values_only=True) if r and r[0] is not None]
    header = next(r for r in table if r[0] == "Rank")
    assert ("Sat out" in header) is sat_out
    if sat_out:
        column = header.index("Sat out")
        assert sorted(r[column] for r in table if isinstance(r[0], int)) == [0] * 16 + [1, 1]


@pytest.mark.parametrize(
    ("lang", "sheet", "ties"), [("zh-Hant", "排名", "用時較少、抽籤"), ("en", "Ranking", "less time, lots")]
)
def test_the_ranking_lists_its_tie_breaks_as_the_language_writes_a_list(play, lang, sheet, ties):
    """Chinese lists take 、 between items, not an English comma."""
    rows = [ns(t, score) for t, score in zip(range(1, 5), (2, 1, 0, -1))]
    _, out, _ = play(16, lambda at: rows, lang=lang)
    notes = [str(r[0]) for r in load_workbook(out)[sheet].iter_rows(values_only=True) if r and r[0]]
    assert any(ties in n for n in notes), notes


@pytest.mark.parametrize(
    ("typed", "rate", "warned"),
    [("12.5%", 37.5, False), ("１２.５％", 37.5, False), (12.5, 37.5, False), (0.125, 49.88, True)],
)
def test_a_penalty_typed_with_its_percent_sign_or_as_a_fraction(play, typed, rate, warned):
    """The column is in percent, so '12.5%' is 12.5. Three tables NS +2, +1, 0: North of table 2
    has 2 MP of 4, 50%; 12.5% off leaves 37.5%. A 0.125 (what Excel keeps of 12.5% typed in a
    General cell) is taken as typed, 0.125% (49.875% → 49.88), with a warning on the cell saying
    what to type if 12.5% was meant."""
    summary, _, at = play(12, lambda at: [ns(1, 2), ns(2, 1, penalty_n=typed), ns(3, 0)])
    assert codes(summary) == [], summary["problems"]
    assert board_of(summary, at[(2, "N")])["rate"] == rate
    tiny = [p for p in summary["problems"] if p["code"] == "board-penalty-tiny"]
    assert bool(tiny) is warned
    if warned:
        assert tiny[0]["cell"] == "M3" and "type 12.5" in tiny[0]["message"]


def test_a_card_of_a_player_with_no_board_yet_shows_a_dash_not_a_percent(play):
    """18 players, two sit out round 1: their cards have no rate yet, 'mean —' (not '—%'); the
    others' cards give theirs in percent, after one board ('1 board', not '1 boards')."""
    rows = [ns(t, score) for t, score in zip(range(1, 5), (2, 1, 0, -1))]
    _, out, _ = play(18, lambda at: rows)
    titles = [
        str(r[0]) for r in load_workbook(out)["PlayerCards"].iter_rows(values_only=True) if r and "· rank" in str(r[0])
    ]
    assert sum("· mean — · 0 boards" in x for x in titles) == 2, titles
    assert not any("—%" in x for x in titles)
    assert sum(x.endswith("% · 1 board") for x in titles) == 16
