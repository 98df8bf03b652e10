"""The sheet builders (one per output sheet, in order, none for a sheet with nothing to show), the
site's pages, and the Chinese they write: Traditional literals whose Simplified form is OpenCC's
conversion, choice words understood in either script."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from opencc_purepy import OpenCC

from ttools.competitions import get
from ttools.competitions.scrabble import compute, interchange, load, report, results, site, tsh, tsh_config
from ttools.competitions.scrabble import schema as S
from ttools.i18n import simplified
from ttools.problems import _CATALOG
from ttools.workbook import normalize as nz
from ttools.workbook.read import read_book

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ttools" / "competitions" / "scrabble"
T2S, S2T = OpenCC("t2s"), OpenCC("s2t")


def processed(path: Path):
    return get("scrabble").process(read_book(str(path)))


@pytest.fixture(scope="module")
def paired():
    """The sample after ``ttools run``: round 6 paired (results of the sample itself)."""
    return processed(ROOT / "samples" / "scrabble-3div.xlsx").results


@pytest.fixture(scope="module")
def waiting(tmp_path_factory):
    """The output run again: round 6 on Results, waiting for its slips."""
    out = tmp_path_factory.mktemp("scrabble") / "sample.out.xlsx"
    processed(ROOT / "samples" / "scrabble-3div.xlsx").writer(str(out))
    return processed(out).results


def test_the_builders_make_the_sheets_in_order_and_skip_those_with_nothing_to_show(paired, waiting):
    assert report.SHEETS == (
        report.pairings_sheet,
        report.standings_sheet,
        report.scorecards_sheet,
        report.cross_table_sheet,
        report.missing_sheet,
        report.ratings_sheet,
        report.prize_list_sheet,
    )
    assert [(r.key, r.name) for r in report.reports(paired, "zh-Hans")] == [
        ("Pairings", "对赛表"),
        ("Standings", "排名"),
        ("Scorecards", "计分卡"),
        ("CrossTable", "对赛总表"),
        ("Ratings", "评分估算"),  # the sample's players have ratings: NASPA estimates by default
    ]
    ctx = report.Context(waiting, "en")
    assert report.pairings_sheet(ctx) is None
    assert [r.key for r in report.reports(waiting, "en")] == [
        "Standings",
        "Scorecards",
        "CrossTable",
        "Missing",
        "Ratings",
    ]
    assert report.missing_sheet(ctx).blocks[0].title == "Round 6 · 14 result(s) missing"


def test_the_context_makes_each_divisions_places_once(paired):
    ctx = report.Context(paired, "zh-Hant")
    a = paired.divisions["A"]
    assert ctx.places(a) is ctx.places(a) and len(ctx.places(a)) == 12
    assert ctx.name == "2025 香港 Scrabble 公開賽" and ctx.div_title("A") == "A 組" and ctx.sheet("Standings") == "排名"


def test_the_site_pages_in_order(paired, waiting):
    plan = site.site(paired, "en")
    assert [p.slug for p in plan.pages][:4] == ["by-name", "rounds", "players", "p-a1"]
    assert plan.stage == "after round 5; round 6 paired"
    plan = site.site(waiting, "zh-Hant")
    assert [p.slug for p in plan.pages][:4] == ["by-name", "current", "rounds", "players"]
    assert plan.stage == "第 5 回合後；第 6 回合已編配"
    assert len([p for p in plan.pages if not p.listed]) == len(paired.data.players)


def _literals(path: Path) -> list[str]:
    return [
        n.value
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and not n.value.isascii()
    ]


def test_every_chinese_literal_is_traditional():
    # 公布 is how Traditional Chinese writes it too (OpenCC's s2t prefers the variant 公佈)
    found = {
        path.name: [t for t in _literals(path) if S2T.convert(t.replace("公布", "")) != t.replace("公布", "")]
        for path in sorted(PACKAGE.glob("*.py"))
    }
    assert {name: texts for name, texts in found.items() if texts} == {}


def _translator_literals(module) -> list[str]:
    """The Chinese first argument of every ``t(...)`` call in a module."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return [
        n.args[0].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and getattr(n.func, "id", "") == "t"
        and n.args
        and isinstance(n.args[0], ast.Constant)
        and isinstance(n.args[0].value, str)
        and not n.args[0].value.isascii()
    ]


def test_every_simplified_text_is_the_opencc_conversion_of_the_traditional():
    texts = _translator_literals(report) + _translator_literals(site)
    for spec in S.INPUT_SHEETS:
        texts += [spec.names["zh-Hant"], spec.note.get("zh-Hant", "")]
        texts += [t for item in spec.columns + spec.settings for t in (item.names["zh-Hant"], item.note["zh-Hant"])]
    texts += [names["zh-Hant"] for names in S.OUTPUTS.values()] + [S.GUIDE["zh-Hant"]]
    modules = (load, compute, results, tsh, tsh_config, interchange)
    codes = {
        v for module in modules for k, v in vars(module).items() if k.isupper() and isinstance(v, str) and v in _CATALOG
    }
    texts += [_CATALOG[code]["zh-Hant"] for code in codes if "zh-Hans" not in _CATALOG[code]]
    assert len(texts) > 150
    for text in texts:
        assert simplified(text) == T2S.convert(text), text
    assert "對賽表" in texts and "同分處理" in texts


def test_where_simplified_uses_another_word_it_says_so():
    assert (
        _CATALOG["tsh-config-missing"]["zh-Hans"]
        == "{folder} 没有 config.tsh（TSH 赛事文件夹应有此文件）；请改为指定 .t 文件。"
    )
    assert _CATALOG["tou-name-not-ascii"]["zh-Hans"].endswith("否则部分读取程序会错位")


@pytest.mark.parametrize(
    "choices, typed, choice",
    [
        (S.METHOD_CHOICES, "電腦隨機", "random"),
        (S.METHOD_CHOICES, "电脑随机", "random"),
        (S.METHOD_CHOICES, "隨機", "random"),
        (S.METHOD_CHOICES, "随机", "random"),
        (S.METHOD_CHOICES, "循環賽", "rr"),
        (S.METHOD_CHOICES, "循环赛", "rr"),
        (S.METHOD_CHOICES, "澳洲式瑞士制", "ad"),
        (load.ROUND1_CHOICES, "依評分", "rating"),
        (load.ROUND1_CHOICES, "依评分", "rating"),
        (load.RANK_CHOICES, "並列", "shared"),
        (load.RANK_CHOICES, "并列", "shared"),
        (load.RANK_CHOICES, "不并列", "strict"),
        (load.RR_CHOICES, "雙循環", "double"),
        (load.RR_CHOICES, "双循环", "double"),
        (load.RR_CHOICES, "1", "single"),
    ],
)
def test_choice_words_are_read_in_either_script(choices, typed, choice):
    assert choices[nz.fold_label(typed)] == choice
