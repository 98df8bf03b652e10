"""The published site, read back through its DOM: standings equal the JSON summary, every player
is once in the by-name pairings, everything staff typed stays text, the pages work offline and
are accessible, the folder is swapped in whole and never swallows a workbook."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.publish import dom
from ttools.outcome import Outcome
from ttools.pipeline import process_file
from ttools.publish import slug
from ttools.publish.build import MARKER, PublishError, publish, render
from ttools.workbook.write import Block, Report

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*.xlsx"))
NOW = datetime(2026, 5, 1, 9, 30, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    """Each sample's site and JSON summary, plus the Scrabble sample's results workbook run once
    more (its round 6 waits for results, so its pairing sheet is gone from the reports)."""
    folder = tmp_path_factory.mktemp("sites")
    out: dict[str, tuple[Path, dict]] = {}
    for sample in SAMPLES:
        outcome = process_file(str(sample))
        site = folder / sample.stem
        publish(outcome, str(site), keep=[str(sample)], now=NOW)
        out[sample.stem] = (site, outcome.json())
        if sample.stem == "scrabble-3div":
            written = folder / "scrabble-3div.out.xlsx"
            outcome.writer(str(written))
            again = process_file(str(written))
            publish(again, str(folder / "scrabble-3div-out"), now=NOW)
            out["scrabble-3div-out"] = (folder / "scrabble-3div-out", again.json())
    return out


def test_every_sample_has_a_site(sites):
    assert {s.stem for s in SAMPLES} <= set(sites)
    for name, (site, summary) in sites.items():
        index = dom.read(site / "index.html")
        assert (
            index.lang == "zh-Hant"
            if name.startswith(("scrabble", "nations-cup-12"))
            else index.lang in ("en", "zh-Hant", "zh-Hans")
        )
        assert (site / "big.html").exists() and (site / "summary.json").exists() and (site / MARKER).exists()
        # the staff's problem list stays private, and a duplicate event's deals unless it shows them
        # (Shengji's summary carries only the deals of rounds already played, and publishes them)
        public = {k: v for k, v in summary.items() if k != "problems" and (k != "deals" or name.startswith("shengji"))}
        assert json.loads((site / "summary.json").read_text(encoding="utf-8")) == public
        if summary.get("seed"):
            assert str(summary["seed"]) in "".join(index.text)


# ---- standings equal the JSON summary --------------------------------------------------------------


def test_scrabble_standings_rows_equal_the_summary(sites):
    for name in ("scrabble-3div", "scrabble-3div-out"):
        site, summary = sites[name]
        page = dom.read(site / "standings.html")
        divisions = list(summary["standings"])
        assert len(page.tables) == len(divisions) == 3
        for table, division in zip(page.tables, divisions):
            assert table.caption.startswith(f"{division} 組")
            expected = summary["standings"][division]
            assert len(table.rows) == len(expected)
            for row, want in zip(table.rows, expected):
                rank, pid, pname, wins, losses, spread = row[0], row[1], row[2], row[5], row[6], row[7]
                assert (rank, pid, pname) == (
                    str(want.get("place", want["rank"])),
                    want["id"],
                    want["name"],
                )  # 7= when shared
                assert (float(wins), float(losses), int(spread)) == (want["wins"], want["losses"], want["spread"])
                assert spread == (f"{want['spread']:+d}" if want["spread"] else "0")


@pytest.mark.parametrize("name", ["nations-cup-12", "nations-cup-11-finals"])
def test_nations_cup_standings_rows_equal_the_summary(sites, name):
    site, summary = sites[name]
    (table,) = dom.read(site / "standings.html").tables
    expected = summary["qualification"]["standings"]
    assert len(table.rows) == len(expected) >= 11
    for row, want in zip(table.rows, expected):
        assert (row[0], row[1]) == (str(want["rank"]), want["team"])
        # rank, team, country, then raw and scored per event: the scored columns are the summary's
        assert [row[4], row[6], row[8], row[9]] == [f"{want[k]:.2f}" for k in ("hu", "nlh", "bounty", "total")]
        assert bool(row[13]) == want["advances"]
    (final,) = dom.read(site / "final-standings.html").tables
    expected = summary["finals"]["standings"]
    assert len(final.rows) == len(expected) == 4
    for row, want in zip(final.rows, expected):
        assert (row[0], row[1]) == (str(want["rank"]), want["team"])
        assert [float(x) for x in row[4:8]] == [
            want[k] for k in ("hu", "sng", "bonus", "total")
        ]  # after the country and the qualification place


# ---- every player once in the by-name pairings ----------------------------------------------------


def _ids(table: dom.Table, column: int) -> Counter:
    return Counter(row[column] for row in table.rows)


def test_scrabble_by_name_lists_every_paired_player_once(sites):
    site, summary = sites["scrabble-3div"]
    paired = Counter(
        p for tables in summary["pairings"].values() for t in tables for p in (t["first"], t["second"]) if p
    )
    assert set(paired.values()) == {1} and len(paired) == 29
    (table,) = dom.read(site / "by-name.html").tables
    assert _ids(table, 1) == paired
    names = [row[0] for row in table.rows]
    assert names == sorted(names, key=str.casefold)
    # each name links to that player's page, which exists
    for row, links in zip(table.rows, table.links):
        assert links[0] == f"{slug('p', row[1])}.html" and (site / links[0]).exists()
    # the same round 6 from the results workbook, where it waits for its results
    site_out, _ = sites["scrabble-3div-out"]
    (again,) = dom.read(site_out / "by-name.html").tables
    assert _ids(again, 1) == paired
    assert {row[3] for row in again.rows} == {"6"}


def test_scrabble_pages_for_the_current_round_by_table(sites):
    site, summary = sites["scrabble-3div"]
    tables = dom.read(site / "pairings.html").tables
    shown = [(row[0], row[1], row[5]) for t in tables for row in t.rows if row[5] != "輪空"]
    expected = [
        (str(t["table"]), t["first"], t["second"]) for ts in summary["pairings"].values() for t in ts if t["second"]
    ]
    assert shown == expected
    site_out, _ = sites["scrabble-3div-out"]
    assert not (site_out / "pairings.html").exists()
    current = dom.read(site_out / "current.html").tables
    got = {(row[0], row[1].split()[0], row[3].split()[0]) for t in current for row in t.rows if row[0]}
    assert got == set(expected)


@pytest.mark.parametrize("name", ["nations-cup-12", "nations-cup-11", "nations-cup-11-finals", "nations-cup-minimal"])
def test_nations_cup_by_name_pages_list_every_player_once(sites, name):
    site, summary = sites[name]
    (day1,) = dom.read(site / "day1-by-name.html").tables
    in_day1 = Counter(p for m in summary["day1"]["pairings"] for p in (m["home"], m["away"]))
    assert set(in_day1.values()) == {2}  # two Day 1 matches each
    assert _ids(day1, 1) == Counter(set(in_day1))
    for row in day1.rows:  # the opponents listed are the pairing's
        mine = [m for m in summary["day1"]["pairings"] if row[1] in (m["home"], m["away"])]
        assert [row[4].split()[0], row[7].split()[0]] == [
            m["away"] if m["home"] == row[1] else m["home"] for m in sorted(mine, key=lambda m: m["round"])
        ]
    if "day2" in summary:
        (day2,) = dom.read(site / "day2-by-name.html").tables
        drawn = Counter(s["player"] for seats in summary["day2"]["draw"].values() for s in seats)
        assert set(drawn.values()) == {1}
        assert _ids(day2, 1) == drawn
        seat = {
            s["player"]: (str(s["table"]), str(s["seat"])) for seats in summary["day2"]["draw"].values() for s in seats
        }
        assert all((row[6], row[7]) == seat[row[1]] for row in day2.rows)  # the draw seat beside the current one
        now = {
            s["player"]: (str(s["table"]), str(s["seat"]))
            for seats in summary["day2"].get("current", {}).values()
            for s in seats
        }
        assert all((row[4], row[5]) == now[row[1]] for row in day2.rows if row[1] in now)
    else:
        assert not (site / "day2-by-name.html").exists()


def test_nations_cup_team_pages(sites):
    site, summary = sites["nations-cup-12"]
    teams = dom.read(site / "teams.html").tables[0]
    assert [row[0] for row in teams.rows] == list("ABCDEFGHIJKL")
    for row, links in zip(teams.rows, teams.links):
        page = dom.read(site / links[0])
        players = page.tables[0]
        assert [r[0] for r in players.rows] == [f"{row[0]}{n}" for n in range(1, 7)]
    qual = {r["team"]: r for r in summary["qualification"]["standings"]}
    c = dom.read(site / "team-c.html")
    q = c.table_after("資格賽")
    assert q.rows[0][0] == str(qual["C"]["rank"]) and q.rows[0][4] == f"{qual['C']['total']:.2f}"


# ---- results still missing ---------------------------------------------------------------------------


def test_missing_results_list_the_tables_without_slips(sites):
    site, summary = sites["scrabble-3div-out"]
    _, first = sites["scrabble-3div"]
    tables = dom.read(site / "missing.html").tables
    games = {(str(t["table"]), t["first"], t["second"]) for ts in first["pairings"].values() for t in ts if t["second"]}
    assert [t.caption for t in tables] == [f"第 6 回合 · 尚缺 {len(games)} 局"]
    assert {(r[1], r[2], r[4]) for r in tables[0].rows} == games
    assert not (sites["scrabble-3div"][0] / "missing.html").exists()  # every slip of rounds 1-5 is in

    site, summary = sites["nations-cup-11-finals"]
    tables = dom.read(site / "missing.html").tables
    hu = [(str(m["table"]), *m["players"]) for m in summary["finals"]["draw"] if m["kind"] == "hu"]
    assert [t.caption for t in tables] == [
        "Finals round 1 heads-up · 6 missing",
        "Finals round 1 single tables · 3 missing",
    ]
    assert [(r[0], r[1].split()[0], r[2].split()[0]) for r in tables[0].rows] == sorted(
        hu, key=lambda m: (int(m[0]), m[1])
    )
    assert not (sites["nations-cup-12"][0] / "missing.html").exists()


def test_missing_results_sheet_in_the_workbook_is_read_back_without_complaint(tmp_path, invoke):
    from openpyxl import load_workbook

    first = tmp_path / "a.xlsx"
    result = invoke("run", ROOT / "samples" / "nations-cup-minimal.xlsx", "-o", first)
    assert result.exit_code == 0, result.output
    assert "MissingResults" not in load_workbook(first).sheetnames  # a table just drawn misses nothing
    second = tmp_path / "b.xlsx"
    result = invoke("run", first, "-o", second, "--json", tmp_path / "b.json")
    assert result.exit_code == 0, result.output
    wb = load_workbook(second)
    rows = [r for r in wb["MissingResults"].iter_rows(values_only=True)]
    assert rows[3][0] == "Day 1 round 1 · 24 missing" and rows[4] == ("Table", "Home", "Away")
    meta = {k: v for k, v in wb["_meta"].iter_rows(values_only=True)}
    assert "MissingResults" in meta["printable"].split("|")  # printed with the others
    third = tmp_path / "c.xlsx"
    result = invoke("run", second, "-o", third, "--json", tmp_path / "c.json")
    data = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert not [p for p in data["problems"] if p["code"] == "unknown-sheet"]


# ---- what staff typed stays text ----------------------------------------------------------------------

EVIL = "<script>alert(1)</script>"


def test_everything_staff_typed_is_escaped(tmp_path):
    from ttools.competitions.scrabble.competition import write_input_workbook

    players = [
        {"id": "1", "name": EVIL, "rating": 1500, "club": '"><img src=x onerror=alert(2)>', "division": "A"},
        {"id": "2", "name": "Bob & <b>Co</b>", "rating": 1400, "club": "", "division": "A"},
    ]
    path = tmp_path / "evil.xlsx"
    write_input_workbook(
        str(path),
        players,
        {"Rounds": [{"round": 1, "method": "random"}], "Results": []},
        event={"seed": "s", "name": "Open </title><script>alert(3)</script>"},
        lang="en",
    )
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site), now=NOW)
    for page in site.glob("*.html"):
        doc = dom.read(page)
        tags = [tag for tag, _ in doc.elements]
        assert "img" not in tags and "b" not in tags, page.name
        assert len(doc.scripts) == (1 if page.name == "big.html" else 0), page.name
        assert all("alert" not in s for s in doc.scripts)
        assert "Open </title><script>alert(3)</script>" in doc.title or page.name not in ("index.html", "big.html")
    by_name = dom.read(site / "by-name.html").tables[0]
    assert [row[0] for row in by_name.rows] == [EVIL, "Bob & <b>Co</b>"]  # text, sorted by name ('<' < 'b')
    standings = dom.read(site / "standings.html").tables[0]
    assert {row[2] for row in standings.rows} == {EVIL, "Bob & <b>Co</b>"}
    assert '"><img src=x onerror=alert(2)>' in [row[3] for row in standings.rows]
    raw = (site / "standings.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in raw and EVIL not in raw


# ---- offline, accessible, deterministic -----------------------------------------------------------


def test_pages_need_no_network_and_every_link_resolves(sites):
    for name, (site, _) in sites.items():
        for page in site.glob("*.html"):
            doc = dom.read(page)
            assert doc.lang in ("zh-Hant", "zh-Hans", "en")
            for tag, attrs in doc.elements:
                for key in ("src", "href"):
                    url = attrs.get(key)
                    if url is None:
                        continue
                    assert not re.match(r"^[a-z]+:|^//", url), (page.name, url)  # no http:, data:, //cdn…
                    assert (site / url.split("?")[0].split("#")[0]).exists() or url.startswith("#"), (page.name, url)
            for table in doc.tables:
                assert table.header and table.scopes == ["col"] * len(table.header), page.name
                assert all(len(r) <= len(table.header) for r in table.rows)
        css = (site / "site.css").read_text(encoding="utf-8")
        assert "@media print" in css and "url(" not in css and "@import" not in css


def test_the_big_screen_shows_the_current_pairings_and_the_standings(sites):
    site, _ = sites["scrabble-3div"]
    big = dom.read(site / "big.html")
    text = "".join(big.text)
    assert "第 6 回合對賽表" in text and "排名" in text
    (script,) = big.scripts
    assert "version.js" in script and "scrollBy" in script
    version = json.loads((site / "version.json").read_text())["version"]
    assert f'data-version="{version}"' in (site / "big.html").read_text(encoding="utf-8")
    assert (site / "version.js").read_text() == f'window.ttoolsSiteVersion && window.ttoolsSiteVersion("{version}");\n'


def test_the_same_workbook_gives_the_same_site_but_for_the_update_time(tmp_path):
    outcome = process_file(str(ROOT / "samples" / "scrabble-3div.xlsx"))
    a = render(outcome, now=NOW)
    b = render(outcome, now=datetime(2027, 1, 2, 3, 4, tzinfo=timezone.utc))
    assert a.keys() == b.keys()
    changed = {name for name in a if a[name] != b[name]}
    assert changed and changed <= {"index.html", "version.json"} | {n for n in a if n.endswith(".html")}
    for name in changed:
        strip = lambda s: re.sub(
            rb"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d)?( UTC| \(UTC[+-]\d\d:\d\d\))?", b"", s
        )
        assert strip(a[name]) == strip(b[name]), name
    assert json.loads(a["version.json"])["version"] == json.loads(b["version.json"])["version"]


def test_the_site_is_the_same_on_any_machine():
    """Two processes with different hash seeds write byte-identical sites for a fixed time."""
    import subprocess
    import sys

    code = (
        "import sys, hashlib, datetime; from ttools.pipeline import process_file; from ttools.publish.build import render; "
        "now = datetime.datetime(2026, 5, 1, tzinfo=datetime.timezone.utc); "
        "files = {}; [files.update({f'{s}/{k}': v for k, v in render(process_file(s), now).items()}) for s in sys.argv[1:]]; "
        "print(hashlib.sha256(repr(sorted(files.items())).encode()).hexdigest(), len(files))"
    )
    samples = [str(ROOT / "samples" / n) for n in ("scrabble-3div.xlsx", "nations-cup-12.xlsx")]
    outs = {
        subprocess.run(
            [sys.executable, "-c", code, *samples],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed, "TZ": "UTC"},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1 and int(outs.pop().split()[1]) > 60


def test_the_last_update_is_shown_in_the_local_time_with_its_offset(monkeypatch):
    outcome = process_file(str(ROOT / "samples" / "scrabble-3div.xlsx"))
    files = render(outcome, now=datetime(2026, 5, 1, 9, 30, tzinfo=timezone.utc))
    text = "".join(dom.read_text(files["index.html"].decode("utf-8")).text)
    assert re.search(r"2026-05-01 \d\d:\d\d( UTC| \(UTC[+-]\d\d:\d\d\))", text)
    monkeypatch.setenv("TZ", "Asia/Hong_Kong")
    import time

    time.tzset()
    try:
        files = render(outcome, now=datetime(2026, 5, 1, 9, 30, tzinfo=timezone.utc))
    finally:
        monkeypatch.undo()
        time.tzset()
    assert "2026-05-01 17:30 (UTC+08:00)" in files["index.html"].decode("utf-8")
    assert json.loads(files["version.json"])["updated"] == "2026-05-01T17:30:00+08:00"


def test_a_competition_without_a_hook_gets_its_report_pages_and_a_big_screen(tmp_path):
    """What a new competition gets before it writes any site code: here in simplified Chinese."""
    seating = Report(
        "Seating",
        "座位",
        "联赛 · 座位",
        [Block("第 1 轮", ["桌号", "座位", "选手"], [[1, "N", "张三"], [1, "E", "李四"]])],
    )
    ranking = Report(
        "Ranking",
        "排名",
        "联赛 · 排名",
        [Block("", ["名次", "选手", "得分"], [[1, "张三", 0.5], [2, "李四", 0.25]], number_format={2: "0.00"})],
    )
    notes = Report("Boards", "牌局", "联赛 · 牌局", [Block("", ["牌", "得分"], [[1, 30]])])
    outcome = Outcome(
        competition="shengji",
        lang="zh-Hans",
        summary={"seed": "abc"},
        make_reports=lambda: [seating, ranking, notes],
        event_name="联赛",
    )
    site = tmp_path / "site"
    publish(outcome, str(site), now=NOW)
    assert sorted(p.name for p in site.glob("*.html")) == [
        "big.html",
        "boards.html",
        "index.html",
        "ranking.html",
        "seating.html",
    ]
    assert dom.read(site / "index.html").lang == "zh-Hans"
    big = dom.read(site / "big.html")
    assert [t.rows for t in big.tables] == [
        [["1", "N", "张三"], ["1", "E", "李四"]],
        [["1", "张三", "0.50"], ["2", "李四", "0.25"]],
    ]
    assert "升级（复式）" in "".join(dom.read(site / "index.html").text)


def test_the_template_engine_loads_only_when_a_site_is_built():
    import subprocess
    import sys

    code = (
        "import sys, ttools.competitions.scrabble.competition, ttools.competitions.nations_cup.competition; "
        "print('jinja2' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_hand_records_and_deals_stay_off_the_site_unless_the_competition_shows_them(tmp_path, monkeypatch):
    """A duplicate event plays the same deals at every table: its hand records are not published
    by default, neither as a page nor in summary.json."""
    from ttools.publish import SitePlan

    hands = Report("HandRecords", "牌谱", "联赛 · 第 1 轮牌谱", [Block("", ["牌", "北"], [[1, "AS KS"]])])
    ranking = Report("Ranking", "排名", "联赛 · 排名", [Block("", ["名次", "选手"], [[1, "张三"]])])
    outcome = Outcome(
        competition="duplicate-test",
        lang="zh-Hans",
        summary={"seed": "abc", "deals": [{"board": 1}], "standings": []},
        make_reports=lambda: [hands, ranking],
        event_name="联赛",
        results=object(),
    )
    files = render(outcome, now=NOW)
    assert "hand-records.html" not in files and "ranking.html" in files
    assert "AS KS" not in b"".join(files.values()).decode("utf-8")
    assert set(json.loads(files["summary.json"])) == {"tool", "version", "competition", "seed", "standings"}
    # once every table has played, the competition's hook may show them
    contract = type(
        "Contract", (), {"site_plan": staticmethod(lambda res, lang: SitePlan(show=["HandRecords", "deals"]))}
    )
    outcome.contract = contract()
    files = render(outcome, now=NOW)
    assert "hand-records.html" in files and "deals" in json.loads(files["summary.json"])


def test_a_hook_page_with_a_bad_or_duplicate_slug_is_refused():
    from ttools.publish.pages import Page, check_plan

    with pytest.raises(ValueError, match="not allowed"):
        check_plan([Page("../x", "x", [])])
    with pytest.raises(ValueError, match="not allowed"):
        check_plan([Page("index", "x", [])])
    with pytest.raises(ValueError, match="two pages"):
        check_plan([Page("a-1", "x", []), Page("a-1", "y", [])])


@given(st.text(max_size=12), st.text(max_size=12))
@example("", "X")  # an empty part and the letter x
@example("x2d", "-")  # the letter x followed by hex digits, and a character written in hex
def test_slugs_are_safe_and_one_to_one_up_to_letter_case(a, b):
    from ttools.publish.pages import SLUG_RE

    assert SLUG_RE.match(slug("p", a))
    if a.lower() != b.lower():
        assert slug("p", a) != slug("p", b)


# ---- where the site is written -----------------------------------------------------------------------


def test_republishing_replaces_the_folder_whole(tmp_path, invoke):
    site = tmp_path / "site"
    sample = ROOT / "samples" / "scrabble-3div.xlsx"
    assert invoke("publish", sample, "--to", site).exit_code == 0
    (site / "stale.html").write_text("old")
    result = invoke("publish", sample, "--to", site)
    assert result.exit_code == 0, result.output
    assert not (site / "stale.html").exists() and (site / "standings.html").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no temporary folder left


def test_the_site_never_swallows_a_workbook_or_a_foreign_folder(tmp_path, invoke):
    sample = ROOT / "samples" / "scrabble-3div.xlsx"
    work = tmp_path / "work"
    work.mkdir()
    event = work / "event.xlsx"
    event.write_bytes(sample.read_bytes())
    before = event.read_bytes()
    result = invoke("publish", event, "--to", work)
    assert result.exit_code == 1 and "holds" in result.output and "Traceback" not in result.output
    foreign = tmp_path / "docs"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    result = invoke("publish", event, "--to", foreign)
    assert result.exit_code == 1 and "not written by ttools" in result.output
    assert (foreign / "notes.txt").read_text() == "mine"
    result = invoke("run", event, "-o", work / "site" / "out.xlsx", "--publish", work / "site")
    assert result.exit_code == 2 and "holds" in result.output
    assert not (work / "site").exists()
    assert event.read_bytes() == before and sorted(p.name for p in work.iterdir()) == ["event.xlsx"]
    with pytest.raises(PublishError):
        publish(process_file(str(event)), str(work), keep=[str(event)])


def test_run_and_inbox_publish(tmp_path, invoke):
    sample = ROOT / "samples" / "scrabble-3div.xlsx"
    result = invoke("run", sample, "-o", tmp_path / "out.xlsx", "--publish", tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out.xlsx").exists() and (tmp_path / "site" / "by-name.html").exists()

    from tests.test_mail import maildir, message

    box = maildir(tmp_path / "Maildir", message("Round 5", [("scrabble.xlsx", sample.read_bytes())]))
    web = tmp_path / "www"
    result = invoke("inbox", box, "--publish", web, "--allow", "@example.org")  # the staff's own domain
    assert result.exit_code == 0, result.output
    (event_site,) = [p for p in web.iterdir() if p.is_dir()]
    assert sorted(p.name for p in web.iterdir() if not p.is_dir()) == ["index.html", "site.css"]
    assert event_site.name.startswith("scrabble-2025-scrabble-")
    assert f"published: scrabble.xlsx: {event_site}" in result.output
    assert (event_site / "standings.html").exists()
    events = dom.read(web / "index.html")  # the events published there, linked
    assert events.lang == "zh-Hant"
    assert events.tables[0].rows == [
        [
            "2025 香港 Scrabble 公開賽",
            "Scrabble（WESPA）",
            "第 5 回合後；第 6 回合已編配",
            json.loads((event_site / "version.json").read_text(encoding="utf-8"))["updated"][:16].replace("T", " "),
        ]
    ]
    assert events.tables[0].links[0][0] == f"{event_site.name}/index.html"
    (web / "index.html").write_text("<p>the organiser's own page</p>")
    from ttools.publish.build import write_events_index

    assert write_events_index(str(web)) is None
    assert (web / "index.html").read_text() == "<p>the organiser's own page</p>"
    # a workbook with errors leaves the site as it was, and says so
    from ttools.competitions.scrabble.competition import write_input_workbook

    broken = tmp_path / "broken.xlsx"
    write_input_workbook(
        str(broken),
        [{"id": "1", "name": "A", "division": "A"}, {"id": "1", "name": "B", "division": "A"}],
        {"Rounds": [], "Results": []},
        event={"seed": "s", "name": "2025 Scrabble"},
    )
    before = (event_site / "index.html").read_bytes()
    box2 = maildir(tmp_path / "Maildir2", message("Broken", [("broken.xlsx", broken.read_bytes())]))
    result = invoke("inbox", box2, "--publish", web, "--allow", "@example.org")
    assert "published: broken.xlsx: not updated (the workbook has errors" in result.output
    assert (event_site / "index.html").read_bytes() == before and len([p for p in web.iterdir() if p.is_dir()]) == 1
    result = invoke("inbox", box, "--publish", box, "--allow", "@example.org")
    assert result.exit_code != 0 and "site folder" in result.output


def test_without_an_atomic_exchange_the_folder_is_still_swapped_by_renames(tmp_path, monkeypatch):
    import ttools.publish.build as B

    monkeypatch.setattr(B, "_exchange", lambda a, b: False)
    site = tmp_path / "site"
    B.write_site({"index.html": b"one", MARKER: b"x"}, str(site))
    B.write_site({"index.html": b"two", "big.html": b"b", MARKER: b"x"}, str(site))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert (site / "index.html").read_bytes() == b"two" and (site / "big.html").exists()


def test_an_unreadable_workbook_gives_one_line_and_no_site(tmp_path, invoke):
    junk = tmp_path / "junk.xlsx"
    junk.write_bytes(b"not a workbook" * 10)
    result = invoke("publish", junk, "--to", tmp_path / "site")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "site").exists()


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_text_colours_have_sufficient_contrast():
    """WCAG AA (4.5:1) for every text colour of the stylesheet on the backgrounds it is used on."""
    css = (ROOT / "ttools" / "publish" / "static" / "site.css").read_text(encoding="utf-8")
    var = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})", css))
    pairs = [
        ("ink", "paper"),
        ("muted", "paper"),
        ("link", "paper"),
        ("ink", "zebra"),
        ("link", "zebra"),
        ("muted", "zebra"),
        ("head-ink", "head"),
        ("hl-ink", "hl"),
    ]
    for fg, bg in pairs:
        assert _contrast(var[fg], var[bg]) >= 4.5, (fg, bg)
    big = {"#ffffff": ["#0e1b2a", "#16283d", "#3d5a80", "#2e6b3f"], "#ffe08a": ["#0e1b2a"], "#d9e2ec": ["#0e1b2a"]}
    for fg, bgs in big.items():
        for bg in bgs:
            assert fg in css and bg in css
            assert _contrast(fg, bg) >= 4.5, (fg, bg)


def test_pages_are_made_for_phones(sites):
    site, _ = sites["scrabble-3div"]
    for page in site.glob("*.html"):
        metas = [a for tag, a in dom.read(page).elements if tag == "meta"]
        assert {"name": "viewport", "content": "width=device-width, initial-scale=1"} in metas, page.name


@pytest.mark.parametrize(
    "competition,size,lang",
    [
        ("scrabble", ["--players", "8"], "en"),
        ("scrabble", ["--players", "8"], "zh-Hans"),
        ("nations-cup", ["--teams", "5"], "en"),
        ("nations-cup", ["--teams", "4"], "zh-Hant"),
    ],
)
def test_a_blank_event_publishes_an_index_and_nothing_broken(tmp_path, invoke, competition, size, lang):
    blank = tmp_path / "blank.xlsx"
    assert invoke("new", competition, blank, *size, "--lang", lang).exit_code == 0
    result = invoke("publish", blank, "--to", tmp_path / "site")
    assert result.exit_code == 0, result.output
    index = dom.read(tmp_path / "site" / "index.html")
    assert index.lang == lang
    for page in (tmp_path / "site").glob("*.html"):
        for tag, attrs in dom.read(page).elements:
            if tag == "a" and not attrs["href"].startswith("#"):
                assert (tmp_path / "site" / attrs["href"]).exists(), (page.name, attrs["href"])


def test_run_publishes_even_when_the_pdf_cannot_be_printed(tmp_path, invoke, monkeypatch):
    monkeypatch.setenv("TTOOLS_PDF_FONT", str(tmp_path / "missing.ttf"))  # no font: no PDF
    sample = ROOT / "samples" / "scrabble-3div.xlsx"
    result = invoke("run", sample, "-o", tmp_path / "out.xlsx", "--pdf", "--publish", tmp_path / "site")
    assert result.exit_code == 1 and "no PDF" in result.output
    assert (tmp_path / "site" / "standings.html").exists()


def test_a_simplified_chinese_event_gets_simplified_pages(tmp_path):
    from ttools.competitions.scrabble.competition import write_input_workbook

    players = [{"id": str(i), "name": f"选手{i}", "rating": 1500 - i, "club": "", "division": "A"} for i in range(1, 7)]
    path = tmp_path / "hans.xlsx"
    write_input_workbook(
        str(path),
        players,
        {"Rounds": [{"round": 1, "method": "random"}], "Results": []},
        event={"seed": "s", "name": "公开赛"},
        lang="zh-Hans",
    )
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site), now=NOW)
    assert (site / "by-name.html").exists() and (site / "pairings.html").exists()
    for page in site.glob("*.html"):
        doc = dom.read(page)
        assert doc.lang == "zh-Hans", page.name
        text = "".join(doc.text) + "".join(h for t in doc.tables for h in t.header)
        assert not set(text) & set("對賽輪們編號組別參頁螢進籤種"), (
            page.name,
            set(text) & set("對賽輪們編號組別參頁螢進籤種"),
        )


def test_every_round_by_table_lists_every_slip_of_the_workbook(sites):
    from ttools.competitions.scrabble.load import load
    from ttools.workbook.read import read_book

    data, _ = load(read_book(str(ROOT / "samples" / "scrabble-3div.xlsx")))
    site, _ = sites["scrabble-3div"]
    tables = dom.read(site / "rounds.html").tables
    shown = Counter()
    for table in tables:
        r = int(re.match(r"第 (\d+) 回合", table.caption).group(1))
        for row in table.rows:
            second = "" if row[3] == "輪空" else row[3].split()[0]
            shown[(r, row[1].split()[0], second)] += 1
    slips = Counter((g.round, g.player1, g.player2 or "") for g in data.games)
    assert shown == slips and sum(slips.values()) > 60
    assert [int(re.match(r"第 (\d+) 回合", t.caption).group(1)) for t in tables] == sorted(
        (r for r in range(1, 6) for _ in range(3)), reverse=True
    )  # latest first, three divisions each


@pytest.mark.parametrize("name", ["nations-cup-12", "nations-cup-11-finals"])
def test_nations_cup_finals_by_name_list_every_drawn_player_once_a_round(sites, name):
    site, summary = sites[name]
    (table,) = dom.read(site / "finals-by-name.html").tables
    drawn = Counter((str(d["round"]), p) for d in summary["finals"]["draw"] for p in d["players"])
    assert set(drawn.values()) == {1} and len(drawn) >= 24
    assert Counter((row[3], row[1]) for row in table.rows) == drawn
    tables = {(str(d["round"]), p): str(d["table"]) for d in summary["finals"]["draw"] for p in d["players"]}
    assert all(row[5] == tables[(row[3], row[1])] for row in table.rows)
