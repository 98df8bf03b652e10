"""A pairing plan per division, InitFontes, Gibsonization and boards, against TSH's semantics."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ttools.competitions.scrabble import boards as BO
from ttools.competitions.scrabble import gibson as GI
from ttools.competitions.scrabble.report import half
from ttools.competitions.scrabble.results import Player
from ttools.competitions.scrabble.standings import Record
from ttools.core import pairing as PA

from .test_workbook import event, pairs, problems, roster, run  # noqa: F401 (fixtures)


def two_divisions() -> list[dict[str, Any]]:
    return roster(6, "A") + [{**p, "id": f"B{p['id']}"} for p in roster(6, "B")]


def test_a_divisions_own_row_wins_over_the_row_for_every_division(event, run):
    """TSH's ``autopair`` lines name their division: division B is a round robin while the row
    for every division (empty division) makes A an Australian Draw."""
    rounds = [{"round": 1, "method": "ad"}, {"round": 1, "method": "rr", "division": "b"}]
    code, data, _ = run(event(two_divisions(), rounds))
    assert code == 0, data["problems"]
    # A: round 1 of an Australian Draw by rating, top half v bottom half
    assert {frozenset(p[1:]) for p in pairs(data, "A")} == {
        frozenset(("1", "4")),
        frozenset(("2", "5")),
        frozenset(("3", "6")),
    }
    # B: the first round of the Berger tables (1-6 2-5 3-4) in rating order
    schedule = PA.round_robin([f"B{i}" for i in range(1, 7)])[0]
    assert {frozenset(p[1:]) for p in pairs(data, "B")} == {frozenset(p) for p in schedule.pairs}


def test_a_round_on_the_row_for_every_division_is_paired_where_the_division_has_none(event, run):
    rounds = [{"round": 1, "method": "random", "division": "A"}, {"round": 1, "method": "koth"}]
    code, data, _ = run(event(two_divisions(), rounds))
    assert code == 0
    # B has no row of its own: King of the Hill, 1 v 2, 3 v 4, 5 v 6, on tables after A's
    assert [(t, frozenset((f, s))) for t, f, s in pairs(data, "B")] == [
        (4, frozenset(("B1", "B2"))),
        (5, frozenset(("B3", "B4"))),
        (6, frozenset(("B5", "B6"))),
    ]


def test_a_round_listed_twice_for_one_division_is_an_error_and_an_unknown_division_a_warning(event, run):
    rounds = [
        {"round": 1, "method": "ad", "division": "A"},
        {"round": 1, "method": "rr", "division": "A"},
        {"round": 1, "method": "rr", "division": "Z"},
    ]
    code, data, _ = run(event(two_divisions(), rounds))
    assert problems(data, "round-duplicate") == [("error", "Rounds", "A3")]
    assert [p[0] for p in problems(data, "round-division-unknown")] == ["warning"]


def test_a_round_robin_that_would_begin_a_second_cycle_says_so(event, run):
    """4 players meet each other in 3 rounds (TSH's ``RoundRobin`` pairs one cycle); a fourth rr
    round starts the schedule again, which the director is told, naming division and round."""
    rounds = [{"round": r, "method": "rr"} for r in range(1, 5)]
    players = roster(4)
    results: list[dict[str, Any]] = []
    for rnd in range(1, 5):
        code, data, _ = run(event(players, rounds, results, name=f"r{rnd}.xlsx"))
        warned = [p for p in data["problems"] if p["code"] == "rr-new-cycle"]
        assert bool(warned) == (rnd == 4)
        for _, f, s in pairs(data):
            results.append({"round": rnd, "player1": f, "score1": 400, "player2": s, "score2": 350})
    assert "division A: round 4 starts cycle 2" in warned[0]["message"]


def liwords_groups(n: int, ntiles: int) -> list[list[int]]:
    """liwords' ``getInitialFontesPairings`` grouping, transcribed line by line from its Go code
    (numberOfNtiles = rounds + 1 is the group size; sizeOfNtiles the number of groups)."""
    size_of = n // ntiles
    remaining = n - size_of * ntiles
    offset = spacing = 0
    if remaining:
        offset, spacing = n // (remaining + 1), n // remaining
    groups: list[list[int]] = [[] for _ in range(size_of)]
    current = 0
    for i in range(n):
        if remaining and i >= offset and (i - offset) % spacing == 0:
            groups[size_of - 1].append(i)
        else:
            groups[current].append(i)
            current = (current + 1) % size_of
    return groups


@pytest.mark.parametrize("n", range(8, 41, 2))
@pytest.mark.parametrize("rounds", [3, 5])
def test_initfontes_groups_agree_with_liwords(n, rounds):
    """TSH's ``InitFontes N``: groups of N+1 players by seed, player k into group k mod G, each
    playing a round robin; the players left over go to the last group as liwords places them."""
    if n // (rounds + 1) < 2:
        return
    expected = liwords_groups(n, rounds + 1)
    if sum(map(len, expected)) == n:  # liwords' own formula places exactly the left-over seats
        assert PA.fontes_groups(n, rounds + 1) == expected
    assert sorted(i for g in PA.fontes_groups(n, rounds + 1) for i in g) == list(range(n))


def test_initfontes_with_an_odd_field_gives_one_bye_a_round(event, run):
    """An odd field: a bye seat below the lowest seed (liwords adds it the same way), so each
    round one player of the bye seat's group has the bye."""
    rounds = [{"round": r, "method": "if"} for r in (1, 2, 3)]
    code, data, _ = run(event(roster(11), rounds))
    assert code == 0, data["problems"]
    lines = pairs(data)
    assert len(lines) == 6 and sum(1 for _, _, s in lines if s is None) == 1
    group = {str(k + 1): k % 3 for k in range(12)}  # seeds 1..11 and the bye seat 12
    assert all(group[f] == group[s] for _, f, s in lines if s is not None)


def rec(pid: str, wins, spread: int) -> Record:
    return Record(Player(pid, pid, 0, "", "A", None, {}), wins, 0, spread)


def test_catching_a_leader_by_wins_and_by_the_spread_still_possible():
    """TSH's gibson (COP's ``CanCatch``): a chaser catches the leader if the gap in wins is below
    the rounds left, or equal to it with the spread gap within twice the largest spread a round."""
    left = GI.Chase(rounds=2, swing=1000)  # two rounds, 250 a game
    assert GI.can_catch(rec("a", 8, 0), rec("b", Fraction(13, 2), 0), left)  # 1.5 behind
    assert not GI.can_catch(rec("a", 8, 0), rec("b", 5, 2000), left)  # 3 behind
    assert GI.can_catch(rec("a", 8, 1000), rec("b", 6, 0), left)  # level on wins, 1000 gained
    assert not GI.can_catch(rec("a", 8, 1001), rec("b", 6, 0), left)
    assert GI.chase([11, 12], lambda r: 300 if r == 12 else None, 500) == GI.Chase(2, 1600)


def test_the_gibson_plays_the_best_player_who_cannot_catch_second_and_has_met_him_least():
    """TSH's Chew pairings: the Gibson's opponent is chosen "only from the candidate opponents who
    have played the Gibson least often", the highest-ranked who cannot cash (here: who cannot
    catch second place), and only when everyone can, the lowest-ranked."""
    records = {p.id: p for p in [rec("g", 10, 900), rec("s", 7, 300), rec("c", 6, 100), rec("x", 5, 0), rec("y", 4, 0)]}
    order = list(records)
    left = GI.Chase(1, 1000)
    assert GI.gibsonized(order, records, left) == "g"
    assert GI.opponent("g", order, records, left, lambda a, b: 0) == "x"  # c can still catch s
    assert GI.opponent("g", order, records, left, lambda a, b: int(b == "x")) == "y"
    assert GI.opponent("g", order, records, GI.Chase(3, 3000), lambda a, b: 0) == "y"  # all contend
    assert GI.gibsonized(order, records, GI.Chase(3, 3000)) is None


def test_reserved_boards_and_stable_top_boards():
    """TSH's reserved boards keep a player at one table; with two stable top tables a pair among
    the top two whose player sat at one of those boards plays there again."""
    pairs_ = [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")]
    assert BO.assign(pairs_, iter([1, 2, 3, 4]), {}) == [1, 2, 3, 4]
    assert BO.assign(pairs_, iter([1, 2, 4, 5]), {"f": 3}) == [1, 2, 3, 4]
    assert BO.assign(pairs_, iter([1, 2, 3, 4]), {}, {"d": 1, "a": 3}, stable=2) == [2, 1, 3, 4]
    assert BO.assign(pairs_, iter([1, 2, 3, 4]), {}, {"d": 1, "a": 3}, stable=0) == [1, 2, 3, 4]


def test_a_reserved_board_is_kept_every_round(event, run):
    players = roster(8)
    players[6]["board"] = 2  # player 7
    rounds = [{"round": 1, "method": "koth"}]
    code, data, _ = run(event(players, rounds))
    assert code == 0, data["problems"]
    tables = {(f, s): t for t, f, s in pairs(data)}
    assert next(t for (f, s), t in tables.items() if "7" in (f, s)) == 2
    assert sorted(tables.values()) == [1, 2, 3, 4]


def test_half_wins_print_as_tsh_prints_them():
    """TSH prints a half win as 5.5 in its standings; the scorecards and pairing sheet say the same."""
    assert half(Fraction(11, 2)) == "5.5" and half(Fraction(1, 2)) == "0.5" and half(Fraction(4)) == "4"


SWISS_HISTORY = [  # 1 and 2 drew in round 1, so after round 2 they are the only players on 1.5 wins
    {"round": 1, "player1": "1", "score1": 400, "player2": "2", "score2": 400},
    {"round": 1, "player1": "3", "score1": 420, "player2": "4", "score2": 380},
    {"round": 1, "player1": "5", "score1": 410, "player2": "6", "score2": 390},
    {"round": 2, "player1": "1", "score1": 450, "player2": "5", "score2": 350},
    {"round": 2, "player1": "2", "score1": 430, "player2": "3", "score2": 370},
    {"round": 2, "player1": "4", "score1": 405, "player2": "6", "score2": 395},
]


def met_before(results: list[dict[str, Any]]) -> dict[frozenset, int]:
    out: dict[frozenset, int] = {}
    for g in results:
        key = frozenset((g["player1"], g["player2"]))
        out[key] = out.get(key, 0) + 1
    return out


@pytest.mark.parametrize("method", ["swiss", "ad"])
@pytest.mark.parametrize("repeats", [0, 1])
def test_swiss_honours_the_repeats_column_as_the_australian_draw_does(event, run, method, repeats):
    """TSH's pairing commands take a ``repeats`` argument ("the number of times players may
    repeat": ``SetupForPairings``' ``repeats``; ``PairGRT``'s filter lets a pair meet while
    ``$p->Repeats($oid) <= $repeats``). After two rounds 1 and 2 are alone on 1.5 wins and met in
    round 1: with no repeat allowed they are kept apart (a repeat-free pairing exists, 1-4 2-5
    3-6), with one allowed they play each other, as the top of the standings should, and the
    sheet reports no repeat; in neither case does a pair meet more often than allowed."""
    rounds = [{"round": r, "method": "random"} for r in (1, 2)] + [{"round": 3, "method": method, "repeats": repeats}]
    code, data, _ = run(event(roster(6), rounds, SWISS_HISTORY))
    assert code == 0, data["problems"]
    met = met_before(SWISS_HISTORY)
    drawn = {frozenset((f, s)) for _, f, s in pairs(data)}
    assert len(drawn) == 3
    assert all(met.get(p, 0) <= repeats for p in drawn)
    assert (frozenset(("1", "2")) in drawn) == (repeats == 1)
    assert not [p for p in data["problems"] if p["code"].startswith("draw-")]


def test_a_swiss_repeat_over_the_allowance_is_kept_to_the_fewest_and_reported(event, run):
    """Two players alone: every Swiss round after the first is a rematch. With one repeat allowed
    round 2 is no repeat at all; round 3 is over the allowance, so it is reported (the fewest
    repeats, as ``australian_draw`` reports it), with both earlier meetings counted."""
    rounds = [{"round": r, "method": "swiss", "repeats": 1} for r in (1, 2, 3)]
    results: list[dict[str, Any]] = []
    for rnd in (1, 2, 3):
        code, data, _ = run(event(roster(2), rounds, results, name=f"r{rnd}.xlsx"))
        assert code == 0, data["problems"]
        repeated = [p for p in data["problems"] if p["code"] == "draw-repeat"]
        assert bool(repeated) == (rnd == 3)
        ((_, f, s),) = pairs(data)
        results.append({"round": rnd, "player1": f, "score1": 400, "player2": s, "score2": 300})
    assert "met 2 time(s) before" in repeated[0]["message"]
    assert [p["code"] for p in data["problems"] if p["code"] == "draw-fewest-repeats"] == ["draw-fewest-repeats"]


def sheet_texts(path) -> list[str]:
    from openpyxl import load_workbook

    wb = load_workbook(path)
    return [str(v) for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for v in row if v]


FIXED_TITLES = {  # (method, lang): what the round-2 title says decides the pairing
    ("rr", "en"): "round robin (round 2 of 3 of cycle 1, fixed at round 1 by rating)",
    ("rr", "zh-Hant"): "（第 1 循環之第 2/3 回合，賽程於第 1 回合依評分排定）",
    ("rr", "zh-Hans"): "（第 1 循环之第 2/3 回合，赛程于第 1 回合依评分排定）",
    ("if", "en"): "InitFontes (round 2 of 3, 2 groups, fixed at round 1 by rating)",
    ("if", "zh-Hant"): "InitFontes 分組循環（第 2/3 回合，2 組，分組於第 1 回合依評分排定）",
    ("if", "zh-Hans"): "InitFontes 分组循环（第 2/3 回合，2 组，分组于第 1 回合依评分排定）",
}


@pytest.mark.parametrize("method, lang", sorted(FIXED_TITLES))
def test_a_fixed_schedule_says_what_decides_its_pairing(event, run, method, lang):
    """TSH's ``RoundRobin`` and ``InitFontes`` pair every round of their schedule when it starts
    (from the standings of its first round): round 2 does not come from the standings after
    round 1, and the pairing sheet's title says which round of the schedule it is and when it was
    fixed, in each language. Round 1's results are chosen so that the standings after it differ
    from the rating order the schedule was fixed in."""
    n = 4 if method == "rr" else 8
    rounds = [{"round": r, "method": method} for r in (1, 2, 3)]
    code, data, _ = run(event(roster(n), rounds, lang=lang, name="r1.xlsx"))
    assert code == 0, data["problems"]
    results = [  # the lower seed wins every game of round 1
        {
            "round": 1,
            "player1": f,
            "score1": 300 if int(f) < int(s) else 450,
            "player2": s,
            "score2": 450 if int(f) < int(s) else 300,
        }
        for _, f, s in pairs(data)
    ]
    code, data, out = run(event(roster(n), rounds, results, lang=lang, name="r2.xlsx"))
    assert code == 0, data["problems"]
    titles = [s for s in sheet_texts(out) if FIXED_TITLES[(method, lang)] in s]
    assert len(titles) == 1
    assert "standings after round 1" not in titles[0] and "回合後排名" not in titles[0]


def test_the_gibson_plays_the_best_player_who_cannot_reach_a_paid_place():
    """TSH's ``PairOneGibson``: "If the bottom prize band (of players who have nothing at stake
    but ratings and pride) is occupied, the victim is the highest ranked among those who have
    played the gibson least often. If not, then it's the lowest ranked overall"; the bottom band
    are the players whose best possible finish is below ``LastPrizeRank`` (the last paid place)."""
    records = {p.id: p for p in [rec("g", 10, 900), rec("s", 7, 300), rec("c", 6, 100), rec("x", 5, 0), rec("y", 4, 0)]}
    order = list(records)
    left = GI.Chase(1, 1000)
    never = lambda a, b: 0  # noqa: E731
    assert GI.opponent("g", order, records, left, never, paid=3) == "y"  # x can still catch c, on place 3
    assert GI.opponent("g", order, records, left, never, paid=1) == "s"  # only first is paid
    assert GI.opponent("g", order, records, left, never, paid=2) == "x"  # as with no place prize
    assert GI.opponent("g", order, records, left, never) == "x"
    assert GI.opponent("g", order, records, left, never, paid=5) == "y"  # everyone can cash: the lowest
    assert GI.opponent("g", order, records, left, lambda a, b: int(b == "y"), paid=3) == "x"  # all left contend
    assert GI.opponent("g", order, records, left, lambda a, b: int(b == "s"), paid=1) == "c"


def test_paid_places_are_the_last_place_prize_of_the_division():
    """TSH's ``LastPrizeRank``: the last entry of the division's prize bands."""
    from ttools.competitions.scrabble.prizes import PrizeSpec

    prizes = [
        PrizeSpec("A1", "place", "A", place=1),
        PrizeSpec("A3", "place", "A", place=3),
        PrizeSpec("B1", "place", "B", place=1),
        PrizeSpec("High game", "high_game", "A"),
        PrizeSpec("Class B", "class", "A", rating_class="B"),
    ]
    assert GI.paid_places(prizes, "A") == 3 and GI.paid_places(prizes, "B") == 1
    assert GI.paid_places(prizes, "C") is None
    assert GI.paid_places([PrizeSpec("1st", "place", "", place=2)], "A") == 2  # one division, no column


def test_a_tied_game_prints_as_5_5_on_the_scorecard_and_in_the_standings(event, run):
    """TSH counts a tie as half a win and half a loss and its standings print such a record as
    5.5 (not ½); the scorecard, the standings sheet and the JSON (a number) say the same: player 1
    wins five games and ties the sixth, so he is 5.5–0.5."""
    from openpyxl import load_workbook

    results = [
        {"round": r, "player1": "1", "score1": 400 if r < 6 else 380, "player2": "2", "score2": 350 if r < 6 else 380}
        for r in range(1, 7)
    ]
    code, data, out = run(event(roster(2), [], results))
    assert code == 0, data["problems"]
    by_id = {x["id"]: x for x in data["standings"]["A"]}
    assert by_id["1"]["wins"] == 5.5 and isinstance(by_id["1"]["wins"], float)
    assert by_id["2"]["wins"] == 0.5 and by_id["2"]["losses"] == 5.5
    wb = load_workbook(out)
    texts = [str(v) for row in wb["Scorecards"].iter_rows(values_only=True) for v in row if v is not None]
    assert any(v.startswith("1 Player 1") and v.endswith("5.5–0.5 +250") for v in texts)  # the card's title
    assert "5.5–0.5 +250" in texts and "4–0 +200" in texts  # the running record after rounds 6 and 4
    assert any(v.startswith("T 380:380") for v in texts)  # the tied game itself
    assert not any("½" in v for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for v in map(str, row))
    standings = wb["Standings"]
    header = next(r for r in standings.iter_rows() if any(c.value == "Wins" for c in r))
    col = next(c.column for c in header if c.value == "Wins")
    cells = [r[col - 1] for r in standings.iter_rows(min_row=header[0].row + 1) if r[1].value in ("1", "2")]
    assert [c.value for c in cells] == [5.5, 0.5]
    assert all(c.number_format in ("General", "0.0", "0.#") for c in cells)  # shown as 5.5, not ½ or 11/2
