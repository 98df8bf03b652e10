"""The compact forms a large event is held in: typed Results rows in slots, wins counted in
halves, report rows made as they are read, meetings kept per player. Each behaves as the plain
form it replaces."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ttools.competitions.scrabble import schema as S
from ttools.competitions.scrabble.competition import write_input_workbook
from ttools.competitions.scrabble.compute import compute
from ttools.competitions.scrabble.load import ResultRow, load
from ttools.competitions.scrabble.report import Rows, reports
from ttools.competitions.scrabble.results import Game, Player, all_outcomes, check_games
from ttools.competitions.scrabble.standings import records, scorecard
from ttools.core.pairing import Meetings, australian_draw
from ttools.workbook.read import read_book


def test_a_results_row_reads_like_the_dict_it_was_made_from():
    values = {c.key: "" for c in S.RESULTS.columns} | {"round": 3.0, "player1": "A7", "score1": 412.0}
    row = ResultRow(values)
    assert dict(row) == values and list(row) == list(values) and len(row) == len(values)
    assert row["score1"] == 412.0 and row.get("player1") == "A7" and row.get("nothing", "x") == "x"
    assert "round" in row and "nothing" not in row
    assert row == values
    with pytest.raises(KeyError):
        row["nothing"]
    assert {**row, "forfeit": 1}["forfeit"] == 1


def test_whole_wins_are_ints_and_halves_fractions():
    games = [Game(1, "a", 400, "b", 300), Game(2, "a", 350, "b", 350), Game(3, "a", 300, "c", 301)]
    recs = records([Player("a"), Player("b"), Player("c")], all_outcomes(games))
    assert (recs["a"].wins, recs["a"].losses) == (Fraction(3, 2), Fraction(3, 2))
    assert type(recs["c"].wins) is int and recs["c"].wins == 1 and type(recs["b"].losses) is Fraction
    rows = scorecard("a", all_outcomes(games))
    assert [(r.wins, r.losses) for r in rows] == [
        (1, 0),
        (Fraction(3, 2), Fraction(1, 2)),
        (Fraction(3, 2), Fraction(3, 2)),
    ]
    assert type(rows[0].wins) is int


def test_slips_of_players_whose_ids_do_not_compare_are_still_grouped():
    slips = [Game(1, 7, 400, "b", 300), Game(1, "b", 300, 7, 400)]  # one game, written twice
    check = check_games(slips, players={7, "b"})
    assert not check.problems and len(check.games) == 1


def test_meetings_count_a_pair_either_way_round():
    m = Meetings([(1, "a", "b"), (3, "b", "a"), (2, "a", "c")])
    assert (m.count("a", "b"), m.count("b", "a"), m.count("c", "a"), m.count("b", "c")) == (2, 2, 1, 0)
    assert m.count("a", "b", forgive_through=1) == 1
    assert m.known_rounds(["a", "b"]) == [1, 3] and m.known_rounds(["a", "b", "c"]) == [1, 2, 3]
    # the draw sees the same history whichever form it comes in
    order = ["a", "b", "c", "d"]
    assert australian_draw(order, m) == australian_draw(order, [(1, "a", "b"), (3, "b", "a"), (2, "a", "c")])


@pytest.fixture
def processed(tmp_path):
    players = [{"id": str(i), "name": f"P{i}", "rating": 2000 - i} for i in range(1, 7)]
    results = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "4", "score2": 300},
        {"round": 1, "player1": "2", "score1": 350, "player2": "5", "score2": 350},
        {"round": 1, "player1": "3", "score1": 300, "player2": "6", "score2": 380, "overtime1": 2},
    ]
    path = tmp_path / "event.xlsx"
    write_input_workbook(
        str(path),
        players,
        {"Rounds": [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad"}], "Results": results},
        event={"seed": "s"},
        lang="en",
    )
    data, problems = load(read_book(str(path)))
    assert all(type(r) is ResultRow for r in data.raw["Results"])
    return compute(data, problems)


def test_report_rows_are_made_anew_each_time_they_are_read(processed):
    sheets = {r.key: r for r in reports(processed, "en")}
    card = sheets["Scorecards"].blocks[0]
    assert isinstance(card.rows, Rows)
    first, again = list(card.rows), list(card.rows)
    assert first == again and len(card.rows) == len(first) == 1
    assert first[0][0] == 1 and first[0] is not again[0]  # a fresh list each time
    assert card.rows[0] == first[0] and card.rows == first
    assert first[0][1:] == ["1st", "4 P4", "W 400:300 +100", "1–0 +100"]
    wall = sheets["CrossTable"].blocks[0]
    assert len(wall.rows) == 6 and [row[1] for row in wall.rows] == ["1", "6", "2", "5", "3", "4"]
    tie = next(row for row in wall.rows if row[1] == "2")
    assert tie[3:] == ["T 350:350 v5", 0.5, 0.5, 0]
