"""The published site gives each player the place the Standings sheet prints, withdrawn players
included, as the Rules setting ``withdrawn`` says (TSH's ``config show_inactive``: with it set
inactive players are ranked among the others; TSH's standings otherwise splice them out)."""

from __future__ import annotations

import json

import pytest

from ttools.competitions.scrabble.compute import compute
from ttools.competitions.scrabble.load import load
from ttools.competitions.scrabble.site import site
from ttools.workbook.read import read_book

# Cat won round 1 and withdrew (off 0): 1-0, ahead of Dan (0-3) when she is ranked.
T_FILE = (
    "Ann        1500 2 4 0; 400 420 50\n"
    "Bob        1400 1 0 4; 380 50 400\n"
    "Cat        1300 4 0 0; 500 0 0; off 0\n"
    "Dan        1200 3 1 2; 300 390 380\n"
)


def _site_places(workbook) -> tuple[dict[str, str], dict[str, str]]:
    """name -> place on the players page, and on each player's own page."""
    data, problems = load(read_book(str(workbook)))
    plan = site(compute(data, problems), "en")
    players = next(p for p in plan.pages if p.slug == "players")
    (block,) = players.blocks
    rank = block.header.index("Rank")
    listed = {row[0].text: str(row[rank]) for row in block.rows}
    own = {}
    for page in plan.pages:
        if not page.listed:  # one page per player: its first block is who they are
            facts = page.blocks[0]
            own[facts.rows[0][1]] = str(facts.rows[0][facts.header.index("Rank")])
    return listed, own


@pytest.mark.parametrize(
    "config,expected",
    [
        ("config show_inactive = 1\n", {"Ann": "1", "Bob": "2", "Cat": "3", "Dan": "4"}),  # ranked
        ("", {"Ann": "1", "Bob": "2", "Cat": "", "Dan": "3"}),  # hidden: no place
    ],
)
def test_site_places_follow_the_withdrawn_setting(invoke, tmp_path, config, expected):
    folder = tmp_path / "tsh"
    folder.mkdir()
    (folder / "a.t").write_text(T_FILE, encoding="utf-8")
    (folder / "config.tsh").write_text("division a a.t\n" + config, encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", folder, "-o", workbook, "--lang", "en").exit_code == 0
    target = tmp_path / "ev.json"
    assert invoke("run", workbook, "-o", tmp_path / "ev.out.xlsx", "--json", target).exit_code in (0, 1)
    sheet = {r["name"]: r["place"] for r in json.loads(target.read_text(encoding="utf-8"))["standings"]["A"]}
    listed, own = _site_places(workbook)
    assert listed == expected and own == expected
    # the Standings sheet prints the same places (a player it leaves out has none)
    assert {name: sheet.get(name, "") for name in expected} == expected


def test_site_lists_a_withdrawn_player_below_without_a_place(invoke, tmp_path):
    # a loose .t file: ttools' own default, listed below the others without a place
    (tmp_path / "a.t").write_text(T_FILE, encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    listed, own = _site_places(workbook)
    assert listed == own == {"Ann": "1", "Bob": "2", "Cat": "", "Dan": "3"}
