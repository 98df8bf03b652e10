"""The tournament clock (clock.html) in headless Chromium, opened from the site's folder (file://)
as the floor's laptop would: staff start it and step to the next level; a reload finds the same
level and time left; the players left, average stack and head value on the page are the ones
the workbook gives; a new publish brings new counts without touching the clock.

Spec (Levels): "The clock page shows, per running MTT, players left (from Seating's `out` marks
and the results) and the average stack (starting chips × entrants ÷ players left), and for the
bounty event the head value now and the count at which the next chip is issued (附件五)."
附件五: "里程碑為剩餘人數首次降至開賽人數之 1/2、1/4、1/8（無條件捨去），其後於剩餘 3 人、2 人"."""

from __future__ import annotations

import re
import time
from fractions import Fraction

import pytest

from ttools.pipeline import process_file
from ttools.publish.build import publish

from tests.conftest import complete_sheets
from tests.publish.test_browser import Browser, chromium_path  # noqa: F401  (the fixture)


def _event(write_event, extra_out: int = 0):
    """An 11-team Day 2 under way: NLH players out on Seating (three of them placed), 18 bounty
    players out in the log and on Seating, one more only marked out on Seating."""
    sheets = {k: v for k, v in complete_sheets(11).items() if k in ("Players", "Day1", "Lineups")}
    first = process_file(str(write_event(sheets, teams=11, rules={}, name="start.xlsx"))).json()
    rows = [
        {"event": e, "table": s["table"], "seat": s["seat"], "player": s["player"], "out": ""}
        for e in ("nlh", "bounty")
        for s in first["day2"]["draw"][e]
    ]
    nlh = [r for r in rows if r["event"] == "nlh"]
    bounty = [r for r in rows if r["event"] == "bounty"]
    for r in nlh[: 5 + extra_out]:
        r["out"] = 1
    places = [{"player": r["player"], "place": 33 - i} for i, r in enumerate(nlh[:3])]
    winner = bounty[-1]["player"]
    log = [{"hand": 1 + i // 2, "out": r["player"], "to": winner} for i, r in enumerate(bounty[:18])]
    for r in bounty[:19]:
        r["out"] = 1
    sheets = {**sheets, "Seating": rows, "NLH": places, "BountyLog": log}
    path = write_event(sheets, teams=11, rules={}, name=f"day2-{extra_out}.xlsx")
    return path, rows, places, log


def _expected(rows, places, log):
    """Players left, average stack, head value and next milestone, from the rows as typed."""
    out = {}
    for event in ("nlh", "bounty"):
        field = {r["player"] for r in rows if r["event"] == event}
        gone = {r["player"] for r in rows if r["event"] == event and r["out"]}
        gone |= {p["player"] for p in places} if event == "nlh" else {e["out"] for e in log}
        left = len(field - gone)
        avg = Fraction(30000 * len(field), left)
        out[event] = (len(field), left, int(avg + Fraction(1, 2)))
    m = len({r["player"] for r in rows if r["event"] == "bounty"})
    marks = sorted({v for v in (m // 2, m // 4, m // 8, 3, 2) if 2 <= v < m}, reverse=True)
    remaining = m - len(log)
    passed = sum(1 for v in marks if remaining <= v)
    nxt = max(v for v in marks if v < remaining)
    return out, passed + 1, nxt


def _text(b: Browser, selector: str) -> str:
    return b.evaluate(f"(document.querySelector({selector!r}) || {{}}).textContent || ''")


def _seconds(clock: str) -> int:
    parts = [int(x) for x in clock.split(":")]
    return sum(v * 60**i for i, v in enumerate(reversed(parts)))


def _until(b: Browser, ok, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline
        b.pump(0.2)


def _key(b: Browser, key: str, code: str, keycode: int) -> None:
    for kind in ("keyDown", "keyUp"):
        b.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=keycode)


@pytest.fixture
def browser(chromium_path, tmp_path):  # noqa: F811
    b = Browser(chromium_path, tmp_path / "profile")
    yield b
    b.close()


def test_the_clock_keeps_its_level_and_time_across_a_reload_and_shows_the_workbook_counts(
    browser, write_event, tmp_path
):
    path, rows, places, log = _event(write_event)
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site))
    browser.load((site / "clock.html").as_uri())
    assert browser.problems() == []
    assert _text(browser, "#level") == "Level 1" and _text(browser, "#time") == "15:00"
    assert _text(browser, "#blinds") == "100 / 200"
    assert browser.evaluate("document.body.dataset.running") == "0"
    browser.evaluate("document.getElementById('start').click()")
    assert browser.evaluate("document.body.dataset.running") == "1"
    _until(browser, lambda: _seconds(_text(browser, "#time")) < 15 * 60)
    _key(browser, "ArrowRight", "ArrowRight", 39)  # the keyboard's next level
    assert _text(browser, "#level") == "Level 2" and _text(browser, "#blinds") == "200 / 300"
    _until(browser, lambda: _seconds(_text(browser, "#time")) < 15 * 60)  # level 2 runs on
    before = _seconds(_text(browser, "#time"))
    assert 15 * 60 - 5 <= before < 15 * 60
    assert _text(browser, "#next") == "Next: Level 3 · 200 / 400 · Ante 400"
    # the first break follows level 6: the rest of level 2 and levels 3-6
    assert abs(_seconds(_text(browser, "#break").split()[-1]) - (before + 4 * 15 * 60)) <= 1
    browser.call("Page.reload")
    browser.wait_for("Page.loadEventFired")
    browser.pump(0.5)
    assert _text(browser, "#level") == "Level 2"
    assert browser.evaluate("document.body.dataset.running") == "1"
    after = _seconds(_text(browser, "#time"))
    assert before - 3 <= after <= before
    counts, head, nxt = _expected(rows, places, log)
    for event, (entrants, left, avg) in counts.items():
        box = f".mtt[data-event={event}]"
        assert _text(browser, f"{box} .left") == f"{left} of {entrants} players left"
        assert _text(browser, f"{box} .average") == f"Average stack {avg:,}"
    assert _text(browser, ".mtt[data-event=bounty] .head") == f"Head value {head}"
    assert _text(browser, ".mtt[data-event=bounty] .next-chip") == f"Next chip to each player at {nxt} left"
    assert head == 2 and nxt == 8  # 15 left of 33: the milestone at 16 is passed
    # two more NLH players out: the site is published again and the clock picks the counts up
    path, rows, places, log = _event(write_event, extra_out=2)
    publish(process_file(str(path)), str(site))
    counts, _, _ = _expected(rows, places, log)
    entrants, left, avg = counts["nlh"]
    deadline = time.monotonic() + 15
    while _text(browser, ".mtt[data-event=nlh] .left") != f"{left} of {entrants} players left":
        assert time.monotonic() < deadline, "the clock did not pick up the new counts"
        browser.pump(0.5)
    assert _text(browser, "#level") == "Level 2"
    assert _seconds(_text(browser, "#time")) < after
    assert browser.problems() == []
    assert all(u.startswith("file://") for u in browser.requested())


def test_pause_adjust_and_stage_buttons(browser, write_event, tmp_path):
    path, *_ = _event(write_event)
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site))
    browser.load((site / "clock.html").as_uri())
    browser.evaluate("localStorage.clear()")
    browser.call("Page.reload")
    browser.wait_for("Page.loadEventFired")
    browser.pump(0.3)
    click = "document.getElementById('{}').click()".format
    browser.evaluate(click("plus"))
    browser.pump(0.3)
    assert _text(browser, "#time") == "16:00"
    browser.evaluate(click("minus"))
    browser.evaluate(click("minus"))
    browser.pump(0.3)
    assert _text(browser, "#time") == "14:00"
    browser.evaluate(click("reset"))
    browser.evaluate(click("stage-day1-hu"))
    browser.pump(0.3)
    assert _text(browser, "#level") == "Level 1" and _text(browser, "#time") == "8:00"
    assert _text(browser, ".mtt") == ""  # the Day 2 counts belong to the Day 2 clock
    for _ in range(20):
        browser.evaluate(click("next-level"))
    browser.pump(0.3)
    assert _text(browser, "#level") == "Level 15" and _text(browser, "#next") == "Last level"
    _key(browser, " ", "Space", 32)
    browser.pump(0.3)
    assert browser.evaluate("document.body.dataset.running") == "1"
    _key(browser, " ", "Space", 32)
    browser.pump(0.3)
    assert browser.evaluate("document.body.dataset.running") == "0"
    assert re.fullmatch(r"\d+:\d\d", _text(browser, "#time"))
    assert browser.problems() == []


def test_without_counts_beside_it_the_clock_stands_in_the_middle_of_the_screen(browser, write_event, tmp_path):
    """The Day 2 clock has each MTT's counts at its side; the Day 1 and finals clocks have none,
    and their time and blinds stand in the middle of the projected screen, not in a left column
    beside an empty one."""
    path, *_ = _event(write_event)
    site = tmp_path / "site"
    publish(process_file(str(path)), str(site))
    browser.load((site / "clock.html").as_uri())
    middle = (
        "(function (r) { return (r.left + r.right) / 2; })(document.getElementById('time').getBoundingClientRect())"
    )
    width = browser.evaluate("window.innerWidth")
    assert _text(browser, ".mtt") != ""
    assert browser.evaluate(middle) < width * 0.4  # beside the counts
    for stage in ("day1-hu", "day3"):
        browser.evaluate(f"document.getElementById('stage-{stage}').click()")
        browser.pump(0.3)
        assert _text(browser, ".mtt") == ""
        assert abs(browser.evaluate(middle) - width / 2) < width * 0.02
    browser.evaluate("document.getElementById('stage-day2-mtt').click()")
    browser.pump(0.3)
    assert _text(browser, ".mtt") != "" and browser.evaluate(middle) < width * 0.4
    assert browser.problems() == []
