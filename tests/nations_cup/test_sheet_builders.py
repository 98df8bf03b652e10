"""The Nations Cup report sheets as sheet builders: one per sheet, in output order, sharing one
Context per set of reports; the quick reckoner's builder makes its own rows."""

from __future__ import annotations

import pytest

from ttools.competitions.base import build_sheets
from ttools.competitions.nations_cup import report as R
from ttools.competitions.nations_cup import site as SITE
from ttools.competitions.nations_cup.reckoner import reckoner
from ttools.pipeline import process_file

from tests.nations_cup.sample_generator import SAMPLES

ORDER = [
    "Appendix7",
    "Schedules",
    "Appendix1",
    "Appendix2",
    "Day1Board",
    "Day2Draw",
    "Moves",
    "CurrentSeating",
    "TableCards",
    "NLHPoints",
    "Bounty",
    "Appendix5",
    "Running",
    "Standings",
    "Appendix6",
    "FinalsDraw",
    "FinalsResults",
    "FinalStandings",
    "Reckoner",
    "Players",
    "Missing",
]


@pytest.fixture(scope="module")
def results():
    return {
        name: process_file(str(SAMPLES / name)).results
        for name in ("nations-cup-12.xlsx", "nations-cup-11.xlsx", "nations-cup-minimal.xlsx")
    }


def test_the_builders_make_their_sheets_in_output_order(results):
    made = [r.key for r in R.reports(results["nations-cup-12.xlsx"], "zh-Hant")]
    assert made == [k for k in ORDER if k in made]
    assert {"Appendix7", "Standings", "Appendix6", "FinalStandings", "Reckoner", "Players"} <= set(made)
    assert len(R.SHEETS) == len(ORDER)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_the_reckoner_sheet_makes_the_rows_a_caller_used_to_pass(results, lang):
    res = results["nations-cup-11.xlsx"]
    data = res.data
    given = reckoner(data.teams_n, data.rules, data.scales).rows(lang)
    assert R.reports(res, lang) == R.reports(res, lang, given)
    assert list(build_sheets(R.SHEETS, R.Context(res, lang))) == R.reports(res, lang)


def test_a_builder_with_nothing_to_show_gives_none(results):
    ctx = R.Context(results["nations-cup-minimal.xlsx"], "en")
    assert R.standings_sheet(ctx) is None and R.final_standings_sheet(ctx) is None and R.bounty_sheet(ctx) is None
    assert R.day1_pairings_sheet(ctx).key == "Appendix7"


def test_the_team_countries_are_counted_once_per_context(results):
    res = results["nations-cup-12.xlsx"]
    ctx = R.Context(res, "en")
    assert ctx.countries == R.team_countries(res.data.players)
    assert all(ctx.country(team) for team in res.data.teams)
    assert not hasattr(R, "_COUNTRIES")  # no cache of the last roster kept between sets of reports


def test_the_site_has_a_page_per_team_after_the_by_name_pages(results):
    res = results["nations-cup-12.xlsx"]
    plan = SITE.site(res, "zh-Hans")
    slugs = [p.slug for p in plan.pages]
    assert slugs[:4] == ["day1-by-name", "day2-by-name", "finals-by-name", "teams"]
    assert slugs[4:] == [SITE.team_slug(t) for t in res.data.teams]
    assert res.final_standings.complete
    assert plan.big == ["final-standings", "finals-by-name", "standings"]  # the finals over: the result first
    during = SITE.site(process_file(str(SAMPLES / "nations-cup-11-finals.xlsx")).results, "en")
    assert during.big == ["finals-by-name", "final-standings", "standings"]
