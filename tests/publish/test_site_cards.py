"""The Shengji and Shuangsheng sites, read back through their DOM: standings equal the JSON
summary, every player or pair is once in the current round's by-name list, the results still
missing name the right tables (on the site and as a printable sheet), and what staff typed
stays text."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.publish import dom
from ttools.pipeline import process_file
from ttools.publish import slug
from ttools.publish.build import publish

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 5, 1, 9, 30, tzinfo=timezone.utc)
EVIL = "<script>alert(1)</script>"


def _site(sample: Path, folder: Path) -> tuple[Path, dict]:
    outcome = process_file(str(sample))
    publish(outcome, str(folder), now=NOW)
    return folder, outcome.json()


@pytest.fixture(scope="module")
def shuangsheng(tmp_path_factory) -> tuple[Path, dict]:
    return _site(ROOT / "samples" / "shuangsheng-24.xlsx", tmp_path_factory.mktemp("ss") / "site")


@pytest.fixture(scope="module")
def shengji(tmp_path_factory) -> tuple[Path, dict]:
    return _site(ROOT / "samples" / "shengji-30.xlsx", tmp_path_factory.mktemp("sj") / "site")


def _seconds(text: str) -> float:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + float(seconds)


# ---- standings equal the JSON summary ------------------------------------------------------------------


def test_shuangsheng_standings_rows_equal_the_summary(shuangsheng):
    site, summary = shuangsheng
    (table,) = dom.read(site / "standings.html").tables
    expected = summary["standings"]
    assert len(table.rows) == len(expected) == 24
    for row, want in zip(table.rows, expected):
        assert (row[0], row[1]) == (str(want["rank"]), want["id"])
        assert (int(row[5]), int(row[6]), int(row[7]), int(row[8])) == (
            want["points"],
            want["opp_score"],
            want["level_diff"],
            want["small_points"],
        )
        assert row[7] == (f"{want['level_diff']:+d}" if want["level_diff"] else "0")


def test_shengji_ranking_rows_equal_the_summary(shengji):
    site, summary = shengji
    (table,) = dom.read(site / "ranking.html").tables
    expected = summary["standings"]
    assert len(table.rows) == len(expected) == 30
    for row, want in zip(table.rows, expected):
        assert (row[0], row[1]) == (str(want["rank"]), want["id"])
        assert row[3] == f"{want['rate']:.2f}"
        assert _seconds(row[5]) == pytest.approx(want["time"])


# ---- every pair / player once in the current round by name ----------------------------------------------


def test_shuangsheng_by_name_lists_every_pair_once_a_round(shuangsheng):
    site, summary = shuangsheng
    page = dom.read(site / "by-name.html")
    current = max(p["round"] for p in summary["pairings"])
    assert [t.caption for t in page.tables] == [f"第 {r} 轮" for r in range(current, 0, -1)]
    everyone = Counter(x["id"] for x in summary["standings"])
    assert len(everyone) == 24
    for table in page.tables:
        rnd = int(table.caption.split()[1])
        paired = Counter(x for p in summary["pairings"] if p["round"] == rnd for x in (p["pair1"], p["pair2"]) if x)
        assert set(paired.values()) == {1}
        assert Counter(row[1] for row in table.rows) == everyone  # every pair once, suspended ones too
        for row in table.rows:
            assert (row[1] in paired) == (row[6] != "停赛")
            bye = [p for p in summary["pairings"] if p["round"] == rnd and p["pair1"] == row[1] and not p["pair2"]]
            assert (row[5] == "轮空") == bool(bye)
        names = [row[0] for row in table.rows]
        assert names == sorted(names, key=str.casefold)
    first = page.tables[0]
    opponent = {p["pair1"]: p["pair2"] for p in summary["pairings"] if p["round"] == current}
    opponent.update({v: k for k, v in opponent.items()})
    for row, links in zip(first.rows, first.links):
        assert row[5].split()[0] == opponent[row[1]] and row[6] == "未赛"
        assert links[0] == f"{slug('p', row[1])}.html" and (site / links[0]).exists()
        assert " / " in row[2]  # both players' names
    pair_page = dom.read(site / f"{slug('p', first.rows[0][1])}.html")
    matches = pair_page.table_after("场次")
    assert [r[0] for r in matches.rows] == [str(r) for r in range(1, current + 1)]


def test_shengji_by_name_lists_every_player_once_a_round(shengji):
    site, summary = shengji
    page = dom.read(site / "by-name.html")
    current = max(s["round"] for s in summary["seating"])
    assert page.tables[0].caption == f"第 {current} 轮"
    for table in page.tables:
        rnd = int(table.caption.split()[1])
        seated = {s["player"]: s for s in summary["seating"] if s["round"] == rnd}
        assert len(seated) == 30
        assert Counter(row[1] for row in table.rows) == Counter(list(seated))
        for row in table.rows:
            s = seated[row[1]]
            assert row[2] == (str(s["table"]) if s["table"] else "")
            assert (row[3] == "轮空") == (s["table"] is None)
    for row, links in zip(page.tables[0].rows, page.tables[0].links):
        assert links[0] == f"{slug('p', row[1])}.html" and (site / links[0]).exists()
    # a player's page: every board they played, with its rate, equal to the summary
    player = page.tables[0].rows[0][1]
    boards = dom.read(site / f"{slug('p', player)}.html").table_after("牌局")
    mine = [b for b in summary["boards"] if b["player"] == player]
    assert [(r[0], r[1], r[7]) for r in boards.rows] == [
        (str(b["round"]), str(b["board"]), f"{b['rate']:.2f}") for b in mine
    ]


def test_the_big_screens_and_stages(shuangsheng, shengji):
    for site, pages in (
        (shuangsheng[0], ("pairings.html", "standings.html")),
        (shengji[0], ("next-seating.html", "ranking.html")),
    ):
        big = (site / "big.html").read_text(encoding="utf-8")
        for page in pages:
            title = dom.read(site / page).title.split(" · ")[-1].split(" — ")[0]
            assert title in big, (site, page)
    assert "第 5 轮后；第 6 轮已编排" in "".join(dom.read(shuangsheng[0] / "index.html").text)
    assert "第 3 轮后；第 4 轮已排座" in "".join(dom.read(shengji[0] / "index.html").text)


def test_hand_records_of_the_round_in_play_stay_private(shengji):
    # the sample has rounds 1-3 played and round 4 seated: only the played rounds' deals are out
    site, summary = shengji
    assert {d["round"] for d in summary["deals"]} == {1, 2, 3}
    assert not (site / "hand-records.html").exists()
    published = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    assert {d["round"] for d in published["deals"]} == {1, 2, 3}
    assert (site / "travellers.html").exists() and (site / "board-r3-b1.html").exists()
    assert not (site / "board-r4-b1.html").exists()


# ---- results still missing ------------------------------------------------------------------------------


def test_shuangsheng_missing_results_list_the_table_without_levels(tmp_path, shuangsheng):
    wb = load_workbook(ROOT / "samples" / "shuangsheng-24.xlsx")
    dealt = {(r[0], r[1]) for r in wb["逐副记分"].iter_rows(min_row=2, values_only=True) if r[0]}
    ws = wb["成绩"]
    row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == 5 and r[4].value and (5, r[1].value) not in dealt)
    table, p1, p2 = row[1].value, str(row[2].value), str(row[3].value)
    for cell in row[4:8]:
        cell.value = None
    path = tmp_path / "one-missing.xlsx"
    wb.save(path)
    assert not (shuangsheng[0] / "missing.html").exists()  # the sample misses nothing
    outcome = process_file(str(path))
    site = tmp_path / "site"
    publish(outcome, str(site), now=NOW)
    (missing,) = dom.read(site / "missing.html").tables
    assert missing.caption == "第 5 轮 · 尚缺 1 场"
    assert [(r[0], r[1], r[3]) for r in missing.rows] == [(str(table), p1, p2)]
    assert "尚缺成绩" in "".join(dom.read(site / "index.html").text)
    written = tmp_path / "out.xlsx"
    outcome.writer(str(written))
    book = load_workbook(written)
    rows = list(book["尚缺成绩"].iter_rows(values_only=True))
    assert (table, p1) in {(r[0], r[1]) for r in rows if r}
    meta = {k: v for k, v in book["_meta"].iter_rows(values_only=True)}
    assert "尚缺成绩" in meta["printable"].split("|")
    again = process_file(str(written))
    assert not [p for p in again.json()["problems"] if p["code"] == "unknown-sheet"]


def test_shengji_missing_results_list_the_table_without_a_board_row(tmp_path, shengji):
    wb = load_workbook(ROOT / "samples" / "shengji-30.xlsx")
    ws = wb["成绩"]
    index = next(
        i
        for i, r in enumerate(ws.iter_rows(min_row=2, values_only=True), start=2)
        if r[0] == 3 and r[1] == 2 and r[2] == 4
    )
    ws.delete_rows(index)
    path = tmp_path / "one-missing.xlsx"
    wb.save(path)
    assert not (shengji[0] / "missing.html").exists()
    outcome = process_file(str(path))
    site = tmp_path / "site"
    publish(outcome, str(site), now=NOW)
    (missing,) = dom.read(site / "missing.html").tables
    assert missing.caption == "第 3 轮 · 尚缺 1 桌"
    seats = {s["seat"]: s["player"] for s in shengji[1]["seating"] if s["round"] == 3 and s["table"] == 2}
    (row,) = missing.rows
    assert row[0] == "2" and [c.split()[0] for c in row[1:5]] == [seats[s] for s in "NESW"] and row[5] == "4"
    assert not (site / "next-seating.html").exists() or "第 3 轮" in dom.read(site / "next-seating.html").title
    written = tmp_path / "out.xlsx"
    outcome.writer(str(written))
    book = load_workbook(written)
    assert "尚缺成绩" in book.sheetnames
    meta = {k: v for k, v in book["_meta"].iter_rows(values_only=True)}
    assert "尚缺成绩" in meta["printable"].split("|")
    again = process_file(str(written))
    assert not [p for p in again.json()["problems"] if p["code"] == "unknown-sheet"]


# ---- what staff typed stays text ------------------------------------------------------------------------


def _no_markup(site: Path) -> None:
    for page in site.glob("*.html"):
        doc = dom.read(page)
        tags = [tag for tag, _ in doc.elements]
        assert "img" not in tags and "b" not in tags, page.name
        assert len(doc.scripts) == (1 if page.name == "big.html" else 0), page.name
        assert all("alert" not in s for s in doc.scripts)


def test_shuangsheng_escapes_what_staff_typed(tmp_path):
    from ttools.competitions.shuangsheng.competition import write_input_workbook

    pairs = [{"id": 1, "name": EVIL, "player1": "<b>A</b>", "player2": "B"}] + [
        {"id": i, "name": f"Pair {i}"} for i in range(2, 5)
    ]
    path = tmp_path / "evil.xlsx"
    write_input_workbook(str(path), pairs, {}, event={"seed": "s", "name": "Cup"}, lang="en")
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site), now=NOW)
    _no_markup(site)
    (table,) = dom.read(site / "by-name.html").tables
    assert [r[0] for r in table.rows] == [EVIL, "Pair 2", "Pair 3", "Pair 4"]
    assert "<b>A</b> / B" in [r[2] for r in table.rows]
    raw = (site / "by-name.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in raw and EVIL not in raw
    assert dom.read(site / f"{slug('p', '1')}.html").title.startswith(f"1 {EVIL}")


def test_shengji_escapes_what_staff_typed(tmp_path):
    from ttools.competitions.shengji.competition import write_input_workbook

    players = [{"id": 1, "name": EVIL}, {"id": 2, "name": "<b>Bo</b>"}] + [
        {"id": i, "name": f"P{i}"} for i in range(3, 9)
    ]
    path = tmp_path / "evil.xlsx"
    write_input_workbook(str(path), players, {}, event={"seed": "s", "name": "Open"}, lang="en")
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site), now=NOW)
    _no_markup(site)
    (table,) = dom.read(site / "by-name.html").tables
    assert {r[0] for r in table.rows} >= {EVIL, "<b>Bo</b>"} and len(table.rows) == 8
    raw = (site / "by-name.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in raw and EVIL not in raw
