"""The Prizes sheet: its checks (named on their cells) and the prize list it gives (the rules in
ttools.competitions.scrabble.prizes: the sheet's order, one prize each unless eligible says all,
a place prize passing down past a winner, ties shared as the standings share places)."""

from __future__ import annotations

from ttools.competitions import get
from ttools.competitions.scrabble.competition import write_input_workbook
from ttools.competitions.scrabble.report import summary
from ttools.workbook.read import read_book

# 1 beats everyone; 2 and 3 end level (2-1, equal spread); 4 loses all. Class B: 3 and 4.
PLAYERS = [
    {"id": "1", "name": "One", "rating": 1900, "class": "A"},
    {"id": "2", "name": "Two", "rating": 1800, "class": "A"},
    {"id": "3", "name": "Three", "rating": 1500, "class": "B"},
    {"id": "4", "name": "Four", "rating": 1400, "class": "B"},
]
RESULTS = [
    {"round": 1, "player1": "1", "score1": 500, "player2": "4", "score2": 300},
    {"round": 1, "player1": "2", "score1": 400, "player2": "3", "score2": 450},  # 3 upsets 2 by 300
    {"round": 2, "player1": "1", "score1": 420, "player2": "3", "score2": 400},
    {"round": 2, "player1": "2", "score1": 480, "player2": "4", "score2": 400},
    {"round": 3, "player1": "1", "score1": 410, "player2": "2", "score2": 400},
    {"round": 3, "player1": "3", "score1": 460, "player2": "4", "score2": 490},
]


def run(tmp_path, prizes, rules=None, results=RESULTS):
    path = tmp_path / f"p{len(list(tmp_path.iterdir()))}.xlsx"
    write_input_workbook(str(path), PLAYERS, {"Results": results, "Prizes": prizes}, rules=rules or {}, lang="en")
    return get("scrabble").process(read_book(str(path)))


def _list(outcome):
    return [(x["prize"], x["id"], x["figure"]) for x in summary(outcome.results)["prizes"]]


def test_the_prize_list_in_order_one_prize_each(tmp_path):
    """Records: 1 3–0 +230; 2 1–2 +20 (−50 +80 −10); 3 1–2 +0 (+50 −20 −30); 4 1–2 −250. High game
    without a prize yet: 4's 490 (1's 500 goes to the prize open to all); class B: 4 has a prize,
    so 3; the highest losing score is 3's 460; the upset 3 (1500) over 2 (1800): 300."""
    out = run(
        tmp_path,
        [
            {"prize": "First", "kind": "place", "value": 1},
            {"prize": "Second", "kind": "place", "value": 2},
            {"prize": "High game", "kind": "high_game"},
            {"prize": "High game (all)", "kind": "high_game", "eligible": "all"},
            {"prize": "Best B", "kind": "class", "value": "B"},
            {"prize": "High loss", "kind": "high_loss", "eligible": "all"},
            {"prize": "Upset", "kind": "upset", "eligible": "all"},
            {"prize": "Class A only", "kind": "high_win", "eligible": "A"},
        ],
    )
    assert _list(out) == [
        ("First", "1", "3–0 +230"),
        ("Second", "2", "1–2 +20"),
        ("High game", "4", 490),
        ("High game (all)", "1", 500),
        ("Best B", "3", "1–2 +0"),
        ("High loss", "3", 460),
        ("Upset", "3", 300),
        ("Class A only", None, None),  # class A's players 1 and 2 both have a prize: not awarded
    ]
    assert not [p for p in out.problems if p.severity == "error"]


def test_a_place_prize_passes_down_and_ties_share_it(tmp_path):
    """With 2 beating 4 by 60 in round 2, 2 and 3 both end 1–2 +0: they share place 2 and the
    prize names both; with ranks = strict, place 2 is 2's alone (rating). A place prize whose
    player already has one goes to the next player below."""
    tied = [dict(r) for r in RESULTS]
    tied[3] = {"round": 2, "player1": "2", "score1": 460, "player2": "4", "score2": 400}
    prizes = [{"prize": "High game", "kind": "high_game"}, {"prize": "First", "kind": "place", "value": 1}]
    prizes.append({"prize": "Second", "kind": "place", "value": 2})
    shared = _list(run(tmp_path, prizes, results=tied))
    strict = _list(run(tmp_path, prizes, {"ranks": "strict"}, results=tied))
    # 1 (500) takes high game, so First passes down to the next line: 2 and 3 level on 1–2 +0
    assert shared == [
        ("High game", "1", 500),
        ("First", "2", "1–2 +0"),
        ("First", "3", "1–2 +0"),
        ("Second", "4", "1–2 -230"),
    ]
    assert strict == [("High game", "1", 500), ("First", "2", "1–2 +0"), ("Second", "3", "1–2 +0")]


def test_problems_name_their_cells(tmp_path):
    out = run(
        tmp_path,
        [
            {"prize": "X", "kind": "place", "value": "first"},
            {"prize": "Y", "kind": "best"},
            {"prize": "Z", "kind": "class"},
            {"prize": "W", "kind": "place", "division": "Q", "value": 1},
            {"prize": "V", "kind": "class", "value": "C"},
        ],
    )
    found = {(p.code, p.where.cell) for p in out.problems if p.where.sheet == "Prizes"}
    codes = {c for c, _cell in found}
    assert {"prize-place-invalid", "prize-class-missing", "prize-division-unknown", "prize-class-empty"} <= codes
    assert ("prize-place-invalid", "D2") in found and ("prize-division-unknown", "C5") in found
    assert any(cell == "B3" for _c, cell in found)  # the unknown kind, on its cell
    # V's class has no player: a warning, and the prize is listed as not awarded
    assert summary(out.results)["prizes"] == [{"prize": "V", "division": "A", "id": None, "name": None, "figure": None}]
