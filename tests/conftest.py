"""Shared fixtures: the CLI driven in-process, and a complete small Nations Cup event to break."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from ttools.cli import cli
from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.competitions.nations_cup.day1 import day1_pairings
from ttools.competitions.nations_cup.model import team_letters

SEED = "test-seed"


def complete_sheets(teams: int = 4, seed: str = SEED) -> dict[str, list[dict[str, Any]]]:
    """Every input of a finished qualification: roster, Day 1 winners, line-ups, NLH places and
    a bounty log down to the champion. Rows are in sheet order, so row i sits on line i + 2."""
    letters = team_letters(teams)
    players = [{"team": t, "number": n, "name": f"Player {t}{n}"} for t in letters for n in range(1, 7)]
    day1 = [
        {
            "round": m.round,
            "table": m.table,
            "home": m.home,
            "away": m.away,
            "winner": m.home if (m.round + m.table) % 2 else m.away,
        }
        for m in day1_pairings(letters, seed)
    ]
    lineups = [{"team": t, "event": "nlh", "player": f"{t}{n}"} for t in letters for n in (1, 2, 3)] + [
        {"team": t, "event": "bounty", "player": f"{t}{n}"} for t in letters for n in (4, 5, 6)
    ]
    nlh_field = [f"{t}{n}" for t in letters for n in (1, 2, 3)]
    nlh = [{"player": p, "place": place} for place, p in enumerate(nlh_field, start=1)]
    bounty_field = [f"{t}{n}" for t in letters for n in (4, 5, 6)]
    champion, runner_up = bounty_field[0], bounty_field[1]
    out_order = bounty_field[:0:-1]  # last listed goes out first; the runner-up goes last
    log = [
        {"hand": h, "out": p, "to": champion if h % 2 or p == runner_up else runner_up}
        for h, p in enumerate(out_order, start=1)
    ]
    return {"Players": players, "Day1": day1, "Lineups": lineups, "NLH": nlh, "BountyLog": log}


@pytest.fixture
def invoke() -> Callable[..., Any]:
    """Run ``ttools ARGS…`` in-process; stdout and stderr are kept apart."""
    runner = CliRunner()

    def _invoke(*args: Any, **kw: Any):
        return runner.invoke(cli, [str(a) for a in args], **kw)

    return _invoke


@pytest.fixture
def write_event(tmp_path: Path) -> Callable[..., Path]:
    """Write an event workbook into tmp_path: ``write_event(sheets, name=, teams=, lang=, event={…})``;
    ``event`` overrides cells of the Event sheet (e.g. the team count as typed)."""

    def _write(
        sheets: dict[str, list[dict[str, Any]]] | None = None,
        name: str = "event.xlsx",
        teams: int = 4,
        lang: str = "en",
        rules: dict[str, Any] | None = None,
        event: dict[str, Any] | None = None,
    ) -> Path:
        path = tmp_path / name
        event = {"seed": SEED, "name": "Test Cup", **(event or {})}
        if rules is None and teams * 3 < 32:
            # a field this small seats fewer than the rulebook's 8 a table: its organiser types
            # the table count (on auto it is a warning, see test_bad_input)
            rules = {"tables_day2": 4}
        write_input_workbook(
            str(path), teams, complete_sheets(teams) if sheets is None else sheets, event=event, rules=rules, lang=lang
        )
        return path

    return _write


@pytest.fixture
def json_of(invoke, tmp_path: Path) -> Callable[..., tuple[Any, dict[str, Any]]]:
    """``json_of('check', path, *more)`` -> (click result, the JSON summary it wrote)."""

    def _run(command: str, path: Path, *more: Any):
        target = tmp_path / f"{Path(path).stem}.{command}.json"
        result = invoke(command, path, "--json", target, *more)
        assert target.exists(), result.stderr
        return result, json.loads(target.read_text(encoding="utf-8"))

    return _run


@pytest.fixture(autouse=True)
def every_problem_has_a_place(monkeypatch):
    """Every problem the Nations Cup reports for a workbook processed by any test names the sheet
    and the cell it is about (a Rules/Event setting's problem: that setting's cell): checked after
    each test over everything it processed."""
    from ttools.competitions.nations_cup.competition import NationsCup

    seen: list = []
    process = NationsCup.process

    def recording(self, book, *args, **kw):
        outcome = process(self, book, *args, **kw)
        seen.extend(outcome.problems)
        return outcome

    monkeypatch.setattr(NationsCup, "process", recording)
    yield
    placeless = sorted({p.line() for p in seen if not (p.sheet and p.cell)})
    assert not placeless, "problems without a sheet and a cell:\n" + "\n".join(placeless)
    # messages for floor staff: no empty ranges ("第 2–2 名") and no formulas ("p+1 … p+k−1")
    import re

    odd = sorted(
        {
            m
            for p in seen
            for m in (p.message("en"), p.message("zh-Hant"))
            if re.search(r"(?<![\d.])(\d+)–\1(?![\d.])", m) or re.search(r"\b[a-z]\s*[+−-]\s*\d", m)
        }
    )
    assert not odd, "messages floor staff should not have to decode:\n" + "\n".join(odd)
