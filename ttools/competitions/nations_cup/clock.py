"""The tournament clock of the published site (clock.html, for the projector): the page and its
script, and clock-data.js, what ttools knows of the event now (the structures from the Levels
sheet, players left and average stacks, the bounty head value and the next milestone).

The clock's own state (stage, level, time left, running or paused) is the staff's: the page keeps
it in the browser's localStorage under the event's key, so a reload or a new publish of the site
finds the clock where it was; ttools never writes it. The page needs no network and works from a
folder (file://): the data comes as a script, polled again every few seconds, which a page opened
from a folder may load where it may not fetch a file."""

from __future__ import annotations

import html
import json
from typing import Any

from ttools.competitions.nations_cup import levels as LV
from ttools.i18n import Translator

POLL_SECONDS = 5


def _texts(t: Translator) -> dict[str, str]:
    """The page's words in the event's language; {n}-style fields are filled in by the script."""
    return {
        "title": t("賽事時鐘", "Tournament clock"),
        "start": t("開始", "Start"),
        "pause": t("暫停", "Pause"),
        "next": t("下一級", "Next level"),
        "prev": t("上一級", "Previous level"),
        "plus": t("加 1 分鐘", "+1 minute"),
        "minus": t("減 1 分鐘", "−1 minute"),
        "reset": t("本級重來", "Restart level"),
        "level": t("第 {n} 級", "Level {n}"),
        "break": t("休息", "Break"),
        "blinds": t("盲注", "Blinds"),
        "ante": t("前注 {n}", "Ante {n}"),
        "no_ante": t("無前注", "No ante"),
        "next_level": t("下一級：{x}", "Next: {x}"),
        "break_minutes": t("休息 {n} 分鐘", "break, {n} min"),
        "last": t("最後一級", "Last level"),
        "next_break": t("距下次休息：{x}", "Next break in {x}"),
        "no_break": t("之後無休息", "No break to come"),
        "paused": t("已暫停", "Paused"),
        "running": t("進行中", "Running"),
        "ended": t("結構已走完", "End of the structure"),
        "left": t("在場 {left} / {entrants} 人", "{left} of {entrants} players left"),
        "average": t("平均籌碼 {n}", "Average stack {n}"),
        "head": t("人頭值 {n}", "Head value {n}"),
        "next_chip": t("剩 {n} 人時每人補發 1 枚", "Next chip to each player at {n} left"),
        "champion_chip": t("冠軍產生時補發 1 枚", "Next chip: the champion's"),
        "keys": t(
            "空白鍵 開始／暫停 · → 下一級 · ← 上一級 · ↑ 加 1 分鐘 · ↓ 減 1 分鐘 · R 本級重來 · 1／2／3 換階段",
            "Space start/pause · → next level · ← previous · ↑ +1 min · ↓ −1 min · R restart level · 1/2/3 stage",
        ),
    }


def _default_stage(res: Any) -> str:
    """The stage the clock opens on when staff have not chosen one: the event's stage now."""
    if res.finalists:
        return "day3"
    if res.draws and res.qualification is None:
        return "day2-mtt"
    return "day1-hu"


def _mtts(res: Any, t: Translator) -> list[dict[str, Any]]:
    """Players left and the average stack of each Day 2 MTT whose seats are drawn, while it runs."""
    out = []
    for event, title in (("nlh", t("NLH MTT", "NLH MTT")), ("bounty", t("獵人賽", "Escalating Bounty MTT"))):
        counts = LV.players_left(res, event)
        if counts is None or res.qualification is not None:
            continue
        entrants, left = counts
        out.append(
            {
                "event": event,
                "title": title,
                "entrants": entrants,
                "left": left,
                "average": LV.average_stack(entrants, left),
            }
        )
    return out


def _bounty(res: Any) -> dict[str, Any] | None:
    """The bounty event's head value and next milestone while it runs (from its log)."""
    if not res.draws.get("bounty") or res.qualification is not None or (res.bounty and res.bounty.complete):
        return None
    head, nxt = LV.next_chip(res)
    return {"head": head, "next": nxt}


def clock_data(res: Any, lang: str) -> dict[str, Any]:
    """Everything the clock shows that ttools knows, as JSON-ready data."""
    t = Translator(lang)
    data = res.data
    levels = {
        stage: [
            {
                "level": lv.level,
                "small": lv.small,
                "big": lv.big,
                "ante": lv.ante,
                "seconds": int(lv.minutes * 60),
            }
            for lv in data.levels[stage]
        ]
        for stage in LV.STAGES
    }
    return {
        # the clock's state is kept per event: two events on one machine do not share a clock
        "key": f"nations-cup|{data.seed}|{data.name}",
        "name": data.name or "Nations Cup",
        "stage": _default_stage(res),
        "stages": [{"id": s, "title": t(LV.STAGE_NAMES[s]["zh-Hant"], LV.STAGE_NAMES[s]["en"])} for s in LV.STAGES],
        "levels": levels,
        "mtts": _mtts(res, t),
        "bounty": _bounty(res),
        "text": _texts(t),
    }


def clock_files(res: Any, lang: str) -> dict[str, bytes]:
    """clock.html and clock-data.js for the site."""
    data = clock_data(res, lang)
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    page = (
        PAGE.replace("@LANG@", html.escape(lang))
        .replace("@TITLE@", html.escape(f"{data['name']} · {data['text']['title']}"))
        .replace("@DATA@", payload)
        .replace("@POLL@", str(POLL_SECONDS * 1000))
    )
    script = f"window.ttoolsClockData && window.ttoolsClockData({payload});\n"
    return {"clock.html": page.encode("utf-8"), "clock-data.js": script.encode("utf-8")}


PAGE = """<!DOCTYPE html>
<html lang="@LANG@">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ttools publish: clock">
<title>@TITLE@</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<style>
html, body { margin: 0; height: 100%; }
/* sized by the screen's height as well as its width: a projector shows it all without scrolling */
body { background: #0e1b2a; color: #ffffff; font-size: clamp(12px, min(1.5vw, 2.4vh), 40px);
  font-family: system-ui, "Noto Sans CJK TC", "Microsoft JhengHei", "PingFang TC", sans-serif;
  display: flex; flex-direction: column; font-variant-numeric: tabular-nums; }
:lang(zh-Hans) body, body:lang(zh-Hans) { font-family: system-ui, "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif; }
header { padding: .3em 1em; border-bottom: 2px solid #3d5a80; display: flex; justify-content: space-between; gap: 1em; }
header h1 { margin: 0; font-size: 1.3em; }
header p { margin: 0; color: #d9e2ec; font-size: 1.3em; }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: 2fr 1fr; gap: 1em; padding: .5em 1em; }
.clock { text-align: center; display: flex; flex-direction: column; justify-content: center; }
.clock p { margin: 0; }
#level { font-size: min(2.6em, 7vh); color: #ffe08a; }
#time { font-size: min(9em, 24vh); font-weight: 700; line-height: 1.05; }
#blinds { font-size: min(4em, 11vh); font-weight: 700; line-height: 1.1; }
#ante { font-size: min(2em, 5vh); color: #d9e2ec; }
#status { font-size: 1.3em; color: #f2a900; min-height: 1.3em; }
#next, #break { font-size: 1.6em; color: #d9e2ec; }
aside { display: flex; flex-direction: column; gap: .6em; justify-content: center; }
.panel { border: 2px solid #3d5a80; border-radius: .4em; padding: .4em .8em; }
.panel h2 { margin: 0 0 .1em; font-size: 1.6em; color: #ffe08a; }
.panel p { margin: .1em 0; font-size: 1.8em; }
nav { padding: .3em 1em .5em; display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
button { font: inherit; font-size: .9em; padding: .25em .7em; border-radius: .3em; border: 1px solid #5c7799;
  background: #16283d; color: #ffffff; cursor: pointer; }
button[aria-pressed="true"] { background: #3d5a80; font-weight: 700; }
button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
#keys { color: #9fb3c8; font-size: .8em; margin-left: auto; }
/* no counts beside the clock (Day 1, the finals): the clock alone, in the middle of the screen */
main.alone { grid-template-columns: 1fr; }
main.alone aside { display: none; }
@media (max-width: 50rem) { main { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<header><h1 id="name"></h1><p id="stage-title"></p></header>
<main>
<section class="clock" aria-live="polite">
<p id="level"></p>
<p id="time"></p>
<p id="blinds"></p>
<p id="ante"></p>
<p id="status"></p>
<p id="next"></p>
<p id="break"></p>
</section>
<aside id="side"></aside>
</main>
<nav>
<button type="button" id="start"></button>
<button type="button" id="prev"></button>
<button type="button" id="next-level"></button>
<button type="button" id="minus"></button>
<button type="button" id="plus"></button>
<button type="button" id="reset"></button>
<span id="stages"></span>
<span id="keys"></span>
</nav>
<script type="application/json" id="clock-data">@DATA@</script>
<script>
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("clock-data").textContent);
  var KEY = "ttools-clock:" + data.key;
  var state = null;
  function $(id) { return document.getElementById(id); }
  function fill(text, values) {
    return text.replace(/\\{(\\w+)\\}/g, function (m, k) { return values[k] === undefined ? m : String(values[k]); });
  }
  function chips(n) { return String(n).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ","); }
  function rows() { return data.levels[state.stage] || []; }
  function full(i) { var r = rows()[i]; return r ? r.seconds * 1000 : 0; }
  function fresh(stage) { state = {stage: stage, index: 0, running: false, left: 0, at: Date.now()}; state.left = full(0); }
  function save() { try { window.localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode: the clock still runs */ } }
  function restore() {
    var s = null;
    try { s = JSON.parse(window.localStorage.getItem(KEY) || "null"); } catch (e) { s = null; }
    if (s && data.levels[s.stage] && typeof s.index === "number" && typeof s.left === "number") { state = s; }
    else { fresh(data.stage); }
    clamp();
  }
  function clamp() {
    var n = rows().length;
    if (state.index > n - 1) { state.index = Math.max(0, n - 1); state.left = full(state.index); }
  }
  function remaining(now) { return state.running ? state.left - (now - state.at) : state.left; }
  // a running clock moves into the following rows by itself, also for the time the page was closed
  function settle(now) {
    if (!state.running) { return; }
    var left = remaining(now), n = rows().length, moved = false;
    while (left <= 0 && state.index < n - 1) { state.index += 1; left += full(state.index); moved = true; }
    if (left <= 0) { left = 0; state.running = false; moved = true; }
    if (moved) { state.left = left; state.at = now; save(); }
  }
  function act(change) {
    var now = Date.now();
    settle(now);
    state.left = remaining(now);
    state.at = now;
    change();
    save();
    draw();
  }
  var actions = {
    start: function () { act(function () { state.running = !state.running && state.left > 0; }); },
    next: function () { act(function () { if (state.index < rows().length - 1) { state.index += 1; state.left = full(state.index); } }); },
    prev: function () { act(function () { if (state.index > 0) { state.index -= 1; state.left = full(state.index); } }); },
    plus: function () { act(function () { state.left += 60000; }); },
    minus: function () { act(function () { state.left = Math.max(0, state.left - 60000); }); },
    reset: function () { act(function () { state.left = full(state.index); }); },
    stage: function (id) { act(function () { if (id !== state.stage) { fresh(id); } }); }
  };
  function clockText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }
  function blinds(r) { return chips(r.small) + " / " + chips(r.big); }
  function rowText(r) {
    if (r.level === null) { return fill(data.text.break_minutes, {n: Math.round(r.seconds / 60)}); }
    return fill(data.text.level, {n: r.level}) + " · " + blinds(r) + (r.ante ? " · " + fill(data.text.ante, {n: chips(r.ante)}) : "");
  }
  function drawSide() {
    var side = $("side");
    while (side.firstChild) { side.removeChild(side.firstChild); }
    function panel(cls, title, lines) {
      var box = document.createElement("section"), h = document.createElement("h2");
      box.className = "panel " + cls;
      h.textContent = title;
      box.appendChild(h);
      lines.forEach(function (l) { var p = document.createElement("p"); p.className = l[0]; p.textContent = l[1]; box.appendChild(p); });
      side.appendChild(box);
      return box;
    }
    var alone = state.stage !== "day2-mtt" || !data.mtts.length;
    document.querySelector("main").classList.toggle("alone", alone);
    if (alone) { return; }
    data.mtts.forEach(function (m) {
      var lines = [["left", fill(data.text.left, {left: m.left, entrants: m.entrants})]];
      if (m.average !== null) { lines.push(["average", fill(data.text.average, {n: chips(m.average)})]); }
      if (m.event === "bounty" && data.bounty) {
        lines.push(["head", fill(data.text.head, {n: data.bounty.head})]);
        lines.push(["next-chip", data.bounty.next === null ? data.text.champion_chip : fill(data.text.next_chip, {n: data.bounty.next})]);
      }
      panel("mtt", m.title, lines).setAttribute("data-event", m.event);
    });
  }
  function draw() {
    var now = Date.now();
    settle(now);
    var r = rows(), cur = r[state.index], left = remaining(now);
    if (!cur) { return; }
    $("name").textContent = data.name;
    data.stages.forEach(function (s) { if (s.id === state.stage) { $("stage-title").textContent = s.title; } });
    $("level").textContent = cur.level === null ? data.text.break : fill(data.text.level, {n: cur.level});
    $("time").textContent = clockText(left);
    $("blinds").textContent = cur.level === null ? "" : blinds(cur);
    $("ante").textContent = cur.level === null ? "" : (cur.ante ? fill(data.text.ante, {n: chips(cur.ante)}) : data.text.no_ante);
    var ended = !state.running && left <= 0 && state.index === r.length - 1;
    $("status").textContent = ended ? data.text.ended : (state.running ? "" : data.text.paused);
    $("next").textContent = state.index < r.length - 1 ? fill(data.text.next_level, {x: rowText(r[state.index + 1])}) : data.text.last;
    var until = left, found = false;
    for (var i = state.index + 1; i < r.length; i += 1) {
      if (r[i].level === null) { found = true; break; }
      until += r[i].seconds * 1000;
    }
    $("break").textContent = found ? fill(data.text.next_break, {x: clockText(until)}) : data.text.no_break;
    $("start").textContent = state.running ? data.text.pause : data.text.start;
    document.body.setAttribute("data-running", state.running ? "1" : "0");
  }
  function setup() {
    $("prev").textContent = data.text.prev;
    $("next-level").textContent = data.text.next;
    $("minus").textContent = data.text.minus;
    $("plus").textContent = data.text.plus;
    $("reset").textContent = data.text.reset;
    $("keys").textContent = data.text.keys;
    var box = $("stages");
    data.stages.forEach(function (s) {
      var b = document.createElement("button");
      b.type = "button";
      b.id = "stage-" + s.id;
      b.textContent = s.title;
      b.addEventListener("click", function () { actions.stage(s.id); markStage(); drawSide(); });
      box.appendChild(b);
    });
    $("start").addEventListener("click", actions.start);
    $("next-level").addEventListener("click", actions.next);
    $("prev").addEventListener("click", actions.prev);
    $("plus").addEventListener("click", actions.plus);
    $("minus").addEventListener("click", actions.minus);
    $("reset").addEventListener("click", actions.reset);
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) { return; }
      var k = e.key, map = {" ": "start", "ArrowRight": "next", "n": "next", "N": "next", "ArrowLeft": "prev",
        "p": "prev", "P": "prev", "ArrowUp": "plus", "+": "plus", "ArrowDown": "minus", "-": "minus", "r": "reset", "R": "reset"};
      if (map[k]) { e.preventDefault(); actions[map[k]](); return; }
      var n = parseInt(k, 10);
      if (n >= 1 && n <= data.stages.length) { actions.stage(data.stages[n - 1].id); markStage(); drawSide(); }
    });
  }
  function markStage() {
    data.stages.forEach(function (s) { $("stage-" + s.id).setAttribute("aria-pressed", s.id === state.stage ? "true" : "false"); });
  }
  // a new publish of the site brings new counts; the clock's own state stays as the staff left it
  window.ttoolsClockData = function (d) {
    if (!d || d.key !== data.key) { return; }
    data = d;
    clamp();
    drawSide();
    draw();
  };
  function poll() {
    var s = document.createElement("script");
    s.src = "clock-data.js?t=" + Date.now();
    s.onload = s.onerror = function () { s.remove(); };
    document.head.appendChild(s);
  }
  // another window of the same clock (a second projector) follows the staff's changes
  window.addEventListener("storage", function (e) { if (e.key === KEY) { restore(); markStage(); drawSide(); draw(); } });
  restore();
  setup();
  markStage();
  drawSide();
  draw();
  window.setInterval(draw, 250);
  window.setInterval(poll, @POLL@);
}());
</script>
</body>
</html>
"""
