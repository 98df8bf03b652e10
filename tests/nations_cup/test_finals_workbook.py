"""Day 3 through the workbook: the 12-team sample played to its final standings, the 11-team
sample's round 1 draw, and broken copies whose problems name the sheet and cell to fix."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner

from ttools.cli import cli
from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.pipeline import process_file

from tests.nations_cup.sample_generator import SAMPLES, gen

SAMPLE_12 = SAMPLES / "nations-cup-12.xlsx"
SAMPLE_11 = SAMPLES / "nations-cup-11-finals.xlsx"

# The finals scoring of the spec (Day 3), written out here on its own
HU_WIN = 4  # 單挑賽每勝 4 分
SNG_POINTS = {1: 6, 2: 3, 3: 1, 4: 0}  # 單桌錦標賽名次分 (default)
BONUS = {1: 3, 2: 2, 3: 1, 4: 0}  # 資格賽名次加分 (default)
QUALIFIED_12 = ("C", "E", "D", "L")  # 附件六: C 1st … L 4th


def table_cells(path: Path, spec, lang: str) -> list[tuple[dict[str, Any], dict[str, str]]]:
    """Each filled row of an input sheet as written: (value by column key, A1 address by column key)."""
    ws = openpyxl.load_workbook(path)[spec.name(lang)]
    labels = [c.label(lang) for c in spec.columns]
    header = next(r for r in ws.iter_rows() if [c.value for c in r[: len(labels)]] == labels)
    out = []
    for row in ws.iter_rows(min_row=header[0].row + 1, max_col=len(labels)):
        values = {c.key: row[j].value for j, c in enumerate(spec.columns)}
        if all(v in (None, "") for v in values.values()):
            continue
        out.append((values, {c.key: row[j].coordinate for j, c in enumerate(spec.columns)}))
    return out


def write_12(path: Path, sheets: dict[str, list[dict[str, Any]]]) -> Path:
    write_input_workbook(str(path), 12, sheets, event={"name": gen.NAME_12, "seed": gen.SEED_12}, lang="zh-Hant")
    return path


def check_json(path: Path, tmp_path: Path) -> tuple[int, dict]:
    """``ttools check FILE --json …`` in-process: (exit code, the JSON summary)."""
    target = tmp_path / "check.json"
    result = CliRunner().invoke(cli, ["check", str(path), "--json", str(target)])
    return result.exit_code, json.loads(target.read_text(encoding="utf-8"))


def problems_with(out: dict, code: str) -> list[dict]:
    return [p for p in out["problems"] if p["code"] == code]


def hu_entries(draw: list[dict], rnd: int) -> list[dict]:
    return [e for e in draw if e["round"] == rnd and e["kind"] == "hu"]


def sng_entries(draw: list[dict], rnd: int) -> list[dict]:
    return [e for e in draw if e["round"] == rnd and e["kind"] == "sng"]


@pytest.fixture(scope="module")
def out12() -> dict:
    return process_file(str(SAMPLE_12)).json()


@pytest.fixture(scope="module")
def out11() -> dict:
    return process_file(str(SAMPLE_11)).json()


# ---- the 12-team sample: roster to final standings --------------------------------------------------


def test_12_team_line_ups_keep_the_3_appearance_rule():
    sheets = gen.sample_12()
    roster = Counter(r["team"] for r in sheets["FinalsRoster"])
    assert roster == {t: 6 for t in QUALIFIED_12}
    games: dict[str, Counter] = {r["player"]: Counter() for r in sheets["FinalsRoster"]}
    per_round = Counter((r["round"], r["team"], r["kind"]) for r in sheets["FinalsLineups"])
    assert per_round == {(rnd, t, k): 3 for rnd in (1, 2, 3) for t in QUALIFIED_12 for k in ("hu", "sng")}
    for r in sheets["FinalsLineups"]:
        games[r["player"]][r["kind"]] += 1
    # 每名選手固定出賽 3 場，單挑賽及單桌錦標賽至少各 1 場
    assert all(sum(c.values()) == 3 and c["hu"] >= 1 and c["sng"] >= 1 for c in games.values())
    for t in QUALIFIED_12:
        shape = Counter((c["hu"], c["sng"]) for p, c in games.items() if p[0] == t)
        assert shape == {(2, 1): 3, (1, 2): 3}


def test_12_team_sample_runs_to_complete_final_standings(out12):
    assert [p["code"] for p in out12["problems"]] == ["bounty-count-disagrees"]  # the qualification's one warning
    assert out12["finals"]["complete"] is True
    assert [r["team"] for r in out12["qualification"]["standings"][:4]] == list(QUALIFIED_12)
    draw = out12["finals"]["draw"]
    assert [len(hu_entries(draw, r)) for r in (1, 2, 3)] == [6, 6, 6]
    assert [len(sng_entries(draw, r)) for r in (1, 2, 3)] == [12, 12, 12]


def test_12_team_results_are_entered_against_the_draw(out12):
    sheets = gen.sample_12()
    drawn_hu = {(e["round"], e["table"], frozenset(e["players"])) for e in out12["finals"]["draw"] if e["kind"] == "hu"}
    entered_hu = {(r["round"], r["table"], frozenset((r["a"], r["b"]))) for r in sheets["FinalsHU"]}
    assert entered_hu == drawn_hu
    assert all(r["winner"] in (r["a"], r["b"]) for r in sheets["FinalsHU"])
    drawn_sng = {
        (e["round"], e["table"], e["seat"], e["players"][0]) for e in out12["finals"]["draw"] if e["kind"] == "sng"
    }
    assert {(r["round"], r["table"], r["seat"], r["player"]) for r in sheets["FinalsSNG"]} == drawn_sng
    places = Counter()
    for r in sheets["FinalsSNG"]:
        places[r["round"], r["table"]] += 1 << r["place"]
    assert set(places.values()) == {2 + 4 + 8 + 16}  # places 1–4 once at every table


def expected_final_standings(sheets: dict[str, list[dict]], qualified: tuple[str, ...]) -> list[dict]:
    """Totals counted from the sheet rows; order: total, then SNG total, then HU total (八(二))."""
    hu, sng = Counter(), Counter()
    for r in sheets["FinalsHU"]:
        hu[r["winner"][0]] += HU_WIN
    for r in sheets["FinalsSNG"]:
        sng[r["player"][0]] += SNG_POINTS[r["place"]]
    rows = [
        {"team": t, "hu": hu[t], "sng": sng[t], "bonus": BONUS[q], "total": hu[t] + sng[t] + BONUS[q]}
        for q, t in enumerate(qualified, start=1)
    ]
    rows.sort(key=lambda r: (-r["total"], -r["sng"], -r["hu"]))
    return [{"rank": i, **r} for i, r in enumerate(rows, start=1)]


def test_12_team_final_standings_add_up_from_the_sheets(out12):
    expected = expected_final_standings(gen.sample_12(), QUALIFIED_12)
    assert out12["finals"]["standings"] == expected
    assert expected[0]["total"] > expected[1]["total"]  # one champion
    # every HU match gives 4 points and every SNG table 6 + 3 + 1 + 0
    assert sum(r["hu"] for r in expected) == 3 * 6 * HU_WIN
    assert sum(r["sng"] for r in expected) == 3 * 3 * sum(SNG_POINTS.values())
    assert sum(r["bonus"] for r in expected) == sum(BONUS.values())


def test_12_team_tie_on_total_is_parted_by_sng_before_hu(out12, tmp_path):
    rows = out12["finals"]["standings"]
    tied = [(a, b) for a, b in zip(rows, rows[1:]) if a["total"] == b["total"]]
    assert len(tied) == 1
    above, below = tied[0]
    assert above["sng"] > below["sng"] and above["hu"] < below["hu"]  # SNG decides, although HU says otherwise
    outcome = process_file(str(SAMPLE_12))
    target = tmp_path / "out.xlsx"
    outcome.writer(str(target))
    ws = openpyxl.load_workbook(target)[S.OUTPUTS["FinalStandings"]["zh-Hant"]]
    lines = list(ws.iter_rows(values_only=True))
    assert any(row[:1] == ("最終成績",) for row in lines)
    by_team = {row[1]: row for row in lines if row[0] in (1, 2, 3, 4) and row[1] in QUALIFIED_12}
    assert by_team[below["team"]][2] == {"C": "中華台北", "D": "香港", "E": "菲律賓", "L": "蒙古"}[below["team"]]
    assert by_team[below["team"]][8] == "單桌總分"
    assert by_team[above["team"]][8] in (None, "")


def test_ttools_run_writes_the_final_standings_sheet(tmp_path):
    target, summary = tmp_path / "final.xlsx", tmp_path / "final.json"
    result = CliRunner().invoke(cli, ["run", str(SAMPLE_12), "-o", str(target), "--json", str(summary)])
    assert result.exit_code == 0, result.output
    names = openpyxl.load_workbook(target).sheetnames
    assert S.OUTPUTS["FinalsDraw"]["zh-Hant"] in names and S.OUTPUTS["FinalStandings"]["zh-Hant"] in names
    assert json.loads(summary.read_text(encoding="utf-8"))["finals"]["complete"] is True


# ---- the 11-team sample: the round 1 draw ------------------------------------------------------------


def test_11_team_sample_reaches_the_round_1_draw(out11):
    assert out11["problems"] == []
    finalists = [r["team"] for r in out11["qualification"]["standings"] if r["advances"]]
    sheets = gen.sample_11_finals()
    assert sorted({r["team"] for r in sheets["FinalsRoster"]}) == sorted(finalists)
    assert {e["round"] for e in out11["finals"]["draw"]} == {1}
    assert len(hu_entries(out11["finals"]["draw"], 1)) == 6
    assert len(sng_entries(out11["finals"]["draw"], 1)) == 12


def test_11_team_hu_draw_is_a_single_round_robin_on_two_tables(out11):
    sheets = gen.sample_11_finals()
    hu_players = {r["player"] for r in sheets["FinalsLineups"] if r["kind"] == "hu"}
    teams = sorted({r["team"] for r in sheets["FinalsLineups"]})
    matches = hu_entries(out11["finals"]["draw"], 1)
    played = [p for m in matches for p in m["players"]]
    assert sorted(played) == sorted(hu_players)  # each HU player once
    assert all(a[0] != b[0] for a, b in (m["players"] for m in matches))
    meets = sorted(tuple(sorted(p[0] for p in m["players"])) for m in matches)
    assert meets == sorted(combinations(teams, 2))  # each team's 3 meet the 3 other teams
    assert Counter(m["table"] for m in matches) == {1: 3, 2: 3}


def test_11_team_sng_draw_seats_one_player_of_each_team_per_table(out11):
    sheets = gen.sample_11_finals()
    sng_players = {r["player"] for r in sheets["FinalsLineups"] if r["kind"] == "sng"}
    teams = sorted({r["team"] for r in sheets["FinalsLineups"]})
    seats = sng_entries(out11["finals"]["draw"], 1)
    assert sorted(s["players"][0] for s in seats) == sorted(sng_players)
    for table in (1, 2, 3):
        at = [s for s in seats if s["table"] == table]
        assert sorted(s["seat"] for s in at) == [1, 2, 3, 4]
        assert sorted(s["players"][0][0] for s in at) == teams
    assert {s["table"] for s in seats} == {1, 2, 3}


def test_11_team_standings_are_provisional_bonus_only(out11):
    assert out11["finals"]["complete"] is False
    finalists = [r["team"] for r in out11["qualification"]["standings"] if r["advances"]]
    expected = [
        {"rank": q, "team": t, "hu": 0, "sng": 0, "bonus": BONUS[q], "total": BONUS[q]}
        for q, t in enumerate(finalists, start=1)
    ]
    assert out11["finals"]["standings"] == expected


def test_11_team_output_prefills_the_round_1_results_sheets(tmp_path, out11):
    outcome = process_file(str(SAMPLE_11))
    target = tmp_path / "round1.xlsx"
    outcome.writer(str(target))
    assert S.OUTPUTS["FinalsDraw"]["en"] in openpyxl.load_workbook(target).sheetnames
    hu = [v for v, _ in table_cells(target, S.FINALS_HU, "en")]
    drawn = [(1, e["table"], *e["players"]) for e in hu_entries(out11["finals"]["draw"], 1)]
    assert sorted((r["round"], r["table"], r["a"], r["b"]) for r in hu) == sorted(drawn)
    assert all(r["winner"] in (None, "") for r in hu)
    sng = [v for v, _ in table_cells(target, S.FINALS_SNG, "en")]
    seats = [(1, e["table"], e["seat"], e["players"][0]) for e in sng_entries(out11["finals"]["draw"], 1)]
    assert sorted((r["round"], r["table"], r["seat"], r["player"]) for r in sng) == sorted(seats)
    assert all(r["place"] in (None, "") for r in sng)


def test_11_team_draw_is_the_same_every_run_and_after_a_round_trip(tmp_path, out11):
    again = process_file(str(SAMPLE_11)).json()
    assert again["finals"]["draw"] == out11["finals"]["draw"]
    first = tmp_path / "first.out.xlsx"
    process_file(str(SAMPLE_11)).writer(str(first))
    back = process_file(str(first)).json()
    assert [p for p in back["problems"] if p["severity"] == "error"] == []
    assert back["finals"]["draw"] == out11["finals"]["draw"]
    second = tmp_path / "second.out.xlsx"
    process_file(str(first)).writer(str(second))
    assert process_file(str(second)).json()["finals"]["draw"] == out11["finals"]["draw"]


def test_11_team_draw_does_not_depend_on_row_order(tmp_path, out11):
    sheets = gen.sample_11_finals()
    sheets["FinalsLineups"] = sheets["FinalsLineups"][::-1]
    sheets["FinalsRoster"] = sheets["FinalsRoster"][::-1]
    path = tmp_path / "reordered.xlsx"
    write_input_workbook(str(path), 11, sheets, event={"name": gen.NAME_11_FINALS, "seed": gen.SEED_11}, lang="en")
    assert process_file(str(path)).json()["finals"]["draw"] == out11["finals"]["draw"]


# ---- broken copies of the 12-team sample ----------------------------------------------------------------


def test_check_names_the_cell_of_a_player_outside_the_finals_roster(tmp_path):
    sheets = gen.sample_12()
    # C's reserve is registered but not on the finals roster; round 1 sends him instead of a listed player
    sheets["Players"] = sheets["Players"] + [{"team": "C", "number": 7, "name": "周家瑋", "country": "中華台北"}]
    i = next(i for i, r in enumerate(sheets["FinalsLineups"]) if r["round"] == 1 and r["team"] == "C")
    sheets["FinalsLineups"][i] = {**sheets["FinalsLineups"][i], "player": "C7"}
    path = write_12(tmp_path / "reserve.xlsx", sheets)
    (where,) = [
        cells["player"] for values, cells in table_cells(path, S.FINALS_LINEUPS, "zh-Hant") if values["player"] == "C7"
    ]

    code, out = check_json(path, tmp_path)
    assert code == 1
    (problem,) = problems_with(out, "finals-not-on-roster")
    assert problem["severity"] == "error"
    assert (problem["sheet"], problem["cell"]) == (S.FINALS_LINEUPS.name("zh-Hant"), where)
    assert "C7" in problem["message"]


def test_round_3_line_up_ignoring_a_forced_hu_is_rejected_naming_the_player(tmp_path):
    sheets = gen.sample_12()
    rows = sheets["FinalsLineups"]
    hu_before = {r["player"] for r in rows if r["round"] < 3 and r["kind"] == "hu"}
    sng_before = {r["player"] for r in rows if r["round"] < 3 and r["kind"] == "sng"}
    # a player with no HU in rounds 1–2 must play HU in round 3; send him to SNG instead
    forced = next(r for r in rows if r["round"] == 3 and r["player"] not in hu_before)
    assert forced["kind"] == "hu"
    swap = next(
        r
        for r in rows
        if r["round"] == 3 and r["team"] == forced["team"] and r["kind"] == "sng" and r["player"] in sng_before
    )
    player, other = forced["player"], swap["player"]
    sheets["FinalsLineups"] = [
        {**r, "kind": "sng"} if r is forced else {**r, "kind": "hu"} if r is swap else r for r in rows
    ]
    path = write_12(tmp_path / "forced.xlsx", sheets)
    (where,) = [
        cells["player"]
        for values, cells in table_cells(path, S.FINALS_LINEUPS, "zh-Hant")
        if values["player"] == player and values["round"] == 3
    ]

    code, out = check_json(path, tmp_path)
    assert code == 1
    owes = problems_with(out, "finals-owes-hu")
    assert [(p["sheet"], p["cell"]) for p in owes] == [(S.FINALS_LINEUPS.name("zh-Hant"), where)]
    assert player in owes[0]["message"] and other not in owes[0]["message"]
    # the rejected line-up is not drawn, so round 3 and the standings wait for it
    assert {e["round"] for e in out["finals"]["draw"]} == {1, 2}
    assert out["finals"]["complete"] is False
    # round 3's results (typed after the earlier, valid draw) wait for the line-up error: they are
    # not reported as results of a round never drawn
    assert not problems_with(out, "finals-result-round-not-drawn")
    (held,) = problems_with(out, "held-back")
    assert (held["sheet"], held["cell"]) == (S.FINALS_LINEUPS.name("zh-Hant"), where)
    assert [p["code"] for p in out["problems"] if p["severity"] == "error"] == ["finals-owes-hu"]


def test_hu_winner_who_did_not_play_is_a_problem_on_that_cell(tmp_path):
    sheets = gen.sample_12()
    row = sheets["FinalsHU"][4]
    playing = {p for r in sheets["FinalsHU"] if r["round"] == row["round"] for p in (r["a"], r["b"])}
    teammate = next(f"{row['a'][0]}{n}" for n in range(1, 7) if f"{row['a'][0]}{n}" not in playing)
    sheets["FinalsHU"][4] = {**row, "winner": teammate}
    path = write_12(tmp_path / "winner.xlsx", sheets)
    (where,) = [
        cells["winner"]
        for values, cells in table_cells(path, S.FINALS_HU, "zh-Hant")
        if (values["round"], values["a"], values["b"]) == (row["round"], row["a"], row["b"])
    ]

    code, out = check_json(path, tmp_path)
    assert code == 1
    (problem,) = problems_with(out, "finals-hu-winner")
    assert (problem["sheet"], problem["cell"]) == (S.FINALS_HU.name("zh-Hant"), where)
    assert teammate in problem["message"]
    assert out["finals"]["complete"] is False


def test_sng_table_with_place_2_twice_is_a_problem(tmp_path, out12):
    sheets = gen.sample_12()
    rows = sheets["FinalsSNG"]
    winner = next(r for r in rows if r["round"] == 2 and r["table"] == 3 and r["place"] == 1)
    second = next(r for r in rows if r["round"] == 2 and r["table"] == 3 and r["place"] == 2)
    sheets["FinalsSNG"] = [{**r, "place": 2} if r is winner else r for r in rows]
    path = write_12(tmp_path / "places.xlsx", sheets)
    place_cells = {
        values["player"]: cells["place"]
        for values, cells in table_cells(path, S.FINALS_SNG, "zh-Hant")
        if values["round"] == 2
    }

    code, out = check_json(path, tmp_path)
    assert code == 1
    (problem,) = problems_with(out, "finals-sng-place-twice")
    assert problem["sheet"] == S.FINALS_SNG.name("zh-Hant")
    assert problem["cell"] in {place_cells[winner["player"]], place_cells[second["player"]]}
    assert winner["player"] in problem["message"] and second["player"] in problem["message"]
    # the table does not count until it is fixed: its 6 + 3 + 1 points are missing
    assert out["finals"]["complete"] is False
    before = {r["team"]: r["sng"] for r in out12["finals"]["standings"]}
    after = {r["team"]: r["sng"] for r in out["finals"]["standings"]}
    lost = {t: before[t] - after[t] for t in before}
    table = [r for r in rows if r["round"] == 2 and r["table"] == 3]
    assert lost == {r["player"][0]: SNG_POINTS[r["place"]] for r in table}
