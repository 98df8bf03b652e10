"""TSH .t export and import, and the WESPA .tou export."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.scrabble.results import Game, Player, ResultRules, all_outcomes, check_games
from ttools.competitions.scrabble.standings import standings
from ttools.competitions.scrabble.tsh import export_t, export_tou, import_t

SAMPLE_T = """\
# division A, written by hand in TSH's format
Chew, John            1800 2 0 3; 400 50 -20; p12 1 0 2
Castellano, Vince     1750 1 3 00; 350 380; team North\\; York
Player 3,             1600 0 2 1; 50 410 390; off 0

"""


def table(players, games, rules=ResultRules()):
    """Standings keyed by name, so that players renumbered by an import still compare."""
    return [
        (r.rank, r.item.player.name, r.item.wins, r.item.losses, r.item.spread)
        for r in standings(players, all_outcomes(games, rules))
    ]


def test_import_reads_tsh_lines():
    div = import_t(SAMPLE_T, "a.t", division="A")
    assert div.problems == ()
    assert [(p.id, p.name, p.rating, p.club, p.withdrawn_after) for p in div.players] == [
        ("1", "Chew, John", 1800, "", None),
        ("2", "Castellano, Vince", 1750, "North; York", None),
        ("3", "Player 3", 1600, "", 3),
    ]
    # The starter is player1 where p12 says so (round 3: player 3 started against Chew);
    # round 2 has no p12 for 2 v 3, so who started stays unknown (None), never "the lower number".
    assert [(g.round, g.player1, g.score1, g.player2, g.score2, g.forfeit, g.first) for g in div.games] == [
        (1, "1", 400, "2", 350, None, 1),
        (1, "3", 50, None, None, None, None),
        (2, "1", 50, None, None, None, None),
        (2, "2", 380, "3", 410, None, None),
        (3, "3", 390, "1", -20, None, 1),
    ]
    # Player 3 is `off`: listed below the ranked players although 3–0.
    # Chew: +50 (r1: 400-350) +50 (bye) -410 (r3: -20-390) = -310; Castellano: -50 -30 = -80.
    assert table(div.players, div.games) == [
        (1, "Chew, John", 2, 1, -310),
        (2, "Castellano, Vince", 0, 2, -80),
        (3, "Player 3", 3, 0, 490),
    ]


def test_import_reports_inconsistent_files():
    text = "Ann 1000 2 5; 400 300\nBob 1000 1 3; 300 200\nCat 1000 0 1; 50 100\nthis is not a player line\n"
    div = import_t(text, "bad.t")
    assert sorted(p.code for p in div.problems) == [
        "tsh-line-unreadable",
        "tsh-opponent-mismatch",
        "tsh-opponent-mismatch",
        "tsh-opponent-out-of-range",
    ]
    assert all(p.where.sheet == "bad.t" for p in div.problems)
    assert [(g.round, g.players) for g in div.games] == [(1, ("1", "2")), (1, ("3",))]


def test_import_keeps_the_one_score_of_a_half_entered_game():
    div = import_t("Ann 1000 2; 400\nBob 1000 1;\n")
    assert [p.code for p in div.problems] == ["tsh-half-scored"]
    assert [(g.player1, g.score1, g.player2, g.score2, g.pending) for g in div.games] == [("1", 400, "2", None, False)]


def test_export_writes_tsh_format():
    players = [Player("x", "Chan Tai Man", 1234, "HK Club"), Player("y", "Lee 2", 0), Player("z", "Ho;Ka", 999)]
    games = [
        Game(1, "x", 420, "y", 380, first=2),
        Game(1, "z", 50),
        Game(2, "x", None, "z", None, forfeit=2),
        Game(2, "y"),  # a bye paired, not scored yet: open, as TSH holds it
        Game(3, "y", None, "z", None, first=1),
    ]
    text = export_t(players, games)
    assert text.splitlines() == [
        "Chan Tai Man            1234 2 0; 420 100; p12 2 0; team HK Club",
        "Lee 2,                     0 1 0 3; 380; p12 1 0 1",
        "Ho,Ka                    999 0 0 2; 50 -100; p12 0 0 2",
    ]


def test_export_then_import_gives_the_same_standings():
    players = [
        Player("p1", "Chan Hok Hei", 1900, "Kowloon Club"),
        Player("p2", "Wong Siu Ki", 1800),
        Player("p3", "Wong Wai Ho", 1700),
        Player("p4", "Cheung 4", 1600),
        Player("p5", "Lee;Kwan", 1500),
    ]
    games = [
        Game(1, "p1", 450, "p2", 380, first=1),
        Game(1, "p3", 400, "p4", 400, first=2),
        Game(1, "p5"),
        Game(2, "p1", 400, "p3", 390, overtime1=2),
        Game(2, "p2", None, "p5", None, forfeit=1),
        Game(2, "p4"),
        Game(3, "p4", 500, "p1", 380, first=1),
        Game(3, "p2", 350, "p3", 352),
        Game(3, "p5", 0),
        Game(4, "p1", None, "p5", None, first=2),  # published, waiting for its result
    ]
    rules = ResultRules(bye_spread=75, forfeit_spread=100)
    check = check_games(games, rules)
    assert [p.code for p in check.problems] == ["slip-bye-spread"]  # the zero-spread missed game
    text = export_t(players, check.games + check.pending, rules)
    div = import_t(text)
    assert div.problems == ()
    expected = [(rank, name.replace(";", ","), w, l, s) for rank, name, w, l, s in table(players, check.games, rules)]
    # open byes come back open and count the bye spread, which config.tsh carries
    assert table(div.players, [g for g in div.games if not g.pending], rules) == expected
    # p5 starts round 4 (first=2 on the p1 row): imported with the starter as player1
    assert [(g.round, g.player1, g.player2, g.first) for g in div.games if g.pending] == [(4, "5", "1", 1)]
    assert div.players[0].club == "Kowloon Club"
    # and a second pass changes nothing
    assert export_t(div.players, div.games) == text


@st.composite
def divisions(draw):
    n = draw(st.integers(2, 7))
    players = [Player(f"q{i}", f"Player {i}", draw(st.integers(0, 2200))) for i in range(n)]
    games = []
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        perm = draw(st.permutations([p.id for p in players]))
        for k in range(0, n - 1, 2):
            kind = draw(st.sampled_from(["game", "game", "game", "forfeit"]))
            if kind == "game":
                games.append(
                    Game(
                        rnd,
                        perm[k],
                        draw(st.integers(-20, 700)),
                        perm[k + 1],
                        draw(st.integers(-20, 700)),
                        draw(st.integers(0, 3)),
                        0,
                        None,
                        draw(st.sampled_from([None, 1, 2])),
                        penalty1=draw(st.sampled_from([0, 0, 5, 20])),
                        penalty2=draw(st.sampled_from([0, 0, 10])),
                        table=draw(st.sampled_from([None, k // 2 + 1])),
                    )
                )
            else:
                games.append(Game(rnd, perm[k], None, perm[k + 1], None, forfeit=draw(st.sampled_from([1, 2]))))
        if n % 2:
            games.append(Game(rnd, perm[-1], penalty1=draw(st.sampled_from([0, 0, 5]))))
    return players, games


@settings(max_examples=60, deadline=None)
@given(divisions())
def test_round_trip_keeps_standings(division):
    players, games = division
    div = import_t(export_t(players, games))
    assert div.problems == ()
    # who started, boards and penalties come back as they went out (unknown starts stay unknown)
    assert export_t(div.players, div.games) == export_t(players, games)
    assert table(div.players, div.games) == table(players, games)


def test_tou_export():
    players = [Player("a", "Chan Hok Hei"), Player("b", "Wong Siu Ki"), Player("c", "Ho Ka Wai")]
    games = [
        Game(1, "a", 400, "b", 350, first=1),
        Game(1, "c"),
        Game(2, "b", 390, "c", 390, first=2),
        Game(2, "a"),
        Game(3, "a", None, "c", None, forfeit=2),
        Game(3, "b", -5, forfeit=None),
    ]
    text = export_tou("HK Open", datetime.date(2024, 3, 9), [("A", players, all_outcomes(games))])
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    # name in 20 columns, then per round: space, result digit, score in 3, space, opponent in 3
    # (+ = started). Round 1: Chan beat Wong 400-350 starting; Ho's bye is 050 against himself.
    # Round 2: a 390-390 tie, Ho started; Chan's bye. Round 3: Ho absent (forfeit: Chan 2150,
    # Ho 0100); Wong's -5 bye is a forfeit loss (0100).
    assert text.split("\r\n") == [
        "*M09.03.2024 HK Open",
        "*A",
        " " * 38 + "0",
        "Chan Hok Hei         2400  +2 0 50   1 2150   1",
        "Wong Siu Ki          0350   1 1390   3 0100   2",
        "Ho Ka Wai            0 50   3 1390  +2 0100   3",
        "*** END OF FILE ***",
        "",
    ]
