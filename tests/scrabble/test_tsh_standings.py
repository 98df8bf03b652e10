"""Standings as TSH counts them: after the last complete round (an unscored or pre-filled bye
counts nothing yet), penalties, spread caps, withdrawn players listed below, shared places
(7=) and the strict setting, and who started kept unknown where TSH does not know it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.scrabble.results import Game, Player, ResultRules, all_outcomes, check_games
from ttools.competitions.scrabble.standings import places, records, standings
from ttools.competitions.scrabble.tsh import export_t, import_t
from tests.scrabble.test_workbook import event, pairs, problems, results_rows, roster, run  # noqa: F401  (fixtures)


def listing(data: dict, division: str = "A") -> list[tuple]:
    return [(r["place"], r["id"], r["wins"], r["losses"], r["spread"]) for r in data["standings"][division]]


# ---- a bye (or forfeit) in a round that is not complete counts nothing yet -----------------


def test_paired_unscored_bye_in_a_tsh_file_counts_nothing_until_its_round_is_complete(invoke, tmp_path, run):  # noqa: F811
    # Three players. Round 1: Ann has the bye (+50, scored); Bob beat Cat 400-350.
    # Round 2 is paired: Ann has the bye again but TSH has no score for it yet, Bob v Cat unplayed.
    # By hand, after round 1: Ann 1-0 +50, Bob 1-0 +50, Cat 0-1 -50. Counting the open bye
    # would give Ann 2-0 +100 (the old, wrong answer).
    (tmp_path / "a.t").write_text(
        "Ann        1500 0 0; 50\nBob        1400 3 3; 400\nCat        1300 2 2; 350\n", encoding="utf-8"
    )
    out = tmp_path / "ev.xlsx"
    result = invoke("import-tsh", tmp_path / "a.t", "-o", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    code, data, _ = run(out)
    assert data["after_round"] == {"A": 1}
    rows = {r["id"]: (r["wins"], r["losses"], r["spread"]) for r in data["standings"]["A"]}
    assert rows == {"1": (1, 0, 50), "2": (1, 0, 50), "3": (0, 1, -50)}


def test_prefilled_bye_of_the_next_round_counts_once_that_round_is_complete(event, run):  # noqa: F811
    # Five players, round 1 played; ttools pairs round 2 and pre-fills the bye row with +50.
    players = roster(5)
    rounds = [{"round": 1, "method": "ad"}, {"round": 2, "method": "ad"}]
    rows = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "3", "score2": 300},
        {"round": 1, "player1": "2", "score1": 400, "player2": "4", "score2": 300},
        {"round": 1, "player1": "5", "score1": 50},
    ]
    code, data, out = run(event(players, rounds, rows))
    assert code == 0
    bye = next(f for _, f, s in pairs(data) if s is None)
    # the output carries round 2 with its bye row already filled in (+50) and two open games
    code, again, _ = run(out)
    assert again["after_round"] == {"A": 1}
    before = {r["id"]: (r["wins"], r["spread"]) for r in data["standings"]["A"]}
    after = {r["id"]: (r["wins"], r["spread"]) for r in again["standings"]["A"]}
    assert after == before  # the +50 of the round 2 bye is not counted yet
    round2 = [r for r in results_rows(out) if r[0] == 2]
    assert [(r[2], r[3]) for r in round2 if r[4] is None] == [(bye, 50)]  # …although its row says +50
    assert sum(1 for r in round2 if r[4] is not None and r[3] is None) == 2  # two games still open


def test_results_of_an_incomplete_round_wait_for_the_whole_round():
    players = [Player(p, p) for p in "abcd"]
    games = [
        Game(1, "a", 400, "b", 300),
        Game(1, "c", 350, "d", 340),
        Game(2, "a", 500, "c", 300),
        Game(2, "b", None, "d", None),
    ]  # round 2: one game still open
    outs = all_outcomes([g for g in games if not g.pending])
    after1 = {x.item.id: x.item.wins for x in standings(players, outs, through_round=1)}
    assert after1 == {"a": 1, "b": 0, "c": 1, "d": 0}


# ---- penalties ----------------------------------------------------------------------------


TSH_SYNCH = """TSH stores a penalty as a negative number and adds it to the round's spread: ``Synch``
    does ``$thisSpread += $penalties->[$j]``, and the ``penalty`` command records ``x`` points off
    as ``Player::Penalty($r0, -$x)``."""


def test_a_tsh_penalty_is_added_to_the_spread():
    """`penalty -10` on a 400-350 win is +40, as in TSH (not +60). """ + TSH_SYNCH
    div = import_t("Ann        1500 2; 400; penalty -10\nBob        1400 1; 350\n")
    assert div.problems == ()
    rec = records(div.players, all_outcomes(div.games))
    assert (rec["1"].wins, rec["1"].spread, rec["1"].penalties) == (1, 50 - 10, -10)
    assert (rec["2"].wins, rec["2"].spread, rec["2"].penalties) == (0, -50, 0)


def test_tsh_penalty_in_the_spread_and_written_back_as_tsh_stores_it():
    (
        """Round 1 Ann 400 v Bob 380, penalty -10 on Ann: she still wins, spread 20 - 10 = +10; Bob's
    spread is his own -20. Round 2: Ann's bye +50 with penalty -5: +45. A positive penalty
    (a bonus) adds, as TSH adds it. """
        + TSH_SYNCH
    )
    text = "Ann        1500 2 0; 400 50; penalty -10 -5\nBob        1400 1 0; 380 50; penalty 0 3\n"
    div = import_t(text)
    assert div.problems == ()
    rec = records(div.players, all_outcomes(div.games))
    assert (rec["1"].wins, rec["1"].spread, rec["1"].penalties) == (2, 10 + 45, -15)
    assert (rec["2"].wins, rec["2"].spread, rec["2"].penalties) == (1, -20 + 53, 3)
    lines = export_t(div.players, div.games).splitlines()
    assert "; penalty -10 -5" in lines[0] and "; penalty 0 3" in lines[1]
    assert import_t(export_t(div.players, div.games)).games == div.games


def test_penalty_columns_on_results_change_the_spread_only(event, run):  # noqa: F811
    (
        """The workbook's penalty1/penalty2 mean what TSH's penalty means: -30 takes 30 points off,
    the result stands. """
        + TSH_SYNCH
    )
    rows = [
        {"round": 1, "player1": "1", "score1": 420, "player2": "2", "score2": 400, "penalty1": -30},
        {"round": 1, "player1": "3", "score1": 300, "player2": "4", "score2": 350, "penalty2": "x"},
    ]
    code, data, out = run(event(roster(4), [], rows))
    rec = {r["id"]: (r["wins"], r["losses"], r["spread"], r["penalty"]) for r in data["standings"]["A"]}
    assert rec["1"] == (1, 0, 20 - 30, -30)  # the win stands; 420-400 = 20, less 30
    from openpyxl import load_workbook

    book = load_workbook(out)
    cards = [v for row in book["Scorecards"].iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert "W 420:400 -10 (penalty −30)" in cards
    assert rec["2"] == (0, 1, -20, 0)
    assert problems(data, "slip-penalty-invalid") == [("error", "Results", "L3")]


# ---- spread caps ------------------------------------------------------------------------------------


def test_spread_cap_per_round_as_tsh_config_writes_it(event, run):  # noqa: F811
    # spread_cap "200, 300": round 1 capped at 200, round 2 (and later) at 300.
    # Player 1: r1 600-200 = +400 -> +200; r2 500-100 = +400 -> +300. Total +500, 2-0.
    rows = [
        {"round": 1, "player1": "1", "score1": 600, "player2": "2", "score2": 200},
        {"round": 1, "player1": "3", "score1": 350, "player2": "4", "score2": 340},
        {"round": 2, "player1": "1", "score1": 500, "player2": "3", "score2": 100},
        {"round": 2, "player1": "2", "score1": 300, "player2": "4", "score2": 310},
    ]
    code, data, _ = run(event(roster(4), [], rows, rules={"spread_cap": "200, 300"}))
    assert code == 0
    rec = {r["id"]: (r["wins"], r["spread"]) for r in data["standings"]["A"]}
    assert rec == {"1": (2, 500), "2": (0, -210), "3": (1, -290), "4": (1, 0)}


def test_spread_cap_that_is_not_a_number_is_an_error_on_its_cell(event, run):  # noqa: F811
    code, data, _ = run(event(roster(4), [], [], rules={"spread_cap": "lots"}))
    assert code == 1
    assert [p["code"] for p in data["problems"] if p["severity"] == "error"] == ["setting-invalid"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 700), st.integers(0, 700)), min_size=1, max_size=6), st.integers(1, 400))
def test_a_cap_never_changes_who_won_and_bounds_every_spread(scores, cap):
    games = [Game(r, "a", s1, "b", s2) for r, (s1, s2) in enumerate(scores, start=1)]
    capped = all_outcomes(games, ResultRules(spread_cap=(cap,)))
    plain = all_outcomes(games)
    assert [(o.wins, o.losses) for o in capped] == [(o.wins, o.losses) for o in plain]
    assert all(abs(o.spread) <= cap for o in capped)
    assert sum(o.spread for o in capped) == 0  # still zero-sum


# ---- withdrawn players, shared places, strict ---------------------------------------------------------


def test_withdrawn_player_is_listed_below_the_ranked_players(event, run):  # noqa: F811
    players = roster(4)
    players[0]["withdrawn_after"] = 1  # player 1 won round 1 by 200, then withdrew
    rows = [
        {"round": 1, "player1": "1", "score1": 500, "player2": "2", "score2": 300},
        {"round": 1, "player1": "3", "score1": 400, "player2": "4", "score2": 390},
        {"round": 2, "player1": "2", "score1": 410, "player2": "3", "score2": 400},
    ]
    code, data, _ = run(event(players, [], rows))
    assert listing(data) == [("1", "3", 1, 1, 0), ("2", "2", 1, 1, -190), ("3", "4", 0, 1, -10), ("", "1", 1, 0, 200)]
    assert [r["withdrawn"] for r in data["standings"]["A"]] == [False, False, False, True]


def test_players_equal_on_wins_losses_and_spread_share_the_printed_place(event, run):  # noqa: F811
    # 1 and 3 both 1-0 +50; 2 and 4 both 0-1 -50: rating orders the listing, places are shared.
    rows = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "2", "score2": 350},
        {"round": 1, "player1": "3", "score1": 420, "player2": "4", "score2": 370},
    ]
    code, data, _ = run(event(roster(4), [], rows))
    assert listing(data) == [
        ("1=", "1", 1, 0, 50),
        ("1=", "3", 1, 0, 50),
        ("3=", "2", 0, 1, -50),
        ("3=", "4", 0, 1, -50),
    ]
    assert [r["rank"] for r in data["standings"]["A"]] == [1, 2, 3, 4]  # position in the listing
    code, data, _ = run(event(roster(4), [], rows, name="strict.xlsx", rules={"ranks": "strict"}))
    assert [r["place"] for r in data["standings"]["A"]] == ["1", "2", "3", "4"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-60, 60)), min_size=1, max_size=12))
def test_shared_places_depend_on_wins_losses_and_spread_only(recs):
    from ttools.competitions.scrabble.standings import STANDINGS_KEYS, Record
    from ttools.core.draw import Draw
    from ttools.core.standings import rank

    players = [Player(str(i), rating=1000 - i % 3) for i in range(len(recs))]
    ranked = rank(
        [Record(p, Fraction(w), Fraction(3 - w), s) for p, (w, s) in zip(players, recs)],
        STANDINGS_KEYS,
        lot=Draw("seed", "lot"),
        label=lambda r: r.player.id,
    )
    shown = places(ranked)
    for x, place in zip(ranked, shown):
        better = sum(1 for y in ranked if (y.item.wins, y.item.spread) > (x.item.wins, x.item.spread))
        equal = sum(1 for y in ranked if (y.item.wins, y.item.spread) == (x.item.wins, x.item.spread))
        assert place == f"{better + 1}" + ("=" if equal > 1 else "")


# ---- who started ------------------------------------------------------------------------------------------


def test_p12_three_and_four_stay_unknown_and_do_not_count_as_starts():
    # Round 1: p12 3 (must draw); round 2: p12 4 (drew); round 3: no p12 at all on that line.
    text = "Ann        1500 2 2 0; 400 410 50; p12 3 4 0\nBob        1400 1 1 0; 380 390 50; p12 3 4 0\n"
    div = import_t(text)
    assert [g.first for g in div.games if g.player2] == [None, None]
    rec = records(div.players, all_outcomes(div.games))
    assert (rec["1"].firsts, rec["1"].seconds, rec["2"].firsts) == (0, 0, 0)
    # written back as imported, 3 and 4 apart, while nothing on the lines changed
    assert export_t(div.players, div.games) == text
    # written by ttools from the games alone, no starter is invented: no p12 1/2, so no p12
    assert "p12" not in export_t([replace(p, tsh_line="") for p in div.players], div.games)


def test_balancing_starts_counts_known_starts_only(event, run):  # noqa: F811
    # Round 1: 1 started v 2 (known). Round 2: 2 v 1 with who started unknown ("?").
    # Known starts: 1 has one, 2 none; so in round 3 (KotH pairs 1 v 2 again) player 2 starts.
    # Taking the unknown as "player1 started" would make it 1-1 and leave it to a draw.
    rounds = [{"round": 3, "method": "koth"}]
    rows = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "2", "score2": 300},
        {"round": 2, "player1": "2", "score1": 300, "player2": "1", "score2": 410, "first": "?"},
    ]
    code, data, _ = run(event(roster(2), rounds, rows))
    assert code == 0
    assert pairs(data) == [(1, "2", "1")]


def test_round_trip_keeps_known_p12_only():
    text = "Ann        1500 2 2; 400 410; p12 1 3\nBob        1400 1 1; 380 390; p12 2 3\n"
    div = import_t(text)
    assert export_t(div.players, div.games) == text  # the lines kept as imported
    # written by ttools from the games alone: the unknown start is 4 (TSH's "drew")
    again = export_t([replace(p, tsh_line="") for p in div.players], div.games)
    assert again.splitlines()[0].endswith("; p12 1 4")
    assert import_t(again).games == div.games
    # a line that changed keeps the imported 3 on the game whose starter is still unknown
    later = div.games + (Game(3, "1", 50),)
    assert export_t(div.players, later).splitlines()[0] == "Ann                     1500 2 2 0; 400 410 50; p12 1 3 0"


def test_check_keeps_a_half_entered_slip_for_export():
    check = check_games([Game(1, "a", 400, "b", None)])
    assert [p.code for p in check.problems] == ["slip-score-missing"]
    assert check.games == [] and [(g.score1, g.score2) for g in check.half] == [(400, None)]
