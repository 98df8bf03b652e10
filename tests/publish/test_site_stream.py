"""The site is written as it is made: each page goes to the folder being built while its rows are
still being made, nothing of it is kept, and the version the big screen polls still changes
exactly when what the pages show changes."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from ttools.outcome import Outcome
from ttools.pipeline import process_file
from ttools.publish import build as B
from ttools.publish.pages import SitePlan
from ttools.workbook.write import Block, Report

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 5, 1, 9, 30, tzinfo=timezone.utc)


class CountedRows(list):
    """A block's rows that count how many have been handed out."""

    handed = 0

    def __iter__(self):
        for row in super().__iter__():
            CountedRows.handed += 1
            yield row


def outcome_of(rows: list, summary: dict | None = None) -> Outcome:
    report = Report("Scores", "Scores", "Bench · Scores", [Block("", ["Player", "Score"], rows)])
    return Outcome(competition="shengji", lang="en", summary=summary or {}, make_reports=lambda: [report])


def test_a_long_page_is_written_in_pieces_before_its_last_row_is_made():
    rows = CountedRows([f"Player {i}", i] for i in range(50_000))
    CountedRows.handed = 0
    files = B.site_files(outcome_of(rows), NOW)
    name, content = next(files)
    assert name == "index.html"
    b"".join(content)
    name, content = next(files)
    assert name == "scores.html" and CountedRows.handed == 0  # nothing made before it is asked for
    first = next(content)
    assert 0 < CountedRows.handed < len(rows) // 4 and b">Player 0</td>" in first
    rest = b"".join(content)
    assert CountedRows.handed == len(rows) and b">Player 49999</td>" in rest
    assert (first + rest).count(b"<tr>") == len(rows) + 1  # the header row and every row, once


def test_what_publish_writes_is_what_render_gives(tmp_path):
    outcome = process_file(str(ROOT / "samples" / "shengji-30.xlsx"))
    files = B.render(outcome, NOW)
    site = B.publish(outcome, str(tmp_path / "site"), now=NOW)
    written = {p.name: p.read_bytes() for p in (tmp_path / "site").iterdir()}
    assert written == files
    assert site.pages == sorted(n for n in files if n.endswith(".html")) and len(site.pages) > 30
    assert b"\x00" not in b"".join(files.values())  # every clock mark filled in


def test_the_version_changes_with_any_shown_cell_and_only_then():
    def version(rows, summary=None, now=NOW) -> str:
        return json.loads(B.render(outcome_of(rows, summary), now)["version.json"])["version"]

    rows = [[f"Player {i}", i] for i in range(300)]
    same = version(rows)
    assert version([list(r) for r in rows], now=datetime(2027, 2, 3, 4, 5, tzinfo=timezone.utc)) == same
    changed = [list(r) for r in rows]
    changed[299][1] = 300
    assert version(changed) != same
    assert version(rows, {"seed": "other"}) != same  # the summary is shown too (summary.json)


def test_a_plan_file_that_would_replace_a_page_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    outcome, plan = outcome_of([["A", 1]]), SitePlan()
    monkeypatch.setattr(B, "plan_for", lambda o: ([B.report_page(r) for r in o.reports], plan))
    site = tmp_path / "site"
    B.publish(outcome, str(site), now=NOW)
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    for name in ("scores.html", "big.html", "summary.json", "../x.html", "Upper.html"):
        plan = SitePlan(files={name: b"mine"})
        with pytest.raises(ValueError, match="may not write"):
            B.publish(outcome, str(site), now=datetime(2027, 1, 1, tzinfo=timezone.utc))
        assert {p.name: p.read_bytes() for p in site.iterdir()} == before
        assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no folder left half-built
    plan = SitePlan(files={"clock.html": b"<p>mine</p>"})
    B.publish(outcome, str(site), now=NOW)
    assert (site / "clock.html").read_bytes() == b"<p>mine</p>" and (site / "scores.html").exists()
