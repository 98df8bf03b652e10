"""Rating estimates: NASPA's formula as the NSA page states it, tsh's routines where the page is
silent, and a real division whose ratings tsh computed (tests/data/tsh/jvc56-2023-b/a.t)."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from ttools.competitions.scrabble.ratings import (
    convert_excess,
    estimate,
    expected,
    multiplier,
    performance,
    splits,
)
from ttools.competitions.scrabble.results import Game, Player, ResultRules, all_outcomes
from ttools.competitions.scrabble.tsh import _etc_fields, import_t

A_T = Path(__file__).parents[1] / "data" / "tsh" / "jvc56-2023-b" / "a.t"


def test_expected_wins_as_the_nsa_page_states_them():
    """ "How the NSA Rating System Works": rated 1800 v 1700 expects 0.57903 wins a game; 0.6 wins
    at a difference of 127 points, 0.7 at 266, 0.8 at 435, 0.9 at 689."""
    assert round(expected(1800, 1700), 5) == 0.57903
    for diff, wins in ((127, 0.6), (266, 0.7), (435, 0.8), (689, 0.9)):
        assert round(expected(1500 + diff, 1500), 2) == wins
    assert expected(1500, 1500) == 0.5 and math.isclose(expected(1600, 1700) + expected(1700, 1600), 1)


def test_the_multiplier_table():
    """Pre-event rating 1–1799: 30 with fewer than 50 career games, else 20; 1800–1999: 24 / 16;
    2000 and up: 15 / 10."""
    assert [multiplier(49, r) for r in (1799, 1800, 1999, 2000)] == [30, 24, 24, 15]
    assert [multiplier(50, r) for r in (1799, 1800, 1999, 2000)] == [20, 16, 16, 10]


def test_a_change_crossing_a_band_continues_at_the_new_multiplier():
    """tsh's ConvertExcessToPoints: 1790 with one excess win moves 10 points at 20 a win (half a
    win) to 1800, the other half at 16: 1808, not 1810."""
    assert convert_excess(1790, 100, 1.0) == 1808
    assert convert_excess(1700, 100, 1.0) == 1720  # within the band
    assert convert_excess(2005, 100, -1.0) == pytest.approx(1999 - (1 - 6 / 10) * 16)  # 2005 → 1999, then at 16


def _one_game(r1: int, r2: int, system: str, games=(100, 100)):
    a = Player("A", rating=r1, career_games=games[0])
    b = Player("B", rating=r2, career_games=games[1])
    outs = all_outcomes([Game(1, "A", 350, "B", 400)], ResultRules())
    return {e.player.id: e for e in estimate([a, b], outs, system, 1)}


def test_one_upset_by_hand():
    """1600 beats 1700 (both 50+ career games). Expected 0.42097, so the excess is 0.57903 and the
    change 20 × 0.57903 = 11.58. A rise of more than 5 points a game earns the surplus again
    (tsh's CalculateAccelerationBonus: 11.58 − 5 = 6.58) and the opponent gets 1/20 of it as
    feedback (0.33): 1600 + 11.58 + 6.58 = 1618.16 → 1618; 1700 − 11.58 + 0.33 = 1688.75 → 1689.
    A local club tournament moves a third (3.86), no bonus: 1604 and 1696."""
    e = _one_game(1700, 1600, "naspa")
    change = 20 * (1 - expected(1600, 1700))
    bonus = change - 5
    assert (
        (e["B"].new, e["A"].new)
        == (
            math.floor(0.5 + 1600 + change + bonus),
            math.floor(0.5 + 1700 - change + bonus / 20),
        )
        == (1618, 1689)
    )
    assert round(e["B"].expected, 5) == 0.42097 and e["B"].wins == 1 and e["B"].performance is None
    lct = _one_game(1700, 1600, "naspa-lct")
    assert (lct["B"].new, lct["A"].new) == (1604, 1696)


def test_career_games_not_given_are_taken_as_fifty_or_more():
    assert _one_game(1700, 1600, "naspa", games=(None, None))["B"].new == 1618
    few = _one_game(1700, 1600, "naspa", games=(10, 10))["B"]  # 30 a win: 17.37, bonus 12.37
    assert few.new == math.floor(0.5 + 1600 + 2 * 30 * (1 - expected(1600, 1700)) - 5) == 1630


def test_performance_rating_by_bisection():
    assert performance(1, [1500, 1700]) == 1600  # one of two against ratings symmetric about 1600
    assert performance(2, [1500, 1700]) is None and performance(0, [1500]) is None
    p = performance(3.5, [1400, 1500, 1600, 1700, 1800])
    assert abs(sum(expected(p, o) for o in (1400, 1500, 1600, 1700, 1800)) - 3.5) < 0.01


def test_long_events_are_rated_in_segments():
    """tsh's MakeSplits: up to 16 rounds one segment, up to 35 two, else three."""
    assert splits(16) == [(1, 16)]
    assert splits(17) == [(1, 9), (10, 17)]
    assert splits(23) == [(1, 12), (13, 23)]
    assert splits(36) == [(1, 12), (13, 24), (25, 36)]


def test_an_unrated_player_gets_their_performance_rating():
    """tsh's RateNewcomersCorrectly: a newcomer's rating is the rating whose expected wins against
    the opponents equal the wins (all won: 95 % taken), at least 500, at most the best rated
    opponent's rating + 400 × the win ratio."""
    players = [Player("N"), Player("X", rating=1500), Player("Y", rating=1700)]
    games = [Game(1, "N", 400, "X", 300), Game(2, "N", 300, "Y", 400)]
    e = {x.player.id: x for x in estimate(players, all_outcomes(games, ResultRules()), "naspa", 2)}
    assert e["N"].old is None and abs(e["N"].new - 1600) <= 1 and e["N"].performance == 1600


def _a_t():
    text = A_T.read_text()
    div = import_t(text, "a.t", "A")
    etc = [_etc_fields(line.split(";", 2)[2]) for line in text.splitlines() if line.strip()]
    players = [dataclasses.replace(p, career_games=int(e["lifeg"][0])) for p, e in zip(div.players, etc)]
    outcomes = all_outcomes([g for g in div.games if not g.pending], ResultRules())
    return players, outcomes, [[int(x) for x in e["newr"]] for e in etc]


# Measured: after each of rounds 1–9, the players whose estimate differs from the rating tsh stored.
DIFFERENT = {1: {"1", "21"}, 4: {"1", "3", "11", "16", "17", "21"}}
DIFFERENT.update({r: {"1", "3", "16", "17", "21"} for r in (2, 3, 5, 6, 7, 8, 9)})


def test_estimates_agree_with_the_ratings_tsh_computed():
    """a.t keeps, for each player, the rating tsh computed after every round (``newr``) and the
    career games it used (``lifeg``, here the ``games`` input). Recomputed from the file after
    each round r with the event's 23 rounds planned (two segments, as tsh's MakeSplits):

    - rounds 1–9: 19 of 24 agree exactly (22 after round 1). The rest are the players of three
      games the file holds differently from what tsh rated at the time: Logan's rounds 1 and 2
      (scored 200, a placeholder: tsh's rating after round 1 went up by 1 against a 1436 player,
      so the loss was not in it), against Ten Den (21) and Nwabor (16); and Keller (3) v Kang
      (17) in round 2 (490–486 now, yet tsh lowered Keller's rating). After round 4 MacAulay (11)
      differs by one point as well (the rounding of an x.5).
    - from round 10 on the stored values drift from any recomputation of the file as it now
      stands (Anikoh, 12, by 36–42 points from round 10 on), and only 4–10 agree: games were
      entered or corrected after tsh stored those ratings, so those rounds are not claimed.

    The acceleration bonus and its feedback are tsh's: without them (the page's excess ×
    multiplier alone) only 12 agree after round 1."""
    players, outcomes, newr = _a_t()
    ids = [p.id for p in players]
    for r, different in DIFFERENT.items():
        est = estimate(players, [o for o in outcomes if o.round <= r], "naspa", 23)
        assert {e.player.id for e, tsh in zip(est, newr) if e.new != tsh[r - 1]} == different, r
    plain = 0  # the page's formula alone, computed here: rating + multiplier × (wins − expected)
    by = {p.id: p for p in players}
    for p, tsh in zip(players, newr):
        mine = [o for o in outcomes if o.round == 1 and o.player == p.id and o.opponent in by]
        excess = sum(float(o.wins) - expected(p.rating, by[o.opponent].rating) for o in mine)
        plain += math.floor(0.5 + p.rating + multiplier(p.career_games, p.rating) * excess) == tsh[0]
    assert plain == 12 and len(ids) == 24
