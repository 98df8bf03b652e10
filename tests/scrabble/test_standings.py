"""Standings order, scorecards, the cross-table and the pairing inputs derived from outcomes."""

from __future__ import annotations

from fractions import Fraction

from ttools.competitions.scrabble.results import Game, Player, all_outcomes
from ttools.competitions.scrabble.standings import (
    KEY_NAMES,
    cross_table,
    meetings,
    records,
    scorecard,
    standings,
)
from ttools.core.draw import Draw
from ttools.core.pairing import australian_draw

SEED = [  # the rulebook's example table: 勝出局數, 總分數差異
    Player("chan", "Chan Hok Hei", 1900),
    Player("wsk", "Wong Siu Ki", 1800),
    Player("wwh", "Wong Wai Ho", 1700),
    Player("cheung", "Cheung Siu Kwan", 1600),
    Player("lee", "Lee Kwan Yee", 1500),
    Player("ho", "Ho Ka Wai", 1400),
]


def ids(ranked):
    return [r.item.id for r in ranked]


def test_wins_then_fewer_losses_then_spread_then_rating():
    players = [
        Player("a", rating=1000),
        Player("b", rating=1200),
        Player("c", rating=1100),
        Player("d", rating=900),
        Player("e", rating=800),
    ]
    games = [
        Game(1, "a", 400, "b", 300),
        Game(1, "c", 500, "d", 100),
        Game(1, "e", 0),  # e: missed game
        Game(2, "a", 400, "c", 390),
        Game(2, "b", 400, "e", 300),
        Game(2, "d"),
        Game(3, "e", 310, "c", 300),
        Game(3, "b", 380, "d", 380),
        Game(3, "a"),
    ]
    ranked = standings(players, all_outcomes(games))
    assert [(r.rank, r.item.id, r.item.wins, r.item.losses, r.item.spread) for r in ranked] == [
        (1, "a", 3, 0, 160),
        (2, "b", Fraction(3, 2), Fraction(3, 2), 0),
        (3, "d", Fraction(3, 2), Fraction(3, 2), -350),
        (4, "e", 1, 1, -90),  # fewer losses than c despite less spread: the missed game counts neither way
        (5, "c", 1, 2, 380),
    ]
    assert [KEY_NAMES[r.decided_by] for r in ranked[1:]] == ["wins", "spread", "wins", "losses"]


def test_rating_then_seeded_lot_break_remaining_ties():
    players = [Player("a", rating=1500), Player("b", rating=1600), Player("c", rating=1600), Player("d", rating=1500)]
    games = [Game(1, "a", 400, "b", 400), Game(1, "c", 390, "d", 390)]
    shared = standings(players, all_outcomes(games))
    assert [(r.rank, r.item.id) for r in shared] == [(1, "b"), (1, "c"), (3, "a"), (3, "d")]
    assert KEY_NAMES[shared[2].decided_by] == "rating"
    lots = {tuple(ids(standings(players, all_outcomes(games), lot=Draw(s, "standings")))) for s in range(16)}
    assert {x[:2] for x in lots} == {("b", "c"), ("c", "b")}
    assert {x[2:] for x in lots} == {("a", "d"), ("d", "a")}
    drawn = standings(players, all_outcomes(games), lot=Draw(3, "standings"))
    assert [r.rank for r in drawn] == [1, 2, 3, 4] and all(r.by_lot for r in drawn)
    assert drawn == standings(players, all_outcomes(games), lot=Draw(3, "standings"))


def _seed_games():
    """Results that give the rulebook's example standings after three rounds."""
    return [
        Game(1, "chan", 500, "wsk", 350, first=1),
        Game(1, "wwh", 400, "ho", 380, first=2),
        Game(1, "cheung", 300, "lee", 350, first=1),
        Game(2, "chan", 450, "lee", 300, first=2),
        Game(2, "wsk", 500, "ho", 400, first=1),
        Game(2, "wwh", 300, "cheung", 380, first=1),
        Game(3, "chan", 430, "cheung", 300, first=1),
        Game(3, "wsk", 600, "wwh", 403, first=2),
        Game(3, "lee", 380, "ho", 300, first=2),
    ]


def test_standings_after_three_rounds_feed_the_australian_draw():
    outs = all_outcomes(_seed_games())
    ranked = standings(SEED, outs)
    assert [(r.item.id, r.item.wins, r.item.spread) for r in ranked] == [
        ("chan", 3, 430),
        ("wsk", 2, 147),
        ("lee", 2, -20),
        ("cheung", 1, -100),
        ("wwh", 1, -257),
        ("ho", 0, -200),
    ]
    # chan has met wsk, lee and cheung: the highest-ranked opponent left is wwh.
    drawn = australian_draw(ids(ranked), meetings(outs))
    assert drawn.pairs == (("chan", "wwh"), ("wsk", "lee"), ("cheung", "ho"))
    # lagged pairing: the standings after round 2 ignore round 3
    lagged = standings(SEED, outs, through_round=2)
    assert [(r.item.id, r.item.wins, r.item.spread) for r in lagged] == [
        ("chan", 2, 300),
        ("cheung", 1, 30),
        ("wsk", 1, -50),
        ("wwh", 1, -60),
        ("lee", 1, -100),
        ("ho", 0, -120),
    ]


def test_records_count_byes_and_starts():
    games = [
        Game(1, "a", 400, "b", 300, first=1),
        Game(2, "a", 400, "c", 300, first=2),
        Game(3, "a"),
        Game(3, "b", None, "c", None, forfeit=2),
    ]
    recs = records([Player("a"), Player("b"), Player("c")], all_outcomes(games))
    a = recs["a"]
    assert (a.games, a.byes, a.firsts, a.seconds, a.points_for, a.points_against) == (2, 1, 1, 1, 800, 600)
    assert (recs["b"].games, recs["b"].byes, recs["b"].wins, recs["b"].spread) == (1, 0, 1, 0)
    assert records([Player("a")], all_outcomes(games), through_round=1)["a"].wins == 1


def test_meetings_leave_out_byes_and_forfeits():
    games = [Game(1, "a", 400, "b", 300), Game(1, "c"), Game(2, "a", None, "c", None, forfeit=1)]
    assert meetings(all_outcomes(games)) == [(1, "a", "b")]


def test_scorecard_keeps_a_running_record():
    games = [
        Game(1, "a", 400, "b", 300, first=1),
        Game(2, "c", 410, "a", 380, overtime2=1),
        Game(3, "a"),
        Game(4, "a", None, "b", None, forfeit=1),
        Game(5, "a", 350, "c", 350),
    ]
    rows = scorecard("a", all_outcomes(games))
    assert [(r.round, r.opponent, r.first, r.score, r.opponent_score, r.result, r.spread) for r in rows] == [
        (1, "b", True, 400, 300, "W", 100),
        (2, "c", None, 370, 410, "L", -40),
        (3, None, None, None, None, "bye", 50),
        (4, "b", None, None, None, "forfeit L", -100),
        (5, "c", None, 350, 350, "T", 0),
    ]
    assert [(r.wins, r.losses, r.total_spread) for r in rows] == [
        (1, 0, 100),
        (1, 1, 60),
        (2, 1, 110),
        (2, 2, 10),
        (Fraction(5, 2), Fraction(5, 2), 10),
    ]
    assert rows[1].penalty == 10


def test_cross_table_collects_every_meeting():
    games = [Game(1, "a", 400, "b", 300), Game(2, "b", 350, "a", 360), Game(3, "a")]
    table = cross_table(all_outcomes(games))
    assert [(o.round, o.score, o.opponent_score) for o in table[("a", "b")]] == [(1, 400, 300), (2, 360, 350)]
    assert [o.spread for o in table[("b", "a")]] == [-100, -10]
    assert [o.kind for o in table[("a", "a")]] == ["bye"]
