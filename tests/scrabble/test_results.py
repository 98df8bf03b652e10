"""Result slips: what each slip means, and the checks on a round's slips."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.scrabble.results import (
    BYE,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    GAME,
    Game,
    ResultRules,
    check_games,
    outcomes,
    overtime_penalty,
)
from ttools.problems import ERROR, WARNING, Where

PLAYERS = {"a", "b", "c", "d", "e"}


def codes(check):
    return sorted((p.severity, p.code) for p in check.problems)


def test_overtime_costs_ten_points_per_started_minute():
    assert overtime_penalty(0) == 0
    assert overtime_penalty(1) == 10
    assert overtime_penalty(Fraction(5, 2)) == 30  # 不足 1 分鐘作 1 分鐘計
    assert overtime_penalty(3, ResultRules(overtime_penalty=5)) == 15


def test_overtime_penalty_can_turn_a_win_into_a_loss():
    a, b = outcomes(Game(1, "a", 400, "b", 385, overtime1=2))
    assert (a.score, b.score, a.spread, a.penalty) == (380, 385, -5, 20)
    assert (a.wins, a.losses, b.wins, b.losses) == (0, 1, 1, 0)


def test_a_tie_is_half_a_win_each():
    a, b = outcomes(Game(1, "a", 377, "b", 377))
    assert a.wins == a.losses == b.wins == b.losses == Fraction(1, 2)
    assert a.kind == GAME and a.spread == 0


def test_forfeit_gives_the_present_player_the_forfeit_spread():
    absent, present = outcomes(Game(3, "a", None, "b", None, forfeit=1))
    assert (absent.player, absent.kind, absent.spread, absent.losses) == ("a", FORFEIT_LOSS, -100, 1)
    assert (present.player, present.kind, present.spread, present.wins) == ("b", FORFEIT_WIN, 100, 1)
    absent, present = outcomes(Game(3, "a", None, "b", None, forfeit=2), ResultRules(forfeit_spread=75))
    assert (absent.player, absent.spread, present.player, present.spread) == ("b", -75, "a", 75)


def test_bye_wins_by_the_bye_spread():
    (o,) = outcomes(Game(2, "e"))
    assert (o.kind, o.spread, o.wins, o.losses, o.opponent) == (BYE, 50, 1, 0, None)
    (o,) = outcomes(Game(2, "e"), ResultRules(bye_spread=100))
    assert o.spread == 100


def test_lone_forfeit_and_missed_game():
    (o,) = outcomes(Game(2, "e", forfeit=1))
    assert (o.kind, o.spread, o.wins, o.losses) == (FORFEIT_LOSS, -100, 0, 1)
    (o,) = outcomes(Game(2, "e", 0))  # a zero-spread bye: neither win nor loss (as in TSH)
    assert (o.kind, o.spread, o.wins, o.losses) == (BYE, 0, 0, 0)


def test_who_started_is_carried_to_both_players():
    a, b = outcomes(Game(1, "a", 400, "b", 300, first=2))
    assert (a.first, b.first) == (False, True)
    a, b = outcomes(Game(1, "a", 400, "b", 300))
    assert (a.first, b.first) == (None, None)


def test_clean_round_passes_and_pending_pairings_are_kept_apart():
    check = check_games(
        [Game(1, "a", 400, "b", -5), Game(1, "c", None, "d", None), Game(1, "e")],
        players=PLAYERS,
    )
    assert check.problems == []
    assert [g.players for g in check.games] == [("a", "b"), ("e",)]
    assert [g.players for g in check.pending] == [("c", "d")]


def test_scores_must_be_whole_numbers_and_both_present():
    where = Where("Results", "C5")
    check = check_games(
        [
            Game(1, "a", "four hundred", "b", 300, where={"score1": where}),  # type: ignore[arg-type]
            Game(1, "c", 401.5, "d", 300),  # type: ignore[arg-type]
            Game(2, "a", 400, "c", None),
            Game(2, "b", 400.0, "d", Fraction(300)),  # type: ignore[arg-type]
        ],
        players=PLAYERS,
    )
    assert codes(check) == [
        (ERROR, "slip-score-missing"),
        (ERROR, "slip-score-not-integer"),
        (ERROR, "slip-score-not-integer"),
    ]
    assert check.problems[0].where == where
    assert [(g.score1, g.score2) for g in check.games] == [(400, 300)]
    assert all(type(s) is int for g in check.games for s in (g.score1, g.score2))


def test_slip_field_errors():
    check = check_games(
        [
            Game(0, "a", 1, "b", 2),
            Game(1, "", 1, "b", 2),
            Game(1, "a", 1, "zz", 2),
            Game(1, "c", 1, "c", 2),
            Game(1, "d", 1, "e", 2, forfeit=3),
            Game(2, "e", forfeit=2),
            Game(2, "a", 1, "b", 2, first=3),
            Game(2, "c", 1, "d", 2, overtime1=-1),
        ],
        players=PLAYERS,
    )
    assert codes(check) == sorted(
        [
            (ERROR, "slip-round-invalid"),
            (ERROR, "slip-player-missing"),
            (ERROR, "slip-player-unknown"),
            (ERROR, "slip-self-pairing"),
            (ERROR, "slip-forfeit-invalid"),
            (ERROR, "slip-forfeit-invalid"),
            (ERROR, "slip-first-invalid"),
            (ERROR, "slip-overtime-invalid"),
        ]
    )
    assert check.games == []


def test_overtime_over_ten_minutes_and_implausible_scores_are_warnings():
    check = check_games([Game(1, "a", 1200, "b", 300, overtime2=11), Game(1, "e", 75)], players=PLAYERS)
    assert codes(check) == [
        (WARNING, "slip-bye-spread"),
        (WARNING, "slip-overtime-over-limit"),
        (WARNING, "slip-score-implausible"),
    ]
    assert len(check.games) == 2


def test_two_slips_for_one_game_must_agree():
    same = check_games([Game(1, "a", 400, "b", 300, first=1), Game(1, "b", 300, "a", 400, first=2)])
    assert same.problems == [] and len(same.games) == 1
    differ = check_games([Game(1, "a", 400, "b", 300), Game(1, "b", 310, "a", 400), Game(1, "c", 1, "d", 2)])
    assert codes(differ) == [(ERROR, "slip-disagree")]
    assert [g.players for g in differ.games] == [("c", "d")]
    forfeit = check_games([Game(1, "a", None, "b", None, forfeit=1), Game(1, "b", None, "a", None, forfeit=2)])
    assert forfeit.problems == [] and len(forfeit.games) == 1


def test_a_player_twice_in_a_round_is_refused():
    check = check_games(
        [
            Game(1, "a", 400, "b", 300),
            Game(1, "a", 350, "c", 360),
            Game(1, "d", 1, "e", 2),
            Game(1, "a", None, "d", None),
        ]
    )
    assert codes(check) == [(ERROR, "slip-player-twice")] * 2
    assert [g.players for g in check.games] == [("d", "e")]


def test_a_game_off_the_published_pairing_is_flagged_as_a_change():
    published = {1: [("a", "b"), ("c", "d"), ("e", None)], 2: [("a", "c")]}
    check = check_games(
        [Game(1, "b", 300, "a", 400), Game(1, "c", 1, "e", 2), Game(1, "d"), Game(3, "a", 1, "e", 2)],
        published=published,
    )
    assert codes(check) == [(WARNING, "slip-pairing-changed")] * 2
    assert len(check.games) == 4


@settings(max_examples=60, deadline=None)
@given(st.integers(-50, 700), st.integers(-50, 700), st.integers(0, 12), st.integers(0, 12))
def test_spreads_of_a_game_cancel_out(s1, s2, ot1, ot2):
    a, b = outcomes(Game(1, "a", s1, "b", s2, ot1, ot2))
    assert a.spread == -b.spread == (s1 - 10 * ot1) - (s2 - 10 * ot2)
    assert a.wins + b.wins == 1 and a.wins == b.losses
