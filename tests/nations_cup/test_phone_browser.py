"""The published standings on a phone (390 px wide, headless Chromium, from the site's folder):
rank, team and total of every team are on screen without scrolling sideways; on a wide screen
the standings stay a table."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttools.pipeline import process_file
from ttools.publish.build import publish

from tests.publish.test_browser import Browser, chromium_path  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[2]

CELLS = """
(function () {
  var labels = %s, out = [];
  document.querySelectorAll("table tbody tr").forEach(function (tr) {
    var row = {};
    tr.querySelectorAll("td").forEach(function (td) {
      var box = td.getBoundingClientRect();
      if (labels.indexOf(td.dataset.label) >= 0) {
        row[td.dataset.label] = {text: td.textContent, left: box.left, right: box.right, width: box.width};
      }
    });
    out.push(row);
  });
  return out;
}())
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("phone") / "site"
    publish(process_file(str(ROOT / "samples" / "nations-cup-12.xlsx")), str(folder))
    return folder


@pytest.mark.parametrize("width", [390, 320])
def test_rank_team_and_total_fit_a_phone(chromium_path, site, tmp_path, width):  # noqa: F811
    b = Browser(chromium_path, tmp_path / "profile")
    try:
        # a window is never that narrow: the phone's screen is emulated
        b.call("Emulation.setDeviceMetricsOverride", width=width, height=844, deviceScaleFactor=2, mobile=True)
        b.load((site / "standings.html").as_uri())
        assert b.problems() == []
        inner = b.evaluate("window.innerWidth")
        assert inner == width
        assert b.evaluate("document.documentElement.scrollWidth") <= inner
        assert b.evaluate("Array.from(document.querySelectorAll('.scroll')).every(e => e.scrollWidth <= e.clientWidth)")
        labels = ["名次", "隊伍", "總成績"]
        rows = b.evaluate(CELLS % labels)
        assert len(rows) >= 12
        for row in rows[:12]:
            assert set(row) == set(labels)
            for cell in row.values():
                assert cell["width"] > 0 and cell["left"] >= 0 and cell["right"] <= inner, cell
        totals = [row["總成績"]["text"] for row in rows[:12]]
        assert all(t.replace(".", "").isdigit() and len(t.split(".")[1]) == 2 for t in totals)
    finally:
        b.close()


def test_the_standings_stay_a_table_on_a_wide_screen(chromium_path, site, tmp_path):  # noqa: F811
    b = Browser(chromium_path, tmp_path / "profile", size="1400,900")
    try:
        b.load((site / "standings.html").as_uri())
        assert b.evaluate("getComputedStyle(document.querySelector('table.wide')).display") == "table"
        assert b.evaluate("getComputedStyle(document.querySelector('table.wide thead')).position") != "absolute"
    finally:
        b.close()
