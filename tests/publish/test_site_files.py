"""A competition's further site files (SitePlan.files) and the index's links to them (SitePlan.links)."""

from __future__ import annotations

from pathlib import Path


def test_the_nations_cup_index_links_its_clock(invoke, tmp_path):
    for lang, title in (("zh-Hant", "賽事時鐘（投影用）"), ("en", "Tournament clock (for the projector)")):
        book = tmp_path / f"{lang}.xlsx"
        result = invoke("new", "nations-cup", book, "--teams", "8", "--lang", lang)
        assert result.exit_code == 0, result.stderr
        site = tmp_path / f"site-{lang}"
        result = invoke("run", book, "--publish", site)
        assert result.exit_code == 0, result.stderr
        index = (site / "index.html").read_text(encoding="utf-8")
        assert f'<li><a href="clock.html">{title}</a></li>' in index
        assert (site / "clock.html").is_file()


def test_a_link_to_a_file_the_plan_does_not_write_is_left_out():
    from types import SimpleNamespace

    from ttools.publish import build
    from ttools.publish.pages import SitePlan

    plan = SitePlan(files={"a.html": b"<p>a</p>"}, links=[("a.html", "A"), ("missing.html", "B")])
    outcome = SimpleNamespace(
        contract=SimpleNamespace(site_plan=lambda res, lang: plan),
        results=object(),
        lang="en",
        reports=[],
        event_name="E",
        competition="quiz",
        json=lambda: {},
    )
    files = build.render(outcome)
    assert b'href="a.html"' in files["index.html"] and b"missing.html" not in files["index.html"]
    assert files["a.html"] == b"<p>a</p>"


def test_fixed_decimal_formats_print_their_places_on_the_site_and_in_the_pdf():
    """The reckoner's "0.0000" column shows 2.8490 as the workbook does, not 2.849."""
    from decimal import Decimal

    from ttools.publish.pages import cell_text

    assert cell_text(Decimal("2.849"), "0.0000") == "2.8490"
    assert cell_text(2.849, "0.000") == "2.849"
    assert cell_text(87.3, "0.00") == "87.30"
    assert cell_text(3, "0.0") == "3.0"
    assert cell_text(2.5, None) == "2.5"


def test_red_suits_are_red_on_the_site_as_in_print(tmp_path, invoke):
    """A block's coloured cells (Block.colors: Shengji's hearts and diamonds) carry the colour's
    class on the site, and only those cells do."""
    import re

    sample = Path(__file__).resolve().parents[2] / "samples" / "shengji-30.xlsx"
    site = tmp_path / "site"
    result = invoke("run", sample, "-o", tmp_path / "out.xlsx", "--publish", site)
    assert result.exit_code == 0, result.stderr
    page = (site / "board-r1-b1.html").read_text(encoding="utf-8")
    red = re.findall(r'<td class="red" data-label="([^"]+)">', page)
    assert red and set(red) <= {"♥", "♦"}
    assert re.search(r'<td data-label="♠">', page)  # the other suits plain
    assert "td.red" in (site / "site.css").read_text(encoding="utf-8")
