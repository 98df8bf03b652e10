"""A generated three-division event, from `ttools new` to round 12, each division with its own plan.

Division A: Australian Draw paired from two rounds back (a lag, as TSH's ``autopair`` with a based-on
round of R-2), King of the Hill in the last round. Division B: a round robin (13 players: one cycle of
13 rounds, 12 of them played). Division C: InitFontes for rounds 1-3 (TSH's ``InitFontes 3``: groups
of 4 by seed), then Swiss, with Gibsonization on (TSH's ``config gibson``).

``Scenario`` builds the workbook, enters every open result through the output workbook, round by
round, and keeps each run's JSON summary; tests of later features (prizes, ratings) can reuse it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

ROUNDS = 12
SIZES = {"A": 10, "B": 13, "C": 12}


def plan() -> list[dict[str, Any]]:
    """The Rounds rows: one plan per division."""
    rows: list[dict[str, Any]] = []
    for r in range(1, ROUNDS + 1):
        if r < ROUNDS:
            rows.append({"round": r, "method": "ad", "based_on": max(r - 2, 0), "division": "A"})
        else:
            rows.append({"round": r, "method": "koth", "based_on": r - 1, "division": "A"})
        rows.append({"round": r, "method": "rr", "division": "B"})
        rows.append({"round": r, "method": "if" if r <= 3 else "swiss", "division": "C"})
    return rows


def roster() -> list[dict[str, Any]]:
    rows, n = [], 0
    for d, size in SIZES.items():
        for k in range(size):
            n += 1
            rows.append({"id": f"{d}{k + 1}", "name": f"Player {d}{k + 1}", "rating": 2000 - 37 * k, "division": d})
    return rows


def _fill(ws, rows: list[dict[str, Any]]) -> None:
    """Rows under the sheet's headings (English workbook: the headings are the column keys)."""
    columns = {c.value: c.column for c in ws[1] if c.value}
    for i, row in enumerate(rows):
        for key, value in row.items():
            ws.cell(row=i + 2, column=columns[key], value=value)


def _set(ws, key: str, value: Any) -> None:
    for row in ws.iter_rows(min_row=2):
        if row[0].value == key:
            row[2].value = value
            return
    raise KeyError(key)


# The prize table (awarded in this order, one prize each unless eligible says all)
PRIZES = [
    {"prize": "A first", "kind": "place", "division": "A", "value": 1},
    {"prize": "A second", "kind": "place", "division": "A", "value": 2},
    {"prize": "B first", "kind": "place", "division": "B", "value": 1},
    {"prize": "C first", "kind": "place", "division": "C", "value": 1},
    {"prize": "High game", "kind": "high_game"},
    {"prize": "High loss", "kind": "high_loss"},
    {"prize": "High win B", "kind": "high_win", "division": "B"},
    {"prize": "Upset", "kind": "upset", "eligible": "all"},
]

STAR = "C1"  # wins every game, so that division C has a player who clinches first


def score(rnd: int, a: str, b: str, ratings: dict[str, int]) -> tuple[int, int]:
    """A deterministic game: the higher rating usually wins, the star always."""
    rng = random.Random(f"{rnd}/{a}/{b}")
    sa = 330 + ratings[a] // 20 + rng.randrange(0, 120) + (250 if a == STAR else 0)
    sb = 330 + ratings[b] // 20 + rng.randrange(0, 120) + (250 if b == STAR else 0)
    return sa, sb + (1 if sa == sb else 0)


@dataclass
class Scenario:
    """The event as run so far: ``runs`` holds each `ttools run` JSON summary in order."""

    folder: Path
    invoke: Any
    runs: list[dict[str, Any]] = field(default_factory=list)
    ratings: dict[str, int] = field(default_factory=dict)

    def new(self, rules: dict[str, Any] | None = None) -> Path:
        path = self.folder / "event.xlsx"
        result = self.invoke("new", "scrabble", path, "--players", sum(SIZES.values()), "--lang", "en")
        assert result.exit_code == 0, result.output
        wb = load_workbook(path)
        players = roster()
        self.ratings = {p["id"]: p["rating"] for p in players}
        _fill(wb["Players"], players)
        _fill(wb["Rounds"], plan())
        _fill(wb["Prizes"], PRIZES)
        _set(wb["Event"], "seed", "three-divisions")
        _set(wb["Event"], "name", "Three Divisions Open")
        for key, value in {"gibson": 1, **(rules or {})}.items():
            _set(wb["Rules"], key, value)
        wb.save(path)
        return path

    def run(self, path: Path, step: int) -> Path:
        out = self.folder / f"step{step}.xlsx"
        target = self.folder / f"step{step}.json"
        result = self.invoke("run", path, "-o", out, "--json", target)
        assert result.exit_code in (0, 1), result.output
        self.runs.append(json.loads(target.read_text(encoding="utf-8")))
        return out

    def enter_results(self, path: Path) -> Path:
        """Every paired game still without scores gets them (byes keep their pre-filled spread)."""
        wb = load_workbook(path)
        ws = wb["Results"]
        col = {c.value: c.column - 1 for c in ws[1] if c.value}
        for row in ws.iter_rows(min_row=2):
            p1, p2 = row[col["player1"]].value, row[col["player2"]].value
            if p1 and p2 and row[col["score1"]].value in (None, ""):
                s1, s2 = score(int(row[col["round"]].value), str(p1), str(p2), self.ratings)
                row[col["score1"]].value, row[col["score2"]].value = s1, s2
        wb.save(path)
        return path

    def play(self, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """From `ttools new` to the standings after the last round; returns the last summary."""
        path = self.run(self.new(rules), 0)
        for step in range(1, 3 * ROUNDS):
            last = self.runs[-1]
            if all(last["after_round"].get(d) == ROUNDS for d in SIZES):
                break
            path = self.run(self.enter_results(path), step)
        return self.runs[-1]

    def pairings(self, division: str, rnd: int) -> list[dict[str, Any]]:
        """The pairing of ``division``'s round ``rnd`` as the run that made it published it."""
        for summary in self.runs:
            lines = [t for t in summary.get("pairings", {}).get(division, []) if t["round"] == rnd]
            if lines:
                return lines
        raise AssertionError(f"round {rnd} of {division} was never paired")


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Scenario:
    from click.testing import CliRunner

    from ttools.cli import cli

    runner = CliRunner()
    scenario = Scenario(tmp_path_factory.mktemp("three"), lambda *a: runner.invoke(cli, [str(x) for x in a]))
    scenario.play()
    return scenario


def test_every_division_plays_twelve_rounds(played):
    last = played.runs[-1]
    assert last["after_round"] == {d: ROUNDS for d in SIZES}
    assert "pairings" not in last  # nothing past the plan
    for d, size in SIZES.items():
        lines = last["standings"][d]
        assert len(lines) == size
        assert all(x["wins"] + x["losses"] == ROUNDS for x in lines)
    assert not [p for s in played.runs for p in s["problems"] if p["severity"] == "error"]


def test_division_b_is_one_round_robin_cycle_without_a_new_cycle_warning(played):
    """TSH's ``RoundRobin``: 13 players (a bye seat makes 14) meet each other once in 13 rounds, so 12
    rounds never repeat an opponent, and each player has at most one bye."""
    met: list[frozenset] = []
    byes: dict[str, int] = {}
    for r in range(1, ROUNDS + 1):
        for t in played.pairings("B", r):
            if t["second"] is None:
                byes[t["first"]] = byes.get(t["first"], 0) + 1
            else:
                met.append(frozenset((t["first"], t["second"])))
    assert len(met) == len(set(met)) == 12 * 6
    assert len(byes) == 12 and set(byes.values()) == {1}
    assert not [p for s in played.runs for p in s["problems"] if p["code"] == "rr-new-cycle"]


def test_division_c_starts_with_initfontes_groups_of_four(played):
    """TSH's ``InitFontes 3``: the first three rounds are round robins in groups of four, the
    players dealt into the groups by seed (player k into group k mod 3)."""
    seed_order = [f"C{k + 1}" for k in range(SIZES["C"])]  # rating order
    group = {p: k % 3 for k, p in enumerate(seed_order)}
    opponents: dict[str, set[str]] = {p: set() for p in seed_order}
    for r in (1, 2, 3):
        for t in played.pairings("C", r):
            assert group[t["first"]] == group[t["second"]]
            opponents[t["first"]].add(t["second"])
            opponents[t["second"]].add(t["first"])
    assert all(len(o) == 3 for o in opponents.values())


def test_division_a_ends_king_of_the_hill_from_the_standings_after_round_11(played):
    """The last round is KOTH (1 v 2, 3 v 4 …) from the standings after round 11, or with the
    Gibson paired first when one has clinched."""
    after11 = next(s for s in played.runs if s["after_round"]["A"] == 11)
    order = [x["id"] for x in after11["standings"]["A"]]
    lines = played.pairings("A", ROUNDS)
    gibson = [t for t in lines if t.get("gibson")]
    rest = [p for p in order if not any(p in (t["first"], t["second"]) for t in gibson)]
    koth = {frozenset(rest[i : i + 2]) for i in range(0, len(rest), 2)}
    assert {frozenset((t["first"], t["second"])) for t in lines if not t.get("gibson")} == koth


def test_gibsonization_in_division_c(played):
    """TSH's gibson: after round 11 C1 (who wins nearly every game here) cannot be caught with one
    round left, so in round 12 C1 does not meet a contender; the JSON pairing says gibson: true.
    Division C pays first place only (its one place prize), so nobody else can reach a paid place
    and, as TSH's ``PairOneGibson`` picks "the highest ranked among those who have played the
    gibson least often" when the bottom prize band is occupied, C1 plays the best of those."""
    after11 = next(s for s in played.runs if s["after_round"]["C"] == 11)
    lines = after11["standings"]["C"]
    leader, second = lines[0], lines[1]
    assert leader["wins"] - second["wins"] > 1  # more than the one round left can close
    round12 = played.pairings("C", ROUNDS)
    marked = [t for t in round12 if t.get("gibson")]
    assert len(marked) == 1 and leader["id"] in (marked[0]["first"], marked[0]["second"])
    opponent = ({marked[0]["first"], marked[0]["second"]} - {leader["id"]}).pop()
    met = {p: 0 for p in (x["id"] for x in lines[1:])}
    for rnd, a, _, b, _ in _games(played):
        if rnd < ROUNDS and leader["id"] in (a, b):
            met[b if a == leader["id"] else a] += 1
    fewest = min(met.values())
    assert opponent == next(p for p, n in met.items() if n == fewest)
    step = next(i for i, s in enumerate(played.runs) if any(t["round"] == ROUNDS for t in s["pairings"].get("C", [])))
    sheet = load_workbook(played.folder / f"step{step}.xlsx")["Pairings"]
    notes = [v for row in sheet.iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert any(v.startswith("Paid places: 1; the Gibson's opponent") for v in notes)


def _games(played: Scenario) -> list[tuple[int, str, int, str, int]]:
    """Every game of the final output workbook's Results sheet: (round, a, score a, b, score b)."""
    path = played.folder / f"step{len(played.runs) - 1}.xlsx"
    ws = load_workbook(path)["Results"]
    col = {c.value: c.column - 1 for c in ws[1] if c.value}
    out = []
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[col["player2"]] and row[col["score1"]] not in (None, ""):
            out.append(
                (
                    int(row[col["round"]]),
                    str(row[col["player1"]]),
                    int(row[col["score1"]]),
                    str(row[col["player2"]]),
                    int(row[col["score2"]]),
                )
            )
    return out


def test_the_prize_list(played):
    """The prize list, worked out here from the final standings and the Results sheet: place prizes
    to the top of each division's standings (passing down past a player who already has a prize),
    the game prizes to the best score of a player without a prize yet, the upset (eligible: all)
    to the largest rating difference a winner overcame; each prize with the figure that won it."""
    last = played.runs[-1]
    games = _games(played)
    won: set[str] = set()
    expected = []

    def give(prize, division, winners):
        for pid, figure in winners:
            expected.append({"prize": prize, "division": division, "id": pid, "figure": figure})
        won.update(pid for pid, _f in winners)

    for prize, d, place in (("A first", "A", 1), ("A second", "A", 2), ("B first", "B", 1), ("C first", "C", 1)):
        lines = [x for x in last["standings"][d] if not x["withdrawn"]][place - 1 :]
        x = next(x for x in lines if x["id"] not in won)
        same = [y for y in lines if (y["wins"], y["losses"], y["spread"]) == (x["wins"], x["losses"], x["spread"])]
        record = lambda y: f"{y['wins']}–{y['losses']} {y['spread']:+d}"  # noqa: E731 (whole wins here)
        give(prize, d, [(y["id"], record(y)) for y in same if y["id"] not in won])
    scores = [(a, sa, sb) for _r, a, sa, b, sb in games] + [(b, sb, sa) for _r, a, sa, b, sb in games]
    div = {p["id"]: p["division"] for p in roster()}
    for prize, d, keep in (
        ("High game", "", lambda s, o: True),
        ("High loss", "", lambda s, o: s < o),
        ("High win B", "B", lambda s, o: s > o),
    ):
        best: dict[str, int] = {}
        for pid, s, o in scores:
            if pid not in won and keep(s, o) and (not d or div[pid] == d):
                best[pid] = max(best.get(pid, s), s)
        top = max(best.values())
        give(prize, d, [(pid, top) for pid in best if best[pid] == top])
    upsets: dict[str, int] = {}
    r = played.ratings
    for _rnd, a, sa, b, sb in games:
        winner, loser = (a, b) if sa > sb else (b, a)
        if sa != sb and r[loser] > r[winner]:
            upsets[winner] = max(upsets.get(winner, 0), r[loser] - r[winner])
    top = max(upsets.values())  # the scores let a lower rating win now and then
    give("Upset", "", [(pid, top) for pid in upsets if upsets[pid] == top])
    got = [{k: x[k] for k in ("prize", "division", "id", "figure")} for x in last["prizes"]]
    key = lambda x: (x["prize"], x["id"] or "")  # noqa: E731
    assert sorted(got, key=key) == sorted(expected, key=key)
    assert [x["prize"] for x in last["prizes"]][:4] == ["A first", "A second", "B first", "C first"]
    assert all(x["name"] == f"Player {x['id']}" for x in last["prizes"])


def test_the_rating_estimates(played):
    """NASPA estimates (the default where players have ratings), worked out here from the Results
    sheet with the NSA page's formula: expected wins 1 − 1/(1 + exp(0.0031879 × difference)),
    the excess times 20 / 16 / 10 (no career games given: 50 or more assumed), continued at the
    new band's multiplier across 1800 or 2000, and tsh's acceleration bonus (the rise beyond 5
    points a game, again) with 1/20 of it fed back to each opponent; 12 rounds: one segment."""
    import math

    last = played.runs[-1]
    games = _games(played)
    r = played.ratings

    def mult(x):
        return 20 if x < 1800 else 16 if x < 2000 else 10

    def move(x, excess):
        while excess:
            m = mult(x)
            if mult(x + m * excess) == m:
                return x + m * excess
            edge = 1800 if x < 1800 else (2000 if excess > 0 else 1799) if x < 2000 else 1999
            excess -= (edge - x) / m
            x = edge
        return x

    for d in SIZES:
        mine = {p: [] for p in r if p.startswith(d)}
        for _rnd, a, sa, b, sb in games:
            if a in mine:
                mine[a].append((b, 1 if sa > sb else 0.5 if sa == sb else 0))
                mine[b].append((a, 1 if sb > sa else 0.5 if sa == sb else 0))
        new = {}
        for p, g in mine.items():
            excess = sum(w - (1 - 1 / (1 + math.exp(0.0031879 * (r[p] - r[o])))) for o, w in g)
            new[p] = move(r[p], excess)
        feedback = dict.fromkeys(mine, 0.0)
        for p, g in mine.items():
            bonus = new[p] - r[p] - 5 * len(g)
            if bonus > 0:
                new[p] += bonus
                for o, _w in g:
                    feedback[o] += bonus / 20
        want = {p: math.floor(0.5 + new[p] + feedback[p]) for p in mine}
        lines = {x["id"]: x for x in last["ratings"][d]}
        assert {p: lines[p]["new"] for p in mine} == want
        assert all(lines[p]["old"] == r[p] for p in mine)
        for p, g in mine.items():  # the performance rating: expected wins = wins, none when all won
            wins, perf = sum(w for _o, w in g), lines[p]["performance"]
            if wins in (0, len(g)):
                assert perf is None
            else:
                assert abs(sum(1 - 1 / (1 + math.exp(0.0031879 * (perf - r[o]))) for o, _w in g) - wins) < 0.01
