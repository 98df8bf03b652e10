"""What the tournament office looks at: the Day 1 scoreboard, running standings with events not
yet scored pending, the finals round by round, the country beside each team, shared places
printed 7=, and a bounty player's heads apart from their chips."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import openpyxl
import pytest

from ttools.competitions.nations_cup import schema as S
from ttools.core.exact import round_half_up
from ttools.pipeline import process_file

from tests.nations_cup.sample_generator import SAMPLES, gen


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    folder = tmp_path_factory.mktemp("views")
    out = {}
    for name in ("nations-cup-11.xlsx", "nations-cup-12.xlsx", "nations-cup-16.xlsx"):
        outcome = process_file(str(SAMPLES / name))
        target = folder / name
        outcome.writer(str(target))
        out[name] = (openpyxl.load_workbook(target, read_only=True), outcome.json())
    return out


def table(ws, header_first: str) -> list[tuple]:
    """The rows under the first header row starting with ``header_first``, up to a blank row or a note."""
    rows = list(ws.iter_rows(values_only=True))
    start = next(i for i, r in enumerate(rows) if r[0] == header_first)
    body = []
    for r in rows[start + 1 :]:
        if str(r[0]).endswith(("（續）", "(continued)")) or r == rows[start]:
            continue  # a printed page's repeated title and headings
        if r[0] is None or r[1] is None:
            break
        body.append(r)
    return body


def test_day_1_scoreboard_counts_the_winners(books):
    wb, summary = books["nations-cup-11.xlsx"]
    rows = table(wb[S.OUTPUTS["Day1Board"]["en"]], "Rank")
    wins = Counter(m["winner"][0] for m in summary["day1"]["pairings"])
    assert {r[1]: (r[3], r[5]) for r in rows} == {t: (wins[t], 5 * wins[t]) for t in "ABCDEFGHIJK"}
    assert sum(r[5] for r in rows) == 330  # 30 × 11
    assert [r[2] for r in rows if r[1] == "A"] == ["Japan"]  # the country beside the team
    raws = [r[5] for r in rows]
    for r in rows:
        better = sum(1 for x in raws if x > r[5])
        assert str(r[0]).rstrip("=") == str(better + 1) and str(r[0]).endswith("=") == (raws.count(r[5]) > 1)


def test_running_standings_show_the_events_not_yet_scored_as_pending(books):
    wb, summary = books["nations-cup-11.xlsx"]
    rows = table(wb[S.OUTPUTS["Running"]["en"]], "Rank")
    raw = summary["day1"]["raw"]
    for r in rows:
        hu = round_half_up(Fraction(1000, 3) * raw[r[1]] / 330, 2)
        assert (r[3], r[4], r[5], r[6]) == (float(hu), "pending", "pending", float(hu))
    # once the qualification is complete the standings take over
    wb12, _ = books["nations-cup-12.xlsx"]
    assert S.OUTPUTS["Running"]["zh-Hant"] not in wb12.sheetnames


def test_finals_results_round_by_round_add_up_to_the_final_standings(books):
    wb, summary = books["nations-cup-16.xlsx"]
    ws = wb[S.OUTPUTS["FinalsResults"]["en"]]
    rows = list(ws.iter_rows(values_only=True))
    draw = list(wb[S.OUTPUTS["FinalsDraw"]["en"]].iter_rows(values_only=True))
    # the heads-up rows of the draw: table, player A, name, player B, name
    drawn = {r[k]: r[k + 1] for r in draw if isinstance(r[0], int) and isinstance(r[1], str) for k in (1, 3)}
    totals = Counter()
    for rnd in (1, 2, 3):
        start = rows.index(next(r for r in rows if r[0] == f"Round {rnd} points by team")) + 2
        for r in rows[start : start + 4]:
            totals[r[0]] += r[4]
        hu = rows.index(next(r for r in rows if r[0] == f"Round {rnd} heads-up")) + 2
        assert all(r[5] in (r[1], r[3]) for r in rows[hu : hu + 6])
        # each player named beside the code, as on the draw
        assert all(r[2] == drawn[r[1]] and r[4] == drawn[r[3]] and r[2] and r[4] for r in rows[hu : hu + 6])
    for r in summary["finals"]["standings"]:
        assert totals[r["team"]] + r["bonus"] == r["total"]


def test_shared_places_print_as_7_equals_and_heads_are_apart_from_chips(books):
    wb, summary = books["nations-cup-12.xlsx"]
    nlh = table(wb[S.OUTPUTS["NLHPoints"]["zh-Hant"]], "名次")
    shared = [r for r in nlh if isinstance(r[0], str)]
    assert [r[0] for r in shared] == [f"{gen.SHARED_NLH_PLACE}="] * 2
    bounty = table(wb[S.OUTPUTS["Bounty"]["zh-Hant"]], "名次")
    header = next(r for r in wb[S.OUTPUTS["Bounty"]["zh-Hant"]].iter_rows(values_only=True) if r[0] == "名次")
    heads, chips = header.index("人頭數"), header.index("取得籌碼")
    log = gen.sample_12()["BountyLog"]
    taken = Counter(r["to"] for r in log)
    assert {r[1]: r[heads] for r in bounty} == {p: taken.get(p, 0) for p in summary["bounty"]["players"]}
    assert sum(r[heads] for r in bounty) == len(log)
    assert sum(r[chips] for r in bounty) >= len(log)  # a head is worth 1 chip or more


def test_largest_remainder_rounding_is_said_in_the_standings_footnote(write_event, tmp_path):
    from tests.conftest import complete_sheets

    notes = {}
    for rounding in ("half-up", "largest-remainder"):
        src = write_event(complete_sheets(12), teams=12, rules={"rounding": rounding}, name=f"{rounding}.xlsx")
        target = tmp_path / f"{rounding}.out.xlsx"
        process_file(str(src)).writer(str(target))
        ws = openpyxl.load_workbook(target, read_only=True)[S.OUTPUTS["Standings"]["en"]]
        notes[rounding] = " ".join(
            str(r[0]) for r in ws.iter_rows(values_only=True) if r[0] and str(r[0]).startswith("Score =")
        )
    assert "rounded half up" in notes["half-up"] and "largest remainder" not in notes["half-up"]
    assert "by largest remainder" in notes["largest-remainder"] and "seeded lot" in notes["largest-remainder"]


@pytest.mark.parametrize(
    "key, header_first, team_col",
    [("Appendix7", "Table", 1), ("Day2Draw", "Table", 4), ("Standings", "Rank", 1), ("FinalStandings", "Rank", 1)],
)
def test_the_country_stands_beside_the_team(books, key, header_first, team_col):
    wb, _ = books["nations-cup-16.xlsx"]
    country = {t: c for t, (c, _) in gen.TEAMS_16.items()}
    rows = table(wb[S.OUTPUTS[key]["en"]], header_first)
    assert rows and all(r[team_col + 1] == country[r[team_col]] for r in rows)
