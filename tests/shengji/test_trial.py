"""The five-event trial: five whole events made by `ttools new shengji` (20 players; 22, two
sitting out a round; 37 in Traditional Chinese; 12 fixed pairs in English; 13 fixed pairs, one
sitting out), three rounds played with seeded random slips typed into each run's output
workbook, and after every run each board score, kitty multiplier, matchpoint, rate, Neuberg
adjustment, mean rate, time tie-break, ranking, sit-out and snake seat checked against a
re-computation written here from the rulebook, not by calling the code under test:

- 摳底 (national rules): single ×2, pair or a throw holding one ×4, tractor of k pairs (or a throw
  holding one) ×2^(k+1), a throw of singles ×2; P = captured + kitty × multiplier when the
  defenders won the last trick.
- Bands: P = 0 declarers +3; 5–35 +2; 40–75 +1; 80–115 0; 120–155 −1; 160–195 −2; 200+ −3 (cap 3);
  a side's board score is its net levels.
- 附錄二: each seat against the same seat at the other tables that played the board, 2 per worse
  result, 1 per equal; rate = MP ÷ 2(n − 1), a group of one 50%; Neuberg (the spec's default
  'on') where fewer tables played than were seated: F = (M + 1) × E / A − 1 of 2(E − 1).
- Ranking: the exact mean rate (a pair's boards pooled), then time used — each entrant's single
  longest and shortest board dropped, the rest averaged, less first — then a lot.
- Seating (瑞士移位法): sit-outs the lowest ranked of those who sat out least; ranks 1–4 at table 1
  in N, E, S, W, 5–8 at table 2 in W, S, E, N, …; pairs two a table, the better pair NS on odd
  tables and EW on even ones. A lot orders only what every key leaves equal, so the seating is
  checked up to the order of exactly equal entrants.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from ttools.cli import cli
from ttools.competitions.shengji import schema as S

BOARDS = 6  # the blank workbook's boards per round
ROUNDS_PLAYED = 3
LEADS = ("single", "pair", "tractor2", "tractor3", "throw", "throw-pair", "throw-tractor2")

# name: (players, language, fixed pairs)
EVENTS = {
    "twenty": (20, "zh-Hans", False),
    "twenty-two": (22, "zh-Hans", False),
    "thirty-seven": (37, "zh-Hant", False),
    "twelve-pairs": (24, "en", True),
    "thirteen-pairs": (26, "en", True),
}


# ---- the rulebook, re-computed ---------------------------------------------------------------------


def multiplier(lead: str) -> int:
    pairs = {"single": 0, "pair": 1, "throw": 0, "throw-pair": 1}.get(lead)
    if pairs is None:
        pairs = int(re.search(r"\d+", lead).group())
    return 2 if pairs == 0 else 4 if pairs == 1 else 2 ** (pairs + 1)


def declarers_net(points: int) -> int:
    if points == 0:
        return 3
    for high, net in ((35, 2), (75, 1), (115, 0), (155, -1), (195, -2)):
        if points <= high:
            return net
    return -3


def ns_score(slip: dict) -> tuple[int | None, int]:
    """(multiplier or None, NS net levels) of a slip."""
    mult = multiplier(slip["last_lead"]) if slip.get("last_lead") else None
    points = slip["captured"] + (slip["kitty"] * mult if mult else 0)
    net = declarers_net(points)
    return mult, net if slip["declarer"] == "NS" else -net


def board_rates(scores: list[int], due: int) -> list[tuple[Fraction, Fraction]]:
    """(MP, rate) of each score among ``scores`` on a board seated at ``due`` tables."""
    n = len(scores)
    raw = [2 * sum(o < s for o in scores) + (sum(o == s for o in scores) - 1) for s in scores]
    if n < due:
        top = 2 * (due - 1)
        mps = [Fraction(m + 1) * due / n - 1 for m in raw]
    else:
        top, mps = 2 * (n - 1), [Fraction(m) for m in raw]
    return [(m, Fraction(1, 2) if top == 0 else m / top) for m in mps]


def tie_time(times: list[int]) -> Fraction | None:
    if not times:
        return None
    kept = sorted(times)[1:-1] if len(times) > 2 else times
    return Fraction(sum(kept), len(kept))


def printed(x: Fraction, places: int = 2) -> float:
    """Half up to ``places`` decimals (every value rounded here is 0 or more)."""
    return math.floor(x * 10**places + Fraction(1, 2)) / 10**places


# ---- playing the events ----------------------------------------------------------------------------


def random_slip(rng: random.Random) -> dict:
    if rng.random() < 0.03:
        return {"declarer": "X"}  # a board not played at this table: the others Neuberg-adjusted
    slip = {"declarer": rng.choice(("NS", "EW"))}
    if rng.random() < 0.35:  # the defenders won the last trick
        slip["kitty"] = 5 * rng.randint(0, 8)
        slip["last_lead"] = rng.choice(LEADS)
    slip["captured"] = 5 * rng.randint(0, (200 - slip.get("kitty", 0)) // 5)
    for seat in "nesw":
        slip[f"time_{seat}"] = rng.randint(60, 900)
    return slip


def columns(spec) -> dict[str, int]:
    return {c.key: i + 1 for i, c in enumerate(spec.columns)}


def fill_round(src: Path, dst: Path, lang: str, rnd: int, rng: random.Random) -> dict[tuple[int, int], dict]:
    """The round's waiting Boards rows of ``src`` filled in with random slips, saved as ``dst``."""
    wb = load_workbook(src)
    ws = wb[S.BOARDS.names[lang]]
    col = columns(S.BOARDS)
    slips = {}
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, col["round"]).value != rnd:
            continue
        table, board = ws.cell(row, col["table"]).value, ws.cell(row, col["board"]).value
        slip = random_slip(rng)
        for key, value in slip.items():
            ws.cell(row, col[key]).value = value
        slips[(table, board)] = slip
    wb.save(dst)
    return slips


def new_event(folder: Path, runner: CliRunner, name: str) -> Path:
    players, lang, pairs = EVENTS[name]
    path = folder / f"{name}.xlsx"
    result = runner.invoke(cli, ["new", "shengji", str(path), "--players", str(players), "--lang", lang])
    assert result.exit_code == 0, result.output
    if pairs:  # the pairs format, players 2i−1 and 2i partners as pair Pi
        wb = load_workbook(path)
        event = wb[S.EVENT.names[lang]]
        row = next(r for r in range(2, event.max_row + 1) if event.cell(r, 1).value == "format")
        event.cell(row, 3).value = "pairs"
        roster = wb[S.PLAYERS.names[lang]]
        pair_col = columns(S.PLAYERS)["pair"]
        for r in range(2, players + 2):
            roster.cell(r, pair_col).value = f"P{(roster.cell(r, 1).value + 1) // 2}"
        wb.save(path)
    return path


def run(runner: CliRunner, path: Path, out: Path) -> dict:
    target = out.with_suffix(".json")
    result = runner.invoke(cli, ["run", str(path), "-o", str(out), "--json", str(target)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(target.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=list(EVENTS))
def trial(request, tmp_path_factory):
    """One event played for three rounds: the name, each run's JSON (index r: after round r's
    results, round r + 1 seated) and output path, and the slips typed per round."""
    name = request.param
    lang = EVENTS[name][1]
    folder = tmp_path_factory.mktemp(name)
    runner = CliRunner()
    rng = random.Random(f"trial/{name}")
    path = new_event(folder, runner, name)
    out = folder / "run0.out.xlsx"
    summaries, outs, slips = [run(runner, path, out)], [out], {}
    for rnd in range(1, ROUNDS_PLAYED + 1):
        filled = folder / f"round{rnd}.xlsx"
        slips[rnd] = fill_round(outs[-1], filled, lang, rnd, rng)
        out = folder / f"run{rnd}.out.xlsx"
        summaries.append(run(runner, filled, out))
        outs.append(out)
    return name, summaries, outs, slips


# ---- the checks ------------------------------------------------------------------------------------


def seating_by_round(summary: dict) -> dict[int, dict]:
    """round -> {'tables': {table: {seat: player}}, 'out': [players]}."""
    rounds: dict[int, dict] = defaultdict(lambda: {"tables": defaultdict(dict), "out": []})
    for s in summary["seating"]:
        if s["table"] is None:
            rounds[s["round"]]["out"].append(s["player"])
        else:
            rounds[s["round"]]["tables"][s["table"]][s["seat"]] = s["player"]
    return rounds


def expected_boards(slips: dict, seating: dict, upto: int) -> tuple[dict, dict]:
    """From the slips alone: {(round, board, player): (score, MP, rate)} and, per round and table,
    the multiplier and NS score of each board."""
    boards, steps = {}, {}
    for rnd in range(1, upto + 1):
        tables = seating[rnd]["tables"]
        for board in range(1, BOARDS + 1):
            played = [
                (t, ns_score(slips[rnd][(t, board)]))
                for t in sorted(tables)
                if slips[rnd][(t, board)]["declarer"] != "X"
            ]
            for t, (mult, ns) in played:
                steps[(rnd, t, board)] = (mult, ns)
            for seat in "NESW":
                sign = 1 if seat in "NS" else -1
                scores = [sign * ns for _t, (_m, ns) in played]
                for (t, _), score, (mp, rate) in zip(played, scores, board_rates(scores, len(tables))):
                    boards[(rnd, board, tables[t][seat])] = (score, mp, rate)
    return boards, steps


def entrant_of(name: str, players: list[str]) -> dict[str, str]:
    if not EVENTS[name][2]:
        return {p: p for p in players}
    return {p: f"P{(int(p) + 1) // 2}" for p in players}


def expected_records(name: str, slips: dict, seating: dict, boards: dict, upto: int) -> dict[str, dict]:
    """entrant -> {'rates': [...], 'times': [...]} over the rounds so far (a pair's pooled)."""
    players = [str(i) for i in range(1, EVENTS[name][0] + 1)]
    unit = entrant_of(name, players)
    records = {u: {"rates": [], "times": []} for u in unit.values()}
    for rnd in range(1, upto + 1):
        for t, seats in seating[rnd]["tables"].items():
            for board in range(1, BOARDS + 1):
                slip = slips[rnd][(t, board)]
                if slip["declarer"] == "X":
                    continue
                for seat, p in seats.items():
                    records[unit[p]]["rates"].append(boards[(rnd, board, p)][2])
                    records[unit[p]]["times"].append(slip[f"time_{seat.lower()}"])
    for rec in records.values():
        rec["rate"] = sum(rec["rates"], Fraction(0)) / len(rec["rates"]) if rec["rates"] else None
        rec["time"] = tie_time(rec["times"])
    return records


def rank_key(rec: dict, no_boards: Fraction | None = None) -> tuple:
    rate = rec["rate"] if rec["rate"] is not None else no_boards
    return (rate is None, -(rate or 0), rec["time"] is None, rec["time"] or 0)


def check_round_seating(name: str, seated: dict, records: dict, sat_out: Counter) -> None:
    """A round after the first: the sit-outs, then the snake order non-decreasing in the ranking."""
    pairs = EVENTS[name][2]
    players = [str(i) for i in range(1, EVENTS[name][0] + 1)]
    unit = entrant_of(name, players)
    per_table = 2 if pairs else 4
    key = {u: rank_key(rec, Fraction(1, 2)) for u, rec in records.items()}
    out_units = {unit[p] for p in seated["out"]}
    assert len(out_units) == len(records) % per_table
    for s in out_units:  # who sits out: fewest sit-outs, then the lowest ranked
        for u in set(records) - out_units:
            assert sat_out[s] < sat_out[u] or (sat_out[s] == sat_out[u] and key[s] >= key[u]), (s, u)
    order = []
    for t in sorted(seated["tables"]):
        seats = seated["tables"][t]
        if pairs:
            ns_pair, ew_pair = unit[seats["N"]], unit[seats["E"]]
            assert unit[seats["S"]] == ns_pair and unit[seats["W"]] == ew_pair
            assert int(seats["N"]) < int(seats["S"]) and int(seats["E"]) < int(seats["W"])  # first member N or E
            order += [ns_pair, ew_pair] if t % 2 else [ew_pair, ns_pair]
        else:
            order += [seats[d] for d in ("NESW" if t % 2 else "WSEN")]
    assert sorted(order + sorted(out_units)) == sorted(records)
    keys = [key[u] for u in order]
    assert keys == sorted(keys), "the snake does not follow the ranking"


ROUND_TITLE = re.compile(r"(?:Round |第 )(\d+)(?: 輪| 轮)?")


def scores_sheet_steps(path: Path, lang: str) -> dict[tuple[int, int, int], tuple]:
    """(round, table, board) -> (multiplier cell, NS score, EW score) as the Scores sheet prints them."""
    ws = load_workbook(path, read_only=True)[S.OUTPUTS["Scores"][lang]]
    out, rnd = {}, None
    for row in ws.iter_rows(values_only=True):
        if not row or row[0] is None:
            continue
        title = ROUND_TITLE.fullmatch(row[0]) if isinstance(row[0], str) else None
        if title:  # a round's block begins
            rnd = int(title.group(1))
            continue
        if isinstance(row[0], int) and isinstance(row[1], int) and rnd is not None:
            out[(rnd, row[1], row[0])] = (row[10], row[15], row[16])
    return out


def test_the_five_events_agree_with_the_rulebook_round_by_round(trial):
    name, summaries, outs, slips = trial
    players, lang, pairs = EVENTS[name]
    sat_out: Counter = Counter()
    for upto in range(1, ROUNDS_PLAYED + 1):
        summary = summaries[upto]
        errors = [p for p in summary["problems"] if p["severity"] == "error"]
        assert errors == []
        seating = seating_by_round(summary)
        assert sorted(seating) == list(range(1, upto + 2))  # the rounds played and the next one seated
        boards, steps = expected_boards(slips, seating, upto)
        got = {(b["round"], b["board"], b["player"]): b for b in summary["boards"]}
        assert set(got) == set(boards)
        for k, (score, mp, rate) in boards.items():
            b = got[k]
            assert b["score"] == score, k
            assert b["mp"] == (int(mp) if mp.denominator == 1 else printed(mp)), k
            assert b["rate"] == printed(rate * 100), k
        printed_steps = scores_sheet_steps(outs[upto], lang)
        for k, (mult, ns) in steps.items():
            assert printed_steps[k] == (f"×{mult}" if mult else None, ns, -ns), k
        records = expected_records(name, slips, seating, boards, upto)
        standings = summary["standings"]
        # one place each (a lot parts the exactly equal), those with no board yet sharing the last
        played = sum(1 for rec in records.values() if rec["rate"] is not None)
        assert [s["rank"] for s in standings] == list(range(1, played + 1)) + [played + 1] * (len(records) - played)
        assert sorted(s["id"] for s in standings) == sorted(records)
        for s in standings:
            rec = records[s["id"]]
            if rec["rate"] is None:
                assert s["rate"] is None and s["time"] is None, s
            else:
                assert abs(s["rate"] - float(rec["rate"] * 100)) < 6e-7, s
                assert s["time"] == printed(rec["time"]), s
            if pairs:
                n = int(s["id"][1:])
                assert s["players"] == [str(2 * n - 1), str(2 * n)]
        keys = [rank_key(records[s["id"]]) for s in standings]
        assert keys == sorted(keys), "the ranking does not follow the rate and the time"
        for p in seating[upto]["out"]:  # the sit-outs of the round just played
            sat_out[entrant_of(name, [p])[p]] += 1 if not pairs or int(p) % 2 else 0
        check_round_seating(name, seating[upto + 1], records, sat_out)
        # cards of complete rounds only: 108 a board, every card twice, 25 a hand and 8 in the kitty
        assert {(d["round"]) for d in summary["deals"]} == set(range(1, upto + 1))
        for d in summary["deals"]:
            cards = [c for hand in d["hands"].values() for c in hand] + d["kitty"]
            assert [len(h) for h in d["hands"].values()] == [25] * 4 and len(d["kitty"]) == 8
            assert set(Counter(cards).values()) == {2} and len(cards) == 108


def test_round_one_seats_everyone_once_with_the_sit_outs_due(trial):
    name, summaries, _outs, _slips = trial
    players, _lang, pairs = EVENTS[name]
    first = seating_by_round(summaries[0])[1]
    seated = [p for seats in first["tables"].values() for p in seats.values()]
    assert sorted(seated + first["out"], key=int) == [str(i) for i in range(1, players + 1)]
    assert all(len(seats) == 4 for seats in first["tables"].values())
    assert len(first["out"]) == (players % 4 if not pairs else 2 * ((players // 2) % 2))
    if pairs:
        unit = entrant_of(name, seated)
        for seats in first["tables"].values():
            assert unit[seats["N"]] == unit[seats["S"]] and unit[seats["E"]] == unit[seats["W"]]
    assert "deals" not in summaries[0]  # round 1 seated, not played: no cards yet
